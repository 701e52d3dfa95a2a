package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

var updateExport = flag.Bool("update", false, "rewrite goldens")

// exportFixture files two reports in a sweep of a fresh store: a reduced
// one with a base IRI and an unreduced one from another engine.
func exportFixture(t *testing.T) (string, store.Sweep) {
	db := filepath.Join(t.TempDir(), "o.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := st.CreateSweep(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: 2, Profile: "default"}})
	if err != nil {
		t.Fatal(err)
	}
	sig := triage.Signature{Class: diff.ClassMissingRows, Wrong: []string{"jena"}, Right: []string{"engine", "reference"}}
	reduced := report.Bug{ID: "b1", Title: "MINUS: missing rows in jena", Engine: "jena", Class: diff.ClassMissingRows,
		Kind: triage.KindEngineBug, Status: "open", Signature: sig.String(), Feature: "MINUS",
		Reproducer: report.Reproducer{Query: "SELECT ?x WHERE { ?x <p> <o> MINUS {} }", Base: "http://example.org/base/",
			Data: "<http://example.org/base/s> <http://example.org/base/p> <http://example.org/base/o> .\n"},
		Reduction: &report.ReductionFigure{QuadsBefore: 9, QuadsAfter: 1, NodesBefore: 30, NodesAfter: 6}}
	sig.Wrong = []string{"rdflib"}
	raw := report.Bug{ID: "b2", Title: "wrong rows\nin rdflib", Engine: "rdflib", Class: diff.ClassMissingRows,
		Kind: triage.KindEngineBug, Status: "open", Signature: sig.String(), Reproducer: report.Reproducer{Query: "ASK {}\n"}}
	for i, b := range []report.Bug{reduced, raw, raw} {
		if _, _, err := st.FileReport(ctx, store.Filing{Record: filing.Record(b), SweepID: s.ID, Case: "gen/default/" + string(rune('0'+i))}); err != nil {
			t.Fatal(err)
		}
	}
	return db, s
}

// TestSweepReportsAndExport lists the fixture's reports (table, json,
// filters) and exports both as seeds, compared with goldens under
// testdata/export (-update rewrites them); the seeds parse as the
// regression recorder reads them.
func TestSweepReportsAndExport(t *testing.T) {
	db, s := exportFixture(t)
	code, out, errs := runSub(sweepMain, "reports", "--db", db, "--sweep", "1")
	if code != 0 {
		t.Fatalf("reports: exit %d %s", code, errs)
	}
	want := []string{"ID  SIGNATURE", "1   missing-rows: jena | engine,reference    MINUS    1            1      6",
		"2   missing-rows: rdflib | engine,reference  -        2            -      -"}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("reports table lacks %q:\n%s", w, out)
		}
	}
	_, out, _ = runSub(sweepMain, "reports", "--db", db, "--engine", "rdflib", "--format", "json")
	if !strings.Contains(out, `"occurrences": 2`) || strings.Contains(out, "jena") {
		t.Errorf("reports --engine rdflib --format json:\n%s", out)
	}
	dir := t.TempDir()
	for _, id := range []string{"1", "2"} {
		name := filepath.Join(dir, "seeds", "r"+id)
		if code, _, errs := runSub(sweepMain, "export", "--db", db, "--report", id, "--to", name); code != 0 {
			t.Fatalf("export %s: exit %d %s", id, code, errs)
		}
		for _, ext := range []string{".rq", ".nq"} {
			checkGolden(t, name+ext, filepath.Join("testdata", "export", "r"+id+ext), s.Created)
		}
		checkSeedParses(t, name)
	}
	if code, _, errs := runSub(sweepMain, "export", "--db", db, "--report", "1", "--to", filepath.Join(dir, "seeds", "r1")); code != 1 || !strings.Contains(errs, "not overwritten") {
		t.Errorf("export over an existing seed: exit %d %s", code, errs)
	}
}

// checkGolden compares a written file with its golden, where the golden
// spells the report's creation date DATE.
func checkGolden(t *testing.T, got, golden string, created time.Time) {
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte(created.UTC().Format("2006-01-02")), []byte("DATE"))
	if *updateExport {
		if err := os.WriteFile(golden, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("%s differs from %s:\n%s", got, golden, b)
	}
}

// checkSeedParses reads a seed the way internal/regress records one: the
// query text alone (no base option) and the .nq as N-Quads.
func checkSeedParses(t *testing.T, name string) {
	q, err := os.ReadFile(name + ".rq")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := algebra.Parse(string(q), ""); err != nil {
		t.Errorf("%s.rq: %v", name, err)
	}
	f, err := os.Open(name + ".nq")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := rdf.Parse(f, rdf.FormatFromName(name+".nq"), "", name+".nq"); err != nil {
		t.Errorf("%s.nq: %v", name, err)
	}
}

func TestSweepCancelCommand(t *testing.T) {
	db, _ := exportFixture(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"cancel", "--db", db, "1"}, 0, "cancelled"},
		{[]string{"cancel", "--db", db, "1"}, 1, "already final"},
		{[]string{"cancel", "--db", db, "7"}, 1, "not found"},
		{[]string{"cancel", "--db", db}, 2, "usage"},
		{[]string{"export", "--db", db, "--report", "9", "--to", "x"}, 1, "not found"},
		{[]string{"export", "--db", db, "--report", "1"}, 2, "usage"},
		{[]string{"reports", "--db", db, "--format", "xml"}, 2, "usage"},
	} {
		code, out, errs := runSub(sweepMain, c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q:\n%s%s", c.args, code, c.code, c.want, out, errs)
		}
	}
}
