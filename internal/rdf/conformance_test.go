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
	mfNS    = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#"
	rdftNS  = "http://www.w3.org/ns/rdftest#"
	testURL = "https://w3c.github.io/rdf-tests/rdf/"
)

// suites are the manifests run, as paths under rdf-tests/rdf. A test's id
// in w3c-skip.txt is its suite's label, '/', its mf:name: the RDF 1.1
// suites are labelled by their folder ("rdf-turtle"), the RDF 1.2 ones by
// their path ("rdf12/rdf-turtle/syntax"). The RDF 1.2 manifests include
// the RDF 1.1 ones by mf:include, which loadManifest does not follow: each
// test runs once.
var suites = []string{
	"rdf11/rdf-turtle", "rdf11/rdf-n-triples", "rdf11/rdf-n-quads", "rdf11/rdf-xml", "rdf11/rdf-trig",
	"rdf12/rdf-n-triples/syntax", "rdf12/rdf-n-triples/c14n",
	"rdf12/rdf-n-quads/syntax", "rdf12/rdf-n-quads/c14n",
	"rdf12/rdf-turtle/syntax", "rdf12/rdf-turtle/eval",
	"rdf12/rdf-trig/syntax", "rdf12/rdf-trig/eval",
}

func suiteLabel(suite string) string {
	if rest, ok := strings.CutPrefix(suite, "rdf11/"); ok {
		return rest
	}
	return suite
}

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
	suiteURL := testURL + suite + "/"
	qs, err := Parse(bytes.NewReader(data), Turtle, suiteURL+"manifest.ttl", path)
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
		return filepath.Join(dir, suite, filepath.FromSlash(strings.TrimPrefix(iri, suiteURL)))
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
	dir := filepath.Join(w3cDir(t), "rdf")
	skips := readSkips(t)
	for _, suite := range suites {
		tests := loadManifest(t, dir, suite)
		pass, skipped := 0, 0
		for _, tc := range tests {
			id := suiteLabel(suite) + "/" + tc.name
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
	if strings.HasSuffix(tc.kind, "C14N") {
		return runC14N(tc, data)
	}
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

// runC14N reads an N-Triples or N-Quads document and writes it in
// canonical form (RDF 1.2 N-Triples #canonical-ntriples): the text must
// be the expected file's. Blank-node labels are kept as written here
// (ParseNQuads), as canonical N-Triples keeps them.
func runC14N(tc w3cTest, data []byte) string {
	qs, err := ParseNQuads(bytes.NewReader(data), filepath.Base(tc.action))
	if err != nil {
		return "rejected: " + firstLine(err.Error())
	}
	want, err := os.ReadFile(tc.result)
	if err != nil {
		return err.Error()
	}
	// Canonical form is per statement; WriteNQuads also sorts them, which
	// the expected files (in document order) do not: compare sorted lines.
	var got bytes.Buffer
	WriteNQuads(&got, qs)
	if got.String() != sortedLines(string(want)) {
		return "canonical form differs:\n got " + got.String() + "want " + string(want)
	}
	return ""
}

func sortedLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "")
}

// loadForTest parses Turtle and RDF/XML (knakk/rdf, which may crash) in a
// child process, and the line formats (our own reader) in-process.
func loadForTest(data []byte, format Format, base, name string) ([]Quad, error) {
	if format == Turtle || format == TriG || format == RDFXML {
		return LoadIsolated(context.Background(), data, format, base, name, Limits{})
	}
	return Parse(bytes.NewReader(data), format, base, name)
}
