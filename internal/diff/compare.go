package diff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Verdict is the outcome of comparing an actual answer with a judge's.
//
// OK is true exactly when actual is a correct answer given the judge's
// expected answer and its Freedom. When OK is false, Classes is non-empty,
// sorted most specific first (see AllClasses), and Diff lists the differing
// rows. Note carries remarks that hold either way (open variables compared by
// shape only, variable order ignored, budget exhausted...).
type Verdict struct {
	OK      bool
	Classes []Class
	Diff    []Line
	Summary string // one line: row counts and how many rows differ
	Note    string
	// Basis, when set, is what the comparator's verdict rests on beyond
	// the judge's answer: the other reading an engine took (contested),
	// "every reading of the text rules it out" (text), or §17.6's
	// extension point (compare_readings.go, compare_extension.go).
	Basis *results.Basis
}

// Line is one line of the human diff: Op '-' for expected only, '+' for
// actual only; Text is a row in N-Triples term syntax (`?x=<a> ?y="1"`), a
// triple, a boolean, or a positional row (`#3 ?x=<a>`) for order diffs.
type Line struct {
	Op   byte
	Text string
}

func (l Line) String() string { return string(l.Op) + " " + l.Text }

// Text renders the verdict for people: status, classes, note, summary, diff.
func (v *Verdict) Text() string {
	var b strings.Builder
	if v.OK {
		b.WriteString("ok\n")
	} else {
		cs := make([]string, len(v.Classes))
		for i, c := range v.Classes {
			cs[i] = string(c)
		}
		b.WriteString("fail " + strings.Join(cs, " ") + "\n")
	}
	for _, s := range []string{v.Note, v.Summary} {
		if s != "" {
			b.WriteString("# " + s + "\n")
		}
	}
	for _, l := range v.Diff {
		b.WriteString(l.String() + "\n")
	}
	return b.String()
}

// DefaultBudget is the number of search steps Compare spends on the
// blank-node bijection before it gives up with ClassUndecided.
const DefaultBudget = 1_000_000

// Options tune CompareWith.
type Options struct {
	Budget int // search steps; <= 0 means DefaultBudget
	// ExactDescribe holds the engine to the judge's own DESCRIBE policy:
	// its description is compared exactly, where any other engine's is
	// whatever its service determines (#describe) and any graph is correct.
	// The caller says which engine shares the policy (triage.CompareOptions).
	ExactDescribe bool
}

// Compare judges actual against expected, the judge's answer; see Verdict.
func Compare(expected, actual *results.Answer) *Verdict {
	return CompareWith(expected, actual, Options{})
}

// CompareWith is Compare with explicit options.
func CompareWith(expected, actual *results.Answer, opt Options) *Verdict {
	if opt.Budget <= 0 {
		opt.Budget = DefaultBudget
	}
	v := compareKinds(expected, actual, opt)
	if v.OK || expected == nil || actual == nil || expected.Freedom == nil {
		return v
	}
	if r := compareReadings(expected, actual, v, opt); r != nil { // compare_readings.go
		return r
	}
	if x := compareExtension(expected, actual, v, opt); x != nil { // compare_extension.go
		return x
	}
	if f := expected.Freedom; f.Indeterminate != "" {
		return &Verdict{Classes: []Class{ClassUndecided}, Note: "unjudged: " + f.Indeterminate, Diff: v.Diff}
	}
	return v
}

func compareKinds(expected, actual *results.Answer, opt Options) *Verdict {
	if expected == nil || actual == nil || expected.Kind != actual.Kind {
		return shapeVerdict(expected, actual)
	}
	switch expected.Kind {
	case results.Boolean:
		return compareBoolean(expected, actual)
	case results.Graph:
		return compareGraph(expected, actual, opt)
	case results.Bindings:
		return compareBindings(expected, actual, opt)
	case results.GraphStore:
		return compareStore(expected, actual, opt)
	}
	return shapeVerdict(expected, actual)
}

func kindName(a *results.Answer) string {
	if a == nil {
		return "no answer"
	}
	switch a.Kind {
	case results.Bindings:
		return "bindings"
	case results.Boolean:
		return "boolean"
	case results.Graph:
		return "graph"
	case results.GraphStore:
		return "graph store"
	}
	return fmt.Sprintf("kind %d", a.Kind)
}

func shapeVerdict(e, a *results.Answer) *Verdict {
	en, an := kindName(e), kindName(a)
	return &Verdict{
		Classes: []Class{ClassShape},
		Diff:    []Line{{'-', en}, {'+', an}},
		Note:    en + " vs " + an,
	}
}

