# The tracker record behind corpus/regress/upstream.tsv: one rule per issue seen in a `search`
# result (issues corpus, 2026-12-02) with the cases it matches (engine, title, query, class), and
# per engine the searches run (a pair no rule matches is then "not-found"). Never add an issue
# number that was not seen in a search result. Run mkupstream.py after each regeneration.
import re as _re
def _t(m, r=None):
    # the engine's own title when the case records one, else the case's
    return (r or {}).get("title") or m.get("title", "")
def _cls(r): return r["classes"]
def _filter_exists_only(q):
    # every EXISTS sits right after FILTER (NOT)?
    n_all = len(_re.findall(r"\bEXISTS\b", q, _re.I))
    n_filter = len(_re.findall(r"FILTER\s*\(?\s*(NOT\s+)?EXISTS\b", q, _re.I))
    return n_all == n_filter

rule({"jena", "fuseki"}, lambda m, q, r: "GROUP_CONCAT" in _t(m, r) and "unbound-vs-bound" in _cls(r),
     "known", "https://github.com/apache/jena/issues/4240",
     "open, confirmed: GROUP_CONCAT over an empty group leaves the variable unbound (Jena 6.2.0)")
rule({"rdflib"}, lambda m, q, r: _t(m, r).startswith("GROUP BY: returns 1 row where the spec gives 0"),
     "known", "https://github.com/RDFLib/rdflib/issues/3382",
     "open: GROUP BY with no matches returns one empty row; fix in PR RDFLib/rdflib#3498 (open)")
rule({"rdflib"}, lambda m, q, r: has(q, "EXISTS") and not _filter_exists_only(q) and r["outcome"] == "error",
     "known", "https://github.com/RDFLib/rdflib/issues/2124",
     "open: EXISTS outside FILTER raises 'What do I do with this CompValue?' (earlier RDFLib/rdflib#1472)")
rule({"rdflib"}, lambda m, q, r: _re.search(r"!\s*\(?[^)\s]*\^", q) is not None and r["outcome"] == "error",
     "known", "https://github.com/RDFLib/rdflib/issues/3140",
     "open: a negated property set with a reverse member raises; fix in PR RDFLib/rdflib#3530 (open)")
rule({"virtuoso"}, lambda m, q, r: _re.search(r'returns [01] for \?\w+ where the spec gives "(true|false)"\^\^xsd:boolean', _t(m, r)) is not None,
     "known", "https://github.com/openlink/virtuoso-opensource/issues/485",
     "open: xsd:boolean returned as xsd:integer (also #251, closed: 'bools stay integers')")
rule({"virtuoso"}, lambda m, q, r: r["outcome"] == "rejected" and has(q, "HAVING") and not has(q, "GROUP BY"),
     "known", "https://github.com/openlink/virtuoso-opensource/issues/432",
     "open: HAVING without GROUP BY rejected (SP031)")
rule({"oxigraph", "pyoxigraph", "oxigraph-server"}, lambda m, q, r: "duplicate-rows" in _cls(r) and "|" in q,
     "known", "https://github.com/oxigraph/oxigraph/pull/351",
     "merged PR: (a|b) paths are de-duplicated on purpose, against the multiset of #defn_evalPP_alternative")
rule({"comunica"}, lambda m, q, r: _re.match(r"(MAX|MIN): leaves \?\w+ unbound where the spec gives <", _t(m, r)) is not None,
     "known", "https://github.com/comunica/comunica/issues/1501",
     "closed feature request: '<' on IRIs and blank nodes (the MIN/MAX path); PR comunica/comunica#1577 closed; still seen on 5.4.1")
rule({"oxigraph"}, lambda m, q, r: "missing-rows" in _cls(r) and _re.search(r"VALUES \?\w+ \{\s*\}", q) is not None and has(q, "COUNT"),
     "fixed", "https://github.com/oxigraph/oxigraph/pull/1934",
     "merged PR 'fixes wrong simplification of implicit aggregate on empty inputs': npm oxigraph 0.5.11 still drops the row, pyoxigraph and oxigraph-server 0.5.13 do not")
rule({"virtuoso"}, lambda m, q, r: has(q, "MINUS") and "missing-rows" in _cls(r),
     "known", "https://github.com/openlink/virtuoso-opensource/issues/424",
     "open: MINUS without a shared variable removes every solution (#neg-example-1)")
# Literals written back in another form (update cases: changed-literal; query cases: copied-literal-changed).
rule({"oxigraph", "pyoxigraph", "oxigraph-server"}, lambda m, q, r: "changed-literal" in _cls(r) or "copied-literal-changed" in _cls(r),
     "known", "https://github.com/oxigraph/oxigraph/issues/526",
     "open enhancement 'Allows to avoid literal normalization in Oxigraph': literals are normalised on load (\"+1\"^^xsd:int stored as \"1\"^^xsd:integer)")
