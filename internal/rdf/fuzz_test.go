package rdf

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzParse checks that loading never panics and never hangs, and that what
// loads survives a canonical N-Quads round trip. Our own code (the N-Quads
// reader, the Turtle rewrite) runs in-process; knakk/rdf only through
// LoadIsolated, since a panic in its lexer goroutine would kill the fuzzer
// itself. A crashed child fails the target: it is a knakk panic that our
// rewrite does not yet keep knakk away from.
//
//	go test -fuzz FuzzParse -fuzztime 60s ./internal/rdf
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/load/*.test")
	for _, file := range files {
		c := readLoadCase(f, file)
		f.Add([]byte(c.input), uint8(c.format))
	}
	f.Add([]byte(serdQuoteEscape), uint8(Turtle))
	f.Fuzz(func(t *testing.T, data []byte, fmtByte uint8) {
		format := Format(fmtByte%5) + Turtle
		switch format {
		case NTriples, NQuads:
			qs, err := Parse(bytes.NewReader(data), format, "", "fuzz")
			if err == nil {
				roundTrip(t, qs)
			}
		case Turtle, TriG:
			parseTTL(data, "http://ex.org/", "fuzz", format == TriG) // must not panic
			fallthrough
		default:
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			qs, err := LoadIsolated(ctx, data, format, "http://ex.org/", "fuzz", Limits{})
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("loader hung on %q", data)
			}
			if err != nil && strings.Contains(err.Error(), "crashed") {
				t.Fatalf("loader crashed on %q: %v", data, err)
			}
			if err == nil {
				roundTrip(t, qs)
			}
		}
	})
}

func roundTrip(t *testing.T, qs []Quad) {
	var b bytes.Buffer
	if err := WriteNQuads(&b, qs); err != nil {
		t.Fatal(err)
	}
	again, err := ParseNQuads(bytes.NewReader(b.Bytes()), "roundtrip")
	if err != nil {
		t.Fatalf("canonical output does not read back: %v\n%s", err, b.String())
	}
	if !IsomorphicQuads(qs, again) {
		t.Fatalf("round trip changed the data:\n%s", b.String())
	}
}

// FuzzParseTTL runs our Turtle and TriG reader in-process (it has no
// third-party code and must never panic): whatever it reads must survive
// the canonical N-Quads round trip, triple terms and directions included.
// The seed corpus is a selection of the W3C RDF 1.2 Turtle and TriG tests.
//
//	go test -run XXX -fuzz FuzzParseTTL -fuzztime 60s ./internal/rdf
func FuzzParseTTL(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, trig bool) {
		qs, err := parseTTL(data, "http://ex.org/", "fuzz", trig)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("not a *SyntaxError: %v", err)
			}
			return
		}
		roundTrip(t, relabel(qs, 1))
	})
}
