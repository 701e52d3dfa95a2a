package oracle

import (
	"regexp"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A report is read by an engine's maintainer, who has their engine and not
// our tool. An engine that can show a case with only itself installed
// implements Reproducer; each adapter owns its own (adapters/<name>/
// reproducer.go), so adding an engine touches its adapter and the registry
// only, and the report package knows no engine by name.
//
// The reproducer runs in a folder holding the report's query as query.rq
// and its data as data.nq. It loads the data with the dataset semantics
// the adapter uses: the N-Quads default graph is the default graph, each
// named graph a named graph (never the union of all graphs as the default
// graph, #rdfDataset), the base IRI is the case's, and it prints the
// answer: SELECT and ASK as SPARQL results (TSV where the engine writes it
// faithfully; else JSON or XML), CONSTRUCT and DESCRIBE as N-Triples.
//
// An update case (NativeCase.Update) runs in a folder holding the request
// as update.ru and the store before it as data.nq: the reproducer loads the
// store (an empty named graph cannot be written in N-Quads, so every graph
// it holds exists), applies the request, and prints the store after it as
// N-Quads (#graphStore: the answer of an update is the whole graph store),
// or the engine's error.
// internal/regress/reproduce_test.go runs them on the installed engines.

// NativeCase is a minimal case as a maintainer saves it.
type NativeCase struct {
	Query  string // SPARQL text, saved as query.rq (update.ru when Update)
	Data   string // N-Quads, saved as data.nq
	Base   string // the base IRI, or ""
	Update bool   // Query is a SPARQL 1.1 Update request, not a query
}

// File is the name the case's SPARQL text is saved under.
func (c NativeCase) File() string {
	if c.Update {
		return "update.ru"
	}
	return "query.rq"
}

// Native is an engine's own reproducer of a NativeCase.
type Native struct {
	Install string // one line installing the engine at its pinned version
	Run     string // shell text printing the answer, run where query.rq and data.nq are
}

// Reproducer is the optional interface of an engine with a reproducer of
// its own. ok is false when this instance has none (an endpoint named by
// configuration, a wrapper around an engine without one).
type Reproducer interface {
	Reproduce(c NativeCase) (n Native, ok bool)
}

// Unwrapper is a wrapper around an engine (the registry's limits).
type Unwrapper interface {
	Unwrap() Engine
}

// NativeFor returns e's own reproducer of c, looking through wrappers.
func NativeFor(e Engine, c NativeCase) (Native, bool) {
	for e != nil {
		if r, ok := e.(Reproducer); ok {
			if n, ok := r.Reproduce(c); ok {
				return n, true
			}
		}
		u, ok := e.(Unwrapper)
		if !ok {
			break
		}
		e = u.Unwrap()
	}
	return Native{}, false
}

// formPattern finds the query form keyword, not a prefix (ask:p); IRIs,
// strings, comments and prefix declarations are removed first, and the first
// keyword is the outer query's (#rQuery: the prologue holds only BASE and
// PREFIX).
var (
	formPattern = regexp.MustCompile(`(?i)(?:^|[^\w:-])(SELECT|ASK|CONSTRUCT|DESCRIBE)(?:[^\w:-]|$)`)
	tokenNoise  = regexp.MustCompile(`<[^<>"{}|^\x60\\\s]*>|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*|(?i:PREFIX)\s*[\w.-]*:`)
)

// Form names the query form, SELECT when none is found (a query the engine
// rejects is then run as the adapter runs it).
func (c NativeCase) Form() string {
	if m := formPattern.FindStringSubmatch(tokenNoise.ReplaceAllString(c.Query, " ")); m != nil {
		return strings.ToUpper(m[1])
	}
	return "SELECT"
}

// GraphForm: the answer is a graph (CONSTRUCT, DESCRIBE), printed as N-Triples.
func (c NativeCase) GraphForm() bool {
	f := c.Form()
	return f == "CONSTRUCT" || f == "DESCRIBE"
}

// Quads parses the data; nil when it does not parse.
func (c NativeCase) Quads() []rdf.Quad {
	quads, err := rdf.ParseNQuads(strings.NewReader(c.Data), "data.nq")
	if err != nil {
		return nil
	}
	return quads
}

// Graphs lists the named graphs' IRIs, sorted.
func (c NativeCase) Graphs() []string {
	seen := map[string]bool{}
	var out []string
	for _, q := range c.Quads() {
		if q.G.Kind == rdf.KindIRI && !seen[q.G.Value] {
			seen[q.G.Value] = true
			out = append(out, q.G.Value)
		}
	}
	sort.Strings(out)
	return out
}

// HasBlank: the data holds blank nodes.
func (c NativeCase) HasBlank() bool {
	for _, q := range c.Quads() {
		if q.S.Kind == rdf.KindBlank || q.O.Kind == rdf.KindBlank {
			return true
		}
	}
	return false
}
