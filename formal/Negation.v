(** * The negation rule: soundness and completeness.

    [derives k G l]: the literal [l] follows from the list [G] of givens and assumptions
    by the rules of [R] and by Negation whose subproofs nest at most [k] deep — the
    natural-deduction reading of a certificate's Assume/Negation boxes
    (docs/negation.md). At depth 0 it is [Cn]. The completeness theorem: for every puzzle
    with at most one solution, depth = number of empty cells derives ⊥ or a placement for
    every cell. *)

From Coq Require Import Arith Lia List Bool.
Import ListNotations.
From Deduku Require Import Model Rules Closure Instances.

Section Negation.
Context (n : nat) (R : Inst -> Prop).
Local Notation N := (side n).

Inductive derives : nat -> list fact -> fact -> Prop :=
| d_hyp k G l : In l G -> derives k G l
| d_rule k G i l :
    R i -> (forall p, In p (fst i) -> derives k G p) -> In l (snd i) -> derives k G l
| d_neg k G r c d :
    derives k (Place r c d :: G) Bottom -> derives (S k) G (Elim r c d).

Lemma derives_depth_succ k G l : derives k G l -> derives (S k) G l.
Proof.
  induction 1 as [k G l H|k G i l Hi Hp IH Hc|k G r c d H IH].
  - apply d_hyp; auto.
  - eapply d_rule; eauto.
  - apply d_neg; auto.
Qed.

Lemma derives_depth_le k k' G l : k <= k' -> derives k G l -> derives k' G l.
Proof. induction 1; auto using derives_depth_succ. Qed.

(** At depth 0, [derives] is [Cn]: the closure of the givens under the rules. *)
Theorem derives_0_Cn G l : derives 0 G l <-> Cn R (fun l => In l G) l.
Proof.
  split.
  - intro H. apply derivable_Cn. remember 0 as k eqn:Ek. revert Ek.
    induction H as [k G l H|k G i l Hi Hp IH Hc|k G r c d H IH]; intro Ek.
    + apply dv_hyp; auto.
    + eapply dv_rule; eauto.
    + discriminate.
  - intro H. apply derivable_Cn in H.
    induction H as [l H|i l Hi Hp IH Hc].
    + apply d_hyp; auto.
    + eapply d_rule; eauto.
Qed.

Definition all_hold (s : assignment) (G : list fact) : Prop := forall l, In l G -> holds s l.

