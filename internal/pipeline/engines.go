package pipeline

import (
	"slices"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Engines names a run's engines: the judge and its twin always, first;
// then the requested external engines, or, when none is requested, the
// default set's. defaults probes the default set (an engine that is not
// installed or does not start is left out, and its note says which and
// why); it is called at most once, and only when nothing is requested, so
// a run probes the default set once or not at all. Duplicates and empty
// names are dropped; the note is "" when engines were requested.
func Engines(requested []string, defaults func() (installed []string, note string)) (names []string, note string) {
	names = []string{oracle.JudgeName, oracle.TwinName}
	extra := requested
	if len(requested) == 0 && defaults != nil {
		extra, note = defaults()
	}
	for _, n := range extra {
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names, note
}
