package sparqlhttp

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// An engine's own state is off limits (Config.OwnGraphs: a store that
// holds graphs of the engine's own, Virtuoso's system graphs such as
// http://www.openlinksw.com/schemas/virtrdf#, which its SPARQL compiler
// reads). Before the first case the store's graphs are counted: every
// graph there then is the engine's. Then, for every case:
//
//   - a case that names one of them (a named graph or FROM source of its
//     dataset, any IRI of its query or update request) is unsupported
//     before it runs: loading it would replace the graph, dropping it after
//     would delete it, an update could change it for every later case;
//   - after the case, the store is counted again: a graph that is not the
//     engine's is a leftover and is dropped, so the next case starts from a
//     store holding the engine's graphs and its own; an engine's graph whose
//     triple count changed (which the refusal should make impossible) is
//     ErrOwnGraphsChanged, and the adapter restarts the engine on a fresh
//     database (adapters/virtuoso).

// ErrOwnGraphsChanged: a case changed a graph the store held before any
// case. The store can no longer be trusted for the next case.
var ErrOwnGraphsChanged = errors.New("the engine's own graphs changed")

// graphCountQuery counts every graph's triples, with no dataset named:
// all of the store's graphs (Virtuoso's own default is their union).
const graphCountQuery = `SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g`

// graphCounts is every graph of the store with its number of triples: the
// graphs holding one (a graph without one does not exist for Virtuoso),
// also what a shared-store update made (shared.go).
func (e *Engine) graphCounts(ctx context.Context) (map[string]int, error) {
	a, err := e.query(ctx, &oracle.Case{Query: graphCountQuery}, &oracle.QueryInfo{Form: "SELECT"}, &plan{})
	if err != nil {
		return nil, fmt.Errorf("counting the store's graphs: %w", err)
	}
	out := map[string]int{}
	for _, r := range a.Rows {
		if g, ok := r["g"]; ok && g.Kind == rdf.KindIRI {
			n, _ := strconv.Atoi(r["n"].Value)
			out[g.Value] = n
		}
	}
	return out, nil
}

// ownGraphs is the engine's own graphs, counted at the first case (the
// store's lock held).
func (e *Engine) ownGraphs(ctx context.Context) (map[string]int, error) {
	if !e.cfg.OwnGraphs || e.own != nil {
		return e.own, nil
	}
	own, err := e.graphCounts(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrUnavailable, err)
	}
	e.own = own
	return own, nil
}

// OwnGraphs is the engine's own graphs with their triple counts, as
// counted before its first case (nil before it, or without Config.OwnGraphs).
func (e *Engine) OwnGraphs() map[string]int {
	select {
	case e.lock <- struct{}{}:
		defer func() { <-e.lock }()
	case <-time.After(time.Minute):
		return nil
	}
	out := map[string]int{}
	for g, n := range e.own {
		out[g] = n
	}
	return out
}

// refuseOwn is the refusal: a case naming any of the engine's graphs
// (names: its dataset's graphs and every IRI of its request).
func (e *Engine) refuseOwn(ctx context.Context, names []string) error {
	own, err := e.ownGraphs(ctx)
	if err != nil || own == nil {
		return err
	}
	for _, n := range names {
		if _, ok := own[n]; ok {
			return fmt.Errorf("%w: %s: the case names <%s>, a graph of the engine's own (its system graphs are off limits: a case may not read, replace or change them)", oracle.ErrUnsupported, e.cfg.Name, n)
		}
	}
	return nil
}

// restoreOwn counts the store after a case: leftovers are dropped, a
// changed graph of the engine's own is ErrOwnGraphsChanged.
func (e *Engine) restoreOwn() error {
	if e.own == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	now, err := e.graphCounts(ctx)
	if err != nil {
		return fmt.Errorf("%w: %v", oracle.ErrUnavailable, err)
	}
	var extra, changed []string
	for g, n := range now {
		if was, ok := e.own[g]; !ok {
			if !e.holds(g) {
				extra = append(extra, g)
			}
		} else if was != n {
			changed = append(changed, fmt.Sprintf("<%s> %d -> %d triples", g, was, n))
		}
	}
	for g, n := range e.own {
		if _, ok := now[g]; !ok {
			changed = append(changed, fmt.Sprintf("<%s> %d -> 0 triples", g, n))
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		if err := e.update(ctx, dropAll(extra)); err != nil {
			return fmt.Errorf("%w: dropping graphs left after the case (%s): %v", oracle.ErrUnavailable, strings.Join(extra, " "), err)
		}
	}
	if len(changed) > 0 {
		sort.Strings(changed)
		return fmt.Errorf("%w: %w: %s", oracle.ErrUnavailable, ErrOwnGraphsChanged, strings.Join(changed, ", "))
	}
	return nil
}

// caseNames lists what a query case names: its dataset's graphs, its FROM
// sources and every IRI its query holds (our parser's reading against the
// base; a text it refuses is read by the query's dataset clauses alone).
func caseNames(c *oracle.Case, h *oracle.QueryInfo) []string {
	var out []string
	if c.Dataset != nil {
		out = append(out, names(c.Dataset)...)
	}
	for n := range c.Sources {
		out = append(out, n)
	}
	out = append(append(out, h.From...), h.FromNamed...)
	if q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base}); err == nil {
		iris := map[string]bool{}
		collectIRIs(reflect.ValueOf(q), iris, 0)
		out = append(out, keys(iris)...)
	}
	return out
}

// updateNames lists what an update case names: its store's graphs and
// every IRI of its request.
func updateNames(c *oracle.Case, u *syntax.Update) []string {
	var out []string
	if c.Dataset != nil {
		out = append(out, names(c.Dataset)...)
	}
	if u != nil {
		out = append(out, keys(requestIRIs(u))...)
	}
	return out
}

// GraphCounts is every graph of the store with its number of triples, read
// under the store's lock (between cases): what a test compares with
// OwnGraphs.
func (e *Engine) GraphCounts(ctx context.Context) (map[string]int, error) {
	select {
	case e.lock <- struct{}{}:
		defer func() { <-e.lock }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return e.graphCounts(ctx)
}