(** **Soundness.** With sound instances, whatever [derives] at any depth holds in every
    solution in which the givens and assumptions hold: the Negation case is the argument of
    ¬-introduction — a solution with [c=d] would make the box's ⊥ true. *)
Theorem derives_sound k G l :
  (forall i s, R i -> is_solution n s -> inst_sound s i) ->
  derives k G l -> forall s, is_solution n s -> all_hold s G -> holds s l.
Proof.
  intros HR. induction 1 as [k G l H|k G i l Hi Hp IH Hc|k G r c d H IH]; intros s Hs Hall.
  - auto.
  - eapply (HR i s); eauto.
  - simpl. intro E. apply (IH s Hs). intros l [<-|Hl]; auto.
Qed.

(** ** The rules completeness needs: Exclusion, NakedSingle, EmptyCell, Clash *)

Context (HR : forall i, R_NS n i -> R i).

Lemma derive_clash k G r c d :
  r < N -> c < N -> d < N ->
  derives k G (Place r c d) -> derives k G (Elim r c d) -> derives k G Bottom.
Proof.
  intros Hr Hc Hd H1 H2. apply d_rule with (i := clash_inst r c d).
  - apply HR, core_in_NS, clash_in_core; auto.
  - intros p [<-|[<-|[]]]; auto.
  - left; auto.
Qed.

(** Exclusion: from [c=d], any of its eliminations (a peer's [d], or another digit at [c]). *)
Lemma derive_excl k G r c d l :
  r < N -> c < N -> d < N -> In l (snd (excl_inst n r c d)) ->
  derives k G (Place r c d) -> derives k G l.
Proof.
  intros. apply d_rule with (i := excl_inst n r c d); auto.
  - apply HR, core_in_NS, excl_in_core; auto.
  - intros p [<-|[]]; auto.
Qed.

Lemma derive_empty k G r c :
  r < N -> c < N -> (forall d, d < N -> derives k G (Elim r c d)) -> derives k G Bottom.
Proof.
  intros Hr Hc H. apply d_rule with (i := empty_inst n r c).
  - apply HR, core_in_NS, empty_in_core; auto.
  - intros p Hp. simpl in Hp. apply in_map_iff in Hp as [d [<- Hd]]. apply in_seq in Hd.
    apply H. lia.
  - left; auto.
Qed.

Lemma derive_ns k G r c d :
  r < N -> c < N -> d < N -> (forall d', d' < N -> d' <> d -> derives k G (Elim r c d')) ->
  derives k G (Place r c d).
Proof.
  intros Hr Hc Hd H. apply d_rule with (i := ns_inst n r c d).
  - apply HR, ns_in_NS. apply per_literal_in; auto.
  - intros p Hp. simpl in Hp. apply in_map_iff in Hp as [d' [<- Hd']].
    apply others_spec in Hd' as [? ?]. auto.
  - left; auto.
Qed.

(** ** Open cells *)

Definition has_place (G : list fact) (r c : nat) : bool :=
  existsb (fun l => match l with Place r' c' _ => (r' =? r) && (c' =? c) | _ => false end) G.

Definition open_cells (G : list fact) : list (nat * nat) :=
  filter (fun rc => negb (has_place G (fst rc) (snd rc))) (all_cells n).

(** The digit placed at a cell by the first placement there (0 if none). *)
Fixpoint pick (G : list fact) (r c : nat) : nat :=
  match G with
  | [] => 0
  | Place r' c' d :: G' => if (r' =? r) && (c' =? c) then d else pick G' r c
  | _ :: G' => pick G' r c
  end.

Lemma pick_in G r c : has_place G r c = true -> In (Place r c (pick G r c)) G.
Proof.
  induction G as [|l G IH]; simpl; [discriminate|].
  destruct l as [r' c' d|r' c' d|]; simpl; auto.
  destruct ((r' =? r) && (c' =? c)) eqn:E; simpl; auto.
  apply andb_true_iff in E as [E1 E2]. apply Nat.eqb_eq in E1, E2. subst. auto.
Qed.

Lemma filter_length_lt {A} (f g : A -> bool) (l : list A) a :
  (forall x, g x = true -> f x = true) -> In a l -> f a = true -> g a = false ->
  length (filter g l) < length (filter f l).
Proof.
  intros Hgf. induction l as [|x l IH]; simpl; intros Hin Hf Hg; [contradiction|].
  assert (Hle : length (filter g l) <= length (filter f l)).
  { clear IH Hin. induction l as [|y l IH']; simpl; auto.
    destruct (g y) eqn:Gy; [rewrite (Hgf y Gy); simpl; lia|].
    destruct (f y); simpl; lia. }
  destruct Hin as [->|Hin].
  - rewrite Hf, Hg. simpl. lia.
  - destruct (g x) eqn:Gx; [rewrite (Hgf x Gx); simpl; specialize (IH Hin Hf Hg); lia|].
    destruct (f x); simpl; specialize (IH Hin Hf Hg); lia.
Qed.

(** Placing a digit in an open cell closes it. *)
Lemma open_decreases G r c d :
  r < N -> c < N -> has_place G r c = false ->
  length (open_cells (Place r c d :: G)) < length (open_cells G).
Proof.
  intros Hr Hc Hopen. unfold open_cells.
  apply filter_length_lt with (a := (r, c)).
  - intros [r' c'] H. simpl in H. apply negb_true_iff in H. apply orb_false_iff in H as [_ H].
    simpl. rewrite H. auto.
  - apply all_cells_in; auto.
  - simpl. rewrite Hopen. auto.
  - simpl. rewrite !Nat.eqb_refl. auto.
Qed.

Lemma open_none G r c : open_cells G = [] -> r < N -> c < N -> has_place G r c = true.
Proof.
  intros H Hr Hc. destruct (has_place G r c) eqn:E; auto.
  assert (In (r, c) (open_cells G)).
  { apply filter_In. split; [apply all_cells_in; auto|simpl; rewrite E; auto]. }
  rewrite H in H0. contradiction.
Qed.

(** ** Completeness *)

Definition facts_ok (G : list fact) : Prop := forall l, In l G -> fact_ok n l = true.

Definition holdsb (s : assignment) (l : fact) : bool :=
  match l with
  | Place r c d => s r c =? d
  | Elim r c d => negb (s r c =? d)
  | Bottom => false
  end.

Lemma holdsb_spec s l : holdsb s l = true <-> holds s l.
Proof.
  destruct l; simpl; [apply Nat.eqb_eq| |split; [discriminate|contradiction]].
  rewrite negb_true_iff, Nat.eqb_neq. tauto.
Qed.

Lemma same_unit_peers u r1 c1 r2 c2 :
  in_unit n u r1 c1 = true -> in_unit n u r2 c2 = true -> (r1, c1) <> (r2, c2) ->
  are_peers n (r1, c1) (r2, c2) = true.
Proof.
  intros H1 H2 Hne. unfold are_peers. apply andb_true_iff. split.
  - apply negb_true_iff. destruct (Nat.eqb_spec r1 r2), (Nat.eqb_spec c1 c2); subst; auto.
    congruence.
  - destruct u; simpl in H1, H2; apply Nat.eqb_eq in H1, H2.
    + subst. rewrite Nat.eqb_refl. reflexivity.
    + subst. rewrite Nat.eqb_refl, orb_true_r. reflexivity.
    + rewrite H1, H2, Nat.eqb_refl, orb_true_r. reflexivity.
Qed.

(** With every cell placed: either the placements clash (⊥ by Exclusion and Clash), or
    they are a solution. *)
Lemma all_placed G :
  facts_ok G -> (forall r c, r < N -> c < N -> has_place G r c = true) ->
  derives 0 G Bottom \/ exists s, is_solution n s /\ all_hold s G.
Proof.
  intros Hok Hplaced. set (s := pick G).
  assert (Hin : forall r c, r < N -> c < N -> In (Place r c (s r c)) G).
  { intros. apply pick_in, Hplaced; auto. }
  assert (Hrange : forall r c, r < N -> c < N -> s r c < N).
  { intros r c Hr Hc. specialize (Hok _ (Hin r c Hr Hc)). simpl in Hok.
    apply andb_true_iff in Hok as [_ Hok]. apply Nat.ltb_lt; auto. }
  destruct (existsb (fun l => negb (holdsb s l)) G) eqn:Hbad.
  - (* a given or assumption fails in [s]: it clashes with a placement *)
    left. apply existsb_exists in Hbad as [l [Hl Hf]]. apply negb_true_iff in Hf.
    pose proof (Hok l Hl) as Hlok.
    destruct l as [r c d|r c d|]; simpl in Hf, Hlok;
      [| |apply d_hyp; auto];
      apply andb_true_iff in Hlok as [Hlok Hd]; apply andb_true_iff in Hlok as [Hr Hc];
      apply Nat.ltb_lt in Hr, Hc, Hd.
    + apply Nat.eqb_neq in Hf. apply (derive_clash 0 G r c d); auto.
      * apply d_hyp; auto.
      * apply (derive_excl 0 G r c (s r c)); auto using excl_concl_digit. apply d_hyp; auto.
    + apply negb_false_iff, Nat.eqb_eq in Hf.
      apply (derive_clash 0 G r c d); auto; apply d_hyp; auto. rewrite <- Hf. auto.
  - destruct (existsb (fun p => are_peers n (fst p) (snd p)
                              && (s (fst (fst p)) (snd (fst p)) =? s (fst (snd p)) (snd (snd p))))
                      (list_prod (all_cells n) (all_cells n))) eqn:Hrep.
    + (* two peers hold the same digit *)
      left. apply existsb_exists in Hrep as [[[r1 c1] [r2 c2]] [Hp Hf]].
      apply in_prod_iff in Hp as [H1 H2]. apply all_cells_spec in H1, H2.
      simpl in Hf. apply andb_true_iff in Hf as [Hpeer Heq]. apply Nat.eqb_eq in Heq.
      destruct H1, H2.
      apply (derive_clash 0 G r2 c2 (s r2 c2)); auto.
      * apply d_hyp; auto.
      * rewrite <- Heq. apply (derive_excl 0 G r1 c1 (s r1 c1)); auto using excl_concl_peer.
        apply d_hyp; auto.
    + (* no clash: [s] is a solution *)
      right. exists s. split; [split|].
      * auto.
      * intros u r1 c1 r2 c2 Hr1 Hc1 Hr2 Hc2 Hu1 Hu2 Hne E.
        assert (Hx : existsb (fun p => are_peers n (fst p) (snd p)
                        && (s (fst (fst p)) (snd (fst p)) =? s (fst (snd p)) (snd (snd p))))
                      (list_prod (all_cells n) (all_cells n)) = true).
        { apply existsb_exists. exists ((r1, c1), (r2, c2)). split.
          - apply in_prod; apply all_cells_in; auto.
          - change (are_peers n (r1, c1) (r2, c2) && (s r1 c1 =? s r2 c2) = true).
            rewrite (same_unit_peers u r1 c1 r2 c2); auto. rewrite E, Nat.eqb_refl. auto. }
        congruence.
      * intros l Hl. apply holdsb_spec. destruct (holdsb s l) eqn:E; auto.
        assert (existsb (fun l => negb (holdsb s l)) G = true).
        { apply existsb_exists. exists l. rewrite E. auto. }
        congruence.
Qed.

(** Either the digits of a cell all fail, or one of them does not. *)
Lemma all_or_some (P Q : nat -> Prop) (ds : list nat) :
  (forall d, In d ds -> P d \/ Q d) -> (forall d, In d ds -> P d) \/ exists d, In d ds /\ Q d.
Proof.
  induction ds as [|d ds IH]; intro H; [left; intros _ []|].
  destruct (H d (or_introl eq_refl)) as [HP|HQ]; [|right; exists d; simpl; auto].
  destruct IH as [HP'|[d' [Hd' HQ]]]; [intros; apply H; simpl; auto| |].
  - left. intros d' [<-|Hd']; auto.
  - right. exists d'. simpl; auto.
Qed.

(** **The claim of docs/negation.md §5**, in its constructive form: a state with at most
    [E] open cells is refuted with negation depth [E], or it has a solution. By induction
    on [E]: assume each digit of an open cell in turn. *)
Theorem refute_or_solve E : forall G,
  facts_ok G -> length (open_cells G) <= E ->
  derives E G Bottom \/ exists s, is_solution n s /\ all_hold s G.
Proof.
  induction E as [|E IH]; intros G Hok Hlen.
  - apply all_placed; auto. intros r c Hr Hc. apply open_none; auto.
    destruct (open_cells G); auto. simpl in Hlen. lia.
  - destruct (open_cells G) as [|[r c] rest] eqn:Hopen.
    + destruct (all_placed G Hok) as [H|H]; auto.
      * intros r c Hr Hc. apply open_none; auto.
      * left. apply (derives_depth_le 0); auto; lia.
    + assert (Hrc : In (r, c) (open_cells G)) by (rewrite Hopen; left; auto).
      apply filter_In in Hrc as [Hrc Hfree]. apply all_cells_spec in Hrc as [Hr Hc].
      simpl in Hfree. apply negb_true_iff in Hfree.
      destruct (all_or_some (fun d => derives E (Place r c d :: G) Bottom)
                            (fun d => exists s, is_solution n s /\ all_hold s (Place r c d :: G))
                            (seq 0 N)) as [Hall|[d [Hd [s [Hs Hsol]]]]].
      * intros d Hd. apply in_seq in Hd. apply IH.
        -- intros l [<-|Hl]; auto. simpl. rewrite !andb_true_iff, !Nat.ltb_lt. lia.
        -- pose proof (open_decreases G r c d Hr Hc Hfree). rewrite Hopen in H. simpl in *. lia.
      * left. apply (derive_empty (S E) G r c); auto.
        intros d Hd. apply d_neg, Hall, in_seq. lia.
      * right. exists s. split; auto. intros l Hl. apply Hsol. right; auto.
Qed.

(** ** Puzzles *)

(** The givens of a grid as a list of placements, and its number of empty cells. *)
Definition givens_list (g : grid) : list fact :=
  flat_map (fun rc => match g (fst rc) (snd rc) with
                      | Some d => [Place (fst rc) (snd rc) d]
                      | None => [] end) (all_cells n).

Definition empty_cells (g : grid) : nat :=
  length (filter (fun rc => match g (fst rc) (snd rc) with None => true | Some _ => false end)
                 (all_cells n)).

(** The givens are digits of the grid (the parser's bound). *)
Definition grid_ok (g : grid) : Prop :=
  forall r c d, r < N -> c < N -> g r c = Some d -> d < N.

Lemma givens_list_spec g l :
  In l (givens_list g) <-> exists r c d, l = Place r c d /\ r < N /\ c < N /\ g r c = Some d.
Proof.
  unfold givens_list. rewrite in_flat_map. split.
  - intros [[r c] [Hrc Hl]]. apply all_cells_spec in Hrc as [Hr Hc]. simpl in Hl.
    destruct (g r c) eqn:E; [|contradiction]. destruct Hl as [<-|[]]. eauto 10.
  - intros (r & c & d & -> & Hr & Hc & E). exists (r, c). split; [apply all_cells_in; auto|].
    simpl. rewrite E. left; auto.
Qed.

Lemma givens_ok g : grid_ok g -> facts_ok (givens_list g).
Proof.
  intros Hg l Hl. apply givens_list_spec in Hl as (r & c & d & -> & Hr & Hc & E).
  simpl. rewrite !andb_true_iff, !Nat.ltb_lt. specialize (Hg r c d Hr Hc E). auto.
Qed.

Lemma solves_givens g s : solves n g s <-> is_solution n s /\ all_hold s (givens_list g).
Proof.
  split.
  - intros [Hs Hag]. split; auto. intros l Hl.
    apply givens_list_spec in Hl as (r & c & d & -> & Hr & Hc & E). simpl. apply Hag; auto.
  - intros [Hs Hall]. split; auto. intros r c d Hr Hc E.
    apply (Hall (Place r c d)). apply givens_list_spec. eauto 10.
Qed.

Lemma has_place_givens g r c :
  r < N -> c < N -> has_place (givens_list g) r c = match g r c with Some _ => true | None => false end.
Proof.
  intros Hr Hc. destruct (has_place (givens_list g) r c) eqn:E.
  - apply existsb_exists in E as [l [Hl Hp]].
    apply givens_list_spec in Hl as (r' & c' & d & -> & _ & _ & E').
    apply andb_true_iff in Hp as [H1 H2]. apply Nat.eqb_eq in H1, H2. subst. rewrite E'. auto.
  - destruct (g r c) eqn:E'; auto.
    assert (In (Place r c n0) (givens_list g)) by (apply givens_list_spec; eauto 10).
    assert (existsb (fun l => match l with Place r' c' _ => (r' =? r) && (c' =? c) | _ => false end)
                    (givens_list g) = true).
    { apply existsb_exists. exists (Place r c n0). rewrite !Nat.eqb_refl. auto. }
    unfold has_place in E. congruence.
Qed.

Lemma open_cells_givens g : length (open_cells (givens_list g)) = empty_cells g.
Proof.
  unfold open_cells, empty_cells. f_equal. apply filter_ext_in.
  intros [r c] Hrc. apply all_cells_spec in Hrc as [Hr Hc]. simpl.
  rewrite has_place_givens; auto. destruct (g r c); auto.
Qed.

(** **Completeness of the negation rule.** For every puzzle with at most one solution,
    the rules plus Negation of depth at most the number of empty cells derive ⊥ (no
    solution) or a placement for every cell (the unique solution). *)
Theorem negation_complete g :
  0 < n -> grid_ok g ->
  (forall s1 s2, solves n g s1 -> solves n g s2 -> forall r c, r < N -> c < N -> s1 r c = s2 r c) ->
  derives (empty_cells g) (givens_list g) Bottom
  \/ forall r c, r < N -> c < N -> exists d, derives (empty_cells g) (givens_list g) (Place r c d).
Proof.
  intros Hn Hg Huniq.
  assert (Hok : facts_ok (givens_list g)) by (apply givens_ok; auto).
  assert (Hlen : length (open_cells (givens_list g)) <= empty_cells g)
    by (rewrite open_cells_givens; auto).
  destruct (refute_or_solve (empty_cells g) (givens_list g) Hok Hlen) as [H|[s0 [Hs0 Hall0]]].
  - left; auto.
  - right. intros r c Hr Hc.
    assert (Hsol0 : solves n g s0) by (apply solves_givens; auto).
    destruct (g r c) as [d|] eqn:E.
    + exists d. apply d_hyp, givens_list_spec. eauto 10.
    + exists (s0 r c). apply derive_ns; auto; [apply Hs0; auto|].
      intros d Hd Hne.
      assert (Hfree : has_place (givens_list g) r c = false) by (rewrite has_place_givens, E; auto).
      pose proof (open_decreases (givens_list g) r c d Hr Hc Hfree) as Hlt.
      rewrite open_cells_givens in Hlt.
      destruct (refute_or_solve (empty_cells g - 1) (Place r c d :: givens_list g))
        as [Hbot|[s1 [Hs1 Hall1]]].
      * intros l [<-|Hl]; [simpl; rewrite !andb_true_iff, !Nat.ltb_lt; lia|apply Hok; auto].
      * lia.
      * replace (empty_cells g) with (S (empty_cells g - 1)) by lia. apply d_neg; auto.
      * exfalso. assert (Hsol1 : solves n g s1).
        { apply solves_givens. split; auto. intros l Hl. apply Hall1. right; auto. }
        assert (s1 r c = d) by (apply (Hall1 (Place r c d)); left; auto).
        apply Hne. rewrite <- H. apply (Huniq s1 s0); auto.
Qed.

End Negation.
