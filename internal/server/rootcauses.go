package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/store"
)

// Root causes are what the dashboard and GET /v1/root-causes list: the
// findings (one engine's witness each) grouped by store.Report.RootCause,
// worst severity first (diff.Severity), cosmetic ones left out unless
// asked for (the pages link to them: one click away, never hidden). A
// filter matches findings; a root cause is listed when one of its
// witnesses matches and shows every witness; a bulk triage action
// (triage_bulk.go) applies to the matching findings only.

// rootCauseRow is one root cause.
type rootCauseRow struct {
	ID        string     `json:"id"`
	Severity  string     `json:"severity"`
	Family    string     `json:"family"`
	Symptom   string     `json:"symptom"`
	Trigger   []string   `json:"trigger"`
	Classes   []string   `json:"classes"`
	Status    string     `json:"status"` // the most pressing witness's (statusRank)
	Rule      string     `json:"rule,omitempty"`
	Stale     string     `json:"stale,omitempty"` // the re-check note
	URL       string     `json:"url,omitempty"`   // the maintainers' link (a rule's or a person's)
	Note      string     `json:"note,omitempty"`  // their sentence
	Title     string     `json:"title"`           // of its smallest witness
	Witness   int64      `json:"witness"`         // that witness's report id
	Members   []rcMember `json:"members"`
	Tests     []string   `json:"tests,omitempty"` // the W3C tests and corpus cases that showed it (at most maxRowTests)
	MoreTests int        `json:"more_tests,omitempty"`
	Matched   int        `json:"matched"` // witnesses the filter matched
	size      int
}

// rcMember is one witness: an engine at a version, its finding and status.
type rcMember struct {
	Engine  string `json:"engine"`
	Version string `json:"version"`
	Report  int64  `json:"report"`
	Class   string `json:"class"`
	Status  string `json:"status"`
	Matched bool   `json:"matched"`
}

// Intended: every witness is an intended deviation or won't fix.
func (r rootCauseRow) Intended() bool {
	return r.Status == store.StatusIntended || r.Status == store.StatusWontFix || r.Status == store.StatusNotABug
}

// Open: some witness is untriaged (open, internal, suspect).
func (r rootCauseRow) Open() bool { return store.Untriaged(r.Status) }

// statusOrder ranks statuses, the most pressing first: a root cause shows
// the first its witnesses have (one open witness keeps it open).
var statusOrder = []string{store.StatusOpen, store.StatusInternal, store.StatusSuspect, store.StatusSpecQuestion,
	store.StatusRecheck, store.StatusRecorded, store.StatusKnownUpstream, store.StatusFixedIn, store.StatusWontFix, store.StatusIntended, store.StatusNotABug}

func statusRank(s string) int {
	if i := slices.Index(statusOrder, s); i >= 0 {
		return i
	}
	return len(statusOrder)
}

func severityRank(s string) int {
	if v, err := diff.ParseSeverity(s); err == nil {
		return int(v)
	}
	return 99
}

// rcFilter selects findings: the store's filter (family, severity, sweep)
// and, applied here, engine, class, status, text (the symptom, title or
// trigger) and whether cosmetic root causes are kept ("", "include", "only").
type rcFilter struct {
	Family, Severity, Engine, Class, Status, Text, Cosmetic string
	SweepID                                                 int64
}

// rcParams are the parameters of the root-cause list, page and API.
var rcParams = []string{"engine", "family", "severity", "class", "status", "q", "cosmetic", "sweep"}

// readRCFilter checks the parameters (an empty one is "any").
func readRCFilter(q url.Values) (rcFilter, *APIError) {
	for k, v := range q {
		if len(v) == 1 && v[0] == "" {
			q.Del(k)
		}
	}
	if e := onlyParams(q, append(slices.Clone(rcParams), "csrf", "token", "by", "url", "version", "note", "set")); e != nil {
		return rcFilter{}, e
	}
	f := rcFilter{Family: q.Get("family"), Severity: q.Get("severity"), Engine: q.Get("engine"), Class: q.Get("class"),
		Status: q.Get("status"), Text: q.Get("q"), Cosmetic: q.Get("cosmetic")}
	bad := func(field, detail string) (rcFilter, *APIError) {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: field, Detail: detail}
	}
	switch {
	case f.Severity != "" && severityRank(f.Severity) == 99:
		return bad("severity", fmt.Sprintf("severity %q: want wrong-answer, crash, error, refusal or cosmetic", f.Severity))
	case f.Status != "" && !slices.Contains(store.Statuses, f.Status):
		return bad("status", fmt.Sprintf("status %q: want one of %s", f.Status, strings.Join(store.Statuses, ", ")))
	case !slices.Contains([]string{"", "include", "only"}, f.Cosmetic):
		return bad("cosmetic", fmt.Sprintf("cosmetic %q: want include or only (absent: left out)", f.Cosmetic))
	case len(f.Text) > 200:
		return bad("q", "the search text is longer than 200 characters")
	}
	if f.Class != "" {
		if _, err := diff.ParseClass(f.Class); err != nil {
			return bad("class", err.Error())
		}
	}
	var e *APIError
	f.SweepID, e = intParam(q, "sweep", 1, 1<<62, nil)
	return f, e
}

