package large_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
)

// TestRelationPlans: testdata/relations/plans.txt says where each relation
// applies and why it skips elsewhere; an empty engine list runs nothing.
func TestRelationPlans(t *testing.T) {
	data, err := os.ReadFile("testdata/relations/plans.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		rel, ok := large.RelationByName(f[0])
		if !ok {
			t.Fatalf("unknown relation %q", f[0])
		}
		q, err := syntax.Parse(f[2], syntax.Options{})
		if err != nil {
			t.Fatalf("%s: %v", f[2], err)
		}
		chs := large.RunRelation(context.Background(), &oracle.Case{Query: f[2]}, q, nil, rel, time.Second)
		switch {
		case f[1] == "applies" && len(chs) != 0:
			t.Errorf("%s does not apply to %s: %s", f[0], f[2], chs[0].Skipped)
		case strings.HasPrefix(f[1], "skip:") && (len(chs) != 1 || !strings.Contains(chs[0].Skipped, f[1][5:])):
			t.Errorf("%s on %s: %+v, want skipped for %q", f[0], f[2], chs, f[1][5:])
		}
	}
}

// TestRelationCatchesBug: a relation fails an engine that breaks it, names
// itself and carries both queries and both answers.
func TestRelationCatchesBug(t *testing.T) {
	ds := rdf.NewDataset()
	for i := 0; i < 9; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + string(rune('a'+i))), P: rdf.IRI("http://e/p"), O: rdf.Literal(string(rune('0'+i)), rdf.XSDInteger)})
	}
	c := &oracle.Case{Query: "SELECT ?s ?o WHERE { ?s <http://e/p> ?o }", Dataset: ds}
	rel, _ := large.RelationByName("limit-pages")
	q, _ := syntax.Parse(c.Query, syntax.Options{})
	chs := large.RunRelation(context.Background(), c, q, []oracle.Engine{registrytest.Fast(), wrongPages(registrytest.Fast())}, rel, 10*time.Second)
	if len(chs) != 2 || !chs[0].OK || chs[1].OK || chs[1].Name != "limit-pages" {
		t.Fatalf("checks %+v", chs)
	}
	if len(chs[1].Answers) != 2 || len(chs[1].Queries) != 5 || !strings.Contains(chs[1].Explain(5), "VIOLATED") {
		t.Errorf("the violation lacks queries or answers:\n%s", chs[1].Explain(5))
	}
}

// TestRelationsBlankNodesDecided: an answer of thousands of rows with
// blank nodes is compared up to blank-node identity without a bijection
// search, so the relation decides (it ran out of budget at 100k triples).
func TestRelationsBlankNodesDecided(t *testing.T) {
	ds := rdf.NewDataset()
	for i := 0; i < 3000; i++ {
		b := rdf.Blank(fmt.Sprintf("a%d", i))
		ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://e/zip"), O: rdf.String(fmt.Sprint(i % 700))})
		ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://e/city"), O: rdf.IRI(fmt.Sprintf("http://e/c%d", i%50))})
	}
	c := &oracle.Case{Query: "SELECT * WHERE { { ?a <http://e/zip> ?v } UNION { ?a <http://e/city> ?v } }", Dataset: ds}
	q, _ := syntax.Parse(c.Query, syntax.Options{})
	rel, _ := large.RelationByName("union-partition")
	chs := large.RunRelation(context.Background(), c, q, []oracle.Engine{registrytest.Fast()}, rel, 20*time.Second)
	if len(chs) != 1 || !chs[0].OK || chs[0].Skipped != "" {
		t.Fatalf("%+v", chs)
	}
}

// relationsOver runs every relation over every stride-th realistic query
// of one shape, within budget, and fails on a violation; it returns how
// often each relation ran.
func relationsOver(t *testing.T, sh realistic.Shape, size, stride int, budget time.Duration, engines []oracle.Engine, deadline time.Duration) map[string]int {
	t.Helper()
	ds, smp, err := realistic.Dataset(realistic.Spec{Shape: sh, Triples: size, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string]int{}
	end := time.Now().Add(budget)
	for i, q := range realistic.Queries(smp, 11) {
		if i%stride != 0 || time.Now().After(end) {
			continue
		}
		c := &oracle.Case{Name: q.Name, Query: q.Text, Dataset: ds}
		ctx, cancel := context.WithDeadline(context.Background(), end)
		for _, ch := range large.RunRelations(ctx, c, engines, nil, deadline) {
			switch {
			case ch.Skipped != "":
			case !ch.OK:
				t.Errorf("%s %s:\n%s", sh, q.Name, ch.Explain(8))
			default:
				ran[ch.Name]++
			}
		}
		cancel()
	}
	return ran
}

// TestRelationsHoldOnInHouseEngines: on realistic data every relation holds
// for the fast engine (every shape at its least size: one LUBM department
// is 6.7k triples) and the reference (1k triples of the knowledge graph,
// what it reaches in the time): a relation either breaks is a bug in the
// relation, or one the judge then has to explain. Every relation must
// have run. Half the queries, within a budget, keep it under a minute.
func TestRelationsHoldOnInHouseEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("realistic data")
	}
	ran := map[string]int{}
	for _, sh := range realistic.Shapes {
		for k, n := range relationsOver(t, sh, 6_000, 2, 10*time.Second, []oracle.Engine{registrytest.Fast()}, 5*time.Second) {
			ran[k] += n
		}
	}
	for k, n := range relationsOver(t, realistic.KG12, realistic.MinTri, 3, 15*time.Second, []oracle.Engine{registrytest.Reference(0)}, 5*time.Second) {
		ran[k] += n
	}
	for _, r := range large.Relations {
		if ran[r.Name] == 0 {
			t.Errorf("relation %s never applied to a realistic query", r.Name)
		}
	}
	t.Logf("checks that ran, by relation: %v", ran)
}

// TestRelationsOnRealEngines runs the relations over small realistic data
// on the real engines installed here (each skipped, by name, when not).
func TestRelationsOnRealEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external engines")
	}
	for _, name := range []string{"oxigraph", "jena"} {
		t.Run(name, func(t *testing.T) {
			e, err := registry.New(name)
			if err != nil {
				t.Skipf("%s: %v", name, err)
			}
			defer registry.Close(e)
			probe := &oracle.Case{Query: "SELECT * WHERE { ?s ?p ?o }", Dataset: rdf.NewDataset()}
			if o := oracle.Run(context.Background(), probe, []oracle.Engine{e}, time.Minute)[0]; o.Err != nil {
				if errors.Is(o.Err, oracle.ErrUnavailable) {
					t.Skipf("%s is not installed here: %v", name, o.Err)
				}
				t.Fatalf("%s: %v", name, o.Err)
			}
			ran := relationsOver(t, realistic.BSBM, 2_000, 2, 25*time.Second, []oracle.Engine{e}, 10*time.Second)
			t.Logf("%s: checks that ran, by relation: %v", name, ran)
		})
	}
}
