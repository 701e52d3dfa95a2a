package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// TestRootCausesAPI: GET /v1/root-causes groups the findings the sweeps
// filed by root cause, worst first, and refuses bad filters naming the
// field; POST /v1/triage needs the token, refuses a count that changed,
// and changes every matching finding with one history entry each.
func TestRootCausesAPI(t *testing.T) {
	st := openStore(t)
	seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st, Token: "secret"})
	var got struct {
		RootCauses []rootCauseRow `json:"root_causes"`
		Findings   int            `json:"findings"`
		ByFamily   []familyRow    `json:"by_family"`
	}
	r := do(t, "GET", ts.URL+"/v1/root-causes?engine=liar", "", nil)
	if r.Status != 200 {
		t.Fatalf("GET /v1/root-causes: %d %s", r.Status, r.Body)
	}
	if err := json.Unmarshal(r.Body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.RootCauses) == 0 || got.Findings == 0 || len(got.ByFamily) != 1 || got.ByFamily[0].Family != "liar" {
		t.Fatalf("liar's root causes: %+v", got)
	}
	for i, rc := range got.RootCauses {
		if len(rc.Members) == 0 || rc.Title == "" || rc.Witness == 0 || rc.Severity == "" || rc.Status != store.StatusOpen {
			t.Errorf("root cause %d lacks its witnesses, title, severity or status: %+v", i, rc)
		}
		if i > 0 && severityRank(rc.Severity) < severityRank(got.RootCauses[i-1].Severity) {
			t.Errorf("root cause %d (%s) after a less severe one (%s)", i, rc.Severity, got.RootCauses[i-1].Severity)
		}
	}
	for q, field := range map[string]string{"severity=bad": "severity", "cosmetic=yes": "cosmetic", "status=gone": "status",
		"class=nope": "class", "limit=3": "limit"} {
		r := do(t, "GET", ts.URL+"/v1/root-causes?"+q, "", nil)
		var e APIError
		json.Unmarshal(r.Body, &e)
		if r.Status != http.StatusBadRequest || e.Field != field {
			t.Errorf("?%s: %d, field %q; want 400 naming %s", q, r.Status, e.Field, field)
		}
	}

	body := func(expect int) []byte {
		b, _ := json.Marshal(map[string]any{"filter": map[string]string{"engine": "liar"}, "expect": expect,
			"change": store.StatusChange{Status: store.StatusIntended, URL: "https://example.org/liar", Note: "liar's maintainers: on purpose", By: "t"}})
		return b
	}
	forged := []byte("set=wont-fix&engine=liar&token=secret")
	if r := do(t, "POST", ts.URL+"/root-causes/triage", "application/x-www-form-urlencoded", forged); r.Status != http.StatusForbidden {
		t.Errorf("the bulk form without the page's form token: %d, want 403", r.Status)
	}
	if r := do(t, "POST", ts.URL+"/root-causes/triage", "application/x-www-form-urlencoded", forged, "Origin", "https://evil.example"); r.Status != http.StatusForbidden {
		t.Errorf("the bulk form from another origin: %d, want 403", r.Status)
	}
	if r := do(t, "POST", ts.URL+"/v1/triage", "application/json", body(got.Findings)); r.Status != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", r.Status)
	}
	if r := do(t, "POST", ts.URL+"/v1/triage", "application/json", body(got.Findings+1), "Authorization", "Bearer secret"); r.Status != http.StatusConflict {
		t.Errorf("a stale count: %d %s, want 409", r.Status, r.Body)
	}
	r = do(t, "POST", ts.URL+"/v1/triage", "application/json", body(got.Findings), "Authorization", "Bearer secret")
	var res bulkResult
	if err := json.Unmarshal(r.Body, &res); r.Status != 200 || err != nil || res.Changed != got.Findings {
		t.Fatalf("bulk triage: %d %s", r.Status, r.Body)
	}
	for _, id := range res.Reports { // one entry each: the refused forms changed nothing
		h, err := st.History(context.Background(), id)
		if err != nil || len(h) != 1 || h[0].Status != store.StatusIntended || h[0].URL != "https://example.org/liar" {
			t.Errorf("report %d's history: %+v %v", id, h, err)
		}
	}
	r = do(t, "GET", ts.URL+"/v1/root-causes?engine=liar", "", nil)
	json.Unmarshal(r.Body, &got)
	if fr := got.ByFamily[0]; fr.Open != 0 || fr.Intended != fr.RootCauses || got.RootCauses[0].Note != "liar's maintainers: on purpose" {
		t.Errorf("after the bulk action: %+v, first note %q", fr, got.RootCauses[0].Note)
	}
}