// Fields are the filter's set parameters (the bulk form's hidden fields).
func (f rcFilter) Fields() map[string]string {
	out := map[string]string{}
	for k, v := range f.query() {
		out[k] = v[0]
	}
	return out
}

// query is the filter as URL parameters (the links between the pages).
func (f rcFilter) query() url.Values {
	q := url.Values{}
	for _, kv := range [][2]string{{"engine", f.Engine}, {"family", f.Family}, {"severity", f.Severity}, {"class", f.Class},
		{"status", f.Status}, {"q", f.Text}, {"cosmetic", f.Cosmetic}} {
		if kv[1] != "" {
			q.Set(kv[0], kv[1])
		}
	}
	if f.SweepID > 0 {
		q.Set("sweep", fmt.Sprint(f.SweepID))
	}
	return q
}

// matches says whether a finding matches the finding-level filters.
func (f rcFilter) matches(r *store.Report) bool {
	if (f.Engine != "" && r.Engine != f.Engine) || (f.Class != "" && r.Class != f.Class) || (f.Status != "" && r.Status != f.Status) {
		return false
	}
	if t := strings.ToLower(f.Text); t != "" {
		hay := strings.ToLower(r.Symptom + "\x00" + r.Title + "\x00" + strings.Join(r.Trigger, " ") + "\x00" + r.Feature)
		return strings.Contains(hay, t)
	}
	return true
}

// rcList is the root causes a filter selects and what it left out.
type rcList struct {
	Rows     []rootCauseRow `json:"root_causes"`
	Findings int            `json:"findings"` // matching findings (what a bulk action changes)
	Cosmetic int            `json:"cosmetic"` // cosmetic root causes matching, listed or not
	Reports  []int64        `json:"-"`        // the matching findings' ids
	// All are the matching root causes, cosmetic ones included whether
	// listed or not: the per-family counts count every one.
	All []rootCauseRow `json:"-"`
}

// rootCauses groups the findings the filter selects, worst first.
func (s *Server) rootCauses(ctx context.Context, f rcFilter) (*rcList, error) {
	reports, err := s.allReports(ctx, store.ReportFilter{Family: f.Family, Severity: f.Severity, SweepID: f.SweepID})
	if err != nil {
		return nil, err
	}
	tests, err := s.reportTests(ctx, "")
	if err != nil {
		return nil, err
	}
	by := map[string]*rootCauseRow{}
	var order []string
	for i := range reports {
		r := &reports[i]
		row := by[r.RootCause]
		if row == nil {
			row = &rootCauseRow{ID: r.RootCause, Severity: r.Severity, Family: r.Family, Symptom: r.Symptom, Trigger: r.Trigger,
				Rule: r.Rule, Stale: r.Stale, Status: r.Status, size: -1}
			by[r.RootCause] = row
			order = append(order, r.RootCause)
		}
		row.add(r, f.matches(r), tests[r.ID])
	}
	out := &rcList{Rows: []rootCauseRow{}}
	for _, id := range order {
		row := by[id]
		if row.Matched == 0 {
			continue
		}
		cosmetic := row.Severity == diff.SeverityCosmetic.String()
		if cosmetic {
			out.Cosmetic++
		}
		out.All = append(out.All, *row)
		if cosmetic != (f.Cosmetic == "only") && f.Cosmetic != "include" {
			continue
		}
		out.Rows = append(out.Rows, *row)
		out.Findings += row.Matched
		for _, m := range row.Members {
			if m.Matched {
				out.Reports = append(out.Reports, m.Report)
			}
		}
	}
	sortRootCauses(out.Rows)
	return out, nil
}

