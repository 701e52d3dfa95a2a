package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// NightlyPlan is the nightly sweep `oracle serve` schedules by default:
// the W3C tests (query, update and SPARQL 1.2: W3CPaths), the regression corpus and Seeds
// generated cases of one profile, rotating through Profiles one per night
// (and through seed ranges, so no two nights run the same cases), through
// Engines.
type NightlyPlan struct {
	Engines  []string
	W3C      bool
	Regress  bool
	Profiles []string
	Seeds    int64
}

// DefaultNightlySeeds is how many generated cases a night runs.
const DefaultNightlySeeds = 1000

// epoch is night 0 of the rotation.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Spec is the sweep of night (a date, 2026-01-02): its profile is
// Profiles[n mod len] and its seeds [n*Seeds, (n+1)*Seeds) for the n-th
// night since the epoch.
func (p NightlyPlan) Spec(night string) store.SweepSpec {
	spec := store.SweepSpec{Name: "nightly " + night, Engines: slices.Clone(p.Engines), Regress: p.Regress}
	if p.W3C {
		spec.W3C = &store.W3CSource{}
	}
	if len(p.Profiles) > 0 && p.Seeds > 0 {
		n := nightNumber(night)
		spec.Generated = &store.GenSource{From: n * p.Seeds, To: (n + 1) * p.Seeds,
			Profile: p.Profiles[int(n%int64(len(p.Profiles)))]}
	}
	return spec
}

func nightNumber(night string) int64 {
	t, err := time.Parse(time.DateOnly, night)
	if err != nil || t.Before(epoch) {
		return 0
	}
	return int64(t.Sub(epoch) / (24 * time.Hour))
}

// DefaultNightly plans the nightly sweep over what this machine has: the
// W3C suite (w3csuite.Dir), the regression corpus and the generator
// profiles of the checkout at repo (corpus/regress, corpus/profiles/*.json;
// the built-in profiles without one). Each part that is missing is left
// out with a note saying why, for the service to print at start.
func DefaultNightly(repo string, engines []string) (NightlyPlan, []string) {
	p := NightlyPlan{Engines: engines, Seeds: DefaultNightlySeeds}
	var notes []string
	if _, err := w3csuite.Dir(); err != nil {
		notes = append(notes, "without the W3C tests: "+firstLine(err.Error()))
	} else {
		p.W3C = true
	}
	if repo == "" {
		repo, _ = corpus.DataRoot()
	}
	if st, err := os.Stat(filepath.Join(repo, "corpus", "regress")); repo != "" && err == nil && st.IsDir() {
		p.Regress = true
	} else {
		notes = append(notes, "without the regression corpus: no corpus/regress under "+repo)
	}
	p.Profiles = profileNames(repo)
	return p, notes
}

// profileNames are the checkout's corpus/profiles/*.json by bare name,
// else the built-in profiles; sorted, so the rotation is stable.
func profileNames(repo string) []string {
	var out []string
	files, _ := filepath.Glob(filepath.Join(repo, "corpus", "profiles", "*.json"))
	for _, f := range files {
		out = append(out, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	if repo == "" || len(out) == 0 {
		out = out[:0]
		for n := range corpus.Profiles {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Describe says what the plan runs, for the service's start line.
func (p NightlyPlan) Describe(at time.Duration) string {
	var parts []string
	if p.W3C {
		parts = append(parts, "the W3C tests")
	}
	if p.Regress {
		parts = append(parts, "the regression corpus")
	}
	if len(p.Profiles) > 0 {
		parts = append(parts, fmt.Sprintf("%d generated cases of one of %d profiles in turn", p.Seeds, len(p.Profiles)))
	}
	return fmt.Sprintf("nightly sweep at %02d:%02d UTC: %s, through %d engines (%s)",
		int(at.Hours()), int(at.Minutes())%60, strings.Join(parts, ", "), len(p.Engines), strings.Join(p.Engines, ", "))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
