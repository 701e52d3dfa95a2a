package report

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/results"
)

// updateWords are an update's (words): the store before the request and
// the stores after it, compared graph by graph.
var updateWords = words{
	foundBy: "differential testing of SPARQL 1.1 Update against the reference evaluator (the store after the request, compared graph by graph)",
	text:    "Request (update.ru)", data: "Store before the request (data.nq)", empty: "# (empty store)\n",
	save:      "Save the request as `update.ru` and the store as `data.nq`",
	basisLine: updateBasisLine, expected: expectedStore, answer: engineStore,
}

// updateBasisLine names the section of SPARQL 1.1 Update (or the grammar
// rule) the verdict rests on; the sentence is quoted after.
func updateBasisLine(bs *results.Basis) string {
	spec, sec := "SPARQL 1.1 Update", ""
	for _, s := range updateSentences {
		if s.Anchor == bs.Anchor {
			sec = s.Section
			if strings.HasPrefix(s.URL, SpecBase) {
				spec = "SPARQL 1.1 Query"
			}
		}
	}
	return fmt.Sprintf("%s: %s §%s (#%s)", bs.Kind, spec, sec, bs.Anchor)
}

// expectedStore is the judge's store after the request.
func expectedStore(b *strings.Builder, bug Bug, att *attachments) {
	var s StoreText
	if bug.ExpectedStore != nil {
		s = *bug.ExpectedStore
	}
	storeBlock(b, att, "Expected store after it (reference evaluator)", s)
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
func engineStore(b *strings.Builder, er EngineReport, att *attachments) {
	head := fmt.Sprintf("Actual (%s): %s", engineName(er.Engine, er.Version), er.Answer.Outcome)
	if er.Store == nil {
		att.block(b, esc(head), "", orEmpty(er.errorText(), "(no store and no error)"))
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
