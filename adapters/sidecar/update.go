package sidecar

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// OpUpdate is the op a sidecar declares (Response.Ops in its "version"
// answer) when it applies SPARQL 1.1 Update requests.
const OpUpdate = "update"

// declared remembers, per engine, whether its sidecar declared OpUpdate
// (asked once, on the first update; an unanswered ask is not remembered).
var declared sync.Map // *Engine -> bool

// Update applies an update request on a fresh store holding c.Dataset and
// answers the store after it (oracle.Updater). A sidecar that does not
// declare OpUpdate answers oracle.ErrUnsupported. A request the engine's
// parser refuses is oracle.ErrRejected; one that fails while it runs is an
// answer whose Store.Err is the failure and whose store is the one the
// engine reported after it (§2.2: unchanged, or the operations before the
// failing one applied); a failure that reports no store is ErrQueryError.
func (e *Engine) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForUpdate(); err != nil { // a query case: oracle.ErrRequestKind
		return nil, err
	}
	if err := e.updateSupport(ctx); err != nil {
		return nil, err
	}
	req, err := updateRequest(c)
	if err != nil {
		return nil, err
	}
	resp, err := e.send(ctx, req) // sidecar.go, as a query's
	if err != nil {
		return nil, err
	}
	return decodeStore(resp)
}

// updateSupport asks the sidecar, once, whether it declares OpUpdate.
func (e *Engine) updateSupport(ctx context.Context) error {
	v, ok := declared.Load(e)
	if !ok {
		resp, err := e.exchange(ctx, &Request{Op: "version"})
		if err != nil {
			return err
		}
		v = slices.Contains(resp.Ops, OpUpdate)
		declared.Store(e, v)
	}
	if !v.(bool) {
		return fmt.Errorf("%w: the %s sidecar declares no %q op", oracle.ErrUnsupported, e.cfg.Name, OpUpdate)
	}
	return nil
}

// updateRequest turns an update case into a request: the store as N-Quads
// with every named graph listed (an empty one included), and the LOAD
// documents only when the text may hold a LOAD (a wider guess costs only
// bytes: the sidecar decides what the request loads).
func updateRequest(c *oracle.Case) (*Request, error) {
	req := &Request{Op: OpUpdate, Update: c.Update, Base: c.Base}
	if c.Dataset != nil {
		var buf bytes.Buffer
		if err := rdf.WriteNQuads(&buf, c.Dataset.Quads()); err != nil {
			return nil, err
		}
		req.Data = buf.String()
		for _, n := range c.Dataset.Names() {
			req.Named = append(req.Named, graphName(n))
		}
	}
	if len(c.Sources) > 0 && strings.Contains(strings.ToUpper(c.Update), "LOAD") {
		req.Sources = sourcesNQuads(c.Sources)
	}
	return req, nil
}

// decodeStore reads an update answer: the store after the request, with
// Err set when the request failed while it ran.
func decodeStore(resp *Response) (*results.Answer, error) {
	var failed error
	if !resp.OK {
		failed = failure(resp.Error)
		if !errors.Is(failed, oracle.ErrQueryError) || resp.Format != "nquads" {
			return nil, failed
		}
	}
	if resp.Format != "nquads" {
		return nil, fmt.Errorf("%w: sidecar answered an update in format %q, not nquads", oracle.ErrCrashed, resp.Format)
	}
	ds, err := storeOf(resp.Result, resp.Graphs)
	if err != nil {
		return nil, err
	}
	st := results.StoreOf(ds)
	if failed != nil {
		st.Err = failed.Error()
	}
	return results.StoreAnswer(st), nil
}

// literalSubject reports an answer with a line whose subject is a literal:
// a quad RDF forbids, not unreadable text.
func literalSubject(nquads string) bool {
	for _, line := range strings.Split(nquads, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), `"`) {
			return true
		}
	}
	return false
}

// storeOf builds the store an update answer states: its quads, and every
// listed named graph, empty or not.
func storeOf(nquads string, graphs []string) (*rdf.Dataset, error) {
	quads, err := rdf.ParseNQuads(strings.NewReader(nquads), "update answer")
	switch {
	case err != nil && literalSubject(nquads):
		// The engine kept a quad that is no RDF triple (a literal subject
		// a template made, #deleteInsert: such a triple "is not included"):
		// its store is wrong, an evaluation error where the judge answers,
		// as the Python sidecar reports the same store.
		return nil, fmt.Errorf("%w: the engine's store holds a quad that is not RDF: %v", oracle.ErrQueryError, err)
	case err != nil:
		return nil, fmt.Errorf("%w: engine answered with unreadable N-Quads: %v", oracle.ErrCrashed, err)
	}
	ds := rdf.NewDataset()
	for _, g := range graphs {
		ds.Named(graphTerm(g), true)
	}
	for _, q := range quads {
		ds.Add(q)
	}
	return ds, nil
}

// graphName writes a graph name as graphTerm reads it.
func graphName(t rdf.Term) string {
	if t.Kind == rdf.KindBlank {
		return "_:" + t.Value
	}
	return t.Value
}

// graphTerm reads a graph name: an IRI, or a blank node written "_:label".
func graphTerm(s string) rdf.Term {
	if label, ok := strings.CutPrefix(s, "_:"); ok {
		return rdf.Blank(label)
	}
	return rdf.IRI(s)
}
