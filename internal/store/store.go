package store

import (
	"context"
	"errors"
	"time"

	"github.com/sparql-oracle/oracle/internal/report"
)

// ErrNotFound is returned (wrapped) when a report or sweep id does not exist.
// Test with errors.Is.
var ErrNotFound = errors.New("store: not found")

// ErrInvalid is returned (wrapped) for a bad argument: an unknown status or
// sweep state, a negative page, an empty spec. Test with errors.Is.
var ErrInvalid = errors.New("store: invalid argument")

// Report is one filed divergence. Reports are deduplicated by Key (the
// divergence signature and the feature, see KeyOf): filing the same key
// again increments Count, updates LastSeen and LastSweepID, and keeps the
// smaller reproducer in Bug.
type Report struct {
	ID        int64      `json:"id"`         // store id, > 0
	Key       string     `json:"key"`        // dedup key: KeyOf(Bug)
	Signature string     `json:"signature"`  // diff.Signature.String()
	Engine    string     `json:"engine"`     // the first diverging engine (Bug.Engine)
	Class     string     `json:"class"`      // diff.Class
	Kind      string     `json:"kind"`       // diff.Kind
	Status    string     `json:"status"`     // open, internal, suspect, fixed, wontfix, duplicate
	Feature   string     `json:"feature"`    // the construct the title names ("" when none)
	Title     string     `json:"title"`      // Bug.Title
	Case      string     `json:"case"`       // the name of the case that first showed it
	SweepID   int64      `json:"sweep_id"`   // the sweep that first filed it; 0 = filed by the API/CLI
	LastSweep int64      `json:"last_sweep"` // the latest sweep that saw it; 0 = none
	Count     int        `json:"count"`      // times filed
	Created   time.Time  `json:"created"`
	LastSeen  time.Time  `json:"last_seen"`
	Bug       report.Bug `json:"bug"` // the full report (docs/report-schema.md)
}

// Statuses a report may have. Filing sets the Bug's status (open, internal,
// suspect); SetReportStatus may set any of these.
var Statuses = []string{"open", "internal", "suspect", "fixed", "wontfix", "duplicate"}

// Filing is one report to file.
type Filing struct {
	Bug     report.Bug
	Case    string // the case's name (oracle.Case.Name)
	SweepID int64  // 0 when not filed by a sweep
}

// ReportFilter selects reports; empty fields match everything. Reports come
// newest first (by LastSeen, then ID). Limit 0 means DefaultLimit; Limit is
// capped at MaxLimit.
type ReportFilter struct {
	Engine  string
	Class   string
	Status  string
	Feature string
	SweepID int64 // reports the sweep filed or saw (sweep_divergences)
	Limit   int
	Offset  int
}

// Paging defaults.
const (
	DefaultLimit = 50
	MaxLimit     = 1000
)

// ReportPage is one page of reports and the total number matching the filter.
type ReportPage struct {
	Reports []Report `json:"reports"`
	Total   int      `json:"total"`
	Limit   int      `json:"limit"`
	Offset  int      `json:"offset"`
}

// SweepState is the life cycle of a sweep: pending → running → done, or
// failed / cancelled.
type SweepState string

const (
	SweepPending   SweepState = "pending"
	SweepRunning   SweepState = "running"
	SweepDone      SweepState = "done"
	SweepFailed    SweepState = "failed"
	SweepCancelled SweepState = "cancelled"
)

