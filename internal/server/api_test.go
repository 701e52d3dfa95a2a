package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

const (
	twoRows  = `{"default": "<http://ex/a> <http://ex/p> 1 . <http://ex/b> <http://ex/p> 2 ."}`
	selectSP = `SELECT ?s ?o { ?s <http://ex/p> ?o }`
)

func TestDiffJSONAllCorrect(t *testing.T) {
	_, ts := newTest(t, Config{})
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json",
		[]byte(`{"query": "`+selectSP+`", "dataset": `+twoRows+`, "engines": ["engine"]}`))
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var rep report.JSONReport
	r.json(t, &rep)
	if rep.Kind != triage.KindAllCorrect || rep.Judge != "reference" || len(rep.Bugs) != 0 {
		t.Errorf("kind %s judge %q bugs %d, want all-correct judged by reference with no bug", rep.Kind, rep.Judge, len(rep.Bugs))
	}
	if len(rep.Verdicts) != 1 || rep.Verdicts[0].Engine != "engine" || rep.Verdicts[0].Outcome != triage.Correct {
		t.Errorf("verdicts %+v, want engine correct only (liar not requested)", rep.Verdicts)
	}
	if !strings.Contains(r.Header.Get("Server-Timing"), "run;dur=") {
		t.Errorf("Server-Timing %q lacks run;dur", r.Header.Get("Server-Timing"))
	}
}

func TestDiffSPARQLBodyAndForm(t *testing.T) {
	_, ts := newTest(t, Config{})
	q := url.Values{"dataset": {twoRows}, "engines": {"liar"}}
	r := do(t, "POST", ts.URL+"/v1/diff?"+q.Encode(), "application/sparql-query", []byte(selectSP))
	var rep report.JSONReport
	r.json(t, &rep)
	if r.Status != 200 || rep.Kind != triage.KindEngineBug || len(rep.Bugs) != 1 || rep.Bugs[0].Engine != "liar" {
		t.Fatalf("status %d kind %s bugs %d: want an engine bug in liar", r.Status, rep.Kind, len(rep.Bugs))
	}
	if rep.Bugs[0].Class != diff.ClassMissingRows {
		t.Errorf("class %s, want %s", rep.Bugs[0].Class, diff.ClassMissingRows)
	}
	form := url.Values{"query": {selectSP}, "dataset": {twoRows}, "engines": {"engine"}}
	// A form is what any site's page can post: without the Authorization
	// header or the dashboard's csrf field it is refused (origin.go).
	if r = do(t, "POST", ts.URL+"/v1/diff", "application/x-www-form-urlencoded", []byte(form.Encode())); r.Status != http.StatusForbidden {
		t.Errorf("form without a token: status %d, want 403: %s", r.Status, r.Body)
	}
	r = do(t, "POST", ts.URL+"/v1/diff", "application/x-www-form-urlencoded", []byte(form.Encode()), "Authorization", "Bearer any")
	r.json(t, &rep)
	if r.Status != 200 || rep.Kind != triage.KindAllCorrect {
		t.Errorf("form: status %d kind %s, want 200 all-correct", r.Status, rep.Kind)
	}
}

