package corpus

import (
	"strings"
	"sync"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
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

// TestRealisticBlocks: seeds of one block query one dataset (built once,
// the same copy, its shape picked by the data seed), each with the query
// of its own seed; the next block has other data; block 1 is one dataset
// per seed, as realistic.Dataset gives it; a negative block is refused.
func TestRealisticBlocks(t *testing.T) {
	p, err := LoadProfile(strings.NewReader(`{"name": "rb", "realistic": {"shape": "mix", "triples": 2000, "block": 4}}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := make([]*GenCase, 8)
	var wg sync.WaitGroup
	for i := range cases { // two blocks, every case at once: each block's data is built once
		wg.Add(1)
		go func() { defer wg.Done(); cases[i] = Generate(int64(i+4), p) }()
	}
	wg.Wait()
	queries := map[string]bool{}
	for i, c := range cases {
		same := cases[i/4*4]
		if c.Dataset() != same.Dataset() {
			t.Errorf("seed %d: not the dataset of seed %d, its block's first", c.Seed, same.Seed)
		}
		if i < 4 {
			queries[c.Query] = true
		}
	}
	if len(queries) < 2 {
		t.Errorf("the four queries of one block are one query: the query must come from the case's seed")
	}
	if cases[0].NQuads() == cases[4].NQuads() {
		t.Errorf("blocks 1 and 2 (seeds 4-7, 8-11) have the same data")
	}
	want, _, err := realistic.Dataset(realistic.Spec{Shape: realistic.Mixed, Triples: 2000, Seed: 1})
	if err != nil || nquads(want) != cases[0].NQuads() { // mix: data seed 1 picks the shape (bsbm)
		t.Errorf("seed 4's data is not data seed 1's (%v)", err)
	}
	own, err := LoadProfile(strings.NewReader(`{"name": "r1", "realistic": {"shape": "kg", "triples": 2000, "block": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	ds, _, err := realistic.Dataset(realistic.Spec{Shape: realistic.KG, Triples: 2000, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := Generate(7, own); got.NQuads() != nquads(ds) {
		t.Errorf("block 1: seed 7's data is not realistic.Dataset of seed 7")
	}
	if _, err := LoadProfile(strings.NewReader(`{"name": "r", "realistic": {"block": -2}}`)); err == nil || !strings.Contains(err.Error(), "block -2") {
		t.Errorf("negative block: %v", err)
	}
}

// TestRealisticDataSeed: blocks of ten by default, rounded down for
// negative seeds too, so a block never straddles zero.
func TestRealisticDataSeed(t *testing.T) {
	r := RealisticProfile().Realistic
	for seed, want := range map[int64]int64{0: 0, 9: 0, 10: 1, 199: 19, -1: -1, -10: -1, -11: -2} {
		if got := r.DataSeed(seed); got != want {
			t.Errorf("DataSeed(%d) = %d, want %d", seed, got, want)
		}
	}
	one := RealisticSpec{Block: 1}
	if one.DataSeed(-7) != -7 || one.DataSeed(12) != 12 {
		t.Errorf("block 1 is not the seed itself")
	}
}

// TestRealisticDataKept: the data of a block asked for again after two
// other blocks is built again, the same quads in another copy: no more
// than dataKept datasets are held.
func TestRealisticDataKept(t *testing.T) {
	p, err := LoadProfile(strings.NewReader(`{"name": "rk", "realistic": {"shape": "kg", "triples": 1000, "block": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	first := Generate(100, p)
	if Generate(100, p).Dataset() != first.Dataset() {
		t.Fatalf("the last block's data was built again")
	}
	Generate(101, p)
	Generate(102, p)
	again := Generate(100, p)
	if again.Dataset() == first.Dataset() || again.NQuads() != first.NQuads() {
		t.Errorf("after two other blocks: same copy %v, same quads %v (want a new copy of the same quads)",
			again.Dataset() == first.Dataset(), again.NQuads() == first.NQuads())
	}
}

func nquads(ds *rdf.Dataset) string {
	var b strings.Builder
	rdf.WriteNQuads(&b, ds.Quads())
	return b.String()
}
