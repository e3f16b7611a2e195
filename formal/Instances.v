(** * The rules of [Cn] as instances, and their soundness.

    An instance is a pair premises ⟹ conclusions of facts (Closure.v). These lists are the
    rule instances that deduku's [Cn] fires (src/cn.rs, src/rules/): Exclusion, NakedSingle,
    HiddenSingle and the three ⊥ rules, for a grid of any order. ⊥ is absorbing: one more
    instance, ⊥ ⟹ every literal, makes the state "⊥" the top of the lattice. Each instance
    is accepted by the checker's rule of the same name (Rules.v; it also takes implied ones). *)

From Coq Require Import Arith Lia List Bool.
Import ListNotations.
From Deduku Require Import Model Rules Closure.

Section Instances.
Context (n : nat).
Local Notation N := (side n).
Local Notation digits := (seq 0 (side n)).

Definition Inst : Type := inst fact.

(** The [k]-th cell of [u] as a fact builder. *)
Definition elim_at (u : Unit) (d k : nat) : fact :=
  Elim (fst (cell_at n u k)) (snd (cell_at n u k)) d.
Definition place_at (u : Unit) (d k : nat) : fact :=
  Place (fst (cell_at n u k)) (snd (cell_at n u k)) d.

Definition others (d : nat) : list nat := filter (fun d' => negb (d' =? d)) digits.

(** Exclusion: [c=d] ⟹ [c'<>d] for every peer [c'], and [c<>d'] for every [d'<>d]. *)
Definition excl_inst (r c d : nat) : Inst :=
  ([Place r c d],
   map (fun rc => Elim (fst rc) (snd rc) d) (filter (are_peers n (r, c)) (all_cells n))
   ++ map (Elim r c) (others d)).

(** NakedSingle: [c<>d'] for every [d'<>d] ⟹ [c=d]. *)
Definition ns_inst (r c d : nat) : Inst := (map (Elim r c) (others d), [Place r c d]).

(** HiddenSingle(u): [c'<>d] for every other cell [c'] of [u] ⟹ [c=d]. *)
Definition hs_inst (u : Unit) (k d : nat) : Inst :=
  (map (elim_at u d) (others k), [place_at u d k]).

(** EmptyCell, NoPlace(u), Clash. *)
Definition empty_inst (r c : nat) : Inst := (map (Elim r c) digits, [Bottom]).
Definition noplace_inst (u : Unit) (d : nat) : Inst := (map (elim_at u d) digits, [Bottom]).
Definition clash_inst (r c d : nat) : Inst := ([Place r c d; Elim r c d], [Bottom]).

(** ⊥ is absorbing: it entails every literal. *)
Definition all_literals : list fact :=
  flat_map (fun rc => flat_map (fun d => [Place (fst rc) (snd rc) d; Elim (fst rc) (snd rc) d])
                               digits) (all_cells n).
Definition explode_inst : Inst := ([Bottom], all_literals).

Definition per_literal (f : nat -> nat -> nat -> Inst) : list Inst :=
  flat_map (fun rc => map (f (fst rc) (snd rc)) digits) (all_cells n).

Definition excl_insts : list Inst := per_literal excl_inst.
Definition ns_insts : list Inst := per_literal ns_inst.
Definition clash_insts : list Inst := per_literal clash_inst.
Definition hs_insts : list Inst :=
  flat_map (fun u => flat_map (fun k => map (hs_inst u k) digits) digits) (all_units n).
Definition empty_insts : list Inst := map (fun rc => empty_inst (fst rc) (snd rc)) (all_cells n).
Definition noplace_insts : list Inst := flat_map (fun u => map (noplace_inst u) digits) (all_units n).

(** Exclusion and the ⊥ rules are always on. *)
Definition core_insts : list Inst :=
  excl_insts ++ empty_insts ++ noplace_insts ++ clash_insts ++ [explode_inst].

(** The rule sets [{NS}], [{HS}] and [{NS, HS}] (plus the core). *)
Definition NS_list : list Inst := ns_insts ++ core_insts.
Definition HS_list : list Inst := hs_insts ++ core_insts.
Definition NSHS_list : list Inst := ns_insts ++ hs_insts ++ core_insts.

