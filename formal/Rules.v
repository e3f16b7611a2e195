(** * The inference rules of format version 1, as the checker tests them, and their soundness.

    Each [*_ok] function below is a transcription of one function of
    [checker/src/rules/]: it looks at the step (its fact, rule and scope) and the
    resolved premises, and answers whether the rule's premise pattern is met
    exactly. NakedSingle, HiddenSingle, EmptyCell, NoPlace and Clash accept, where
    they need an elimination, any premise that implies it ([implies_elim]: the
    elimination itself, or a placement it follows from by Exclusion). Each [*_sound]
    lemma then says: in every solution of the puzzle in which the premises hold, the
    conclusion holds; for the rules concluding ⊥, that no such solution exists.
    Assume, Negation and Lemma depend on the scope structure; their soundness is
    proved with the kernel (Kernel.v), from the rule-level lemmas at the end of this
    file. *)

From Coq Require Import Arith Lia List Bool.
Import ListNotations.
From Deduku Require Import Model.

(** ** Syntax of steps (checker/src/format.rs) *)

(** The rules of version 1. Units, digits and masks are 0-based here (format: 1-based
    units and digits; masks are the same bits). *)
Inductive rule : Set :=
| Given | Exclusion | NakedSingle | HiddenSingle (u : Unit)
| EmptyCell | NoPlace (u : Unit) | Clash | Assume | Negation | Lemma
| LockedCandidates (from to : Unit) (digit : nat)
| NakedSubset (u : Unit) (cells digits : nat)
| HiddenSubset (u : Unit) (cells digits : nat).

