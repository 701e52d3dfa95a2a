package corpus

import (
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestRealisticProfile: "realistic" is a profile by name (100k triples by
// default), a JSON profile sets shape and size, a bad one says what is
// wrong, and a case is the same for the same seed, its data built once.
func TestRealisticProfile(t *testing.T) {
	p, err := ProfileByName("realistic")
	if err != nil || p.Realistic == nil || p.Realistic.spec(1).Triples != DefaultRealisticTriples {
		t.Fatalf("realistic profile: %+v, %v", p, err)
	}
	if _, ok := Profiles["realistic"]; ok {
		t.Errorf("realistic is in Profiles: the nightly would rotate onto 100k-triple cases")
	}
	if _, err := LoadProfile(strings.NewReader(`{"name": "r", "realistic": {"shape": "nope"}}`)); err == nil || !strings.Contains(err.Error(), "unknown shape") {
		t.Errorf("bad shape: %v", err)
	}
	small, err := LoadProfile(strings.NewReader(`{"name": "r", "realistic": {"shape": "kg", "triples": 3000}}`))
	if err != nil {
		t.Fatal(err)
	}
	a, b := Generate(4, small), Generate(4, small)
	if a.Query != b.Query || a.NQuads() != b.NQuads() || a.Name() != "gen/r/4" {
		t.Errorf("not deterministic, or named %s", a.Name())
	}
	if a.Data != nil || a.Template == "" || a.Tree == nil {
		t.Errorf("data %d quads, template %q, tree %v", len(a.Data), a.Template, a.Tree != nil)
	}
	if n := len(a.Dataset().Quads()); n < 2000 || n > 4500 {
		t.Errorf("%d quads for 3000 triples", n)
	}
	if _, err := syntax.Parse(a.Query, syntax.Options{}); err != nil {
		t.Errorf("%s: %v", a.Template, err)
	}
}
