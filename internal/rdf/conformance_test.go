package rdf

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The W3C RDF 1.1 syntax suites, read in place. Each manifest is loaded with
// our own Turtle loader; a test is any subject with an mf:action.
const (
	mfNS     = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#"
	rdftNS   = "http://www.w3.org/ns/rdftest#"
	suiteURL = "https://w3c.github.io/rdf-tests/rdf/rdf11/"
)

var suites = []string{"rdf-turtle", "rdf-n-triples", "rdf-n-quads", "rdf-xml", "rdf-trig"}

type w3cTest struct {
	name, kind     string
	action, result string // local paths
	base           string // the action's IRI
}

func loadManifest(t *testing.T, dir, suite string) []w3cTest {
	path := filepath.Join(dir, suite, "manifest.ttl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Parse(bytes.NewReader(data), Turtle, suiteURL+suite+"/manifest.ttl", path)
	if err != nil {
		t.Fatalf("manifest: %v", err)
	}
	props := map[Term]map[string]Term{}
	for _, q := range qs {
		if props[q.S] == nil {
			props[q.S] = map[string]Term{}
		}
		props[q.S][q.P.Value] = q.O
	}
	local := func(iri string) string {
		return filepath.Join(dir, suite, filepath.FromSlash(strings.TrimPrefix(iri, suiteURL+suite+"/")))
	}
	var tests []w3cTest
	for _, p := range props {
		act, ok := p[mfNS+"action"]
		if !ok {
			continue
		}
		tc := w3cTest{name: p[mfNS+"name"].Value, kind: strings.TrimPrefix(p[RDFNS+"type"].Value, rdftNS),
			action: local(act.Value), base: act.Value}
		if r, ok := p[mfNS+"result"]; ok {
			tc.result = local(r.Value)
		}
		tests = append(tests, tc)
	}
	sort.Slice(tests, func(i, j int) bool { return tests[i].name < tests[j].name })
	return tests
}

// readSkips reads testdata/w3c-skip.txt: "suite/test-name reason...".
func readSkips(t *testing.T) map[string]string {
	data, err := os.ReadFile("testdata/w3c-skip.txt")
	if err != nil {
		t.Fatal(err)
	}
	skips := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		skips[name] = strings.TrimSpace(reason)
	}
	return skips
}

func TestW3CSyntaxSuites(t *testing.T) {
	dir := filepath.Join(w3cDir(t), "rdf", "rdf11")
	skips := readSkips(t)
	for _, suite := range suites {
		tests := loadManifest(t, dir, suite)
		pass, skipped := 0, 0
		for _, tc := range tests {
			id := suite + "/" + tc.name
			msg := runW3C(tc)
			reason, skip := skips[id]
			switch {
			case skip && msg == "":
				t.Errorf("%s: unexpected pass of a skipped test (%s): remove it from testdata/w3c-skip.txt", id, reason)
			case skip:
				skipped++
			case msg != "":
				t.Errorf("%s: %s", id, msg)
			default:
				pass++
			}
		}
		t.Logf("%s: %d passed, %d skipped (known failures), %d tests", suite, pass, skipped, len(tests))
	}
}

// runW3C runs one test; "" means it passed.
func runW3C(tc w3cTest) string {
	data, err := os.ReadFile(tc.action)
	if err != nil {
		return err.Error()
	}
	format := FormatFromName(tc.action)
	got, err := loadForTest(data, format, tc.base, filepath.Base(tc.action))
	switch {
	case err != nil && strings.Contains(err.Error(), "RDF loader crashed"):
		return "loader crashed: " + err.Error()
	case strings.Contains(tc.kind, "Negative"):
		if err == nil {
			return "negative test accepted"
		}
		return ""
	case err != nil:
		return "rejected: " + firstLine(err.Error())
	case !strings.HasSuffix(tc.kind, "Eval"):
		return ""
	}
	want, err := os.ReadFile(tc.result)
	if err != nil {
		return err.Error()
	}
	wq, err := ParseNQuads(bytes.NewReader(want), tc.result)
	if err != nil {
		return "bad expected result: " + err.Error()
	}
	if !IsomorphicQuads(got, wq) {
		var gb bytes.Buffer
		WriteNQuads(&gb, got)
		return "wrong triples:\n" + gb.String()
	}
	return ""
}

// loadForTest parses Turtle and RDF/XML (knakk/rdf, which may crash) in a
// child process, and the line formats (our own reader) in-process.
func loadForTest(data []byte, format Format, base, name string) ([]Quad, error) {
	if format == Turtle || format == RDFXML {
		return LoadIsolated(context.Background(), data, format, base, name, Limits{})
	}
	return Parse(bytes.NewReader(data), format, base, name)
}
