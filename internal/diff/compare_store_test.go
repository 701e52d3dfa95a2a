package diff

import (
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// store builds a Store from lines "s p o [g]" (terms in N-Triples-ish
// shorthand: _:x blank, "x" literal, anything else an IRI) and "graph g"
// for an empty named graph; "error" marks a failed request.
func store(lines ...string) *results.Store {
	ds := rdf.NewDataset()
	s := &results.Store{}
	for _, l := range lines {
		f := strings.Fields(l)
		switch {
		case f[0] == "error":
			s.Err = "failed"
		case f[0] == "graph":
			ds.Named(term(f[1]), true)
		case len(f) == 4:
			ds.Add(rdf.Quad{S: term(f[0]), P: term(f[1]), O: term(f[2]), G: term(f[3])})
		default:
			ds.Add(rdf.Quad{S: term(f[0]), P: term(f[1]), O: term(f[2])})
		}
	}
	out := results.StoreOf(ds)
	out.Err = s.Err
	return out
}

func term(s string) rdf.Term {
	switch {
	case strings.HasPrefix(s, "_:"):
		return rdf.Blank(s[2:])
	case strings.HasPrefix(s, `"`):
		return rdf.String(strings.Trim(s, `"`))
	case strings.HasPrefix(s, "int:"):
		return rdf.Literal(s[4:], rdf.XSDInteger)
	}
	return rdf.IRI("http://ex/" + s)
}

func judgeStore(s *results.Store, alts ...*results.Store) *results.Answer {
	a := results.StoreAnswer(s)
	a.Freedom = &results.Freedom{Limit: -1, Update: &results.StoreFreedom{Alternatives: alts}}
	return a
}

func TestCompareStore(t *testing.T) {
	cases := []struct {
		name    string
		exp     *results.Answer
		act     *results.Store
		ok      bool
		classes string
	}{
		{"same", judgeStore(store("a p b", "a p c g1")), store("a p c g1", "a p b"), true, ""},
		{"one bijection across graphs", judgeStore(store("_:x p b", "_:x p c g1")), store("_:y p b", "_:y p c g1"), true, ""},
		{"blank split across graphs", judgeStore(store("_:x p b", "_:x p c g1")), store("_:y p b", "_:z p c g1"), false, "wrong-value"},
		{"judge's empty graph may be absent", judgeStore(store("a p b", "graph g1")), store("a p b"), true, ""},
		{"extra empty graph", judgeStore(store("a p b")), store("a p b", "graph g1"), false, "graph-existence"},
		{"missing quad", judgeStore(store("a p b", "a p c g1")), store("a p b"), false, "missing-quads"},
		{"extra quad", judgeStore(store("a p b")), store("a p b", "a p c"), false, "extra-quads"},
		{"quad in another graph", judgeStore(store("a p b g1")), store("a p b g2"), false, "wrong-value"},
		{"canonicalised literal", judgeStore(store("a p int:01")), store("a p int:1"), false, "changed-literal,numeric-lexical"},
		{"failure permitted, atomic", judgeStore(store("a p b"), store("error")), store("error"), true, ""},
		{"failure permitted, partial", judgeStore(store("a p b"), store("error"), store("error", "a p c")), store("error", "a p c"), true, ""},
		{"failure, neither store", judgeStore(store("a p b"), store("error")), store("error", "x p y"), false, "atomicity,extra-quads"},
		{"failure not permitted", judgeStore(store("a p b")), store("error"), false, "missing-quads,error-vs-answer"},
		{"success where the judge listed failure too", judgeStore(store("a p b"), store("error")), store("a p b"), true, ""},
	}
	for _, c := range cases {
		v := Compare(c.exp, results.StoreAnswer(c.act))
		var cls []string
		for _, k := range v.Classes {
			cls = append(cls, string(k))
		}
		if v.OK != c.ok || strings.Join(cls, ",") != c.classes {
			t.Errorf("%s: ok=%v classes=%v, want ok=%v classes=%s\n%s", c.name, v.OK, cls, c.ok, c.classes, v.Text())
		}
	}
}

// TestCompareStoreComputed: a computed object is accepted in any permitted
// form, a wrong value is computed-value.
func TestCompareStoreComputed(t *testing.T) {
	dec := func(s string) rdf.Term { return rdf.Literal(s, rdf.XSDDecimal) }
	q := rdf.Quad{S: term("a"), P: term("q"), O: dec("2.0")}
	exp := judgeStore(store("a p b"))
	ds := exp.Store.Dataset()
	ds.Add(q)
	exp.Store = results.StoreOf(ds)
	exp.Freedom.Update.Computed = []results.ComputedQuad{{Quad: q, Cell: results.Cell{Fix: results.FixLexical}}}
	for _, c := range []struct {
		obj     string
		ok      bool
		classes string
	}{{"2.0", true, ""}, {"2", true, ""}, {"2.00", true, ""}, {"2.5", false, "computed-value"}} {
		ads := store("a p b").Dataset()
		ads.Add(rdf.Quad{S: q.S, P: q.P, O: dec(c.obj)})
		v := Compare(exp, results.StoreAnswer(results.StoreOf(ads)))
		var cls []string
		for _, k := range v.Classes {
			cls = append(cls, string(k))
		}
		if v.OK != c.ok || strings.Join(cls, ",") != c.classes {
			t.Errorf("%s: ok=%v classes=%v, want ok=%v %s\n%s", c.obj, v.OK, cls, c.ok, c.classes, v.Text())
		}
	}
}
