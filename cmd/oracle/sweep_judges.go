package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sparql-oracle/oracle/internal/store"
)

// printJudges writes what decided a sweep's cases (store.JudgeSummary):
// the cases by judge, how many held store.LargeCase triples or more, and
// per engine the metamorphic relations checked, held and violated. A sweep
// whose every case the reference judged and that checked no relation
// prints nothing: that is every sweep of small generated cases.
func printJudges(w io.Writer, j store.JudgeSummary) {
	if len(j.Engines) == 0 && j.ByJudge[store.JudgeReference] == j.Cases {
		return
	}
	var by []string
	for _, name := range store.Judges {
		if n := j.ByJudge[name]; n > 0 {
			by = append(by, fmt.Sprintf("%s %d", name, n))
		}
	}
	fmt.Fprintf(w, "judged by: %s; %d case(s) of %d triples or more (largest %d); %d case(s) with a relation violated\n",
		strings.Join(by, ", "), j.Large, store.LargeCase, j.MaxTriples, j.Violated)
	for _, e := range j.Engines {
		fmt.Fprintf(w, "  %-16s relations checked %d: held %d, violated %d; skipped %d, errors %d\n",
			e.Engine, e.Checked, e.Held, e.Violated, e.Skipped, e.Errors)
	}
}
