package sparqlhttp

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// sharedUpdate applies an update on a store that holds graphs of the
// engine's own (Config.UpdateText: Virtuoso's system graphs), so nothing
// may be reset whole and no operation may reach every graph:
//
//  1. the request is parsed by our parser first: one with LOAD, a
//     CLEAR/DROP of ALL or NAMED, WITH or USING is unsupported (never
//     sent: it could reach the engine's own graphs or the network, or the
//     request-wide default graph would override WITH and USING); one our
//     parser refuses is only parsed by the engine (probe);
//  2. the case is loaded as for a query (plan: the default graph in a
//     graph of the case's own, the named graphs under their IRIs), after
//     the store's graphs are listed, each graph then created (CREATE
//     SILENT GRAPH: a store that records graphs, as Virtuoso does for
//     DROP, must know them as existing);
//  3. the request goes out as UpdateText writes it: the case's graph as
//     the default graph, and as the named graphs GRAPH ?var may range
//     over the case's named graphs and every IRI the request writes (a
//     graph an operation creates under a computed IRI is not among them);
//  4. the store is read back: the case's graph as the default graph and
//     every graph that was not there before as a named graph; all of them
//     are dropped after, whatever happened.
func (e *Engine) sharedUpdate(ctx context.Context, c *oracle.Case) (a *results.Answer, err error) {
	u, perr := c.UpdateTree() // the case's one tree, read only
	if perr == nil {
		if what := refusedShared(u); what != "" {
			return nil, fmt.Errorf("%w: %s: %s", oracle.ErrUnsupported, e.cfg.Name, what)
		}
	}
	ctx, release, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	if err := e.refuseOwn(ctx, updateNames(c, u)); err != nil {
		return nil, err
	}
	defer func() { // after the case's graphs are dropped (owngraphs.go)
		if rerr := e.restoreOwn(); rerr != nil {
			a, err = nil, rerr
		}
	}()
	prefix := fmt.Sprintf("urn:sparql-oracle:%s:%d", e.run, e.seq.Add(1))
	if perr != nil {
		return nil, e.probe(ctx, c, prefix, perr)
	}
	p := makePlan(c, &oracle.QueryInfo{}, prefix) // no dataset clause: the store alone
	if err := e.loadable(p); err != nil {
		return nil, err
	}
	// Leftovers under the case's IRIs (another client's, or a crashed
	// case's) go first, as graphs, so none counts as there before.
	if err := e.update(ctx, dropAll(append(p.toDrop(), caseIRIs(p)...))); err != nil {
		return nil, err
	}
	before, err := e.graphCounts(ctx) // owngraphs.go: the graphs holding a triple
	if err != nil {
		return nil, err
	}
	made := map[string]bool{p.Default[0]: true}
	defer func() { e.dropGraphs(made) }()
	for _, g := range p.graphs {
		made[g.IRI] = true
	}
	if err := e.load(ctx, p); err != nil {
		return nil, err
	}
	if err := e.update(ctx, createAll(p)); err != nil {
		return nil, err
	}
	return e.applyShared(ctx, c, u, p, before, made)
}

// applyShared sends the request and reads back what the case's graphs hold.
func (e *Engine) applyShared(ctx context.Context, c *oracle.Case, u *syntax.Update, p *plan, before map[string]int, made map[string]bool) (*results.Answer, error) {
	named := sortedKeys(requestIRIs(u), p.Named)
	failed, err := e.sendUpdate(ctx, e.cfg.UpdateText(withBase(c), p.Default[0], named), true)
	if err != nil {
		return nil, err
	}
	after, err := e.graphCounts(ctx)
	if err != nil {
		return nil, err
	}
	read := &plan{Default: p.Default}
	for g := range after {
		if _, ok := before[g]; !ok {
			made[g] = true
			if g != p.Default[0] {
				read.Named = append(read.Named, g)
			}
		}
	}
	if len(read.Named) == 0 {
		read.Named = []string{p.prefix + ":none"}
	}
	st, err := e.readStore(ctx, read)
	if err != nil {
		return nil, err
	}
	st.Err = failed
	return results.StoreAnswer(st), nil
}

// caseIRIs are the graphs the plan loads.
func caseIRIs(p *plan) []string {
	out := make([]string, len(p.graphs))
	for i, g := range p.graphs {
		out[i] = g.IRI
	}
	return out
}

