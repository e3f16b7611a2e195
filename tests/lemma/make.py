#!/usr/bin/env python3
"""Builds the Lemma test certificates of this folder from an engine certificate.

    deduku solve PUZZLE --proof base.ron        # top95 #22: one root Negation
    python3 tests/lemma/make.py base.ron OUT_DIR

`lemma.ron` and `lemma-nested.ron` come from top95 #22 (`top95-22.txt`, depth 1);
`forum-343-lemma.ron` is the `lemma.ron` of `proofs/forum-hardest-343-depth2.ron` (its
refutation nests a third level, so the Lemma is not reached by unit propagation alone).

The refutation of the certificate's first root Negation `[A, B]` (assume x=d, ⊥) is moved
into a nested subproof assuming an elimination z≠e that holds at the root (a root step f);
the Negation is then replaced by a Lemma, and other Lemma shapes are added:

* `lemma.ron`: `Lemma [B, f] ⟹ x≠d` at the root (chain: z≠e, x=d), cited by the rest;
  inside A, `Negation [A', B] ⟹ z=e` (an assumed elimination refuted into a placement);
  then a box O assuming x=d again, a box P assuming z≠e inside it, `Lemma [B, O, P] ⟹ ⊥`
  in P, `Lemma [that ⊥] ⟹ z=e` in O (its chain stops at the open O), a Clash with f, and
  the Negation of O; last, an assumed elimination y≠e of a given, refuted by a Clash, its
  Negation `y=e` and `Lemma [that ⊥] ⟹ y=e` at the root.
* `lemma-nested.ron`: the same without the root Lemma: the rest cites the Negation of O.
"""
import re
import sys

STEP = re.compile(r"\s*\(id: (\d+), fact: (.*?), rule: (\w+(?:\(.*?\)\))?|\w+\(.*?\)|\w+)(?:, premises: \[(.*?)\])?(?:, scope: (\d+))?\),\s*$")


def parse(path):
    head, steps, tail = [], [], []
    for line in open(path):
        m = STEP.match(line)
        if m:
            sid, fact, rule, prem, scope = m.groups()
            prem = [int(p) for p in prem.split(",")] if prem else []
            steps.append(dict(id=int(sid), fact=fact, rule=rule, prem=prem,
                              scope=int(scope) if scope else None))
        elif steps:
            tail.append(line)
        else:
            head.append(line)
    return head, steps, tail


def opposite(fact):
    return fact.replace("Place", "Elim") if fact.startswith("Place") else fact.replace("Elim", "Place")


def build(head, steps, tail, root_lemma):
    neg = next(s for s in steps if s["rule"] == "Negation" and s["scope"] is None)
    a_id, b_id = neg["prem"]
    a_pos = next(i for i, s in enumerate(steps) if s["id"] == a_id)
    x = steps[a_pos]["fact"]
    xvar = re.sub(r"d: \d+", "", x.split("(")[1])
    f = next(s for s in reversed(steps[:a_pos]) if s["scope"] is None
             and s["fact"].startswith("Elim") and re.sub(r"d: \d+", "", s["fact"].split("(")[1]) != xvar)
    given = next(s for s in steps if s["rule"] == "Given")
    out, ren = [], {}
    nid = [0]

    def emit(fact, rule, prem, scope, old=None):
        i = nid[0]
        nid[0] += 1
        if old is not None:
            ren[old] = i
        out.append(dict(id=i, fact=fact, rule=rule, prem=prem, scope=scope))
        return i

    def r(i):
        return ren[i]

    extra = []

    def o_section():
        o = emit(x, "Assume", [], None)
        p = emit(f["fact"], "Assume", [], o)
        l1 = emit("Bottom", "Lemma", [r(b_id), o, p], p)
        l2 = emit(opposite(f["fact"]), "Lemma", [l1], o)
        l3 = emit("Bottom", "Clash", [l2, r(f["id"])], o)
        return emit(opposite(x), "Negation", [o, l3], None)

    for s in steps:
        if s["id"] == a_id:
            a = emit(s["fact"], "Assume", [], None, s["id"])
            inner = emit(f["fact"], "Assume", [], a)
            continue
        if s["scope"] == a_id:
            emit(s["fact"], s["rule"], [r(p) for p in s["prem"]], inner, s["id"])
            if s["id"] == b_id:
                emit(opposite(f["fact"]), "Negation", [inner, r(b_id)], a)
            continue
        if s["id"] == neg["id"]:
            if root_lemma:
                emit(s["fact"], "Lemma", [r(b_id), r(f["id"])], None, s["id"])
                o_section()
            else:
                ren[s["id"]] = o_section()
            continue
        scope = r(s["scope"]) if s["scope"] is not None else None
        emit(s["fact"], s["rule"], [r(p) for p in s["prem"]], scope, s["id"])
    q = emit(opposite(given["fact"]), "Assume", [], None)
    bq = emit("Bottom", "Clash", [r(given["id"]), q], q)
    emit(given["fact"], "Negation", [q, bq], None)
    emit(given["fact"], "Lemma", [bq], None)
    lines = []
    for s in out:
        t = f"        (id: {s['id']}, fact: {s['fact']}, rule: {s['rule']}"
        if s["prem"]:
            t += ", premises: [" + ", ".join(map(str, s["prem"])) + "]"
        if s["scope"] is not None:
            t += f", scope: {s['scope']}"
        lines.append(t + "),\n")
    return "".join(head) + "".join(lines) + "".join(tail)


def main():
    head, steps, tail = parse(sys.argv[1])
    open(sys.argv[2] + "/lemma.ron", "w").write(build(head, steps, tail, True))
    open(sys.argv[2] + "/lemma-nested.ron", "w").write(build(head, steps, tail, False))


main()
