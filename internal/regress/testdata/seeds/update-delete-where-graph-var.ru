# origin: issue 17 brief (2026-12-02): DELETE WHERE { GRAPH ?g { ... } } matches and removes in the named graphs (#deleteWhere); RDFLib is seen leaving the named graph's quads (oracle diff -u)
DELETE WHERE { GRAPH ?g { ?s <http://example.org/p> ?o } }
