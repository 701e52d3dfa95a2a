package reduce_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/realistic"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// dropsRow is a broken engine for the tests: the fast engine, except that
// when the query has a FILTER it leaves out one row of a non-empty answer
// (the least by its text), as an optimiser that pushes a filter past a
// join it must not would.
type dropsRow struct{ inner oracle.Engine }

func (e dropsRow) Name() string    { return "drops-row" }
func (e dropsRow) Version() string { return "test" }

func (e dropsRow) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := e.inner.Eval(ctx, c)
	if err != nil || a.Kind != results.Bindings || len(a.Rows) == 0 || !hasFilter(c.Query, c.Base) {
		return a, err
	}
	out := *a
	out.Rows = slices.Clone(a.Rows)
	least := 0
	for i, row := range out.Rows {
		if diff.SolutionKey(row) < diff.SolutionKey(out.Rows[least]) {
			least = i
		}
	}
	out.Rows = slices.Delete(out.Rows, least, least+1)
	return &out, nil
}

func hasFilter(query, base string) bool {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return false
	}
	found := false
	syntax.Inspect(q, func(n syntax.Node) bool {
		_, ok := n.(*syntax.Filter)
		found = found || ok
		return !found
	})
	return found
}

// realisticCase is a generated case of shape at about n triples whose
// query has a FILTER and a non-empty answer on the fast engine: the first
// such of the shape's templates for the seed, in their fixed order.
func realisticCase(t testing.TB, shape realistic.Shape, n int, seed int64) *oracle.Case {
	t.Helper()
	ds, smp, err := realistic.Dataset(realistic.Spec{Shape: shape, Triples: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	fast := registry.Engine(engine.Options{})
	for _, q := range realistic.Queries(smp, seed) {
		c := &oracle.Case{Name: fmt.Sprintf("gen/realistic/%s/%d/%s", shape, seed, q.Name), Query: q.Text, Dataset: ds}
		if !hasFilter(q.Text, "") || strings.Contains(q.Text, "LIMIT") {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(max(1, n/100_000))*5*time.Second)
		a, err := fast.Eval(ctx, c)
		cancel()
		if err == nil && a.Kind == results.Bindings && len(a.Rows) > 0 {
			return c
		}
	}
	t.Fatalf("no template of %s at %d triples (seed %d) has a FILTER and an answer", shape, n, seed)
	return nil
}

// TestLargeShrinksToAHandful: a realistic knowledge graph of 10k triples,
// an engine that drops a row under a FILTER (missing-rows against the
// judge): the reduction ends at a few triples and a small query, verified
// 1-minimal, and the reference judges the reduced case.
func TestLargeShrinksToAHandful(t *testing.T) {
	size := 14_000 // kg gives about 0.75 quads a requested triple
	if testing.Short() {
		size = 2_000
	}
	c := realisticCase(t, realistic.KG, size, 3)
	res, err := reduceDropsRow(c, 50*time.Second)
	if err != nil {
		t.Logf("%v", err)
		if res == nil {
			t.FailNow()
		}
		t.Fail()
	}
	t.Logf("%s: %d quads -> %d, %d nodes -> %d, %d calls, %s; phases %+v\nreduced query:\n%s",
		c.Name, res.OriginalTriples, res.Triples, res.Stats.NodesBefore, res.Stats.NodesAfter, res.Stats.Calls,
		res.Stats.Elapsed.Round(time.Millisecond), res.Phases, res.Case.Query)
	if res.Triples <= 20 {
		t.Logf("reduced data: %v", res.Case.Dataset.Quads())
	}
	if t.Failed() && res.Report != nil {
		for _, v := range res.Report.Verdicts {
			t.Logf("%s: %s %v rows %d err %v", v.Engine, v.Outcome, v.Classes, rowCount(v.Answer), v.Err)
		}
		t.Logf("judge %q: %s; %s", res.Report.Judge, res.Report.JudgedBy, res.Report.Reason)
	}
	if t.Failed() {
		t.FailNow()
	}
	if (res.OriginalTriples < 10_000 && !testing.Short()) || res.OriginalQuery != c.Query {
		t.Errorf("the witness is not the original: %d triples, query %q", res.OriginalTriples, res.OriginalQuery)
	}
	if res.Triples > 5 || res.Stats.NodesAfter >= res.Stats.NodesBefore {
		t.Errorf("not reduced to a handful: %d quads, %d of %d nodes", res.Triples, res.Stats.NodesAfter, res.Stats.NodesBefore)
	}
	if !res.Stats.Minimal || res.Judge != oracle.JudgeName {
		t.Errorf("want a 1-minimal case the reference judges; minimal %v, judge %q (%s), reason %q", res.Stats.Minimal, res.Judge, res.JudgedBy, res.Reason)
	}
	if !hasFilter(res.Case.Query, res.Case.Base) {
		t.Errorf("the reduced query lost the FILTER the divergence needs:\n%s", res.Case.Query)
	}
}

func rowCount(a *results.Answer) int {
	if a == nil {
		return -1
	}
	return len(a.Rows)
}

// TestLargeRelationViolation: the same engine judged against itself by
// NoREC (its FILTER's rows against the flag computed without a FILTER,
// which it answers whole): the violation is reduced by the relation until
// the reference can judge the data-reduced case, which finds the engine
// wrong; the query is then shrunk keeping the reference's verdict.
func TestLargeRelationViolation(t *testing.T) {
	size := 14_000
	if testing.Short() {
		size = 2_000
	}
	c := realisticCase(t, realistic.KG, size, 3)
	rel, ok := large.RelationByName("norec")
	if !ok {
		t.Fatal("no relation norec")
	}
	broken := dropsRow{registry.Engine(engine.Options{})}
	judges := []oracle.Engine{registry.Reference(reference.Options{}), registry.Engine(engine.Options{})}
	res, err := reduce.Large(context.Background(), c, broken, judges, reduce.RelationKeep(rel, broken, 5*time.Second), reduce.LargeLimits{MaxTime: 50 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d quads -> %d, %d nodes -> %d, %d calls, %s; phases %+v; judge %s (%s)\n%s", res.OriginalTriples, res.Triples,
		res.Stats.NodesBefore, res.Stats.NodesAfter, res.Stats.Calls, res.Stats.Elapsed.Round(time.Millisecond), res.Phases, res.Judge, res.JudgedBy, res.Case.Query)
	if res.Triples > 5 || !res.Switched || res.Judge != oracle.JudgeName || !res.Stats.Minimal || res.Class != diff.ClassMissingRows {
		t.Errorf("want a handful of quads, 1-minimal, the reference judging missing-rows; got %d quads, switched %v, judge %q, minimal %v, class %s (%s)",
			res.Triples, res.Switched, res.Judge, res.Stats.Minimal, res.Class, res.Reason)
	}
}

// TestLargeRealEngine reduces a real engine's divergence on realistic
// data: Oxigraph answers LUBM's query 5 (mutated with a FILTER) over
// 12,885 generated quads without the duplicate the alternative path
// memberOf|worksFor|headOf gives a professor who both works for and heads
// the department (#defn_evalPP_alternative: a Union, a bag). Judged on the
// large case by the fast engine, the reduced case is the reference's.
func TestLargeRealEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("a real engine on 12,885 quads")
	}
	engines := installed(t, "engine", "oxigraph")
	ds, _, err := realistic.Dataset(realistic.Spec{Shape: realistic.LUBM, Triples: 14_000, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	const q5 = `PREFIX ub: <http://swat.cse.lehigh.edu/onto/univ-bench.owl#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?X WHERE {
  ?X a/rdfs:subClassOf* ub:Person ; ub:memberOf|ub:worksFor|ub:headOf <http://www.Department0.University0.edu> .
  FILTER(ISIRI(?X) || ISLITERAL(?X))
}`
	c := &oracle.Case{Name: "gen/realistic/lubm/2/lubm/q5+add-filter", Query: q5, Dataset: ds}
	judges, oxigraph := engines[:2], engines[2]
	keep := reduce.JudgeKeep(judges, oxigraph, diff.ClassDuplicateRows, 20*time.Second)
	res, err := reduce.Large(context.Background(), c, oxigraph, judges, keep, reduce.LargeLimits{MaxTime: 2 * time.Minute})
	if err != nil {
		t.Fatalf("the case no longer shows what this test needs: %v", err)
	}
	t.Logf("%d quads -> %d, %d nodes -> %d, %d calls, %s; phases %+v; %s\n%s", res.OriginalTriples, res.Triples,
		res.Stats.NodesBefore, res.Stats.NodesAfter, res.Stats.Calls, res.Stats.Elapsed.Round(time.Millisecond), res.Phases, res.JudgedBy, res.Case.Query)
	if res.Triples > 3 || res.Judge != oracle.JudgeName || !res.Stats.Minimal {
		t.Errorf("want at most 3 quads, 1-minimal, judged by the reference; got %d, minimal %v, judge %q (%s)", res.Triples, res.Stats.Minimal, res.Judge, res.Reason)
	}
}

// TestLargeBounds: a reduction the call bound stops keeps what it had
// (still showing the divergence, not minimal, saying why); a case that
// does not show the divergence is flagged; bad input is an error.
func TestLargeBounds(t *testing.T) {
	c := realisticCase(t, realistic.KG, 2_000, 3)
	judges := []oracle.Engine{registry.Reference(reference.Options{}), registry.Engine(engine.Options{})}
	broken := dropsRow{registry.Engine(engine.Options{})}
	keep := reduce.JudgeKeep(judges, broken, diff.ClassMissingRows, 5*time.Second)
	ctx := context.Background()
	res, err := reduce.Large(ctx, c, broken, judges, keep, reduce.LargeLimits{MaxCalls: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stats.Stopped || res.Stats.Minimal || res.Stats.Calls > 4 || !strings.Contains(res.Reason, "calls: 4") || res.Triples >= res.OriginalTriples || !keep(ctx, res.Case) {
		t.Errorf("stopped %v minimal %v calls %d quads %d of %d reason %q", res.Stats.Stopped, res.Stats.Minimal, res.Stats.Calls, res.Triples, res.OriginalTriples, res.Reason)
	}
	fine := registry.Engine(engine.Options{})
	if _, err := reduce.Large(ctx, c, fine, judges, reduce.JudgeKeep(judges, fine, diff.ClassMissingRows, 5*time.Second), reduce.LargeLimits{}); !errors.Is(err, reduce.ErrNotSurvived) {
		t.Errorf("an engine right on the case: %v", err)
	}
	if _, err := reduce.Large(ctx, c, broken, judges, nil, reduce.LargeLimits{}); !errors.Is(err, reduce.ErrLargeInput) {
		t.Errorf("no keep: %v", err)
	}
}

// reduceDropsRow reduces the drops-row engine's missing rows on c against
// the reference and the fast engine.
func reduceDropsRow(c *oracle.Case, maxTime time.Duration) (*reduce.LargeResult, error) {
	judges := []oracle.Engine{registry.Reference(reference.Options{}), registry.Engine(engine.Options{})}
	broken := dropsRow{registry.Engine(engine.Options{})}
	// The reference's share of a call is half its deadline: a short one
	// (longer for loading a million quads into the fast engine twice).
	keep := reduce.JudgeKeep(judges, broken, diff.ClassMissingRows, time.Duration(max(1, c.Dataset.Len()/100_000))*5*time.Second)
	return reduce.Large(context.Background(), c, broken, judges, keep, reduce.LargeLimits{MaxTime: maxTime})
}

// BenchmarkLarge100k reduces the drops-row engine's divergence on a
// realistic knowledge graph of about 100k quads (run with -benchtime=1x).
func BenchmarkLarge100k(b *testing.B) { benchLarge(b, 134_000) }

// BenchmarkLarge1M is the same at about 1M quads: the data is held once,
// each candidate a list of positions into it.
func BenchmarkLarge1M(b *testing.B) { benchLarge(b, 1_340_000) }

func benchLarge(b *testing.B, triples int) {
	c := realisticCase(b, realistic.KG, triples, 3)
	b.ResetTimer()
	for range b.N {
		res, err := reduceDropsRow(c, 10*time.Minute)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.OriginalTriples), "quads-before")
		b.ReportMetric(float64(res.Triples), "quads-after")
		b.ReportMetric(float64(res.Stats.Calls), "calls")
		b.ReportMetric(float64(res.Stats.NodesAfter), "nodes-after")
		b.Logf("%d -> %d quads, %d -> %d nodes, %d calls, %s, judge %s, phases %+v", res.OriginalTriples, res.Triples,
			res.Stats.NodesBefore, res.Stats.NodesAfter, res.Stats.Calls, res.Stats.Elapsed.Round(time.Millisecond), res.Judge, res.Phases)
	}
}
