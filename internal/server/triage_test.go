package server

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/store"
)

const token = "s3cret"

// TestStatusAPI: POST and PATCH /v1/reports/{id}/status need the token,
// refuse a bad change with a 400 naming the field, answer 404 for an
// unknown report, keep every change in the history, and the filters,
// /v1/findings and /metrics count by the new status.
func TestStatusAPI(t *testing.T) {
	st := openStore(t)
	seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st, Token: token})
	auth := []string{"Authorization", "Bearer " + token}
	status := func(method, id, body string, header ...string) response {
		t.Helper()
		return do(t, method, ts.URL+"/v1/reports/"+id+"/status", "application/json", []byte(body), header...)
	}
	wantError := func(r response, code int, field string) {
		t.Helper()
		var e APIError
		r.json(t, &e)
		if r.Status != code || e.Field != field || e.Detail == "" {
			t.Errorf("got %d field %q (%s), want %d naming %q", r.Status, e.Field, r.Body, code, field)
		}
	}
	up := `{"status":"known-upstream","url":"https://github.com/apache/jena/issues/3516","by":"alice","note":"reported"}`
	wantError(status("POST", "1", up), http.StatusUnauthorized, "")
	wantError(status("POST", "1", up, "Authorization", "Bearer wrong"), http.StatusUnauthorized, "")
	wantError(status("POST", "1", `{"status":"fixed"}`, auth...), http.StatusBadRequest, "status")
	wantError(status("POST", "1", `{"status":"known-upstream"}`, auth...), http.StatusBadRequest, "url")
	wantError(status("POST", "1", `{"status":"known-upstream","url":"javascript:alert(1)"}`, auth...), http.StatusBadRequest, "url")
	wantError(status("POST", "1", `{"status":"fixed-in"}`, auth...), http.StatusBadRequest, "version")
	wantError(status("POST", "1", `{"status":"fixed-in","verison":"6.2.0"}`, auth...), http.StatusBadRequest, "verison")
	wantError(status("POST", "1", `{"status":`, auth...), http.StatusBadRequest, "")
	wantError(status("POST", "9999", up, auth...), http.StatusNotFound, "")
	wantError(status("POST", "abc!", up, auth...), http.StatusBadRequest, "")
	if r := do(t, "POST", ts.URL+"/v1/reports/1/status", "text/plain", []byte(up), auth...); r.Status != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain body: %d, want 415", r.Status)
	}

	r := status("POST", "1", up, auth...)
	var rep store.Report
	r.json(t, &rep)
	if r.Status != 200 || rep.Status != store.StatusKnownUpstream || rep.Triage.URL != "https://github.com/apache/jena/issues/3516" || rep.Triage.By != "alice" {
		t.Fatalf("set known-upstream: %d %s", r.Status, r.Body)
	}
	r = status("PATCH", "1", `{"status":"fixed-in","version":"6.2.0","by":"bob"}`, auth...)
	r.json(t, &rep)
	if r.Status != 200 || rep.Status != store.StatusFixedIn || rep.Triage.Version != "6.2.0" {
		t.Fatalf("PATCH fixed-in: %d %s", r.Status, r.Body)
	}
	var hist struct {
		Report  int64               `json:"report"`
		History []store.StatusEvent `json:"history"`
	}
	do(t, "GET", ts.URL+"/v1/reports/1/history", "", nil).json(t, &hist)
	if len(hist.History) != 2 || hist.History[0].Status != store.StatusKnownUpstream || hist.History[1].Previous != store.StatusKnownUpstream || hist.History[1].By != "bob" {
		t.Errorf("history: %+v", hist)
	}
	if r := do(t, "GET", ts.URL+"/v1/reports/9999/history", "", nil); r.Status != http.StatusNotFound {
		t.Errorf("history of an unknown report: %d", r.Status)
	}
	var page store.ReportPage
	do(t, "GET", ts.URL+"/v1/reports?status=fixed-in", "", nil).json(t, &page)
	if page.Total != 1 || page.Reports[0].ID != 1 {
		t.Errorf("filter by status: %+v", page)
	}
	var fc store.FindingCounts
	do(t, "GET", ts.URL+"/v1/findings", "", nil).json(t, &fc)
	if fc.Findings != 2 || fc.RootCauses != 2 || fc.ByStatus[store.StatusFixedIn] != 1 || fc.ByStatus[store.StatusOpen] != 1 {
		t.Errorf("findings: %+v", fc)
	}
	if r := do(t, "GET", ts.URL+"/v1/findings?limit=3", "", nil); r.Status != http.StatusBadRequest {
		t.Errorf("findings are not paged: %d", r.Status)
	}
	metrics := string(do(t, "GET", ts.URL+"/metrics", "", nil).Body)
	for _, want := range []string{`oracle_findings{engine="liar",status="fixed-in"} 1`, `oracle_findings{engine="liar",status="open"} 1`,
		"oracle_root_causes 2", `oracle_engine_root_causes{engine="liar"} 2`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// TestTriageForm: the report page's form needs the token field, refuses a
// post from another site, and goes back to the report on success.
func TestTriageForm(t *testing.T) {
	st := openStore(t)
	seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st, Token: token})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(form url.Values, header ...string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.URL+"/reports/2/status", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	form := url.Values{"status": {"wont-fix"}, "note": {"<script>alert(1)</script>"}, "version": {"ignored"}}
	if r := post(form); r.StatusCode != http.StatusForbidden {
		t.Errorf("no form token (csrf): %d", r.StatusCode)
	}
	form.Set("csrf", pageCSRF(t, ts.URL+"/reports/2"))
	if r := post(form); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %d", r.StatusCode)
	}
	form.Set("token", token)
	if r := post(form, "Origin", "https://evil.example"); r.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site: %d", r.StatusCode)
	}
	if r := post(form, "Sec-Fetch-Site", "cross-site"); r.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site fetch: %d", r.StatusCode)
	}
	r := post(form, "Origin", ts.URL)
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/reports/2#triage" {
		t.Fatalf("form post: %d to %q", r.StatusCode, r.Header.Get("Location"))
	}
	page := string(do(t, "GET", ts.URL+"/reports/2", "", nil).Body)
	if !strings.Contains(page, `id="status">wont-fix<`) || strings.Contains(page, "<script>alert") || !strings.Contains(page, "&lt;script&gt;") {
		t.Errorf("report page after the form: status or escaping wrong")
	}
	form.Set("status", "known-upstream")
	if r := post(form); r.StatusCode != http.StatusBadRequest {
		t.Errorf("known-upstream without a URL: %d", r.StatusCode)
	}
}

