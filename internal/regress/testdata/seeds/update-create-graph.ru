# origin: update hunt (2026-12-02, profile update-graphs seed 131): CREATE GRAPH of an absent graph creates it (#create, #defn_createOperation: OpCreate(GS, iri) = GS ∪ {(iri, {})}) and succeeds; RDFLib raises "Create not implemented!"
CREATE GRAPH <http://example.org/g>
