package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rootcause"
)

// The statuses of a report. Filing sets open, internal (the fast engine
// disagrees with the judge: our bug) or suspect (the judge and its twin
// against every external engine); triage (SetStatus) sets the rest.
const (
	StatusOpen          = "open"
	StatusKnownUpstream = "known-upstream"     // filed upstream already: URL says where
	StatusFixedIn       = "fixed-in"           // fixed upstream in Version
	StatusWontFix       = "wont-fix"           // the maintainers decline
	StatusIntended      = "intended-deviation" // the engine deviates on purpose: its (engine, class) is not filed again
	StatusSpecQuestion  = "spec-question"      // the text leaves it open: an erratum or a working-group issue decides
	StatusNotABug       = "not-a-bug"          // the oracle was wrong to file it
	StatusInternal      = "internal"
	StatusSuspect       = "suspect"
	// StatusRecheck: seen only on a build older than what the engine's
	// maintainers ship (oracle.Descriptor.Stale): re-check it on the newest
	// release before filing. Set by filing, never counted untriaged; a
	// witness on a current build of the family keeps the root cause open.
	StatusRecheck = "re-check"
	// StatusRecorded: the regression corpus already records the root
	// cause (rootcause.Recorded: reduced, named and checked upstream;
	// docs/findings.md). Set by filing, never counted untriaged: a root
	// cause found again is not news to the project.
	StatusRecorded = "recorded"
)

// TriageStatuses are the statuses SetStatus accepts.
var TriageStatuses = []string{StatusOpen, StatusKnownUpstream, StatusFixedIn, StatusWontFix, StatusIntended,
	StatusSpecQuestion, StatusNotABug}

// Statuses are every status a report may have (filters accept these).
var Statuses = append(slices.Clone(TriageStatuses), StatusInternal, StatusSuspect, StatusRecheck, StatusRecorded)

// Untriaged reports whether a status still asks for a person's look:
// filed and not yet triaged.
func Untriaged(status string) bool {
	return status == StatusOpen || status == StatusInternal || status == StatusSuspect
}

// Bounds on what a status change carries.
const (
	maxURL     = 2048
	maxVersion = 200
	maxNote    = 4000
	maxBy      = 200
)

// StatusChange is one triage decision: the body of POST /v1/reports/{id}/status
// and of `oracle triage set`.
type StatusChange struct {
	Status  string `json:"status"`            // one of TriageStatuses
	URL     string `json:"url,omitempty"`     // the upstream issue; required by known-upstream
	Version string `json:"version,omitempty"` // required by fixed-in, refused by the others
	Note    string `json:"note,omitempty"`
	By      string `json:"by,omitempty"` // who decides ("" = anonymous)
}

// StatusEvent is one entry of a report's history: a status change by a
// person, or by the store itself (By "store": a fixed-in finding seen
// failing again, an intended deviation's pair filed again, a migration).
type StatusEvent struct {
	ID       int64  `json:"id"`
	ReportID int64  `json:"report_id"`
	Previous string `json:"previous"`
	StatusChange
	At time.Time `json:"at"`
}

// FieldError is an invalid status change: the field at fault and why. It
// wraps ErrInvalid.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return fmt.Sprintf("store: %s: %s", e.Field, e.Msg) }

// Unwrap makes errors.Is(err, ErrInvalid) hold.
func (e *FieldError) Unwrap() error { return ErrInvalid }

// Check says whether the change is acceptable: a known status, an http(s)
// URL for known-upstream, a version for fixed-in and only there, bounded
// texts without control characters.
func (c StatusChange) Check() error {
	if !slices.Contains(TriageStatuses, c.Status) {
		return &FieldError{"status", fmt.Sprintf("%q: want one of %s", c.Status, strings.Join(TriageStatuses, ", "))}
	}
	if err := checkURL(c.URL, c.Status == StatusKnownUpstream); err != nil {
		return err
	}
	switch {
	case c.Status == StatusFixedIn && strings.TrimSpace(c.Version) == "":
		return &FieldError{"version", "fixed-in needs the version that fixed it"}
	case c.Status != StatusFixedIn && c.Version != "":
		return &FieldError{"version", fmt.Sprintf("only fixed-in takes a version, not %s", c.Status)}
	}
	for _, f := range []struct {
		name, v   string
		max       int
		multiline bool
	}{{"version", c.Version, maxVersion, false}, {"note", c.Note, maxNote, true}, {"by", c.By, maxBy, false}} {
		if err := checkText(f.name, f.v, f.max, f.multiline); err != nil {
			return err
		}
	}
	return nil
}

