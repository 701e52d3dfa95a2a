# origin: issue 17 brief (2026-12-02): deleting from a graph that is not present has no effect (#deleteInsert); Jena is seen creating the graph (oracle diff -u)
DELETE { GRAPH <http://example.org/g> { <http://example.org/a> <http://example.org/b> ?o } } WHERE { <http://example.org/a> <http://example.org/b> ?o }
