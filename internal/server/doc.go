// Package server is the oracle service: the HTTP API (chi), the dashboard
// and the Prometheus metrics. It owns no evaluation logic: POST /v1/diff runs
// diff.Run, reports and sweeps come from internal/store, sweeps are started
// through a Sweeper (internal/sweep in production).
//
// Layout: server.go builds the router and its middleware; limits.go the
// body, query and dataset bounds and the evaluation semaphore; errors.go the
// one JSON error shape {error, detail, line?, column?}; diffapi.go POST
// /v1/diff; reports.go and sweeps.go the read/write endpoints over the
// store (sweeps_cancel.go: POST /v1/sweeps/{id}/cancel); triage.go a
// report's status (POST/PATCH /v1/reports/{id}/status behind the token, its
// history, GET /v1/findings, and the report page's form, which carries the
// token as a field and is refused from another site); findings.go the
// findings gauges (by identity and root cause, read from the store at each
// scrape); metrics.go the collectors; dashboard.go, trend.go (the inline SVG)
// and templates/ the HTML (embedded with embed.FS, no external assets, no
// script). api/openapi.yaml describes the API: change it with the handlers
// (TestOpenAPICoversRoutes compares the two); deploy/grafana queries the
// metrics (TestGrafanaQueriesKnownMetrics).
//
// Tests: testdata/bad/*.req is the table of bad inputs (headers, "---",
// the body; a "generate:" recipe for oversize and binary bodies): add a
// file to add a case. The browser test needs /usr/bin/chromium (skipped
// without it unless CI=true); ORACLE_SCREENSHOTS=DIR keeps its screenshots.
//
// Every bad input is a 4xx with a JSON body saying what and where; a
// handler never panics on input (a recoverer turns a bug into a 500 that
// the tests would catch). Untrusted RDF is parsed in child processes
// (rdf.IsolatedLoader), so a binary that serves must call
// rdf.ServeLoadChild first (cmd/oracle does; tests do in TestMain).
package server