// TestBaselineExport: an engine's failing W3C tests come out as a
// baseline file w3c.ReadBaseline reads, with the test's IRI, its class
// and the baseline's reason (or the run's); passing tests and corpus
// cases are left out.
func TestBaselineExport(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	sw, err := st.CreateSweep(ctx, store.SweepSpec{Name: "gate liar", Engines: []string{"liar"}, W3C: &store.W3CSource{}})
	if err != nil {
		t.Fatal(err)
	}
	key := func(n string) string { return "w3c/sparql11/bind/manifest.ttl#" + n }
	iri := func(n string) string {
		return "http://www.w3.org/2009/sparql/docs/tests/data-sparql11/bind/manifest#" + n
	}
	cases := []store.TestCase{{Key: key("bind01"), IRI: iri("bind01"), Name: "bind01"}, {Key: key("bind02"), IRI: iri("bind02"), Name: "bind02"},
		{Key: key("bind03"), IRI: iri("bind03"), Name: "bind03"}, {Key: "regress/x", Name: "x"}}
	res := []store.TestResult{
		{Test: key("bind01"), Engine: "liar", Status: store.TestFailed, Class: "missing-rows", Reason: "rows\tmissing\nhere", Baseline: "drops the last row"},
		{Test: key("bind02"), Engine: "liar", Status: store.TestFailed, Class: "wrong-value", Reason: "a value differs"},
		{Test: key("bind03"), Engine: "liar", Status: store.TestPassed},
		{Test: "regress/x", Engine: "liar", Status: store.TestFailed, Class: "wrong-value"},
	}
	if err := st.RecordTests(ctx, sw.ID, cases, res); err != nil {
		t.Fatal(err)
	}
	_, ts := newTest(t, Config{Store: st})
	for _, path := range []string{"/v1/engines/liar/baseline", "/engines/liar/baseline.tsv"} {
		r := do(t, "GET", ts.URL+path, "", nil)
		if r.Status != 200 || r.Header.Get("Content-Type") != "text/tab-separated-values; charset=utf-8" {
			t.Fatalf("%s: %d %s", path, r.Status, r.Header.Get("Content-Type"))
		}
		b, err := w3c.ReadBaseline(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatalf("%s does not read as a baseline: %v\n%s", path, err, r.Body)
		}
		want := w3c.Baseline{iri("bind01"): {Class: "missing-rows", Reason: "drops the last row"}, iri("bind02"): {Class: "wrong-value", Reason: "a value differs"}}
		if len(b) != len(want) {
			t.Errorf("%s: %d lines, want %d:\n%s", path, len(b), len(want), r.Body)
		}
		for id, e := range want {
			if got := b[id]; got.Class != e.Class || got.Reason != e.Reason {
				t.Errorf("%s: %s is %+v, want %+v", path, id, got, e)
			}
		}
	}
	if html := string(do(t, "GET", ts.URL+"/engines/liar", "", nil).Body); !bytes.Contains([]byte(html), []byte(`<span class="ts ts-known">known</span>`)) {
		t.Errorf("the engine page does not show the baseline's test as a known failure")
	}
}

// TestCompareOneCorpus: a fresh store's comparison page is an empty state
// (200, never a 404); a sweep alone in its corpus says so; two sweeps of
// different corpora are refused naming both; the report list filters by
// root cause.
func TestCompareOneCorpus(t *testing.T) {
	st := openStore(t)
	_, ts := newTest(t, Config{Store: st})
	r := do(t, "GET", ts.URL+"/sweeps/compare", "", nil)
	if r.Status != 200 || !bytes.Contains(r.Body, []byte(`id="compare-empty"`)) {
		t.Fatalf("a fresh store's comparison: %d %.200s", r.Status, r.Body)
	}
	a, b := seedSweeps(t, st)
	ctx := context.Background()
	w3cOnly, err := st.CreateSweep(ctx, store.SweepSpec{Name: "w3c", Engines: []string{"reference", "engine"}, W3C: &store.W3CSource{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.FinishSweep(ctx, w3cOnly.ID, store.SweepDone, ""); err != nil {
		t.Fatal(err)
	}
	r = do(t, "GET", ts.URL+"/sweeps/compare", "", nil)
	if r.Status != 200 || !bytes.Contains(r.Body, []byte(`is the first finished sweep of its corpus`)) {
		t.Errorf("the latest sweep alone in its corpus: %d %.300s", r.Status, r.Body)
	}
	r = do(t, "GET", ts.URL+compareURL(a.ID, w3cOnly.ID, "", ""), "", nil)
	if r.Status != http.StatusBadRequest || !bytes.Contains(r.Body, []byte("only sweeps of one corpus are compared")) {
		t.Errorf("two corpora: %d, want 400 naming both", r.Status)
	}
	r = do(t, "GET", ts.URL+compareURL(a.ID, b.ID, "", ""), "", nil)
	if r.Status != 200 || bytes.Count(r.Body, []byte("<option")) != 1+3 { // A: sweep a only; B: the three sweeps
		t.Errorf("the comparison of one corpus: %d, %d options (want A's choices of B's corpus only)", r.Status, bytes.Count(r.Body, []byte("<option")))
	}
	page, err := st.Reports(ctx, store.ReportFilter{Engine: "liar"})
	if err != nil || len(page.Reports) == 0 {
		t.Fatal(err)
	}
	rc := page.Reports[0].RootCause
	var list store.ReportPage
	do(t, "GET", ts.URL+"/v1/reports?root_cause="+url.QueryEscape(rc), "", nil).json(t, &list)
	if list.Total == 0 || list.Reports[0].RootCause != rc {
		t.Errorf("GET /v1/reports?root_cause=: %+v", list)
	}
}
