package diff

// Engine names with a role in triage (docs/architecture.md, "Engines, where
// they come from, and the default set").
const (
	JudgeName = "reference" // the §18.5 reference evaluator: the judge
	TwinName  = "engine"    // the fast evaluator: shares only ops with the judge
)
