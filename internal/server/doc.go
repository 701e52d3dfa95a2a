// Package server is the oracle service: the HTTP API (chi), the dashboard
// and the Prometheus metrics. It owns no evaluation logic: POST /v1/diff runs
// pipeline.Run, reports and sweeps come from internal/store, sweeps are started
// through a Sweeper (internal/sweep in production).
//
// Layout: server.go builds the router and its middleware; requestlog.go
// the outermost one (request ids in X-Request-Id and error bodies, the
// HTTP metrics, one slog line per request: Error for a 5xx, Info for a
// 4xx, Debug for the rest, skipped before any encoding when the logger is
// above it; a client that left is 499, never a 5xx); origin.go the write
// guard: a POST, PUT, PATCH or DELETE must come from Config.PublicURL's
// origin (Origin, else Referer; never compared with the Host header,
// which a DNS-rebinding page sets) and carry a body no other site can send
// without a CORS preflight (application/json, a SPARQL body, an
// Authorization header, or the dashboard form's csrf field, an HMAC under
// a per-process secret that the pages embed): 403 or 415 before any
// handler, so a no-cors fetch or a form on another site changes nothing;
// limits.go the body, query and dataset bounds, the
// evaluation semaphore and the slot bound (an evaluation is abandoned at
// its deadline plus Limits.Grace, and its slot freed); inputs.go the
// checks of what parses but must not pass (charset, duplicate JSON keys,
// base schemes, NUL, names) and decodeJSON, the one way every JSON body is
// read (a leading BOM ignored, then those checks, a strict decode;
// readJSON adds the Content-Type and size checks of a JSON-only
// endpoint); engines.go the engine probe at start that
// /readyz waits for; errors.go the one JSON error shape {error, detail,
// field?, line?, column?, request_id}; diffapi.go POST /v1/diff, one path
// for a query and an update request (checkText, catalogueCase, admit,
// failed; diffapi_update.go holds only what an update differs in: its
// checks, triage.RunUpdate, its JSON answer);
// sweepspec.go the limits of a sweep spec (seeds below 2^53); reports.go and sweeps.go the read/write endpoints over the
// store (sweeps_cancel.go: POST /v1/sweeps/{id}/cancel; sweep_cases.go:
// GET /v1/sweeps/{id}/cases, each case's data size, the judge that
// decided it and the metamorphic relations checked on it, filtered by
// judge, engine, violation and size; GET /v1/sweeps/{id} adds their
// counts, store.JudgeSummary); triage.go a
// report's status (POST/PATCH /v1/reports/{id}/status behind the token, its
// history, GET /v1/findings, and the report page's form, which carries the
// token and the csrf field; pageForm reads every dashboard write form and
// checks its token); findings.go the
// findings gauges (by identity and root cause, read from the store at each
// scrape); metrics.go the collectors; rootcauses.go the findings grouped
// by root cause, worst severity first, cosmetic ones apart (GET
// /v1/root-causes, the /root-causes page: dashboard_rootcauses.go, and the
// tables of every page: templates/rctable.html); triage_bulk.go one
// decision for every finding a root-cause filter matches (POST /v1/triage
// and the page's form; store.SetStatuses, one transaction); suites.go the
// corpora's sizes, every pass rate's denominator (a W3C sweep, `oracle
// w3c` and `oracle gate` runs of one corpus are counted over the same
// number: the corpus's tests, those a run did not reach as not run);
// corpusRuns (suites.go) the counts and sizes every pass rate is made
// of; dashboard_index.go the front page (each engine's latest run of each
// corpus, root causes per family, one trend per corpus, the sweeps; an
// engine that cannot run a corpus, Server.lacks: no updater, no SPARQL
// 1.2, by the served engine or its descriptor's Supports, or whose run
// ran none of it, is "not run" on every page, never 0 %);
// dashboard_sweep.go a sweep's page (/sweeps/{id}, linked from the
// front page: its cases by judge, the large ones, the relations checked
// and violated per engine and per relation, and its cases with the same
// filters as the API); dashboard_relation.go what the report page shows
// of a finding a metamorphic relation decided (the relation as its basis,
// the queries its check ran, the expected answer labelled as the
// relation's, not a judge's); the report page also shows a large case's
// realistic query and sizes (report.Bug.OriginalQuery, OriginalTriples,
// ReducedTriples) beside the minimal one;
// dashboard_engine.go an engine's page (/engines/{name}: descriptor, rate
// and history per corpus, its root causes, failing tests linked to their
// findings, the baseline export /engines/{name}/baseline.tsv and GET
// /v1/engines/{name}/baseline); dashboard.go (reports, and the comparison
// of two sweeps of one corpus by finding and test by test, an empty state
// when there is none), dashboard_engines.go (pass
// rates per corpus, each engine's root causes counted as its engine page
// counts them: rcKind, rcCounts; history), dashboard_tests.go and
// dashboard_mark.go (the test browser with the pass rates per engine and
// corpus of the selected sweep, a test's answers side by side with
// the differing cells marked), dashboard_report.go (the report page's
// reproducer, Markdown link, highlighted terms), trend.go (the inline SVG
// charts: a line breaks where its engine was not run, labels kept apart)
// and templates/ the HTML (embedded with embed.FS, no external assets; one
// script, templates/dashboard.js, for the copy buttons: CSP script-src
// 'self'). api/openapi.yaml describes the API: change it with the handlers
// (TestOpenAPICoversRoutes compares the two); deploy/grafana queries the
// metrics (TestGrafanaQueriesKnownMetrics; both in openapi_test.go).
//
// Tests: testdata/bad/*.req is the table of bad and hostile inputs
// (headers, "---", the body; a "generate:" recipe for oversize, binary and
// pathological bodies; badinput_test.go lists the keys): add a file to add
// a case ("header: Host: name" sets the Host, {{CSRF}} the form token).
// TestBadInputs sends its 4xx cases to an in-process server;
// TestHostileInputs builds `oracle serve` and sends every case to it with
// every installed engine, checking deadlines, that no planted file or
// fetched body leaks into answers, the database or the log, and logging
// the peak RSS of the server and its sidecars. TestCrossSiteWrites replays
// cross-site attacks (no-cors fetch, forms, DNS rebinding) on a server
// without a token and checks the store is unchanged; TestLoadCompare
// (ORACLE_LOAD_PREV) measures /v1/diff throughput against an earlier
// build (docs/bench.md). FuzzDiffBody fuzzes the
// body checks (scripts/fuzz.sh runs every fuzz target). The browser tests
// need /usr/bin/chromium (skipped without it unless CI=true);
// ORACLE_SCREENSHOTS=DIR keeps their screenshots. Every browser test
// drives its tab through one helper (newBrowser, browser_test.go)
// and seeds in-house sweeps through one (seedCases, dashboard_test.go),
// W3C sweeps through another (seedConformance, dashboard_seed_test.go).
// TestDashboardBrowser
// drives every page over real W3C sweeps and the same tests imported as
// `oracle gate --store` imports them (the front page, the engine page and
// the comparison must show one rate for one run; the update and SPARQL
// 1.2 columns of a W3C sweep equal `oracle w3c`'s count on the front
// page, the engines page, the engine page and the tests page, and are
// "not run" for an engine without updates or 1.2; the engines page counts
// each engine's root causes as its page does, before and after a bulk
// triage through the root-cause page); TestDashboardRealistic drives the
// sweep page and a relation finding's page over a realistic sweep the
// real runner filled (TestSweepCasesAPI reads the same through the API);
// TestOneRunTwoWays checks those counts against the
// W3C runner's tally without a browser; `go test ./internal/server
// -run TestDashboardBrowser -screenshots` rewrites docs/screenshots.
//
// Every bad input is a 4xx with a JSON body saying what and where; a
// handler never panics on input (a recoverer turns a bug into a 500 that
// the tests would catch). Untrusted RDF is parsed in child processes
// (rdf.IsolatedLoader), so a binary that serves must call
// rdf.ServeLoadChild first (cmd/oracle does; tests do in TestMain).
//
// How to change it: a new endpoint is a route in server.go with its handler
// in a file of its own and a test through the real router (api_test.go
// shows the form); bad input is a file under testdata/bad saying what
// status and message it gets (badinput_test.go).
package server