Definition R_NS (i : Inst) : Prop := In i NS_list.
Definition R_HS (i : Inst) : Prop := In i HS_list.
Definition R_NSHS (i : Inst) : Prop := In i NSHS_list.

(** ** Membership *)

Lemma per_literal_in f r c d :
  r < N -> c < N -> d < N -> In (f r c d) (per_literal f).
Proof.
  intros. unfold per_literal. apply in_flat_map. exists (r, c). split.
  - apply all_cells_in; auto.
  - apply in_map, in_seq. lia.
Qed.

Lemma per_literal_inv f i :
  In i (per_literal f) -> exists r c d, r < N /\ c < N /\ d < N /\ i = f r c d.
Proof.
  unfold per_literal. intro H. apply in_flat_map in H as [[r c] [Hrc Hi]].
  apply all_cells_spec in Hrc as [Hr Hc]. apply in_map_iff in Hi as [d [<- Hd]].
  apply in_seq in Hd. exists r, c, d. repeat split; auto; lia.
Qed.

Lemma others_spec d d' : In d' (others d) <-> d' < N /\ d' <> d.
Proof.
  unfold others. rewrite filter_In, in_seq, negb_true_iff, Nat.eqb_neq. lia.
Qed.

Lemma excl_concl_peer r c d r' c' :
  r' < N -> c' < N -> are_peers n (r, c) (r', c') = true ->
  In (Elim r' c' d) (snd (excl_inst r c d)).
Proof.
  intros. simpl. apply in_or_app. left.
  apply in_map_iff. exists (r', c'). split; auto.
  apply filter_In. split; auto. apply all_cells_in; auto.
Qed.

Lemma excl_concl_digit r c d d' :
  d' < N -> d' <> d -> In (Elim r c d') (snd (excl_inst r c d)).
Proof.
  intros. simpl. apply in_or_app. right. apply in_map, others_spec. auto.
Qed.

Lemma core_in_NS i : In i core_insts -> R_NS i.
Proof. intro. unfold R_NS, NS_list. apply in_or_app; auto. Qed.

Lemma ns_in_NS i : In i ns_insts -> R_NS i.
Proof. intro. unfold R_NS, NS_list. apply in_or_app; auto. Qed.

Lemma excl_in_core r c d : r < N -> c < N -> d < N -> In (excl_inst r c d) core_insts.
Proof. intros. unfold core_insts. apply in_or_app. left. apply per_literal_in; auto. Qed.

Lemma empty_in_core r c : r < N -> c < N -> In (empty_inst r c) core_insts.
Proof.
  intros. unfold core_insts. apply in_or_app. right. apply in_or_app. left.
  apply (in_map (fun rc => empty_inst (fst rc) (snd rc)) _ (r, c)). apply all_cells_in; auto.
Qed.

Lemma clash_in_core r c d : r < N -> c < N -> d < N -> In (clash_inst r c d) core_insts.
Proof.
  intros. unfold core_insts. do 3 (apply in_or_app; right). apply in_or_app. left.
  apply per_literal_in; auto.
Qed.

Lemma NS_in_NSHS i : R_NS i -> R_NSHS i.
Proof.
  unfold R_NS, R_NSHS, NS_list, NSHS_list. rewrite !in_app_iff. tauto.
Qed.

Lemma HS_in_NSHS i : R_HS i -> R_NSHS i.
Proof.
  unfold R_HS, R_NSHS, HS_list, NSHS_list. rewrite !in_app_iff. tauto.
Qed.

(** ** Soundness of every instance *)

(** The instance is true in [s]: if its premises hold, so do its conclusions. *)
Definition inst_sound (s : assignment) (i : Inst) : Prop :=
  (forall p, In p (fst i) -> holds s p) -> forall c, In c (snd i) -> holds s c.

Lemma excl_sound s r c d : is_solution n s -> r < N -> c < N -> inst_sound s (excl_inst r c d).
Proof.
  intros [Hv Hrep] Hr Hc Hp l Hl. specialize (Hp (Place r c d) (or_introl eq_refl)). simpl in Hp.
  simpl in Hl. apply in_app_iff in Hl as [Hl|Hl].
  - apply in_map_iff in Hl as [[r' c'] [<- Hl]]. apply filter_In in Hl as [Hin Hpeer].
    apply all_cells_spec in Hin as [Hr' Hc'].
    destruct (are_peers_share n r c r' c' Hpeer) as [Hne [u [Hu1 Hu2]]].
    simpl. intro E. apply (Hrep u r c r' c'); auto. congruence.
  - apply in_map_iff in Hl as [d' [<- Hd']]. apply others_spec in Hd' as [_ Hne]. simpl. congruence.
