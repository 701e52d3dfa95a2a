package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/results"
)

// WriteUpdateMarkdown writes update bugs as Markdown, one self-contained
// report per wrong engine (for its tracker), separated by a rule: the
// request and the store before it, the basis, the store the spec gives
// against the engine's as a per-graph quad diff, one line per other
// engine, and the engine-only reproducer.
func WriteUpdateMarkdown(w io.Writer, bugs []UpdateBug) error {
	var parts []func(*strings.Builder)
	for _, bug := range bugs {
		for _, er := range bug.Reports {
			parts = append(parts, func(b *strings.Builder) { updateMarkdown(b, bug, er) })
		}
	}
	return writeParts(w, parts)
}

func updateMarkdown(b *strings.Builder, bug UpdateBug, er UpdateEngineReport) {
	fmt.Fprintf(b, "## %s\n\n", esc(er.Title))
	fmt.Fprintf(b, "- **Engine:** %s\n", esc(engineName(er.Engine, er.Version)))
	fmt.Fprintf(b, "- **Found by:** %s, differential testing of SPARQL 1.1 Update against the reference evaluator (the store after the request, compared graph by graph)\n", esc(bug.Oracle.String()))
	fmt.Fprintf(b, "- **Class:** `%s` · **Status:** %s\n", inlineCode(string(bug.Class)), esc(bug.Status))
	updateBasisMarkdown(b, bug.Basis)
	minimality(b, bug.Reduction)
	basisQuote(b, bug.Basis)
	fence(b, "Request (update.ru)", "sparql", bug.Request)
	if bug.Base != "" {
		fmt.Fprintf(b, "\nBase IRI: `%s`\n", inlineCode(bug.Base))
	}
	fence(b, "Store before the request (data.nq)", "", orEmpty(bug.Data, "# (empty store)\n"))
	var att attachments
	storeBlock(b, &att, "Expected store after it (reference evaluator)", bug.Expected)
	engineStore(b, &att, er)
	others(b, er.Others)
	rootCauseSection(b, er.RootCause, er.Members, er.Recheck)
	updateReproduce(b, er)
	att.write(b)
}

// updateBasisMarkdown names the section of SPARQL 1.1 Update (or the
// grammar rule) the verdict rests on; the sentence is quoted after.
func updateBasisMarkdown(b *strings.Builder, bs *results.Basis) {
	if bs == nil {
		return
	}
	spec, sec := "SPARQL 1.1 Update", ""
	for _, s := range updateSentences {
		if s.Anchor == bs.Anchor {
			sec = s.Section
			if strings.HasPrefix(s.URL, SpecBase) {
				spec = "SPARQL 1.1 Query"
			}
		}
	}
	fmt.Fprintf(b, "- **Basis:** %s", esc(fmt.Sprintf("%s: %s §%s (#%s)", bs.Kind, spec, sec, bs.Anchor)))
	if bs.URL != "" {
		fmt.Fprintf(b, " <%s>", urlText(bs.URL))
	}
	b.WriteString("\n")
}

func orEmpty(s, empty string) string {
	if strings.TrimSpace(s) == "" {
		return empty
	}
	return s
}

// storeBlock shows a store after the request, its terms written the one
// way (terms.go; the JSON keeps its N-Quads); a long one is attached.
func storeBlock(b *strings.Builder, att *attachments, heading string, s StoreText) {
	att.block(b, esc(heading), "", orEmpty(shortTerms(s.NQuads), "# (no quads)\n"))
	if len(s.EmptyGraphs) > 0 {
		fmt.Fprintf(b, "\nEmpty named graphs: %s\n", esc(strings.Join(s.EmptyGraphs, ", ")))
	}
	if s.Failed != "" {
		fmt.Fprintf(b, "\nThe request failed: %s\n", esc(s.Failed))
	}
}

// engineStore is the engine's store (or its error) and the per-graph diff.
func engineStore(b *strings.Builder, att *attachments, er UpdateEngineReport) {
	head := fmt.Sprintf("Actual (%s): %s", engineName(er.Engine, er.Version), er.Outcome)
	if er.Store == nil {
		att.block(b, esc(head), "", orEmpty(er.Error, "(no store and no error)"))
		return
	}
	storeBlock(b, att, head, *er.Store)
	if len(er.Graphs) == 0 {
		return
	}
	b.WriteString("\nPer-graph quad diff (- expected only, + actual only; blank nodes by label, the verdict matches them by one bijection across the store):\n\n")
	var lines []string
	for _, g := range er.Graphs {
		head := "# graph " + g.Graph
		if g.Existence != "" {
			head += ": " + g.Existence
		}
		lines = append(lines, head)
		for _, m := range g.Missing {
			lines = append(lines, "- "+shortTerms(m))
		}
		for _, x := range g.Extra {
			lines = append(lines, "+ "+shortTerms(x))
		}
	}
	fence(b, "", "diff", strings.Join(lines, "\n"))
}

// updateReproduce writes the commands showing the divergence with this
// engine alone, in a folder holding update.ru and data.nq.
func updateReproduce(b *strings.Builder, er UpdateEngineReport) {
	if er.Command == "" {
		return
	}
	b.WriteString("\n### Reproduce\n\nSave the request as `update.ru` and the store as `data.nq`, then run, in that folder:\n\n")
	fence(b, "", "sh", er.Command)
	if slices.Contains(er.Classes, diff.ClassGraphExistence) {
		b.WriteString("\nN-Quads cannot hold an empty named graph: which graphs exist after the request shows in the engine's own listing of its graphs, not in the N-Quads printed.\n")
	}
}