func checkURL(s string, required bool) error {
	if s == "" {
		if required {
			return &FieldError{"url", "known-upstream needs the URL of the upstream issue"}
		}
		return nil
	}
	if err := checkText("url", s, maxURL, false); err != nil {
		return err
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return &FieldError{"url", fmt.Sprintf("%q: want an absolute http or https URL", s)}
	}
	return nil
}

func checkText(field, s string, max int, multiline bool) error {
	if len(s) > max {
		return &FieldError{field, fmt.Sprintf("%d bytes exceeds the limit of %d", len(s), max)}
	}
	for i, r := range s {
		if r == unicode.ReplacementChar || (unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\t'))) {
			return &FieldError{field, fmt.Sprintf("byte %d: control character or invalid UTF-8 (%U)", i, r)}
		}
	}
	return nil
}

// setStatusTx triages report id inside tx, for SetStatus and SetStatuses
// alike: a change without a URL keeps the report's (the upstream issue
// stays the upstream issue: fixed-in after known-upstream).
func (db *DB) setStatusTx(ctx context.Context, tx *sql.Tx, id int64, c StatusChange) error {
	var prev, prevURL string
	err := tx.QueryRowContext(ctx, db.d.q(`SELECT status, status_url FROM reports WHERE id = ?`), id).Scan(&prev, &prevURL)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: report %d", ErrNotFound, id)
	}
	if err != nil {
		return fmt.Errorf("store: set status of report %d: %w", id, err)
	}
	if c.URL == "" {
		c.URL = prevURL
	}
	return db.changeStatus(ctx, tx, id, prev, c)
}

// SetStatus triages report id and records the change in its history. A
// change without a URL keeps the one an earlier change gave.
func (db *DB) SetStatus(ctx context.Context, id int64, c StatusChange) (Report, error) {
	if err := c.Check(); err != nil {
		return Report{}, err
	}
	err := db.tx(ctx, func(tx *sql.Tx) error { return db.setStatusTx(ctx, tx, id, c) })
	if err != nil {
		return Report{}, err
	}
	return db.Report(ctx, id)
}

// changeStatus writes a status and its history entry (in tx).
func (db *DB) changeStatus(ctx context.Context, tx *sql.Tx, id int64, prev string, c StatusChange) error {
	t := now()
	_, err := tx.ExecContext(ctx, db.d.q(`UPDATE reports SET status = ?, status_url = ?, status_version = ?,
		status_note = ?, status_by = ?, status_at = ? WHERE id = ?`), c.Status, c.URL, c.Version, c.Note, c.By, t, id)
	if err != nil {
		return fmt.Errorf("store: set status of report %d: %w", id, err)
	}
	_, err = tx.ExecContext(ctx, db.d.q(`INSERT INTO report_history (report_id, previous, status, url, version, note, actor, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), id, prev, c.Status, c.URL, c.Version, c.Note, c.By, t)
	if err != nil {
		return fmt.Errorf("store: history of report %d: %w", id, err)
	}
	return nil
}

// History is a report's status changes, oldest first.
func (db *DB) History(ctx context.Context, id int64) ([]StatusEvent, error) {
	if _, err := db.Report(ctx, id); err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT id, report_id, previous, status, url, version, note, actor, at
		FROM report_history WHERE report_id = ? ORDER BY at, id`), id)
	out := []StatusEvent{}
	err = forRows(rows, err, fmt.Sprintf("history of report %d", id), func() error {
		var e StatusEvent
		var at int64
		if err := rows.Scan(&e.ID, &e.ReportID, &e.Previous, &e.Status, &e.URL, &e.Version, &e.Note, &e.By, &at); err != nil {
			return err
		}
		e.At = fromMicros(at)
		out = append(out, e)
		return nil
	})
	return out, err
}

// storeActor names the store itself in a report's history.
const storeActor = "store"

// intendedPair returns the id of a report that marks (engine, class) an
// intended deviation, or 0.
func (db *DB) intendedPair(ctx context.Context, tx *sql.Tx, id0 Identity) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, db.d.q(`SELECT id FROM reports WHERE root_cause = ? AND status = ?
		ORDER BY id LIMIT 1`), id0.Root(), StatusIntended).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// ruleChange is the status a matching rule of the family's known.json
// gives an untriaged finding (rootcause.RootCause.Status), by "rule:<id>"
// with the maintainers' link and sentence; ok false when no rule matched.
func ruleChange(rc rootcause.RootCause) (StatusChange, bool) {
	c := StatusChange{URL: rc.Link, Note: rc.Quote, By: "rule:" + rc.Rule}
	switch rc.Status {
	case oracle.RuleIntended:
		c.Status = StatusIntended
	case oracle.RuleWontFix:
		c.Status = StatusWontFix
	case oracle.RuleKnown:
		c.Status = StatusKnownUpstream
	case oracle.RuleFixed:
		if rc.FixedIn == "" {
			c.Status, c.Note = StatusKnownUpstream, strings.TrimSpace("fixed upstream after the tested build. "+rc.Quote)
		} else {
			c.Status, c.Version = StatusFixedIn, rc.FixedIn
		}
	default:
		return StatusChange{}, false
	}
	if c.URL == "" {
		c.URL = rc.Link
	}
	return c, true
}

