package sparqlhttp

import (
	"bytes"
	"context"
	"net/http"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// postQuads loads graphs by one POST of an N-Quads document to the store's
// dataset URL (LoadNQuads): Store with no graph parameter, which the
// Oxigraph server reads as "add to the dataset" (cli/src/main.rs,
// store_target gives no target, web_load_dataset) and Fuseki's GSP
// endpoint too (GSP_Base.isQuads: no query string,
// UploadRDF.quadsPutPostTxn). Both parse the body in one transaction and
// roll it back on a syntax error, answered 400: a refused load, as any
// other (loadError).
func (e *Engine) postQuads(ctx context.Context, graphs []graph) error {
	if len(graphs) == 0 {
		return nil
	}
	resp, data, err := e.send(ctx, http.MethodPost, e.cfg.Store, "application/n-quads", nquads(graphs), "", true)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 == 2 {
		return nil
	}
	return loadError("POST dataset", resp, data)
}

// nquads writes every graph's triples as quads of that graph.
func nquads(graphs []graph) []byte { return writeQuads(graphs, true) }

// writeQuads writes the graphs' triples, each in its graph when named,
// else as N-Triples.
func writeQuads(graphs []graph, named bool) []byte {
	n := 0
	for _, g := range graphs {
		n += len(g.Triples)
	}
	quads := make([]rdf.Quad, 0, n)
	for _, g := range graphs {
		name := rdf.DefaultGraph // no graph written
		if named {
			name = rdf.IRI(g.IRI)
		}
		for _, t := range g.Triples {
			quads = append(quads, rdf.Quad{S: t.S, P: t.P, O: t.O, G: name})
		}
	}
	var buf bytes.Buffer
	rdf.WriteNQuads(&buf, quads)
	return buf.Bytes()
}
