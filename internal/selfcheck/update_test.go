package selfcheck

import (
	"context"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// TestUpdateEquivalence: the fast engine's store after every generated
// update request is one the judge permits (ORACLE_CASES / -cases, a tenth
// of them: update cases apply up to three operations each).
func TestUpdateEquivalence(t *testing.T) {
	ref, eng := engines(t)
	p, err := corpus.ProfileByName(*profileFlag)
	if err != nil {
		t.Fatal(err)
	}
	n := max(numCases(t)/10, 200)
	var out strings.Builder
	s := RunUpdates(context.Background(), Config{Cases: n, Seed: *seedFlag, Profile: p,
		Judge: ref, Actual: eng, Out: &out})
	t.Logf("%s (%s)", s.Line(), s.Detail())
	if s.Invalid > 0 {
		t.Errorf("%d generated requests were rejected by the reference", s.Invalid)
	}
	if s.Disagreements > 0 {
		t.Errorf("%d disagreements\n%s", s.Disagreements, firstN(out.String(), 20000))
	}
	if s.Agreements < n*9/10 {
		t.Errorf("only %d of %d cases agreed (%s)", s.Agreements, n, s.Detail())
	}
}
