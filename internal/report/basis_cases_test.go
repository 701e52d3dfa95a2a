package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestBasisCases judges testdata/basis/*.txt with the real judge (the
// reference through the registry, its readings and errata as oracle diff
// has them) against the engine answers each case records ("== answer
// ENGINE", SPARQL results JSON, as the engines answered them), and writes
// every bug's title, status, basis and deciding sections to the golden
// testdata/golden/basis_cases.txt: which verdict rests on the text, an
// erratum or a contested question, and which construct names it.
func TestBasisCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/basis/*.txt")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	var out strings.Builder
	for _, f := range files {
		fmt.Fprintf(&out, "== %s\n", strings.TrimSuffix(filepath.Base(f), ".txt"))
		for _, b := range judgeCase(t, f) {
			fmt.Fprintf(&out, "%s\n  status: %s\n  basis: %s\n  spec:", b.Title, b.Status, basisLine(b.Basis))
			for _, l := range b.Spec {
				fmt.Fprintf(&out, " #%s", l.Anchor)
			}
			if b.Basis != nil && b.Basis.Sentence != "" {
				fmt.Fprintf(&out, "\n  quote: %s", truncate(b.Basis.Sentence, 160))
			}
			out.WriteString("\n")
		}
	}
	reportGolden(t, "basis_cases.txt", out.String())
}

func judgeCase(t *testing.T, path string) []Bug {
	t.Helper()
	sec, answers := caseSections(t, path)
	c := &oracle.Case{Name: filepath.Base(path), Query: sec["query"], Dataset: rdf.NewDataset()}
	if sec["data"] == "library" {
		f, err := os.Open(filepath.Join("..", "regress", "testdata", "seeds", "library.ttl"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		qs, err := rdf.Parse(f, rdf.Turtle, "", "library.ttl")
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			c.Dataset.Add(q)
		}
	}
	ref := registrytest.Reference(0)
	want, err := ref.Eval(context.Background(), c)
	if err != nil {
		t.Fatalf("%s: the judge: %v", path, err)
	}
	outs := []oracle.Outcome{{Engine: "reference", Version: "dev", Answer: want}}
	names := make([]string, 0, len(answers))
	for e := range answers {
		names = append(names, e)
	}
	sort.Strings(names)
	for _, e := range names {
		a, err := results.Read(strings.NewReader(answers[e]), "json")
		if err != nil {
			t.Fatalf("%s: %s's answer: %v", path, e, err)
		}
		outs = append(outs, oracle.Outcome{Engine: e, Version: "test", Answer: a})
	}
	r := triage.Triage(c, outs)
	return WithQuestions(r, Bugs(r), false)
}

// caseSections reads "== name [arg]" sections: "== data library" names
// the data, "== answer ENGINE" holds that engine's answer.
func caseSections(t *testing.T, path string) (map[string]string, map[string]string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sec, answers := map[string]string{}, map[string]string{}
	into, key := sec, ""
	for _, line := range strings.Split(string(src), "\n") {
		if h, ok := strings.CutPrefix(line, "== "); ok {
			name, arg, _ := strings.Cut(h, " ")
			into, key = sec, name
			if name == "answer" {
				into, key = answers, arg
			} else if arg != "" {
				sec[name] = arg
				into, key = nil, ""
			}
			continue
		}
		if into != nil && key != "" && !strings.HasPrefix(line, "#") {
			into[key] += line + "\n"
		}
	}
	return sec, answers
}
