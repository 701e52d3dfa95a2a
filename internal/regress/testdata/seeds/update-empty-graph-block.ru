# origin: probe (2026-12-02, oracle diff -u over every update engine): an empty GRAPH block is QuadData (#rQuadsNotTriples: 'GRAPH' VarOrIri '{' TriplesTemplate? '}'); Virtuoso's SPARQL compiler refuses it
INSERT DATA { GRAPH <http://example.org/h> { } }
