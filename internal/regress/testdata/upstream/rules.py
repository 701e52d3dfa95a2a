# The per-engine search record behind corpus/regress/upstream.tsv: for each engine, the searches run
# on its tracker with the search tool (issues corpus; 2026-12-02, and 2026-12-07 where dated). A case
# no known.json rule matches is "not-found" with this text as its evidence. What an issue says of a
# root cause (intended, wontfix, known, fixed) is no longer here: it is the rules of each family's
# adapters/<family>/known.json, which mkupstream.py reads. Never add an issue number that was not seen
# in a search result.
SEARCHED = {
    "jena": "NullPointerException MINUS; NPE subquery VALUES; GROUP_CONCAT IRI unbound; FROM NAMED same graph twice; nested OPTIONAL not well designed; literal predicate VALUES; update: DELETE from non-existent named graph creates empty graph; SPARQL 1.2: TRIPLE literal subject (apache/jena#4181); GRAPH variable bound to a triple term QueryIterGraphInner; EXISTS MINUS correlated evaluation",
    "fuseki": "as jena (Fuseki is Jena's server): NullPointerException MINUS; GROUP_CONCAT; FROM NAMED twice; nested OPTIONAL; literal predicate; SPARQL 1.2: as jena (TRIPLE literal subject; GRAPH ?g bound to a triple term); CONSTRUCT triple term subject; CONSTRUCT template triple with a literal subject written out (apache/jena#4058, closed in 6.1.0, is the same fault inside triple terms, seen: related, not this case)",
    "oxigraph": "AVG decimal lexical; DESCRIBE duplicate variable; (a|b) path duplicates; STR decimal canonical; GROUP BY alias rejected; xsd:int returned as xsd:integer; update: literal canonicalization stored value; PREFIX after ';' in an update request; SPARQL 1.2: unreachable panic on IN over a directional language string; literal normalisation inside triple terms",
    "pyoxigraph": "as oxigraph (same engine): AVG decimal lexical; DESCRIBE duplicate variable; path duplicates; STR decimal; GROUP BY alias; xsd:int; update: literal canonicalization; PREFIX after ';'",
    "oxigraph-server": "as oxigraph (same engine): AVG decimal lexical; DESCRIBE duplicate variable; path duplicates; STR decimal; GROUP BY alias; xsd:int; update: literal canonicalization; PREFIX after ';'",
    "rdflib": "GROUP BY empty VALUES aggregate; 2026-12-07: empty VALUES AttributeError SPARQLResult object has no attribute bindings (RDFLib/rdflib#2050, AttributeError with nested BIND, seen: related, not this case; #2124 is EXISTS outside FILTER, another fault); NOT EXISTS empty VALUES; aggregates over unbound; MIN/MAX blank node IRI; negated inverse path; nested star path; update: INSERT literal as subject; DELETE WHERE GRAPH ?g (RDFLib/rdflib#2141, variable graph in INSERT DATA with initBindings, seen: related, not the same case); literal normalize lexical form; update: USING clause with GRAPH in WHERE (w3c/rdf-tests#72, closed, questioned the tests dawg-delete-using-02a/06a; they stay approved); SPARQL CONSTRUCT returns a triple with a Literal subject",
    "comunica": "GRAPH variable empty group; HAVING error; MIN/MAX IRI ordering; 2026-12-07: MAX MIN aggregate IRI named node unbound, MAX aggregate over IRIs non-literal terms (comunica/comunica#892, ORDER BY total order, closed; #1212, MIN/MAX over xsd:date, closed; PR #1806, IRI comparison speed-up; #1501, '<' on IRIs and blank nodes, whose PR #1735 merged in 2026-08 while 5.4.1 (2026-09-18) still leaves MAX of an IRI unbound: seen, related, not this fault); OPTIONAL empty left; cast derived type; GRAPH ?g named/default; MINUS; IRI() relative base; update: empty update request queryVoid; INSERT template literal subject; SPARQL 1.2: CONSTRUCT triple term as subject; EXISTS MINUS correlated evaluation; TRIPLE throw on invalid (comunica/comunica#1675, closed, not these cases); CONSTRUCT literal subject generalized triple",
    "virtuoso": "empty group pattern; 2026-12-07: division of integers returns integer (openlink/virtuoso-opensource#475: a rule); datatype() str() numeric literal typed wrong; decimal lexical form not preserved; aggregate over empty solution; blank nodes returned as nodeID IRIs (openlink/virtuoso-opensource#126, INSERT DATA refusing blank nodes: a rule); HAVING; boolean as integer; MINUS; NOT EXISTS VALUES; MIN unbound; STRDT datatype; update: DELETE INSERT same triple removed; INSERT DATA empty GRAPH block SP030; 2026-12-07: ORDER BY repeated sort key with LIMIT returns values of other rows (none found; the nearest, openlink/virtuoso-opensource#479, SR353 and a crash with ORDER BY and OFFSET/LIMIT, and #1158, sorting with LIMIT, OFFSET and MAX in subqueries, are other faults); ORDER BY over IRIs and literals (openlink/virtuoso-opensource#306: a rule)",
    "rdf4j": "MINUS empty result; AVG invalid decimal lexical; aggregates over empty input",
    "rasqal": "aggregate empty VALUES crash; rasqal SPARQL wrong result (its tracker, bugs.librdf.org, is not in the searched corpus)",
    "attean": "attean SPARQL evaluation issues; aggregate COUNT AVG empty group; CONSTRUCT literal subject",
    "rdfquery": "RDF::Query (kasei/perlrdf) VALUES; CONSTRUCT literal subject",
    "oxilite": "ORDER BY / GROUP BY constant SQL error; update: PREFIX after ';' (searched under oxigraph, whose parser it uses); SPARQL 1.2: LANGDIR OBJECT triple term binding lost; EXISTS MINUS correlated evaluation",
}

# Pairs searched again on 2026-12-07 (their not-found record carries that date; every other
# not-found record is of the searches of 2026-12-02).
RECHECKED = {
    ("comunica-max-unbound-vs-bound", "comunica"), ("comunica-max-unbound-vs-bound-2", "comunica"),
    ("rasqal-max-unbound-vs-bound", "comunica"), ("rdflib-bind-error-vs-answer", "rdflib"),
    ("order-by-wrong-value", "virtuoso"), ("virtuoso-order-by-order", "virtuoso"),
}
