#!/usr/bin/env bash
# A/B timing of two commits with the `loops` harness (benches/loops.rs), in both slots.
#
#   bash benches/ab.sh X Y [ROUNDS] -- LOOPS-ARGS…
#   bash benches/ab.sh 29f3465 HEAD 8 -- 9x9/pe96_easy50.txt 50 3000 dfs sc
#
# X and Y are resolved to commit hashes here, in this repository, before anything else:
# given to a worktree by name, `HEAD` would be the worktree's own and compare a build with
# itself. Each commit is built in a worktree of its own (under $AB_DIR, default
# ../deduku-ab), and the two binaries run alternately ROUNDS times (default 8), pinned to
# core $AB_CORE (default 1) when `taskset` exists; then the slots are swapped (X built where
# Y was and the reverse) and run again, since code layout alone once moved two builds of the
# same sources 8 % apart (docs/performance.md, "Mispredicted branches on easy
# certificates"). Each slot's minimum and median are printed, then Y/X by both, by each half
# of the run, and paired (each round's two runs, a second apart, as one ratio: the median of
# those ratios and their quartiles). On a noisy machine read a change only where all agree
# and the quartiles of the paired ratios lie on one side of 1. Needs git, cargo and python3 (the
# figures); `taskset` (util-linux) if present.
set -euo pipefail
usage() { echo "usage: bash benches/ab.sh X Y [ROUNDS] -- LOOPS-ARGS…" >&2; exit 2; }
[ $# -ge 3 ] || usage
repo=$(cd "$(dirname "$0")/.." && pwd)
x=$(git -C "$repo" rev-parse --verify "$1^{commit}") || usage
y=$(git -C "$repo" rev-parse --verify "$2^{commit}") || usage
shift 2
rounds=8
if [ "$1" != "--" ]; then rounds=$1; shift; fi
[ "${1:-}" = "--" ] || usage
shift
dir=${AB_DIR:-$repo/../deduku-ab}
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${AB_CORE:-1}")

# The `loops` binary of `commit`, built in the worktree `slot`; its path on stdout.
build() {
    local slot=$dir/$1 commit=$2
    [ -d "$slot" ] || git -C "$repo" worktree add -q --detach "$slot" "$commit"
    git -C "$slot" checkout -q --detach "$commit"
    (cd "$slot" && cargo bench --bench loops --no-run 2>&1) |
        sed -n 's/.*Executable benches\/loops.rs (\(.*\))/\1/p' | sed "s|^\([^/]\)|$slot/\1|"
}

# Run the two slots alternately; one line per run: slot, commit, µs a puzzle.
rounds_of() {
    local a=$1 b=$2 ca=$3 cb=$4
    shift 4
    for _ in $(seq "$rounds"); do
        echo "a $ca $(cd "$dir/a" && "${pin[@]}" "$a" "$@" | awk '{print $1}')"
        echo "b $cb $(cd "$dir/b" && "${pin[@]}" "$b" "$@" | awk '{print $1}')"
    done
}

runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
a=$(build a "$x"); b=$(build b "$y")
rounds_of "$a" "$b" "$x" "$y" "$@" >>"$runs"
a=$(build a "$y"); b=$(build b "$x")
rounds_of "$a" "$b" "$y" "$x" "$@" >>"$runs"
python3 - "$runs" "$x" "$y" <<'PY'
import statistics, sys
runs, x, y = sys.argv[1], sys.argv[2], sys.argv[3]
times, order = {}, []
for line in open(runs):
    slot, commit, us = line.split()
    times.setdefault((commit, slot), []).append(float(us))
    order.append((commit, float(us)))
for commit in (x, y):
    for slot in ("a", "b"):
        t = times[(commit, slot)]
        print(f"{commit[:10]} slot {slot}: min {min(t):.2f} median {statistics.median(t):.2f} µs")
def both(c, f):
    return sum(f(times[(c, s)]) for s in ("a", "b")) / 2
for name, f in (("minima", min), ("medians", statistics.median)):
    print(f"Y/X by {name} (both slots averaged): {both(y, f) / both(x, f):.3f}")
# Within each half (the builds alternating round by round), the machine's slow and fast
# spells touch both builds alike: Y/X per half, X in slot a then Y in slot a.
for half, (sx, sy) in enumerate((("a", "b"), ("b", "a")), 1):
    ratio = lambda f: f(times[(y, sy)]) / f(times[(x, sx)])
    print(f"half {half}: Y/X by minima {ratio(min):.3f}, by medians {ratio(statistics.median):.3f}")
# Each round's two runs follow each other within a second: their ratio, paired, leaves out
# the spells that last longer; the median of the paired ratios and their quartiles.
paired = sorted(
    (b if cb == y else a) / (a if ca == x else b)
    for (ca, a), (cb, b) in zip(order[0::2], order[1::2])
)
q = statistics.quantiles(paired, n=4)
print(f"paired Y/X: median {statistics.median(paired):.3f} (quartiles {q[0]:.3f}, {q[2]:.3f})")
PY
