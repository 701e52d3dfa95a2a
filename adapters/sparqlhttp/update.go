package sparqlhttp

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Update applies an update request through the SPARQL 1.1 Update protocol
// (oracle.Updater) on a store that is the case's alone (Config.Scratch):
//
//  1. reset: DROP ALL, then the case's store in one INSERT (the default
//     graph as the store's unnamed graph: an update addresses it, so no
//     placeholder IRI can stand in for it) and CREATE SILENT GRAPH for each
//     empty named graph;
//  2. apply: POST application/sparql-update (Protocol §2.2.2), the base as
//     a BASE declaration before the request (the Protocol has no base
//     parameter);
//  3. read back: one SELECT over the default graph and every named graph,
//     so blank nodes keep one label across the store;
//  4. DROP ALL again, whatever happened.
//
// A 400 is the request refused (ErrRejected, Protocol §2.2.4: malformed);
// a 500 is a failure while it ran: the answer is the store as the endpoint
// left it, with Store.Err. LOAD is unsupported: the endpoint would fetch
// the document itself, and a case's documents are never served to it.
func (e *Engine) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForUpdate(); err != nil { // a query case: oracle.ErrRequestKind
		return nil, err
	}
	if e.cfg.UpdateText != nil {
		return e.sharedUpdate(ctx, c)
	}
	if !e.cfg.Scratch {
		return nil, fmt.Errorf("%w: %s: updates need a store of the oracle's own (Config.Scratch), reset by DROP ALL", oracle.ErrUnsupported, e.cfg.Name)
	}
	if hasLoad(c.Update, e.cfg.RefuseService) {
		return nil, fmt.Errorf("%w: LOAD: %s would fetch the document itself; a case's documents are never served to it", oracle.ErrUnsupported, e.cfg.Name)
	}
	load, err := storeUpdate(c.Dataset)
	if err != nil {
		return nil, err
	}
	ctx, release, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	defer e.dropAll()
	if err := e.update(ctx, "DROP ALL ;\n"+load); err != nil {
		return nil, err
	}
	return e.applyUpdate(ctx, c)
}

// acquire bounds ctx by the configured timeout when it has no deadline
// and takes the store's lock; release gives both back.
func (e *Engine) acquire(ctx context.Context) (context.Context, func(), error) {
	cancel := func() {}
	if _, ok := ctx.Deadline(); !ok {
		ctx, cancel = context.WithTimeout(ctx, e.cfg.Timeout)
	}
	select {
	case e.lock <- struct{}{}:
		e.release(ctx) // an update may write any graph (keep.go)
		return ctx, func() { <-e.lock; cancel() }, nil
	case <-ctx.Done():
		cancel()
		return nil, nil, fmt.Errorf("%w: waiting for the store %s", oracle.ErrTimeout, e.cfg.Query)
	}
}

// withBase puts the base IRI before the request as a BASE declaration.
func withBase(c *oracle.Case) string {
	if c.Base == "" {
		return c.Update
	}
	return "BASE <" + c.Base + ">\n" + c.Update
}

// applyUpdate sends the request and reads the store it left.
func (e *Engine) applyUpdate(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	failed, err := e.sendUpdate(ctx, withBase(c), false)
	if err != nil {
		return nil, err
	}
	st, err := e.readStore(ctx, &plan{})
	if err != nil {
		return nil, err
	}
	st.Err = failed
	return results.StoreAnswer(st), nil
}

// sendUpdate posts the request (application/sparql-update, or as a form,
// Protocol §2.2.1 both) and answers the failure of one that ran and failed
// ("" when it succeeded); a refusal is the error.
func (e *Engine) sendUpdate(ctx context.Context, text string, form bool) (string, error) {
	ctype, body := "application/sparql-update", []byte(text)
	if form {
		ctype, body = "application/x-www-form-urlencoded", []byte(url.Values{"update": {text}}.Encode())
	}
	start := time.Now()
	resp, data, err := e.send(ctx, http.MethodPost, e.cfg.Update, ctype, body, "", true)
	e.lastUS.Store(time.Since(start).Microseconds())
	if err != nil {
		return "", err
	}
	if resp.StatusCode/100 == 2 {
		return "", nil
	}
	if !e.ranAndFailed(resp.StatusCode, string(data)) {
		return "", e.statusError(resp, data)
	}
	return fmt.Sprintf("%s: %s", resp.Status, excerpt(data)), nil
}

