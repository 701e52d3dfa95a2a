package filing

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

var ctx = context.Background()

// open is a real SQLite store in the test's folder.
func open(t *testing.T) store.Store {
	t.Helper()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "oracle.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// twoWrong is one divergence with jena and rasqal wrong and the judge's
// side agreeing, as pipeline.Run writes it: one tracker report per wrong
// engine, each with its root cause.
func twoWrong() report.Bug {
	sig := triage.Signature{Class: diff.ClassMissingRows, Wrong: []string{"rasqal", "jena"}, Right: []string{"engine", "reference"}}
	b := report.Bug{ID: "b1", Title: "[spec question] OPTIONAL drops a row", Engine: "rasqal", Version: "rasqal-1.0",
		Class: diff.ClassMissingRows, Kind: triage.KindEngineBug, Status: "open", Signature: sig.String(), Feature: "OPTIONAL",
		Reproducer: report.Reproducer{Query: "SELECT * { ?s ?p ?o }", Data: "<http://e/s> <http://e/p> <http://e/o> .\n"}}
	for _, e := range []string{"rasqal", "jena"} {
		ref := report.EngineRef{Engine: e, Version: e + "-1.0"}
		rc := rootcause.Of(rootcause.Finding{Engine: e, Class: b.Class, Trigger: []string{"OPTIONAL"}, Ablated: true, Symptom: "a row missing"})
		b.Actual = append(b.Actual, report.EngineAnswer{EngineRef: ref, Outcome: triage.Wrong})
		b.Reports = append(b.Reports, report.EngineReport{EngineRef: ref, Title: "OPTIONAL drops a row", Effect: "drops a row in " + e,
			Feature: "OPTIONAL", RootCause: rc})
	}
	b.RootCause = &b.Reports[0].RootCause
	return b
}

// TestRecord: one witness per wrong engine, sorted, each the write-up as
// filed against its engine, with its root cause.
func TestRecord(t *testing.T) {
	b := twoWrong()
	r := Record(b)
	require.Equal(t, "b1", r.ID)
	require.Equal(t, "rasqal", r.Engine)
	require.Equal(t, store.Reproducer{Query: b.Reproducer.Query, Data: b.Reproducer.Data}, r.Reproducer)
	require.Len(t, r.Witnesses, 2)
	for i, e := range []string{"jena", "rasqal"} {
		w := r.Witnesses[i]
		require.Equal(t, e, w.Engine)
		require.Equal(t, e+"-1.0", w.Version)
		require.Equal(t, "[spec question] OPTIONAL drops a row ("+e+")", w.Title, "the status prefix stays, the engine is named")
		require.Equal(t, b.Reports[1-i].RootCause, w.RootCause)
	}
	old := report.Bug{Engine: "rdflib", Signature: "not a signature", Reproducer: b.Reproducer}
	require.Equal(t, []string{"rdflib"}, engines(Record(old)), "a signature that does not read: the bug's own engine")
	require.Empty(t, Record(old).Witnesses[0].RootCause.ID, "a bug written before root causes")
}

func engines(r store.Record) []string {
	var out []string
	for _, w := range r.Witnesses {
		out = append(out, w.Engine)
	}
	return out
}

// TestFiledAndReadBack: through a real store, each finding keeps its
// engine's write-up (its answer first, its tracker report alone), and
// reads back with the finding's current status.
func TestFiledAndReadBack(t *testing.T) {
	st := open(t)
	rasqal, created, err := st.FileReport(ctx, store.Filing{Record: Record(twoWrong()), Case: "c1"})
	require.NoError(t, err)
	require.True(t, created)
	require.Equal(t, "rasqal", rasqal.Engine, "the bug's own engine's finding is returned")
	p, err := st.Reports(ctx, store.ReportFilter{Engine: "jena"})
	require.NoError(t, err)
	require.Equal(t, 1, p.Total)
	jena := Bug(p.Reports[0])
	require.Equal(t, "jena", jena.Engine)
	require.Equal(t, "jena-1.0", jena.Version)
	require.Equal(t, "jena", jena.Actual[0].Engine, "the finding's engine answers first")
	require.Len(t, jena.Actual, 2, "the other wrong engine stays as an annotation")
	require.Len(t, jena.Reports, 1, "the finding keeps its engine's tracker report only")
	require.Equal(t, "drops a row in jena", jena.Effect)
	require.Equal(t, jena.Reports[0].RootCause.ID, p.Reports[0].RootCause)

	got, err := st.SetStatus(ctx, rasqal.ID, store.StatusChange{Status: store.StatusWontFix, By: "alice"})
	require.NoError(t, err)
	require.Equal(t, store.StatusWontFix, Bug(got).Status)
	byID, err := st.ReportByBugID(ctx, "b1")
	require.NoError(t, err)
	require.Equal(t, "b1", Bug(byID).ID)
}

// TestBugUnreadable: a write-up whose members do not read as a report
// shows the finding's own columns and says why.
func TestBugUnreadable(t *testing.T) {
	b := Bug(store.Report{Engine: "jena", Class: "order", Status: "open", Title: "t", Bug: []byte(`{"actual": 3}`)})
	require.Equal(t, "jena", b.Engine)
	require.Equal(t, diff.Class("order"), b.Class)
	require.Contains(t, b.Title, "stored report unreadable")
}
