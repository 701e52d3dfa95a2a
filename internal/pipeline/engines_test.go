package pipeline

import (
	"slices"
	"testing"
)

// TestEngines: the judge and its twin first, the requested engines or the
// default set, and the default set probed only when nothing is requested.
func TestEngines(t *testing.T) {
	for _, tc := range []struct {
		requested, installed, want []string
		probed                     bool
	}{
		{nil, []string{"jena", "rdflib"}, []string{"reference", "engine", "jena", "rdflib"}, true},
		{[]string{"rdflib"}, []string{"jena", "rdflib"}, []string{"reference", "engine", "rdflib"}, false},
		{[]string{"engine", "rdflib", "rdflib", ""}, nil, []string{"reference", "engine", "rdflib"}, false},
		{[]string{"nosuch"}, nil, []string{"reference", "engine", "nosuch"}, false},
	} {
		probes := 0
		got, note := Engines(tc.requested, func() ([]string, string) {
			probes++
			return tc.installed, "not run: virtuoso"
		})
		if !slices.Equal(got, tc.want) {
			t.Errorf("Engines(%q) with %q installed = %q, want %q", tc.requested, tc.installed, got, tc.want)
		}
		if want := map[bool]int{true: 1}[tc.probed]; probes != want {
			t.Errorf("Engines(%q) probed the default set %d times, want %d", tc.requested, probes, want)
		}
		if (note != "") != tc.probed {
			t.Errorf("Engines(%q): note %q, want one only when the default set was probed", tc.requested, note)
		}
	}
}
