package corpus

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestLoadFixture(t *testing.T) {
	s, err := Load(filepath.Join("testdata", "manifest", "manifest.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	root := FileIRI(filepath.Join("testdata", "manifest")) + "/"
	var ids []string
	for _, x := range s.Tests {
		ids = append(ids, x.ID)
	}
	want := []string{
		"http://example.org/tests#eval", "http://example.org/tests#syntax",
		"http://example.org/tests#withdrawn", root + "manifest.ttl#blank%20entry",
		"http://example.org/sub#s1",
	}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("ids\n got %q\nwant %q", ids, want)
	}
	if len(s.Manifests) != 2 {
		t.Errorf("manifests read: %q", s.Manifests)
	}
	wantMissing := []Missing{{IRI: root + "absent/manifest.ttl", IncludedBy: root + "manifest.ttl"}}
	if !reflect.DeepEqual(s.Missing, wantMissing) {
		t.Errorf("missing %+v, want %+v", s.Missing, wantMissing)
	}
	checkEval(t, s.Tests[0], root)
	checkSyntax(t, s.Tests[1], s.Tests[2], root)
}

func checkEval(t *testing.T, e *Test, root string) {
	t.Helper()
	want := &Test{
		ID: "http://example.org/tests#eval", Type: QueryEvaluation, Name: "eval",
		Comment: "two data files, two named graphs", Manifest: root + "manifest.ttl",
		Query: root + "q.rq", Data: []string{root + "d1.ttl", root + "d2.ttl"},
		GraphData: []GraphData{
			{File: root + "g1.ttl", Name: root + "g1.ttl"},
			{File: root + "g2.ttl", Name: "http://example.org/g2"},
		},
		ServiceData: []ServiceData{{Endpoint: "http://example.org/sparql", Data: []string{root + "s.ttl"}}},
		Entailment:  []string{ENT + "RDFS", ENT + "D"},
		Result:      root + "r.srx", Requires: []string{MF + "StringSimpleLiteralCmp"},
		Lax: true, Approval: "Approved",
	}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("eval test\n got %+v\nwant %+v", *e, *want)
	}
	if _, ok := e.Syntax(); ok || e.Withdrawn() {
		t.Errorf("eval test classified as syntax or withdrawn")
	}
}

func checkSyntax(t *testing.T, neg, withdrawn *Test, root string) {
	t.Helper()
	if pos, ok := neg.Syntax(); !ok || pos || neg.Query != root+"sub/bad.rq" {
		t.Errorf("negative syntax test read as %+v", *neg)
	}
	if !withdrawn.Withdrawn() {
		t.Errorf("dawgt:Withdrawn not recognised: %+v", *withdrawn)
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load(filepath.Join("testdata", "nonexistent.ttl")); err == nil {
		t.Error("absent root manifest: want an error")
	}
}

func TestFileIRI(t *testing.T) {
	iri := FileIRI("/a b/c.ttl")
	if iri != "file:///a%20b/c.ttl" {
		t.Errorf("FileIRI = %q", iri)
	}
	if p, ok := FilePath(iri); !ok || p != filepath.FromSlash("/a b/c.ttl") {
		t.Errorf("FilePath(%q) = %q, %v", iri, p, ok)
	}
	if _, ok := FilePath("http://example.org/x"); ok {
		t.Error("FilePath accepted an http IRI")
	}
}
