# origin: issue 17 brief (2026-12-02): a template triple with a literal subject is not included (#deleteInsert: "an illegal RDF construct, such as a literal in a subject or predicate position"); RDFLib is seen keeping it (oracle diff -u)
INSERT { ?o <http://example.org/q> <http://example.org/z> } WHERE { ?s <http://example.org/p> ?o }
