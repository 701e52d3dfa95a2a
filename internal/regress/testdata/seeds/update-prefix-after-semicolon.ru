# origin: issue 17 brief (2026-12-02): a prologue after ';' is SPARQL 1.1 Update (#rUpdate: Prologue ( Update1 ( ';' Update )? )?); the oxigraph family refuses PREFIX there (oracle diff -u)
INSERT DATA { <http://example.org/a> <http://example.org/b> 1 } ;
PREFIX ex: <http://example.org/>
INSERT DATA { ex:a ex:b 2 }
