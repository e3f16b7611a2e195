#!/usr/bin/env bash
# Extracts the checker of Kernel.v to OCaml and compiles it with the driver ocaml/main.ml
# into ocaml/deduku-check-coq. Needs the Coq build (check.sh) and ocamlopt (Debian's coq
# depends on ocaml-nox, which provides it).
set -euo pipefail
cd "$(dirname "$0")"
bash check.sh
coqc -Q . Deduku Extract.v
cd ocaml
ocamlopt -w -a coq_checker.mli coq_checker.ml main.ml -o deduku-check-coq
echo "formal: built formal/ocaml/deduku-check-coq"
