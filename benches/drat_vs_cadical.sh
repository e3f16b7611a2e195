#!/usr/bin/env bash
# DRAT proof sizes side by side: deduku's certificates (breadth-first and depth-first
# search) translated to DRAT, against CaDiCaL's own DRAT proof of the same CNF.
#
#   bash benches/drat_vs_cadical.sh FILE [COUNT]
#
# For each of the first COUNT puzzles of FILE (default: all) with a unique solution:
# the CNF with the blocking clause of the solution (docs/sat.md), then
# * deduku: `export --search bfs` and `--search dfs`, with the default `--lemmas needed`,
#   and `--search bfs --lemmas all` (one lemma per certificate step) for reference;
# * CaDiCaL: `cadical --binary=false CNF PROOF` (UNSAT: no other solution).
# A lemma is a line of the text DRAT file that is not a deletion. One row per puzzle
# (tab-separated) on stdout, then the medians on stderr. CHECK=1 also verifies every
# proof with drat-trim (on PATH). Needs `cadical` on PATH and `cargo build --release`.
set -euo pipefail
DEDUKU=${DEDUKU:-target/release/deduku}
FILE=$1
COUNT=${2:-1000000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

lemmas() { grep -vc '^d ' "$1" || true; }
verify() {
    [ "${CHECK:-0}" = 1 ] || return 0
    drat-trim "$TMP/p.cnf" "$1" >"$TMP/check" || true
    tr -d "\r" <"$TMP/check" | grep -qx "s VERIFIED" || { cat "$TMP/check" >&2; echo "NOT VERIFIED: $1 #$n" >&2; exit 1; }
}

printf 'n\tbfs\tdfs\tbfs_all\tcadical\tbfs_bytes\tdfs_bytes\tcadical_bytes\n'
n=0
grep -v '^#' "$FILE" | grep -v '^[[:space:]]*$' | awk -v count="$COUNT" 'NR <= count' | while read -r puzzle _; do
    n=$((n + 1))
    out=$("$DEDUKU" export "$puzzle" --cnf "$TMP/p.cnf" --drat "$TMP/bfs.drat")
    grep -q '^verdict: solution' <<<"$out" || continue
    "$DEDUKU" export "$puzzle" --search dfs --drat "$TMP/dfs.drat" >/dev/null
    "$DEDUKU" export "$puzzle" --lemmas all --drat "$TMP/all.drat" >/dev/null
    set +e
    cadical -q --binary=false "$TMP/p.cnf" "$TMP/cad.drat" >/dev/null
    [ $? -eq 20 ] || { echo "cadical: #$n not UNSAT" >&2; exit 1; }
    set -e
    for f in bfs dfs all cad; do verify "$TMP/$f.drat"; done
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" \
        "$(lemmas "$TMP/bfs.drat")" "$(lemmas "$TMP/dfs.drat")" "$(lemmas "$TMP/all.drat")" \
        "$(lemmas "$TMP/cad.drat")" "$(wc -c <"$TMP/bfs.drat")" "$(wc -c <"$TMP/dfs.drat")" \
        "$(wc -c <"$TMP/cad.drat")"
done | tee "$TMP/rows"
python3 - "$TMP/rows" >&2 <<'PY'
import statistics, sys
rows = [l.split('\t') for l in open(sys.argv[1]).read().splitlines() if l[0].isdigit()]
cols = ['bfs', 'dfs', 'bfs_all', 'cadical', 'bfs_bytes', 'dfs_bytes', 'cadical_bytes']
print(f'{len(rows)} puzzles; median (min-max):')
for i, c in enumerate(cols, 1):
    xs = [int(r[i]) for r in rows]
    print(f'  {c:14} {statistics.median(xs):>9} ({min(xs)}-{max(xs)})')
wins = sum(int(r[1]) <= int(r[4]) for r in rows), sum(int(r[2]) <= int(r[4]) for r in rows)
print(f'  puzzles where ours <= cadical: bfs {wins[0]}, dfs {wins[1]} of {len(rows)}')
PY
