package large

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// relPlan is a relation applied to one query: the queries to run, more
// queries built from the first answer (limit-pages), and the judgement:
// want and got, the two answers the relation says are equal.
type relPlan struct {
	queries []*syntax.Query
	more    func(first *results.Answer) ([]*syntax.Query, string)
	judge   func(as []*results.Answer) (want, got *results.Answer, skip string)
}

// relUnfit is what keeps every relation off a query: not a SELECT, or a
// value the text leaves open per evaluation (two evaluations may differ).
func relUnfit(q *syntax.Query) string {
	if q.Form != syntax.FormSelect || q.Select == nil || q.Where == nil {
		return "not a SELECT query with a WHERE clause"
	}
	return perEvaluationOpen(q)
}

// blankMark stands for every blank node of an answer (blur): an IRI, not a
// blank node, so the comparison matches it by key and needs no bijection.
var blankMark = rdf.IRI("urn:x-sparql-oracle:blank-node")

// blur makes every blank node of an answer the same term (blankMark):
// answers of separate queries need not label a blank node alike
// (#BlankNodesInResults), so the relations compare rows up to blank-node
// identity.
func blur(a *results.Answer) *results.Answer {
	out := *a
	out.Rows = make([]results.Solution, len(a.Rows))
	for i, row := range a.Rows {
		r := make(results.Solution, len(row))
		for k, t := range row {
			if t.IsBlank() {
				t = blankMark
			}
			r[k] = t
		}
		out.Rows[i] = r
	}
	return &out
}
