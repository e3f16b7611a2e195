#!/usr/bin/env bash
# Classify puzzles with CaDiCaL, as the plain solver does: find a solution of
# the puzzle's CNF (deduku's encoding), then add the blocking clause of that
# model and solve again (UNSAT = unique, SAT = several). Prints one line per
# puzzle: label, seconds to the model, seconds to the second answer, total.
#
#   bash benches/cadical_classify.sh LABEL PUZZLE [LABEL PUZZLE]...
#
# PUZZLE is a file with one puzzle or the puzzle string (as `deduku export`
# takes it). Needs `cadical` on PATH and `cargo build --release` first.
# TIMEOUT (seconds per cadical call, default 600) bounds each run.
set -euo pipefail
DEDUKU=${DEDUKU:-target/release/deduku}
TIMEOUT=${TIMEOUT:-600}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Runs cadical on $1; prints "exit-code seconds".
run_cadical() {
    local start end rc
    start=$(date +%s.%N)
    set +e
    timeout "$TIMEOUT" cadical -q "$1" >"$TMP/out"
    rc=$?
    set -e
    end=$(date +%s.%N)
    echo "$rc $(echo "$end - $start" | bc)"
}

printf '%-12s %10s %10s %10s  %s\n' puzzle model_s second_s total_s class
while [ $# -ge 2 ]; do
    label=$1 puzzle=$2
    shift 2
    # --max-depth 0: export only writes the CNF, it does not classify.
    "$DEDUKU" export "$puzzle" --cnf "$TMP/p.cnf" --no-blocking --max-depth 0 >/dev/null
    read -r rc1 t1 < <(run_cadical "$TMP/p.cnf")
    case $rc1 in
        20) printf '%-12s %10.2f %10s %10.2f  none\n' "$label" "$t1" - "$t1"; continue ;;
        10) ;;
        *) printf '%-12s %10s %10s %10s  timeout/error (%s)\n' "$label" ">$TIMEOUT" - - "$rc1"; continue ;;
    esac
    # The blocking clause: the negation of the model's true cell variables.
    block=$(grep '^v' "$TMP/out" | tr ' ' '\n' | grep -E '^[1-9][0-9]*$' | sed 's/^/-/' | tr '\n' ' ')
    awk -v block="$block" '/^p cnf/ { $4 = $4 + 1 } { print } END { print block "0" }' \
        "$TMP/p.cnf" >"$TMP/b.cnf"
    read -r rc2 t2 < <(run_cadical "$TMP/b.cnf")
    case $rc2 in
        20) class=unique ;;
        10) class=multiple ;;
        *) class="timeout/error on the second call ($rc2)" ;;
    esac
    printf '%-12s %10.2f %10.2f %10.2f  %s\n' "$label" "$t1" "$t2" "$(echo "$t1 + $t2" | bc)" "$class"
done