// add counts a witness into its root cause: the most pressing status,
// the smallest witness's title, the maintainers' link of a decided one.
func (row *rootCauseRow) add(r *store.Report, matched bool, tests []string) {
	row.Members = append(row.Members, rcMember{Engine: r.Engine, Version: r.Version, Report: r.ID, Class: r.Class, Status: r.Status, Matched: matched})
	if matched {
		row.Matched++
	}
	row.Classes = addOnce(row.Classes, r.Class)
	for _, k := range tests {
		if len(row.Tests) < maxRowTests {
			row.Tests = addOnce(row.Tests, k)
		} else if !slices.Contains(row.Tests, k) {
			row.MoreTests++
		}
	}
	if statusRank(r.Status) < statusRank(row.Status) {
		row.Status = r.Status
	}
	if n := filing.Size(*r); row.size < 0 || n < row.size {
		row.size, row.Title, row.Witness = n, r.Title, r.ID
	}
	if row.URL == "" && r.Triage.URL != "" {
		row.URL = r.Triage.URL
	}
	if row.Note == "" && r.Triage.Note != "" && !store.Untriaged(r.Status) {
		row.Note = r.Triage.Note
	}
	if row.Stale == "" {
		row.Stale = r.Stale
	}
}

func addOnce(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// sortRootCauses orders worst severity first, then the untriaged ones,
// then by how many engines show it, then by id.
func sortRootCauses(rows []rootCauseRow) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if ra, rb := severityRank(a.Severity), severityRank(b.Severity); ra != rb {
			return ra < rb
		}
		if ra, rb := statusRank(a.Status), statusRank(b.Status); ra != rb {
			return ra < rb
		}
		if len(a.Members) != len(b.Members) {
			return len(a.Members) > len(b.Members)
		}
		return a.ID < b.ID
	})
}

// maxRowTests bounds the tests a root-cause row names.
const maxRowTests = 5

// reportTests inverts store.TestReports: report id → the test keys of the
// tests it was filed on.
func (s *Server) reportTests(ctx context.Context, engine string) (map[int64][]string, error) {
	links, err := s.cfg.Store.TestReports(ctx, engine)
	if err != nil {
		return nil, err
	}
	out := map[int64][]string{}
	for k, ids := range links {
		for _, id := range ids {
			out[id] = append(out[id], k)
		}
	}
	for id := range out {
		sort.Strings(out[id])
	}
	return out, nil
}

// maxReports bounds what one root-cause listing reads.
const maxReports = 20 * store.MaxLimit

// allReports reads every report of the filter, page by page (bounded).
func (s *Server) allReports(ctx context.Context, f store.ReportFilter) ([]store.Report, error) {
	var out []store.Report
	f.Limit = store.MaxLimit
	for f.Offset = 0; f.Offset < maxReports; f.Offset += store.MaxLimit {
		p, err := s.cfg.Store.Reports(ctx, f)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Reports...)
		if len(p.Reports) < store.MaxLimit || f.Offset+len(p.Reports) >= p.Total {
			break
		}
	}
	return out, nil
}

// getRootCauses is GET /v1/root-causes: the root causes the filter
// selects, worst first, with their witnesses, and the counts per family.
func (s *Server) getRootCauses(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if e := onlyParams(q, rcParams); e != nil {
		writeError(w, e)
		return
	}
	f, e := readRCFilter(q)
	if e != nil {
		writeError(w, e)
		return
	}
	l, err := s.rootCauses(r.Context(), f)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"root_causes": l.Rows, "findings": l.Findings, "cosmetic": l.Cosmetic,
		"by_family": familyRows(l.All)})
}

// familyRow is one family's root causes: per severity, untriaged,
// intended, re-check, recorded by the regression corpus.
type familyRow struct {
	Family     string         `json:"family"`
	RootCauses int            `json:"root_causes"`
	BySeverity map[string]int `json:"by_severity"`
	Open       int            `json:"open"`
	Intended   int            `json:"intended"`
	Recheck    int            `json:"re_check"`
	Recorded   int            `json:"recorded"`
	Engines    []string       `json:"engines"`
}

// familyRows counts the rows per family, sorted by family.
func familyRows(rows []rootCauseRow) []familyRow {
	by := map[string]*familyRow{}
	for _, r := range rows {
		fr := by[r.Family]
		if fr == nil {
			fr = &familyRow{Family: r.Family, BySeverity: map[string]int{}}
			by[r.Family] = fr
		}
		fr.RootCauses++
		fr.BySeverity[r.Severity]++
		switch {
		case r.Open():
			fr.Open++
		case r.Intended():
			fr.Intended++
		case r.Status == store.StatusRecheck:
			fr.Recheck++
		case r.Status == store.StatusRecorded:
			fr.Recorded++
		}
		for _, m := range r.Members {
			fr.Engines = addOnce(fr.Engines, m.Engine)
		}
	}
	out := make([]familyRow, 0, len(by))
	for _, fr := range by {
		sort.Strings(fr.Engines)
		out = append(out, *fr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Family < out[j].Family })
	return out
}

// severities are the severity names, worst first.
func severities() []string {
	var out []string
	for s := diff.SeverityWrongAnswer; s <= diff.SeverityCosmetic; s++ {
		out = append(out, s.String())
	}
	return out
}
