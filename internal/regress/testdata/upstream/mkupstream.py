#!/usr/bin/env python3
"""Usage: python3 mkupstream.py corpus/regress

Writes corpus/regress/upstream.tsv: for every engine that diverges on a corpus
case, the first rule of its family's known.json (adapters/<folder>/known.json,
the rules the adapters' descriptors carry, oracle.Match semantics) that matches
the case gives the status (intended, wontfix, known, fixed), link and note;
a case no rule matches is "not-found" with the searches run on the engine's
tracker (rules.py, SEARCHED) as its evidence, and gets no row when its engine
was never searched. Facts per case and engine, as internal/registry's
TestKnownRules builds them: the engine's classes in expect.tsv (any may
match), its symptom and trigger columns (internal/rootcause's) when the row
has them, else the case's feature line as the trigger and the symptom
symptoms.tsv records, and query.rq (or update.ru)."""
import json, os, re, sys

CORPUS = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
CHECKED = "2026-12-07"  # the rules of known.json were re-read on the trackers then
SEARCHED_ON = "2026-12-02"  # the not-found searches, except the pairs in RECHECKED

# Where each engine's family keeps its rules (the adapters' descriptor.go
# attach them; oracle.FamilyRules applies a family's rules to every member).
RULES_OF = {
    "oxigraph": "oxigraph", "pyoxigraph": "oxigraph", "oxigraph-server": "oxigraph",
    "jena": "jena", "fuseki": "jena", "rdflib": "python", "comunica": "comunica",
    "rdf4j": "rdf4j", "virtuoso": "virtuoso", "rasqal": "rasqal", "attean": "attean",
}

def load_rules(engine):
    folder = RULES_OF.get(engine)
    if folder is None:
        return []
    return json.load(open(os.path.join(ROOT, "adapters", folder, "known.json")))

def load_symptoms():
    out = {}
    for line in open(os.path.join(HERE, "symptoms.tsv")):
        if line.startswith("#") or line.startswith("case\t") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        out[(f[0], f[1])] = f[2]
    return out

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
                    row = {"engine": f[0], "classes": f[3].split(",")}
                    if len(f) > 10:  # root_cause, severity, symptom, trigger (internal/rootcause)
                        row["symptom"] = f[9]
                        row["trigger"] = f[10].split(", ") if f[10] else None
                    rows.append(row)
        text = "update.ru" if os.path.exists(os.path.join(d, "update.ru")) else "query.rq"
        yield cid, meta, open(os.path.join(d, text)).read(), rows

def matches(rule, engine, cls, trigger, symptom, query):
    """oracle.Rule.Matches: every set field of the rule's match holds."""
    m = rule["match"]
    if m.get("engines") and engine not in m["engines"]:
        return False
    if m.get("classes") and cls not in m["classes"]:
        return False
    if any(t not in trigger for t in m.get("trigger", [])):
        return False
    if m.get("symptom") and not re.search(m["symptom"], symptom):
        return False
    return not m.get("query") or re.search(m["query"], query) is not None

def first_rule(rules, engine, classes, trigger, symptom, query):
    for r in rules:
        if any(matches(r, engine, c, trigger, symptom, query) for c in classes):
            return r
    return None

SEARCHED, RECHECKED = {}, set()
exec(open(os.path.join(HERE, "rules.py")).read())
symptoms = load_symptoms()

out = ["# What each engine's maintainers said of a root cause: the status, link and note of the first rule",
       "# of the engine's family known.json (adapters/<family>/known.json) matching the case, else not-found",
       "# with the searches run on its tracker (internal/regress/testdata/upstream/rules.py). Written by",
       "# mkupstream.py; read by the findings generator (internal/regress/upstream.go).",
       "fingerprint\tengine\tstatus\tref\tchecked\tcase\tnote"]
for cid, meta, q, rows in cases():
    for row in rows:
        e = row["engine"]
        trigger = row.get("trigger") or [meta.get("feature", "")]
        symptom = row.get("symptom") or symptoms.get((cid, e), "")
        r = first_rule(load_rules(e), e, row["classes"], trigger, symptom, q)
        if r is not None:
            hit = (r["status"], r["link"], CHECKED, r["id"] + ": " + r.get("note", ""))
        elif e in SEARCHED:
            on = CHECKED if (cid, e) in RECHECKED else SEARCHED_ON
            hit = ("not-found", "-", on, "searched: " + SEARCHED[e])
        else:
            continue
        out.append("\t".join([meta.get("fingerprint", ""), e, hit[0], hit[1], hit[2], cid, hit[3]]))
open(os.path.join(CORPUS, "upstream.tsv"), "w").write("\n".join(out) + "\n")
print(len(out) - 5, "rows")
