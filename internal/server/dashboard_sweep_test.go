package server

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// realisticSpec sweeps small realistic knowledge graphs (internal/realistic,
// shape kg) with every engine's metamorphic relations on, as a profile
// file given to `oracle sweep start --profile` travels in a spec; liar's
// findings are reduced within a small budget (a relation's violation by
// reduce.Large, which keeps the realistic query and sizes beside it).
func realisticSpec(t *testing.T, from, to int64) store.SweepSpec {
	t.Helper()
	content := []byte(`{"name": "kg-tiny", "realistic": {"shape": "kg", "triples": 1200}, "relations": true}`)
	name := corpus.InlineName("kg-tiny.json", content)
	if _, err := corpus.RegisterInline(name, content); err != nil {
		t.Fatal(err)
	}
	return store.SweepSpec{Name: "realistic kg", Engines: []string{"reference", "engine", "liar"}, DeadlineMS: 10_000, ReduceCalls: 40, ReduceSeconds: 10,
		Generated: &store.GenSource{From: from, To: to, Profile: name, ProfileJSON: content}}
}

// runRealisticSweep runs realisticSpec through the real sweep runner on
// the judge, the fast engine and liar (dropping the last row of every
// answer, so it violates the relations that compare row counts), to the
// end.
func runRealisticSweep(t *testing.T, st *store.DB, from, to int64) store.Sweep {
	t.Helper()
	start := time.Now()
	sw := runSpec(t, st, realisticSpec(t, from, to), 3*time.Minute, func(name string) (oracle.Engine, error) {
		if name == "liar" {
			return liar{registry.Engine(engine.Options{})}, nil
		}
		return registry.New(name)
	})
	t.Logf("realistic sweep #%d, seeds %d-%d: %v", sw.ID, from, to-1, time.Since(start))
	return sw
}

// TestSweepCasesAPI: a realistic sweep's cases and summary through the
// API: every case has its size, its judge and one check per engine and
// relation; liar violates relations, the fast engine none; the filters
// select what they name; bad parameters are 400s saying which.
func TestSweepCasesAPI(t *testing.T) {
	st := openDB(t)
	sw := runRealisticSweep(t, st, 0, 3)
	_, ts := newTest(t, Config{Store: st})
	var st1 sweepStatus
	get(t, fmt.Sprintf("%s/v1/sweeps/%d", ts.URL, sw.ID), &st1)
	sum := st1.Judges
	if sum.Cases != 3 || sum.MaxTriples < 500 || sum.Large != 0 {
		t.Errorf("summary %+v: want 3 cases of about 1000 triples, none large", sum)
	}
	var all store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases", ts.URL, sw.ID), &all)
	if all.Total != 3 || len(all.Cases) != 3 {
		t.Fatalf("cases: %+v", all)
	}
	for _, c := range all.Cases {
		if c.DataTriples < 500 || c.JudgedBy == "" || len(c.Relations) == 0 {
			t.Errorf("case %s: %d triples, judged by %q, %d relation checks", c.Case, c.DataTriples, c.JudgedBy, len(c.Relations))
		}
	}
	for _, e := range sum.Engines {
		if e.Engine == "engine" && e.Violated != 0 {
			t.Errorf("the fast engine violates %d relations", e.Violated)
		}
		if e.Engine == "liar" && e.Violated == 0 {
			t.Errorf("liar violates no relation: %+v", e)
		}
	}
	var liars store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases?engine=liar&violated=true", ts.URL, sw.ID), &liars)
	if liars.Total != sum.Violated {
		t.Errorf("%d cases where liar violates a relation, the summary counts %d", liars.Total, sum.Violated)
	}
	judge := all.Cases[0].JudgedBy
	var same store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases?judged_by=%s", ts.URL, sw.ID, strings.ReplaceAll(judge, " ", "+")), &same)
	if same.Total != sum.ByJudge[judge] {
		t.Errorf("judged_by=%s: %d cases, the summary counts %d", judge, same.Total, sum.ByJudge[judge])
	}
	for _, bad := range []struct{ query, field string }{{"judged_by=oracle", "judged_by"}, {"violated=perhaps", "violated"},
		{"limit=0", "limit"}, {"colour=red", "colour"}} {
		r := do(t, "GET", fmt.Sprintf("%s/v1/sweeps/%d/cases?%s", ts.URL, sw.ID, bad.query), "", nil)
		var e APIError
		r.json(t, &e)
		if r.Status != http.StatusBadRequest || e.Field != bad.field {
			t.Errorf("?%s: %d, field %q; want 400 naming %s", bad.query, r.Status, e.Field, bad.field)
		}
	}
	if r := do(t, "GET", ts.URL+"/v1/sweeps/999/cases", "", nil); r.Status != http.StatusNotFound {
		t.Errorf("the cases of no sweep: %d, want 404", r.Status)
	}
	checkSweepHTML(t, ts.URL, st, sw)
}

// checkSweepHTML reads the sweep's page and its relation finding's page
// without a browser: a row per case, and the finding names its relation
// and shows the check's queries.
func checkSweepHTML(t *testing.T, base string, st store.Store, sw store.Sweep) {
	t.Helper()
	page := htmlPage(t, fmt.Sprintf("%s/sweeps/%d", base, sw.ID))
	if n := strings.Count(page, `class="case-row"`); n != 3 {
		t.Errorf("the sweep page lists %d cases, want 3", n)
	}
	rep := relationFinding(t, st, sw)
	page = htmlPage(t, fmt.Sprintf("%s/reports/%d", base, rep.ID))
	if !strings.Contains(page, `id="basis-relation"`) || strings.Count(page, `class="relation-query"`) < 2 {
		t.Errorf("liar's relation finding %d: no relation basis or fewer than two queries", rep.ID)
	}
}

// relationFinding is a finding of liar's in the sweep that a relation
// decided (its write-up's basis is the relation).
func relationFinding(t *testing.T, st store.Store, sw store.Sweep) store.Report {
	t.Helper()
	rs, err := st.Reports(context.Background(), store.ReportFilter{SweepID: sw.ID, Engine: "liar", Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs.Reports {
		if relationOf(filing.Bug(r)) != nil {
			return r
		}
	}
	t.Fatalf("no finding of liar in sweep %d rests on a relation (of %d)", sw.ID, len(rs.Reports))
	return store.Report{}
}

// htmlPage reads a dashboard page that must render.
func htmlPage(t *testing.T, url string) string {
	t.Helper()
	r := do(t, "GET", url, "", nil)
	if r.Status != http.StatusOK || strings.Contains(string(r.Body), "template error") {
		t.Fatalf("GET %s: %d %.400s", url, r.Status, r.Body)
	}
	return string(r.Body)
}

// get reads a 200 JSON answer into v.
func get(t *testing.T, url string, v any) {
	t.Helper()
	r := do(t, "GET", url, "", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %d %.300s", url, r.Status, r.Body)
	}
	r.json(t, v)
}

// openDB opens a real SQLite store in the test's temporary folder, as
// the sweep runner takes it.
func openDB(t *testing.T) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