// TestTriageButtonsChromium presses the report page's buttons in headless
// Chromium: a wrong token changes nothing; with the token, known-upstream
// with its URL, then intended-deviation, each shown on the page and in the
// history table.
func TestTriageButtonsChromium(t *testing.T) {
	chromium(t)
	st := openStore(t)
	seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st, Token: token})
	b := newBrowser(t, ts.URL)
	press := func(tok, button string, fields ...string) {
		t.Helper()
		steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(ts.URL + "/reports/1"), chromedp.WaitVisible(chromedp.ID("triage-form")),
			chromedp.SendKeys(chromedp.ID("t-token"), tok)}
		for i := 0; i+1 < len(fields); i += 2 {
			steps = append(steps, chromedp.SendKeys(chromedp.ID(fields[i]), fields[i+1]))
		}
		b.do("fill the form", steps...)
		b.click("#set-" + button)
	}

	press("wrong", "known-upstream", "t-url", "https://github.com/apache/jena/issues/3516")
	refused := b.text("main")
	press(token, "known-upstream", "t-url", "https://github.com/apache/jena/issues/3516", "t-by", "alice")
	first := b.text("#triage-status")
	press(token, "intended-deviation", "t-note", "by design", "t-by", "bob")
	second := b.text("#triage-status")
	rows := b.count("#history tr.history-row")
	shot := b.png()
	if !strings.Contains(refused, "unauthorized") {
		t.Errorf("a wrong token: page says %.200q", refused)
	}
	if !strings.Contains(first, "known-upstream") || !strings.Contains(first, "apache/jena/issues/3516") || !strings.Contains(first, "alice") {
		t.Errorf("after known-upstream: %q", first)
	}
	if !strings.Contains(second, "intended-deviation") || !strings.Contains(second, "by design") {
		t.Errorf("after intended-deviation: %q", second)
	}
	if rows != 2 {
		t.Errorf("history rows: %d, want 2 (the wrong token changed nothing)", rows)
	}
	h, err := st.History(context.Background(), 1)
	if err != nil || len(h) != 2 || h[0].By != "alice" || h[1].Status != store.StatusIntended {
		t.Errorf("store history: %+v %v", h, err)
	}
	saveShot(t, "triage.png", shot)
}

// pageCSRF reads the form token a dashboard page embeds in its forms.
func pageCSRF(t *testing.T, pageURL string) string {
	t.Helper()
	m := regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`).FindSubmatch(do(t, "GET", pageURL, "", nil).Body)
	if m == nil {
		t.Fatalf("%s has no csrf field", pageURL)
	}
	return string(m[1])
}
