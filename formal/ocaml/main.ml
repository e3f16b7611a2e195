(* The driver of the checker extracted from Kernel.v: reads certificates in a plain line
   format (written by tests/formal.rs from deduku-check's parsed proofs) on stdin and
   prints one verdict per certificate, VERIFIED or REJECTED.

     proof <order>
     puzzle <N*N values, 0 blank, 1-based digits>
     claim Solution <grid> | claim Contradiction | claim Consequences <grid>
         | claim Multiple <grid> <grid>
     s <id> <scope id or -> <fact> <rule> : <premise ids>
     end

   Facts: P r c d | E r c d | B. Rules: Given, Exclusion, NakedSingle, HiddenSingle U i,
   EmptyCell, NoPlace U i, Clash, Assume (of a P or an E fact), Negation, Lemma, Locked U i
   U i d, NakedSubset U i cells digits, HiddenSubset U i cells digits; U is R, C or B.
   Coordinates, digits and unit numbers are 1-based as in the format and become 0-based
   here; a 0 (out of range in the format) becomes a value out of every grid's range. *)

open Coq_checker

let out_of_range = 1_000_000

(* 1-based to 0-based. *)
let base v = if v <= 0 then out_of_range else v - 1

let num = int_of_string

let unit_of u i =
  match u with
  | "R" -> Row (base (num i))
  | "C" -> Col (base (num i))
  | "B" -> Box (base (num i))
  | _ -> failwith ("bad unit " ^ u)

(* A grid of N*N values (0 blank) as the function Kernel.v expects. *)
let grid_of side values : grid =
  let a = Array.of_list values in
  if Array.length a <> side * side then failwith "bad grid length";
  fun r c ->
    if r < side && c < side then
      let v = a.((r * side) + c) in
      if v = 0 then None else Some (v - 1)
    else None

(* The fact and the rule's tokens of a step line. *)
let fact_of = function
  | "P" :: r :: c :: d :: rest -> (Place (base (num r), base (num c), base (num d)), rest)
  | "E" :: r :: c :: d :: rest -> (Elim (base (num r), base (num c), base (num d)), rest)
  | "B" :: rest -> (Bottom, rest)
  | _ -> failwith "bad fact"

let rule_of = function
  | [ "Given" ] -> Given
  | [ "Exclusion" ] -> Exclusion
  | [ "NakedSingle" ] -> NakedSingle
  | [ "HiddenSingle"; u; i ] -> HiddenSingle (unit_of u i)
  | [ "EmptyCell" ] -> EmptyCell
  | [ "NoPlace"; u; i ] -> NoPlace (unit_of u i)
  | [ "Clash" ] -> Clash
  | [ "Assume" ] -> Assume
  | [ "Negation" ] -> Negation
  | [ "Lemma" ] -> Lemma
  | [ "Locked"; u; i; v; j; d ] -> LockedCandidates (unit_of u i, unit_of v j, base (num d))
  | [ "NakedSubset"; u; i; c; d ] -> NakedSubset (unit_of u i, num c, num d)
  | [ "HiddenSubset"; u; i; c; d ] -> HiddenSubset (unit_of u i, num c, num d)
  | toks -> failwith ("bad rule " ^ String.concat " " toks)

let words line = List.filter (fun w -> w <> "") (String.split_on_char ' ' (String.trim line))

let rec split_colon acc = function
  | ":" :: rest -> (List.rev acc, rest)
  | w :: rest -> split_colon (w :: acc) rest
  | [] -> failwith "missing ':' in a step"

let step_of = function
  | id :: scope :: rest ->
      let fact, rest = fact_of rest in
      let rule, premises = split_colon [] rest in
      { s_id = num id;
        s_fact = fact;
        s_rule = rule_of rule;
        s_premises = List.map num premises;
        s_scope = (if scope = "-" then None else Some (num scope)) }
  | _ -> failwith "bad step"

let claim_of side = function
  | [ "Contradiction" ] -> CContradiction
  | "Solution" :: g -> CSolution (grid_of side (List.map num g))
  | "Consequences" :: g -> CConsequences (grid_of side (List.map num g))
  | "Multiple" :: g ->
      let cells = side * side in
      let a = List.filteri (fun k _ -> k < cells) g in
      let b = List.filteri (fun k _ -> k >= cells) g in
      CMultiple (grid_of side (List.map num a), grid_of side (List.map num b))
  | _ -> failwith "bad claim"

(* Reads one certificate after its "proof" line, up to "end"; returns the verdict. *)
let certificate order =
  let side = order * order in
  let puzzle = ref None and claim = ref None and steps = ref [] in
  let rec loop () =
    match words (input_line stdin) with
    | [ "end" ] -> ()
    | "puzzle" :: g -> puzzle := Some (grid_of side (List.map num g)); loop ()
    | "claim" :: c -> claim := Some (claim_of side c); loop ()
    | "s" :: s -> steps := step_of s :: !steps; loop ()
    | _ -> failwith "bad line"
  in
  loop ();
  match (!puzzle, !claim) with
  | Some p, Some c -> check order p c (List.rev !steps)
  | _ -> failwith "certificate without puzzle or claim"

let () =
  try
    while true do
      match words (input_line stdin) with
      | [ "proof"; order ] ->
          print_endline (if certificate (num order) then "VERIFIED" else "REJECTED")
      | [] -> ()
      | _ -> failwith "expected 'proof <order>'"
    done
  with End_of_file -> ()
