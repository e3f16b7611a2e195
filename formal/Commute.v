(** * The one-pass operators do not commute: [Cn_NS ∘ Cn_HS <> Cn_HS ∘ Cn_NS].

    [Cn] is computed here by an executable fixpoint over finite sets of positives (one
    encoded literal each), proved equal to the least fixpoint of Closure.v; the
    counterexample of docs/commutation.md (11 givens, 1-minimal, from clue17_49158) is then
    checked by [vm_compute]. *)

From Coq Require Import Arith Lia List Bool PArith String Ascii.
From Coq Require Import MSets.MSetPositive.
Import ListNotations.
From Deduku Require Import Model Closure Instances.

(** ** An injective encoding of facts as positives *)

Fixpoint zeros (k : nat) (p : positive) : positive :=
  match k with 0 => p | S k' => xO (zeros k' p) end.

(** Appends [k] in unary ([k] zeros, then a one), so the code is prefix-free. *)
Definition push_nat (k : nat) (p : positive) : positive := xI (zeros k p).

Definition enc (f : fact) : positive :=
  match f with
  | Place r c d => push_nat d (push_nat c (push_nat r 3))
  | Elim r c d => push_nat d (push_nat c (push_nat r 7))
  | Bottom => 1
  end.

Definition not_xO (p : positive) : Prop := match p with xO _ => False | _ => True end.

Lemma zeros_inj k k' p p' :
  not_xO p -> not_xO p' -> zeros k p = zeros k' p' -> k = k' /\ p = p'.
Proof.
  revert k'. induction k as [|k IH]; intros [|k'] Hp Hp' E; simpl in E.
  - auto.
  - subst. contradiction.
  - subst. contradiction.
  - inversion E as [E']. destruct (IH k' Hp Hp' E'). auto.
Qed.

Lemma push_nat_inj k k' p p' :
  not_xO p -> not_xO p' -> push_nat k p = push_nat k' p' -> k = k' /\ p = p'.
Proof. intros Hp Hp' E. inversion E. apply zeros_inj; auto. Qed.

Lemma enc_inj f g : enc f = enc g -> f = g.
Proof.
  destruct f as [r c d|r c d|], g as [r' c' d'|r' c' d'|]; simpl; intro E;
    try discriminate;
    try (apply push_nat_inj in E as [-> E]; [|exact I|exact I];
         apply push_nat_inj in E as [-> E]; [|exact I|exact I];
         apply push_nat_inj in E as [-> E]; [|exact I|exact I];
         try discriminate; reflexivity);
    reflexivity.
Qed.

(** ** Executable rounds and fixpoints *)

Module PS := PositiveSet.

Definition einst : Type := (list positive * list positive)%type.
Definition enc_inst (i : Inst) : einst := (map enc (fst i), map enc (snd i)).

(** A parallel round: every instance whose premises are in [x] adds its conclusions. *)
Definition round (insts : list einst) (x : PS.t) : PS.t :=
  fold_left (fun acc i =>
               if forallb (fun p => PS.mem p x) (fst i)
               then fold_left (fun a c => PS.add c a) (snd i) acc
               else acc) insts x.

(** Rounds until nothing changes; [None] if the fuel runs out first. *)
Fixpoint iter (fuel : nat) (insts : list einst) (x : PS.t) : option PS.t :=
  match fuel with
  | 0 => None
  | S f => let y := round insts x in if PS.equal y x then Some x else iter f insts y
  end.

(** The facts a finite set of positives stands for. *)
Definition den (x : PS.t) : set fact := fun l => PS.In (enc l) x.

Lemma fold_add_spec cs acc e : PS.In e (fold_left (fun a c => PS.add c a) cs acc) <-> PS.In e acc \/ In e cs.
Proof.
  revert acc. induction cs as [|c cs IH]; simpl; intro acc.
  - tauto.
  - rewrite IH, PS.add_spec. intuition.
Qed.

Lemma round_fold_spec (insts : list einst) x acc e :
  PS.In e (fold_left (fun acc i =>
               if forallb (fun p => PS.mem p x) (fst i)
               then fold_left (fun a c => PS.add c a) (snd i) acc
               else acc) insts acc)
  <-> PS.In e acc \/ exists i, In i insts /\ forallb (fun p => PS.mem p x) (fst i) = true
                               /\ In e (snd i).