Qed.

Lemma ns_sound s r c d : is_solution n s -> r < N -> c < N -> inst_sound s (ns_inst r c d).
Proof.
  intros [Hv _] Hr Hc Hp l [<-|[]]. simpl.
  destruct (Nat.eq_dec (s r c) d) as [|Hne]; auto. exfalso.
  apply (Hp (Elim r c (s r c))); auto. apply in_map, others_spec. auto.
Qed.

Lemma hs_sound s u k d :
  0 < n -> is_solution n s -> In u (all_units n) -> k < N -> d < N -> inst_sound s (hs_inst u k d).
Proof.
  intros Hn Hs Hu Hk Hd Hp l [<-|[]]. unfold place_at. simpl.
  destruct (digit_somewhere n s u d) as [k0 [Hk0 Hv]]; auto using all_units_ok.
  destruct (Nat.eq_dec k0 k) as [<-|Hne]; auto.
  exfalso. apply (Hp (elim_at u d k0)); auto. apply in_map, others_spec. auto.
Qed.

Lemma empty_sound s r c : is_solution n s -> r < N -> c < N -> inst_sound s (empty_inst r c).
Proof.
  intros [Hv _] Hr Hc Hp l _. exfalso.
  apply (Hp (Elim r c (s r c))); auto. apply in_map, in_seq. specialize (Hv r c Hr Hc). lia.
Qed.

Lemma noplace_sound s u d :
  0 < n -> is_solution n s -> In u (all_units n) -> d < N -> inst_sound s (noplace_inst u d).
Proof.
  intros Hn Hs Hu Hd Hp l _. exfalso.
  destruct (digit_somewhere n s u d) as [k0 [Hk0 Hv]]; auto using all_units_ok.
  apply (Hp (elim_at u d k0)); auto. apply in_map, in_seq. lia.
Qed.

Theorem NSHS_sound s i : 0 < n -> is_solution n s -> R_NSHS i -> inst_sound s i.
Proof.
  intros Hn Hs. unfold R_NSHS, NSHS_list, core_insts. rewrite !in_app_iff.
  intros [H|[H|[H|[H|[H|[H|[H|[]]]]]]]].
  - apply per_literal_inv in H as (r & c & d & ? & ? & ? & ->). apply ns_sound; auto.
  - unfold hs_insts in H. apply in_flat_map in H as [u [Hu H]].
    apply in_flat_map in H as [k [Hk H]]. apply in_map_iff in H as [d [<- Hd]].
    apply in_seq in Hk, Hd. apply hs_sound; auto; lia.
  - apply per_literal_inv in H as (r & c & d & ? & ? & ? & ->). apply excl_sound; auto.
  - apply in_map_iff in H as [[r c] [<- H]]. apply all_cells_spec in H as [? ?].
    apply empty_sound; auto.
  - apply in_flat_map in H as [u [Hu H]]. apply in_map_iff in H as [d [<- Hd]].
    apply in_seq in Hd. apply noplace_sound; auto; lia.
  - apply per_literal_inv in H as (r & c & d & ? & ? & ? & ->).
    intros Hp l _. exfalso.
    pose proof (Hp (Place r c d) (or_introl eq_refl)) as Hc1.
    pose proof (Hp (Elim r c d) (or_intror (or_introl eq_refl))) as Hc2.
    simpl in Hc1, Hc2. auto.
  - rewrite <- H. intros Hp l _. exfalso. apply (Hp Bottom). left; auto.
Qed.

(** Soundness of [Cn]: everything [Cn] derives from facts true in a solution is true in it. *)
Theorem Cn_NSHS_sound s x :
  0 < n -> is_solution n s -> subset x (holds s) -> subset (Cn R_NSHS x) (holds s).
Proof.
  intros Hn Hs Hx. apply Cn_sound; auto.
  intros i Hi Hp c Hc. eapply NSHS_sound; eauto.
Qed.

End Instances.
