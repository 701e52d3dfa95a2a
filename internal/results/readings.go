package results

import "github.com/sparql-oracle/oracle/internal/rdf"

// Reading is the judge's answer under readings of contested questions
// other than its own (Freedom.Readings): an engine answer that matches it
// took that reading, a spec question, not an engine bug.
type Reading struct {
	// Bases are the questions read otherwise, Takes the reading taken at
	// each (plain words), parallel.
	Bases []Basis  `json:"bases"`
	Takes []string `json:"takes"`
	// Answer is the judge's answer under those readings; its Freedom says
	// what it leaves open, as the judge's own answer's does.
	Answer *Answer `json:"answer"`
}

// ExtensionValue is the term the judge's extension answer
// (Extension.Answer) holds in a cell where an extended engine may hold any
// value: a BIND or projection expression whose function or operator raised
// an error on bound arguments (#extensionFunctions). It never occurs in
// data the oracle reads.
var ExtensionValue = rdf.IRI("urn:x-sparql-oracle:extension-value")

// Extension records where a §17 function or operator raised an error on
// bound arguments and that error decided the judge's answer: §17.6
// (#extensionFunctions: "an implementation may return a non-error value in
// these error cases, and still be conformant") and §17.3.1
// (#operatorExtensibility) make each such error an extension point.
type Extension struct {
	// Cells: a top-level BIND or projection expression raised one (the
	// cell may hold any value). Rows: a top-level FILTER dropped a solution
	// because its condition raised one (the row may appear).
	Cells bool `json:"cells,omitempty"`
	Rows  bool `json:"rows,omitempty"`
	// Elsewhere: one decided a join, an OPTIONAL's filter, an aggregate,
	// IF/COALESCE, ORDER BY, a read of an extended cell ...: an answer that
	// differs from the judge's is undecided there.
	Elsewhere bool `json:"elsewhere,omitempty"`
	// Answer is the judge's answer with those points open, when not
	// Elsewhere: every extended cell holds ExtensionValue, every row a
	// top-level FILTER dropped is kept (it may or may not appear).
	Answer *Answer `json:"answer,omitempty"`
}
