package corpus

import (
	"testing"
)

// The SPARQL 1.2 suite (sparql12/manifest.ttl and its ten includes, the
// pinned snapshot): the reader reaches every entry, and every file a test
// names exists. The syntax tests use the mf: types without the 11 suffix,
// the update ones PositiveUpdateSyntaxTest / NegativeUpdateSyntaxTest.
var wantTypes12 = map[string]int{
	PositiveSyntax: 102, NegativeSyntax: 81, PositiveUpdate: 18, NegativeUpdate: 2,
	QueryEvaluation: 63, UpdateEvaluation: 3,
}

func TestW3CManifests12(t *testing.T) {
	s := loadSuite(t, "sparql12/manifest.ttl")
	checkTypes(t, s, wantTypes12)
	for _, test := range s.Tests {
		if !test.SPARQL12() {
			t.Errorf("%s: not marked as a SPARQL 1.2 test", test.ID)
		}
	}
	if len(s.Missing) != 0 || len(s.Manifests) != 11 {
		t.Errorf("%d manifests read, %d absent (%v), want 11 and none", len(s.Manifests), len(s.Missing), s.Missing)
	}
	t.Logf("%d tests in %d manifests", len(s.Tests), len(s.Manifests))
}

// TestSpecVersionRead: mf:specVersion reaches Test.SpecVersion (the
// sparql12/version manifest is the suite's only user of it).
func TestSpecVersionRead(t *testing.T) {
	s := loadSuite(t, "sparql12/version/manifest.ttl")
	if len(s.Tests) != 9 {
		t.Fatalf("%d version tests, want 9", len(s.Tests))
	}
	for _, test := range s.Tests {
		if test.SpecVersion != "sparql-1.2" {
			t.Errorf("%s: SpecVersion %q", test.ID, test.SpecVersion)
		}
	}
	for _, c := range []struct {
		ty           string
		positive, ok bool
	}{{PositiveUpdate, true, true}, {PositiveUpdate11, true, true}, {NegativeUpdate, false, true},
		{NegativeUpdate11, false, true}, {PositiveSyntax, false, false}} {
		pos, ok := (&Test{Type: c.ty}).UpdateSyntax()
		if pos != c.positive || ok != c.ok {
			t.Errorf("%s: UpdateSyntax %v %v", c.ty, pos, ok)
		}
	}
}