Proof.
  revert acc. induction insts as [|i insts IH]; simpl; intro acc.
  - split; [auto|intros [H|[i [[] _]]]]; auto.
  - rewrite IH. destruct (forallb (fun p => PS.mem p x) (fst i)) eqn:Hf.
    + rewrite fold_add_spec. split.
      * intros [[H|H]|[j (Hj & Hfj & He)]]; auto; right; eauto.
      * intros [H|[j ([<-|Hj] & Hfj & He)]]; auto; right; eauto.
    + split.
      * intros [H|[j (Hj & Hfj & He)]]; auto; right; eauto.
      * intros [H|[j ([<-|Hj] & Hfj & He)]]; auto; [congruence|right; eauto].
Qed.

(** A round computes exactly the operator [T_R] of Closure.v. *)
Lemma round_spec (insts : list Inst) x l :
  den (round (map enc_inst insts) x) l <-> T_R (fun i => In i insts) (den x) l.
Proof.
  unfold den, round, T_R. rewrite round_fold_spec. split.
  - intros [H|[ei (Hei & Hf & He)]]; [left; auto|right].
    apply in_map_iff in Hei as [i [<- Hi]]. exists i. repeat split; auto.
    + intros p Hp. rewrite forallb_forall in Hf.
      apply PS.mem_spec, Hf. simpl. apply in_map; auto.
    + simpl in He. apply in_map_iff in He as [l' [E Hl']]. apply enc_inj in E. subst. auto.
  - intros [H|[i (Hi & Hf & Hl)]]; [left; auto|right].
    exists (enc_inst i). repeat split.
    + apply in_map; auto.
    + apply forallb_forall. intros p Hp. simpl in Hp. apply in_map_iff in Hp as [q [<- Hq]].
      apply PS.mem_spec, Hf, Hq.
    + simpl. apply in_map; auto.
Qed.

(** **The executable [Cn] is [Cn].** When the rounds stop, they have reached the least
    fixpoint — by Assumption 1 (Closure.v), since a parallel round is a fair move. *)
Theorem iter_correct (insts : list Inst) fuel x0 f :
  iter fuel (map enc_inst insts) x0 = Some f ->
  same (den f) (Cn (fun i => In i insts) (den x0)).
Proof.
  set (R := fun i => In i insts).
  assert (G : forall fuel x k, run (T_R R) (den x0) k (den x) ->
              iter fuel (map enc_inst insts) x = Some f ->
              exists k', run (T_R R) (den x0) k' (den f) /\ stopped (T_R R) (den f)).
  { induction fuel0 as [|fuel0 IH]; simpl; intros x k Hrun H; [discriminate|].
    destruct (PS.equal (round (map enc_inst insts) x) x) eqn:Heq.
    - inversion H; subst. exists k. split; auto.
      apply PS.equal_spec in Heq. intros l Hl. unfold den.
      apply (Heq (enc l)). apply (proj2 (round_spec insts f l)). exact Hl.
    - apply (IH (round (map enc_inst insts) x) (Datatypes.S k)); auto.
      apply run_step with (S := den x); auto. split.
      + intros l Hl. apply round_spec. left; auto.
      + intros l Hl. apply round_spec; auto. }
  intro H. destruct (G fuel x0 0 (run_start _ _) H) as [k [Hrun Hstop]].
  apply (fair_run_reaches_lfp (T_R R) (den x0) k); auto. apply T_R_monotone.
Qed.

(** The set of a list of facts. *)
Definition of_list (ls : list fact) : PS.t :=
  fold_left (fun a l => PS.add (enc l) a) ls PS.empty.

Lemma of_list_spec ls l : den (of_list ls) l <-> In l ls.
Proof.
  unfold den, of_list.
  assert (G : forall acc, PS.In (enc l) (fold_left (fun a l => PS.add (enc l) a) ls acc)
                          <-> PS.In (enc l) acc \/ In l ls).
  { induction ls as [|x ls IH]; simpl; intro acc; [tauto|].
    rewrite IH, PS.add_spec. split.
    - intros [[E|H]|H]; auto. apply enc_inj in E. auto.
    - intros [H|[<-|H]]; auto. }
  rewrite G. split; [intros [H|H]; auto; apply PS.empty_spec in H; contradiction|auto].
Qed.

(** ** The composition [Cn_A ∘ Cn_B], computed *)

Definition fuel : nat := 2000.