// recordedChange files a root cause the corpus records as recorded, its
// note naming the case and what the corpus knows of it.
func recordedChange(r rootcause.Recorded) StatusChange {
	return StatusChange{Status: StatusRecorded, By: "corpus",
		Note: fmt.Sprintf("the regression corpus records this root cause: corpus/regress/%s (%s; upstream: %s)", r.Case, r.Status, r.Upstream)}
}

// onFiling applies the triage rules to a finding filed again (or for the
// first time, with prev the filing's status): an untriaged finding whose
// root cause a rule of its family's known.json matches takes the rule's
// status (intended, won't fix, known upstream, fixed); an open finding
// whose root cause a person marked an intended deviation on any member of
// the family becomes one, else one whose root cause the regression
// corpus records becomes recorded (its stale build is the corpus's to
// re-check, so it is not also marked re-check); a fixed-in finding
// seen failing on its fixed version or a later one (or on any, when no
// version was recorded: a migrated "fixed") is re-opened. Known
// upstream, won't fix and the other decisions stay.
func (db *DB) onFiling(ctx context.Context, tx *sql.Tx, id int64, prev string, t Triage, id0 Identity, version string, rc rootcause.RootCause) error {
	if Untriaged(prev) || prev == StatusRecheck {
		if c, ok := ruleChange(rc); ok {
			return db.changeStatus(ctx, tx, id, prev, c)
		}
	}
	if prev == StatusOpen && rc.Stale != "" && rc.Recorded == nil {
		return db.changeStatus(ctx, tx, id, prev, StatusChange{Status: StatusRecheck, By: storeActor,
			Note: "re-check on the newest release before filing: " + rc.Stale})
	}
	switch prev {
	case StatusOpen:
		by, err := db.intendedPair(ctx, tx, id0)
		if err == nil && (by == 0 || by == id) && rc.Recorded != nil {
			return db.changeStatus(ctx, tx, id, prev, recordedChange(*rc.Recorded))
		}
		if err != nil || by == 0 || by == id {
			return err
		}
		return db.changeStatus(ctx, tx, id, prev, StatusChange{Status: StatusIntended, By: storeActor,
			Note: fmt.Sprintf("%s's %s is an intended deviation (report %d)", id0.Engine, id0.Class, by)})
	case StatusFixedIn:
		if t.Version == "" { // 001's "fixed" named no version: any failure re-opens it
			return db.changeStatus(ctx, tx, id, prev, StatusChange{Status: StatusOpen, By: storeActor,
				Note: fmt.Sprintf("re-opened: seen failing on %s %s, marked fixed without a version", id0.Engine, version)})
		}
		if c, ok := compareVersions(version, t.Version); !ok || c < 0 {
			return nil
		}
		return db.changeStatus(ctx, tx, id, prev, StatusChange{Status: StatusOpen, By: storeActor,
			Note: fmt.Sprintf("re-opened: seen failing on %s %s, marked fixed in %s", id0.Engine, version, t.Version)})
	}
	return nil
}

// compareVersions compares the first dotted run of numbers in each version
// ("Jena 5.6.0" → 5.6.0, "v0.4.11-rc1" → 0.4.11; missing parts are 0). ok
// is false when either has no number.
func compareVersions(a, b string) (int, bool) {
	x, y := versionNumbers(a), versionNumbers(b)
	if len(x) == 0 || len(y) == 0 {
		return 0, false
	}
	for i := range max(len(x), len(y)) {
		var p, q int
		if i < len(x) {
			p = x[i]
		}
		if i < len(y) {
			q = y[i]
		}
		if p != q {
			if p < q {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

// versionNumbers reads the first run of dot-separated numbers in v.
func versionNumbers(v string) []int {
	start := strings.IndexFunc(v, unicode.IsDigit)
	if start < 0 {
		return nil
	}
	var out []int
	for _, part := range strings.Split(v[start:], ".") {
		end := strings.IndexFunc(part, func(r rune) bool { return !unicode.IsDigit(r) })
		if end == 0 {
			break
		}
		if end > 0 {
			part = part[:end]
		}
		n, err := strconv.Atoi(part)
		if err != nil {
			break
		}
		out = append(out, n)
		if end > 0 {
			break
		}
	}
	return out
}
