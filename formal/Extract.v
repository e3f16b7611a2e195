(** Extraction of the checker of Kernel.v to OCaml (formal/ocaml/), for the differential
    test against deduku-check (tests/formal.rs). [nat] becomes OCaml's [int]
    (ExtrOcamlNatInt): that mapping, the OCaml compiler and the driver main.ml are trusted
    by the test, not by any theorem. *)
From Coq Require Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From Deduku Require Import Model Rules Kernel.
Extraction Language OCaml.
Extraction "ocaml/coq_checker.ml" check.