(** [Cn_A (Cn_B givens)]: run [B] to its fixpoint, then [A] to its fixpoint. *)
Definition compose (A B : list Inst) (givens : list fact) : option PS.t :=
  match iter fuel (map enc_inst B) (of_list givens) with
  | Some f => iter fuel (map enc_inst A) f
  | None => None
  end.

Lemma compose_correct A B givens f :
  compose A B givens = Some f ->
  same (den f) (Cn (fun i => In i A) (Cn (fun i => In i B) (fun l => In l givens))).
Proof.
  unfold compose. destruct (iter fuel (map enc_inst B) (of_list givens)) as [g|] eqn:Hg;
    [|discriminate].
  intros Hf. apply iter_correct in Hg, Hf.
  intro l. rewrite (Hf l). apply Cn_same. intro l'. rewrite (Hg l').
  apply Cn_same. intro l''. apply of_list_spec.
Qed.

(** Whether [lit] is in [Cn_A ∘ Cn_B] but not in [Cn_B ∘ Cn_A]. *)
Definition separates (A B : list Inst) (givens : list fact) (lit : fact) : bool :=
  match compose A B givens, compose B A givens with
  | Some f, Some g => PS.mem (enc lit) f && negb (PS.mem (enc lit) g)
  | _, _ => false
  end.

Lemma separates_correct A B givens lit :
  separates A B givens lit = true ->
  Cn (fun i => In i A) (Cn (fun i => In i B) (fun l => In l givens)) lit
  /\ ~ Cn (fun i => In i B) (Cn (fun i => In i A) (fun l => In l givens)) lit.
Proof.
  unfold separates.
  destruct (compose A B givens) as [f|] eqn:Hf; [|discriminate].
  destruct (compose B A givens) as [g|] eqn:Hg; [|discriminate].
  intro H. apply andb_true_iff in H as [Hin Hout].
  apply compose_correct in Hf, Hg. split.
  - apply Hf. apply PS.mem_spec. auto.
  - intro H. apply Hg, PS.mem_spec in H. rewrite H in Hout. discriminate.
Qed.

(** ** The witness *)

(** The givens of a 9×9 puzzle line: [1]–[9] are digits, anything else a blank. *)
Fixpoint givens_of (s : string) (i : nat) : list fact :=
  match s with
  | EmptyString => []
  | String ch rest =>
      let k := nat_of_ascii ch in
      if (49 <=? k) && (k <=? 57)
      then Place (i / 9) (i mod 9) (k - 49) :: givens_of rest (S i)
      else givens_of rest (S i)
  end.

(** docs/commutation.md: the smallest shrunk witness, from clue17_49158. *)
Definition witness : string :=
  "......................................1.4......5.......3......4.7..8...962...7...".

Definition X : set fact := fun l => In l (givens_of witness 0).

(** [r1c4≠4] in the format's 1-based notation. *)
Definition r1c4_not_4 : fact := Elim 0 3 3.

Lemma witness_separates : separates (HS_list 3) (NS_list 3) (givens_of witness 0) r1c4_not_4 = true.
Proof. vm_compute. reflexivity. Qed.

(** [Cn_HS ∘ Cn_NS] derives [r1c4≠4] on the witness ... *)
Theorem hs_after_ns_derives : Cn (R_HS 3) (Cn (R_NS 3) X) r1c4_not_4.
Proof. exact (proj1 (separates_correct _ _ _ _ witness_separates)). Qed.

(** ... and [Cn_NS ∘ Cn_HS] does not. *)
Theorem ns_after_hs_misses : ~ Cn (R_NS 3) (Cn (R_HS 3) X) r1c4_not_4.
Proof. exact (proj2 (separates_correct _ _ _ _ witness_separates)). Qed.

(** **The one-pass operators do not commute.** *)
Theorem one_pass_not_commuting : ~ same (Cn (R_NS 3) (Cn (R_HS 3) X)) (Cn (R_HS 3) (Cn (R_NS 3) X)).
Proof.
  intro H. apply ns_after_hs_misses. apply H. apply hs_after_ns_derives.
Qed.

(** Both compositions stay below the joint fixpoint, and closing again gives it (Closure.v). *)
Corollary compositions_below_joint :
  subset (Cn (R_NS 3) (Cn (R_HS 3) X)) (Cn (R_NSHS 3) X)
  /\ subset (Cn (R_HS 3) (Cn (R_NS 3) X)) (Cn (R_NSHS 3) X).
Proof.
  split; apply composition_below; auto using NS_in_NSHS, HS_in_NSHS.
Qed.
