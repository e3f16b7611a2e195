(** * Assumption 1: the consequence operator is well defined.

    The seed paper assumes that naked and hidden singles "commute": whatever the order in
    which rules fire, the result is the same. Read as a statement about *schedules*, it is a
    theorem for any rules that only add literals and are monotone — proved here for an
    arbitrary type of literals [L] (docs/commutation.md, "The theorem"). Read as a statement
    about the one-pass *operators* [Cn_NS ∘ Cn_HS] and [Cn_HS ∘ Cn_NS], it is false
    (Commute.v). *)

From Coq Require Import List Lia.
Import ListNotations.

Section Closure.
Context {L : Type}.

(** States: sets of literals, as predicates. *)
Definition set : Type := L -> Prop.
Definition subset (A B : set) : Prop := forall l, A l -> B l.
Definition same (A B : set) : Prop := forall l, A l <-> B l.

Lemma subset_refl A : subset A A.
Proof. intros l H; exact H. Qed.

Lemma subset_trans A B C : subset A B -> subset B C -> subset A C.
Proof. intros H1 H2 l H; auto. Qed.

(** ** An abstract operator *)

Section Operator.
Context (T : set -> set).

Definition monotone : Prop := forall A B, subset A B -> subset (T A) (T B).
Definition inflationary : Prop := forall A, subset A (T A).

(** The least set above [x] closed under [T]: the intersection of all such sets
    (Knaster–Tarski; Prop is impredicative, so this is a definition, not an axiom). *)
Definition lfp (x : set) : set :=
  fun l => forall y, subset x y -> subset (T y) y -> y l.

Lemma lfp_above x : subset x (lfp x).
Proof. intros l Hl y Hxy _. auto. Qed.

Lemma lfp_least x y : subset x y -> subset (T y) y -> subset (lfp x) y.
Proof. intros Hxy Hy l Hl. apply Hl; auto. Qed.

(** [lfp x] is a fixpoint of [T]. *)
Lemma lfp_closed x : monotone -> subset (T (lfp x)) (lfp x).
Proof.
  intros Hmono l Hl y Hxy Hy. apply Hy.
  apply (Hmono (lfp x) y); auto. apply lfp_least; auto.
Qed.

Lemma lfp_fixpoint x : monotone -> inflationary -> same (T (lfp x)) (lfp x).
Proof.
  intros Hmono Hinfl l. split.
  - apply lfp_closed; auto.
  - apply Hinfl.
Qed.

(** ** Schedules *)

(** One move of a schedule: add literals that the rules derive from the current state
    (one instance firing, or a parallel round of all of them, or anything in between). *)
