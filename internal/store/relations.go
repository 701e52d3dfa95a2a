package store

// RelationCheck is one metamorphic relation an engine's answers were
// checked against on one case (internal/sweep runs them where neither the
// reference nor the fast engine can judge the case): the engine, the
// relation's name, and its outcome, one of the Relation* constants, with
// the reason when it did not hold or was not checked.
type RelationCheck struct {
	Engine   string `json:"engine"`
	Relation string `json:"relation"`
	Outcome  string `json:"outcome"`
	Reason   string `json:"reason,omitempty"`
}

// The outcomes of a RelationCheck.
const (
	RelationHeld     = "held"     // the engine's answers satisfy the relation
	RelationViolated = "violated" // they do not: a divergence on the engine
	RelationSkipped  = "skipped"  // the relation does not apply to the query
	RelationError    = "error"    // an engine run failed; nothing was judged
)

// The judges that decide a case (CaseRecord.JudgedBy).
const (
	JudgeReference = "reference"   // the reference evaluator answered
	JudgeFast      = "fast engine" // the large-case judge on evidence (docs/large-judge.md)
	JudgeRelations = "relations"   // each engine against its own metamorphic relations
	JudgeNone      = "none"        // nothing could judge the case
)
