package results

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// RS is the namespace of the W3C DAWG result-set vocabulary, in which the
// SPARQL 1.0 test suite writes expected results as RDF graphs.
const RS = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#"

var (
	rdfType          = rdf.IRI(rdf.RDFNS + "type")
	rsResultSet      = rdf.IRI(RS + "ResultSet")
	rsResultVariable = rdf.IRI(RS + "resultVariable")
	rsSolution       = rdf.IRI(RS + "solution")
	rsBinding        = rdf.IRI(RS + "binding")
	rsVariable       = rdf.IRI(RS + "variable")
	rsValue          = rdf.IRI(RS + "value")
	rsIndex          = rdf.IRI(RS + "index")
	rsBoolean        = rdf.IRI(RS + "boolean")
)

// ErrNotResultSet is returned by FromResultSetGraph for a graph with no
// rs:ResultSet node.
var ErrNotResultSet = errors.New("results: graph holds no rs:ResultSet")

// rsGraph indexes a graph by subject and predicate, objects in input order.
type rsGraph map[rdf.Term]map[rdf.Term][]rdf.Term

func indexGraph(triples []rdf.Triple) rsGraph {
	g := rsGraph{}
	seen := map[rdf.Triple]bool{}
	for _, t := range triples {
		if seen[t] {
			continue
		}
		seen[t] = true
		if g[t.S] == nil {
			g[t.S] = map[rdf.Term][]rdf.Term{}
		}
		g[t.S][t.P] = append(g[t.S][t.P], t.O)
	}
	return g
}

// FromResultSetGraph reads an answer written in the result-set vocabulary:
// one rs:ResultSet node with rs:boolean (ASK), or with rs:resultVariable
// literals and rs:solution nodes, each with rs:binding nodes pairing an
// rs:variable literal with an rs:value term (an unbound variable has no
// binding). Vars follow the order of the rs:resultVariable triples;
// variables bound but not declared are appended. Rows are in the order of
// the rs:solution triples, or sorted by rs:index when solutions carry one
// (ordered results; then every solution must).
func FromResultSetGraph(triples []rdf.Triple) (*Answer, error) {
	g := indexGraph(triples)
	rs, err := g.resultSetNode(triples)
	if err != nil {
		return nil, err
	}
	props := g[rs]
	if b := props[rsBoolean]; len(b) > 0 {
		return rsBooleanAnswer(b)
	}
	a := &Answer{Kind: Bindings, Vars: []string{}, Rows: []Solution{}}
	for _, v := range props[rsResultVariable] {
		if !v.IsLiteral() {
			return nil, fmt.Errorf("results: rs:resultVariable %s is not a literal", v)
		}
		addVar(a, v.Value)
	}
	sols := props[rsSolution]
	if err := g.orderSolutions(sols); err != nil {
		return nil, err
	}
	for i, s := range sols {
		row, err := g.solution(a, s)
		if err != nil {
			return nil, fmt.Errorf("results: solution %d: %w", i+1, err)
		}
		a.Rows = append(a.Rows, row)
	}
	return a, nil
}

func (rsGraph) resultSetNode(triples []rdf.Triple) (rdf.Term, error) {
	var nodes []rdf.Term
	seen := map[rdf.Term]bool{}
	for _, t := range triples {
		if t.P == rdfType && t.O == rsResultSet && !seen[t.S] {
			seen[t.S] = true
			nodes = append(nodes, t.S)
		}
	}
	switch len(nodes) {
	case 0:
		return rdf.None, ErrNotResultSet
	case 1:
		return nodes[0], nil
	}
	return rdf.None, fmt.Errorf("results: %d rs:ResultSet nodes in one graph", len(nodes))
}

func rsBooleanAnswer(b []rdf.Term) (*Answer, error) {
	if len(b) != 1 || !b[0].IsLiteral() {
		return nil, errors.New("results: rs:boolean must be one literal")
	}
	switch b[0].Value {
	case "true", "1":
		return &Answer{Kind: Boolean, Boolean: true}, nil
	case "false", "0":
		return &Answer{Kind: Boolean, Boolean: false}, nil
	}
	return nil, fmt.Errorf("results: rs:boolean %s is not a boolean", b[0])
}

