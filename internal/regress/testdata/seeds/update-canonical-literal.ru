# origin: issue 17 brief (2026-12-02): a store holding non-canonical literals ("01"^^xsd:integer, "1.50"^^xsd:decimal, "chat"@EN...) must keep them as written (#defn_graphStore: a store holds RDF terms); the Oxigraph family is seen writing "1" back (oracle diff -u)
PREFIX ex: <http://example.org/>
INSERT { ex:s ex:q ?o } WHERE { ex:s ex:p ?o }