// SweepSpec says what a sweep runs: a corpus (any of the three sources)
// times a set of engines. Its JSON form is the body of POST /v1/sweeps and
// the `oracle sweep start` spec file.
type SweepSpec struct {
	Name    string   `json:"name,omitempty"`
	Engines []string `json:"engines"` // must include "reference" to judge; default reference,engine
	// W3C: run the W3C query evaluation tests. Manifests are paths relative
	// to the suite root (rdf-tests/sparql/sparql11/...); empty = all of
	// SPARQL 1.0 and 1.1 query evaluation.
	W3C *W3CSource `json:"w3c,omitempty"`
	// Regress: run the regression corpus (corpus/regress).
	Regress bool `json:"regress,omitempty"`
	// Generated: run generated cases for seeds [From, To) under Profile.
	Generated *GenSource `json:"generated,omitempty"`
	// DeadlineMS bounds each engine on each case (default 10000).
	DeadlineMS int `json:"deadline_ms,omitempty"`
	// Reduce bounds the reduction of each divergence before it is filed;
	// MaxCalls 0 takes the default (200), -1 files unreduced.
	ReduceCalls   int `json:"reduce_calls,omitempty"`
	ReduceSeconds int `json:"reduce_seconds,omitempty"` // default 20
	// ReducePerKey bounds how many divergences with the same unreduced
	// key (signature and feature) one sweep reduces; later ones are filed
	// as occurrences of the report those reductions produced. nil = 3,
	// 0 = reduce every divergence (internal/sweep memo.go).
	ReducePerKey *int `json:"reduce_per_key,omitempty"`
}

// W3CSource selects W3C manifests.
type W3CSource struct {
	Manifests []string `json:"manifests,omitempty"`
}

// GenSource selects generated cases: seeds From (inclusive) to To
// (exclusive) under the named profile (corpus.ProfileByName; "" = default).
type GenSource struct {
	From    int64  `json:"from"`
	To      int64  `json:"to"`
	Profile string `json:"profile,omitempty"`
}

// Sweep is one run of a spec, with its progress.
type Sweep struct {
	ID       int64      `json:"id"`
	Spec     SweepSpec  `json:"spec"`
	State    SweepState `json:"state"`
	Error    string     `json:"error,omitempty"` // why it failed
	Total    int        `json:"total"`           // cases enumerated (0 until known)
	Done     int        `json:"done"`            // cases with results recorded
	Diverged int        `json:"diverged"`        // done cases with at least one divergence
	Failed   int        `json:"failed"`          // done cases whose judge errored or timed out
	Created  time.Time  `json:"created"`
	Started  time.Time  `json:"started,omitzero"`
	Finished time.Time  `json:"finished,omitzero"`
}

// SweepFilter selects sweeps, newest first. Limit 0 = DefaultLimit.
type SweepFilter struct {
	State  SweepState
	Limit  int
	Offset int
}

// Result is one engine's outcome on one case of a sweep. It is unique by
// (SweepID, Case, Engine): recording it again (a retried job) replaces it.
type Result struct {
	SweepID   int64   `json:"sweep_id"`
	Case      string  `json:"case"`
	Engine    string  `json:"engine"`
	Version   string  `json:"version"`
	Outcome   string  `json:"outcome"`           // diff.Outcome; "judge" for the reference's own row
	Class     string  `json:"class,omitempty"`   // diff.Class of a wrong/error outcome
	ElapsedMS float64 `json:"elapsed_ms"`        //
	Error     string  `json:"error,omitempty"`   // the engine's error text
	Feature   string  `json:"feature,omitempty"` // the feature of the case's divergence, if any
}

// CaseRecord is everything one sweep job writes for one case, in one
// transaction: its results (one per engine) and the reports its
// divergences filed. Recording the same (SweepID, Case) again is
// idempotent: results are replaced, not duplicated, and its divergences are
// linked to the sweep once.
type CaseRecord struct {
	SweepID  int64
	Case     string
	Diverged bool // some engine diverges
	Failed   bool // the judge failed (unjudged case)
	Results  []Result
	Reports  []int64 // report ids (from FileReport) this case showed
}

// ResultFilter selects a sweep's results. Empty fields match everything.
type ResultFilter struct {
	Case    string
	Engine  string
	Outcome string
	Limit   int
	Offset  int
}

// Comparison is sweep B against sweep A (normally the previous one), by
// report key: New are divergences B shows and A did not, Fixed the ones A
// showed and B does not, Unchanged the ones both show.
type Comparison struct {
	A         int64    `json:"a"`
	B         int64    `json:"b"`
	New       []Report `json:"new"`
	Fixed     []Report `json:"fixed"`
	Unchanged []Report `json:"unchanged"`
}

