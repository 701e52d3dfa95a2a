package rootcause_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/rootcause"
)

// TestCorpusKeys: every root cause recorded in corpus/regress is the one
// Of computes from the facts recorded beside it (class, trigger, symptom):
// a change of the key that moves a recorded finding to another root cause
// fails here until the corpus is re-recorded (internal/regress, -record).
// Each is also in the index the binary carries (roots.tsv, RecordedOf),
// naming a case of the corpus.
func TestCorpusKeys(t *testing.T) {
	cases, err := regress.LoadDir(filepath.Join("..", "..", "corpus", "regress"))
	require.NoError(t, err)
	ups, err := regress.LoadUpdateDir(filepath.Join("..", "..", "corpus", "regress"))
	require.NoError(t, err)
	all := append(slices.Clone(cases), ups...)
	n := 0
	for _, c := range cases {
		for _, e := range c.Expect {
			if e.RootCause == "" || len(e.Classes) == 0 {
				continue
			}
			var trig []string
			if e.Trigger != "" {
				trig = strings.Split(e.Trigger, ", ")
			}
			rc := rootcause.Of(rootcause.Finding{Engine: e.Engine, Class: diff.Class(e.Classes[0]), Trigger: trig,
				Ablated: true, Symptom: e.Symptom, Query: c.Query})
			n++
			if rc.Recorded == nil || !slices.ContainsFunc(all, func(x *regress.Case) bool { return x.ID == rc.Recorded.Case }) {
				t.Errorf("%s %s: root cause %s has no record naming a corpus case (%+v): regenerate roots.tsv",
					c.ID, e.Engine, rc.ID, rc.Recorded)
			}
			if rc.ID != e.RootCause {
				t.Errorf("%s %s: recorded root cause %s, the key gives %s (%s | %s | %s)", c.ID, e.Engine, e.RootCause, rc.ID,
					e.Classes[0], e.Trigger, e.Symptom)
			}
		}
	}
	require.NotZero(t, n)
	require.NoError(t, rootcause.RecordedErr())
}
