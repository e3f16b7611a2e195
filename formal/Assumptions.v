(** The main theorems depend on no axiom: check.sh compiles this file and requires one
    "Closed under the global context" per [Print Assumptions] below. *)
From Deduku Require Import Model Rules Kernel Closure Instances Commute Negation.

(* Model.v *)
Print Assumptions digit_somewhere.
Print Assumptions pigeonhole.
(* Rules.v *)
Print Assumptions given_sound.
Print Assumptions exclusion_sound.
Print Assumptions naked_single_sound.
Print Assumptions hidden_single_sound.
Print Assumptions empty_cell_sound.
Print Assumptions no_place_sound.
Print Assumptions clash_sound.
Print Assumptions locked_sound.
Print Assumptions naked_sound.
Print Assumptions hidden_sound.
Print Assumptions check_rule_sound.
(* Kernel.v *)
Print Assumptions step_inv.
Print Assumptions root_facts_hold.
Print Assumptions check_sound.
(* Closure.v *)
Print Assumptions lfp_fixpoint.
Print Assumptions fair_run_reaches_lfp.
Print Assumptions fair_runs_agree.
Print Assumptions srun_bounded.
Print Assumptions derivable_Cn.
Print Assumptions Cn_sound.
Print Assumptions Cn_idempotent.
Print Assumptions composition_below.
Print Assumptions joint_after_pass.
(* Instances.v *)
Print Assumptions NSHS_sound.
Print Assumptions Cn_NSHS_sound.
(* Commute.v *)
Print Assumptions iter_correct.
Print Assumptions hs_after_ns_derives.
Print Assumptions ns_after_hs_misses.
Print Assumptions one_pass_not_commuting.
Print Assumptions compositions_below_joint.
(* Negation.v *)
Print Assumptions derives_0_Cn.
Print Assumptions derives_sound.
Print Assumptions refute_or_solve.
Print Assumptions negation_complete.
