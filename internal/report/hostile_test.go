package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// hostile is a case whose query, data and engine message try to break out
// of the report: a line of backticks closing the fence early, headings,
// links, images, HTML and mentions.
func hostile() (*oracle.Case, []oracle.Outcome) {
	ds := rdf.NewDataset()
	evil := "````\n# Injected heading\n[click](https://evil.example/) @maintainer <script>alert(1)</script>"
	ds.Add(rdf.Quad{S: rdf.IRI("http://example.org/s"), P: rdf.IRI("http://example.org/p"), O: rdf.Literal(evil, rdf.XSDString)})
	q := "SELECT ?o WHERE { ?s ?p ?o }\n```\n# Injected heading\n[click](https://evil.example/) @maintainer <img src=x onerror=alert(1)>\n```\n"
	c := &oracle.Case{Name: "hostile `name`", Dataset: ds, Query: q}
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"o"}, Rows: []results.Solution{{"o": rdf.Literal(evil, rdf.XSDString)}}}
	msg := errors.New("boom\n## Injected\n<img src=x onerror=alert(1)> [x](javascript:alert(1)) @everyone `code`")
	return c, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: a},
		{Engine: "engine", Version: "dev", Answer: a},
		{Engine: "rdflib", Version: "7.6.0", Err: errors.Join(oracle.ErrQueryError, msg)},
		{Engine: "oxigraph", Version: "0.5.11 <b>@x</b>", Answer: &results.Answer{Kind: results.Bindings, Vars: []string{"o"}}},
	}
}

func TestHostileReports(t *testing.T) {
	c, outs := hostile()
	r := triage.Triage(c, outs)
	bugs := Bugs(r)
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	checkContained(t, md.String())
	for _, bad := range []string{"<script", "<img", "<b>"} {
		if strings.Contains(js.String(), bad) {
			t.Errorf("JSON holds raw %q", bad)
		}
	}
	reportGolden(t, "hostile.md", md.String())
	reportGolden(t, "hostile.json", js.String())
}

// checkContained walks the Markdown as CommonMark does for fences: outside
// code blocks no line is an injected heading, and no link, image, HTML tag
// or mention is left unescaped.
func checkContained(t *testing.T, md string) {
	t.Helper()
	fence := ""
	for i, line := range strings.Split(md, "\n") {
		trim := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trim, fence) && strings.Trim(trim, "`") == "" {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trim, "```") {
			fence = strings.TrimRight(trim[:len(trim)-len(strings.TrimLeft(trim, "`"))], " ")
			continue
		}
		for _, bad := range []string{"# Injected", "](", "<script", "<img", "<b>", " @maintainer", " @everyone", "https://evil"} {
			if strings.Contains(line, bad) {
				t.Errorf("line %d outside code holds %q: %s", i+1, bad, line)
			}
		}
	}
	if fence != "" {
		t.Error("a code block is never closed")
	}
}

func TestFenceFor(t *testing.T) {
	for text, want := range map[string]string{"": "```", "a `b` c": "```", "```": "````", "x\n`````\n": "``````"} {
		if got := fenceFor(text); got != want {
			t.Errorf("fenceFor(%q) = %q, want %q", text, got, want)
		}
	}
}
