package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Namespaces of the W3C test vocabulary
// (https://www.w3.org/2001/sw/DataAccess/tests/README).
const (
	MF    = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#"
	QT    = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#"
	DAWGT = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#"
	UT    = "http://www.w3.org/2009/sparql/tests/test-update#"
	SD    = "http://www.w3.org/ns/sparql-service-description#"
	ENT   = "http://www.w3.org/ns/entailment/"
	RDFS  = "http://www.w3.org/2000/01/rdf-schema#"
)

// Test types, as local names of the mf: namespace. Type keeps the local name
// for mf: types and the full IRI for any other namespace.
const (
	PositiveSyntax   = "PositiveSyntaxTest"
	PositiveSyntax11 = "PositiveSyntaxTest11"
	NegativeSyntax   = "NegativeSyntaxTest"
	NegativeSyntax11 = "NegativeSyntaxTest11"
	QueryEvaluation  = "QueryEvaluationTest"
	CSVResultFormat  = "CSVResultFormatTest"
	UpdateEvaluation = "UpdateEvaluationTest"
	PositiveUpdate11 = "PositiveUpdateSyntaxTest11"
	NegativeUpdate11 = "NegativeUpdateSyntaxTest11"
	// The SPARQL 1.2 suite (sparql12/) writes the update syntax types
	// without the 11 suffix.
	PositiveUpdate = "PositiveUpdateSyntaxTest"
	NegativeUpdate = "NegativeUpdateSyntaxTest"
)

// Test is one entry of an mf:entries list.
type Test struct {
	// ID is the test's IRI: a stable identifier across runs and snapshots.
	// An entry written as a blank node gets "<manifest IRI>#<name>" instead.
	ID       string
	Type     string // mf: local name ("QueryEvaluationTest"), else the full type IRI
	Name     string // mf:name
	Comment  string // rdfs:comment
	Manifest string // IRI of the manifest file that lists the test

	// Query is the query file's IRI: qt:query of the action, or the action
	// itself when it is an IRI (syntax tests).
	Query     string
	Data      []string    // qt:data: merged into the default graph
	GraphData []GraphData // qt:graphData: named graphs
	// ServiceData is qt:serviceData (federation tests): what each endpoint holds.
	ServiceData []ServiceData
	// Entailment lists sd:entailmentRegime values (IRIs).
	Entailment []string
	Result     string   // mf:result IRI ("" when absent)
	Requires   []string // mf:requires IRIs
	Features   []string // mf:feature IRIs
	// Lax is mf:resultCardinality mf:LaxCardinality: the number of
	// duplicates may vary (REDUCED).
	Lax bool
	// Update is the update request's file IRI (ut:request of the action),
	// for UpdateEvaluationTest; Data and GraphData then hold the store
	// before the request (ut:data, ut:graphData) and UpdateResult the store
	// after it (mf:result [ ut:data ...; ut:graphData ... ]).
	Update       string
	UpdateResult *StoreFiles
	// SpecVersion is mf:specVersion ("sparql-1.2" in sparql12/version), or "".
	SpecVersion string
	// Approval is the dawgt:approval local name ("Approved", "Proposed",
	// "NotClassified", "Withdrawn", ...); "" when the test has none.
	Approval string
}

// GraphData is one named graph of a test's dataset.
type GraphData struct {
	File string // IRI of the file to load
	Name string // graph name: the file IRI, or rdfs:label when the object was a blank node
}

// StoreFiles is a graph store written as files: the default graph's
// files and one entry per named graph (an update test's expected store).
type StoreFiles struct {
	Data      []string
	GraphData []GraphData
}

// Files lists every file a test names (query or update request, data,
// named graphs, expected results), for checks that they exist. Tests that
// name no file (the Protocol and Graph Store Protocol descriptions, whose
// actions are HTTP exchanges in prose) list none.
func (t *Test) Files() []string {
	var out []string
	for _, f := range []string{t.Query, t.Update, t.Result} {
		if f != "" {
			out = append(out, f)
		}
	}
	out = append(out, t.Data...)
	for _, gd := range t.GraphData {
		out = append(out, gd.File)
	}
	if r := t.UpdateResult; r != nil {
		out = append(out, r.Data...)
		for _, gd := range r.GraphData {
			out = append(out, gd.File)
		}
	}
	return out
}

// ServiceData is the content of one SERVICE endpoint of a federation test.
type ServiceData struct {
	Endpoint  string
	Data      []string
	GraphData []GraphData
}

// Syntax reports whether t is a positive or negative query syntax test.
func (t *Test) Syntax() (positive, ok bool) {
	return t.syntaxOf(PositiveSyntax, PositiveSyntax11, NegativeSyntax, NegativeSyntax11)
}

