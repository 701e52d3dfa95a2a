# origin: probe (2026-12-02, oracle diff -u over every update engine): DELETE/INSERT deletes then inserts (#defn_deleteInsertOperation: Dataset-UNION(Dataset-DIFF(GS, ...), ...)), so a triple both deleted and inserted stays; Virtuoso loses it
DELETE { ?s <http://example.org/p> ?o } INSERT { ?s <http://example.org/p> ?o } WHERE { ?s <http://example.org/p> ?o }
