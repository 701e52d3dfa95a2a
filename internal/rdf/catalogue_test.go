package rdf

import (
	"context"
	"errors"
	"strings"
	"testing"
)

const testCatalogue = `{
  "base": "http://ex.org/",
  "default": "<s> <p> <o> .",
  "named": {"http://ex.org/g1": "_:b <p> 1 .", "g2": ""},
  "sources": {"http://ex.org/s1": "_:b <p> 2 .", "http://ex.org/s2": "_:b <p> 2 ."}
}`

func mustCatalogue(t *testing.T, text string) *Catalogue {
	t.Helper()
	c, err := ParseCatalogue([]byte(text), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCatalogueNoClauses(t *testing.T) {
	c := mustCatalogue(t, testCatalogue)
	ds, err := c.Active(nil, nil)
	if err != nil || ds != c.Dataset {
		t.Fatalf("Active() = %v, %v; want c.Dataset", ds, err)
	}
	if ds.Default.Len() != 1 || !ds.Default.Has(Triple{IRI("http://ex.org/s"), IRI("http://ex.org/p"), IRI("http://ex.org/o")}) {
		t.Errorf("default graph: %v (want relative IRIs resolved against base)", ds.Default.Triples())
	}
	names := ds.Names()
	if len(names) != 2 || names[0] != IRI("http://ex.org/g1") || names[1] != IRI("http://ex.org/g2") {
		t.Errorf("named graphs %v; want g1 and the empty g2 (sources absent)", names)
	}
	if g := ds.Named(IRI("http://ex.org/g2"), false); g == nil || g.Len() != 0 {
		t.Errorf("empty named graph g2 must be registered")
	}
}

func TestCatalogueFrom(t *testing.T) {
	c := mustCatalogue(t, testCatalogue)
	ds, err := c.Active([]string{"http://ex.org/s1", "http://ex.org/s2", "http://ex.org/s1", "http://ex.org/g1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// s1 and s2 have the same text: their blank nodes stay apart (two
	// triples, not one); the repeated s1 adds nothing.
	if ds.Default.Len() != 3 || len(ds.Names()) != 0 {
		t.Errorf("FROM merge: %v, names %v; want 3 triples, no named graphs", ds.Default.Triples(), ds.Names())
	}
	ds, err = c.Active(nil, []string{"http://ex.org/s1", "http://ex.org/g1", "http://ex.org/s1"})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Default.Len() != 0 || len(ds.Names()) != 2 || ds.Named(IRI("http://ex.org/s1"), false).Len() != 1 {
		t.Errorf("FROM NAMED only: default %v, names %v", ds.Default.Triples(), ds.Names())
	}
}

func TestCatalogueErrors(t *testing.T) {
	c := mustCatalogue(t, testCatalogue)
	if _, err := c.Active([]string{"http://ex.org/missing"}, nil); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing source: err = %v", err)
	}
	both := mustCatalogue(t, `{"named": {"http://g": ""}, "sources": {"http://g": ""}}`)
	if _, err := both.Active(nil, nil); err != nil {
		t.Errorf("overlap without clauses is allowed: %v", err)
	}
	if _, err := both.Active([]string{"http://g"}, nil); err == nil {
		t.Error("overlapping named and sources with FROM: want error")
	}
	for _, bad := range []string{`[]`, `{"base": 1}`, `{"default": ["x"]}`, `{"named": {"http://g": 2}}`,
		`{"sources": "x"}`, `{"extra": ""}`, `{"base": "relative"}`, `{"default": "<s> <p> ."}`,
		`{"named": {"rel": ""}}`} {
		if _, err := ParseCatalogue([]byte(bad), Limits{}); err == nil {
			t.Errorf("ParseCatalogue(%s): want error", bad)
		}
	}
}

func TestCatalogueLimits(t *testing.T) {
	_, err := ParseCatalogue([]byte(testCatalogue), Limits{MaxQuads: 3})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("MaxQuads 3 over 4 quads: err = %v", err)
	}
	_, err = ParseCatalogue([]byte(testCatalogue), Limits{MaxBytes: 30})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("MaxBytes 30: err = %v", err)
	}
	if _, err = ParseCatalogue([]byte(testCatalogue), Limits{MaxQuads: 4, MaxBytes: 100}); err != nil {
		t.Errorf("within limits: %v", err)
	}
}

func TestCatalogueIsolated(t *testing.T) {
	c, err := ParseCatalogueWith([]byte(testCatalogue), Limits{}, IsolatedLoader(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := c.Active([]string{"http://ex.org/s1", "http://ex.org/s2"}, nil)
	if err != nil || ds.Default.Len() != 2 {
		t.Fatalf("isolated sources: %v, %v", ds, err)
	}
}
