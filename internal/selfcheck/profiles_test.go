package selfcheck

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

var (
	measureFlag = flag.Int("measure", 0, "TestProfiles: cases per profile, and print the measurement table")
	onlyFlag    = flag.String("only", "", "TestProfiles: only the profiles whose file name contains this text (e.g. update-)")
)

// profileFiles returns corpus/profiles/*.json, sorted.
func profileFiles(t *testing.T) []string {
	root, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "corpus", "profiles", "*.json"))
	if err != nil || len(files) < 12 {
		t.Fatalf("corpus/profiles: %d files (%v), want the 12 hunt profiles and more", len(files), err)
	}
	return files
}

// profileStats are the figures of internal/corpus/gen_doc.go's table.
type profileStats struct {
	cases, parsed, answered, nonEmpty int
	sum                               *Summary
}

func (s profileStats) row(name string) string {
	pc := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(s.cases)) }
	return fmt.Sprintf("| %-17s | %5d | %s | %s | %s | %d |", name, s.cases, pc(s.parsed), pc(s.answered),
		pc(s.nonEmpty), s.sum.Disagreements)
}

// measure generates n cases of p: parses each, asks the reference, and runs
// the self-check (reference against the fast engine) over the same seeds.
func measure(t *testing.T, p *corpus.Profile, n int) profileStats {
	ref, eng := engines(t)
	if p.IsUpdate() {
		return measureUpdates(t, p, n, ref, eng)
	}
	st := profileStats{cases: n}
	for seed := int64(1); seed <= int64(n); seed++ {
		gc := corpus.Generate(seed, p)
		if _, err := algebra.Parse(gc.Query, ""); err != nil {
			t.Errorf("%s: %v\n%s", gc.Name(), err, gc.Query)
			continue
		}
		st.parsed++
		a, err := eval(context.Background(), ref, &oracle.Case{Query: gc.Query, Dataset: gc.Dataset()}, DefaultTimeout)
		if isBudget(err) {
			continue
		}
		st.answered++
		if err == nil && (len(a.Rows) > 0 || len(a.Triples) > 0 || a.Boolean) {
			st.nonEmpty++
		}
	}
	st.sum = judged(t, RunWith, p, n, ref, eng)
	return st
}

// measureUpdates is measure for an update profile: each request parses
// (algebra.ParseUpdate), the reference applies it (answered: a store, the
// request failing or not), and "non-empty" counts the requests that
// succeeded and changed the store; then RunUpdates over the same seeds.
func measureUpdates(t *testing.T, p *corpus.Profile, n int, ref, eng oracle.Engine) profileStats {
	st := profileStats{cases: n}
	for seed := int64(1); seed <= int64(n); seed++ {
		c, gc := GenerateUpdate(seed, p)
		if _, err := algebra.ParseUpdate(c.Update, ""); err != nil {
			t.Errorf("%s: %v\n%s", gc.Name(), err, c.Update)
			continue
		}
		st.parsed++
		a, err := update(context.Background(), ref, c, DefaultTimeout)
		if err != nil {
			continue
		}
		st.answered++
		if a.Store != nil && a.Store.Err == "" && changed(c.Dataset, a.Store) {
			st.nonEmpty++
		}
	}
	st.sum = judged(t, RunUpdates, p, n, ref, eng)
	return st
}

// judged runs the profile's n cases (seeds 1..n) through run (RunWith or
// RunUpdates), the reference judging the engine, and fails the test on a
// disagreement or an invalid case.
func judged(t *testing.T, run func(context.Context, Config) *Summary, p *corpus.Profile, n int, ref, eng oracle.Engine) *Summary {
	t.Helper()
	var out strings.Builder
	sum := run(context.Background(), Config{Cases: n, Seed: 1, Profile: p, Judge: ref, Actual: eng, Out: &out})
	if sum.Disagreements > 0 || sum.Invalid > 0 {
		t.Errorf("profile %s: %s (%s)\n%s", p.Name, sum.Line(), sum.Detail(), firstN(out.String(), 6000))
	}
	return sum
}

// changed reports whether the store after a request differs from the one
// before: another quad set, or another set of graphs.
func changed(before *rdf.Dataset, after *results.Store) bool {
	b := results.StoreOf(before)
	if len(b.Named) != len(after.Named) {
		return true
	}
	bq, aq := b.Quads(), after.Quads()
	if len(bq) != len(aq) {
		return true
	}
	set := map[rdf.Quad]bool{}
	for _, q := range bq {
		set[q] = true
	}
	for _, q := range aq {
		if !set[q] {
			return true
		}
	}
	return false
}

// TestProfiles: every corpus/profiles/*.json loads and validates, names
// itself after its file, and its cases parse and pass the self-check
// (200 cases per profile, 30 with -short; -measure N prints the table;
// -only update- keeps the update profiles, whose "non-empty" counts the
// requests that changed the store: measureUpdates).
func TestProfiles(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	if *measureFlag > 0 {
		n = *measureFlag
	}
	var table []string
	for _, f := range profileFiles(t) {
		if !strings.Contains(filepath.Base(f), *onlyFlag) {
			continue
		}
		p, err := corpus.ProfileByName(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if want := strings.TrimSuffix(filepath.Base(f), ".json"); p.Name != want {
			t.Errorf("%s: name %q, want %q", f, p.Name, want)
		}
		st := measure(t, p, n)
		if st.nonEmpty == 0 {
			t.Errorf("profile %s: no case has a non-empty answer", p.Name)
		}
		table = append(table, st.row(p.Name))
	}
	if *measureFlag > 0 {
		fmt.Fprintln(os.Stdout, "| profile | cases | parsed | ref answered | non-empty | disagreements |")
		fmt.Fprintln(os.Stdout, strings.Join(table, "\n"))
	}
}
