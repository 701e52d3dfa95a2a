package rdf

import (
	"os"
	"strings"
	"testing"
)

// TestResolveRFC3986 runs every example of RFC 3986 §5.4.1 and §5.4.2
// (testdata/rfc3986-examples.txt) against the base of §5.4.
func TestResolveRFC3986(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	data, err := os.ReadFile("testdata/rfc3986-examples.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "%% ") {
			continue
		}
		ref, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("rfc3986-examples.txt:%d: no tab", i+1)
		}
		got, err := Resolve(base, ref)
		if err != nil || got != want {
			t.Errorf("rfc3986-examples.txt:%d: Resolve(%q) = %q, %v; want %q", i+1, ref, got, err, want)
		}
		n++
	}
	if n != 42 {
		t.Errorf("ran %d examples, want 42 (23 normal + 19 abnormal)", n)
	}
}

func TestResolveNoBase(t *testing.T) {
	if _, err := Resolve("", "a/b"); err == nil {
		t.Error("relative reference with no base: want error")
	}
	if _, err := Resolve("rel/base", "a"); err == nil {
		t.Error("relative base: want error")
	}
	if got, err := Resolve("", "urn:x:y"); err != nil || got != "urn:x:y" {
		t.Errorf("absolute ref with no base = %q, %v", got, err)
	}
	if got, _ := Resolve("http://a", "b"); got != "http://a/b" {
		t.Errorf("empty base path: got %q, want http://a/b (§5.2.3)", got)
	}
}

func TestIsAbsoluteIRI(t *testing.T) {
	for s, want := range map[string]bool{"http://x": true, "urn:a": true, "a+b.c-d:": true,
		"/x": false, "x": false, "1a:b": false, ":a": false, "": false, "a/b:c": false} {
		if IsAbsoluteIRI(s) != want {
			t.Errorf("IsAbsoluteIRI(%q) != %v", s, want)
		}
	}
}