// TestDiffFilesAndServesReports: a divergence posted is filed once
// (dedup), listed with filters, and served as JSON and Markdown.
func TestDiffFilesAndServesReports(t *testing.T) {
	_, ts := newTest(t, Config{FileReports: true})
	body := `{"query": "` + selectSP + `", "dataset": ` + twoRows + `, "engines": ["liar"], "name": "t1"}`
	for range 2 {
		if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(body)); r.Status != 200 || r.Header.Get("X-Oracle-Reports") == "" {
			t.Fatalf("status %d reports %q", r.Status, r.Header.Get("X-Oracle-Reports"))
		}
	}
	var page store.ReportPage
	do(t, "GET", ts.URL+"/v1/reports?engine=liar&class=missing-rows&status=open", "", nil).json(t, &page)
	if page.Total != 1 || len(page.Reports) != 1 || page.Reports[0].Count != 2 {
		t.Fatalf("reports %+v, want one report seen twice", page)
	}
	id := page.Reports[0].ID
	do(t, "GET", ts.URL+"/v1/reports?engine=engine", "", nil).json(t, &page)
	if page.Total != 0 {
		t.Errorf("engine=engine matched %d reports, want 0", page.Total)
	}
	var rep store.Report
	do(t, "GET", fmt.Sprintf("%s/v1/reports/%d", ts.URL, id), "", nil).json(t, &rep)
	if filing.Bug(rep).Engine != "liar" || filing.Bug(rep).Reproducer.Query != selectSP {
		t.Errorf("report %d: engine %q query %q", id, filing.Bug(rep).Engine, filing.Bug(rep).Reproducer.Query)
	}
	md := do(t, "GET", fmt.Sprintf("%s/v1/reports/%s", ts.URL, filing.Bug(rep).ID), "", nil, "Accept", "text/markdown")
	// The Markdown is the finding's own engine report, for that engine's
	// tracker: its title names the effect, not the list of engines.
	if len(filing.Bug(rep).Reports) != 1 {
		t.Fatalf("report %d holds %d engine reports, want liar's alone", id, len(filing.Bug(rep).Reports))
	}
	title := filing.Bug(rep).Reports[0].Title
	if !strings.HasPrefix(md.Header.Get("Content-Type"), "text/markdown") || !strings.Contains(string(md.Body), title) {
		t.Errorf("markdown by bug id lacks the engine report's title %q: %s %.200s", title, md.Header.Get("Content-Type"), md.Body)
	}
}

func TestDiffReduce(t *testing.T) {
	_, ts := newTest(t, Config{})
	body := `{"query": "SELECT ?s { ?s <http://ex/p> ?o FILTER(?o > 0) }", "dataset": ` + twoRows + `, "engines": ["liar"]}`
	var rep report.JSONReport
	r := do(t, "POST", ts.URL+"/v1/diff?reduce=true", "application/json", []byte(body))
	r.json(t, &rep)
	if r.Status != 200 || len(rep.Bugs) != 1 || rep.Bugs[0].Reduction == nil {
		t.Fatalf("status %d bugs %+v: want one reduced bug", r.Status, rep.Bugs)
	}
	if red := rep.Bugs[0].Reduction; red.QuadsBefore != 2 || red.QuadsAfter > 1 || red.Calls == 0 {
		t.Errorf("reduction %+v, want 2 quads shrunk to at most 1", red)
	}
}

func TestSweepsEndpoints(t *testing.T) {
	_, ts := newTest(t, Config{})
	r := postJSON(t, ts.URL+"/v1/sweeps", map[string]any{"name": "nightly", "engines": []string{"reference", "engine"},
		"generated": map[string]any{"from": 0, "to": 10}})
	if r.Status != http.StatusAccepted || !strings.HasPrefix(r.Header.Get("Location"), "/v1/sweeps/") {
		t.Fatalf("POST /v1/sweeps: %d %s", r.Status, r.Body)
	}
	var st sweepStatus
	do(t, "GET", ts.URL+r.Header.Get("Location"), "", nil).json(t, &st)
	if st.Spec.Name != "nightly" || st.State != store.SweepPending {
		t.Errorf("sweep %+v, want the pending nightly sweep", st)
	}
	var list struct{ Sweeps []store.Sweep }
	do(t, "GET", ts.URL+"/v1/sweeps?limit=5", "", nil).json(t, &list)
	if len(list.Sweeps) != 1 || list.Sweeps[0].ID != st.ID {
		t.Errorf("sweeps %+v, want the one posted", list.Sweeps)
	}
}