func compareBoolean(e, a *results.Answer) *Verdict {
	if e.Boolean == a.Boolean {
		return &Verdict{OK: true}
	}
	return &Verdict{
		Classes: []Class{ClassWrongValue},
		Diff:    []Line{{'-', fmt.Sprint(e.Boolean)}, {'+', fmt.Sprint(a.Boolean)}},
		Summary: "boolean differs",
	}
}

// table is an answer's rows as cells over a fixed column list. Cells of open
// columns hold shapes (see shapeOf), which never take part in the bijection.
type table struct {
	cols   []string
	open   []bool
	concat map[int]string // column -> GROUP_CONCAT separator (Freedom.Concat)
	graph  bool           // rows are triples (s, p, o)
	pool   *computedPool  // the judge's computed cells (compare_computed.go)
	traced bool           // the judge traced its cells: the others were copied
}

// boundMark stands for any bound value of an open variable.
var boundMark = rdf.Term{Kind: rdf.KindLiteral, Value: "(open)"}

// shapeOf keeps what Freedom.Open still fixes: whether the variable is bound.
// Not the term kind: SAMPLE may pick an IRI in one engine and a literal in
// another (#defn_aggSample), and both are correct.
func shapeOf(t rdf.Term) rdf.Term {
	if t.IsZero() {
		return t
	}
	return boundMark
}

func (t *table) rows(sols []results.Solution) [][]rdf.Term {
	out := make([][]rdf.Term, len(sols))
	for i, s := range sols {
		r := make([]rdf.Term, len(t.cols))
		for j, c := range t.cols {
			r[j] = s[c]
			if t.open[j] {
				r[j] = shapeOf(r[j])
			}
			if sep, ok := t.concat[j]; ok {
				r[j] = concatCanon(r[j], sep)
			}
		}
		out[i] = r
	}
	return out
}

// concatCanon writes a GROUP_CONCAT value with its pieces sorted, so that
// every order of the same pieces compares equal (#defn_aggGroupConcat leaves
// the order open). Splitting is by the separator; pieces that contain it
// split further, which makes the check lenient only for such pieces. With
// the empty separator the characters are sorted.
func concatCanon(t rdf.Term, sep string) rdf.Term {
	if !t.IsLiteral() {
		return t
	}
	var pieces []string
	if sep == "" {
		pieces = strings.Split(t.Value, "")
	} else {
		pieces = strings.Split(t.Value, sep)
	}
	sort.Strings(pieces)
	t.Value = strings.Join(pieces, sep)
	return t
}

func graphRows(ts []rdf.Triple) [][]rdf.Term {
	out := make([][]rdf.Term, len(ts))
	for i, t := range ts {
		out[i] = []rdf.Term{t.S, t.P, t.O}
	}
	return out
}

// compareGraph decides RDF graph isomorphism
// (https://www.w3.org/TR/rdf11-concepts/#graph-isomorphism): triples are rows
// of a set over s, p, o; duplicates are irrelevant.
func compareGraph(e, a *results.Answer, opt Options) *Verdict {
	if e.Freedom != nil && e.Freedom.Describe && !opt.ExactDescribe {
		return &Verdict{OK: true, Note: "DESCRIBE: the description is determined by the query service (#describe); any graph is correct"}
	}
	if v := illegalTriples(a); v != nil && illegalTriples(e) == nil { // the judge's graph is RDF, the engine's is not
		return v
	}
	t := &table{cols: []string{"s", "p", "o"}, open: make([]bool, 3), graph: true,
		pool: graphPool(e), traced: e.Freedom != nil && e.Freedom.Traced}
	var m mapping
	v := judgeGraph(t, e, t.pool.mapTriples(a.Triples, &m), opt)
	v.Note = joinNotes(nil, m.note(), v.Note)
	return undecidedByMapping(v, m)
}

