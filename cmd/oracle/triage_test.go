package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestTriageCommand marks the fixture's reports through the CLI: a refused
// change exits 2 naming the field, an unknown report 1; set, list,
// history and counts show the change and who made it.
func TestTriageCommand(t *testing.T) {
	db, _ := exportFixture(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage"},
		{[]string{"frob"}, 2, "unknown subcommand"},
		{[]string{"set", "--db", db, "1"}, 2, "status"},
		{[]string{"set", "--db", db, "1", "--status", "known-upstream"}, 2, "url"},
		{[]string{"set", "--db", db, "1", "--status", "wont-fix", "--version", "2"}, 2, "version"},
		{[]string{"set", "--db", db, "99", "--status", "wont-fix"}, 1, "not found"},
		{[]string{"set", "--db", db, "zz!", "--status", "wont-fix"}, 2, "bug id"},
		{[]string{"history", "--db", db}, 2, "usage"},
	} {
		code, _, errs := runSub(triageMain, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q; stderr:\n%s", c.args, code, c.code, c.want, errs)
		}
	}
	code, out, errs := runSub(triageMain, "set", "--db", db, "1", "--status", "known-upstream", "--url", "https://github.com/apache/jena/issues/3516", "--by", "alice")
	if code != 0 || !strings.Contains(out, "known-upstream (url https://github.com/apache/jena/issues/3516; by alice)") {
		t.Fatalf("set: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ = runSub(triageMain, "set", "--db", db, "b2", "--status", "intended-deviation", "--note", "by design", "--json"); code != 0 {
		t.Fatalf("set by bug id: exit %d\n%s", code, out)
	}
	var r store.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Status != store.StatusIntended || r.Engine != "rdflib" || r.Triage.By == "" {
		t.Errorf("set --json: %v %+v", err, r)
	}
	code, out, _ = runSub(triageMain, "list", "--db", db, "--status", "known-upstream")
	if code != 0 || strings.Count(out, "\n") != 2 || !strings.Contains(out, "jena") || !strings.Contains(out, "apache/jena/issues/3516") {
		t.Errorf("list: exit %d\n%s", code, out)
	}
	code, out, _ = runSub(triageMain, "history", "--db", db, "1")
	if code != 0 || !strings.Contains(out, "open  known-upstream  alice") {
		t.Errorf("history: exit %d\n%s", code, out)
	}
	code, out, _ = runSub(triageMain, "counts", "--db", db)
	if code != 0 || !strings.Contains(out, "2 findings in 2 root causes") || !strings.Contains(out, "intended-deviation 1") {
		t.Errorf("counts: exit %d\n%s", code, out)
	}
}

// TestNewUntriaged is the exit code of `oracle sweep start`: a sweep counts
// the untriaged findings the previous sweep of its corpus did not show;
// a sweep of another corpus in between changes nothing, and a finding
// triaged away never counts.
func TestNewUntriaged(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir()+"/o.db")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	gen := store.SweepSpec{Engines: []string{"reference", "engine", "jena", "rdflib"}, Generated: &store.GenSource{From: 0, To: 2}}
	bug := func(engine, query string) report.Bug {
		sig := triage.Signature{Class: diff.ClassMissingRows, Wrong: []string{engine}, Right: []string{"reference"}}
		return report.Bug{Engine: engine, Class: diff.ClassMissingRows, Kind: triage.KindEngineBug, Status: "open",
			Signature: sig.String(), Title: engine + " " + query, Reproducer: report.Reproducer{Query: query}}
	}
	sweep := func(spec store.SweepSpec, bugs ...report.Bug) store.Sweep {
		t.Helper()
		s, err := st.CreateSweep(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		rec := store.CaseRecord{SweepID: s.ID, Case: "gen/default/0", Diverged: len(bugs) > 0}
		for _, b := range bugs {
			r, _, err := st.FileReport(ctx, store.Filing{Record: filing.Record(b), SweepID: s.ID, Case: rec.Case})
			if err != nil {
				t.Fatal(err)
			}
			rec.Reports = append(rec.Reports, r.ID)
		}
		if err := st.RecordCase(ctx, rec); err == nil {
			err = st.FinishSweep(ctx, s.ID, store.SweepDone, "")
		}
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	count := func(s store.Sweep) int {
		t.Helper()
		var out bytes.Buffer
		fresh, err := newUntriaged(ctx, st, s, false, &out)
		if err != nil {
			t.Fatal(err)
		}
		return len(fresh)
	}
	first := sweep(gen, bug("jena", "q1"))
	if n := count(first); n != 1 {
		t.Errorf("first sweep of the corpus: %d new untriaged, want 1", n)
	}
	sweep(store.SweepSpec{Engines: []string{"reference", "engine"}, W3C: &store.W3CSource{}})
	second := sweep(gen, bug("jena", "q1"), bug("rdflib", "q2"))
	if n := count(second); n != 1 {
		t.Errorf("second sweep: %d new untriaged, want 1 (rdflib's; jena's was seen, the W3C sweep is another corpus)", n)
	}
	p, err := st.Reports(ctx, store.ReportFilter{Engine: "rdflib"})
	if err != nil || p.Total != 1 {
		t.Fatalf("rdflib's finding: %v %+v", err, p)
	}
	if _, err := st.SetStatus(ctx, p.Reports[0].ID, store.StatusChange{Status: store.StatusIntended}); err != nil {
		t.Fatal(err)
	}
	if n := count(second); n != 0 {
		t.Errorf("after triage: %d new untriaged, want 0", n)
	}
}
