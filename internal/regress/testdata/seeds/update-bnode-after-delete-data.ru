# origin: update hunt (2026-12-02, profile update-data, 225 cases): blank nodes are allowed in INSERT DATA (#insertData: "will be inserted with fresh blank nodes"; the grammar forbids them in DELETE DATA only, #rDeleteData); RDF4J refuses an INSERT DATA with a blank node when a DELETE DATA came before it in the request
DELETE DATA { <http://example.org/s> <http://example.org/p> <http://example.org/o> } ;
INSERT DATA { _:b <http://example.org/p> <http://example.org/o> }
