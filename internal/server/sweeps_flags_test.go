package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/sparql-oracle/oracle/internal/store"
)

// TestSweepStatusSaysWhatWasNotJudged: GET /v1/sweeps/{id} counts the
// cases not judged for every engine and the divergences flagged instead of
// filed, and lists them (docs/architecture.md, "Nothing unjudged is
// correct").
func TestSweepStatusSaysWhatWasNotJudged(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	_, ts := newTest(t, Config{Store: db})
	sw, err := db.CreateSweep(ctx, store.SweepSpec{Engines: []string{"reference", "engine", "jena"}, Regress: true})
	if err != nil {
		t.Fatal(err)
	}
	flag := store.Flag{Engine: "jena", Class: "wrong-value", Reason: "jena is not wrong in wrong-value against the judge alone on the original case (correct)"}
	for _, rec := range []store.CaseRecord{
		{SweepID: sw.ID, Case: "regress/a", Unjudged: "not every engine could be judged: jena (timeout)"},
		{SweepID: sw.ID, Case: "regress/b", Diverged: true, Flagged: []store.Flag{flag}},
		{SweepID: sw.ID, Case: "regress/c"},
	} {
		if err := db.RecordCase(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	r := do(t, "GET", fmt.Sprintf("%s/v1/sweeps/%d", ts.URL, sw.ID), "", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET: %d %s", r.Status, r.Body)
	}
	var st sweepStatus
	r.json(t, &st)
	if st.Done != 3 || st.Unjudged != 1 || st.Flagged != 1 || st.Diverged != 1 {
		t.Errorf("progress %+v, want 3 done, 1 unjudged, 1 flagged, 1 diverged", st.Sweep)
	}
	if len(st.Cases) != 2 || st.Cases[0].Unjudged == "" || len(st.Cases[1].Flagged) != 1 || st.Cases[1].Flagged[0] != flag {
		t.Errorf("cases %+v, want regress/a unjudged and regress/b's flag", st.Cases)
	}
}