// ranAndFailed says whether a failure status is a request that ran and
// failed (Config.UpdateFailed, else 500: Protocol §2.2.4).
func (e *Engine) ranAndFailed(status int, body string) bool {
	if e.cfg.UpdateFailed != nil {
		return e.cfg.UpdateFailed(status, body)
	}
	return status == http.StatusInternalServerError
}

// storeQuery reads the whole store in one answer: the default graph's
// triples (no ?g), every named graph's (?g), and every named graph's name
// alone (an empty one included, where the store keeps it).
const storeQuery = `SELECT ?s ?p ?o ?g WHERE { { ?s ?p ?o } UNION { GRAPH ?g { } } UNION { GRAPH ?g { ?s ?p ?o } } }`

// readStore asks the endpoint for its store, with p's dataset. An empty
// plan names none: the query's default graph is then the endpoint's own,
// its unnamed graph (neither server this package runs makes it a union).
func (e *Engine) readStore(ctx context.Context, p *plan) (*results.Store, error) {
	a, err := e.query(ctx, &oracle.Case{Query: storeQuery}, &oracle.QueryInfo{Form: "SELECT"}, p)
	if err != nil {
		return nil, fmt.Errorf("reading the store back: %w", err)
	}
	ds := rdf.NewDataset()
	for _, r := range a.Rows {
		s, hasS := r["s"]
		g, hasG := r["g"]
		if hasG {
			ds.Named(g, true)
		}
		if hasS {
			ds.Add(rdf.Quad{S: s, P: r["p"], O: r["o"], G: g})
		}
	}
	return results.StoreOf(ds), nil
}

// dropAll empties the store after a case, with a context of its own: it
// must run even when the case's deadline has passed. An error is dropped:
// the next update case starts with DROP ALL, and query cases name their
// graphs (load drops what a case names but does not load).
func (e *Engine) dropAll() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = e.update(ctx, "DROP ALL")
}

// storeUpdate writes the case's store as one INSERT template (blank nodes
// allowed and shared across graphs, as in insert) and a CREATE SILENT GRAPH
// per empty named graph. A store the Update language cannot state (a blank
// node naming a graph, a name IRIREF cannot hold) is unsupported.
func storeUpdate(ds *rdf.Dataset) (string, error) {
	if ds == nil {
		return "", nil
	}
	var tmpl, create strings.Builder
	tmpl.Write(ntriples(ds.Default.Triples()))
	for _, n := range ds.Names() {
		if n.Kind != rdf.KindIRI || badIRI.MatchString(n.Value) {
			return "", fmt.Errorf("%w: graph name %s cannot be written in an update request", oracle.ErrUnsupported, n)
		}
		ts := ds.Named(n, false).Triples()
		if len(ts) == 0 {
			fmt.Fprintf(&create, "CREATE SILENT GRAPH <%s> ;\n", n.Value)
			continue
		}
		fmt.Fprintf(&tmpl, "GRAPH <%s> {\n%s}\n", n.Value, ntriples(ts))
	}
	if tmpl.Len() == 0 {
		return strings.TrimSuffix(create.String(), " ;\n"), nil
	}
	return create.String() + "INSERT {\n" + tmpl.String() + "} WHERE {}", nil
}

// badIRI matches what IRIREF forbids (#rIRIREF).
var badIRI = regexp.MustCompile("[<>\"{}|^`\\\\\x00-\x20]")

// hasLoad says whether the request holds a LOAD operation, by its syntax
// tree. A text our parser refuses is the endpoint's to judge: a confined
// endpoint (no network: networked false) gets it as it is, since a LOAD
// in it could fetch nothing; for one that could reach the network the
// keyword outside IRIs, strings and comments decides, codepoint escapes
// read first (#codepointEscape: \u004COAD is LOAD).
func hasLoad(text string, networked bool) bool {
	if u, err := syntax.ParseUpdate(text, syntax.Options{}); err == nil {
		for _, step := range u.Ops {
			if _, ok := step.Op.(*syntax.Load); ok {
				return true
			}
		}
		return false
	}
	if !networked {
		return false
	}
	text = codepoint.ReplaceAllStringFunc(text, unescape)
	return loadWord.MatchString(opaque.ReplaceAllString(text, " "))
}

var (
	codepoint = regexp.MustCompile(`\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}`)
	opaque    = regexp.MustCompile(`<[^<>"{}|^` + "`" + `\\\s]*>|"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*`)
	loadWord  = regexp.MustCompile(`(?i)(?:^|[^\w:?$.-])LOAD(?:[^\w:.-]|$)`)
)

func unescape(m string) string {
	var r rune
	fmt.Sscanf(m[2:], "%x", &r)
	if r > 0x10ffff {
		return m
	}
	return string(r)
}
