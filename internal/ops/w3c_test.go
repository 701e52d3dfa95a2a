package ops

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// w3cAggCases are the W3C aggregate tests whose query is one aggregate
// over { ?s ?p ?o } (or { ?s pred ?o }), optionally grouped by ?s. The
// query text is checked against the expected shape before use.
var w3cAggCases = []struct {
	name, agg string
	distinct  bool
	pred      string // "" for ?p
	grouped   bool
}{
	{"agg-min-01", "MIN", false, "dec", false}, {"agg-min-02", "MIN", false, "", true},
	{"agg-max-01", "MAX", false, "", false}, {"agg-max-02", "MAX", false, "", true},
	{"agg-sum-01", "SUM", false, "dec", false}, {"agg-sum-02", "SUM", false, "", true},
	{"agg-avg-01", "AVG", false, "dec", false}, {"agg-avg-03", "AVG", false, "", false},
	{"agg-min-distinct", "MIN", true, "", true}, {"agg-max-distinct", "MAX", true, "", true},
	{"agg-sum-distinct", "SUM", true, "", true}, {"agg-avg-distinct", "AVG", true, "", true},
	{"agg-count-distinct", "COUNT", true, "", true},
}

var reAggQuery = regexp.MustCompile(`SELECT (\?s )?\((\w+)\((DISTINCT )?\?o\) AS \?(\w+)\) WHERE \{ \?s (\?p|:\w+) \?o \}( GROUP BY \?s)?$`)

func TestW3CAggregates(t *testing.T) {
	dir := filepath.Join(w3cDir(t), "sparql", "sparql11", "aggregates")
	manifest, err := os.ReadFile(filepath.Join(dir, "manifest.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	defer func() {
		if checked < 30 {
			t.Errorf("only %d groups checked", checked)
		}
	}()
	for _, c := range w3cAggCases {
		q := readQuery(t, filepath.Join(dir, c.name+".rq"))
		m := reAggQuery.FindStringSubmatch(q)
		if m == nil || m[2] != c.agg || (m[3] != "") != c.distinct || (m[6] != "") != c.grouped {
			t.Errorf("%s: query is not of the expected shape: %s", c.name, q)
			continue
		}
		dm := regexp.MustCompile(`qt:query\s+<` + regexp.QuoteMeta(c.name) + `\.rq>\s*;\s*qt:data\s+<([^>]+)>`).FindSubmatch(manifest)
		var triples [][3]any // no qt:data: the empty dataset
		if dm != nil {
			triples = readTinyTurtle(t, filepath.Join(dir, string(dm[1])))
		}
		groups := map[string][]Binding{}
		if !c.grouped {
			groups[""] = nil // one group, even over no solutions (#aggregateAlgebra)
		}
		for _, tr := range triples {
			if c.pred != "" && tr[1] != "http://www.example.org/"+c.pred {
				continue
			}
			key := ""
			if c.grouped {
				key = tr[0].(string)
			}
			groups[key] = append(groups[key], mapBinding{"o": tr[2].(rdf.Term)}.withS(tr[0].(string)))
		}
		want := expectedAggRows(t, filepath.Join(dir, c.name+".srx"), m[4])
		a := &algebra.Aggregate{Name: c.agg, Distinct: c.distinct, Arg: &algebra.Var{Name: "o"}}
		for key, g := range groups {
			got := Aggregate(a, g, testContext())
			checked++
			w, ok := want[key]
			if got.Err != nil || !ok {
				t.Errorf("%s group %q: got %v, want %v", c.name, key, render(got), w)
				continue
			}
			if eq, _ := equal(got.Term, w); !eq || got.Term.Datatype != w.Datatype {
				t.Errorf("%s group %q: got %s, want %s", c.name, key, got.Term, w)
			}
		}
		if len(groups) != len(want) {
			t.Errorf("%s: %d groups, %d expected rows", c.name, len(groups), len(want))
		}
	}
}

func (m mapBinding) withS(s string) mapBinding {
	m["s"] = rdf.IRI(s)
	return m
}

func readQuery(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "PREFIX") {
			kept = append(kept, line)
		}
	}
	return strings.Join(strings.Fields(strings.Join(kept, " ")), " ")
}

// readTinyTurtle reads the W3C aggregate data files: ":s :p o1, o2 ; :q o3 ."
// statements with prefixed names and numeric literals only.
func readTinyTurtle(t *testing.T, path string) [][3]any {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const ns = "http://www.example.org/"
	var out [][3]any
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "@prefix") {
			continue
		}
		subj, rest, _ := strings.Cut(strings.TrimSuffix(line, " ."), " ")
		for _, po := range strings.Split(rest, ";") {
			pred, objs, _ := strings.Cut(strings.TrimSpace(po), " ")
			for _, o := range strings.Split(objs, ",") {
				o = strings.TrimSpace(o)
				term, err := parseTerm(o)
				if strings.HasPrefix(o, ":") {
					term, err = rdf.IRI(ns+o[1:]), nil
				}
				if err != nil {
					t.Fatalf("%s: %q: %v", path, o, err)
				}
				out = append(out, [3]any{ns + subj[1:], ns + pred[1:], term})
			}
		}
	}
	return out
}

// expectedAggRows maps ?s (or "") to the expected aggregate value.
func expectedAggRows(t *testing.T, path, out string) map[string]rdf.Term {
	res := readSRX(t, path)
	rows := map[string]rdf.Term{}
	for _, r := range res.Results {
		key, val := "", rdf.None
		for _, b := range r.Bindings {
			switch b.Name {
			case "s":
				key = b.URI
			case out:
				val = b.term()
			}
		}
		rows[key] = val
	}
	return rows
}
