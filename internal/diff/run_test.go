package diff

import (
	"slices"
	"testing"
)

func TestEngineNames(t *testing.T) {
	for _, tc := range []struct {
		requested, installed, want []string
	}{
		{nil, []string{"jena", "rdflib"}, []string{"reference", "engine", "jena", "rdflib"}},
		{[]string{"rdflib"}, []string{"jena", "rdflib"}, []string{"reference", "engine", "rdflib"}},
		{[]string{"engine", "rdflib", "rdflib", ""}, nil, []string{"reference", "engine", "rdflib"}},
		{[]string{"nosuch"}, nil, []string{"reference", "engine", "nosuch"}},
	} {
		if got := EngineNames(tc.requested, tc.installed); !slices.Equal(got, tc.want) {
			t.Errorf("EngineNames(%q, %q) = %q, want %q", tc.requested, tc.installed, got, tc.want)
		}
	}
}