Definition step (S S' : set) : Prop := subset S S' /\ subset S' (T S).

(** A schedule started at [x] has reached [S] after [k] moves. *)
Inductive run (x : set) : nat -> set -> Prop :=
| run_start : run x 0 x
| run_step k S S' : run x k S -> step S S' -> run x (Datatypes.S k) S'.

(** A fair schedule stops only where nothing new can be derived. *)
Definition stopped (S : set) : Prop := subset (T S) S.

(** A schedule never overshoots the least fixpoint. *)
Lemma run_below x k S : monotone -> run x k S -> subset S (lfp x).
Proof.
  intros Hmono. induction 1 as [|k S S' _ IH [_ Hstep]].
  - apply lfp_above.
  - eapply subset_trans; [exact Hstep|].
    eapply subset_trans; [apply Hmono; exact IH|]. apply lfp_closed; auto.
Qed.

Lemma run_above x k S : run x k S -> subset x S.
Proof.
  induction 1 as [|k S S' _ IH [Hstep _]].
  - apply subset_refl.
  - eapply subset_trans; eauto.
Qed.

(** **Assumption 1, confluence.** Every fair schedule that stops, stops at [lfp x]. *)
Theorem fair_run_reaches_lfp x k S : monotone -> run x k S -> stopped S -> same S (lfp x).
Proof.
  intros Hmono Hrun Hstop l. split.
  - apply (run_below x k S); auto.
  - apply lfp_least; auto. eapply run_above; eauto.
Qed.

Corollary fair_runs_agree x k1 k2 S1 S2 :
  monotone -> run x k1 S1 -> stopped S1 -> run x k2 S2 -> stopped S2 -> same S1 S2.
Proof.
  intros Hm H1 Hs1 H2 Hs2 l.
  rewrite (fair_run_reaches_lfp x k1 S1 Hm H1 Hs1 l), (fair_run_reaches_lfp x k2 S2 Hm H2 Hs2 l).
  tauto.
Qed.

(** A move that adds something. *)
Definition strict (S S' : set) : Prop := exists l, S' l /\ ~ S l.

Inductive srun (x : set) : nat -> set -> Prop :=
| srun_start : srun x 0 x
| srun_step k S S' : srun x k S -> step S S' -> strict S S' -> srun x (Datatypes.S k) S'.

Lemma srun_run x k S : srun x k S -> run x k S.
Proof. induction 1; econstructor; eauto. Qed.

(** **Assumption 1, termination.** Over a finite universe [U] of literals that the rules
    never leave, a schedule whose every move adds a literal makes at most [|U|] moves:
    the literals added first by each move are distinct members of [U]. *)
Theorem srun_bounded (U : list L) x k S :
  subset x (fun l => In l U) -> (forall A, subset A (fun l => In l U) -> subset (T A) (fun l => In l U)) ->
  srun x k S -> k <= length U.
Proof.
  intros Hx HT Hrun.
  assert (W : forall k S, srun x k S ->
              subset S (fun l => In l U)
              /\ exists ws, length ws = k /\ NoDup ws /\ (forall w, In w ws -> S w)).
  { clear k S Hrun. induction 1 as [|k S S' _ [HU [ws (Hlen & Hnd & Hin)]] [Hsub Hstep] [w [Hw Hnw]]].
    - split; auto. exists []. repeat split; auto. constructor. intros w [].
    - split.
      + eapply subset_trans; [exact Hstep|]. apply HT; auto.
      + exists (w :: ws). split; [simpl; auto|split].
        * constructor; auto.
        * intros w' [<-|Hw']; auto. }
  destruct (W k S Hrun) as [HU [ws (Hlen & Hnd & Hin)]].
  rewrite <- Hlen. apply NoDup_incl_length; auto. intros w Hw. apply HU, Hin, Hw.
Qed.

End Operator.

(** ** Rules given by instances *)

(** An instance of a rule: premises ⟹ conclusions. *)
Definition inst : Type := (list L * list L)%type.

Section Instances.
Context (R : inst -> Prop).

(** An instance is applicable when its premises are present. *)
Definition fires (S : set) (i : inst) : Prop := forall p, In p (fst i) -> S p.

(** [T_R S]: [S] plus every conclusion of every instance of [R] whose premises are in [S]. *)
Definition T_R (S : set) : set :=
  fun l => S l \/ exists i, R i /\ fires S i /\ In l (snd i).

Lemma T_R_monotone : monotone T_R.
Proof.
  intros A B Hab l [Hl|[i (Hi & Hf & Hc)]].
  - left; auto.
  - right. exists i. repeat split; auto. intros p Hp. apply Hab, Hf, Hp.
Qed.

Lemma T_R_inflationary : inflationary T_R.
Proof. intros A l Hl. left; auto. Qed.

(** [Cn_R x]: the closure of [x] under the instances of [R]. *)
Definition Cn (x : set) : set := lfp T_R x.

(** Firing one applicable instance is a move of a schedule; so is a parallel round. *)
Lemma fire_one_step S i :
  R i -> fires S i -> step T_R S (fun l => S l \/ In l (snd i)).
Proof.
  intros Hi Hf. split.
  - intros l Hl; left; auto.
  - intros l [Hl|Hl]; [left; auto|right; exists i; auto].
Qed.

Lemma parallel_round_step S : step T_R S (T_R S).
Proof. split; [apply T_R_inflationary|apply subset_refl]. Qed.

(** The Tarski properties of [Cn]: inclusion, monotony, idempotence. *)
Lemma Cn_inclusion x : subset x (Cn x).
Proof. apply lfp_above. Qed.

Lemma Cn_closed x : subset (T_R (Cn x)) (Cn x).
Proof. apply lfp_closed, T_R_monotone. Qed.

Lemma Cn_monotone x y : subset x y -> subset (Cn x) (Cn y).
Proof.
  intros H. apply lfp_least.
  - eapply subset_trans; [exact H|apply Cn_inclusion].
  - apply Cn_closed.
Qed.

Lemma Cn_idempotent x : same (Cn (Cn x)) (Cn x).
Proof.
  intro l. split.
  - apply lfp_least; [apply subset_refl|apply Cn_closed].
  - apply Cn_inclusion.
Qed.

Lemma Cn_same x y : same x y -> same (Cn x) (Cn y).
Proof.
  intros H l. split; apply Cn_monotone; intros l' Hl'; apply H; auto.
Qed.

(** [Cn] is the set of literals with a derivation (a Hilbert-style proof) from [x]. *)
Inductive derivable (x : set) : L -> Prop :=
| dv_hyp l : x l -> derivable x l
| dv_rule i l : R i -> (forall p, In p (fst i) -> derivable x p) -> In l (snd i) -> derivable x l.

Lemma derivable_Cn x l : derivable x l <-> Cn x l.
Proof.
  split.
  - induction 1 as [l Hl|i l Hi Hp IH Hc].
    + apply Cn_inclusion; auto.
    + apply Cn_closed. right. exists i. repeat split; auto.
  - apply lfp_least.
    + intros l' Hl'. apply dv_hyp; auto.
    + intros l' [Hl'|[i (Hi & Hf & Hc)]]; auto. eapply dv_rule; eauto.
Qed.

(** **Soundness of [Cn].** If every instance is sound in a model [H] (premises true ⟹
    conclusions true) and [x] is true in [H], so is all of [Cn x]. *)
Theorem Cn_sound (H : set) x :
  (forall i, R i -> (forall p, In p (fst i) -> H p) -> forall c, In c (snd i) -> H c) ->
  subset x H -> subset (Cn x) H.
Proof.
  intros Hsound Hx. apply lfp_least; auto.
  intros l [Hl|[i (Hi & Hf & Hc)]]; auto. eapply Hsound; eauto.
Qed.

End Instances.

(** ** Several rule sets *)

(** A larger rule set derives more, and one pass of a smaller set stays below. *)
Lemma Cn_rules_monotone (A B : inst -> Prop) x :
  (forall i, A i -> B i) -> subset (Cn A x) (Cn B x).
Proof.
  intros Hab. apply lfp_least.
  - apply Cn_inclusion.
  - intros l [Hl|[i (Hi & Hf & Hc)]]; auto. apply Cn_closed. right. exists i. auto.
Qed.

(** Both one-pass compositions lie below the joint fixpoint [Cn_AB]... *)
Theorem composition_below (A B AB : inst -> Prop) x :
  (forall i, A i -> AB i) -> (forall i, B i -> AB i) ->
  subset (Cn A (Cn B x)) (Cn AB x).
Proof.
  intros HA HB. apply lfp_least.
  - apply lfp_least; [apply Cn_inclusion|].
    intros l [Hl|[i (Hi & Hf & Hc)]]; auto. apply Cn_closed. right. exists i. auto.
  - intros l [Hl|[i (Hi & Hf & Hc)]]; auto. apply Cn_closed. right. exists i. auto.
Qed.

(** ... and closing either one again under both rule sets gives the joint fixpoint. *)
Theorem joint_after_pass (A AB : inst -> Prop) x :
  (forall i, A i -> AB i) -> same (Cn AB (Cn A x)) (Cn AB x).
Proof.
  intros HA l. split.
  - intro Hl. apply (proj1 (Cn_idempotent AB x l)).
    apply (Cn_monotone AB (Cn A x) (Cn AB x)); auto. apply Cn_rules_monotone; auto.
  - apply Cn_monotone. apply Cn_inclusion.
Qed.

End Closure.

Arguments set : clear implicits.
Arguments inst : clear implicits.
