package sparqlhttp

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// load puts the plan's graphs into the store. A named graph of the request
// that has no triples is dropped first: a graph left behind by an earlier
// run must not show through.
func (e *Engine) load(ctx context.Context, p *plan) error {
	if e.dirty.Load() && e.cfg.Scratch {
		// An earlier clear failed: the store is the oracle's alone, so it
		// is emptied whole before this case.
		if err := e.update(ctx, "DROP ALL"); err != nil {
			return err
		}
		e.dirty.Store(false)
	}
	// The graphs loaded are dropped first too: a graph left under the same
	// IRI (a clear that failed) must not add to the case's.
	switch e.cfg.Load {
	case LoadUpdate:
		return e.update(ctx, dropAll(append(p.toDrop(), caseIRIs(p)...))+insert(p.graphs))
	case LoadNQuads:
		if err := e.update(ctx, dropAll(append(p.toDrop(), caseIRIs(p)...))); err != nil {
			return err
		}
		return e.postQuads(ctx, p.graphs)
	}
	for _, g := range p.graphs {
		body := ntriples(g.Triples)
		if err := e.store(ctx, http.MethodPut, g.IRI, body); err != nil {
			return err
		}
	}
	for _, iri := range p.toDrop() {
		if err := e.store(ctx, http.MethodDelete, iri, nil); err != nil {
			return err
		}
	}
	return nil
}

// loadable refuses a plan the load mode cannot represent faithfully.
func (e *Engine) loadable(p *plan) error {
	if b, ok := p.sharedBlank(); ok && e.cfg.Load == LoadGraphStore {
		return fmt.Errorf("%w: blank node %s is in two graphs; the Graph Store Protocol loads graphs one by one (use LoadUpdate)", oracle.ErrUnsupported, b)
	}
	return nil
}

// unload drops every graph the plan loaded.
func (e *Engine) unload(ctx context.Context, p *plan) error {
	if e.cfg.Load != LoadGraphStore {
		return e.update(ctx, dropAll(caseIRIs(p)))
	}
	for _, g := range p.graphs {
		if err := e.store(ctx, http.MethodDelete, g.IRI, nil); err != nil {
			return err
		}
	}
	return nil
}

// store sends one Graph Store Protocol request; DELETE of an absent graph
// (404) is fine.
func (e *Engine) store(ctx context.Context, method, iri string, body []byte) error {
	u := e.cfg.Store + sep(e.cfg.Store) + url.Values{e.cfg.GraphParam: {iri}}.Encode()
	resp, data, err := e.send(ctx, method, u, "application/n-triples", body, "", true)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 == 2 || method == http.MethodDelete && resp.StatusCode == http.StatusNotFound {
		return nil
	}
	return loadError(method+" graph <"+iri+">", resp, data)
}

// update sends one SPARQL Update request as a form.
func (e *Engine) update(ctx context.Context, text string) error {
	if text == "" {
		return nil
	}
	body := []byte(url.Values{"update": {text}}.Encode())
	resp, data, err := e.send(ctx, http.MethodPost, e.cfg.Update, "application/x-www-form-urlencoded", body, "", true)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 == 2 {
		return nil
	}
	return loadError("update", resp, data)
}

// loadError: a store that refuses the case's data (the load phase) cannot
// run the case; that is unsupported, not a wrong answer. A 502 or 503 is a
// store that cannot serve at all: unavailable.
func loadError(what string, resp *http.Response, data []byte) error {
	kind := oracle.ErrUnsupported
	if resp.StatusCode == http.StatusBadGateway || resp.StatusCode == http.StatusServiceUnavailable {
		kind = oracle.ErrUnavailable
	}
	return fmt.Errorf("%w: %s refused loading (%s): %s", kind, what, resp.Status, excerpt(data))
}

func dropAll(iris []string) string {
	var b strings.Builder
	for _, iri := range iris {
		fmt.Fprintf(&b, "DROP SILENT GRAPH <%s> ;\n", iri)
	}
	return b.String()
}

// insert writes INSERT { GRAPH <g> { ... } ... } WHERE {}: a template, not
// INSERT DATA, so blank nodes are allowed everywhere (#insertDeleteData vs #deleteInsert).
func insert(graphs []graph) string {
	if len(graphs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("INSERT {\n")
	for _, g := range graphs {
		fmt.Fprintf(&b, "GRAPH <%s> {\n%s}\n", g.IRI, ntriples(g.Triples))
	}
	b.WriteString("} WHERE {}")
	return b.String()
}

// ntriples writes one graph's triples as N-Triples (nquads.go's writer,
// no graph name).
func ntriples(ts []rdf.Triple) []byte {
	return writeQuads([]graph{{Triples: ts}}, false)
}

func sep(u string) string {
	if strings.Contains(u, "?") {
		return "&"
	}
	return "?"
}
