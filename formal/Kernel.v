(** * The kernel: one forward pass over the steps with a stack of open subproofs, then the
    claim; and the theorem the checker relies on — an accepted certificate proves its claim.

    This transcribes checker/src/kernel.rs ([check], [Pass::check_step] and its helpers)
    and checker/src/claims.rs. Three representation changes, none affecting what is
    accepted: the Rust kernel keeps an [open] flag per step that is set when an Assume is
    pushed on the stack and cleared when it is popped, never set again — here "open" is
    membership in the stack; the stack is a list with the innermost subproof first; and the
    walk that finds a Lemma's hypotheses, a loop in Rust stopped after as many subproofs as
    the step has premises, is a recursion on that bound here, proved to reject exactly when
    the unbounded loop ([closed_chain]) passes more ([lemma_chain_bounded]). *)

From Coq Require Import Arith Lia List Bool.
Import ListNotations.
From Deduku Require Import Model Rules.

(** What the pass records about a checked step: the Rust [steps[j]] and [home[j]], plus
    [i_at], the position of the step's scope (derivable from [i_scope]; kept for the proof). *)
Record info : Set := mkInfo {
  i_id : nat; i_fact : fact; i_rule : rule; i_scope : option nat;
  i_at : option nat; i_home : option nat }.

(** The position of the step with this id among those checked ([Pass::index_of]). *)
Fixpoint index_of (l : list info) (id : nat) : option nat :=
  match l with
  | [] => None
  | x :: rest => if i_id x =? id then Some 0 else option_map S (index_of rest id)
  end.

(** Whether the kernel's generic "usable here" test applies to the premise at [index]
    ([rules::generic_scoping]): not to Negation's, nor to a Lemma's first (its ⊥). *)
Definition generic_scoping (r : rule) (index : nat) : bool :=
  match r with Negation => false | Lemma => 0 <? index | _ => true end.

(** Ids strictly increase ([Pass::check_id]): compared with the step just before. *)
Definition id_ok (done : list info) (st : step) : bool :=
  match length done with
  | 0 => true
  | S p => match nth_error done p with Some prev => i_id prev <? s_id st | None => true end
  end.

(** Pops the subproofs above [target]; [None] pops them all. *)
Fixpoint pop_to (target : option nat) (stack : list nat) : list nat :=
  match stack with
  | [] => []
  | top :: rest => if opt_eqb (Some top) target then stack else pop_to target rest
  end.

(** [Pass::enter_scope]: the scope must name an open Assume; closes the subproofs above it. *)
Definition enter_scope (done : list info) (stack : list nat) (st : step)
  : option (option nat * list nat) :=
  match s_scope st with
  | None => Some (None, pop_to None stack)
  | Some sc =>
      match index_of done sc with
      | Some j => if mem_nat j stack then Some (Some j, pop_to (Some j) stack) else None
      | None => None
      end
  end.

(** [Pass::resolve_premises]: each id names an earlier step, usable here unless
    [generic_scoping] exempts it (Negation checks its own shape; Lemma's ⊥ is resolved by
    [walk]). [index] is the position of the first of [ids] among the step's premises. *)
Fixpoint resolve (done : list info) (stack : list nat) (st : step) (index : nat)
         (ids : list nat) : option (list premise) :=
  match ids with
  | [] => Some []
  | p :: rest =>
      if (p =? s_id st) || (s_id st <? p) then None else
      match index_of done p with
      | None => None
      | Some j =>
          match nth_error done j with
          | None => None
          | Some inf =>
              let usable := match i_home inf with None => true | Some h => mem_nat h stack end in
              if generic_scoping (s_rule st) index && negb usable then None else
              match resolve done stack st (S index) rest with
              | None => None
              | Some ps =>
                  Some (mkPremise p (i_fact inf) (i_rule inf) (i_scope inf) (mem_nat j stack) :: ps)
              end
          end
      end
  end.

(** [Pass::resolve_chain]'s loop: from the home [h] outward through the closed subproofs
    (Assumes no longer on the stack), following each one's scope ([i_at], Rust's
    [record.scope]); their facts, innermost first. It stops at the root, at an open Assume,
    or (never, by the invariant) at a position with no step. [fuel] is Rust's bound: at most
    [fuel] closed subproofs are walked, and one more rejects ([None], Rust's [LemmaBottom]:
    "a ⊥ inside more closed subproofs than the step's premises"). *)
Fixpoint walk (done : list info) (stack : list nat) (fuel : nat) (h : option nat)
  : option (list fact) :=
  match h with
  | None => Some []
  | Some a =>
      if mem_nat a stack then Some [] else
      match nth_error done a with
      | None => Some []
      | Some inf =>
          match fuel with
          | 0 => None
          | S k => option_map (cons (i_fact inf)) (walk done stack k (i_at inf))
          end
      end
  end.

(** Where [Pass::resolve_chain] starts: for a Lemma, the home of its first premise (found
    by [resolve]); for every other rule nowhere (the root), so its chain is empty. *)
Definition chain_start (done : list info) (st : step) : option nat :=
  match s_rule st, s_premises st with
  | Lemma, p :: _ =>
      match index_of done p with
      | Some j => match nth_error done j with Some inf => i_home inf | None => None end
      | None => None
      end
  | _, _ => None
  end.

(** [Pass::resolve_chain]: for a Lemma, the chain of closed hypotheses around the home of
    its first premise, at most as long as the step's premises (its ⊥ included); empty for
    every other rule. *)
Definition lemma_chain (done : list info) (stack : list nat) (st : step)
  : option (list fact) :=
  walk done stack (length (s_premises st)) (chain_start done st).

(** ** Claims (checker/src/claims.rs) *)

Inductive claim : Type :=
| CSolution (g : grid)
| CContradiction
| CConsequences (g : grid)
| CMultiple (a b : grid).

Section Kernel.
Context (n : nat) (puz : grid).
Local Notation N := (side n).
Local Notation all_cells := (all_cells n).
Local Notation all_units := (all_units n).

(** The pass's state: the checked steps (position = index) and the open Assumes. *)
Definition kstate : Type := (list info * list nat)%type.

(** [Pass::check_step]. *)
Definition check_step (ks : kstate) (st : step) : option kstate :=
  let '(done, stack) := ks in
  let i := length done in
  if id_ok done st && fact_ok n (s_fact st) then
    match enter_scope done stack st with
    | None => None
    | Some (target, stack') =>
        match resolve done stack' st 0 (s_premises st) with
        | None => None
        | Some ps =>
            match lemma_chain done stack' st with
            | None => None
            | Some chain =>
                if check_rule n puz chain st ps then
                  let opens := is_assume (s_rule st) in
                  let home := if opens then Some i else target in
                  Some (done ++ [mkInfo (s_id st) (s_fact st) (s_rule st) (s_scope st)
                                        target home],
                        if opens then i :: stack' else stack')
                else None
            end
        end
    end
  else None.

(** The pass over all steps. *)
Fixpoint check_steps (ks : kstate) (steps : list step) : option kstate :=
  match steps with
  | [] => Some ks
  | st :: rest => match check_step ks st with Some ks' => check_steps ks' rest | None => None end
  end.

(** Root facts ([RootFacts]): a placement or ⊥ whose home is the root. *)
Definition root_place (done : list info) (r c d : nat) : bool :=
  existsb (fun inf => match i_home inf with
                      | None => fact_eqb (i_fact inf) (Place r c d)
                      | Some _ => false end) done.

Definition root_bottom (done : list info) : bool :=
  existsb (fun inf => match i_home inf with
                      | None => is_bottom (i_fact inf)
                      | Some _ => false end) done.

(** Every cell filled with a digit ([first_blank] is [None]; parsing bounds the values). *)
Definition complete (g : grid) : bool :=
  forallb (fun rc => match g (fst rc) (snd rc) with Some v => v <? N | None => false end)
          all_cells.

Definition same_digit (a b : option nat) : bool :=
  match a, b with Some x, Some y => x =? y | _, _ => false end.

(** No unit repeats a digit ([first_repeat] is [None]). *)
Definition no_repeat (g : grid) : bool :=
  forallb (fun u =>
    forallb (fun k1 =>
      forallb (fun k2 =>
        (k1 =? k2) || negb (same_digit (g (fst (cell_at n u k1)) (snd (cell_at n u k1)))
                                       (g (fst (cell_at n u k2)) (snd (cell_at n u k2)))))
        (seq 0 N)) (seq 0 N)) all_units.

(** Where both are filled they agree ([first_conflict] is [None]). *)
Definition agrees_with (g : grid) : bool :=
  forallb (fun rc => match puz (fst rc) (snd rc), g (fst rc) (snd rc) with
                     | Some a, Some b => a =? b
                     | _, _ => true end) all_cells.

(** [valid_grid]. *)
Definition valid_grid (g : grid) : bool := complete g && no_repeat g && agrees_with g.

(** [all_derived]: each filled cell is a given or placed at the root. *)
Definition all_derived (done : list info) (g : grid) : bool :=
  forallb (fun rc => match g (fst rc) (snd rc) with
                     | Some d => opt_eqb (puz (fst rc) (snd rc)) (Some d)
                                 || root_place done (fst rc) (snd rc) d
                     | None => true end) all_cells.

(** The two grids differ somewhere ([first_difference] is [Some]). *)
Definition differ (a b : grid) : bool :=
  existsb (fun rc => negb (same_digit (a (fst rc) (snd rc)) (b (fst rc) (snd rc)))) all_cells.

(** [check_claim]. *)
Definition check_claim (done : list info) (cl : claim) : bool :=
  match cl with
  | CSolution g => valid_grid g && all_derived done g
  | CContradiction => root_bottom done
  | CConsequences g => agrees_with g && all_derived done g
  | CMultiple a b => valid_grid a && valid_grid b && differ a b
  end.

(** [kernel::check], from the parsed header on: the order, the steps, the claim. *)
Definition check (cl : claim) (steps : list step) : bool :=
  (0 <? n) &&
  match check_steps ([], []) steps with
  | Some (done, _) => check_claim done cl
  | None => false
  end.

(** ** What a claim means *)

(** A claimed grid read as an assignment (blanks read as 0; only complete grids are read so). *)
Definition grid_value (g : grid) : assignment :=
  fun r c => match g r c with Some v => v | None => 0 end.

Definition claim_holds (cl : claim) : Prop :=
  match cl with
  | CSolution g =>
      solves n puz (grid_value g)
      /\ forall s, solves n puz s -> forall r c, r < N -> c < N -> s r c = grid_value g r c
  | CContradiction => forall s, ~ solves n puz s
  | CConsequences g => forall s, solves n puz s -> agrees n g s
  | CMultiple a b =>
      solves n puz (grid_value a) /\ solves n puz (grid_value b)
      /\ exists r c, r < N /\ c < N /\ grid_value a r c <> grid_value b r c
  end.

(** ** The invariant of the pass *)

Definition all_hold (s : assignment) (L : list fact) : Prop := forall f, In f L -> holds s f.

(** [ctx_of done h L]: [L] lists the assumptions open at home [h] — the Assume at [h],
    the Assume of its scope, and so on to the root. *)
Inductive ctx_of (done : list info) : option nat -> list fact -> Prop :=
| ctx_root : ctx_of done None []
| ctx_assume a inf L :
    nth_error done a = Some inf -> i_rule inf = Assume -> i_home inf = Some a ->
    ctx_of done (i_at inf) L -> ctx_of done (Some a) (i_fact inf :: L).

(** [path done S]: the stack [S] is a chain of Assumes, each in the scope of the next. *)
Inductive path (done : list info) : list nat -> Prop :=
| path_nil : path done []
| path_cons a inf rest :
    nth_error done a = Some inf -> i_rule inf = Assume -> i_home inf = Some a ->
    i_at inf = hd_error rest -> path done rest -> path done (a :: rest).

(** A home: the root, or an Assume whose home is itself. *)
Definition valid_home (done : list info) (h : option nat) : Prop :=
  match h with
  | None => True
  | Some a => exists inf, nth_error done a = Some inf /\ i_rule inf = Assume
                          /\ i_home inf = Some a
  end.

Definition ids_inc (done : list info) : Prop :=
  forall j1 j2 inf1 inf2, nth_error done j1 = Some inf1 -> nth_error done j2 = Some inf2 ->
  j1 < j2 -> i_id inf1 < i_id inf2.

Record inv (done : list info) (stack : list nat) : Prop := {
  inv_range : forall j inf, nth_error done j = Some inf -> fact_ok n (i_fact inf) = true;
  inv_sound : forall j inf L s, nth_error done j = Some inf -> ctx_of done (i_home inf) L ->
              solves n puz s -> all_hold s L -> holds s (i_fact inf);
  inv_path : path done stack;
  inv_ids : ids_inc done;
  inv_scope : forall j inf, nth_error done j = Some inf ->
              (i_scope inf = None /\ i_at inf = None)
              \/ exists sc p pinf, i_scope inf = Some sc /\ i_at inf = Some p /\ p < j
                                   /\ nth_error done p = Some pinf /\ i_id pinf = sc;
  inv_home : forall j inf, nth_error done j = Some inf ->
             i_home inf = if is_assume (i_rule inf) then Some j else i_at inf;
  inv_assume : forall j inf, nth_error done j = Some inf -> is_assume (i_rule inf) = true ->
               opposite (i_fact inf) <> None;
  inv_at : forall j inf, nth_error done j = Some inf -> valid_home done (i_at inf) }.

(** ** Lemmas on lists and positions *)

Lemma nth_error_snoc_cases {A} (l : list A) x j y :
  nth_error (l ++ [x]) j = Some y -> (j < length l /\ nth_error l j = Some y) \/ (j = length l /\ y = x).
Proof.
  intro H. destruct (Nat.lt_ge_cases j (length l)) as [Hlt|Hge].
  - left. rewrite nth_error_app1 in H; auto.
  - right. rewrite nth_error_app2 in H; auto.
    destruct (j - length l) eqn:E; simpl in H.
    + inversion H. split; auto. lia.
    + destruct n0; discriminate.
Qed.

Lemma nth_error_snoc_old {A} (l : list A) x j y :
  nth_error l j = Some y -> nth_error (l ++ [x]) j = Some y.
Proof.
  intro H. rewrite nth_error_app1; auto. apply nth_error_Some. congruence.
Qed.

Lemma nth_error_snoc_new {A} (l : list A) x : nth_error (l ++ [x]) (length l) = Some x.
Proof. rewrite nth_error_app2, Nat.sub_diag; auto. Qed.

Lemma nth_error_lt {A} (l : list A) j y : nth_error l j = Some y -> j < length l.
Proof. intro H. apply nth_error_Some. congruence. Qed.

Lemma index_of_spec l id j :
  index_of l id = Some j -> exists inf, nth_error l j = Some inf /\ i_id inf = id.
Proof.
  revert j. induction l as [|x l IH]; simpl; intros j H; try discriminate.
  destruct (Nat.eqb_spec (i_id x) id).
  - inversion H; subst. simpl. eauto.
  - destruct (index_of l id) as [k|] eqn:E; simpl in H; inversion H; subst. simpl. auto.
Qed.

Lemma ids_unique done j1 j2 inf1 inf2 :
  ids_inc done -> nth_error done j1 = Some inf1 -> nth_error done j2 = Some inf2 ->
  i_id inf1 = i_id inf2 -> j1 = j2.
Proof.
  intros Hinc H1 H2 E.
  destruct (Nat.lt_trichotomy j1 j2) as [Hlt|[Heq|Hgt]]; auto.
  - specialize (Hinc _ _ _ _ H1 H2 Hlt). lia.
  - specialize (Hinc _ _ _ _ H2 H1 Hgt). lia.
Qed.

Lemma pop_to_none stack : pop_to None stack = [].
Proof. induction stack; simpl; auto. Qed.

Lemma pop_to_suffix t stack : exists pre, stack = pre ++ pop_to t stack.
Proof.
  induction stack as [|x rest IH]; cbn [pop_to].
  - exists []. auto.
  - destruct (opt_eqb (Some x) t).
    + exists []. auto.
    + destruct IH as [pre E]. exists (x :: pre). simpl. congruence.
Qed.

Lemma pop_to_head j stack : In j stack -> hd_error (pop_to (Some j) stack) = Some j.
Proof.
  induction stack as [|x rest IH]; simpl; intros H; [contradiction|].
  destruct (Nat.eqb_spec x j) as [->|Hne]; simpl; auto.
  destruct H as [->|H]; [congruence|auto].
Qed.

Lemma path_suffix done pre suf : path done (pre ++ suf) -> path done suf.
Proof.
  induction pre as [|x pre IH]; simpl; intro H; auto.
  inversion H; subst. auto.
Qed.

Lemma path_snoc done x stack : path done stack -> path (done ++ [x]) stack.
Proof.
  induction 1; [constructor|]. econstructor; eauto. apply nth_error_snoc_old; auto.
Qed.

Lemma ctx_of_snoc done x h L : ctx_of done h L -> ctx_of (done ++ [x]) h L.
Proof.
  induction 1; [constructor|]. econstructor; eauto. apply nth_error_snoc_old; auto.
Qed.

(** Contexts only point down, so a context of a longer list is one of the shorter list. *)
Lemma ctx_of_unsnoc done stack x h L :
  inv done stack -> ctx_of (done ++ [x]) h L ->
  (match h with None => True | Some a => a < length done end) -> ctx_of done h L.
Proof.
  intros I. induction 1 as [|a inf L Hnth Hrule Hhome Hctx IH]; intros Hb; [constructor|].
  apply nth_error_snoc_cases in Hnth as [[_ Hnth]|[E _]]; [|lia].
  apply ctx_assume; auto. apply IH.
  destruct (inv_scope _ _ I a inf Hnth) as [[_ ->]|(sc & p & pinf & _ & -> & Hp & _)]; auto. lia.
Qed.

Lemma ctx_of_det done h L1 L2 : ctx_of done h L1 -> ctx_of done h L2 -> L1 = L2.
Proof.
  intro H1. revert L2. induction H1 as [|a inf L Hnth Hrule Hhome Hctx IH]; intros L2 H2;
    inversion H2 as [|a' inf' L' Hnth' Hrule' Hhome' Hctx']; subst; auto.
  rewrite Hnth in Hnth'. inversion Hnth'; subst. f_equal. auto.
Qed.

(** A subproof still open at the current scope has its assumptions among the current ones. *)
Lemma path_ctx done S :
  path done S -> forall L, ctx_of done (hd_error S) L ->
  forall h, In h S -> exists L', ctx_of done (Some h) L' /\ incl L' L.
Proof.
  induction 1 as [|a inf rest Hnth Hrule Hhome Hat Hpath IH]; intros L Hctx h Hin;
    [contradiction|].
  simpl in Hctx. inversion Hctx as [|a' inf' L0 Hnth' Hrule' Hhome' Hctx0]; subst.
  rewrite Hnth in Hnth'. inversion Hnth'; subst inf'.
  destruct Hin as [<-|Hin].
  - exists (i_fact inf :: L0). split; auto. apply incl_refl.
  - rewrite Hat in Hctx0. destruct (IH L0 Hctx0 h Hin) as [L' [HL' Hincl]].
    exists L'. split; auto. intros f Hf. right. auto.
Qed.

(** What [resolve] hands the rule: the [k]-th premise is the [k]-th id, a checked step,
    usable here unless [generic_scoping] exempts it. *)
Lemma resolve_spec done stack st k0 ids ps :
  resolve done stack st k0 ids = Some ps ->
  forall k p, nth_error ps k = Some p -> exists j inf,
    nth_error ids k = Some (p_id p)
    /\ index_of done (p_id p) = Some j /\ nth_error done j = Some inf
    /\ p_fact p = i_fact inf /\ p_rule p = i_rule inf /\ p_scope p = i_scope inf
    /\ p_open p = mem_nat j stack
    /\ (generic_scoping (s_rule st) (k0 + k) = true ->
        match i_home inf with None => True | Some h => In h stack end).
Proof.
  revert k0 ps. induction ids as [|x ids IH]; simpl; intros k0 ps H k p Hp.
  - inversion H; subst. destruct k; discriminate.
  - destruct ((x =? s_id st) || (s_id st <? x)); [discriminate|].
    destruct (index_of done x) as [j|] eqn:Hj; [|discriminate].
    destruct (nth_error done j) as [inf|] eqn:Hinf; [|discriminate].
    destruct (generic_scoping (s_rule st) k0 &&
              negb match i_home inf with None => true | Some h => mem_nat h stack end) eqn:Hg;
      [discriminate|].
    destruct (resolve done stack st (S k0) ids) as [ps'|] eqn:Hr; [|discriminate].
    inversion H; subst. destruct k as [|k]; simpl in Hp.
    + inversion Hp; subst p. exists j, inf. simpl. rewrite Nat.add_0_r.
      repeat split; auto. intro Hgen. rewrite Hgen in Hg. simpl in Hg.
      destruct (i_home inf); auto. apply negb_false_iff, mem_nat_spec in Hg. auto.
    + destruct (IH (S k0) ps' Hr k p Hp) as (j' & inf' & Hrest).
      exists j', inf'. simpl. replace (k0 + S k) with (S k0 + k) by lia. exact Hrest.
Qed.

Lemma check_id_lt done stack st :
  inv done stack -> id_ok done st = true ->
  forall j inf, nth_error done j = Some inf -> i_id inf < s_id st.
Proof.
  intros I H j inf Hj. unfold id_ok in H.
  destruct (length done) as [|p] eqn:Hlen.
  - apply nth_error_lt in Hj. lia.
  - destruct (nth_error done p) as [prev|] eqn:Hp.
    + apply Nat.ltb_lt in H. pose proof (nth_error_lt _ _ _ Hj).
      destruct (Nat.eq_dec j p) as [->|Hne].
      * rewrite Hj in Hp. inversion Hp; subst. auto.
      * pose proof (inv_ids _ _ I j p inf prev Hj Hp). lia.
    + apply nth_error_None in Hp. lia.
Qed.

Lemma inv_nil : inv [] [].
Proof.
  constructor; try (intros j; destruct j; discriminate); try constructor.
Qed.

(** ** The chain of a Lemma *)

Lemma valid_home_snoc done x h : valid_home done h -> valid_home (done ++ [x]) h.
Proof.
  destruct h as [a|]; simpl; auto. intros (inf & H1 & H2 & H3).
  exists inf. split; auto. apply nth_error_snoc_old; auto.
Qed.

Lemma path_valid done S : path done S -> forall a, In a S -> valid_home done (Some a).
Proof.
  induction 1 as [|a inf rest Hnth Hrule Hhome Hat Hpath IH]; intros x Hx; [contradiction|].
  destruct Hx as [<-|Hx]; auto. simpl. exists inf. auto.
Qed.

(** Every step's home is a home: the step itself if it is an Assume, else its scope. *)
Lemma home_valid done stack j inf :
  inv done stack -> nth_error done j = Some inf -> valid_home done (i_home inf).
Proof.
  intros I Hj. pose proof (inv_home _ _ I j inf Hj) as E. rewrite E.
  destruct (is_assume (i_rule inf)) eqn:Ha.
  - simpl. exists inf. split; [auto|split].
    + destruct (i_rule inf); try discriminate. auto.
    + rewrite E. try rewrite Ha. auto.
  - eapply (inv_at _ _ I); eauto.
Qed.

(** What [walk] collects: its chain, followed by the assumptions open where it stops, are
    the assumptions of the home it starts from; those it stops at are among the current
    step's (the walk stops at the root or on the stack, whose assumptions are the current
    ones, [path_ctx]); and the chain's facts are literals of the grid (assumed by Assumes,
    in range by [inv_range]). *)
Lemma walk_ctx done stack stk L :
  inv done stack -> path done stk -> ctx_of done (hd_error stk) L ->
  forall fuel h chain, valid_home done h -> walk done stk fuel h = Some chain ->
  (exists L0, ctx_of done h (chain ++ L0) /\ incl L0 L)
  /\ (forall f, In f chain -> opposite f <> None /\ fact_ok n f = true).
Proof.
  intros I Hpath Hctx. induction fuel as [|k IH]; intros h chain Hv Hw.
  all: destruct h as [a|]; simpl in Hw.
  2, 4: inversion Hw; subst; split; [exists []; split; [constructor|intros f []]|intros f []].
  all: destruct (mem_nat a stk) eqn:Hm.
  1, 3: inversion Hw; subst; apply mem_nat_spec in Hm;
        destruct (path_ctx _ _ Hpath L Hctx a Hm) as [L' [HL' Hincl]];
        split; [exists L'; simpl; split; auto|intros f []].
  all: destruct Hv as (inf & Hinf & Hrule & Hhome); rewrite Hinf in Hw.
  - discriminate.
  - destruct (walk done stk k (i_at inf)) as [chain'|] eqn:Hw'; [|discriminate].
    simpl in Hw. inversion Hw; subst chain. clear Hw.
    destruct (IH (i_at inf) chain' (inv_at _ _ I a inf Hinf) Hw') as [[L0 [HL0 Hincl]] Hlit].
    split.
    + exists L0. split; auto. simpl. apply ctx_assume; auto.
    + intros f [<-|Hf]; auto. split; [|exact (inv_range _ _ I a inf Hinf)].
      apply (inv_assume _ _ I a inf Hinf). rewrite Hrule. auto.
Qed.

(** The Rust loop without its bound, as a relation: [closed_chain done stack h C] — from
    the home [h] outward through the closed subproofs, their facts [C], innermost first,
    stopping where [walk] stops. *)
Inductive closed_chain (done : list info) (stack : list nat) : option nat -> list fact -> Prop :=
| chain_root : closed_chain done stack None []
| chain_open a : mem_nat a stack = true -> closed_chain done stack (Some a) []
| chain_gone a : mem_nat a stack = false -> nth_error done a = None ->
                 closed_chain done stack (Some a) []
| chain_closed a inf C : mem_nat a stack = false -> nth_error done a = Some inf ->
                         closed_chain done stack (i_at inf) C ->
                         closed_chain done stack (Some a) (i_fact inf :: C).

Lemma closed_chain_det done stk h C1 C2 :
  closed_chain done stk h C1 -> closed_chain done stk h C2 -> C1 = C2.
Proof.
  intro H1. revert C2.
  induction H1 as [|a Hm|a Hm Hn|a inf C Hm Hn H IH]; intros C2 H2;
    inversion H2 as [|a' Hm'|a' Hm' Hn'|a' inf' C' Hm' Hn' H']; subst; auto; try congruence.
  rewrite Hn in Hn'. inversion Hn'; subst inf'. f_equal. auto.
Qed.

(** The bounded walk returns the whole chain when it has at most [fuel] facts, and rejects
    otherwise. *)
Lemma walk_chain done stk h C :
  closed_chain done stk h C ->
  forall fuel, walk done stk fuel h = if length C <=? fuel then Some C else None.
Proof.
  induction 1 as [|a Hm|a Hm Hn|a inf C Hm Hn H IH]; intros [|k]; simpl;
    try rewrite Hm; try rewrite Hn; auto.
  rewrite IH. destruct (length C <=? k); auto.
Qed.

(** The unbounded loop ends, under the invariant: positions strictly decrease along it. *)
Lemma closed_chain_exists done stack stk :
  inv done stack ->
  forall bound h, (forall a, h = Some a -> a < bound) -> exists C, closed_chain done stk h C.
Proof.
  intros I. induction bound as [|k IH]; intros h Hh; destruct h as [a|];
    try (eexists; constructor; fail).
  - specialize (Hh a eq_refl). lia.
  - destruct (mem_nat a stk) eqn:Hm; [eexists; apply chain_open; auto|].
    destruct (nth_error done a) as [inf|] eqn:Hinf; [|eexists; apply chain_gone; auto].
    destruct (IH (i_at inf)) as [C HC].
    + intros p Hp. specialize (Hh a eq_refl).
      destruct (inv_scope _ _ I a inf Hinf) as [[_ E]|(sc & p' & pinf & _ & E & Hlt & _)];
        rewrite Hp in E; [discriminate|]. inversion E; subst. lia.
    + exists (i_fact inf :: C). apply chain_closed; auto.
Qed.

(** So [lemma_chain] is Rust's [resolve_chain], bound included: under the invariant, the
    unbounded loop from [chain_start] ends with a chain [C] (unique, [closed_chain_det]), and
    [lemma_chain] returns [C] when it has at most as many facts as the step has premises,
    and rejects otherwise — [check_step] rejects a step exactly when one of the checks Rust
    makes fails. *)
Theorem lemma_chain_bounded done stack stk st :
  inv done stack ->
  exists C, closed_chain done stk (chain_start done st) C
            /\ lemma_chain done stk st
               = if length C <=? length (s_premises st) then Some C else None.
Proof.
  intros I.
  destruct (closed_chain_exists _ _ stk I (length done) (chain_start done st)) as [C HC].
  - intros a Ha. unfold chain_start in Ha.
    destruct (s_rule st); try discriminate.
    destruct (s_premises st) as [|p rest]; try discriminate.
    destruct (index_of done p) as [j|]; try discriminate.
    destruct (nth_error done j) as [inf|] eqn:Hj; try discriminate.
    pose proof (nth_error_lt _ _ _ Hj) as Hlt.
    rewrite (inv_home _ _ I j inf Hj) in Ha. destruct (is_assume (i_rule inf)).
    + inversion Ha; subst; auto.
    + destruct (inv_scope _ _ I j inf Hj) as [[_ E]|(sc & p' & pinf & _ & E & Hp & _)];
        rewrite E in Ha; inversion Ha; subst; lia.
  - exists C. split; auto. unfold lemma_chain. apply walk_chain. auto.
Qed.

(** ** One step preserves the invariant *)

Lemma step_inv done stack st done' stack' :
  0 < n -> inv done stack -> check_step (done, stack) st = Some (done', stack') ->
  inv done' stack'.
Proof.
  intros Hn I H. unfold check_step in H.
  destruct (id_ok done st) eqn:Hid; [|discriminate].
  destruct (fact_ok n (s_fact st)) eqn:Hok; [|discriminate]. simpl in H.
  destruct (enter_scope done stack st) as [[target stk]|] eqn:Hent; [|discriminate].
  destruct (resolve done stk st 0 (s_premises st)) as [ps|] eqn:Hres; [|discriminate].
  destruct (lemma_chain done stk st) as [chain|] eqn:Hchain; [|discriminate].
  destruct (check_rule n puz chain st ps) eqn:Hrule; [|discriminate].
  inversion H; subst done' stack'; clear H.
  set (i := length done).
  set (x := mkInfo (s_id st) (s_fact st) (s_rule st) (s_scope st) target
                   (if is_assume (s_rule st) then Some i else target)).
  (* the scope entered: a suffix of the stack, headed by the target *)
  assert (Hstk : path done stk /\ hd_error stk = target
                 /\ (s_scope st = None /\ target = None
                     \/ exists sc j inf, s_scope st = Some sc /\ target = Some j
                        /\ index_of done sc = Some j /\ nth_error done j = Some inf
                        /\ i_id inf = sc)).
  { unfold enter_scope in Hent. destruct (s_scope st) as [sc|] eqn:Hsc.
    - destruct (index_of done sc) as [j|] eqn:Hj; [|discriminate].
      destruct (mem_nat j stack) eqn:Hm; [|discriminate]. inversion Hent; subst.
      apply mem_nat_spec in Hm. destruct (index_of_spec _ _ _ Hj) as [inf [Hinf Hidj]].
      repeat split.
      + destruct (pop_to_suffix (Some j) stack) as [pre E].
        apply (path_suffix done pre). rewrite <- E. apply (inv_path _ _ I).
      + apply pop_to_head; auto.
      + right. exists sc, j, inf. auto.
    - inversion Hent; subst. rewrite pop_to_none. repeat split; auto. constructor. }
  destruct Hstk as (Hpath & Hhd & Hscope).
  assert (Htarget : match target with None => True | Some a => a < length done end).
  { destruct Hscope as [[_ ->]|(sc & j & inf & _ & -> & _ & Hinf & _)]; auto.
    eapply nth_error_lt; eauto. }
  (* the premises the generic test covers hold under the current assumptions *)
  assert (Hprem : forall L s, ctx_of done target L -> solves n puz s -> all_hold s L ->
                  forall k p, nth_error ps k = Some p ->
                  generic_scoping (s_rule st) k = true ->
                  fact_ok n (p_fact p) = true /\ holds s (p_fact p)).
  { intros L s Hctx Hs Hall k p Hp Hgen.
    destruct (resolve_spec _ _ _ _ _ _ Hres k p Hp)
      as (j & inf & _ & _ & Hinf & Hf & _ & _ & _ & Husable).
    rewrite Hf. split; [eapply (inv_range _ _ I); eauto|].
    specialize (Husable Hgen).
    destruct (i_home inf) as [h|] eqn:Hh.
    - rewrite <- Hhd in Hctx. destruct (path_ctx _ _ Hpath L Hctx h Husable) as [L' [HL' Hincl]].
      eapply (inv_sound _ _ I j inf L' s); eauto. rewrite Hh. auto.
      intros f Hf'. apply Hall, Hincl, Hf'.
    - eapply (inv_sound _ _ I j inf [] s); eauto. rewrite Hh. constructor.
      intros f []. }
  constructor.
  - (* range *)
    intros j inf Hj. apply nth_error_snoc_cases in Hj as [[_ Hj]|[_ ->]].
    + eapply (inv_range _ _ I); eauto.
    + simpl. auto.
  - (* soundness *)
    intros j inf L s Hj Hctx Hs Hall.
    apply nth_error_snoc_cases in Hj as [[Hlt Hj]|[Hj ->]].
    + eapply (inv_sound _ _ I j inf L s); eauto.
      eapply ctx_of_unsnoc; eauto.
      rewrite (inv_home _ _ I j inf Hj).
      destruct (is_assume (i_rule inf)); auto.
      destruct (inv_scope _ _ I j inf Hj) as [[_ ->]|(sc & p & pinf & _ & -> & Hp & _)]; auto.
      lia.
    + simpl in Hctx |- *. subst j.
      assert (Hcases : s_rule st = Assume \/ s_rule st = Negation \/ s_rule st = Lemma
                       \/ (s_rule st <> Assume /\ s_rule st <> Negation /\ s_rule st <> Lemma
                           /\ forall k, generic_scoping (s_rule st) k = true)).
      { destruct (s_rule st); auto; right; right; right;
          (split; [discriminate|split; [discriminate|split; [discriminate|]]]);
          intro; reflexivity. }
      destruct Hcases as [Hr|[Hr|[Hr|(HA & HN & HL & Hgen)]]].
      * (* Assume: the assumption holds under itself *)
        rewrite Hr in Hctx. simpl in Hctx.
        inversion Hctx as [|a inf' L0 Hnth _ _ _]; subst.
        unfold i in Hnth. rewrite nth_error_snoc_new in Hnth. inversion Hnth; subst.
        apply Hall. simpl. auto.
      * (* Negation *)
        rewrite Hr in Hctx. simpl in Hctx.
        (* the refuted assumption is false under the enclosing assumptions *)
        apply ctx_of_unsnoc with (stack := stack) in Hctx; auto.
        unfold check_rule in Hrule. rewrite Hr in Hrule.
        destruct (negation_shape _ _ Hrule)
          as (a & b & o & -> & Hoa & Hra & Hsa & _ & Hfb & Hsb & Hfact).
        rewrite Hfact.
        destruct (resolve_spec _ _ _ _ _ _ Hres 0 a eq_refl)
          as (ja & infa & _ & Hja & Hinfa & Hfa' & Hra' & Hsa' & _ & _).
        destruct (resolve_spec _ _ _ _ _ _ Hres 1 b eq_refl)
          as (jb & infb & _ & _ & Hinfb & Hfb' & Hrb' & Hsb' & _ & _).
        destruct (index_of_spec _ _ _ Hja) as [infa' [Hinfa2 Hida]].
        rewrite Hinfa in Hinfa2. inversion Hinfa2; subst infa'. clear Hinfa2.
        (* the Assume's scope is the current one *)
        assert (Hata : i_at infa = target).
        { destruct (inv_scope _ _ I ja infa Hinfa)
            as [[Hs1 Ha1]|(sc & p & pinf & Hs1 & Ha1 & _ & Hp & Hidp)];
            rewrite Ha1; rewrite <- Hsa', Hsa in Hs1;
            destruct Hscope as [[Hs2 Ht]|(sc' & j' & inf' & Hs2 & Ht & _ & Hinf' & Hid')];
            rewrite Ht; try congruence.
          rewrite Hs1 in Hs2. inversion Hs2; subst sc'.
          f_equal. eapply ids_unique; eauto using inv_ids. congruence. }
        (* the ⊥ lives in the Assume's subproof *)
        assert (Hhomeb : i_home infb = Some ja).
        { rewrite (inv_home _ _ I jb infb Hinfb).
          destruct (is_assume (i_rule infb)) eqn:Hab.
          - pose proof (inv_assume _ _ I jb infb Hinfb Hab) as Hlit.
            rewrite <- Hfb', Hfb in Hlit. simpl in Hlit. congruence.
          - destruct (inv_scope _ _ I jb infb Hinfb)
              as [[Hs1 _]|(sc & p & pinf & Hs1 & Ha1 & _ & Hp & Hidp)];
              rewrite <- Hsb', Hsb in Hs1; [discriminate|].
            rewrite Ha1. inversion Hs1; subst sc. f_equal.
            eapply ids_unique; eauto using inv_ids. congruence. }
        assert (Hctxa : ctx_of done (Some ja) (p_fact a :: L)).
        { rewrite Hfa'. apply ctx_assume; auto.
          - congruence.
          - rewrite (inv_home _ _ I ja infa Hinfa), <- Hra', Hra. auto.
          - rewrite Hata. auto. }
        apply (opposite_holds s (p_fact a) o Hoa). intro Ha.
        assert (Hbot : holds s (i_fact infb)).
        { apply (inv_sound _ _ I jb infb (p_fact a :: L) s Hinfb); auto.
          - rewrite Hhomeb. auto.
          - intros f [<-|Hf]; auto. }
        rewrite <- Hfb', Hfb in Hbot. exact Hbot.
      * (* Lemma: the ⊥ was derived under the chain and assumptions open here *)
        rewrite Hr in Hctx. simpl in Hctx.
        apply ctx_of_unsnoc with (stack := stack) in Hctx; auto.
        unfold check_rule in Hrule. rewrite Hr in Hrule.
        destruct (lemma_shape _ _ _ _ Hrule) as (b & cited & -> & Hfb & _).
        destruct (resolve_spec _ _ _ _ _ _ Hres 0 b eq_refl)
          as (jb & infb & Hfirst & Hjb & Hinfb & Hfb' & _ & _ & _ & _).
        (* the chain is the walk from the ⊥'s home *)
        assert (Hw : walk done stk (length (s_premises st)) (i_home infb) = Some chain).
        { unfold lemma_chain, chain_start in Hchain. rewrite Hr in Hchain.
          destruct (s_premises st) as [|p0 rest]; [discriminate|].
          simpl in Hfirst. inversion Hfirst; subst p0.
          rewrite Hjb, Hinfb in Hchain. exact Hchain. }
        assert (Hctx' : ctx_of done (hd_error stk) L) by (rewrite Hhd; auto).
        destruct (walk_ctx _ _ _ _ I Hpath Hctx' _ _ _ (home_valid _ _ _ _ I Hinfb) Hw)
          as [[L0 [HL0 Hincl]] Hlit].
        eapply lemma_sound; eauto.
        -- exact (proj1 Hs).
        -- intro Hchain_hold.
           assert (Hbot : holds s (i_fact infb)).
           { apply (inv_sound _ _ I jb infb (chain ++ L0) s Hinfb HL0 Hs).
             intros f Hf. apply in_app_or in Hf as [Hf|Hf]; auto. }
           rewrite <- Hfb', Hfb in Hbot. exact Hbot.
        -- intros p Hp. simpl in Hp. apply In_nth_error in Hp as [k Hk].
           apply (Hprem L s Hctx Hs Hall (S k) p Hk). rewrite Hr. reflexivity.
      * (* every other rule: its premises hold here, so its conclusion does *)
        assert (Hh : (if is_assume (s_rule st) then Some i else target) = target).
        { destruct (s_rule st) eqn:Er; try reflexivity; congruence. }
        rewrite Hh in Hctx. apply ctx_of_unsnoc with (stack := stack) in Hctx; auto.
        apply (check_rule_sound n puz s chain st ps); auto.
        intros p Hp. apply In_nth_error in Hp as [k Hk]. eapply Hprem; eauto.
  - (* the stack *)
    destruct (is_assume (s_rule st)) eqn:Ha.
    + apply path_cons with (inf := x).
      * apply nth_error_snoc_new.
      * unfold x; simpl. destruct (s_rule st); try discriminate. auto.
      * unfold x; simpl. auto.
      * unfold x; simpl. congruence.
      * apply path_snoc; auto.
    + apply path_snoc; auto.
  - (* ids *)
    intros j1 j2 inf1 inf2 H1 H2 Hlt.
    apply nth_error_snoc_cases in H1 as [[_ H1]|[E1 ->]];
      apply nth_error_snoc_cases in H2 as [[_ H2]|[E2 ->]]; try lia.
    + eapply (inv_ids _ _ I); eauto.
    + simpl. eapply check_id_lt; eauto.
    + apply nth_error_lt in H2. lia.
  - (* scopes *)
    intros j inf Hj. apply nth_error_snoc_cases in Hj as [[Hlt Hj]|[Hj ->]].
    + destruct (inv_scope _ _ I j inf Hj) as [?|(sc & p & pinf & ? & ? & ? & ? & ?)]; auto.
      right. exists sc, p, pinf. repeat split; auto. apply nth_error_snoc_old; auto.
    + simpl. destruct Hscope as [[-> ->]|(sc & j' & inf' & -> & -> & _ & Hinf' & Hid')]; auto.
      right. exists sc, j', inf'. repeat split; auto.
      * apply nth_error_lt in Hinf'. lia.
      * apply nth_error_snoc_old; auto.
  - (* homes *)
    intros j inf Hj. apply nth_error_snoc_cases in Hj as [[Hlt Hj]|[Hj ->]].
    + apply (inv_home _ _ I); auto.
    + simpl. subst j. auto.
  - (* Assumes assume literals *)
    intros j inf Hj Ha. apply nth_error_snoc_cases in Hj as [[Hlt Hj]|[Hj ->]].
    + eapply (inv_assume _ _ I); eauto.
    + simpl in *. apply (assume_shape n puz chain st ps); auto.
      destruct (s_rule st); try discriminate. auto.
  - (* a step's scope is a home: an open Assume when it was checked *)
    intros j inf Hj. apply valid_home_snoc.
    apply nth_error_snoc_cases in Hj as [[Hlt Hj]|[Hj ->]].
    + eapply (inv_at _ _ I); eauto.
    + simpl. destruct target as [j'|]; [|constructor].
      apply (path_valid _ _ Hpath). destruct stk as [|top rest]; simpl in Hhd; [discriminate|].
      inversion Hhd; subst. left. auto.
Qed.

Lemma steps_inv steps done stack done' stack' :
  0 < n -> inv done stack -> check_steps (done, stack) steps = Some (done', stack') ->
  inv done' stack'.
Proof.
  revert done stack. induction steps as [|st rest IH]; cbn [check_steps]; intros done stack Hn I H.
  - inversion H; subst. auto.
  - destruct (check_step (done, stack) st) as [ks|] eqn:E; [|discriminate].
    destruct ks as [d s]. apply (IH d s); auto. eapply step_inv; eauto.
Qed.

(** Every fact derived at the root holds in every solution of the puzzle. *)
Theorem root_facts_hold steps done stack :
  0 < n -> check_steps ([], []) steps = Some (done, stack) ->
  forall j inf s, nth_error done j = Some inf -> i_home inf = None ->
  solves n puz s -> holds s (i_fact inf).
Proof.
  intros Hn H j inf s Hj Hh Hs.
  pose proof (steps_inv _ _ _ _ _ Hn inv_nil H) as I.
  eapply (inv_sound _ _ I j inf [] s); eauto.
  - rewrite Hh. constructor.
  - intros f [].
Qed.

(** ** The claims *)

Lemma root_place_holds steps done stack r c d s :
  0 < n -> check_steps ([], []) steps = Some (done, stack) ->
  root_place done r c d = true -> solves n puz s -> s r c = d.
Proof.
  intros Hn H Hp Hs. unfold root_place in Hp. apply existsb_exists in Hp as [inf [Hin Hf]].
  destruct (i_home inf) eqn:Hh; [discriminate|]. apply fact_eqb_spec in Hf.
  apply In_nth_error in Hin as [j Hj].
  pose proof (root_facts_hold _ _ _ Hn H j inf s Hj Hh Hs) as Hold. rewrite Hf in Hold. auto.
Qed.

Lemma all_derived_agrees steps done stack g s :
  0 < n -> check_steps ([], []) steps = Some (done, stack) ->
  all_derived done g = true -> solves n puz s -> agrees n g s.
Proof.
  intros Hn H Hd Hs r c d Hr Hc Hg. unfold all_derived in Hd. rewrite forallb_forall in Hd.
  specialize (Hd (r, c) (all_cells_in n r c Hr Hc)). simpl in Hd. rewrite Hg in Hd.
  apply orb_true_iff in Hd as [Hd|Hd].
  - apply opt_eqb_spec in Hd. apply (proj2 Hs); auto.
  - eapply root_place_holds; eauto.
Qed.

(** A grid the checker finds valid is a solution of the puzzle. *)
Lemma valid_grid_solves g : 0 < n -> valid_grid g = true -> solves n puz (grid_value g).
Proof.
  intros Hn H. unfold valid_grid in H. apply andb_true_iff in H as [H Hag].
  apply andb_true_iff in H as [Hcomp Hrep].
  unfold complete in Hcomp. rewrite forallb_forall in Hcomp.
  split; [split|].
  - intros r c Hr Hc. specialize (Hcomp (r, c) (all_cells_in n r c Hr Hc)). simpl in Hcomp.
    unfold grid_value. destruct (g r c); [apply Nat.ltb_lt; auto|discriminate].
  - intros u r1 c1 r2 c2 Hr1 Hc1 Hr2 Hc2 Hu1 Hu2 Hne E.
    destruct (position_in_some n u r1 c1 Hu1) as [k1 Hk1].
    destruct (position_in_some n u r2 c2 Hu2) as [k2 Hk2].
    destruct (position_in_spec n u r1 c1 k1) as (Hk1' & Hat1 & _); auto.
    destruct (position_in_spec n u r2 c2 k2) as (Hk2' & Hat2 & _); auto.
    unfold no_repeat in Hrep. rewrite forallb_forall in Hrep.
    specialize (Hrep u (all_units_in n u (in_unit_ok n u r1 c1 Hn Hr1 Hc1 Hu1))).
    rewrite forallb_forall in Hrep. specialize (Hrep k1 (proj2 (in_seq _ _ _) (conj (Nat.le_0_l _) Hk1'))).
    rewrite forallb_forall in Hrep. specialize (Hrep k2 (proj2 (in_seq _ _ _) (conj (Nat.le_0_l _) Hk2'))).
    rewrite Hat1, Hat2 in Hrep. simpl in Hrep.
    apply orb_true_iff in Hrep as [Hk|Hk].
    + apply Nat.eqb_eq in Hk. subst k2. apply Hne. congruence.
    + pose proof (Hcomp (r1, c1) (all_cells_in n r1 c1 Hr1 Hc1)) as H1.
      pose proof (Hcomp (r2, c2) (all_cells_in n r2 c2 Hr2 Hc2)) as H2. simpl in H1, H2.
      unfold grid_value in E. unfold same_digit in Hk.
      destruct (g r1 c1), (g r2 c2); try discriminate.
      subst. rewrite Nat.eqb_refl in Hk. discriminate.
  - intros r c d Hr Hc Hp. unfold agrees_with in Hag. rewrite forallb_forall in Hag.
    specialize (Hag (r, c) (all_cells_in n r c Hr Hc)).
    specialize (Hcomp (r, c) (all_cells_in n r c Hr Hc)). simpl in Hag, Hcomp.
    rewrite Hp in Hag. unfold grid_value.
    destruct (g r c); [apply Nat.eqb_eq in Hag; auto|discriminate].
Qed.

(** ** The theorem the checker relies on *)

(** A certificate the kernel accepts proves its claim: [Solution g] — [g] is the unique
    solution; [Contradiction] — there is none; [Consequences g] — every solution agrees with
    [g]; [Multiple a b] — two distinct solutions. *)
Theorem check_sound cl steps : check cl steps = true -> claim_holds cl.
Proof.
  unfold check. intro H. apply andb_true_iff in H as [Hn H]. apply Nat.ltb_lt in Hn.
  destruct (check_steps ([], []) steps) as [[done stack]|] eqn:Hsteps; [|discriminate].
  destruct cl as [g| |g|a b]; simpl in H |- *.
  - apply andb_true_iff in H as [Hv Hd]. split.
    + apply valid_grid_solves; auto.
    + intros s Hs r c Hr Hc.
      assert (Hcomp : exists v, g r c = Some v).
      { unfold valid_grid, complete in Hv. apply andb_true_iff in Hv as [Hv _].
        apply andb_true_iff in Hv as [Hv _]. rewrite forallb_forall in Hv.
        specialize (Hv (r, c) (all_cells_in n r c Hr Hc)). simpl in Hv.
        destruct (g r c); [eauto|discriminate]. }
      destruct Hcomp as [v Hv'].
      unfold grid_value. rewrite Hv'.
      eapply all_derived_agrees; eauto.
  - intros s Hs. unfold root_bottom in H. apply existsb_exists in H as [inf [Hin Hb]].
    destruct (i_home inf) eqn:Hh; [discriminate|].
    apply In_nth_error in Hin as [j Hj].
    pose proof (root_facts_hold _ _ _ Hn Hsteps j inf s Hj Hh Hs) as Hold.
    destruct (i_fact inf); try discriminate. exact Hold.
  - apply andb_true_iff in H as [_ Hd]. intros s Hs. eapply all_derived_agrees; eauto.
  - apply andb_true_iff in H as [H Hdiff]. apply andb_true_iff in H as [Ha Hb].
    repeat split; try (apply valid_grid_solves; auto).
    unfold differ in Hdiff. apply existsb_exists in Hdiff as [[r c] [Hin Hd]].
    unfold all_cells in Hin. apply in_prod_iff in Hin as [Hr Hc].
    apply in_seq in Hr, Hc. exists r, c. repeat split; try lia.
    unfold valid_grid, complete in Ha, Hb.
    apply andb_true_iff in Ha as [Ha _]. apply andb_true_iff in Ha as [Ha _].
    apply andb_true_iff in Hb as [Hb _]. apply andb_true_iff in Hb as [Hb _].
    rewrite forallb_forall in Ha, Hb.
    specialize (Ha (r, c) (all_cells_in n r c ltac:(lia) ltac:(lia))).
    specialize (Hb (r, c) (all_cells_in n r c ltac:(lia) ltac:(lia))). simpl in *.
    unfold grid_value, same_digit in *.
    destruct (a r c), (b r c); try discriminate. intro E. subst.
    rewrite Nat.eqb_refl in Hd. discriminate.
Qed.

End Kernel.
