package sweep

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// TestNightlyPlanRotates: one profile per night in turn, and seed ranges
// that never repeat, so each night runs new generated cases.
func TestNightlyPlanRotates(t *testing.T) {
	p := NightlyPlan{Engines: []string{"reference", "engine"}, Profiles: []string{"a", "b", "c"}, Seeds: 10}
	day := func(n int) string { return epoch.AddDate(0, 0, n).Format(time.DateOnly) }
	seen := map[int64]bool{}
	for n := range 7 {
		g := p.Spec(day(n)).Generated
		require.Equal(t, p.Profiles[n%3], g.Profile, "night %d", n)
		require.Equal(t, int64(10), g.To-g.From)
		require.False(t, seen[g.From], "night %d repeats seeds from %d", n, g.From)
		seen[g.From] = true
	}
	require.Equal(t, "nightly "+day(1), p.Spec(day(1)).Name)
}

// TestDefaultNightlyInTheCheckout: from the checkout the nightly runs the
// W3C suite, the regression corpus and every corpus/profiles profile, each
// of which the generator loads; no part is left out.
func TestDefaultNightlyInTheCheckout(t *testing.T) {
	w3csuite.Require(t)
	repo, err := corpus.RepoRoot()
	require.NoError(t, err)
	p, notes := DefaultNightly("", []string{"reference", "engine"})
	require.Empty(t, notes)
	require.True(t, p.W3C && p.Regress, "plan %+v", p)
	files, _ := filepath.Glob(filepath.Join(repo, "corpus", "profiles", "*.json"))
	require.Len(t, p.Profiles, len(files))
	for _, name := range p.Profiles {
		_, err := corpus.ProfileByName(name)
		require.NoError(t, err, name)
	}
}

// TestDefaultNightlyOutsideSaysWhatIsLeftOut: without a checkout the
// nightly runs the corpus and the profiles the binary carries, and leaves
// the W3C suite out with a note.
func TestDefaultNightlyOutsideSaysWhatIsLeftOut(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("W3C_TESTS", "")
	p, notes := DefaultNightly("", nil)
	// The binary carries the regression corpus and the profiles
	// (corpus.DataRoot); the W3C suite it does not, and says so.
	require.True(t, p.Regress)
	require.Greater(t, len(p.Profiles), len(corpus.Profiles))
	require.False(t, p.W3C)
	require.NotEmpty(t, notes)
}

// TestNightlyForSubmits: a runner with NightlyFor starts that night's
// sweep, once per date, and the spec passes the runner's validation.
func TestNightlyForSubmits(t *testing.T) {
	w3csuite.Require(t)
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, _ := DefaultNightly("", []string{"reference", "engine"})
	r := startRunner(t, ctx, st, Options{Workers: -1, NightlyFor: p.Spec})
	defer r.Stop(context.Background())
	s := nightlyTwice(t, ctx, st, r, "2026-01-05")
	require.Equal(t, p.Profiles[4%len(p.Profiles)], s.Spec.Generated.Profile)
	require.True(t, s.Spec.Regress)
}

// TestDefaultEnginesFillAnEmptySpec: a spec naming no engines runs the
// runner's default set (the service's), the judge and its twin first.
func TestDefaultEnginesFillAnEmptySpec(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Every name builds the judge: validation needs engines, not rdflib.
	judge := func(string) (oracle.Engine, error) { return registry.New("reference") }
	r, err := New(ctx, st, Options{Workers: -1, Engine: judge, DefaultEngines: []string{"reference", "engine", "rdflib"}})
	require.NoError(t, err)
	s, err := r.Submit(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: 1}})
	require.NoError(t, err)
	require.Equal(t, []string{"reference", "engine", "rdflib"}, s.Spec.Engines)
	s, err = r.Submit(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: 1}, Engines: []string{"reference"}})
	require.NoError(t, err)
	require.Equal(t, []string{"reference", "engine"}, s.Spec.Engines)
}
