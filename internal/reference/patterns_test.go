package reference

import (
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestPatterns runs testdata/patterns.txt: BGP matching and property paths.
func TestPatterns(t *testing.T) {
	for _, b := range readBlocks(t, "testdata/patterns.txt") {
		f := b.fields
		t.Run(f["name"], func(t *testing.T) {
			ds := rdf.NewDataset()
			ds.Default = graph(t, f["data"])
			e := testEvaluator(ds)
			var op algebra.Op
			if p, ok := f["path"]; ok {
				op = parsePathPattern(t, p)
			} else {
				op = &algebra.BGP{Triples: parseTriplePatterns(t, f["bgp"])}
			}
			got, err := e.eval(ds.Default, op)
			if err != nil {
				t.Fatalf("patterns.txt:%d: %v", b.line, err)
			}
			if want := multiset(t, f["want"]); !sameBag(got, want) {
				t.Errorf("patterns.txt:%d:\n got: %v\nwant: %v", b.line, keys(got), keys(want))
			}
		})
	}
}

func parseTriplePatterns(t *testing.T, s string) []algebra.TriplePattern {
	var out []algebra.TriplePattern
	for _, tr := range strings.Split(s, " . ") {
		f := fields12(tr)
		if len(f) == 0 {
			continue
		}
		out = append(out, algebra.TriplePattern{S: node(t, f[0]), P: node(t, f[1]), O: node(t, f[2])})
	}
	return out
}

// parsePathPattern reads "S PATH O" with PATH in prefix form.
func parsePathPattern(t *testing.T, s string) *algebra.Path {
	protect := strings.NewReplacer("<<(", "\x01", ")>>", "\x02")
	restore := strings.NewReplacer("\x01", "<<( ", "\x02", " )>>")
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(protect.Replace(s)))
	toks = fields12(restore.Replace(strings.Join(toks, " ")))
	if len(toks) < 3 {
		t.Fatalf("bad path pattern %q", s)
	}
	p := &pathReader{t: t, toks: toks[1 : len(toks)-1]}
	return &algebra.Path{S: node(t, toks[0]), Path: p.read(), O: node(t, toks[len(toks)-1])}
}

type pathReader struct {
	t    *testing.T
	toks []string
}

func (r *pathReader) next() string {
	if len(r.toks) == 0 {
		r.t.Fatal("path: unexpected end")
	}
	tok := r.toks[0]
	r.toks = r.toks[1:]
	return tok
}

func (r *pathReader) read() algebra.PathExpr {
	tok := r.next()
	if tok != "(" {
		return &algebra.Link{IRI: term(r.t, tok).Value}
	}
	var out algebra.PathExpr
	switch op := r.next(); op {
	case "inv":
		out = &algebra.Inverse{P: r.read()}
	case "seq":
		out = &algebra.Seq{L: r.read(), R: r.read()}
	case "alt":
		out = &algebra.Alt{L: r.read(), R: r.read()}
	case "*":
		out = &algebra.ZeroOrMore{P: r.read()}
	case "+":
		out = &algebra.OneOrMore{P: r.read()}
	case "?":
		out = &algebra.ZeroOrOne{P: r.read()}
	case "nps":
		nps := &algebra.NegatedSet{}
		for len(r.toks) > 0 && r.toks[0] != ")" {
			m := r.next()
			if inv, ok := strings.CutPrefix(m, "^"); ok {
				nps.Inv = append(nps.Inv, term(r.t, inv).Value)
			} else {
				nps.Fwd = append(nps.Fwd, term(r.t, m).Value)
			}
		}
		out = nps
	default:
		r.t.Fatalf("path: unknown operator %q", op)
	}
	if r.next() != ")" {
		r.t.Fatal("path: missing )")
	}
	return out
}