func addVar(a *Answer, v string) {
	for _, w := range a.Vars {
		if w == v {
			return
		}
	}
	a.Vars = append(a.Vars, v)
}

// orderSolutions sorts solutions by rs:index when any carries one.
func (g rsGraph) orderSolutions(sols []rdf.Term) error {
	index := map[rdf.Term]int{}
	for _, s := range sols {
		if idx := g[s][rsIndex]; len(idx) > 0 {
			n, err := strconv.Atoi(strings.TrimSpace(idx[0].Value))
			if err != nil || len(idx) > 1 {
				return fmt.Errorf("results: bad rs:index %v", idx)
			}
			index[s] = n
		}
	}
	if len(index) == 0 {
		return nil
	}
	if len(index) != len(sols) {
		return errors.New("results: only some solutions have rs:index")
	}
	sort.SliceStable(sols, func(i, j int) bool { return index[sols[i]] < index[sols[j]] })
	return nil
}

func (g rsGraph) solution(a *Answer, s rdf.Term) (Solution, error) {
	row := Solution{}
	for _, b := range g[s][rsBinding] {
		name, val := g[b][rsVariable], g[b][rsValue]
		switch {
		case len(name) != 1 || !name[0].IsLiteral():
			return nil, errors.New("a binding needs one literal rs:variable")
		case len(val) != 1:
			return nil, fmt.Errorf("the binding of %q needs one rs:value, has %d", name[0].Value, len(val))
		case !row[name[0].Value].IsZero():
			return nil, fmt.Errorf("%q bound twice", name[0].Value)
		}
		addVar(a, name[0].Value)
		row[name[0].Value] = val[0]
	}
	return row, nil
}

// ReadRDF parses a Turtle or RDF/XML document with rdf.Parse (relative IRIs
// against base) and converts it: a result-set graph becomes a Bindings or
// Boolean answer (FromResultSetGraph); any other graph becomes a Graph
// answer holding its triples (CONSTRUCT expectations are plain graphs).
// N-Triples is accepted too. rdf.Parse reads Turtle and N-Triples with our
// own reader but RDF/XML with knakk/rdf in-process, which can crash the
// process on hostile input: use it on trusted files (the W3C suite); for
// untrusted data load with rdf.LoadIsolated and call FromResultSetGraph.
func ReadRDF(r io.Reader, format Format, base string) (*Answer, error) {
	var rf rdf.Format
	switch format {
	case Turtle:
		rf = rdf.Turtle
	case RDFXML:
		rf = rdf.RDFXML
	case NTriples:
		rf = rdf.NTriples
	default:
		return nil, fmt.Errorf("results: %s is not an RDF format", format)
	}
	name := base
	if name == "" {
		name = "results"
	}
	quads, err := rdf.Parse(r, rf, base, name)
	if err != nil {
		return nil, err
	}
	triples := make([]rdf.Triple, 0, len(quads))
	for _, q := range quads {
		triples = append(triples, q.Triple())
	}
	a, err := FromResultSetGraph(triples)
	if errors.Is(err, ErrNotResultSet) {
		return &Answer{Kind: Graph, Triples: rdf.NewGraph(triples...).Triples()}, nil
	}
	return a, err
}

// WriteNTriples writes a Graph answer as canonical N-Triples: one triple a
// line, sorted, without duplicates, blank-node labels that are not valid
// N-Triples labels renamed.
func WriteNTriples(w io.Writer, a *Answer) error {
	if a == nil || a.Kind != Graph {
		return errors.New("results: WriteNTriples needs a Graph answer")
	}
	if err := checkIRIs(a); err != nil {
		return err
	}
	tw := newTermWriter(false, blankLabels(a))
	lines := make([]string, 0, len(a.Triples))
	for _, t := range a.Triples {
		if t.S.IsZero() || t.P.IsZero() || t.O.IsZero() {
			return fmt.Errorf("results: triple with a missing term: %s", t)
		}
		lines = append(lines, tw.term(t.S)+" "+tw.term(t.P)+" "+tw.term(t.O)+" .")
	}
	sort.Strings(lines)
	bw := bufio.NewWriter(w)
	for i, l := range lines {
		if i == 0 || l != lines[i-1] {
			bw.WriteString(l + "\n")
		}
	}
	return bw.Flush()
}
