#!/usr/bin/env python3
"""Usage: python3 mkupstream.py corpus/regress

Writes corpus/regress/upstream.tsv from the search results recorded in
RULES (each seen in a `search` result of the issues corpus on 2026-12-02)
and SEARCHED (engine -> the searches run for it: a pair no rule matches
is "not-found" when its engine was searched, and gets no row otherwise)."""
import os, re, sys
CORPUS = sys.argv[1]
DATE = "2026-12-02"

def cases():
    for cid in sorted(os.listdir(CORPUS)):
        d = os.path.join(CORPUS, cid)
        if not os.path.isdir(d):
            continue
        meta, rows = {}, []
        for line in open(os.path.join(d, "expect.tsv")):
            line = line.rstrip("\n")
            if line.startswith("# "):
                k, _, v = line[2:].partition(": ")
                meta[k] = v
            elif line.startswith("engine\t") or not line:
                continue
            else:
                f = line.split("\t")
                if len(f) > 4 and f[4]:
                    rows.append({"engine": f[0], "outcome": f[2], "classes": f[3], "basis": f[4],
                                 "title": f[6] if len(f) > 6 else ""})
        text = "update.ru" if os.path.exists(os.path.join(d, "update.ru")) else "query.rq"
        q = open(os.path.join(d, text)).read()
        yield cid, meta, q, rows

def has(q, *words):
    return all(w.lower() in q.lower() for w in words)

# (engines, predicate(meta, query, row), status, ref, note)
RULES = []
def rule(engines, pred, status, ref, note):
    RULES.append((set(engines), pred, status, ref, note))

exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules.py")).read())

out = ["# What each engine's public tracker says of a root cause, checked with the search tool (GitHub issues",
       "# corpus) on the date given; refs are only issues seen in a search result. Read by the findings generator",
       "# (internal/regress/upstream.go); rewritten by hand or by a script that keeps these columns.",
       "fingerprint\tengine\tstatus\tref\tchecked\tcase\tnote"]
for cid, meta, q, rows in cases():
    for r in rows:
        e = r["engine"]
        hit = None
        for engines, pred, status, ref, note in RULES:
            if e in engines and pred(meta, q, r):
                hit = (status, ref, note)
                break
        if hit is None:
            if e not in SEARCHED:
                continue
            hit = ("not-found", "-", "searched: " + SEARCHED[e])
        out.append("\t".join([meta.get("fingerprint", ""), e, hit[0], hit[1], DATE, cid, hit[2]]))
open(os.path.join(CORPUS, "upstream.tsv"), "w").write("\n".join(out) + "\n")
print(len(out) - 4, "rows")
