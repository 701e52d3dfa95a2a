package oracle

// The names of the two in-house evaluators, which have a role in every
// run: the registry builds them under these names (internal/registry) and
// triage gives them their roles (internal/triage: the judge decides, the
// fast engine is its twin, wrong only by an internal bug).
const (
	JudgeName = "reference" // the §18.5 reference evaluator: the judge
	TwinName  = "engine"    // the fast evaluator: shares only ops with the judge
)
