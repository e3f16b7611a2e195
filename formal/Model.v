(** * The model: grids of order [n], cells, digits, units, solutions.

    Everything here is 0-based: rows, columns and digits of a grid of order [n]
    range over [0 .. n*n - 1]. The certificate format is 1-based ([r3c5=7]); the
    fact [Place r c d] of this development is the fact [Place(r: r+1, c: c+1, d: d+1)]
    of a certificate. Units are numbered from 0 here and from 1 in the format. *)

From Coq Require Import Arith Lia List Bool.
Import ListNotations.

(** The side [N = n*n]: digits, rows, columns and boxes each number [N]. *)
Definition side (n : nat) : nat := n * n.

(** ** Units and literals *)

(** A unit: row [i], column [i] or box [i] (boxes left to right, top to bottom). *)
Inductive Unit : Set := Row (i : nat) | Col (i : nat) | Box (i : nat).

(** A fact a step concludes: a placement [r,c=d], an elimination [r,c<>d], or falsum. *)
Inductive fact : Set :=
| Place (r c d : nat)
| Elim (r c d : nat)
| Bottom.

(** ** Geometry (checker/src/geometry.rs) *)

(** The box holding cell [(r, c)]. *)
Definition box_of (n r c : nat) : nat := (r / n) * n + c / n.

(** Whether cell [(r, c)] lies in unit [u]. *)
Definition in_unit (n : nat) (u : Unit) (r c : nat) : bool :=
  match u with
  | Row i => r =? i
  | Col i => c =? i
  | Box i => box_of n r c =? i
  end.

(** The [k]-th cell of a unit; boxes are read row by row. *)
Definition cell_at (n : nat) (u : Unit) (k : nat) : nat * nat :=
  match u with
  | Row i => (i, k)
  | Col i => (k, i)
  | Box i => ((i / n) * n + k / n, (i mod n) * n + k mod n)
  end.

(** Where a cell sits in a unit, if it is in it (the [k] of [cell_at]). *)
Definition position_in (n : nat) (u : Unit) (r c : nat) : option nat :=
  match u with
  | Row i => if r =? i then Some c else None
  | Col i => if c =? i then Some r else None
  | Box i => if box_of n r c =? i then Some ((r mod n) * n + c mod n) else None
  end.