// UpdateSyntax reports whether t is a positive or negative update syntax
// test (the 1.1 suite's ...Test11 types and the 1.2 suite's plain ones).
func (t *Test) UpdateSyntax() (positive, ok bool) {
	return t.syntaxOf(PositiveUpdate11, PositiveUpdate, NegativeUpdate11, NegativeUpdate)
}

// syntaxOf reports whether t's type is one of the two positive or the two
// negative types of a kind of syntax test (1.1 and 1.2 names).
func (t *Test) syntaxOf(pos, pos2, neg, neg2 string) (positive, ok bool) {
	switch t.Type {
	case pos, pos2:
		return true, true
	case neg, neg2:
		return false, true
	}
	return false, false
}

// SPARQL12 reports whether t belongs to the SPARQL 1.2 suite, to be parsed
// and judged by the 1.2 document (syntax.Spec12): its manifest lies under
// sparql12/ or it says mf:specVersion "sparql-1.2". The 1.2 suite's tests
// are written for 1.2 processors (codepoint-esc-01-bad is valid 1.1 text).
func (t *Test) SPARQL12() bool {
	return t.SpecVersion == "sparql-1.2" || strings.Contains(t.Manifest, "/sparql12/")
}

// Withdrawn reports whether the working group withdrew or rejected the test.
// Approved, Proposed, NotClassified and unclassified tests are all run, as
// Oxigraph does: the suite's Proposed tests are real SPARQL 1.1 behaviour.
func (t *Test) Withdrawn() bool {
	return t.Approval == "Withdrawn" || t.Approval == "Rejected" || t.Approval == "NotApproved"
}

// Missing is an mf:include that names a manifest that is not on disk (a
// snapshot that leaves some folders out).
type Missing struct {
	IRI        string // the absent manifest
	IncludedBy string // the manifest that names it
}

// Suite is what Load read: every test reachable from the roots, in
// manifest order, each test once.
type Suite struct {
	Tests     []*Test
	Manifests []string  // IRIs of every manifest read, in reading order
	Missing   []Missing // absent included manifests (tolerated, reported)
}

// Load reads the manifests at paths (files or file IRIs) and, recursively,
// every manifest they mf:include. A manifest that is included but absent is
// recorded in Suite.Missing; a root that is absent, or any manifest that
// does not parse, is an error.
func Load(paths ...string) (*Suite, error) {
	l := &loader{suite: &Suite{}, seen: map[string]bool{}, tests: map[string]bool{}}
	for _, p := range paths {
		iri, err := toIRI(p)
		if err != nil {
			return nil, err
		}
		if err := l.manifest(iri, ""); err != nil {
			return nil, err
		}
	}
	return l.suite, nil
}

type loader struct {
	suite *Suite
	seen  map[string]bool // manifests already read
	tests map[string]bool // test IDs already listed
}

// manifest reads one manifest file and recurses into its includes.
func (l *loader) manifest(iri, includedBy string) error {
	if l.seen[iri] {
		return nil
	}
	l.seen[iri] = true
	path, ok := FilePath(iri)
	if !ok {
		return fmt.Errorf("manifest <%s>: not a file IRI", iri)
	}
	g, err := readGraph(path, iri)
	if errors.Is(err, fs.ErrNotExist) && includedBy != "" {
		l.suite.Missing = append(l.suite.Missing, Missing{IRI: iri, IncludedBy: includedBy})
		return nil
	}
	if err != nil {
		return err
	}
	l.suite.Manifests = append(l.suite.Manifests, iri)
	for _, m := range g.manifestNodes(iri) {
		for _, t := range g.entries(m, iri) {
			if !l.tests[t.ID] {
				l.tests[t.ID] = true
				l.suite.Tests = append(l.suite.Tests, t)
			}
		}
		for _, inc := range g.includes(m) {
			if err := l.manifest(inc, iri); err != nil {
				return err
			}
		}
	}
	return nil
}

// readGraph parses one Turtle manifest with the file's IRI as base, so
// relative IRIs resolve against the manifest file (RFC 3986 §5.1.3).
func readGraph(path, iri string) (*graph, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	quads, err := rdf.Parse(bytes.NewReader(src), rdf.FormatFromName(path), iri, path)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	return newGraph(quads), nil
}

// FileIRI returns the file: IRI of a local path (made absolute).
func FileIRI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return u.String() // "file:///abs/path", with percent-escapes where needed
}

// FilePath returns the local path of a file: IRI.
func FilePath(iri string) (string, bool) {
	u, err := url.Parse(iri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
		return "", false
	}
	return filepath.FromSlash(u.Path), true
}

// toIRI accepts a path or a file: IRI.
func toIRI(p string) (string, error) {
	if strings.HasPrefix(p, "file:") {
		if _, ok := FilePath(p); !ok {
			return "", fmt.Errorf("bad file IRI %q", p)
		}
		return p, nil
	}
	return FileIRI(p), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