// Cell is one entry of the engine × feature divergence matrix of a sweep:
// the number of distinct reports (and cases) the sweep saw.
type Cell struct {
	Engine  string `json:"engine"`
	Feature string `json:"feature"`
	Reports int    `json:"reports"`
	Cases   int    `json:"cases"`
}

// TrendPoint is the number of divergent cases one engine had in one sweep.
type TrendPoint struct {
	SweepID  int64     `json:"sweep_id"`
	Finished time.Time `json:"finished"`
	Engine   string    `json:"engine"`
	Cases    int       `json:"cases"` // cases where the engine's outcome diverges
}

// Store is the persistence of reports and sweeps. Every method is safe
// for concurrent use; every write is one transaction, so nothing
// acknowledged is lost on a crash (SQLite in WAL mode, synchronous=FULL).
// Open returns the one implementation for both SQLite and PostgreSQL.
type Store interface {
	// FileReport files a divergence, deduplicating by KeyOf(f.Bug). It
	// returns the stored report and whether it was new.
	FileReport(ctx context.Context, f Filing) (Report, bool, error)
	// Report returns the report with the store id; ErrNotFound if none.
	Report(ctx context.Context, id int64) (Report, error)
	// ReportByBugID returns the report whose Bug.ID is bugID; ErrNotFound if none.
	ReportByBugID(ctx context.Context, bugID string) (Report, error)
	// Reports lists reports matching f, newest first.
	Reports(ctx context.Context, f ReportFilter) (ReportPage, error)
	// SetReportStatus changes a report's status (one of Statuses).
	SetReportStatus(ctx context.Context, id int64, status string) error

	// CreateSweep stores a new pending sweep of spec.
	CreateSweep(ctx context.Context, spec SweepSpec) (Sweep, error)
	// Sweep returns the sweep with its progress; ErrNotFound if none.
	Sweep(ctx context.Context, id int64) (Sweep, error)
	// Sweeps lists sweeps, newest first.
	Sweeps(ctx context.Context, f SweepFilter) ([]Sweep, error)
	// StartSweep marks the sweep running with total cases (Started = now,
	// unless already set: a resumed sweep keeps its start).
	StartSweep(ctx context.Context, id int64, total int) error
	// FinishSweep sets the final state (done, failed, cancelled) and Finished.
	FinishSweep(ctx context.Context, id int64, state SweepState, errText string) error
	// PreviousSweep returns the latest finished (done) sweep created before
	// id; ok is false when there is none.
	PreviousSweep(ctx context.Context, id int64) (Sweep, bool, error)

	// RecordCase writes one case's results and links its reports, atomically
	// and idempotently (see CaseRecord).
	RecordCase(ctx context.Context, r CaseRecord) error
	// Results lists a sweep's results ordered by case then engine.
	Results(ctx context.Context, sweepID int64, f ResultFilter) ([]Result, error)
	// Compare compares sweep b with sweep a.
	Compare(ctx context.Context, a, b int64) (Comparison, error)
	// Matrix is the engine × feature divergence matrix of a sweep.
	Matrix(ctx context.Context, sweepID int64) ([]Cell, error)
	// Trend gives, for the last n finished sweeps (oldest first), the
	// divergent cases per engine.
	Trend(ctx context.Context, n int) ([]TrendPoint, error)

	// Ping checks the database answers (for /readyz).
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// KeyOf is the deduplication key of a bug: its signature, and its feature
// when it has one. The signature alone (class and engines on each side)
// would merge every "wrong-value in rdflib" into one report whatever the
// construct; the feature keeps an OPTIONAL bug apart from a GROUP BY bug.
func KeyOf(b report.Bug) string {
	if b.Feature == "" {
		return b.Signature
	}
	return b.Signature + " @ " + b.Feature
}