(** Whether a unit's index is in range. *)
Definition unit_ok (n : nat) (u : Unit) : bool :=
  match u with Row i | Col i | Box i => i <? side n end.

(** Two distinct cells sharing a row, a column or a box. *)
Definition are_peers (n : nat) (a b : nat * nat) : bool :=
  let '(r, c) := a in
  let '(r', c') := b in
  negb ((r =? r') && (c =? c'))
  && ((r =? r') || (c =? c') || (box_of n r c =? box_of n r' c')).

(** Every coordinate and digit of a fact is in range (⊥ has none). *)
Definition fact_ok (n : nat) (f : fact) : bool :=
  match f with
  | Place r c d | Elim r c d => (r <? side n) && (c <? side n) && (d <? side n)
  | Bottom => true
  end.

(** The cells, row by row. *)
Definition all_cells (n : nat) : list (nat * nat) := list_prod (seq 0 (side n)) (seq 0 (side n)).

(** The [3N] units: rows, then columns, then boxes. *)
Definition all_units (n : nat) : list Unit :=
  map Row (seq 0 (side n)) ++ map Col (seq 0 (side n)) ++ map Box (seq 0 (side n)).

Lemma all_cells_in n r c : r < side n -> c < side n -> In (r, c) (all_cells n).
Proof. intros. unfold all_cells. apply in_prod; apply in_seq; lia. Qed.

Lemma all_cells_spec n r c : In (r, c) (all_cells n) <-> r < side n /\ c < side n.
Proof.
  unfold all_cells. rewrite in_prod_iff, !in_seq. lia.
Qed.

Lemma all_units_in n u : unit_ok n u = true -> In u (all_units n).
Proof.
  unfold all_units. destruct u as [i|i|i]; simpl; intro H; apply Nat.ltb_lt in H;
    repeat rewrite in_app_iff.
  - left. apply in_map, in_seq. lia.
  - right; left. apply in_map, in_seq. lia.
  - right; right. apply in_map, in_seq. lia.
Qed.

Lemma all_units_ok n u : In u (all_units n) -> unit_ok n u = true.
Proof.
  unfold all_units. rewrite !in_app_iff, !in_map_iff.
  intros [[i [<- Hi]]|[[i [<- Hi]]|[i [<- Hi]]]]; apply in_seq in Hi; simpl;
    apply Nat.ltb_lt; lia.
Qed.

(** ** Solutions *)

(** A total assignment of a digit to every cell. *)
Definition assignment : Type := nat -> nat -> nat.

(** A solution of the empty grid: every cell holds a digit, no unit repeats one. *)
Definition is_solution (n : nat) (s : assignment) : Prop :=
  (forall r c, r < side n -> c < side n -> s r c < side n) /\
  (forall u r1 c1 r2 c2,
      r1 < side n -> c1 < side n -> r2 < side n -> c2 < side n ->
      in_unit n u r1 c1 = true -> in_unit n u r2 c2 = true ->
      (r1, c1) <> (r2, c2) -> s r1 c1 <> s r2 c2).

(** A (partial) grid: the givens of a puzzle, or a grid named by a claim. *)
Definition grid : Type := nat -> nat -> option nat.

(** The assignment agrees with every filled cell of the grid. *)
Definition agrees (n : nat) (g : grid) (s : assignment) : Prop :=
  forall r c d, r < side n -> c < side n -> g r c = Some d -> s r c = d.

(** A solution of the puzzle with givens [g]. *)
Definition solves (n : nat) (g : grid) (s : assignment) : Prop :=
  is_solution n s /\ agrees n g s.

(** [holds s f]: the fact is true in the assignment; ⊥ is never true. *)
Definition holds (s : assignment) (f : fact) : Prop :=
  match f with
  | Place r c d => s r c = d
  | Elim r c d => s r c <> d
  | Bottom => False
  end.

(** ** Geometry lemmas *)

Lemma divmod_pair n x y : y < n -> (x * n + y) / n = x /\ (x * n + y) mod n = y.
Proof.
  intro Hy. assert (n <> 0) by lia. split.
  - rewrite Nat.div_add_l by lia. rewrite Nat.div_small by lia. lia.
  - rewrite Nat.add_comm, Nat.mod_add by lia. apply Nat.mod_small; lia.
Qed.

Lemma div_lt n x : 0 < n -> x < side n -> x / n < n.
Proof. unfold side; intros. apply Nat.div_lt_upper_bound; lia. Qed.

Lemma mod_lt n x : 0 < n -> x mod n < n.
Proof. intros. apply Nat.mod_upper_bound; lia. Qed.

Lemma pair_lt n x y : x < n -> y < n -> x * n + y < side n.
Proof. unfold side; nia. Qed.

Lemma decompose n x : 0 < n -> x = (x / n) * n + x mod n.
Proof. intros. rewrite (Nat.div_mod_eq x n) at 1. lia. Qed.

Lemma box_of_lt n r c : 0 < n -> r < side n -> c < side n -> box_of n r c < side n.
Proof.
  intros Hn Hr Hc. unfold box_of.
  apply pair_lt; apply div_lt; auto.
Qed.

(** The [k]-th cell of a unit is a cell of the grid, in that unit. *)
Lemma cell_at_ok n u k r c :
  0 < n -> unit_ok n u = true -> k < side n -> cell_at n u k = (r, c) ->
  r < side n /\ c < side n /\ in_unit n u r c = true.
Proof.
  intros Hn Hu Hk Hat. destruct u as [i|i|i]; simpl in *;
    apply Nat.ltb_lt in Hu; inversion Hat; subst; clear Hat.
  - repeat split; auto. apply Nat.eqb_refl.
  - repeat split; auto. apply Nat.eqb_refl.
  - pose proof (div_lt n i Hn Hu). pose proof (div_lt n k Hn Hk).
    pose proof (mod_lt n i Hn). pose proof (mod_lt n k Hn).
    repeat split; try (apply pair_lt; assumption).
    apply Nat.eqb_eq. unfold box_of.
    destruct (divmod_pair n (i / n) (k / n)) as [-> _]; auto.
    destruct (divmod_pair n (i mod n) (k mod n)) as [-> _]; auto.
    symmetry. rewrite (decompose n i) at 1 by lia. reflexivity.
Qed.

(** Distinct positions name distinct cells. *)
Lemma cell_at_inj n u k1 k2 :
  0 < n -> k1 < side n -> k2 < side n -> cell_at n u k1 = cell_at n u k2 -> k1 = k2.
Proof.
  intros Hn H1 H2 Heq. destruct u as [i|i|i]; simpl in Heq; inversion Heq; auto.
  assert (k1 / n = k2 / n) by lia.
  rewrite (decompose n k1), (decompose n k2) by lia. lia.
Qed.

(** [position_in] inverts [cell_at]. *)
Lemma position_in_spec n u r c k :
  0 < n -> r < side n -> c < side n -> position_in n u r c = Some k ->
  k < side n /\ cell_at n u k = (r, c) /\ in_unit n u r c = true.
Proof.
  intros Hn Hr Hc Hp. destruct u as [i|i|i]; simpl in Hp |- *.
  - destruct (Nat.eqb_spec r i); inversion Hp; subst. auto.
  - destruct (Nat.eqb_spec c i); inversion Hp; subst. auto.
  - destruct (Nat.eqb_spec (box_of n r c) i) as [Hb|]; inversion Hp; subst; clear Hp.
    pose proof (mod_lt n r Hn). pose proof (mod_lt n c Hn).
    pose proof (div_lt n r Hn Hr). pose proof (div_lt n c Hn Hc).
    destruct (divmod_pair n (r mod n) (c mod n)) as [Hd Hm]; auto.
    unfold box_of. rewrite Hd, Hm.
    destruct (divmod_pair n (r / n) (c / n)) as [Hd' Hm']; auto.
    rewrite Hd', Hm'.
    repeat split; [apply pair_lt; auto|].
    f_equal; symmetry; apply decompose; auto.
Qed.

(** A cell of a unit has a position in it. *)
Lemma position_in_some n u r c :
  in_unit n u r c = true -> exists k, position_in n u r c = Some k.
Proof.
  destruct u; simpl; intro H; rewrite H; eauto.
Qed.

(** A cell in range lies in a unit only if the unit is in range. *)
Lemma in_unit_ok n u r c :
  0 < n -> r < side n -> c < side n -> in_unit n u r c = true -> unit_ok n u = true.
Proof.
  intros Hn Hr Hc. destruct u; simpl; intro H; apply Nat.eqb_eq in H; subst;
    apply Nat.ltb_lt; auto using box_of_lt.
Qed.

(** ** Counting: a pigeonhole principle on lists *)

Lemma NoDup_map_inj {A B} (f : A -> B) (l : list A) :
  NoDup l -> (forall x y, In x l -> In y l -> f x = f y -> x = y) -> NoDup (map f l).
Proof.
  induction l as [|a l IH]; intros Hnd Hinj; simpl; constructor.
  - intro Hin. apply in_map_iff in Hin as [x [Hfx Hx]].
    inversion Hnd; subst.
    assert (a = x) by (apply Hinj; simpl; auto). subst. contradiction.
  - inversion Hnd; subst. apply IH; auto. intros; apply Hinj; simpl; auto.
Qed.

(** An injection from [dom] into [cod], with [cod] no longer than [dom], is onto. *)
Lemma pigeonhole {A B} (f : A -> B) (dom : list A) (cod : list B) :
  NoDup dom ->
  (forall x y, In x dom -> In y dom -> f x = f y -> x = y) ->
  (forall x, In x dom -> In (f x) cod) ->
  length cod <= length dom ->
  forall y, In y cod -> exists x, In x dom /\ f x = y.
Proof.
  intros Hnd Hinj Hinto Hlen y Hy.
  assert (Hincl : incl cod (map f dom)).
  { apply NoDup_length_incl.
    - apply NoDup_map_inj; auto.
    - rewrite map_length; auto.
    - intros b Hb. apply in_map_iff in Hb as [x [<- Hx]]. auto. }
  apply Hincl, in_map_iff in Hy as [x [Hfx Hx]]. eauto.
Qed.

(** The value of an assignment at a cell given as a pair. *)
Definition val (s : assignment) (rc : nat * nat) : nat := s (fst rc) (snd rc).

(** In a solution, two distinct positions of a unit hold distinct digits. *)
Lemma solution_unit_inj n s u k1 k2 :
  0 < n -> is_solution n s -> unit_ok n u = true -> k1 < side n -> k2 < side n ->
  val s (cell_at n u k1) = val s (cell_at n u k2) -> k1 = k2.
Proof.
  intros Hn [_ Hrep] Hu H1 H2 Heq.
  destruct (Nat.eq_dec k1 k2) as [|Hne]; auto. exfalso.
  destruct (cell_at n u k1) as [r1 c1] eqn:E1, (cell_at n u k2) as [r2 c2] eqn:E2.
  destruct (cell_at_ok n u k1 r1 c1) as (? & ? & ?); auto.
  destruct (cell_at_ok n u k2 r2 c2) as (? & ? & ?); auto.
  apply (Hrep u r1 c1 r2 c2); auto.
  intro Hc. apply Hne. apply (cell_at_inj n u); auto. congruence.
Qed.

(** Every unit of a solution holds every digit (pigeonhole: [N] distinct digits in [N] cells). *)
Lemma digit_somewhere n s u d :
  0 < n -> is_solution n s -> unit_ok n u = true -> d < side n ->
  exists k, k < side n /\ val s (cell_at n u k) = d.
Proof.
  intros Hn Hs Hu Hd.
  destruct (pigeonhole (fun k => val s (cell_at n u k)) (seq 0 (side n)) (seq 0 (side n)))
    with (y := d) as [k [Hk Hv]].
  - apply seq_NoDup.
  - intros x y Hx Hy. apply in_seq in Hx, Hy.
    apply solution_unit_inj; auto; lia.
  - intros k Hk. apply in_seq in Hk. apply in_seq.
    destruct (cell_at n u k) as [r c] eqn:E.
    destruct (cell_at_ok n u k r c) as (? & ? & ?); auto; try lia.
    unfold val; simpl. destruct Hs as [Hv _]. specialize (Hv r c). lia.
  - lia.
  - apply in_seq; lia.
  - apply in_seq in Hk. exists k. split; [lia|auto].
Qed.
