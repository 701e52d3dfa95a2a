package rdf

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// loadCase is one testdata/load/*.test bundle: "key: value" header lines
// (format, base), then "-- input --", then "-- want --" (N-Quads, compared
// up to blank-node renaming) or "-- error --" (a prefix of the error text).
type loadCase struct {
	format     Format
	base       string
	input      string
	want, errs string
	hasWant    bool
}

func readLoadCase(t testing.TB, path string) loadCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := strings.Cut(string(data), "-- input --\n")
	if !ok {
		t.Fatalf("%s: no -- input -- section", path)
	}
	var c loadCase
	for _, line := range strings.Split(head, "\n") {
		k, v, _ := strings.Cut(line, ": ")
		switch k {
		case "format":
			if c.format, err = ParseFormat(v); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		case "base":
			c.base = v
		}
	}
	if in, want, ok := strings.Cut(rest, "\n-- want --\n"); ok {
		c.input, c.want, c.hasWant = in, want, true
	} else if in, e, ok := strings.Cut(rest, "\n-- error --\n"); ok {
		c.input, c.errs = in, strings.TrimSpace(e)
	} else {
		t.Fatalf("%s: no -- want -- or -- error -- section", path)
	}
	return c
}

var formatExt = map[Format]string{Turtle: ".ttl", NTriples: ".nt", NQuads: ".nq", RDFXML: ".rdf", TriG: ".trig"}

// TestLoadCases runs every bundle in-process and through LoadIsolated: the
// two paths must agree.
func TestLoadCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/load/*.test")
	if len(files) == 0 {
		t.Fatal("no testdata/load/*.test")
	}
	for _, f := range files {
		c := readLoadCase(t, f)
		name := strings.TrimSuffix(filepath.Base(f), ".test") + formatExt[c.format]
		t.Run(name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(c.input), c.format, c.base, name)
			checkLoadCase(t, c, got, err)
			got, err = LoadIsolated(context.Background(), []byte(c.input), c.format, c.base, name, Limits{})
			checkLoadCase(t, c, got, err)
		})
	}
}

func checkLoadCase(t *testing.T, c loadCase, got []Quad, err error) {
	t.Helper()
	if !c.hasWant {
		var se *SyntaxError
		if err == nil || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), c.errs) {
			t.Errorf("error = %v; want a *SyntaxError starting %q", err, c.errs)
		}
		return
	}
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	want, err := ParseNQuads(strings.NewReader(c.want), "want")
	if err != nil {
		t.Fatal(err)
	}
	if !IsomorphicQuads(got, want) {
		var b bytes.Buffer
		WriteNQuads(&b, got)
		t.Errorf("got\n%swant\n%s", b.String(), c.want)
	}
}

func TestBlankNodesScopedPerDocument(t *testing.T) {
	doc := "_:a <http://ex.org/p> <http://ex.org/o> ."
	a, err := Parse(strings.NewReader(doc), Turtle, "", "a.ttl")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Parse(strings.NewReader(doc), Turtle, "", "b.ttl")
	if a[0].S == b[0].S {
		t.Errorf("two documents share blank node %v", a[0].S)
	}
}

func TestFormatFromName(t *testing.T) {
	for name, want := range map[string]Format{"a.ttl": Turtle, "x/b.nt": NTriples, "c.NQ": NQuads,
		"d.rdf": RDFXML, "e.owl": RDFXML, "f.json": FormatUnknown, "g": FormatUnknown} {
		if got := FormatFromName(name); got != want {
			t.Errorf("FormatFromName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestRunLoadUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := RunLoad([]string{"-format", "json"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("bad format: exit %d, want 2", code)
	}
	code := RunLoad([]string{"-name", "x.nt"}, strings.NewReader("<http://a> <http://b> \"c\"@EN .\n"), &out, &errb)
	if code != 0 || out.String() != "<http://a> <http://b> \"c\"@en .\n" {
		t.Errorf("exit %d, out %q, err %q", code, out.String(), errb.String())
	}
}

// TestFailedDecodeLeaksNoGoroutine: knakk's lexer goroutine blocks on its
// channel after a parse error; drain lets it finish.
func TestFailedDecodeLeaksNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		if _, err := Parse(strings.NewReader("<a:s> <a:p> .\n<a:s> <a:p> <a:o> .\n"), Turtle, "", "bad.ttl"); err == nil {
			t.Fatal("want error")
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after 20 failed parses, %d before", n, before)
	}
}
