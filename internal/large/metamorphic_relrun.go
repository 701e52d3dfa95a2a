package large

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// RunRelations runs every relation of rels (Relations when nil) on every
// engine: per relation one Check per engine, or one skipped Check naming
// why the relation does not apply to the case's query. Each engine is
// asked its queries one after the other, the engines side by side; ctx
// bounds the whole, deadline each query. An engine that fails on a query
// is skipped for that relation, with the error.
func RunRelations(ctx context.Context, c *oracle.Case, engines []oracle.Engine, rels []Relation, deadline time.Duration) []Check {
	if rels == nil {
		rels = Relations
	}
	q, err := c.Tree()
	if err != nil {
		return []Check{{Name: "relations", Skipped: "the query does not parse: " + err.Error()}}
	}
	var out []Check
	for _, rel := range rels {
		out = append(out, RunRelation(ctx, c, q, engines, rel, deadline)...)
	}
	return out
}

// RunRelation runs one relation on the engines.
func RunRelation(ctx context.Context, c *oracle.Case, q *syntax.Query, engines []oracle.Engine, rel Relation, deadline time.Duration) []Check {
	if rel.plan == nil {
		return []Check{{Name: rel.Name, Skipped: "not a relation of this package"}}
	}
	pl, why := rel.plan(q)
	if why != "" {
		return []Check{{Name: rel.Name, Cites: rel.Cites, Skipped: why}}
	}
	out := make([]Check, len(engines))
	var wg sync.WaitGroup
	for i, e := range engines {
		wg.Add(1)
		go func(i int, e oracle.Engine) {
			defer wg.Done()
			out[i] = runPlan(ctx, c, e, rel, pl, deadline)
		}(i, e)
	}
	wg.Wait()
	return out
}

func runPlan(ctx context.Context, c *oracle.Case, e oracle.Engine, rel Relation, pl *relPlan, deadline time.Duration) Check {
	ch := Check{Name: rel.Name, Engine: e.Name(), Cites: rel.Cites}
	qs := pl.queries
	var as []*results.Answer
	for i := 0; i < len(qs); i++ {
		ch.Queries = append(ch.Queries, qs[i].String())
		a, why := ask(ctx, c, e, ch.Queries[i], deadline)
		if why != "" {
			ch.Skipped = why
			return ch
		}
		as = append(as, a)
		if i == 0 && pl.more != nil {
			more, why := pl.more(a)
			if why != "" {
				ch.Skipped = why
				return ch
			}
			qs = append(append([]*syntax.Query(nil), qs...), more...)
		}
	}
	want, got, why := pl.judge(as)
	if why != "" {
		ch.Skipped = why
		return ch
	}
	want, got = blur(want), blur(got)
	ch.Answers = []*results.Answer{want, got}
	ch.Verdict = diff.Compare(want, got)
	ch.OK = ch.Verdict.OK
	if !ch.OK && len(ch.Verdict.Classes) == 1 && ch.Verdict.Classes[0] == diff.ClassUndecided {
		ch.Skipped = "the comparison was undecided: " + ch.Verdict.Note // never a violation
	}
	return ch
}

// ask runs one query on one engine; the reason when there is no bindings
// answer to judge.
func ask(ctx context.Context, c *oracle.Case, e oracle.Engine, q string, deadline time.Duration) (*results.Answer, string) {
	if dl, ok := ctx.Deadline(); ctx.Err() != nil || ok && time.Until(dl) < minPart {
		return nil, "the deadline passed before the relation's queries ended"
	}
	v := *c
	v.Query = q
	o := oracle.Run(ctx, &v, []oracle.Engine{e}, deadline)[0]
	switch {
	case o.Err != nil:
		return nil, fmt.Sprintf("%s failed on a query of the relation: %v", e.Name(), o.Err)
	case o.Answer.Kind != results.Bindings:
		return nil, "not a bindings answer"
	}
	return o.Answer, ""
}

// Explain writes a check for a person: the relation, the engine, the
// definitions, the verdict, every query, and the two answers the relation
// says are equal (at most maxRows rows each).
func (ch Check) Explain(maxRows int) string {
	var b strings.Builder
	state := "holds"
	switch {
	case ch.Skipped != "":
		state = "skipped: " + ch.Skipped
	case !ch.OK:
		state = "VIOLATED"
	}
	fmt.Fprintf(&b, "relation %s on %s: %s\n  holds by %s\n", ch.Name, ch.Engine, state, ch.Cites)
	if ch.Verdict != nil && !ch.OK {
		fmt.Fprintf(&b, "  %s %s\n", ch.Verdict.Summary, ch.Verdict.Note)
	}
	for i, q := range ch.Queries {
		fmt.Fprintf(&b, "-- query %d\n%s\n", i+1, q)
	}
	for i, a := range ch.Answers {
		fmt.Fprintf(&b, "-- %s (%d rows)\n", []string{"answer the relation expects", "answer the rewrite gives"}[min(i, 1)], len(a.Rows))
		for j, row := range a.Rows {
			if j == maxRows {
				fmt.Fprintf(&b, "  ... %d more\n", len(a.Rows)-maxRows)
				break
			}
			var cells []string
			for _, v := range a.Vars {
				cells = append(cells, row[v].String())
			}
			fmt.Fprintf(&b, "  %s\n", strings.Join(cells, "\t"))
		}
	}
	return b.String()
}
