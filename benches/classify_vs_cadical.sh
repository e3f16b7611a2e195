#!/usr/bin/env bash
# Classification side by side: deduku's plain solver against CaDiCaL.
#
#   bash benches/classify_vs_cadical.sh LABEL PUZZLE [LABEL PUZZLE]...
#
# PUZZLE is a file holding one puzzle or the puzzle string (as `deduku
# export` takes it). For each puzzle:
# * deduku: `examples/classify` (plain solver, no certificate): class and
#   branches opened;
# * CaDiCaL: solve the puzzle's CNF (deduku's encoding), then add the blocking
#   clause of the model and solve again (UNSAT = unique, SAT = several).
# Times are CPU seconds (user + system, via /usr/bin/time): on a shared
# machine that is what a side-by-side comparison can rely on. The last
# column is deduku's time over CaDiCaL's total.
#
# Needs `cadical` on PATH and, first:
#   cargo build --release && cargo build --release --example classify
# TIMEOUT (seconds per run, default 1800) and BUDGET (branches, default
# unbounded) bound each run. With CERTIFY=1 deduku's side is the certified run
# (`solve --search $SEARCH` with a certificate, plus `deduku-check` on it; SEARCH is
# `dfs` by default, or `cdcl`).
set -euo pipefail
DEDUKU=${DEDUKU:-target/release/deduku}
CLASSIFY=${CLASSIFY:-target/release/examples/classify}
CHECK=${CHECK:-target/release/deduku-check}
TIMEOUT=${TIMEOUT:-1800}
BUDGET=${BUDGET:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Runs "$@" under the timeout, stdout to $TMP/out; prints "exit-code cpu-seconds".
cpu() {
    local rc user sys
    set +e
    /usr/bin/time -f "%U %S" -o "$TMP/time" timeout "$TIMEOUT" "$@" >"$TMP/out"
    rc=$?
    set -e
    read -r user sys < <(tail -n 1 "$TMP/time")
    echo "$rc $(echo "$user + $sys" | bc)"
}

# CERTIFY=1: deduku's side is the certified run instead — `solve --search $SEARCH` with a
# certificate, then `deduku-check` on it; the class is the checker's verdict and the
# "branches" column the search's assumptions.
certify() {
    local rc1 t1 rc2 t2
    read -r rc1 t1 < <(cpu "$DEDUKU" solve "$1" --search "${SEARCH:-dfs}" --timeout "$TIMEOUT" \
        --proof "$TMP/p.ron" --format json)
    nodes=$(sed -n 's/.*"assumptions":\([0-9]*\).*/\1/p' "$TMP/out")
    read -r rc2 t2 < <(cpu "$CHECK" "$1" "$TMP/p.ron")
    ours=$(awk '{ print $2 }' "$TMP/out")
    [ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ] || ours="failed"
    t_ours=$(echo "$t1 + $t2" | bc)
}

printf '%-8s %-9s %9s %9s | %9s %9s %9s %-9s | %7s\n' \
    puzzle deduku branches cpu_s model_s second_s total_s cadical ratio
while [ $# -ge 2 ]; do
    label=$1 puzzle=$2
    shift 2
    if [ -n "${CERTIFY:-}" ]; then
        certify "$puzzle"
    else
        read -r rc t_ours < <(cpu "$CLASSIFY" "$puzzle" $BUDGET)
        if [ "$rc" -eq 0 ]; then
            read -r _ ours nodes _ <"$TMP/out"
        else
            ours="timeout" nodes="-"
        fi
    fi
    # --max-depth 0: export only writes the CNF, it does not classify.
    "$DEDUKU" export "$puzzle" --cnf "$TMP/p.cnf" --no-blocking --max-depth 0 >/dev/null
    read -r rc1 t1 < <(cpu cadical -q "$TMP/p.cnf")
    t2=0
    case $rc1 in
        20) theirs=none ;;
        10)
            # The blocking clause: the negation of the model's true cell variables.
            block=$(grep '^v' "$TMP/out" | tr ' ' '\n' | grep -E '^[1-9][0-9]*$' | sed 's/^/-/' | tr '\n' ' ')
            awk -v block="$block" '/^p cnf/ { $4 = $4 + 1 } { print } END { print block "0" }' \
                "$TMP/p.cnf" >"$TMP/b.cnf"
            read -r rc2 t2 < <(cpu cadical -q "$TMP/b.cnf")
            case $rc2 in
                20) theirs=unique ;;
                10) theirs=multiple ;;
                *) theirs="timeout" ;;
            esac
            ;;
        *) theirs="timeout" ;;
    esac
    total=$(echo "$t1 + $t2" | bc)
    ratio=$(awk -v a="$t_ours" -v b="$total" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '%-8s %-9s %9s %9.2f | %9.2f %9.2f %9.2f %-9s | %7s\n' \
        "$label" "$ours" "$nodes" "$t_ours" "$t1" "$t2" "$total" "$theirs" "$ratio"
done
