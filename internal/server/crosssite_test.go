package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// victimServer is a server without a token (the case the probe attacked)
// holding one filed report, and what the attacks must leave unchanged.
type victimServer struct {
	url, csrf string
	report    string // the filed report's id
}

func newCrossSite(t *testing.T) victimServer {
	s, ts := newTest(t, Config{FileReports: true})
	body := `{"query": "` + selectSP + `", "dataset": ` + twoRows + `, "engines": ["liar"], "name": "victim"}`
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(body))
	if r.Status != 200 || r.Header.Get("X-Oracle-Reports") == "" {
		t.Fatalf("filing the victim report: %d %q", r.Status, r.Header.Get("X-Oracle-Reports"))
	}
	return victimServer{url: ts.URL, csrf: s.csrf, report: r.Header.Get("X-Oracle-Reports")}
}

// state is what a successful attack would change: the report's status and
// history length, the number of sweeps and of reports.
func (c victimServer) state(t *testing.T) string {
	var rep store.Report
	do(t, "GET", c.url+"/v1/reports/"+c.report, "", nil).json(t, &rep)
	var h struct{ History []store.StatusEvent }
	do(t, "GET", c.url+"/v1/reports/"+c.report+"/history", "", nil).json(t, &h)
	var sw struct{ Sweeps []store.Sweep }
	do(t, "GET", c.url+"/v1/sweeps", "", nil).json(t, &sw)
	var page store.ReportPage
	do(t, "GET", c.url+"/v1/reports", "", nil).json(t, &page)
	return fmt.Sprintf("status %s, %d status changes, %d sweeps, %d reports", rep.Status, len(h.History), len(sw.Sweeps), page.Total)
}

// TestCrossSiteWrites replays the probe's attacks on a server with no
// token over a real loopback listener: a page on another origin posting
// with fetch(url, {mode: "no-cors", body: new Blob([json])}) (no
// Content-Type, Origin set by the browser), the same from a browser that
// sends no Origin, a plain HTML form, a DNS-rebinding page (Host and
// Origin both the attacker's name, the form token read from the page it
// can now load), a Referer from elsewhere and an opaque origin. Each is
// refused (403 or 415) and the store is unchanged; the service's own form
// and a JSON client still write.
func TestCrossSiteWrites(t *testing.T) {
	c := newCrossSite(t)
	before := c.state(t)
	if !strings.Contains(before, "status open, 0 status changes, 0 sweeps, 1 reports") {
		t.Fatalf("before the attacks: %s", before)
	}
	u, _ := url.Parse(c.url)
	rebound := "attacker.example:" + u.Port() // the attacker's name, resolving to 127.0.0.1
	statusJSON := `{"status": "wont-fix", "note": "forged"}`
	form := url.Values{"status": {"wont-fix"}, "note": {"forged"}, csrfField: {c.csrf}}.Encode()
	for _, a := range []struct {
		name, method, path, contentType, body string
		header                                []string
		want                                  int
	}{
		{"no-cors status", "POST", "/v1/reports/" + c.report + "/status", "", statusJSON, []string{"Origin", "https://evil.example"}, 403},
		{"no-cors sweep", "POST", "/v1/sweeps", "", `{"name": "forged", "generated": {"from": 0, "to": 2}}`, []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403},
		{"no-cors diff", "POST", "/v1/diff", "", `{"query": "ASK {}"}`, []string{"Origin", "https://evil.example"}, 403},
		{"no Origin, no type", "POST", "/v1/reports/" + c.report + "/status", "", statusJSON, nil, 415},
		{"no Origin, text/plain", "PATCH", "/v1/reports/" + c.report + "/status", "text/plain", statusJSON, nil, 415},
		{"HTML form to the API", "POST", "/v1/reports/" + c.report + "/status", "application/x-www-form-urlencoded", "status=wont-fix", nil, 403},
		{"HTML form from another site", "POST", "/reports/" + c.report + "/status", "application/x-www-form-urlencoded", form, []string{"Origin", "https://evil.example"}, 403},
		{"DNS rebinding, dashboard form", "POST", "/reports/" + c.report + "/status", "application/x-www-form-urlencoded", form,
			[]string{"Host", rebound, "Origin", "http://" + rebound, "Sec-Fetch-Site", "same-origin"}, 403},
		{"DNS rebinding, JSON", "POST", "/v1/reports/" + c.report + "/status", "application/json", statusJSON,
			[]string{"Host", rebound, "Origin", "http://" + rebound}, 403},
		{"Referer from elsewhere", "POST", "/reports/" + c.report + "/status", "application/x-www-form-urlencoded", form,
			[]string{"Referer", "https://evil.example/page"}, 403},
		{"opaque origin", "POST", "/v1/sweeps", "application/json", `{"name": "x", "generated": {"from": 0, "to": 2}}`, []string{"Origin", "null"}, 403},
		{"form token of another server", "POST", "/reports/" + c.report + "/status", "application/x-www-form-urlencoded",
			strings.Replace(form, c.csrf, formToken(newFormSecret()), 1), []string{"Origin", c.url}, 403},
	} {
		r := attack(t, c.url, a.method, a.path, a.contentType, a.body, a.header...)
		if r.Status != a.want {
			t.Errorf("%s: %d, want %d: %.200s", a.name, r.Status, a.want, r.Body)
		}
		if after := c.state(t); after != before {
			t.Fatalf("%s changed the store: %s -> %s", a.name, before, after)
		}
	}
	// The service's own page, and a JSON client, still write.
	if r := attack(t, c.url, "POST", "/reports/"+c.report+"/status", "application/x-www-form-urlencoded",
		url.Values{"status": {"wont-fix"}, csrfField: {pageCSRF(t, c.url+"/reports/"+c.report)}}.Encode(), "Origin", c.url); r.Status != http.StatusSeeOther {
		t.Fatalf("the dashboard's own form: %d %.200s", r.Status, r.Body)
	}
	local := strings.Replace(c.url, "127.0.0.1", "localhost", 1) // the same loopback origin, spelled otherwise
	if r := attack(t, c.url, "POST", "/v1/reports/"+c.report+"/status", "application/json", `{"status": "open"}`, "Origin", local); r.Status != 200 {
		t.Fatalf("JSON from %s: %d %.200s", local, r.Status, r.Body)
	}
	if after := c.state(t); after != "status open, 2 status changes, 0 sweeps, 1 reports" {
		t.Errorf("after the two legitimate writes: %s", after)
	}
}

