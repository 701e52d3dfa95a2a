package reduce_test

import (
	"context"
	"strconv"
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
	"github.com/sparql-oracle/oracle/internal/triage"
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
func divergesAs(engines []oracle.Engine, sig triage.Signature) func(*oracle.Case) bool {
	return func(c *oracle.Case) bool {
		return triage.Judge(context.Background(), c, engines, 10*time.Second).Has(sig)
	}
}

func TestShrinkIsOneMinimal(t *testing.T) {
	engines := reduceEngines()
	c := &oracle.Case{Name: "reduce", Query: reduceQuery, Dataset: reduceData()}
	rep := triage.Judge(context.Background(), c, engines, 10*time.Second)
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
	sig := triage.Judge(context.Background(), c, engines, 10*time.Second).Divergences[0].Signature
	calls := 0
	out, st := reduce.Shrink(c, divergesAs(engines, sig), func() bool { calls++; return calls > 5 })
	if !st.Stopped || st.Calls != 5 || st.Minimal {
		t.Errorf("stop not honoured: %+v", st)
	}
	if out.Dataset.Len() > c.Dataset.Len() {
		t.Errorf("grew the dataset")
	}
}

// The update shrinker: the same driver over the store and the edits of
// update_edits.go.

// canonicalising is an engine with a real bug of the kind Oxigraph has: it
// applies the request with the reference, then writes every xsd:integer of
// the store in its canonical form ("01" becomes "1"), which #rdfDataset
// does not permit (a store holds terms, not values).
type canonicalising struct{ ref oracle.Engine }

func (canonicalising) Name() string    { return "canon" }
func (canonicalising) Version() string { return "0.1" }
func (c canonicalising) Eval(ctx context.Context, q *oracle.Case) (*results.Answer, error) {
	return c.ref.Eval(ctx, q)
}

func (c canonicalising) Update(ctx context.Context, uc *oracle.Case) (*results.Answer, error) {
	u, _ := oracle.AsUpdater(c.ref)
	a, err := u.Update(ctx, uc)
	if err != nil || a.Store == nil {
		return a, err
	}
	ds := a.Store.Dataset()
	out := rdf.NewDataset()
	for _, n := range ds.Names() {
		out.Named(n, true)
	}
	for _, q := range ds.Quads() {
		if q.O.IsLiteral() && q.O.Datatype == rdf.XSDInteger {
			if n, err := strconv.Atoi(q.O.Value); err == nil {
				q.O = rdf.Literal(strconv.Itoa(n), rdf.XSDInteger)
			}
		}
		out.Add(q)
	}
	s := results.StoreOf(out)
	s.Err = a.Store.Err
	return results.StoreAnswer(s), nil
}

const updateRequest = `PREFIX ex: <http://example/>
PREFIX unused: <http://unused/>
INSERT DATA { ex:a ex:name "alice" . ex:a ex:age 30 } ;
DELETE { ex:b ex:old ?o } INSERT { ex:b ex:copy ?o . ex:b ex:seen true } WHERE { ex:b ex:old ?o OPTIONAL { ex:b ex:name ?n } } ;
CLEAR SILENT GRAPH ex:g
`

func updateStore() *rdf.Dataset {
	ds := rdf.NewDataset()
	ex := func(s string) rdf.Term { return rdf.IRI("http://example/" + s) }
	ds.Add(rdf.Quad{S: ex("b"), P: ex("old"), O: rdf.Literal("007", rdf.XSDInteger)})
	ds.Add(rdf.Quad{S: ex("b"), P: ex("name"), O: rdf.String("bob")})
	ds.Add(rdf.Quad{S: ex("c"), P: ex("name"), O: rdf.String("carol")})
	ds.Add(rdf.Quad{S: ex("c"), P: ex("p"), O: ex("d"), G: ex("g")})
	ds.Add(rdf.Quad{S: ex("c"), P: ex("p"), O: ex("e"), G: ex("h")})
	return ds
}

// TestUpdateEngine reduces an update case for one engine against the judge
// alone: the result keeps the changed literal, loses every operation, quad
// and template triple it does not need, and is verified 1-minimal.
func TestUpdateEngine(t *testing.T) {
	ref := registry.Reference(reference.Options{})
	engines := []oracle.Engine{ref, canonicalising{ref}}
	c := &oracle.Case{Name: "t", Update: updateRequest, Dataset: updateStore()}
	ctx := context.Background()
	run, err := reduce.JudgeUpdate(ctx, c, engines, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if run.Kind != triage.KindEngineBug || len(run.Divergences) != 1 {
		t.Fatalf("run: %s %+v", run.Kind, run.Divergences)
	}
	class := run.Divergences[0].Signature.Class
	if class != diff.ClassChangedLiteral {
		t.Fatalf("class %s, want changed-literal", class)
	}
	res, err := reduce.UpdateEngine(ctx, c, engines, "canon", class, reduce.Limits{MaxCalls: 2000, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	if !st.Minimal || st.Tried == 0 {
		t.Errorf("not verified minimal: %+v", st)
	}
	// The engine canonicalises the whole store, so one stored "007" and
	// any request that keeps it suffice (as Oxigraph's load does).
	if got := res.Case.Dataset.Len(); got > 1 {
		t.Errorf("store: %d quads left, want at most 1:\n%s", got, res.Case.Update)
	}
	if strings.Contains(res.Case.Update, ";") || strings.Contains(res.Case.Update, "PREFIX") {
		t.Errorf("reduced request keeps a sequence or a prologue:\n%s", res.Case.Update)
	}
	if _, ok := res.Divergence(); !ok {
		t.Errorf("the full run on the reduced case does not show it: %+v", res.Run.Divergences)
	}
	t.Logf("reduced in %d calls, %d -> %d nodes, %d -> %d quads:\n%s", st.Calls, st.NodesBefore, st.NodesAfter,
		st.QuadsBefore, st.QuadsAfter, res.Case.Update)
}

// TestUpdateNotSurvived: an engine not wrong on the case is flagged, never
// reduced.
func TestUpdateNotSurvived(t *testing.T) {
	ref := registry.Reference(reference.Options{})
	engines := []oracle.Engine{ref, canonicalising{ref}}
	c := &oracle.Case{Name: "t", Update: "CLEAR DEFAULT", Dataset: updateStore()}
	res, err := reduce.UpdateEngine(context.Background(), c, engines, "canon", diff.ClassChangedLiteral, reduce.Limits{})
	if err == nil || res.Survived || res.Reason == "" {
		t.Errorf("want a flagged result, got err=%v %+v", err, res)
	}
}

// TestShrinkUpdateIsOneMinimal checks a reduced update case independently
// of the reducer's own verification: every request one edit makes
// (SingleUpdateEdits) and every store with one quad fewer, judged afresh,
// loses the divergence; and reducing again gives the same case.
func TestShrinkUpdateIsOneMinimal(t *testing.T) {
	ref := registry.Reference(reference.Options{})
	engines := []oracle.Engine{ref, canonicalising{ref}}
	ctx := context.Background()
	still := func(c *oracle.Case) bool {
		run, err := reduce.JudgeUpdate(ctx, c, engines, 10*time.Second)
		return err == nil && len(run.Divergences) == 1 && run.Divergences[0].Signature.Class == diff.ClassChangedLiteral
	}
	// The store's literal is written as the engine keeps it, so only the
	// request's own non-canonical literal shows the bug.
	store := rdf.NewDataset()
	store.Add(rdf.Quad{S: rdf.IRI("http://example/a"), P: rdf.IRI("http://example/p"), O: rdf.Literal("5", rdf.XSDInteger)})
	store.Add(rdf.Quad{S: rdf.IRI("http://example/b"), P: rdf.IRI("http://example/p"), O: rdf.String("x")})
	c := &oracle.Case{Name: "t", Dataset: store, Update: `PREFIX ex: <http://example/>
DELETE { ?s ex:p ?o } INSERT { ?s ex:q ?o . ex:c ex:r "007"^^<http://www.w3.org/2001/XMLSchema#integer> } WHERE { ?s ex:p ?o } ;
CLEAR SILENT GRAPH ex:g`}
	if !still(c) {
		t.Fatal("the case does not diverge")
	}
	out, st := reduce.ShrinkUpdate(c, still, nil)
	t.Logf("%d calls, nodes %d -> %d, quads %d -> %d:\n%s", st.Calls, st.NodesBefore, st.NodesAfter, st.QuadsBefore, st.QuadsAfter, out.Update)
	if !st.Minimal || !still(out) {
		t.Fatalf("not verified: %+v", st)
	}
	for _, req := range reduce.SingleUpdateEdits(out.Update, out.Base) {
		cand := *out
		cand.Update = req
		if _, err := reduce.JudgeUpdate(ctx, &cand, engines, 10*time.Second); err == nil && still(&cand) && reduce.UpdateNodeCount(req, "") < reduce.UpdateNodeCount(out.Update, "") {
			t.Errorf("a smaller edit keeps the divergence:\n%s", req)
		}
	}
	for i, q := range out.Dataset.Quads() {
		cand := *out
		cand.Dataset = rdf.NewDataset()
		for j, r := range out.Dataset.Quads() {
			if j != i {
				cand.Dataset.Add(r)
			}
		}
		if still(&cand) {
			t.Errorf("removing %s keeps the divergence", q)
		}
	}
	again, _ := reduce.ShrinkUpdate(c, still, nil)
	if again.Update != out.Update {
		t.Errorf("not deterministic:\n%s\n%s", again.Update, out.Update)
	}
}
