package syntax

import (
	"os"
	"testing"
)

// FuzzParse: no input panics, and every query that parses prints to text
// that parses back to an equal tree, printing being a fixed point.
func FuzzParse(f *testing.F) {
	for _, p := range allQueries(f) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(`SELECT * WHERE { ?s ?p "\\u0041" }`)
	recoverPanics = false
	f.Fuzz(func(t *testing.T, src string) {
		opts := Options{Base: "http://example.org/base/", MaxDepth: 64, MaxLength: 1 << 16}
		if _, failure := roundTrip(Parse, src, opts); failure != "" {
			t.Fatalf("query:\n%s\n%s", src, failure)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	var srcs []string
	for _, p := range allQueries(b) {
		if bs, err := os.ReadFile(p); err == nil {
			srcs = append(srcs, string(bs))
		}
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, s := range srcs {
			Parse(s, Options{Base: "http://example.org/"})
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "queries/s")
}
