package ops

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

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
