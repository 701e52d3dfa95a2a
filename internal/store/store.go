package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// ErrNotFound is returned (wrapped) when a report or sweep id does not exist.
// Test with errors.Is.
var ErrNotFound = errors.New("store: not found")

// ErrInvalid is returned (wrapped) for a bad argument: an unknown status or
// sweep state, a negative page, an empty spec. Test with errors.Is.
var ErrInvalid = errors.New("store: invalid argument")

// Report is one finding: one engine's divergence from the judge, of one
// class, on one reduced case. Its identity is (Engine, Class, Fingerprint)
// (IdentityOf): the engines that agreed, and the other engines wrong on the
// same case, are annotations (Signature, and the write-up in Bug), never
// part of it, so adding or removing a bystander engine changes no finding.
// Filing the same identity again increments Count, updates LastSeen,
// LastSweep, Version and Signature, and keeps the write-up of the smaller
// reproducer in Bug.
type Report struct {
	ID          int64     `json:"id"`          // store id, > 0
	Key         string    `json:"key"`         // the identity: IdentityOf(...).Key()
	Fingerprint string    `json:"fingerprint"` // reduce.Fingerprint of the reduced case: its root cause
	Signature   string    `json:"signature"`   // the latest filing's triage.Signature (an annotation)
	Engine      string    `json:"engine"`      // the engine that diverges
	Version     string    `json:"version"`     // its version when last seen
	Class       string    `json:"class"`       // diff.Class
	Kind        string    `json:"kind"`        // triage.Kind
	Status      string    `json:"status"`      // one of Statuses
	Triage      Triage    `json:"triage"`      // what the latest status change said
	Feature     string    `json:"feature"`     // the construct the title names ("" when none)
	Title       string    `json:"title"`       // the witness's title
	Case        string    `json:"case"`        // the name of the case that first showed it
	SweepID     int64     `json:"sweep_id"`    // the sweep that first filed it; 0 = filed by the API/CLI
	LastSweep   int64     `json:"last_sweep"`  // the latest sweep that saw it; 0 = none
	Count       int       `json:"count"`       // times filed
	Created     time.Time `json:"created"`
	LastSeen    time.Time `json:"last_seen"`
	// Bug is the write-up filed against this engine (docs/report-schema.md),
	// as the filer gave it (Witness.Body), its "status" the current one.
	Bug json.RawMessage `json:"bug"`

	// The root cause this finding is a witness of (internal/rootcause):
	// its id, the engine family, severity, symptom and trigger, the rule
	// of the family's known.json that matched, and why the tested build
	// must be re-checked on the newest release ("" when it is the newest).
	RootCause string   `json:"root_cause"`
	Family    string   `json:"family"`
	Severity  string   `json:"severity"`
	Symptom   string   `json:"symptom"`
	Trigger   []string `json:"trigger"`
	Rule      string   `json:"rule,omitempty"`
	Stale     string   `json:"stale,omitempty"`
}

// Triage is what the latest status change of a report said (triage.go):
// the upstream issue (known-upstream), the version that fixed it
// (fixed-in), a note, who and when. Zero when the status came from filing.
type Triage struct {
	URL     string    `json:"url,omitempty"`
	Version string    `json:"version,omitempty"`
	Note    string    `json:"note,omitempty"`
	By      string    `json:"by,omitempty"`
	At      time.Time `json:"at,omitzero"`
}

