package diff

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// fuzzTerms covers every cell class, including raw terms the constructors
// would normalise.
var fuzzTerms = []rdf.Term{
	rdf.None,
	rdf.IRI("http://ex/a"), rdf.IRI("http://ex/b"),
	rdf.Literal("1", rdf.XSDInteger), rdf.Literal("01", rdf.XSDInteger),
	rdf.Literal("1.0", rdf.XSDDecimal), rdf.Literal("1", rdf.XSD+"int"),
	rdf.Literal("1E0", rdf.XSDDouble), rdf.String("a"),
	{Kind: rdf.KindLiteral, Value: "a"},
	{Kind: rdf.KindLiteral, Value: "a", Datatype: rdf.RDFLangString, Lang: "en-US"},
	rdf.LangLiteral("a", "en-US"),
}

// fuzzReader turns bytes into answers; it never fails, running out of bytes
// reads zeros.
type fuzzReader struct{ b []byte }

func (r *fuzzReader) next() int {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return int(c)
}

func (r *fuzzReader) term() rdf.Term {
	c := r.next() % (len(fuzzTerms) + 5)
	if c < len(fuzzTerms) {
		return fuzzTerms[c]
	}
	return rdf.Blank(string(rune('p' + c - len(fuzzTerms))))
}

func (r *fuzzReader) answer() *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"a", "b"}}
	for range r.next() % 7 {
		s := results.Solution{}
		for _, v := range a.Vars {
			if t := r.term(); !t.IsZero() {
				s[v] = t
			}
		}
		a.Rows = append(a.Rows, s)
	}
	return a
}

func asGraph(a *results.Answer) *results.Answer {
	g := &results.Answer{Kind: results.Graph}
	for _, s := range a.Rows {
		g.Triples = append(g.Triples, rdf.Triple{S: s["a"], P: rdf.IRI("http://ex/p"), O: s["b"]})
	}
	return g
}

func FuzzCompare(f *testing.F) {
	f.Add([]byte{3, 12, 13, 12, 14, 3, 2, 2, 3, 3, 1, 1, 1, 9, 3, 0, 0, 1})
	f.Add([]byte{2, 13, 14, 14, 13, 2, 15, 16, 16, 15, 5, 1, 1, 2, 2})
	f.Add([]byte{4, 4, 5, 9, 10, 11, 10, 3, 12, 4, 4, 5, 9, 10, 10, 11, 3, 12, 2, 2, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzReader{b: data}
		a, b := r.answer(), r.answer()
		checkSelf(t, a)
		checkSymmetric(t, a, b)
		checkSelf(t, asGraph(a))
		checkSymmetric(t, asGraph(a), asGraph(b))
		checkOrderedSelf(t, r, a)
	})
}

func checkSelf(t *testing.T, a *results.Answer) {
	if v := Compare(a, a); !v.OK {
		t.Fatalf("Compare(a, a) rejected:\n%s", v.Text())
	}
	rel := *a
	rel.Rows = renameRows(a.Rows, prefixer("x"))
	rel.Triples = renameTriples(a.Triples, "x")
	if v := Compare(a, &rel); !v.OK {
		t.Fatalf("relabelled answer rejected:\n%s", v.Text())
	}
}

func checkSymmetric(t *testing.T, a, b *results.Answer) {
	ab, ba := Compare(a, b), Compare(b, a)
	if ab.OK != ba.OK {
		t.Fatalf("asymmetric: a,b %v; b,a %v\n%s\n%s", ab.OK, ba.OK, ab.Text(), ba.Text())
	}
	if !ab.OK && len(ab.Classes) == 0 {
		t.Fatalf("rejected without a class")
	}
}

// checkOrderedSelf: the judge's own window is accepted under ORDER BY with
// ties, OFFSET and LIMIT drawn from the fuzz bytes, and under REDUCED.
func checkOrderedSelf(t *testing.T, r *fuzzReader, a *results.Answer) {
	fr := &results.Freedom{Ordered: true, Sequence: a.Rows, Limit: r.next()%5 - 1}
	tie := 0
	for range a.Rows {
		tie += r.next() % 2
		fr.Ties = append(fr.Ties, tie)
	}
	n := len(a.Rows)
	fr.Offset = r.next() % (n + 1)
	hi := n
	if fr.Limit >= 0 {
		hi = min(n, fr.Offset+fr.Limit)
	}
	e := &results.Answer{Kind: results.Bindings, Vars: a.Vars, Rows: a.Rows[fr.Offset:hi], Freedom: fr}
	act := &results.Answer{Kind: results.Bindings, Vars: a.Vars, Rows: renameRows(e.Rows, prefixer("y"))}
	if v := Compare(e, act); !v.OK {
		t.Fatalf("own ordered window rejected (%+v):\n%s", fr, v.Text())
	}
	red := &results.Answer{Kind: results.Bindings, Vars: a.Vars, Rows: a.Rows,
		Freedom: &results.Freedom{Reduced: true, Limit: -1}}
	if v := Compare(red, a); !v.OK {
		t.Fatalf("REDUCED rejected the full answer:\n%s", v.Text())
	}
}

func prefixer(p string) map[string]string {
	m := map[string]string{}
	for c := 'p'; c < 'p'+5; c++ {
		m[string(c)] = p + string(c)
	}
	return m
}

func renameTriples(ts []rdf.Triple, p string) []rdf.Triple {
	out := make([]rdf.Triple, len(ts))
	ren := func(t rdf.Term) rdf.Term {
		if t.IsBlank() {
			return rdf.Blank(p + t.Value)
		}
		return t
	}
	for i, t := range ts {
		out[i] = rdf.Triple{S: ren(t.S), P: ren(t.P), O: ren(t.O)}
	}
	return out
}
