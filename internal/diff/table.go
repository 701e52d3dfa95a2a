package diff

import (
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

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
