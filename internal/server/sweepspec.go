package server

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/store"
)

// Sweep spec limits: what one POST /v1/sweeps may ask for. A spec outside
// them is a 400 naming the field; the seeds bound is internal/sweep's
// MaxCases, repeated here so the answer comes before any work.
const (
	MaxSweepSeeds     = 1_000_000
	MaxSweepEngines   = 32
	MaxDeadlineMS     = 600_000 // ten minutes per engine and case
	MaxReduceCalls    = 10_000  // -1 files unreduced, 0 takes the default
	MaxReduceSeconds  = 3_600
	MaxReducePerKey   = 1_000
	MaxManifests      = 200
	MaxManifestLength = 300
	// MaxSeed bounds a generated seed range's end (to, exclusive): 2^53,
	// the largest integer every JSON reader holds exactly (RFC 8259 §6
	// warns beyond it), so from+i never overflows an int64 and the seeds
	// a sweep reports are the seeds the client asked for.
	MaxSeed = 1 << 53
)

// profileName is a built-in profile or one of corpus/profiles: a name,
// never a path (corpus.ProfileByName opens any *.json path it is given).
var profileName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,63}$`)

func specError(field, detail string) *APIError {
	return &APIError{Status: http.StatusBadRequest, Error: "invalid sweep spec", Field: field, Detail: detail}
}

// checkSpec runs every check of a sweep spec, the first failure answered.
func (s *Server) checkSpec(spec store.SweepSpec) *APIError {
	if spec.W3C == nil && !spec.Regress && spec.Generated == nil {
		return specError("", "the spec names no corpus: give w3c, regress or generated")
	}
	if e := checkName("name", spec.Name); e != nil {
		return e
	}
	for _, e := range []*APIError{checkGenerated(spec.Generated), checkManifests(spec.W3C), s.checkEngines(spec.Engines),
		inRange("deadline_ms", spec.DeadlineMS, 0, MaxDeadlineMS), inRange("reduce_calls", spec.ReduceCalls, -1, MaxReduceCalls),
		inRange("reduce_seconds", spec.ReduceSeconds, 0, MaxReduceSeconds), checkPerKey(spec.ReducePerKey)} {
		if e != nil {
			return e
		}
	}
	return nil
}

func inRange(field string, v, lo, hi int) *APIError {
	if v < lo || v > hi {
		return specError(field, fmt.Sprintf("%s %d: want %d to %d", field, v, lo, hi))
	}
	return nil
}

func checkPerKey(k *int) *APIError {
	if k == nil {
		return nil
	}
	if *k < 0 {
		return specError("reduce_per_key", "want 0 (reduce every divergence) or more")
	}
	return inRange("reduce_per_key", *k, 0, MaxReducePerKey)
}

func checkGenerated(g *store.GenSource) *APIError {
	switch {
	case g == nil:
		return nil
	case g.From < 0 || g.To <= g.From:
		return specError("generated", fmt.Sprintf("seeds [%d, %d): want 0 <= from < to", g.From, g.To))
	case g.To > MaxSeed:
		return specError("generated.to", fmt.Sprintf("seed %d: seeds must stay below 2^53 = %d (exact in every JSON reader)", g.To, int64(MaxSeed)))
	case g.To-g.From > MaxSweepSeeds:
		return specError("generated", fmt.Sprintf("%d seeds: at most %d in one sweep", g.To-g.From, MaxSweepSeeds))
	case g.Profile == "":
		return nil
	case !profileName.MatchString(g.Profile):
		return specError("generated.profile", fmt.Sprintf("profile %.80q: want a profile name (lower-case letters, digits, - and _), not a path", g.Profile))
	}
	if _, err := corpus.ProfileByName(g.Profile); err != nil {
		return specError("generated.profile", err.Error())
	}
	return nil
}

func checkManifests(w *store.W3CSource) *APIError {
	if w == nil {
		return nil
	}
	if len(w.Manifests) > MaxManifests {
		return specError("w3c.manifests", fmt.Sprintf("%d manifests: at most %d", len(w.Manifests), MaxManifests))
	}
	for i, m := range w.Manifests {
		bad := m == "" || len(m) > MaxManifestLength || strings.HasPrefix(m, "/") || strings.Contains(m, "..") ||
			strings.ContainsAny(m, "\\\x00")
		if bad {
			return specError("w3c.manifests", fmt.Sprintf("manifest %d (%.80q): want a path of at most %d bytes relative to the suite, without ..",
				i, m, MaxManifestLength))
		}
	}
	return nil
}

func (s *Server) checkEngines(names []string) *APIError {
	if len(names) > MaxSweepEngines {
		return specError("engines", fmt.Sprintf("%d engines: at most %d", len(names), MaxSweepEngines))
	}
	for i, n := range names {
		if _, ok := s.engines[n]; !ok {
			return specError("engines", fmt.Sprintf("engine %.80q is not served here (served: %s)", n, strings.Join(s.engineNames(), ", ")))
		}
		if slices.Contains(names[:i], n) {
			return specError("engines", fmt.Sprintf("engine %q is named twice", n))
		}
	}
	return nil
}
