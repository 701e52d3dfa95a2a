package ops

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// w3cDir is the W3C rdf-tests checkout (w3csuite: the submodule or a local
// copy); the test fails with w3csuite.Missing when there is none.
func w3cDir(t *testing.T) string { return w3csuite.Require(t) }

type srxBinding struct {
	Name    string `xml:"name,attr"`
	URI     string `xml:"uri"`
	BNode   string `xml:"bnode"`
	Literal *struct {
		Value    string `xml:",chardata"`
		Datatype string `xml:"datatype,attr"`
		Lang     string `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	} `xml:"literal"`
}

type srx struct {
	Vars []struct {
		Name string `xml:"name,attr"`
	} `xml:"head>variable"`
	Results []struct {
		Bindings []srxBinding `xml:"binding"`
	} `xml:"results>result"`
}

// readSRX reads a W3C test's expected results (SPARQL Results XML).
func readSRX(t *testing.T, path string) srx {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var res srx
	if err := xml.Unmarshal(data, &res); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return res
}

func (b srxBinding) term() rdf.Term {
	switch {
	case b.Literal != nil && b.Literal.Lang != "":
		return rdf.LangLiteral(b.Literal.Value, b.Literal.Lang)
	case b.Literal != nil:
		return rdf.Literal(b.Literal.Value, b.Literal.Datatype)
	case b.BNode != "":
		return rdf.Blank(b.BNode)
	}
	return rdf.IRI(b.URI)
}

// TestW3CCasts replays the W3C cast tests (sparql11/cast): for each row,
// the cast of ?v must give a value equal to the expected one, or an error
// where the expected row leaves the cast unbound.
func TestW3CCasts(t *testing.T) {
	dir := filepath.Join(w3cDir(t), "sparql", "sparql11", "cast")
	targets := map[string]string{
		"cast-bool.srx": rdf.XSDBoolean, "cast-int.srx": rdf.XSDInteger, "cast-decimal.srx": rdf.XSDDecimal,
		"cast-double.srx": rdf.XSDDouble, "cast-float.srx": rdf.XSDFloat, "cast-string.srx": rdf.XSDString,
	}
	rows := 0
	for file, target := range targets {
		res := readSRX(t, filepath.Join(dir, file))
		out := res.Vars[2].Name
		for _, r := range res.Results {
			m := map[string]rdf.Term{}
			for _, b := range r.Bindings {
				m[b.Name] = b.term()
			}
			rows++
			got := Cast(m["v"], target)
			want, ok := m[out]
			switch {
			case !ok && got.Err == nil:
				t.Errorf("%s: cast of %s = %s, want error", file, m["v"], got.Term)
			case ok && got.Err != nil:
				t.Errorf("%s: cast of %s: %s, want %s", file, m["v"], got.Err.Reason, want)
			case ok:
				if eq, _ := equal(got.Term, want); !eq || got.Term.Datatype != want.Datatype {
					t.Errorf("%s: cast of %s = %s, want %s", file, m["v"], got.Term, want)
				}
			}
		}
	}
	if rows < 150 {
		t.Errorf("only %d rows read", rows)
	}
}

// TestW3COpenWorldEquality replays sparql10/open-world open-eq-07..11 on
// data-2.ttl: the pairs of subjects whose objects pass the FILTER must be
// the pairs of the expected results (#func-RDFterm-equal).
func TestW3COpenWorldEquality(t *testing.T) {
	dir := filepath.Join(w3cDir(t), "sparql", "sparql10", "open-world")
	data, err := os.ReadFile(filepath.Join(dir, "data-2.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	objs := map[string]map[string]rdf.Term{"p": {}, "q": {}}
	for _, m := range regexp.MustCompile(`(?m)^:(\w+)\s+:(p|q)\s+(.+?)\s*\.$`).FindAllStringSubmatch(string(data), -1) {
		term, err := parseTerm(m[3])
		if err != nil {
			t.Fatalf("data-2.ttl: %v", err)
		}
		objs[m[2]]["http://example/"+m[1]] = term
	}
	ne := func(a, b rdf.Term) Value { return relational("!=", a, b) }
	eq := func(a, b rdf.Term) Value { return relational("=", a, b) }
	or := func(a, b rdf.Term) Value {
		return logicalOr([]algebra.Expr{call("!=", cnst(a), cnst(b)), call("=", cnst(a), cnst(b))}, nil, testContext())
	}
	cases := []struct {
		name, left, right string
		filter            func(a, b rdf.Term) Value
	}{
		{"open-eq-07", "p", "p", eq}, {"open-eq-08", "p", "p", ne},
		{"open-eq-09", "p", "q", eq}, {"open-eq-10", "p", "q", ne}, {"open-eq-11", "p", "q", or},
	}
	for _, c := range cases {
		want := expectedPairs(t, filepath.Join(dir, c.name+"-result.srx"))
		if len(want) == 0 && c.name != "open-eq-09" {
			t.Errorf("%s: no expected rows read", c.name)
		}
		got := map[[2]string]bool{}
		for x, v1 := range objs[c.left] {
			for y, v2 := range objs[c.right] {
				if b, err := EBV(c.filter(v1, v2)); err == nil && b {
					got[[2]string{x, y}] = true
				}
			}
		}
		for p := range want {
			if !got[p] {
				t.Errorf("%s: missing %v (%s vs %s)", c.name, p, objs[c.left][p[0]], objs[c.right][p[1]])
			}
		}
		for p := range got {
			if !want[p] {
				t.Errorf("%s: unexpected %v (%s vs %s)", c.name, p, objs[c.left][p[0]], objs[c.right][p[1]])
			}
		}
	}
}

func cnst(t rdf.Term) algebra.Expr { return &algebra.Const{Term: t} }

// expectedPairs reads the two subject IRIs of each result row.
func expectedPairs(t *testing.T, path string) map[[2]string]bool {
	res := readSRX(t, path)
	out := map[[2]string]bool{}
	for _, r := range res.Results {
		var iris []string
		for _, b := range r.Bindings {
			if b.URI != "" && (b.Name == "x" || b.Name == "y" || b.Name == "x1" || b.Name == "x2") {
				iris = append(iris, b.URI)
			}
		}
		if len(iris) == 2 {
			out[[2]string{iris[0], iris[1]}] = true
		}
	}
	return out
}
