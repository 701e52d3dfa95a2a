package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// diffEBV is the test of #defn_algDiff: "expr(merge(μ, μ')) has an
// effective boolean value of false". An expression error has no EBV, so by
// the words μ would leave Diff (and so LeftJoin) altogether; the judge
// follows errata-query-12 (an error is "not true", as for Filter), which
// the W3C tests open-eq-12 and filter-scope-1 expect, and records that it
// did (ops.FollowsDiffErratum) where an error decided.
func (e *evaluator) diffEBV(g *rdf.Graph, x algebra.Expr, mu Mapping) (bool, error) {
	b, noEBV, err := e.ebvOf(g, x, mu) // marks an open value as ebv does
	if noEBV != nil {
		e.ectx.Follow(ops.FollowsDiffErratum)
	}
	return b, err
}
