package regress

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadUpstream(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "upstream.tsv")
	text := "# comment\n" + upstreamHeader + "\n" +
		"abc\tjena\tknown\tapache/jena#4240\t2026-12-02\tsome-case\tGROUP_CONCAT over an empty group\n" +
		"def\trdflib\tnot-found\t-\t2026-12-02\tother-case\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	idx, err := ReadUpstream(path)
	if err != nil {
		t.Fatal(err)
	}
	byFP := &Case{ID: "renamed", Meta: map[string]string{"fingerprint": "abc"}}
	if u, ok := idx.Lookup("jena", byFP); !ok || u.Link() != "[apache/jena#4240](https://github.com/apache/jena/issues/4240)" {
		t.Errorf("lookup by fingerprint: %+v %v, link %q", u, ok, u.Link())
	}
	byID := &Case{ID: "other-case", Meta: map[string]string{"fingerprint": "changed"}}
	if u, ok := idx.Lookup("rdflib", byID); !ok || u.Status != "not-found" || u.Link() != "" {
		t.Errorf("lookup by case id: %+v %v", u, ok)
	}
	if _, ok := idx.Lookup("oxigraph", byFP); ok {
		t.Error("an engine without a record was found")
	}
	if _, err := ReadUpstream(filepath.Join(dir, "missing.tsv")); err != nil {
		t.Errorf("a missing file is an empty record: %v", err)
	}
}

func TestReadUpstreamErrors(t *testing.T) {
	for _, line := range []string{
		"abc\tjena\tmaybe\t-\t2026-12-02\tc",    // unknown status
		"abc\tjena\tknown\t-\t2026-12-02\tc",    // known without the issue
		"abc\tjena\tknown\tapache/jena#1\t2026", // too few columns
	} {
		path := filepath.Join(t.TempDir(), "u.tsv")
		if err := os.WriteFile(path, []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadUpstream(path); err == nil || !strings.Contains(err.Error(), "u.tsv:1:") {
			t.Errorf("%q: error %v, want one naming u.tsv:1", line, err)
		}
	}
}

func TestLinkForms(t *testing.T) {
	for ref, want := range map[string]string{
		"https://github.com/RDFLib/rdflib/issues/3382": "[RDFLib/rdflib#3382](https://github.com/RDFLib/rdflib/issues/3382)",
		"oxigraph/oxigraph#351":                        "[oxigraph/oxigraph#351](https://github.com/oxigraph/oxigraph/issues/351)",
		"-":                                            "",
	} {
		if got := (Upstream{Ref: ref}).Link(); got != want {
			t.Errorf("Link(%q) = %q, want %q", ref, got, want)
		}
	}
}

func TestOrphanSeed(t *testing.T) {
	have := map[string]bool{"avg-unbound": true, "jena-optional-nwd-order": true}
	for id, want := range map[string]bool{
		"avg-unbound-unbound-vs-bound":         false, // old naming, seed present
		"jena-optional-nwd-order-blank-vs-iri": false, // a class name inside the seed's own name
		"sweep-found-it-wrong-value":           true,
	} {
		if _, orphan := orphanSeed(&Case{ID: id, Meta: map[string]string{}}, have); orphan != want {
			t.Errorf("%s: orphan %v, want %v", id, orphan, want)
		}
	}
	listed := &Case{ID: "x", Meta: map[string]string{"seeds": "avg-unbound,gone"}}
	if id, orphan := orphanSeed(listed, have); !orphan || id != "gone" {
		t.Errorf("a case listing a missing seed: %q %v", id, orphan)
	}
}

func TestStripLeadingComments(t *testing.T) {
	if got := stripLeadingComments("# origin: x\n# more\nSELECT * {}\n# not leading\n"); got != "SELECT * {}\n# not leading\n" {
		t.Errorf("got %q", got)
	}
}

func TestCanonicalVars(t *testing.T) {
	a := canonicalVars("SELECT (EXISTS {} AS ?x1) WHERE {}", "")
	b := canonicalVars("SELECT (EXISTS {} AS ?x2) WHERE {}", "")
	if a != b || !strings.Contains(a, "?v1") {
		t.Errorf("renamed apart: %q and %q", a, b)
	}
	got := canonicalVars("SELECT ?b ?a WHERE { ?a <p> ?b . ?v1 <q> ?a }", "")
	if !strings.Contains(got, "?v1 ?v2") || !strings.Contains(got, "?v3") {
		t.Errorf("first-occurrence order: %q", got)
	}
	if bad := "SELECT ?a WHERE {"; canonicalVars(bad, "") != bad {
		t.Error("a query that does not parse must come back unchanged")
	}
}