(** A step of a certificate: its id, fact, rule, premise ids and scope (an Assume's id). *)
Record step : Set := mkStep {
  s_id : nat; s_fact : fact; s_rule : rule; s_premises : list nat; s_scope : option nat }.

(** A premise as the kernel hands it to a rule (rules/mod.rs, [Premise]): the cited
    step's id, fact, rule and scope, and whether it is an Assume still open. *)
Record premise : Set := mkPremise {
  p_id : nat; p_fact : fact; p_rule : rule; p_scope : option nat; p_open : bool }.

(** ** Decidable equalities *)

Definition opt_eqb (a b : option nat) : bool :=
  match a, b with
  | Some x, Some y => x =? y
  | None, None => true
  | _, _ => false
  end.

Definition fact_eqb (f g : fact) : bool :=
  match f, g with
  | Place r c d, Place r' c' d' | Elim r c d, Elim r' c' d' => (r =? r') && (c =? c') && (d =? d')
  | Bottom, Bottom => true
  | _, _ => false
  end.

Lemma opt_eqb_spec a b : opt_eqb a b = true <-> a = b.
Proof.
  destruct a, b; simpl; split; intro H; try congruence.
  - apply Nat.eqb_eq in H; congruence.
  - inversion H; apply Nat.eqb_refl.
Qed.

Lemma fact_eqb_spec f g : fact_eqb f g = true <-> f = g.
Proof.
  destruct f, g; simpl; split; intro H; try congruence;
    try (inversion H; subst; rewrite !Nat.eqb_refl; reflexivity);
    repeat rewrite andb_true_iff in H; destruct H as [[H1 H2] H3];
    apply Nat.eqb_eq in H1, H2, H3; congruence.
Qed.

Definition mem_nat (k : nat) (l : list nat) : bool := existsb (Nat.eqb k) l.
Definition mem_fact (f : fact) (l : list fact) : bool := existsb (fact_eqb f) l.

Lemma mem_nat_spec k l : mem_nat k l = true <-> In k l.
Proof.
  unfold mem_nat. rewrite existsb_exists. split.
  - intros [x [Hx E]]. apply Nat.eqb_eq in E. subst. auto.
  - intro H. exists k. rewrite Nat.eqb_refl. auto.
Qed.

Lemma mem_fact_spec f l : mem_fact f l = true <-> In f l.
Proof.
  unfold mem_fact. rewrite existsb_exists. split.
  - intros [x [Hx E]]. apply fact_eqb_spec in E. subst. auto.
  - intro H. exists f. split; auto. apply fact_eqb_spec; auto.
Qed.

(** ** The shapes of facts (rules/mod.rs: [as_place], [as_elim]) *)

Definition is_bottom (f : fact) : bool := match f with Bottom => true | _ => false end.
Definition is_assume (r : rule) : bool := match r with Assume => true | _ => false end.
Definition is_box (u : Unit) : bool := match u with Box _ => true | _ => false end.

(** The opposite literal ([rules::opposite]): [c<>d] for [c=d] and back; none for ⊥. *)
Definition opposite (f : fact) : option fact :=
  match f with
  | Place r c d => Some (Elim r c d)
  | Elim r c d => Some (Place r c d)
  | Bottom => None
  end.

(** ** Fact patterns (rules/subsets.rs: [exact_facts]) *)

(** The premises are exactly the facts [want], each once, in any order. *)
Fixpoint fact_slots (want : list fact) (ps : list premise) (seen : list fact)
  : option (list fact) :=
  match ps with
  | [] => Some seen
  | p :: rest =>
      if mem_fact (p_fact p) want && negb (mem_fact (p_fact p) seen)
      then fact_slots want rest (p_fact p :: seen) else None
  end.

Definition exact_facts (want : list fact) (ps : list premise) : bool :=
  match fact_slots want ps [] with
  | Some seen => forallb (fun f => mem_fact f seen) want
  | None => false
  end.

Lemma fact_slots_sound want ps seen seen' :
  fact_slots want ps seen = Some seen' ->
  forall f, In f seen' -> In f seen \/ exists p, In p ps /\ p_fact p = f.
Proof.
  revert seen. induction ps as [|p ps IH]; simpl; intros seen H f Hf.
  - inversion H; subst; auto.
  - destruct (_ && _); [|discriminate].
    destruct (IH _ H f Hf) as [[<-|Hin]|[q [Hq Hs]]]; eauto.
Qed.

(** What the fact pattern guarantees: every wanted fact is a premise. *)
Lemma exact_facts_cover want ps :
  exact_facts want ps = true -> forall f, In f want -> exists p, In p ps /\ p_fact p = f.
Proof.
  unfold exact_facts. intros H f Hf.
  destruct (fact_slots want ps []) as [seen|] eqn:Hs; [|discriminate].
  rewrite forallb_forall in H. apply H, mem_fact_spec in Hf.
  destruct (fact_slots_sound _ _ _ _ Hs f Hf) as [[]|]; auto.
Qed.

(** ** Implied eliminations and cover sets (rules/mod.rs: [implies], [Ctx::cover_set]) *)

Section Rules.
Context (n : nat) (puz : grid).
Local Notation N := (side n).

(** A fact implies the elimination [c<>d]: it is [c<>d] itself, or [c=e] with [e<>d],
    or [c'=d] with [c'] a peer of [c] — the Exclusion relation, plus identity. *)
Definition implies_elim (f : fact) (r c d : nat) : bool :=
  match f with
  | Elim r' c' d' => (r' =? r) && (c' =? c) && (d' =? d)
  | Place r' c' e =>
      ((r' =? r) && (c' =? c) && negb (e =? d)) || ((e =? d) && are_peers n (r', c') (r, c))
  | Bottom => false
  end.

(** A cover set wants the eliminations [want k] (a cell and a digit) for the slots
    [k < bound] that [skip] leaves in (the Rust checker's [skip] mask). *)
Definition wanted (bound : nat) (skip : nat -> bool) (k : nat) : bool :=
  (k <? bound) && negb (skip k).

(** The skip of the singles: the one slot [j] of the conclusion. *)
Definition skip_at (j k : nat) : bool := k =? j.

(** The skip of EmptyCell and NoPlace: nothing. *)
Definition skip_none (k : nat) : bool := false.

(** Whether [f] implies the wanted elimination of slot [k]. *)
Definition implies_want (want : nat -> nat * nat * nat) (f : fact) (k : nat) : bool :=
  let '(r, c, d) := want k in implies_elim f r c d.

(** Whether a premise's fact covers slot [k]: an elimination its own slot, a placement
    every slot whose elimination it implies; ⊥ none. *)
Definition covers (slot : fact -> option nat) (want : nat -> nat * nat * nat) (f : fact)
           (k : nat) : bool :=
  match f with
  | Place _ _ _ => implies_want want f k
  | Elim _ _ _ => opt_eqb (slot f) (Some k)
  | Bottom => false
  end.

(** Whether a placement lies in the cell [own] (the conclusion's, for the singles). *)
Definition in_own (own : option (nat * nat)) (r c : nat) : bool :=
  match own with Some (r0, c0) => (r0 =? r) && (c0 =? c) | None => false end.

(** Reads the premises left to right: an elimination must fill a wanted slot not filled
    before by an elimination; a placement must lie outside [own] and imply a wanted
    elimination (placements may overlap each other and the eliminations); ⊥ is refused. *)
Fixpoint cover_slots (bound : nat) (skip : nat -> bool) (own : option (nat * nat))
         (slot : fact -> option nat) (want : nat -> nat * nat * nat)
         (ps : list premise) (seen : list nat) : bool :=
  match ps with
  | [] => true
  | p :: rest =>
      match p_fact p with
      | Place r c _ =>
          negb (in_own own r c)
          && existsb (fun k => wanted bound skip k && implies_want want (p_fact p) k)
                     (seq 0 bound)
          && cover_slots bound skip own slot want rest seen
      | Elim _ _ _ =>
          match slot (p_fact p) with
          | Some k =>
              wanted bound skip k && negb (mem_nat k seen)
              && cover_slots bound skip own slot want rest (k :: seen)
          | None => false
          end
      | Bottom => false
      end
  end.

(** The premises fit ([cover_slots]) and every wanted slot is covered by some premise. *)
Definition cover_set (bound : nat) (skip : nat -> bool) (own : option (nat * nat))
           (slot : fact -> option nat) (want : nat -> nat * nat * nat)
           (ps : list premise) : bool :=
  cover_slots bound skip own slot want ps []
  && forallb (fun k => negb (wanted bound skip k)
                       || existsb (fun p => covers slot want (p_fact p) k) ps)
             (seq 0 bound).

(** What the cover pattern guarantees: every wanted slot is covered by some premise. *)
Lemma cover_set_cover bound skip own slot want ps :
  cover_set bound skip own slot want ps = true ->
  forall k, k < bound -> skip k = false ->
  exists p, In p ps /\ covers slot want (p_fact p) k = true.
Proof.
  unfold cover_set. intros H k Hk Hskip. apply andb_true_iff in H as [_ H].
  rewrite forallb_forall in H. specialize (H k (proj2 (in_seq _ _ _) (conj (Nat.le_0_l _) Hk))).
  apply orb_true_iff in H as [H|H].
  - exfalso. unfold wanted in H. apply negb_true_iff, andb_false_iff in H as [H|H].
    + apply Nat.ltb_ge in H. lia.
    + apply negb_false_iff in H. congruence.
  - apply existsb_exists in H. exact H.
Qed.

(** ** The rules (checker/src/rules/basic.rs, singles.rs, falsum.rs, negation.rs, lemma.rs,
    subsets.rs) *)

(** Given: no premises, root scope ⟹ [c=d] where the puzzle has [d] at [c]. *)
Definition given_ok (st : step) (ps : list premise) : bool :=
  (length ps =? 0) &&
  match s_scope st with None => true | Some _ => false end &&
  match s_fact st with
  | Place r c d => opt_eqb (puz r c) (Some d)
  | _ => false
  end.

(** Exclusion: [c=d] ⟹ [c'<>d] for a peer [c'] of [c], or [c<>d'] for [d'<>d]. *)
Definition exclusion_ok (st : step) (ps : list premise) : bool :=
  match ps, s_fact st with
  | [p], Elim r' c' d' =>
      match p_fact p with
      | Place r c d =>
          ((r' =? r) && (c' =? c) && negb (d' =? d)) || ((d' =? d) && are_peers n (r, c) (r', c'))
      | _ => false
      end
  | _, _ => false
  end.

(** Assume: no premises ⟹ a literal [c=d] or [c<>d], holding only inside the subproof
    the step opens. *)
Definition assume_ok (st : step) (ps : list premise) : bool :=
  (length ps =? 0) && match opposite (s_fact st) with Some _ => true | None => false end.

(** The slot of an elimination in cell [(r, c)]: its digit. *)
Definition digit_slot (r c : nat) (f : fact) : option nat :=
  match f with
  | Elim r' c' e => if (r' =? r) && (c' =? c) then Some e else None
  | _ => None
  end.

(** The slot of an elimination of digit [d] in unit [u]: its cell's position. *)
Definition cell_slot (u : Unit) (d : nat) (f : fact) : option nat :=
  match f with
  | Elim r c e => if e =? d then position_in n u r c else None
  | _ => None
  end.

(** NakedSingle: [c<>d'] for all [N-1] digits [d'<>d] ⟹ [c=d]; a premise may be a
    placement outside [c] implying some of them ([c'=d'] with [c'] a peer of [c]). *)
Definition naked_single_ok (st : step) (ps : list premise) : bool :=
  match s_fact st with
  | Place r c d => cover_set N (skip_at d) (Some (r, c)) (digit_slot r c) (fun k => (r, c, k)) ps
  | _ => false
  end.

(** HiddenSingle(u): [c'<>d] for all [N-1] cells [c'<>c] of [u] ⟹ [c=d], [c] in [u]; a
    premise may be a placement outside [c] implying some of them ([c'=d'] with [d'<>d],
    or [c''=d] with [c''] a peer of cells of [u]). *)
Definition hidden_single_ok (u : Unit) (st : step) (ps : list premise) : bool :=
  unit_ok n u &&
  match s_fact st with
  | Place r c d =>
      match position_in n u r c with
      | Some here =>
          cover_set N (skip_at here) (Some (r, c)) (cell_slot u d)
                    (fun k => (fst (cell_at n u k), snd (cell_at n u k), d)) ps
      | None => false
      end
  | _ => false
  end.

(** EmptyCell: [c<>d] for all [N] digits [d] of one cell [c] ⟹ ⊥; the first premise an
    elimination in [c], the others eliminations or placements implying some of them. *)
Definition empty_cell_ok (st : step) (ps : list premise) : bool :=
  is_bottom (s_fact st) &&
  match ps with
  | p :: _ =>
      match p_fact p with
      | Elim r c _ => cover_set N skip_none None (digit_slot r c) (fun k => (r, c, k)) ps
      | _ => false
      end
  | [] => false
  end.

(** NoPlace(u): [c<>d] for all [N] cells [c] of [u], one digit [d] ⟹ ⊥; the first
    premise an elimination of [d] in [u], the others eliminations or placements implying
    some of them. *)
Definition no_place_ok (u : Unit) (st : step) (ps : list premise) : bool :=
  unit_ok n u && is_bottom (s_fact st) &&
  match ps with
  | p :: _ =>
      match p_fact p with
      | Elim r c d =>
          match position_in n u r c with
          | Some _ =>
              cover_set N skip_none None (cell_slot u d)
                        (fun k => (fst (cell_at n u k), snd (cell_at n u k), d)) ps
          | None => false
          end
      | _ => false
      end
  | [] => false
  end.

(** Whether [a] is a placement [c=d] and [b] implies [c<>d]. *)
Definition refutes (a b : fact) : bool :=
  match a with Place r c d => implies_elim b r c d | _ => false end.

(** Clash: [c=d] and a fact implying [c<>d] ([c<>d] itself, [c=d'] with [d'<>d], or
    [c'=d] in a peer [c'] of [c]), in either order ⟹ ⊥. *)
Definition clash_ok (st : step) (ps : list premise) : bool :=
  is_bottom (s_fact st) &&
  match ps with
  | [a; b] => refutes (p_fact a) (p_fact b) || refutes (p_fact b) (p_fact a)
  | _ => false
  end.

(** Negation: [a; b] with [a] an Assume of a literal [l] in this step's scope whose
    subproof is closed, and [b] a ⊥ whose scope is exactly [a] ⟹ the opposite of [l]
    ([c<>d] from [c=d], [c=d] from [c<>d]). *)
Definition negation_ok (st : step) (ps : list premise) : bool :=
  match ps with
  | [a; b] =>
      match opposite (p_fact a) with
      | Some o =>
          is_assume (p_rule a) && opt_eqb (p_scope a) (s_scope st) && negb (p_open a)
          && is_bottom (p_fact b) && opt_eqb (p_scope b) (Some (p_id a))
          && fact_eqb (s_fact st) o
      | None => false
      end
  | _ => false
  end.

(** Whether [f] is a placement implying the hypothesis [h], an elimination. *)
Definition implies_hyp (f h : fact) : bool :=
  match f, h with
  | Place _ _ _, Elim r c d => implies_elim f r c d
  | _, _ => false
  end.

(** Whether a fact is an elimination ([as_elim] is [Some]). *)
Definition is_elim (f : fact) : bool := match f with Elim _ _ _ => true | _ => false end.

(** Reads a Lemma's cited premises left to right: a premise equal to a hypothesis states it,
    and no elimination hypothesis is stated twice ([seen]: the stated ones; a placement
    hypothesis may be cited again, for the eliminations it implies); any other premise must
    be a placement implying at least one hypothesis, an elimination (what placements imply
    is never counted as a duplicate); anything else is refused. *)
Fixpoint lemma_slots (chain : list fact) (ps : list premise) (seen : list fact)
  : option (list fact) :=
  match ps with
  | [] => Some seen
  | p :: rest =>
      if mem_fact (p_fact p) chain then
        if is_elim (p_fact p) && mem_fact (p_fact p) seen then None
        else lemma_slots chain rest (p_fact p :: seen)
      else if existsb (implies_hyp (p_fact p)) chain then lemma_slots chain rest seen
      else None
  end.

(** A hypothesis is covered when a premise states it ([seen]) or a placement premise
    implies it (a placement that is itself a hypothesis both states and implies) — except
    [target], the opposite of the step's conclusion, which only a statement covers: a step
    [l] from a lemma whose other hypotheses hold is sound whether [~l] holds too or not. *)
Definition lemma_covered (target : fact) (cited : list premise) (seen : list fact) (h : fact)
  : bool :=
  mem_fact h seen || negb (fact_eqb h target) && existsb (fun p => implies_hyp (p_fact p) h) cited.

(** The hypothesis a step concluding [f] resolves against: its opposite ([Bottom], which is
    no hypothesis, for ⊥). *)
Definition lemma_target (f : fact) : fact :=
  match opposite f with Some o => o | None => Bottom end.

(** Lemma ([rules/lemma.rs]): [b :: cited] with [b] a ⊥ and [chain] the hypotheses
    [a1 … am] of the closed subproofs around it, as the kernel resolves them ([Kernel.walk],
    no more than the step's premises), [m >= 1]. Each cited premise states one of the
    [a_i] (no elimination stated twice) or is a placement implying some [a_i] that are
    eliminations ([lemma_slots]); it covers what it states and, a placement, what it
    implies but the opposite of the conclusion ([lemma_covered]). If every [a_i] is
    covered ⟹ ⊥; if the uncovered ones are all one literal [l] ⟹ the opposite of [l];
    otherwise rejected. (Rust sorts and deduplicates the hypotheses and counts the distinct
    uncovered ones; "all equal to the first" is the same test.) *)
Definition lemma_ok (chain : list fact) (st : step) (ps : list premise) : bool :=
  match ps with
  | [] => false
  | b :: cited =>
      is_bottom (p_fact b) && negb (length chain =? 0) &&
      match lemma_slots chain cited [] with
      | None => false
      | Some seen =>
          match filter (fun f => negb (lemma_covered (lemma_target (s_fact st)) cited seen f))
                  chain with
          | [] => is_bottom (s_fact st)
          | l :: rest =>
              forallb (fact_eqb l) rest
              && fact_eqb (s_fact st) (match opposite l with Some o => o | None => Bottom end)
          end
      end
  end.

(** Whether a cell lies in a unit, as subsets.rs tests it ([position_in] is [Some]). *)
Definition inside (u : Unit) (rc : nat * nat) : bool :=
  match position_in n u (fst rc) (snd rc) with Some _ => true | None => false end.

(** LockedCandidates(from, to, digit): [c<>digit] for all [c] in [from \ to] ⟹
    [c'<>digit] for [c'] in [to \ from]; one unit a box, the other a line, meeting. The
    premises are a cover set of the cells of [from] outside [to] ([cover_set], skipping the
    positions inside [to]): an elimination premise states one, a placement premise stands for
    those it implies. *)
Definition locked_ok (from to : Unit) (digit : nat) (st : step) (ps : list premise) : bool :=
  unit_ok n from && unit_ok n to && negb (Bool.eqb (is_box from) (is_box to))
  && (digit <? N)
  && existsb (fun k => inside to (cell_at n from k)) (seq 0 N)
  && match s_fact st with
     | Elim r c d =>
         (d =? digit) && inside to (r, c) && negb (inside from (r, c))
         && cover_set N (fun k => inside to (cell_at n from k)) None (cell_slot from digit)
                      (fun k => (fst (cell_at n from k), snd (cell_at n from k), digit)) ps
     | _ => false
     end.

(** Bit [k] of a mask (cells of a unit by position, or digits). *)
Definition has (mask k : nat) : bool := Nat.testbit mask k.

(** The number of bits of a mask below [N]. *)
Definition popcount (mask : nat) : nat := length (filter (has mask) (seq 0 N)).

(** No bit at or above [N] ([mask & !full == 0]). *)
Definition mask_ok (mask : nat) : bool := Nat.shiftr mask N =? 0.

(** The shape of a subset: masks within [N] bits, [|cells| = |digits| = k], [1 <= k < N]. *)
Definition subset_shape (u : Unit) (cells digits : nat) : bool :=
  unit_ok n u && mask_ok cells && mask_ok digits
  && (popcount cells =? popcount digits) && (0 <? popcount cells) && (popcount cells <? N).

(** The eliminations [c<>d] for positions [k] with [pc k] and digits [b] with [pd b]. *)
Definition pattern (u : Unit) (pc pd : nat -> bool) : list fact :=
  flat_map (fun k => if pc k
                     then map (fun b => Elim (fst (cell_at n u k)) (snd (cell_at n u k)) b)
                              (filter pd (seq 0 N))
                     else [])
           (seq 0 N).

(** NakedSubset(u, C, D): the cells [C] of [u] lack every digit outside [D] ⟹ [c<>d]
    for a cell [c] of [u] outside [C] and [d] in [D]. *)
Definition naked_ok (u : Unit) (cells digits : nat) (st : step) (ps : list premise) : bool :=
  subset_shape u cells digits &&
  match s_fact st with
  | Elim r c d =>
      match position_in n u r c with
      | Some at_ =>
          negb (has cells at_) && has digits d
          && exact_facts (pattern u (has cells) (fun b => negb (has digits b))) ps
      | None => false
      end
  | _ => false
  end.

(** HiddenSubset(u, C, D): the digits [D] are gone from [u \ C] ⟹ [c<>d'] for [c] in
    [C] and [d'] not in [D]. *)
Definition hidden_ok (u : Unit) (cells digits : nat) (st : step) (ps : list premise) : bool :=
  subset_shape u cells digits &&
  match s_fact st with
  | Elim r c d =>
      match position_in n u r c with
      | Some at_ =>
          has cells at_ && negb (has digits d)
          && exact_facts (pattern u (fun k => negb (has cells k)) (has digits)) ps
      | None => false
      end
  | _ => false
  end.

(** The one exhaustive dispatch (rules/mod.rs: [check_rule]). [chain] is [Ctx::chain]:
    for a Lemma, the hypotheses of the closed subproofs around its ⊥ (empty otherwise). *)
Definition check_rule (chain : list fact) (st : step) (ps : list premise) : bool :=
  match s_rule st with
  | Given => given_ok st ps
  | Exclusion => exclusion_ok st ps
  | NakedSingle => naked_single_ok st ps
  | HiddenSingle u => hidden_single_ok u st ps
  | EmptyCell => empty_cell_ok st ps
  | NoPlace u => no_place_ok u st ps
  | Clash => clash_ok st ps
  | Assume => assume_ok st ps
  | Negation => negation_ok st ps
  | Lemma => lemma_ok chain st ps
  | LockedCandidates from to digit => locked_ok from to digit st ps
  | NakedSubset u cells digits => naked_ok u cells digits st ps
  | HiddenSubset u cells digits => hidden_ok u cells digits st ps
  end.

(** ** Soundness of each rule *)

(** The premises are facts of the grid and hold in [s]. *)
Definition premises_hold (s : assignment) (ps : list premise) : Prop :=
  forall p, In p ps -> fact_ok n (p_fact p) = true /\ holds s (p_fact p).

Ltac bools :=
  repeat match goal with
  | H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?]
  | H : (_ || _) = true |- _ => apply orb_true_iff in H as [?|?]
  | H : negb _ = true |- _ => apply negb_true_iff in H
  | H : (_ =? _) = true |- _ => apply Nat.eqb_eq in H
  | H : (_ =? _) = false |- _ => apply Nat.eqb_neq in H
  | H : (_ <? _) = true |- _ => apply Nat.ltb_lt in H
  end.

Lemma given_sound s st ps :
  agrees n puz s -> fact_ok n (s_fact st) = true -> given_ok st ps = true -> holds s (s_fact st).
Proof.
  unfold given_ok. intros Hag Hok H. bools.
  destruct (s_fact st) as [r c d|r c d|]; try discriminate. simpl in *. bools.
  apply opt_eqb_spec in H0. apply Hag; auto.
Qed.

(** Peers are distinct cells sharing a unit. *)
Lemma are_peers_share r c r' c' :
  are_peers n (r, c) (r', c') = true ->
  (r, c) <> (r', c') /\ exists u, in_unit n u r c = true /\ in_unit n u r' c' = true.
Proof.
  unfold are_peers. intro H. apply andb_true_iff in H as [Hne Hsh]. split.
  - intro E. inversion E; subst. rewrite !Nat.eqb_refl in Hne. discriminate.
  - apply orb_true_iff in Hsh as [Hsh|Hsh]; [apply orb_true_iff in Hsh as [Hsh|Hsh]|].
    + exists (Row r). simpl. apply Nat.eqb_eq in Hsh. subst.
      rewrite Nat.eqb_refl. split; reflexivity.
    + exists (Col c). simpl. apply Nat.eqb_eq in Hsh. subst.
      rewrite Nat.eqb_refl. split; reflexivity.
    + exists (Box (box_of n r c)). simpl. rewrite Nat.eqb_refl. split; auto.
      apply Nat.eqb_eq in Hsh. rewrite Hsh. apply Nat.eqb_refl.
Qed.

Lemma exclusion_sound s st ps :
  is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  exclusion_ok st ps = true -> holds s (s_fact st).
Proof.
  unfold exclusion_ok. intros [Hv Hrep] Hok Hps H.
  destruct ps as [|p [|]]; try discriminate.
  destruct (s_fact st) as [|r' c' d'|]; try discriminate.
  destruct (p_fact p) as [r c d| |] eqn:Hp; try discriminate.
  destruct (Hps p (or_introl eq_refl)) as [Hpok Hph]. rewrite Hp in Hpok, Hph.
  simpl in Hok, Hpok, Hph |- *. intro E.
  apply orb_true_iff in H as [H|H].
  - apply andb_true_iff in H as [H Hd]. apply andb_true_iff in H as [Hr Hc].
    apply Nat.eqb_eq in Hr, Hc. apply negb_true_iff, Nat.eqb_neq in Hd. subst. auto.
  - apply andb_true_iff in H as [Hd Hpeer]. apply Nat.eqb_eq in Hd. subst d'.
    destruct (are_peers_share r c r' c' Hpeer) as [Hne [u [Hu1 Hu2]]].
    bools. apply (Hrep u r c r' c'); auto; congruence.
Qed.

(** In a solution, a fact that holds implies only eliminations that hold: the elimination
    itself, or Exclusion's argument for a placement. *)
Lemma implies_elim_sound s f r c d :
  is_solution n s -> fact_ok n f = true -> r < N -> c < N -> holds s f ->
  implies_elim f r c d = true -> holds s (Elim r c d).
Proof.
  intros [Hv Hrep] Hok Hr Hc Hf H. simpl. intro E.
  destruct f as [r' c' e|r' c' e|]; simpl in Hok, Hf, H; try discriminate.
  - apply andb_true_iff in Hok as [Hok Hd]. apply andb_true_iff in Hok as [Hr' Hc'].
    apply Nat.ltb_lt in Hr', Hc'.
    apply orb_true_iff in H as [H|H]; apply andb_true_iff in H as [H1 H2].
    + apply negb_true_iff, Nat.eqb_neq in H2. apply andb_true_iff in H1 as [H1 H1'].
      apply Nat.eqb_eq in H1, H1'. subst. congruence.
    + apply Nat.eqb_eq in H1. subst e.
      destruct (are_peers_share r' c' r c H2) as [Hne [u [Hu1 Hu2]]].
      apply (Hrep u r' c' r c); auto; congruence.
  - bools. subst. auto.
Qed.

(** A wanted elimination is true when a premise covering its slot holds. *)
Lemma covers_holds s slot want f k r c d :
  is_solution n s -> fact_ok n f = true -> holds s f -> want k = (r, c, d) -> r < N -> c < N ->
  (slot f = Some k -> f = Elim r c d) -> covers slot want f k = true -> s r c <> d.
Proof.
  intros Hs Hok Hf Hw Hr Hc Hslot H.
  destruct f as [r' c' e|r' c' e|]; simpl in H; try discriminate.
  - unfold implies_want in H. rewrite Hw in H.
    exact (implies_elim_sound s _ r c d Hs Hok Hr Hc Hf H).
  - apply opt_eqb_spec in H. rewrite (Hslot H) in Hf. exact Hf.
Qed.

(** What an accepted cover set gives in a solution where the premises hold: every wanted
    elimination holds (given that an elimination filling slot [k] is [want k]). *)
Lemma cover_set_holds s bound skip own slot want ps k r c d :
  is_solution n s -> premises_hold s ps -> cover_set bound skip own slot want ps = true ->
  k < bound -> skip k = false -> want k = (r, c, d) -> r < N -> c < N ->
  (forall f, fact_ok n f = true -> slot f = Some k -> f = Elim r c d) ->
  s r c <> d.
Proof.
  intros Hs Hps H Hk Hskip Hw Hr Hc Hslot.
  destruct (cover_set_cover _ _ _ _ _ _ H k Hk Hskip) as [p [Hin Hcov]].
  destruct (Hps p Hin) as [Hok Hh].
  exact (covers_holds s slot want (p_fact p) k r c d Hs Hok Hh Hw Hr Hc (Hslot _ Hok) Hcov).
Qed.

(** An elimination filling slot [k] of [digit_slot r c] is [c<>k]. *)
Lemma digit_slot_spec r c f k : digit_slot r c f = Some k -> f = Elim r c k.
Proof.
  unfold digit_slot. destruct f as [|r' c' e|]; try discriminate.
  destruct ((r' =? r) && (c' =? c)) eqn:E; try discriminate. bools.
  intro Hk. inversion Hk; subst; auto.
Qed.

Lemma naked_single_sound s st ps :
  is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  naked_single_ok st ps = true -> holds s (s_fact st).
Proof.
  unfold naked_single_ok. intros Hs Hok Hps H.
  destruct (s_fact st) as [r c d| |]; try discriminate. simpl in *. bools.
  destruct (Nat.eq_dec (s r c) d) as [|Hne]; auto. exfalso.
  apply (cover_set_holds s _ _ _ _ _ _ (s r c) r c (s r c) Hs Hps H); auto.
  - apply Hs; auto.
  - apply Nat.eqb_neq. exact Hne.
  - intros f _. apply digit_slot_spec.
Qed.

(** A premise filling slot [k] of [cell_slot u d] is the elimination of [d] at the [k]-th cell. *)
Lemma cell_slot_spec u d f k :
  0 < n -> fact_ok n f = true -> cell_slot u d f = Some k ->
  f = Elim (fst (cell_at n u k)) (snd (cell_at n u k)) d /\ k < N.
Proof.
  intros Hn Hok H. unfold cell_slot in H.
  destruct f as [|r c e|]; try discriminate. simpl in Hok. bools.
  destruct (e =? d) eqn:E; try discriminate. bools. subst.
  destruct (position_in_spec n u r c k) as (Hk & Hat & _); auto.
  rewrite Hat. auto.
Qed.

(** In a solution where the premises of a cover set over the cells of [u] for the digit [d]
    hold, the [k]-th cell of [u] does not hold [d], for every wanted [k]. *)
Lemma cell_cover_holds s u d bound skip own ps k :
  0 < n -> is_solution n s -> premises_hold s ps -> unit_ok n u = true ->
  cover_set bound skip own (cell_slot u d)
            (fun k => (fst (cell_at n u k), snd (cell_at n u k), d)) ps = true ->
  k < bound -> bound <= N -> skip k = false -> val s (cell_at n u k) <> d.
Proof.
  intros Hn Hs Hps Hu H Hk Hb Hskip. unfold val.
  destruct (cell_at n u k) as [rk ck] eqn:Ek.
  destruct (cell_at_ok n u k rk ck) as (Hr & Hc & _); try lia; auto.
  apply (cover_set_holds s _ _ _ _ _ _ k rk ck d Hs Hps H); auto.
  - simpl. rewrite Ek. auto.
  - intros f Hf Hsl. destruct (cell_slot_spec u d f k) as [E _]; auto.
    rewrite Ek in E. exact E.
Qed.

Lemma hidden_single_sound s u st ps :
  0 < n -> is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  hidden_single_ok u st ps = true -> holds s (s_fact st).
Proof.
  unfold hidden_single_ok. intros Hn Hs Hok Hps H. bools.
  destruct (s_fact st) as [r c d| |]; try discriminate. simpl in Hok |- *. bools.
  destruct (position_in n u r c) as [here|] eqn:Hhere; try discriminate.
  destruct (position_in_spec n u r c here) as (Hh & Hat & _); auto.
  destruct (digit_somewhere n s u d) as [k [Hk Hval]]; auto.
  destruct (Nat.eq_dec k here) as [->|Hne].
  - unfold val in Hval. rewrite Hat in Hval. auto.
  - exfalso. apply (cell_cover_holds s u d _ _ _ ps k Hn Hs Hps H H0); auto.
    apply Nat.eqb_neq. exact Hne.
Qed.

Lemma empty_cell_sound s st ps :
  is_solution n s -> premises_hold s ps -> empty_cell_ok st ps = true -> False.
Proof.
  unfold empty_cell_ok. intros Hs Hps H. bools.
  destruct ps as [|p0 rest]; try discriminate.
  destruct (Hps p0 (or_introl eq_refl)) as [Hok0 _].
  destruct (p_fact p0) as [|r c e|] eqn:Hp0; try discriminate. simpl in Hok0. bools.
  apply (cover_set_holds s _ _ _ _ _ _ (s r c) r c (s r c) Hs Hps H0); auto; try discriminate.
  - apply Hs; auto.
  - intros f _. apply digit_slot_spec.
Qed.

Lemma no_place_sound s u st ps :
  0 < n -> is_solution n s -> premises_hold s ps -> no_place_ok u st ps = true -> False.
Proof.
  unfold no_place_ok. intros Hn Hs Hps H. bools.
  destruct ps as [|p0 rest]; try discriminate.
  destruct (Hps p0 (or_introl eq_refl)) as [Hok0 _].
  destruct (p_fact p0) as [|r c d|] eqn:Hp0; try discriminate. simpl in Hok0. bools.
  destruct (position_in n u r c) eqn:Hpos; try discriminate.
  destruct (digit_somewhere n s u d) as [k [Hk Hval]]; auto.
  apply (cell_cover_holds s u d _ _ _ _ k Hn Hs Hps H H0); auto.
Qed.

Lemma clash_sound s st ps :
  is_solution n s -> premises_hold s ps -> clash_ok st ps = true -> False.
Proof.
  unfold clash_ok. intros Hs Hps H. apply andb_true_iff in H as [_ H].
  destruct ps as [|a [|b [|]]]; try discriminate.
  (* [refutes x y] with both holding is impossible *)
  assert (Href : forall x y, In x [a; b] -> In y [a; b] -> refutes (p_fact x) (p_fact y) = true
                             -> False).
  { intros x y Hx Hy Hr. destruct (Hps x Hx) as [Hokx Hx']. destruct (Hps y Hy) as [Hoky Hy'].
    unfold refutes in Hr. destruct (p_fact x) as [r c d| |]; try discriminate.
    simpl in Hokx, Hx'. apply andb_true_iff in Hokx as [Hokx _].
    apply andb_true_iff in Hokx as [Hrx Hcx]. apply Nat.ltb_lt in Hrx, Hcx.
    apply (implies_elim_sound s _ r c d Hs Hoky Hrx Hcx Hy' Hr Hx'). }
  apply orb_true_iff in H as [H|H]; eapply Href; eauto; simpl; auto.
Qed.

Lemma inside_in_unit u r c : inside u (r, c) = in_unit n u r c.
Proof.
  unfold inside. destruct u; simpl;
    [destruct (r =? i)|destruct (c =? i)|destruct (box_of n r c =? i)]; auto.
Qed.

Lemma locked_sound s from to digit st ps :
  0 < n -> is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  locked_ok from to digit st ps = true -> holds s (s_fact st).
Proof.
  unfold locked_ok. intros Hn Hs Hok Hps H. bools.
  destruct (s_fact st) as [|r c d|]; try discriminate. simpl in Hok |- *. bools. subst d.
  destruct (digit_somewhere n s from digit) as [k [Hk Hval]]; auto.
  destruct (cell_at n from k) as [r0 c0] eqn:Hat.
  destruct (cell_at_ok n from k r0 c0) as (Hr0 & Hc0 & Hin0); auto.
  unfold val in Hval; simpl in Hval.
  destruct (inside to (r0, c0)) eqn:Hto.
  - rewrite inside_in_unit in Hto, H7, H6. intro E. destruct Hs as [Hv Hrep].
    apply (Hrep to r c r0 c0); auto; try congruence.
  - (* [k] is a wanted slot: the cover set says the digit is not there. *)
    exfalso. refine (cell_cover_holds s from digit N _ None ps k Hn Hs Hps H H5 Hk _ _ _).
    + lia.
    + cbn beta. rewrite Hat. exact Hto.
    + unfold val. rewrite Hat. exact Hval.
Qed.

(** The positions of a mask, and their count. *)
Definition members (mask : nat) : list nat := filter (has mask) (seq 0 N).

Lemma members_spec mask k : In k (members mask) <-> k < N /\ has mask k = true.
Proof. unfold members. rewrite filter_In, in_seq. split; intros [? ?]; split; auto; lia. Qed.

Lemma members_NoDup mask : NoDup (members mask).
Proof. apply NoDup_filter, seq_NoDup. Qed.

(** A wanted fact of [pattern]. *)
Lemma pattern_in u (pc pd : nat -> bool) k b :
  k < N -> b < N -> pc k = true -> pd b = true ->
  In (Elim (fst (cell_at n u k)) (snd (cell_at n u k)) b) (pattern u pc pd).
Proof.
  intros. unfold pattern. apply in_flat_map. exists k. split.
  - apply in_seq; lia.
  - rewrite H1. apply in_map. apply filter_In. split; auto. apply in_seq; lia.
Qed.

(** What the two subset checks share: the step eliminates a digit [d] at position [at_] of
    [u], the rest of the check holds there, and the masks count as many cells as digits. *)
Lemma subset_step u cells digits st (rest : nat -> nat -> bool) :
  0 < n -> fact_ok n (s_fact st) = true ->
  subset_shape u cells digits
  && match s_fact st with
     | Elim r c d => match position_in n u r c with Some at_ => rest at_ d | None => false end
     | _ => false
     end = true ->
  exists r c d at_, s_fact st = Elim r c d /\ d < N /\ at_ < N /\ cell_at n u at_ = (r, c)
    /\ rest at_ d = true /\ unit_ok n u = true /\ popcount cells = popcount digits.
Proof.
  unfold subset_shape. intros Hn Hok H. bools.
  destruct (s_fact st) as [|r c d|]; try discriminate. simpl in Hok. bools.
  destruct (position_in n u r c) as [at_|] eqn:Hpos; try discriminate.
  destruct (position_in_spec n u r c at_) as (Hat & Hcell & _); auto.
  exists r, c, d, at_. auto 10.
Qed.

Lemma naked_sound s u cells digits st ps :
  0 < n -> is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  naked_ok u cells digits st ps = true -> holds s (s_fact st).
Proof.
  intros Hn Hs Hok Hps H.
  destruct (subset_step u cells digits st (fun at_ d => negb (has cells at_) && has digits d
             && exact_facts (pattern u (has cells) (fun b => negb (has digits b))) ps) Hn Hok H)
    as (r & c & d & at_ & Hfact & Hdlt & Hat & Hcell & Hrest & Hu & Hcount).
  rewrite Hfact. simpl. clear H.
  apply andb_true_iff in Hrest as [Hrest Hex]. apply andb_true_iff in Hrest as [Hout HinD'].
  apply negb_true_iff in Hout.
  set (f := fun k => val s (cell_at n u k)).
  (* every cell of C holds a digit of D *)
  assert (HinD : forall k, In k (members cells) -> In (f k) (members digits)).
  { intros k Hk. apply members_spec in Hk as [Hk Hc]. apply members_spec.
    destruct (cell_at n u k) as [rk ck] eqn:Ek.
    destruct (cell_at_ok n u k rk ck) as (? & ? & _); auto.
    assert (Hfk : f k < N) by (unfold f, val; rewrite Ek; apply Hs; auto).
    split; auto. destruct (has digits (f k)) eqn:Hd; auto. exfalso.
    destruct (exact_facts_cover _ _ Hex (Elim rk ck (f k))) as [p [Hin Hf]].
    { pose proof (pattern_in u (has cells) (fun b => negb (has digits b)) k (f k)) as P.
      rewrite Ek in P. apply P; auto. cbv beta. rewrite Hd; auto. }
    destruct (Hps p Hin) as [_ Hh]. rewrite Hf in Hh. apply Hh.
    unfold f, val. rewrite Ek. auto. }
  destruct (pigeonhole f (members cells) (members digits)) with (y := d)
    as [k [Hk Hfk]].
  - apply members_NoDup.
  - intros x y Hx Hy. apply members_spec in Hx, Hy.
    apply solution_unit_inj; auto; tauto.
  - exact HinD.
  - unfold members. fold (popcount digits) (popcount cells). lia.
  - apply members_spec. auto.
  - intro E. apply members_spec in Hk as [Hk Hc].
    assert (k = at_).
    { apply (solution_unit_inj n s u); auto. fold (f k). rewrite Hfk.
      unfold val. rewrite Hcell. simpl. auto. }
    subst. congruence.
Qed.

Lemma hidden_sound s u cells digits st ps :
  0 < n -> is_solution n s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  hidden_ok u cells digits st ps = true -> holds s (s_fact st).
Proof.
  intros Hn Hs Hok Hps H.
  destruct (subset_step u cells digits st (fun at_ d => has cells at_ && negb (has digits d)
             && exact_facts (pattern u (fun k => negb (has cells k)) (has digits)) ps) Hn Hok H)
    as (r & c & d & at_ & Hfact & Hdlt & Hat & Hcell & Hrest & Hu & Hcount).
  rewrite Hfact. simpl. clear H.
  apply andb_true_iff in Hrest as [Hrest Hex]. apply andb_true_iff in Hrest as [Hin' Hout].
  apply negb_true_iff in Hout.
  set (f := fun k => val s (cell_at n u k)).
  (* every digit of D sits in a cell of C *)
  assert (HinC : incl (members digits) (map f (members cells))).
  { intros e He. apply members_spec in He as [He Hde].
    destruct (digit_somewhere n s u e) as [k [Hk Hval]]; auto.
    apply in_map_iff. exists k. split; auto. apply members_spec. split; auto.
    destruct (has cells k) eqn:Hc; auto. exfalso.
    destruct (cell_at n u k) as [rk ck] eqn:Ek.
    destruct (exact_facts_cover _ _ Hex (Elim rk ck e)) as [p [Hin Hf]].
    { pose proof (pattern_in u (fun k => negb (has cells k)) (has digits) k e) as P.
      rewrite Ek in P. apply P; auto. cbv beta. rewrite Hc; auto. }
    destruct (Hps p Hin) as [_ Hh]. rewrite Hf in Hh. apply Hh.
    unfold val in Hval. auto. }
  intro E. assert (E2 : f at_ = d) by (unfold f, val; rewrite Hcell; exact E). clear E. rename E2 into E.
  assert (Hnd : NoDup (f at_ :: members digits)).
  { constructor; [|apply members_NoDup].
    intro Hin. apply members_spec in Hin as [_ Hin]. congruence. }
  apply (NoDup_incl_length (l' := map f (members cells))) in Hnd.
  - simpl in Hnd. rewrite map_length in Hnd. unfold members in Hnd.
    fold (popcount digits) (popcount cells) in Hnd. lia.
  - intros x [<-|Hx]; auto. apply in_map. apply members_spec. auto.
Qed.

(** Soundness of every rule that concludes from its premises alone (all but Assume,
    Negation and Lemma, whose meaning depends on the subproof structure: see Kernel.v). *)
Theorem check_rule_sound s chain st ps :
  0 < n -> solves n puz s -> fact_ok n (s_fact st) = true -> premises_hold s ps ->
  s_rule st <> Assume -> s_rule st <> Negation -> s_rule st <> Lemma ->
  check_rule chain st ps = true -> holds s (s_fact st).
Proof.
  intros Hn [Hs Hag] Hok Hps HA HN HL. unfold check_rule.
  destruct (s_rule st); try congruence; intro H.
  - eapply given_sound; eauto.
  - eapply exclusion_sound; eauto.
  - eapply naked_single_sound; eauto.
  - eapply hidden_single_sound; eauto.
  - exfalso. eapply empty_cell_sound; eauto.
  - exfalso. eapply no_place_sound; eauto.
  - exfalso. eapply clash_sound; eauto.
  - eapply locked_sound; eauto.
  - eapply naked_sound; eauto.
  - eapply hidden_sound; eauto.
Qed.

(** A literal that does not hold has an opposite that does: [s r c] equals [d] or not. *)
Lemma opposite_holds s f o : opposite f = Some o -> ~ holds s f -> holds s o.
Proof.
  destruct f as [r c d|r c d|]; simpl; intros E H; inversion E; subst; simpl; auto.
  destruct (Nat.eq_dec (s r c) d); auto. contradiction.
Qed.

(** What an accepted Negation step looks like. *)
Lemma negation_shape st ps :
  negation_ok st ps = true ->
  exists a b o, ps = [a; b] /\ opposite (p_fact a) = Some o /\ p_rule a = Assume
    /\ p_scope a = s_scope st /\ p_open a = false /\ p_fact b = Bottom
    /\ p_scope b = Some (p_id a) /\ s_fact st = o.
Proof.
  unfold negation_ok. intro H.
  destruct ps as [|a [|b [|]]]; try discriminate.
  destruct (opposite (p_fact a)) as [o|] eqn:Ha; try discriminate. bools.
  exists a, b, o. apply opt_eqb_spec in H4, H1. apply fact_eqb_spec in H0.
  destruct (p_rule a); try discriminate. destruct (p_fact b); try discriminate.
  destruct (p_open a); try discriminate. repeat split; auto.
Qed.

(** What an accepted Assume step looks like: it assumes a literal. *)
Lemma assume_shape chain st ps :
  check_rule chain st ps = true -> s_rule st = Assume -> opposite (s_fact st) <> None.
Proof.
  unfold check_rule. intros H E. rewrite E in H. unfold assume_ok in H. bools.
  destruct (opposite (s_fact st)); congruence.
Qed.

(** What an accepted Lemma step looks like: its first premise is a ⊥, its chain is not
    empty. *)
Lemma lemma_shape chain st ps :
  lemma_ok chain st ps = true ->
  exists b cited, ps = b :: cited /\ p_fact b = Bottom /\ chain <> [].
Proof.
  unfold lemma_ok. intro H. destruct ps as [|b cited]; [discriminate|].
  apply andb_true_iff in H as [H _]. apply andb_true_iff in H as [Hb Hc].
  exists b, cited. repeat split; auto.
  - destruct (p_fact b); try discriminate. auto.
  - intro E. subst chain. discriminate.
Qed.

(** What [lemma_slots] guarantees: every stated hypothesis is a premise. *)
Lemma lemma_slots_sound chain ps seen seen' :
  lemma_slots chain ps seen = Some seen' ->
  forall f, In f seen' -> In f seen \/ exists p, In p ps /\ p_fact p = f.
Proof.
  revert seen. induction ps as [|p ps IH]; simpl; intros seen H f Hf.
  - inversion H; subst; auto.
  - destruct (mem_fact (p_fact p) chain).
    + destruct (_ && _); [discriminate|].
      destruct (IH _ H f Hf) as [[<-|Hin]|[q [Hq Hs]]]; eauto.
    + destruct (existsb _ chain); [|discriminate].
      destruct (IH _ H f Hf) as [Hin|[q [Hq Hs]]]; eauto.
Qed.

(** A covered hypothesis holds where the premises do: a stated one is a premise, an implied
    one follows from a placement ([implies_elim_sound]). *)
Lemma lemma_covered_holds s chain target cited seen h :
  is_solution n s -> premises_hold s cited -> fact_ok n h = true ->
  lemma_slots chain cited [] = Some seen ->
  lemma_covered target cited seen h = true -> holds s h.
Proof.
  intros Hs Hps Hh Hslots H. unfold lemma_covered in H. apply orb_true_iff in H as [H|H].
  - apply mem_fact_spec in H.
    destruct (lemma_slots_sound _ _ _ _ Hslots h H) as [[]|[p [Hp <-]]].
    apply (Hps p Hp).
  - apply andb_true_iff in H as [_ H]. apply existsb_exists in H as [p [Hp H]].
    destruct (Hps p Hp) as [Hpok Hph].
    unfold implies_hyp in H. destruct (p_fact p) as [r' c' e| |] eqn:Hf; try discriminate.
    destruct h as [|r c d|]; try discriminate.
    simpl in Hh. bools.
    rewrite <- Hf in H, Hpok, Hph.
    apply (implies_elim_sound s (p_fact p) r c d Hs Hpok); auto.
Qed.

(** Lemma is sound: if no solution satisfies every hypothesis of the chain (the ⊥ was
    derived under them), the hypotheses are literals of the grid, and the cited premises
    hold, then the conclusion holds — ⊥ when every hypothesis is covered (stated, or
    implied by a placement), else the one left uncovered is false. *)
Theorem lemma_sound s chain st ps :
  is_solution n s ->
  ((forall f, In f chain -> holds s f) -> False) ->
  (forall f, In f chain -> opposite f <> None /\ fact_ok n f = true) ->
  premises_hold s (tl ps) ->
  lemma_ok chain st ps = true -> holds s (s_fact st).
Proof.
  intros Hsol Hrefuted Hlit Hps H. unfold lemma_ok in H.
  destruct ps as [|b cited]; [discriminate|]. simpl in Hps.
  apply andb_true_iff in H as [_ H].
  destruct (lemma_slots chain cited []) as [seen|] eqn:Hslots; [|discriminate].
  set (cov := lemma_covered (lemma_target (s_fact st)) cited seen) in H.
  (* every covered hypothesis holds *)
  assert (Hseen : forall f, In f chain -> cov f = true -> holds s f).
  { intros f Hf Hc. apply (lemma_covered_holds s chain (lemma_target (s_fact st)) cited seen f Hsol Hps); auto.
    apply (Hlit f Hf). }
  destruct (filter (fun f => negb (cov f)) chain) as [|l rest] eqn:Hopen.
  - (* all covered: the hypotheses hold, which is impossible *)
    exfalso. apply Hrefuted. intros f Hf. apply Hseen; auto.
    destruct (cov f) eqn:Hm; auto.
    assert (Hin : In f (filter (fun f => negb (cov f)) chain))
      by (apply filter_In; rewrite Hm; auto).
    rewrite Hopen in Hin. contradiction.
  - apply andb_true_iff in H as [Hrest Hfact]. apply fact_eqb_spec in Hfact.
    assert (Hl : In l chain).
    { assert (Hin : In l (filter (fun f => negb (cov f)) chain))
        by (rewrite Hopen; left; auto).
      apply filter_In in Hin. tauto. }
    destruct (opposite l) as [o|] eqn:Ho; [|exfalso; eapply Hlit; eauto].
    rewrite Hfact. apply (opposite_holds s l o Ho).
    intro Hlh. apply Hrefuted. intros f Hf.
    destruct (cov f) eqn:Hm; [apply Hseen; auto|].
    assert (Hin : In f (filter (fun f => negb (cov f)) chain))
      by (apply filter_In; rewrite Hm; auto).
    rewrite Hopen in Hin. destruct Hin as [<-|Hin]; auto.
    rewrite forallb_forall in Hrest. specialize (Hrest f Hin).
    apply fact_eqb_spec in Hrest. subst. auto.
Qed.

End Rules.
