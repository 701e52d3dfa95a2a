package results

import (
	"bufio"
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// readSet reads testdata/<name>: one W3C path (relative to sparql/) a line,
// then a reason; '#' starts a comment.
func readSet(t *testing.T, name string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, reason, _ := strings.Cut(line, " ")
		out[path] = strings.TrimSpace(reason)
	}
	return out
}

// resultFiles lists the suite's files with the given extensions, relative
// to the sparql directory, sorted.
func resultFiles(t *testing.T, dir string, exts ...string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(path, e) {
				rel, _ := filepath.Rel(dir, path)
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// TestW3CResultFiles reads every results document of the suite; every one
// must read, except those testdata/w3c-malformed.txt lists, which must fail.
// Each answer must survive a JSON, XML and TSV round trip, and CSV must
// give CSVView of it.
func TestW3CResultFiles(t *testing.T) {
	dir := suiteDir(t)
	malformed := readSet(t, "w3c-malformed.txt")
	counts := map[Format]int{}
	for _, rel := range resultFiles(t, dir, ".srj", ".srx", ".csv", ".tsv") {
		t.Run(rel, func(t *testing.T) {
			f, _ := FormatFromName(rel)
			a, err := readFile(filepath.Join(dir, rel), f)
			if reason, bad := malformed[rel]; bad {
				if err == nil {
					t.Fatalf("listed as malformed (%s) but reads", reason)
				}
				t.Logf("malformed as expected: %v", err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			counts[f]++
			checkRoundTrips(t, a)
		})
	}
	t.Logf("read %d srj, %d srx, %d csv, %d tsv (%d listed malformed)",
		counts[JSON], counts[XML], counts[CSV], counts[TSV], len(malformed))
}

func readFile(path string, f Format) (*Answer, error) { return readAnswerFile(path, f, fileIRI(path)) }

// readAnswerFile reads the answer in the file at path, in format f; base
// resolves the relative IRIs of a graph (Turtle, RDF/XML).
func readAnswerFile(path string, f Format, base string) (*Answer, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if f == Turtle || f == RDFXML {
		return ReadRDF(file, f, base)
	}
	return Read(file, string(f))
}

func fileIRI(path string) string {
	abs, _ := filepath.Abs(path)
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

func checkRoundTrips(t *testing.T, a *Answer) {
	t.Helper()
	for _, f := range []Format{JSON, XML, TSV} {
		if f == XML && checkXMLChars(a) != nil {
			continue // XML 1.0 cannot carry the answer; WriteXML says so
		}
		if diff := roundTrip(a, codecs[f].write, codecs[f].read); diff != "" {
			t.Errorf("%s: %s", f, diff)
		}
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, a); err != nil {
		t.Fatalf("csv write: %v", err)
	}
	back, err := ReadCSV(&buf)
	if err != nil {
		t.Fatalf("csv read back: %v", err)
	}
	if want := CSVView(a); !sameAnswer(want, back) {
		t.Errorf("csv: ReadCSV(WriteCSV(a)) != CSVView(a)\nwant:\n%s\ngot:\n%s", dump(want), dump(back))
	}
}

var manifestResult = regexp.MustCompile(`mf:result\s+<([^>]+\.(?:ttl|rdf))>`)

// TestW3CRDFResults reads every .ttl and .rdf file a manifest names as an
// mf:result: result sets become Bindings or Boolean answers, the rest Graph
// answers; tabular ones must round-trip like the other formats.
func TestW3CRDFResults(t *testing.T) {
	dir := suiteDir(t)
	known := readSet(t, "w3c-rdf-loader-known.txt")
	kinds := map[Kind]int{}
	for _, m := range resultFiles(t, dir, "manifest.ttl") {
		body, err := os.ReadFile(filepath.Join(dir, m))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, match := range manifestResult.FindAllStringSubmatch(string(body), -1) {
			rel := filepath.ToSlash(filepath.Join(filepath.Dir(m), match[1]))
			if seen[rel] {
				continue
			}
			seen[rel] = true
			kinds[checkRDFResult(t, dir, rel, known[rel])]++
		}
	}
	t.Logf("rdf results: %d bindings, %d boolean, %d graph, %d skipped (known loader failures)",
		kinds[Bindings], kinds[Boolean], kinds[Graph], kinds[0])
	if kinds[Bindings] < 100 || kinds[Graph] == 0 {
		t.Errorf("expected both result sets and graphs, got %v", kinds)
	}
}

func checkRDFResult(t *testing.T, dir, rel, knownFailure string) Kind {
	var kind Kind
	t.Run(rel, func(t *testing.T) {
		f, _ := FormatFromName(rel)
		path := filepath.Join(dir, rel)
		a, err := readFile(path, f)
		switch {
		case err != nil && knownFailure != "":
			t.Skipf("known loader failure (%s): %v", knownFailure, err)
		case err != nil:
			t.Fatal(err)
		case knownFailure != "":
			t.Logf("listed in w3c-rdf-loader-known.txt but now reads: delete its line")
		}
		kind = a.Kind
		raw, _ := os.ReadFile(path)
		isRS := bytes.Contains(raw, []byte("result-set#"))
		if isRS != (a.Kind != Graph) {
			t.Errorf("mentions result-set vocabulary: %t, but read as %s", isRS, a.Kind)
		}
		if a.Kind != Graph {
			checkRoundTrips(t, a)
		}
	})
	return kind
}

// TestW3CCSVMatchesTSV checks the suite's CSV expectations against the TSV
// ones through CSVView, blank nodes mapped. (csvtsv03 differs in the
// lexical form 1.0E6 / 1.0e6, so it is not compared.)
func TestW3CCSVMatchesTSV(t *testing.T) {
	dir := suiteDir(t)
	for _, name := range []string{"csvtsv01", "csvtsv02"} {
		base := filepath.Join(dir, "sparql11", "csv-tsv-res", name)
		tsv, err := readFile(base+".tsv", TSV)
		if err != nil {
			t.Fatal(err)
		}
		csv, err := readFile(base+".csv", CSV)
		if err != nil {
			t.Fatal(err)
		}
		if !sameUpToBlanks(CSVView(tsv), csv) {
			t.Errorf("%s: CSV and TSV differ\ncsv:\n%s\ntsv view:\n%s", name, dump(csv), dump(CSVView(tsv)))
		}
	}
}

// sameUpToBlanks compares row by row under one blank-node bijection.
func sameUpToBlanks(a, b *Answer) bool {
	if a.Kind != b.Kind || len(a.Rows) != len(b.Rows) || strings.Join(a.Vars, " ") != strings.Join(b.Vars, " ") {
		return false
	}
	fwd, back := map[string]string{}, map[string]string{}
	for i := range a.Rows {
		if len(a.Rows[i]) != len(b.Rows[i]) {
			return false
		}
		for v, x := range a.Rows[i] {
			if !sameTerm(x, b.Rows[i][v], fwd, back) {
				return false
			}
		}
	}
	return true
}

func sameTerm(x, y rdf.Term, fwd, back map[string]string) bool {
	if !x.IsBlank() || !y.IsBlank() {
		return x == y
	}
	if m, ok := fwd[x.Value]; ok {
		return m == y.Value
	}
	if _, ok := back[y.Value]; ok {
		return false
	}
	fwd[x.Value], back[y.Value] = y.Value, x.Value
	return true
}
