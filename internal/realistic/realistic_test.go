package realistic_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// testSize keeps the tests fast; the shapes' ratios already hold at it.
const testSize = 12_000

func digest(t *testing.T, s realistic.Spec) (string, *realistic.Sample) {
	t.Helper()
	h := sha256.New()
	smp, err := realistic.Stream(s, func(q rdf.Quad) { fmt.Fprintln(h, q.S, q.P, q.O, q.G) })
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil)), smp
}

// TestDeterministicAndSized: the same Spec gives the same quads, another
// seed others, and the size is about the one asked for.
func TestDeterministicAndSized(t *testing.T) {
	for _, sh := range realistic.Shapes {
		t.Run(string(sh), func(t *testing.T) {
			s := realistic.Spec{Shape: sh, Triples: testSize, Seed: 7}
			a, smp := digest(t, s)
			b, _ := digest(t, s)
			s.Seed = 8
			c, _ := digest(t, s)
			if a != b || a == c {
				t.Errorf("same seed equal: %v, other seed differs: %v", a == b, a != c)
			}
			if smp.Triples < testSize*6/10 || smp.Triples > testSize*14/10 {
				t.Errorf("%d triples for %d asked", smp.Triples, testSize)
			}
		})
	}
}

func TestSpecErrors(t *testing.T) {
	for _, s := range []realistic.Spec{{Shape: "lubm", Triples: 10}, {Shape: "nope", Triples: 10_000}} {
		if _, err := realistic.Stream(s, func(rdf.Quad) {}); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

// TestLUBMRatios: the paper's cardinalities per department hold.
func TestLUBMRatios(t *testing.T) {
	_, smp := digest(t, realistic.Spec{Shape: realistic.LUBM, Triples: 30_000, Seed: 1})
	n := func(c string) int { return smp.ClassN[rdf.IRI(realistic.UB+c)] }
	depts := n("Department")
	faculty := n("FullProfessor") + n("AssociateProfessor") + n("AssistantProfessor") + n("Lecturer")
	checks := []struct {
		what   string
		got    int
		lo, hi int
	}{
		{"full professors", n("FullProfessor"), 7 * depts, 10 * depts},
		{"associate professors", n("AssociateProfessor"), 10 * depts, 14 * depts},
		{"undergraduates", n("UndergraduateStudent"), 8 * faculty, 14 * faculty},
		{"graduates", n("GraduateStudent"), 3 * faculty, 4 * faculty},
		{"research groups", n("ResearchGroup"), 10 * depts, 20 * depts},
	}
	if depts < 3 {
		t.Fatalf("%d departments for 30k triples", depts)
	}
	for _, c := range checks {
		if c.got < c.lo || c.got > c.hi {
			t.Errorf("%s: %d, want %d..%d", c.what, c.got, c.lo, c.hi)
		}
	}
}

// TestKGTraits: a Zipf tail of predicates, every datatype, several
// languages, blank nodes, named graphs; kg12 reifiers with triple terms.
func TestKGTraits(t *testing.T) {
	ds, smp, err := realistic.Dataset(realistic.Spec{Shape: realistic.KG12, Triples: testSize, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	top, tail := smp.PredN[realistic.KGPredicate(0)], smp.PredN[realistic.KGPredicate(60)]
	if top < 20*max(tail, 1) {
		t.Errorf("no long tail: p0 %d triples, p60 %d", top, tail)
	}
	dts, langs, blanks, triples := map[string]bool{}, map[string]bool{}, 0, 0
	quads := ds.Quads()
	for _, q := range quads {
		if q.O.IsLiteral() {
			dts[q.O.Datatype] = true
			langs[q.O.Lang] = true
		}
		if q.S.IsBlank() || q.O.IsBlank() {
			blanks++
		}
		if q.O.IsTriple() {
			triples++
		}
	}
	for _, dt := range []string{"integer", "decimal", "double", "int", "short", "date", "dateTime", "string"} {
		if !dts[rdf.XSD+dt] {
			t.Errorf("no xsd:%s literal", dt)
		}
	}
	if len(langs) < 6 || blanks == 0 || triples == 0 || len(smp.Graphs) < 3 {
		t.Errorf("languages %d, blank-node triples %d, triple terms %d, named graphs %d", len(langs)-1, blanks, triples, len(smp.Graphs))
	}
}

// TestQueriesParseAndMatch: every template of every shape instantiates,
// parses, and most answer something on the fast engine (their constants
// come from the data); a mutated query parses too.
func TestQueriesParseAndMatch(t *testing.T) {
	fast := registry.Engine(engine.Options{})
	for _, sh := range realistic.Shapes {
		ds, smp, err := realistic.Dataset(realistic.Spec{Shape: sh, Triples: testSize, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		qs := realistic.Queries(smp, 5)
		if again := realistic.Queries(smp, 5); fmt.Sprint(again) != fmt.Sprint(qs) {
			t.Errorf("%s: the same sample and seed give other queries", sh)
		}
		p1, err1 := realistic.Pick(smp, 9)
		p2, err2 := realistic.Pick(smp, 9)
		if err1 != nil || err2 != nil || p1 != p2 {
			t.Errorf("%s: Pick is not deterministic (%v, %v)", sh, err1, err2)
		}
		empty := 0
		for _, q := range qs {
			if _, err := realistic.Parse(q); err != nil {
				t.Errorf("%s: %v\n%s", sh, err, q.Text)
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			a, err := fast.Eval(ctx, &oracle.Case{Name: q.Name, Query: q.Text, Dataset: ds})
			cancel()
			if err != nil {
				t.Errorf("%s %s: %v\n%s", sh, q.Name, err, q.Text)
				continue
			}
			if len(a.Rows) == 0 && len(a.Triples) == 0 && !a.Boolean {
				empty++
				t.Logf("%s %s: empty", sh, q.Name)
			}
		}
		if len(qs) < 10 || empty*3 > len(qs) {
			t.Errorf("%s: %d queries, %d empty", sh, len(qs), empty)
		}
	}
}
