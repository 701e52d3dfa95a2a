package sweep

import (
	"context"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
)

// A divergence the fast engine judged (a large case the reference ran out
// of time on) cannot be reduced against the judge alone on the original
// case: the reference cannot judge it there either, so every such engine
// would be flagged, never filed. It is reduced by reduce.Large instead:
// the data by subject neighbourhoods, then quads, then the query, keeping
// the engine on the wrong side of the class against the judges
// (reduce.JudgeKeep: the fast engine's answer in the judge's place while
// the data is large), until the reference can judge. The reduced case is
// the reproducer; the realistic query and both sizes stay beside it, as
// for a relation's violation (relations_reduce.go).

// reduceLarge reduces engine's divergence in class on q's large case.
func (q *queryRun) reduceLarge(ctx context.Context, engine string, class diff.Class, lim reduce.Limits) (report.Bug, string) {
	e := engineOf(q.run, engine)
	judges := judgesOf(q.run)
	if e == nil || len(judges) == 0 {
		return report.Bug{}, fmt.Sprintf("not reduced: %s or the judges are not among the sweep's engines", engine)
	}
	keep := reduce.JudgeKeep(judges, e, class, lim.Deadline)
	res, err := reduce.Large(ctx, q.c, e, judges, keep, largeLimits(lim))
	if res == nil || !res.Survived || res.Report == nil {
		return report.Bug{}, "large case not reduced: " + reasonOf(res, err)
	}
	b, ok := report.LargeReduced(res, engine, class.Group(), q.engines...)
	if !ok {
		return report.Bug{}, fmt.Sprintf("the reduced large case (%d quads) does not show %s's %s when judged", res.Triples, engine, class)
	}
	if b.OriginalQuery == "" {
		b.OriginalQuery = q.c.Query
	}
	return b, ""
}

// MinLargeReduce is the least time a large case's reduction gets: each
// of its calls runs the engine and the fast engine on up to the whole
// data (100k quads, seconds each), so the sweep's default (20 s, sized
// for cases of a few quads) stopped it after three calls.
const MinLargeReduce = 3 * time.Minute

// largeLimits are lim for reduce.Large, given at least MinLargeReduce.
func largeLimits(lim reduce.Limits) reduce.LargeLimits {
	return reduce.LargeLimits{MaxCalls: lim.MaxCalls, MaxTime: max(lim.MaxTime, MinLargeReduce), Deadline: lim.Deadline}
}
