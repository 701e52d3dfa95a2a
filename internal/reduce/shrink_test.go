package reduce_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// dropsDecimals is an engine with a real bug: it evaluates with the
// reference, then loses every row that binds an xsd:decimal.
type dropsDecimals struct{ ref oracle.Engine }

func (dropsDecimals) Name() string    { return "buggy" }
func (dropsDecimals) Version() string { return "0.1" }

func (d dropsDecimals) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := d.ref.Eval(ctx, c)
	if err != nil || a.Kind != results.Bindings {
		return a, err
	}
	out := &results.Answer{Kind: a.Kind, Vars: a.Vars}
	for _, row := range a.Rows {
		if !bindsDecimal(row) {
			out.Rows = append(out.Rows, row)
		}
	}
	return out, nil
}

func bindsDecimal(row results.Solution) bool {
	for _, t := range row {
		if t.IsLiteral() && t.Datatype == rdf.XSDDecimal {
			return true
		}
	}
	return false
}

const reduceQuery = `PREFIX ex: <http://example/>
PREFIX unused: <http://unused/>
SELECT DISTINCT ?s ?v ?w ?label
WHERE {
  ?s ex:p ?v ; ex:label ?label .
  OPTIONAL { ?s ex:q ?w }
  { ?s a ex:Thing } UNION { ?s ex:kind "thing"@en }
  FILTER(?v > 0 && isLiteral(?label) && STRLEN(?label) < 100)
}
ORDER BY ?s DESC(?v)
LIMIT 20`

// reduceData is 24 quads; the divergence needs one decimal ?v.
func reduceData() *rdf.Dataset {
	ds := rdf.NewDataset()
	ex := func(s string) rdf.Term { return rdf.IRI("http://example/" + s) }
	typ := rdf.IRI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
	for i, v := range []rdf.Term{
		rdf.Literal("3", rdf.XSDInteger), rdf.Literal("2.5", rdf.XSDDecimal),
		rdf.Literal("7", rdf.XSDInteger), rdf.Literal("1.25", rdf.XSDDecimal),
		rdf.Literal("9", rdf.XSDInteger), rdf.Literal("4", rdf.XSDInteger),
	} {
		s := ex("s" + string(rune('a'+i)))
		ds.Add(rdf.Quad{S: s, P: ex("p"), O: v})
		ds.Add(rdf.Quad{S: s, P: ex("label"), O: rdf.LangLiteral("thing number "+string(rune('a'+i)), "en")})
		ds.Add(rdf.Quad{S: s, P: typ, O: ex("Thing")})
		ds.Add(rdf.Quad{S: s, P: ex("q"), O: rdf.String("w"), G: ex("g")})
	}
	return ds
}

func reduceEngines() []oracle.Engine {
	ref := registry.Reference(reference.Options{})
	return []oracle.Engine{ref, dropsDecimals{ref}}
}

// divergesAs is the predicate the old two-sided rule used: the same
// signature must survive. The buggy engine is the only other engine, so it
// is also "buggy wrong in the class against the judge".
func divergesAs(engines []oracle.Engine, sig diff.Signature) func(*oracle.Case) bool {
	return func(c *oracle.Case) bool {
		return diff.Judge(context.Background(), c, engines, 10*time.Second).Has(sig)
	}
}

func TestShrinkIsOneMinimal(t *testing.T) {
	engines := reduceEngines()
	c := &oracle.Case{Name: "reduce", Query: reduceQuery, Dataset: reduceData()}
	rep := diff.Judge(context.Background(), c, engines, 10*time.Second)
	if len(rep.Divergences) != 1 {
		t.Fatalf("want one divergence, got %+v (notes %v)", rep.Divergences, rep.Notes)
	}
	sig := rep.Divergences[0].Signature
	if got := sig.String(); got != "missing-rows: buggy | reference" {
		t.Fatalf("signature %q", got)
	}
	still := divergesAs(engines, sig)
	out, st := reduce.Shrink(c, still, nil)
	t.Logf("reduced in %d calls (%d cached), %s: quads %d -> %d, nodes %d -> %d, verified with %d candidates\n%s\n%s",
		st.Calls, st.CacheHits, st.Elapsed, st.QuadsBefore, st.QuadsAfter, st.NodesBefore, st.NodesAfter, st.Tried, out.Query, datasetText(out))
	if !still(out) {
		t.Fatal("the reduced case lost the divergence")
	}
	if st.QuadsAfter != 1 || st.NodesAfter >= st.NodesBefore/3 {
		t.Errorf("not reduced enough: %+v", st)
	}
	if !st.Minimal || st.Tried == 0 || len(st.Kept) > 0 || st.Flaky {
		t.Errorf("verification: minimal %v, tried %d, kept %v, flaky %v", st.Minimal, st.Tried, st.Kept, st.Flaky)
	}
	checkOneMinimal(t, out, still)
	again, _ := reduce.Shrink(c, still, nil)
	if again.Query != out.Query || datasetText(again) != datasetText(out) {
		t.Errorf("not deterministic:\n%s\nvs\n%s", out.Query, again.Query)
	}
}

func datasetText(c *oracle.Case) string {
	var b strings.Builder
	for _, q := range c.Dataset.Quads() {
		b.WriteString(q.String() + "\n")
	}
	return b.String()
}

// checkOneMinimal removes each quad, and applies each single tree edit the
// reducer knows that makes a smaller query, and checks every such candidate
// loses the divergence (independently of the reducer's own verification).
func checkOneMinimal(t *testing.T, c *oracle.Case, still func(*oracle.Case) bool) {
	t.Helper()
	qs := c.Dataset.Quads()
	for i := range qs {
		v := *c
		v.Dataset = rdf.NewDataset()
		for j, q := range qs {
			if j != i {
				v.Dataset.Add(q)
			}
		}
		if still(&v) {
			t.Errorf("removing quad %s keeps the divergence", qs[i])
		}
	}
	cands := reduce.SingleEdits(c.Query, c.Base)
	if len(cands) == 0 && strings.Count(c.Query, "?") > 2 {
		t.Errorf("no single edits for %q", c.Query)
	}
	n := reduce.NodeCount(c.Query, c.Base)
	for _, q := range cands {
		v := *c
		v.Query = q
		if _, err := syntax.Parse(q, syntax.Options{}); err == nil && reduce.NodeCount(q, "") < n && still(&v) {
			t.Errorf("the single edit\n%s\nkeeps the divergence", q)
		}
	}
}

func TestShrinkStops(t *testing.T) {
	engines := reduceEngines()
	c := &oracle.Case{Query: reduceQuery, Dataset: reduceData()}
	sig := diff.Judge(context.Background(), c, engines, 10*time.Second).Divergences[0].Signature
	calls := 0
	out, st := reduce.Shrink(c, divergesAs(engines, sig), func() bool { calls++; return calls > 5 })
	if !st.Stopped || st.Calls != 5 || st.Minimal {
		t.Errorf("stop not honoured: %+v", st)
	}
	if out.Dataset.Len() > c.Dataset.Len() {
		t.Errorf("grew the dataset")
	}
}