// createAll creates every graph of the case: its named graphs and the one
// standing for its default graph.
func createAll(p *plan) string {
	var b strings.Builder
	for _, iri := range append([]string{p.Default[0]}, p.Named...) {
		if !strings.HasPrefix(iri, p.prefix+":none") {
			fmt.Fprintf(&b, "CREATE SILENT GRAPH <%s> ;\n", iri)
		}
	}
	return strings.TrimSuffix(b.String(), " ;\n")
}

// probe asks the engine whether it parses a request our parser refuses,
// without running it: an operation that always fails (DROP of a graph that
// exists nowhere) goes first, after the request's prologue, so an engine
// that parses the whole request before running it either refuses it (a
// parse failure, whose error is the answer) or fails on that operation. A
// request it parses is not run (it could reach the engine's own graphs):
// its acceptance is the answer, as unsupported.
func (e *Engine) probe(ctx context.Context, c *oracle.Case, prefix string, perr error) error {
	head := prologue.FindString(c.Update)
	text := head + "\nDROP GRAPH <" + prefix + ":absent> ;\n" + c.Update[len(head):]
	if c.Base != "" {
		text = "BASE <" + c.Base + ">\n" + text
	}
	failed, err := e.sendUpdate(ctx, e.cfg.UpdateText(text, prefix+":absent", nil), true)
	if err != nil {
		return err
	}
	if failed == "" {
		return fmt.Errorf("%w: %s: the probe's failing first operation succeeded; the request is not run", oracle.ErrUnsupported, e.cfg.Name)
	}
	return fmt.Errorf("%w: %s parses the request, which our parser refuses (%v); it is not run on a shared store", oracle.ErrUnsupported, e.cfg.Name, perr)
}

// prologue matches the request's leading BASE and PREFIX declarations,
// blanks and comments (#rPrologue).
var prologue = regexp.MustCompile(`(?i)^(?:\s+|#[^\n]*|BASE\s*<[^<>\s]*>|PREFIX\s*[^\s:<>]*:\s*<[^<>\s]*>)*`)

// refusedShared names an operation a shared store cannot run safely.
func refusedShared(u *syntax.Update) string {
	for _, step := range u.Ops {
		switch op := step.Op.(type) {
		case *syntax.Modify:
			if op.With != nil || len(op.Using) > 0 {
				return "WITH and USING: the request-wide default graph that stands for the store's would override them"
			}
		case *syntax.Load:
			return "LOAD: the engine would fetch the document itself; a case's documents are never served to it"
		case *syntax.Management:
			if k := op.Target.Kind; k == syntax.TargetAll || k == syntax.TargetNamed {
				return op.Kind.String() + " ALL/NAMED would reach the engine's own graphs"
			}
		}
	}
	return ""
}

// dropGraphs drops the case's graphs with a context of its own: it must
// run even when the case's deadline has passed.
func (e *Engine) dropGraphs(graphs map[string]bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	iris := sortedKeys(graphs, nil)
	_ = e.update(ctx, dropAll(iris))
}

// RequestIRIs lists, sorted, every IRI of an update request as our parser
// reads it against base (nil when it refuses the text): the graphs GRAPH
// ?var may range over in a shared store besides the case's (a
// reproducer names the same ones).
func RequestIRIs(text, base string) []string {
	u, err := syntax.ParseUpdate(text, syntax.Options{Base: base})
	if err != nil {
		return nil
	}
	return sortedKeys(requestIRIs(u), nil)
}

// requestIRIs collects every IRI the request's syntax tree holds.
func requestIRIs(u *syntax.Update) map[string]bool {
	out := map[string]bool{}
	collectIRIs(reflect.ValueOf(u), out, 0)
	return out
}

// collectIRIs walks the tree by reflection (the syntax package's Inspect
// covers queries only), bounded in depth as the parser bounds nesting.
func collectIRIs(v reflect.Value, out map[string]bool, depth int) {
	if depth > 4*syntax.DefaultMaxDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if iri, ok := v.Interface().(*syntax.IRI); ok {
			out[iri.Value] = true
			return
		}
		collectIRIs(v.Elem(), out, depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				collectIRIs(v.Field(i), out, depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			collectIRIs(v.Index(i), out, depth+1)
		}
	}
}

// sortedKeys lists the keys of m and the further names, once each, sorted.
func sortedKeys(m map[string]bool, more []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(keys(m), more...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