// judgeGraph decides isomorphism with the judge's graph, or one of the other
// graphs a sliced CONSTRUCT permits.
func judgeGraph(t *table, e *results.Answer, actual []rdf.Triple, opt Options) *Verdict {
	sets := [][][]rdf.Term{graphRows(e.Triples), graphRows(actual)}
	if e.Freedom != nil {
		for _, alt := range e.Freedom.Graphs {
			sets = append(sets, graphRows(alt))
		}
	}
	sets = t.widen(sets...)
	er, ar := dedupe(sets[0]), dedupe(sets[1])
	ok, exceeded := isomorphic(er, ar, t, opt)
	if exceeded {
		return undecided(opt)
	}
	if ok {
		return &Verdict{OK: true}
	}
	if f := e.Freedom; f != nil {
		// A sliced CONSTRUCT/DESCRIBE may keep other rows of a cut tie class.
		for _, alt := range sets[2:] {
			if ok, _ := isomorphic(dedupe(alt), ar, t, opt); ok {
				return &Verdict{OK: true, Note: "one of the graphs the slice permits"}
			}
		}
		if f.GraphsCapped {
			return undecided(opt)
		}
	}
	return classifyBag(t, er, ar, opt, &Verdict{})
}

func isomorphic(er, ar [][]rdf.Term, t *table, opt Options) (ok, exceeded bool) {
	g := &group{exp: distinct(er), act: distinct(ar), mode: modeEqual}
	return match([]*group{g}, t.open, opt.Budget)
}

func dedupe(rows [][]rdf.Term) [][]rdf.Term {
	seen := map[string]bool{}
	var out [][]rdf.Term
	for _, r := range rows {
		if k := rowKey(r); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

func undecided(opt Options) *Verdict {
	return &Verdict{
		Classes: []Class{ClassUndecided},
		Note:    fmt.Sprintf("unjudged: blank-node search budget of %d steps exhausted", opt.Budget),
	}
}

// columns returns expected's variables in order, then any other variable
// bound or projected on either side, sorted.
func columns(e, a *results.Answer) []string {
	seen := map[string]bool{}
	var cols, extra []string
	for _, v := range e.Vars {
		if !seen[v] {
			seen[v] = true
			cols = append(cols, v)
		}
	}
	for _, ans := range []*results.Answer{e, a} {
		for _, v := range answerVars(ans) {
			if !seen[v] {
				seen[v] = true
				extra = append(extra, v)
			}
		}
	}
	sort.Strings(extra)
	return append(cols, extra...)
}

// answerVars lists every variable an answer projects or binds.
func answerVars(a *results.Answer) []string {
	vs := append([]string(nil), a.Vars...)
	rows := a.Rows
	if a.Freedom != nil {
		rows = append(append([]results.Solution(nil), rows...), a.Freedom.Sequence...)
	}
	for _, s := range rows {
		for v := range s {
			vs = append(vs, v)
		}
	}
	return vs
}

func varSet(vs []string) string {
	s := append([]string(nil), vs...)
	if len(s) == 0 {
		return "(none)"
	}
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return "?" + strings.Join(out, " ?")
}

func varsVerdict(e, a *results.Answer) *Verdict {
	es, as := varSet(e.Vars), varSet(a.Vars)
	if emptyHead(e, a) {
		return &Verdict{
			Classes: []Class{ClassEmptyHead},
			Diff:    []Line{{'-', "vars " + es}, {'+', "vars " + as}},
			Summary: "no solutions, and the head lists no variable where the query projects " + es,
		}
	}
	return &Verdict{
		Classes: []Class{ClassVars},
		Diff:    []Line{{'-', "vars " + es}, {'+', "vars " + as}},
		Summary: "projected variables differ",
	}
}

// emptyHead: an answer without solutions whose head lists no variable,
// against an expected answer without solutions that projects some.
func emptyHead(e, a *results.Answer) bool {
	noRows := len(e.Rows) == 0 && (e.Freedom == nil || len(e.Freedom.Sequence) == 0)
	return noRows && headless(a) && len(e.Vars) > 0
}

// headless: an answer without solutions whose head lists no variable.
func headless(a *results.Answer) bool { return len(a.Rows) == 0 && len(a.Vars) == 0 }

// illegalTriples judges a graph that holds triples which are not RDF: the
// text leaves each of them out whatever else the graph holds (#construct:
// "If any such instantiation produces a triple containing an unbound
// variable or an illegal RDF construct, such as a literal in subject or
// predicate position, then that triple is not included in the output RDF
// graph"). nil when every triple is RDF.
func illegalTriples(a *results.Answer) *Verdict {
	var diff []Line
	for _, t := range a.Triples {
		if !t.IsRDF() {
			diff = append(diff, Line{'+', t.String()})
		}
	}
	if diff == nil {
		return nil
	}
	return &Verdict{Classes: []Class{ClassIllegalTriple}, Diff: diff,
		Summary: "the graph holds " + plural(len(diff), "triple") + " with a literal subject or a predicate that is not an IRI"}
}
