package corpus

import (
	"os"
	"testing"
)

// The entry points of the W3C query suite and what the reader must find
// there in the pinned snapshot (PROVENANCE.txt).
var w3cRoots = []string{
	"sparql10/manifest-syntax.ttl", "sparql10/manifest-evaluation.ttl",
	"sparql11/manifest-sparql11-query.ttl", "sparql11/json-res/manifest.ttl",
	"sparql11/csv-tsv-res/manifest.ttl", "sparql11/manifest-all.ttl",
}

// manifest-all.ttl reaches the update, protocol, graph-store-protocol and
// service-description folders too (added to the snapshot with the Update
// suite, PROVENANCE.txt): their types are counted like the query tests'.
var wantTypes = map[string]int{
	PositiveSyntax: 149, PositiveSyntax11: 66, NegativeSyntax: 50, NegativeSyntax11: 48,
	QueryEvaluation: 592, CSVResultFormat: 3,
	UpdateEvaluation: 94, PositiveUpdate11: 42, NegativeUpdate11: 13,
	"ProtocolTest": 34, "GraphStoreProtocolTest": 13, "ServiceDescriptionTest": 3,
}

// noFiles are the test types whose actions are HTTP exchanges written in the
// manifest, not files.
var noFiles = map[string]bool{"ProtocolTest": true, "GraphStoreProtocolTest": true, "ServiceDescriptionTest": true}

// TestW3CManifests reads every query manifest of the suite, checks the
// counts per type, and checks that every file a test names exists.
func TestW3CManifests(t *testing.T) {
	s := loadSuite(t, w3cRoots...)
	checkTypes(t, s, wantTypes)
	// Every manifest manifest-all.ttl names is in the snapshot now.
	if len(s.Missing) != 0 {
		t.Errorf("%d absent manifests, want none: %v", len(s.Missing), s.Missing)
	}
	t.Logf("%d tests in %d manifests; %d absent manifests tolerated", len(s.Tests), len(s.Manifests), len(s.Missing))
}

// checkTypes checks the number of tests of each type against want, and
// that every file a test names exists (checkFiles).
func checkTypes(t *testing.T, s *Suite, want map[string]int) {
	t.Helper()
	got := map[string]int{}
	for _, test := range s.Tests {
		got[test.Type]++
		checkFiles(t, test)
	}
	for ty, n := range want {
		if got[ty] != n {
			t.Errorf("%s: %d tests, want %d", ty, got[ty], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("test types %v, want only %v", got, want)
	}
}

func checkFiles(t *testing.T, test *Test) {
	t.Helper()
	files := test.Files()
	if len(files) == 0 && !noFiles[test.Type] {
		t.Errorf("%s (%s): names no file", test.ID, test.Type)
	}
	for _, f := range files {
		p, ok := FilePath(f)
		if !ok {
			t.Errorf("%s: <%s> is not a file IRI", test.ID, f)
			continue
		}
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", test.ID, err)
		}
	}
}

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
