#!/usr/bin/env python3
"""Rewrites a certificate with Exclusion steps into one with implied eliminations.

    deduku solve PUZZLE --proof base.ron
    python3 tests/implied/make.py base.ron > implied.ron

Where NakedSingle, HiddenSingle, EmptyCell, NoPlace or Clash cites an Exclusion step
`c≠d` drawn from a placement P, it cites P instead (each placement once per step); the first
premise of EmptyCell and NoPlace stays an elimination (it names the cell or the digit).
Exclusion steps nothing cites any more are dropped. The other rules (LockedCandidates,
subsets, Lemma, Negation) keep their explicit eliminations.
"""
import re
import sys

STEP = re.compile(r"(\s*)\(id: (\d+), fact: (.*?), rule: (\w+(?:\(.*?\)\))?|\w+\(.*?\)|\w+)"
                  r"(?:, premises: \[(.*?)\])?(?:, scope: (\d+))?\),\s*$")
COVER = ("NakedSingle", "HiddenSingle", "EmptyCell", "NoPlace")


def main(path):
    lines = open(path).read().splitlines()
    steps, where = {}, {}
    for k, line in enumerate(lines):
        m = STEP.match(line)
        if m:
            pad, sid, fact, rule, prem, scope = m.groups()
            prem = [int(p) for p in prem.split(",")] if prem else []
            steps[int(sid)] = dict(pad=pad, fact=fact, rule=rule, prem=prem, scope=scope)
            where[int(sid)] = k

    def behind(p):
        s = steps.get(p)
        return s["prem"][0] if s and s["rule"] == "Exclusion" else None

    for s in steps.values():
        family = re.match(r"\w+", s["rule"]).group(0)
        if family in COVER:
            keep = 1 if family in ("EmptyCell", "NoPlace") else 0
            out = s["prem"][:keep]
            for p in s["prem"][keep:]:
                q = behind(p)
                q = p if q is None else q
                if q not in out or q == p:
                    out.append(q)
            s["prem"] = out
        elif family == "Clash":
            s["prem"] = [behind(p) if behind(p) is not None else p for p in s["prem"]]
    cited = {p for s in steps.values() for p in s["prem"]}
    out = []
    for k, line in enumerate(lines):
        sid = next((i for i, w in where.items() if w == k), None)
        if sid is None:
            out.append(line)
            continue
        s = steps[sid]
        if s["rule"] == "Exclusion" and sid not in cited:
            continue
        text = f"{s['pad']}(id: {sid}, fact: {s['fact']}, rule: {s['rule']}"
        if s["prem"]:
            text += f", premises: [{', '.join(map(str, s['prem']))}]"
        if s["scope"]:
            text += f", scope: {s['scope']}"
        out.append(text + "),")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
