#!/usr/bin/env bash
# The certified ratio to the `sudoku` crate, round by round, for one or two builds of the
# `loops` harness (benches/loops.rs): the figure issue 12's `dfs` target is about, measured
# the way criterion's `certified/` group measures it (each side repeating the same puzzles),
# but with each round's two runs a second apart, so that the machine's slow and fast spells
# touch both sides of a ratio alike.
#
#   bash benches/ratio.sh ROUNDS SET LIMIT REPS LOOPS [LOOPS2]
#   bash benches/ratio.sh 12 9x9/pe96_easy50.txt 50 500 target/release/deps/loops-<hash>
#
# Each round runs, for each binary, `dfs sc` (certified solve + check) REPS times over the
# first LIMIT puzzles of SET, then the crate's uniqueness check 10·REPS times, pinned to core
# $RATIO_CORE (default 1) when `taskset` exists. Printed: each side's minimum and median
# (µs a puzzle); each binary's ratio by minima and the median and quartiles of its per-round
# ratios; with two binaries, the paired ratio of their ratios (second / first), round by
# round. Two binaries built from the same sources with different flags compare the flags:
#
#   RUSTFLAGS="-C target-cpu=x86-64-v3" CARGO_TARGET_DIR=target-v3 \
#       cargo bench --bench loops --no-run
#
# Run it from the repository's root (the harness reads `data/`). Needs python3 (the figures).
set -euo pipefail
usage() { echo "usage: bash benches/ratio.sh ROUNDS SET LIMIT REPS LOOPS [LOOPS2]" >&2; exit 2; }
[ $# -ge 5 ] && [ $# -le 6 ] || usage
rounds=$1 set=$2 limit=$3 reps=$4
shift 4
for n in "$rounds" "$limit" "$reps"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "not a positive count: $n" >&2; usage; }
done
for bin in "$@"; do [ -x "$bin" ] || { echo "not an executable: $bin" >&2; usage; }; done
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${RATIO_CORE:-1}")

# µs a puzzle of one run of `bin` in `mode`.
run() {
    local bin=$1 mode=$2 times=$3
    "${pin[@]}" "$bin" "$set" "$limit" "$times" dfs "$mode" | awk '{print $1}'
}

runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for _ in $(seq "$rounds"); do
    line=""
    for bin in "$@"; do
        line="$line $(run "$bin" sc "$reps") $(run "$bin" crate $((10 * reps)))"
    done
    echo "$line" >>"$runs"
done
python3 - "$runs" "$@" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
bins = sys.argv[2:]
def quartiles(v):
    v = sorted(v)
    return v[len(v) // 4], statistics.median(v), v[(3 * len(v)) // 4]
ratios = []
for k, name in enumerate(bins):
    sc = [r[2 * k] for r in rows]
    crate = [r[2 * k + 1] for r in rows]
    per_round = [s / c for s, c in zip(sc, crate)]
    ratios.append(per_round)
    print(f"{name}")
    print(f"  deduku dfs sc: min {min(sc):.3f} median {statistics.median(sc):.3f} µs")
    print(f"  sudoku crate:  min {min(crate):.3f} median {statistics.median(crate):.3f} µs")
    q1, med, q3 = quartiles(per_round)
    print(f"  ratio: by minima {min(sc) / min(crate):.2f}; per round median {med:.2f} "
          f"(quartiles {q1:.2f}, {q3:.2f})")
if len(ratios) == 2:
    q1, med, q3 = quartiles([b / a for a, b in zip(*ratios)])
    print(f"second / first, paired by round: median {med:.3f} (quartiles {q1:.3f}, {q3:.3f})")
PY
