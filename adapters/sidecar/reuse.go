package sidecar

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// datasetKey names a query request's dataset by a digest of what a sidecar
// builds its store from: the N-Quads text, the named graphs and the FROM
// sources (protocol.go, DatasetID). Two requests with the same key load the
// same store, so a sidecar holding it may answer the second without
// loading. An empty default dataset gets no key: loading it costs little,
// and a key without data reads as "send only the key" (protocol.go).
func datasetKey(req *Request) string {
	if req.Data == "" {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(req.Data))
	h.Write([]byte{0})
	for _, n := range req.Named {
		h.Write([]byte(n))
		h.Write([]byte{'\n'})
	}
	h.Write([]byte{0})
	h.Write([]byte(req.Sources))
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Reused counts the queries a sidecar answered on the store it held for
// their dataset's key, without loading it again (Response.Reused).
func (e *Engine) Reused() int64 { return e.reused.Load() }

// DatasetKey names a case's dataset by a digest of its N-Quads and its
// named graphs (an empty one included): the key by which the endpoint
// servers (adapters/sparqlhttp, keep.go) keep a case's data loaded across
// its queries. "" for no dataset or an empty one.
func DatasetKey(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	quads := ds.Quads()
	if len(quads) == 0 {
		return ""
	}
	h := sha256.New()
	if err := rdf.WriteNQuads(h, quads); err != nil {
		return ""
	}
	h.Write([]byte{0})
	for _, n := range ds.Names() {
		h.Write([]byte(n.String()))
		h.Write([]byte{'\n'})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
