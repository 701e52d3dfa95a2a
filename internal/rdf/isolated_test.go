package rdf

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	knakk "github.com/knakk/rdf"
)

// In a loader worker of this test binary, the environment switches on
// test behaviours per document: hang (the deadline), or decode with knakk
// itself first, without our rewrite (a real panic in its lexer goroutine).
func init() {
	workerDocHook = func(_ loadOpts, data []byte) {
		if os.Getenv(childSleepEnv) != "" {
			time.Sleep(time.Minute)
		}
		if os.Getenv(rawKnakkEnv) != "" {
			knakk.NewTripleDecoder(bytes.NewReader(data), knakk.Turtle).DecodeAll()
		}
	}
}

// bothPaths runs f against pooled workers and against one-shot workers
// (pool size 0, a worker per load).
func bothPaths(t *testing.T, f func(t *testing.T)) {
	for _, p := range []struct {
		name string
		size int
	}{{"pooled", 2}, {"one-shot", 0}} {
		t.Run(p.name, func(t *testing.T) {
			withPool(t, p.size)
			f(t)
		})
	}
}

// serdQuoteEscape is the input on which knakk's lexer goroutine panics.
const serdQuoteEscape = `<http://ex.org/s> <http://ex.org/p> """\t"\"""" .` + "\n"

// TestLoadIsolatedSurvivesKnakkPanic feeds serd's quote-escape case to knakk
// itself, without our rewrite, in a child: the child dies of the panic, the
// caller survives and gets an error saying so.
func TestLoadIsolatedSurvivesKnakkPanic(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		t.Setenv(rawKnakkEnv, "1")
		_, err := LoadIsolated(context.Background(), []byte(serdQuoteEscape), Turtle, "", "serd.ttl", Limits{})
		if err == nil || !strings.Contains(err.Error(), "serd.ttl: RDF loader crashed") ||
			!strings.Contains(err.Error(), "panic: runtime error: index out of range") {
			t.Fatalf("err = %v; want a crash report naming the document and the panic", err)
		}
	})
}

// TestQuoteEscapeInProcess: with our rewrite, the same input is valid
// Turtle, decoded in-process without touching knakk's faulty path.
func TestQuoteEscapeInProcess(t *testing.T) {
	qs, err := Parse(strings.NewReader(serdQuoteEscape), Turtle, "", "serd.ttl")
	if err != nil || len(qs) != 1 || qs[0].O != String("\t\"\"") {
		t.Fatalf("got %v, %v; want one triple with object \"\\t\\\"\\\"\"", qs, err)
	}
}

func TestLoadIsolatedDeadline(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		t.Setenv(childSleepEnv, "1")
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := LoadIsolated(ctx, []byte("@prefix x: <http://x/> . x:b x:c x:d ."), Turtle, "", "slow.ttl", Limits{})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v; want a deadline error", err)
		}
		if time.Since(start) > 10*time.Second {
			t.Errorf("took %v to stop", time.Since(start))
		}
	})
}

// TestLoadIsolatedOwnReader: N-Triples, N-Quads and Turtle that is
// N-Triples never reach knakk/rdf, so they are read without a child (the
// child here would sleep past the deadline).
func TestLoadIsolatedOwnReader(t *testing.T) {
	t.Setenv(childSleepEnv, "1")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	docs := []struct {
		text   string
		format Format
	}{
		{"<a:b> <a:c> _:x .\n", NTriples},
		{"<a:b> <a:c> _:x <a:g> .\n", NQuads},
		{"<a:b> <a:c> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n", Turtle},
	}
	for _, d := range docs {
		qs, err := LoadIsolated(ctx, []byte(d.text), d.format, "", "doc", Limits{})
		if err != nil || len(qs) != 1 {
			t.Errorf("%v %q: %v, %v; want one quad read in-process", d.format, d.text, qs, err)
		}
	}
	if _, err := LoadIsolated(ctx, []byte("<a:b> <a:c> ."), NTriples, "", "bad.nt", Limits{}); err == nil {
		t.Error("a bad N-Triples document must fail, not fall back to the child")
	}
}

func TestLoadIsolatedLimits(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		doc := []byte("<a:s> <a:p> 1, 2, 3 .")
		_, err := LoadIsolated(context.Background(), doc, Turtle, "", "big.ttl", Limits{MaxBytes: 10})
		if !errors.Is(err, ErrLimit) {
			t.Errorf("MaxBytes: err = %v; want ErrLimit", err)
		}
		_, err = LoadIsolated(context.Background(), doc, Turtle, "", "big.ttl", Limits{MaxQuads: 2})
		if !errors.Is(err, ErrLimit) {
			t.Errorf("MaxQuads: err = %v; want ErrLimit", err)
		}
		qs, err := LoadIsolated(context.Background(), doc, Turtle, "", "big.ttl", Limits{MaxQuads: 3, MaxBytes: 100})
		if err != nil || len(qs) != 3 {
			t.Errorf("within limits: %v, %v", qs, err)
		}
	})
}

func TestLoadIsolatedSyntaxError(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		_, err := LoadIsolated(context.Background(), []byte("<a:s> <a:p> .\n"), Turtle, "", "dir/bad:name.ttl", Limits{})
		var se *SyntaxError
		if !errors.As(err, &se) || se.File != "dir/bad:name.ttl" || se.Line != 1 {
			t.Fatalf("err = %#v; want a SyntaxError at dir/bad:name.ttl line 1", err)
		}
	})
}
