package triage

import (
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Outcome is one engine's verdict on one case. The strings are stable: they
// appear in the JSON report (docs/report-schema.md) and the corpus files.
type Outcome string

const (
	Correct     Outcome = "correct"     // the comparator accepts the answer
	Wrong       Outcome = "wrong"       // the answer is not one the spec permits
	Unjudged    Outcome = "unjudged"    // no judge (budget, bad query...) or the judge is suspect
	Errored     Outcome = "error"       // an evaluation error where the judge answered
	Unsupported Outcome = "unsupported" // the engine lacks the feature
	Rejected    Outcome = "rejected"    // the engine refused a query the judge accepted
	TimedOut    Outcome = "timeout"     // the deadline (or the engine's budget) ran out
	Crashed     Outcome = "crashed"     // the engine process died or panicked
	Unavailable Outcome = "unavailable" // the engine could not be reached or started
	// Resource: the engine passed its memory or CPU-time limit (its share
	// of the oracle's budget): the case asked more than it may use here,
	// neither a wrong answer nor a crash of the engine; never filed.
	Resource Outcome = "resource"
	// Extended: the answer differs from the judge's only where §17.6
	// permits (#extensionFunctions: a value where the text gives an error):
	// judged, not wrong, never filed.
	Extended Outcome = "permitted-extension"
)

// Kind is the triage of a whole case.
type Kind string

const (
	KindAllCorrect    Kind = "all-correct"    // every engine was judged, and judged correct
	KindEngineBug     Kind = "engine-bug"     // some engine diverges from the judge
	KindInternalBug   Kind = "internal-bug"   // the judge and the fast engine disagree
	KindOracleSuspect Kind = "oracle-suspect" // judge and twin agree, every external disagrees alike
	// KindUnjudged: nothing, or not everything, could be judged (Report.Reason
	// says why): the judge had no answer (a query it rejects, its budget or
	// deadline, a dataset clause the catalogue does not resolve), or some
	// engine timed out, was unavailable, lacked a feature or could not be
	// compared, and no engine diverged.
	KindUnjudged Kind = "unjudged"
)

// EngineVerdict is one engine's outcome, judged.
type EngineVerdict struct {
	Engine  string
	Version string
	Outcome Outcome
	Class   diff.Class    // the most specific class; "" when correct
	Classes []diff.Class  // every class of a wrong answer
	Verdict *diff.Verdict // the comparison with the judge's answer, when one ran
	Answer  *results.Answer
	Err     error
	Elapsed time.Duration
}