rule({"rdflib"}, lambda m, q, r: "changed-literal" in _cls(r) or "copied-literal-changed" in _cls(r),
     "known", "https://github.com/RDFLib/rdflib/pull/255",
     "merged PR 'Literal reworking': lexical forms are preserved only when the NORMALIZE_LITERALS flag is False (normalised by default)")

# SPARQL 1.2 (issue 19; searches of 2026-12-02).
rule({"jena", "fuseki"}, lambda m, q, r: "sparql12-triple-literal-subject" in m.get("seeds", "") and "error-vs-answer" in _cls(r),
     "fixed", "https://github.com/apache/jena/issues/4181",
     "closed: TRIPLE does not raise on a literal subject (#func-triple); PR apache/jena#4182 'Validate TRIPLE argument ranges', after 6.2.0")
rule({"oxigraph", "pyoxigraph", "oxigraph-server"}, lambda m, q, r: "wrong-value" in _cls(r) and _re.search(r"sparql12-triple-(term-literal-canonical|nested-datatype)", m.get("seeds", "")) is not None,
     "known", "https://github.com/oxigraph/oxigraph/issues/526",
     "open enhancement 'Allows to avoid literal normalization': literals inside triple terms are normalised on load too, so <<( s p 1.0 )>> becomes <<( s p 1 )>>")

SEARCHED = {
    "jena": "NullPointerException MINUS; NPE subquery VALUES; GROUP_CONCAT IRI unbound; FROM NAMED same graph twice; nested OPTIONAL not well designed; literal predicate VALUES; update: DELETE from non-existent named graph creates empty graph; SPARQL 1.2: TRIPLE literal subject (apache/jena#4181); GRAPH variable bound to a triple term QueryIterGraphInner; EXISTS MINUS correlated evaluation",
    "fuseki": "as jena (Fuseki is Jena's server): NullPointerException MINUS; GROUP_CONCAT; FROM NAMED twice; nested OPTIONAL; literal predicate; SPARQL 1.2: as jena (TRIPLE literal subject; GRAPH ?g bound to a triple term); CONSTRUCT triple term subject; CONSTRUCT template triple with a literal subject written out (apache/jena#4058, closed in 6.1.0, is the same fault inside triple terms, seen: related, not this case)",
    "oxigraph": "AVG decimal lexical; DESCRIBE duplicate variable; (a|b) path duplicates; STR decimal canonical; GROUP BY alias rejected; xsd:int returned as xsd:integer; update: literal canonicalization stored value; PREFIX after ';' in an update request; SPARQL 1.2: unreachable panic on IN over a directional language string; literal normalisation inside triple terms",
    "pyoxigraph": "as oxigraph (same engine): AVG decimal lexical; DESCRIBE duplicate variable; path duplicates; STR decimal; GROUP BY alias; xsd:int; update: literal canonicalization; PREFIX after ';'",
    "oxigraph-server": "as oxigraph (same engine): AVG decimal lexical; DESCRIBE duplicate variable; path duplicates; STR decimal; GROUP BY alias; xsd:int; update: literal canonicalization; PREFIX after ';'",
    "rdflib": "GROUP BY empty VALUES aggregate; NOT EXISTS empty VALUES; aggregates over unbound; MIN/MAX blank node IRI; negated inverse path; nested star path; update: INSERT literal as subject; DELETE WHERE GRAPH ?g (RDFLib/rdflib#2141, variable graph in INSERT DATA with initBindings, seen: related, not the same case); literal normalize lexical form; update: USING clause with GRAPH in WHERE (w3c/rdf-tests#72, closed, questioned the tests dawg-delete-using-02a/06a; they stay approved); SPARQL CONSTRUCT returns a triple with a Literal subject",
    "comunica": "GRAPH variable empty group; HAVING error; MIN/MAX IRI ordering; OPTIONAL empty left; cast derived type; GRAPH ?g named/default; MINUS; IRI() relative base; update: empty update request queryVoid; INSERT template literal subject; SPARQL 1.2: CONSTRUCT triple term as subject; EXISTS MINUS correlated evaluation; TRIPLE throw on invalid (comunica/comunica#1675, closed, not these cases); CONSTRUCT literal subject generalized triple",
    "virtuoso": "empty group pattern; HAVING; boolean as integer; MINUS; NOT EXISTS VALUES; MIN unbound; STRDT datatype; update: DELETE INSERT same triple removed; INSERT DATA empty GRAPH block SP030",
    "rdf4j": "MINUS empty result; AVG invalid decimal lexical; aggregates over empty input",
    "rasqal": "aggregate empty VALUES crash; rasqal SPARQL wrong result (its tracker, bugs.librdf.org, is not in the searched corpus)",
    "attean": "attean SPARQL evaluation issues; aggregate COUNT AVG empty group; CONSTRUCT literal subject",
    "rdfquery": "RDF::Query (kasei/perlrdf) VALUES; CONSTRUCT literal subject",
    "oxilite": "ORDER BY / GROUP BY constant SQL error; update: PREFIX after ';' (searched under oxigraph, whose parser it uses); SPARQL 1.2: LANGDIR OBJECT triple term binding lost; EXISTS MINUS correlated evaluation",
}