func TestTokenGuardsWrites(t *testing.T) {
	_, ts := newTest(t, Config{Token: "s3cret"})
	body := []byte(`{"query": "ASK {}"}`)
	for _, h := range [][]string{nil, {"Authorization", "Bearer wrong"}, {"Authorization", "s3cret"}} {
		if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", body, h...); r.Status != 401 {
			t.Errorf("header %v: status %d, want 401", h, r.Status)
		}
	}
	if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", body, "Authorization", "Bearer s3cret"); r.Status != 200 {
		t.Errorf("with the token: status %d %s", r.Status, r.Body)
	}
	if r := do(t, "GET", ts.URL+"/v1/reports", "", nil); r.Status != 200 {
		t.Errorf("reads need no token: status %d", r.Status)
	}
}

// TestSemaphore: with one slot held, the next evaluation waits QueueWait
// and gets 429 with Retry-After; draining gives 503.
func TestSemaphore(t *testing.T) {
	g := &gated{Engine: inHouse()[1], entered: make(chan struct{}), release: make(chan struct{})}
	lim := testLimits()
	lim.MaxConcurrent, lim.QueueWait = 1, 50_000_000
	s, ts := newTest(t, Config{Engines: append(inHouse(), g), Limits: lim})
	body := []byte(`{"query": "ASK {}", "engines": ["gated"]}`)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", body); r.Status != 200 {
			t.Errorf("held request: %d %s", r.Status, r.Body)
		}
	}()
	<-g.entered
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "ASK {}"}`))
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Errorf("second request: %d Retry-After %q, want 429 with Retry-After", r.Status, r.Header.Get("Retry-After"))
	}
	close(g.release)
	wg.Wait()
	s.Drain()
	if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", body); r.Status != 503 {
		t.Errorf("draining: %d, want 503", r.Status)
	}
	if r := do(t, "GET", ts.URL+"/readyz", "", nil); r.Status != 503 {
		t.Errorf("readyz while draining: %d, want 503", r.Status)
	}
}

func TestEnginesHealthMetrics(t *testing.T) {
	_, ts := newTest(t, Config{})
	var es struct{ Engines []engineInfo }
	do(t, "GET", ts.URL+"/v1/engines", "", nil).json(t, &es)
	if len(es.Engines) != 3 || es.Engines[0].Role != "judge" || es.Engines[1].Role != "twin" {
		t.Errorf("engines %+v", es.Engines)
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if r := do(t, "GET", ts.URL+p, "", nil); r.Status != 200 {
			t.Errorf("%s: %d", p, r.Status)
		}
	}
	do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "`+selectSP+`", "dataset": `+twoRows+`}`))
	m := string(do(t, "GET", ts.URL+"/metrics", "", nil).Body)
	for _, want := range []string{
		"oracle_cases_total 1",
		`oracle_verdicts_total{class="",engine="engine",outcome="correct"} 1`,
		`oracle_verdicts_total{class="missing-rows",engine="liar",outcome="wrong"} 1`,
		`oracle_engine_seconds_count{engine="liar"} 1`,
		`oracle_engine_seconds_count{engine="reference"} 1`,
		"oracle_budget_exhausted_total 0",
		"oracle_queue_depth 0",
		`oracle_http_requests_total{code="200",method="POST",route="/v1/diff"} 1`,
		"oracle_diff_overhead_seconds_count 1",
	} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// TestDiffSPARQL12Judged: a SPARQL 1.2 query posted is judged by the
// reference, which implements 1.2: the server's timing wrapper around the
// judge must not hide that (oracle.Supports12 looks through Unwrap).
func TestDiffSPARQL12Judged(t *testing.T) {
	_, ts := newTest(t, Config{})
	q := `VERSION "1.2" SELECT ?t WHERE { BIND(<<( <http://ex/a> <http://ex/p> 1 )>> AS ?t) }`
	var rep report.JSONReport
	r := postJSON(t, ts.URL+"/v1/diff", map[string]any{"query": q, "engines": []string{"engine"}})
	r.json(t, &rep)
	if r.Status != 200 || rep.Judge != "reference" || rep.Kind != triage.KindAllCorrect {
		t.Errorf("a 1.2 query: status %d judge %q kind %s (%s), want all-correct judged by reference", r.Status, rep.Judge, rep.Kind, rep.JudgeError)
	}
}
