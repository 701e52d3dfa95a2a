package triage

import (
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// CompareOptions are the comparator's options for the answer of the engine
// called name: the fast engine implements the reference's own DESCRIBE
// policy, so its description is compared exactly, while any other engine's
// is whatever its service determines (#describe). Triage, reduction and
// selfcheck judge through it, so they agree on every open form.
func CompareOptions(name string) diff.Options {
	return diff.Options{ExactDescribe: name == oracle.TwinName}
}

// compareAnswer judges the answer of the engine called name against the
// judge's.
func compareAnswer(name string, expected, actual *results.Answer) *diff.Verdict {
	return diff.CompareWith(expected, actual, CompareOptions(name))
}