// attack sends one request as a browser page would, Host included.
func attack(t *testing.T, base, method, path, contentType, body string, header ...string) response {
	t.Helper()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return response{resp.StatusCode, resp.Header, []byte(b.String())}
}

// TestWriteInputs: every JSON body is read one way. A key named twice is
// refused in a status change as in a diff (the status unchanged); a
// leading byte order mark is ignored in a diff, a sweep spec and a status
// change; seeds must stay below 2^53; a diff with "engines": [] or none
// runs every engine served, and a sweep spec with either gets the served
// default set (api/openapi.yaml says both).
func TestWriteInputs(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defaults := []string{"reference", "engine"}
	r, err := sweep.New(ctx, db, sweep.Options{Workers: -1, DefaultEngines: defaults})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer r.Stop(ctx)
	_, ts := newTest(t, Config{Store: db, Sweeper: r, FileReports: true})
	body := `{"query": "` + selectSP + `", "dataset": ` + twoRows + `, "engines": ["liar"]}`
	rep := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(body)).Header.Get("X-Oracle-Reports")
	if rep == "" {
		t.Fatal("no report filed")
	}
	statusURL := ts.URL + "/v1/reports/" + rep + "/status"
	for _, method := range []string{"POST", "PATCH"} {
		dup := do(t, method, statusURL, "application/json", []byte(`{"status": "wont-fix", "status": "open"}`))
		var e APIError
		dup.json(t, &e)
		if dup.Status != 400 || e.Error != "duplicate JSON key" || e.Field != "status" || e.Line != 1 || e.Column != 24 {
			t.Errorf("%s status with a key twice: %d %+v", method, dup.Status, e)
		}
	}
	bom := "\ufeff"
	if r := do(t, "POST", statusURL, "application/json", []byte(bom+`{"status": "wont-fix"}`)); r.Status != 200 || !strings.Contains(string(r.Body), `"status": "wont-fix"`) {
		t.Errorf("status change after a BOM: %d %.200s", r.Status, r.Body)
	}
	if r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(bom+`{"query": "ASK {}"}`)); r.Status != 200 {
		t.Errorf("diff after a BOM: %d %.200s", r.Status, r.Body)
	}
	for _, engines := range []string{``, `, "engines": []`} {
		var jr report.JSONReport
		do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "`+selectSP+`", "dataset": `+twoRows+engines+`}`)).json(t, &jr)
		if len(jr.Verdicts) != 2 || jr.Verdicts[1].Engine != "liar" {
			t.Errorf("diff with engines %q: verdicts %+v, want engine and liar (every engine served)", engines, jr.Verdicts)
		}
		resp := do(t, "POST", ts.URL+"/v1/sweeps", "application/json", []byte(bom+`{"name": "e", "generated": {"from": 0, "to": 1}`+engines+`}`))
		var sw store.Sweep
		resp.json(t, &sw)
		if resp.Status != http.StatusAccepted || strings.Join(sw.Spec.Engines, ",") != strings.Join(defaults, ",") {
			t.Errorf("sweep with engines %q after a BOM: %d engines %v, want 202 with %v", engines, resp.Status, sw.Spec.Engines, defaults)
		}
		do(t, "POST", fmt.Sprintf("%s/v1/sweeps/%d/cancel", ts.URL, sw.ID), "application/json", nil)
	}
	for _, seeds := range []string{`{"from": 9223372036854775806, "to": 9223372036854775807}`, `{"from": 0, "to": 9007199254740993}`} {
		var e APIError
		resp := do(t, "POST", ts.URL+"/v1/sweeps", "application/json", []byte(`{"generated": `+seeds+`}`))
		resp.json(t, &e)
		if resp.Status != 400 || e.Field != "generated.to" {
			t.Errorf("seeds %s: %d %+v", seeds, resp.Status, e)
		}
	}
	ok := do(t, "POST", ts.URL+"/v1/sweeps", "application/json", []byte(`{"generated": {"from": 9007199254740990, "to": 9007199254740992}}`))
	if ok.Status != http.StatusAccepted {
		t.Errorf("the last two seeds below 2^53: %d %.200s", ok.Status, ok.Body)
	}
	var sw store.Sweep
	ok.json(t, &sw)
	do(t, "POST", fmt.Sprintf("%s/v1/sweeps/%d/cancel", ts.URL, sw.ID), "application/json", nil)
}