// Filing is one divergence to file.
type Filing struct {
	Record  Record
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
	// Fingerprint selects one root cause: the findings of every engine on
	// the same reduced case.
	Fingerprint string
	// RootCause selects the witnesses of one root cause (every member of
	// its family); Family and Severity select by those columns.
	RootCause string
	Family    string
	Severity  string
	// NoCosmetic leaves out cosmetic root causes (the default views do:
	// one click away, never hidden).
	NoCosmetic bool
	SweepID    int64 // reports the sweep filed or saw (sweep_reports)
	Limit      int
	Offset     int
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
	// Reduce bounds the reduction of each engine's divergence before it is
	// filed (internal/sweep reduces a divergence once per wrong engine);
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
	// ProfileJSON is the content of a profile given as a file (`sweep
	// start --profile path.json`); Profile is then its NAME@HASH
	// (corpus.InlineName), so any worker rebuilds the same cases.
	ProfileJSON json.RawMessage `json:"profile_json,omitempty"`
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
	// Unjudged counts done cases the judge answered but where not every
	// engine could be judged (a timeout, an unavailable engine, an
	// undecided comparison: triage.KindUnjudged); never counted as correct.
	Unjudged int `json:"unjudged"`
	// Flagged counts the divergences (engine, class) whose reduction
	// against the judge alone did not keep them: flagged, not filed.
	Flagged  int       `json:"flagged"`
	Created  time.Time `json:"created"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
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
	Outcome   string  `json:"outcome"`           // triage.Outcome; "judge" for the reference's own row
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
	// Unjudged is why the case was only partly judged (triage.Report.Reason
	// of a triage.KindUnjudged report whose judge answered); "" otherwise.
	Unjudged string
	// Flagged are the divergences of this case that did not survive
	// reduction against the judge alone: flagged, never filed.
	Flagged []Flag
	// Tests are the case's per-test statuses (tests.go: a W3C test judged
	// against its expected answer, a corpus case against the judge) and
	// TestCase what its test page shows; none for a generated case.
	Tests    []TestResult
	TestCase *TestCase
	// DataTriples is the number of triples in the case's dataset.
	DataTriples int
	// JudgedBy is the judge that decided the case (the Judge* constants
	// of relations.go: "reference", "fast engine", "relations", "none").
	JudgedBy string
	// Relations are the metamorphic relations checked on the case, one
	// per engine and relation (relations.go).
	Relations []RelationCheck
}

// Flag is one engine's divergence, of one class, that a sweep flagged
// instead of filing: the reducer found the engine not wrong in the class
// against the judge alone, or its reduced case lost it on a re-run
// (reduce.Result.Reason says which).
type Flag struct {
	Engine string `json:"engine"`
	Class  string `json:"class"`
	Reason string `json:"reason"`
}

// CaseFlags is what a sweep recorded of one case beyond its results: why
// it was only partly judged, and its flagged divergences (Flagged).
type CaseFlags struct {
	Case     string `json:"case"`
	Unjudged string `json:"unjudged,omitempty"`
	Flagged  []Flag `json:"flagged,omitempty"`
}

// ResultFilter selects a sweep's results. Empty fields match everything.
type ResultFilter struct {
	Case    string
	Engine  string
	Outcome string
	Limit   int
	Offset  int
}

// Comparison is sweep B against sweep A (normally the previous sweep of
// the same corpus, PreviousSweep), by finding identity, over the engines
// both specs run and the cases both sweeps recorded: a finding of an engine
// or a case only one of them ran is neither new nor fixed. Notes say in
// words when the engine sets or the corpora differ; SameCorpus is false
// when the two specs do not name the same corpus (SweepSpec.CorpusKey).
type Comparison struct {
	A          int64    `json:"a"`
	B          int64    `json:"b"`
	SameCorpus bool     `json:"same_corpus"`
	Engines    []string `json:"engines"`        // compared: in both specs
	OnlyA      []string `json:"engines_only_a"` // run by A alone: not compared
	OnlyB      []string `json:"engines_only_b"` // run by B alone: not compared
	Cases      int      `json:"cases"`          // cases both recorded
	CasesOnlyA int      `json:"cases_only_a"`
	CasesOnlyB int      `json:"cases_only_b"`
	Notes      []string `json:"notes"`
	// New: findings B shows and A did not. Of those A showed and B does
	// not: Fixed when B's engine answers every case where A saw them
	// correctly; Moved when it still diverges on one (its reduction reached
	// another case); Undecided otherwise (a timeout, an unjudged case).
	// Unchanged: both show them.
	New       []Report `json:"new"`
	Fixed     []Report `json:"fixed"`
	Moved     []Report `json:"moved"`
	Undecided []Report `json:"undecided"`
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
	// FileReport files a divergence, one finding per witness deduplicated
	// by identity (IdentitiesOf). It returns the finding of the record's
	// own engine and whether it was new.
	FileReport(ctx context.Context, f Filing) (Report, bool, error)
	// Report returns the report with the store id; ErrNotFound if none.
	Report(ctx context.Context, id int64) (Report, error)
	// ReportByBugID returns the report filed with Record.ID bugID; ErrNotFound if none.
	ReportByBugID(ctx context.Context, bugID string) (Report, error)
	// Reports lists reports matching f, newest first.
	Reports(ctx context.Context, f ReportFilter) (ReportPage, error)
	// SetStatus triages a report (StatusChange.Check says what is
	// accepted), records the change in its history, and returns the report.
	SetStatus(ctx context.Context, id int64, c StatusChange) (Report, error)
	// SetStatuses triages many reports with one decision in one
	// transaction, each change in its report's history (triage_bulk.go).
	SetStatuses(ctx context.Context, ids []int64, c StatusChange) (int, error)
	// History is a report's status changes, oldest first.
	History(ctx context.Context, id int64) ([]StatusEvent, error)
	// Findings counts findings by identity and by root cause (findings.go).
	Findings(ctx context.Context, f ReportFilter) (FindingCounts, error)

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
	// id with the same corpus (SweepSpec.CorpusKey); ok is false when there
	// is none.
	PreviousSweep(ctx context.Context, id int64) (Sweep, bool, error)

	// RecordCase writes one case's results and links its reports, atomically
	// and idempotently (see CaseRecord).
	RecordCase(ctx context.Context, r CaseRecord) error
	// Results lists a sweep's results ordered by case then engine.
	Results(ctx context.Context, sweepID int64, f ResultFilter) ([]Result, error)
	// CaseFlags lists up to limit cases of a sweep that were only partly
	// judged or flagged a divergence, ordered by case.
	CaseFlags(ctx context.Context, sweepID int64, limit int) ([]CaseFlags, error)
	// SweepCases lists a sweep's cases with their size, judge and
	// relation checks (sweep_cases.go); JudgeSummary counts them
	// (judges.go).
	SweepCases(ctx context.Context, sweepID int64, f CaseFilter) (CasePage, error)
	JudgeSummary(ctx context.Context, sweepID int64) (JudgeSummary, error)
	// Compare compares sweep b with sweep a (see Comparison).
	Compare(ctx context.Context, a, b int64) (Comparison, error)
	// Matrix is the engine × feature divergence matrix of a sweep.
	Matrix(ctx context.Context, sweepID int64) ([]Cell, error)
	// Trend gives, for the last n finished sweeps (oldest first), the
	// divergent cases per engine.
	Trend(ctx context.Context, n int) ([]TrendPoint, error)

	// Conformance is the per-test results (tests.go, tests_read.go).
	Conformance

	// Ping checks the database answers (for /readyz).
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// KeyOf is the pre-reduction key of a divergence: its signature, and its
// feature when it has one. It is not a finding's identity (Identity is): the
// sweep's reduction memo keys unreduced divergences by it (internal/sweep
// memo.go), where the feature keeps an OPTIONAL divergence apart from a
// GROUP BY one before either is reduced.
func KeyOf(signature, feature string) string {
	if feature == "" {
		return signature
	}
	return signature + " @ " + feature
}
