package selfcheck

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

var (
	casesFlag   = flag.Int("cases", 0, "generated cases for TestEquivalence (default $ORACLE_CASES, else 20000)")
	seedFlag    = flag.Int64("seed", 1, "first seed for TestEquivalence")
	profileFlag = flag.String("profile", "default", "generator profile for TestEquivalence")
	keepFlag    = flag.Bool("keep", false, "write TestEquivalence failures to testdata/failures/ instead of a temp dir")
)

// numCases is -cases, else $ORACLE_CASES, else 20000.
func numCases(t testing.TB) int {
	if *casesFlag > 0 {
		return *casesFlag
	}
	if s := os.Getenv("ORACLE_CASES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("ORACLE_CASES=%q: want a count", s)
		}
		return n
	}
	return 20000
}

// TestEquivalence: the fast engine agrees with the reference on every
// generated case (internal/selfcheck: the two share only ops, docs/imports.txt).
func TestEquivalence(t *testing.T) {
	ref, eng := engines(t)
	p, err := corpus.ProfileByName(*profileFlag)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *keepFlag {
		dir = filepath.Join("testdata", "failures")
	}
	var out strings.Builder
	s := RunWith(context.Background(), Config{Cases: numCases(t), Seed: *seedFlag, Profile: p,
		Judge: ref, Actual: eng, FailDir: dir, Out: &out})
	t.Logf("%s (%s)", s.Line(), s.Detail())
	if s.Invalid > 0 {
		t.Errorf("%d generated queries were rejected by the reference", s.Invalid)
	}
	if s.Disagreements > 0 {
		t.Errorf("%d disagreements; replay one with: go run ./cmd/oracle selfcheck --cases 1 --seed S\n%s",
			s.Disagreements, firstN(out.String(), 20000))
	}
}

// FuzzEquivalence fuzzes the seed of one generated case.
func FuzzEquivalence(f *testing.F) {
	for _, s := range []int64{0, 1, 42, 1 << 40} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		ref, eng := engines(t)
		out, fail := Check(context.Background(), Config{Judge: ref, Actual: eng}, seed)
		if out == Disagree {
			t.Fatal(fail.Text())
		}
	})
}

// TestReferenceAgreesWithItself: the reference judged against itself agrees
// on every case, so it is deterministic and the outcome rules add nothing.
func TestReferenceAgreesWithItself(t *testing.T) {
	ref, _ := registry.New("reference")
	s := Run(context.Background(), 400, 7, nil, ref, ref)
	t.Logf("%s (%s)", s.Line(), s.Detail())
	if s.Disagreements != 0 || s.Invalid != 0 || s.Cases != 400 {
		t.Fatalf("%s (%s)\n%s", s.Line(), s.Detail(), firstFailure(s))
	}
	if s.Agreements < 380 {
		t.Errorf("only %d of 400 cases judged", s.Agreements)
	}
}

// dropRow is a broken engine: the reference minus its last row or triple,
// with the boolean flipped.
type dropRow struct{ oracle.Engine }

func (d dropRow) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := d.Engine.Eval(ctx, c)
	if err != nil {
		return nil, err
	}
	b := *a
	b.Freedom = nil
	b.Boolean = !a.Boolean
	if n := len(a.Rows); n > 0 {
		b.Rows = a.Rows[:n-1]
	}
	if n := len(a.Triples); n > 0 {
		b.Triples = a.Triples[:n-1]
	}
	return &b, nil
}

// TestFindsDisagreements: a broken engine is caught, and each failure is
// printed and written as a .rq/.nq pair that names its seed.
func TestFindsDisagreements(t *testing.T) {
	ref, _ := registry.New("reference")
	dir := t.TempDir()
	var out strings.Builder
	s := RunWith(context.Background(), Config{Cases: 60, Seed: 100, Judge: ref, Actual: dropRow{ref}, FailDir: dir, Out: &out})
	if s.Disagreements < 20 || len(s.Failures) != s.Disagreements {
		t.Fatalf("%s (%s): want most cases to disagree", s.Line(), s.Detail())
	}
	f := s.Failures[0]
	rq, err := os.ReadFile(filepath.Join(dir, "seed-"+strconv.FormatInt(f.Seed, 10)+".rq"))
	if err != nil {
		t.Fatal(err)
	}
	nq, err := os.ReadFile(filepath.Join(dir, "seed-"+strconv.FormatInt(f.Seed, 10)+".nq"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rq), "seed="+strconv.FormatInt(f.Seed, 10)) || !strings.HasSuffix(string(rq), f.Query) || string(nq) != f.NQuads {
		t.Errorf("written pair does not match the failure:\n%s", rq)
	}
	if !strings.Contains(out.String(), "=== disagreement gen/default/") {
		t.Errorf("failures not printed:\n%s", firstN(out.String(), 2000))
	}
	if got := s.Line(); !strings.HasPrefix(got, "cases=60 disagreements=") {
		t.Errorf("Line() = %q", got)
	}
}

func firstFailure(s *Summary) string {
	if len(s.Failures) == 0 {
		return ""
	}
	return s.Failures[0].Text()
}

func firstN(s string, n int) string {
	if len(s) > n {
		return s[:n] + "\n... (truncated)"
	}
	return s
}

// TestCasesAreInformative: generated cases are not mostly empty. Over 1,000
// seeds of the default profile, the reference answers at least 35% of them
// with a non-empty answer (rows, triples or true), and every form occurs.
func TestCasesAreInformative(t *testing.T) {
	ref, _ := registry.New("reference")
	const n = 1000
	nonEmpty := 0
	kinds := map[results.Kind]int{}
	for seed := int64(0); seed < n; seed++ {
		gc := corpus.Generate(seed, nil)
		a, err := ref.Eval(context.Background(), &oracle.Case{Query: gc.Query, Dataset: gc.Dataset()})
		if err != nil {
			continue
		}
		kinds[a.Kind]++
		if len(a.Rows) > 0 || len(a.Triples) > 0 || a.Boolean {
			nonEmpty++
		}
	}
	t.Logf("non-empty answers: %d/%d; by kind %v", nonEmpty, n, kinds)
	if nonEmpty < n*35/100 {
		t.Errorf("only %d/%d cases have a non-empty answer", nonEmpty, n)
	}
	if len(kinds) != 3 {
		t.Errorf("answer kinds %v: want bindings, boolean and graph", kinds)
	}
}
