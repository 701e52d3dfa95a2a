package diff

import (
	"context"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Check is the result of one metamorphic check on one engine: a property
// that must hold whatever the right answer is, so it needs no judge.
type Check struct {
	Name    string   // "tlp"
	Engine  string   //
	OK      bool     //
	Skipped string   // why the check did not apply ("" when it ran)
	Verdict *Verdict // the unfiltered answer vs the union of the parts
	Queries []string // the queries the check ran: unfiltered, p, !p, p-is-error
}

// TLPQueries builds the ternary logic partition of a SELECT query's first
// top-level FILTER (as SQLancer's TLP does): the query without the filter,
// and the query with FILTER(p), FILTER(!p) and FILTER("p is an error").
// Every solution of the unfiltered query satisfies exactly one of the three
// (#ebv: EBV(p) is true, false, or an error; `!` takes the EBV, #func-not),
// so the three answers, as bags, add up to the unfiltered one. The query
// must be a plain SELECT: no aggregation, DISTINCT, REDUCED, LIMIT or
// OFFSET, which do not distribute over a union of bags.
func TLPQueries(query, base string) ([]string, error) {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return nil, err
	}
	if why := tlpUnfit(q); why != "" {
		return nil, fmt.Errorf("TLP does not apply: %s", why)
	}
	idx := firstFilter(q.Where)
	if idx < 0 {
		return nil, fmt.Errorf("TLP does not apply: no FILTER in the top-level group")
	}
	p := q.Where.Elems[idx].(*syntax.Filter).Expr
	var out []string
	for _, mk := range tlpParts {
		c := syntax.Clone(q)
		if e := mk(syntax.Clone(p)); e == nil {
			c.Where.Elems = append(c.Where.Elems[:idx:idx], c.Where.Elems[idx+1:]...)
		} else {
			c.Where.Elems[idx] = &syntax.Filter{Expr: e}
		}
		out = append(out, c.String())
	}
	return out, nil
}

// tlpParts build the unfiltered query (nil) and the three partitions.
// "p is an error" is COALESCE(IF(p, false, false), true): IF raises an
// error exactly when EBV(p) does (#func-if), COALESCE turns it into true
// (#func-coalesce).
var tlpParts = []func(p syntax.Expr) syntax.Expr{
	func(syntax.Expr) syntax.Expr { return nil },
	func(p syntax.Expr) syntax.Expr { return p },
	func(p syntax.Expr) syntax.Expr { return &syntax.Unary{Op: "!", X: p} },
	func(p syntax.Expr) syntax.Expr {
		f := &syntax.Literal{Kind: syntax.LitBoolean, Lex: "false"}
		t := &syntax.Literal{Kind: syntax.LitBoolean, Lex: "true"}
		cond := &syntax.Call{Name: "IF", Args: []syntax.Expr{p, f, syntax.Clone(f)}}
		return &syntax.Call{Name: "COALESCE", Args: []syntax.Expr{cond, t}}
	},
}

func tlpUnfit(q *syntax.Query) string {
	switch {
	case q.Form != syntax.FormSelect || q.Select == nil:
		return "not a SELECT query"
	case q.Select.Distinct || q.Select.Reduced:
		return "DISTINCT or REDUCED"
	case q.Mod.Limit != nil || q.Mod.Offset != nil:
		return "LIMIT or OFFSET"
	case len(q.Mod.Group) > 0 || len(q.Mod.Having) > 0 || hasAggregate(q):
		return "aggregation"
	case q.Where == nil:
		return "no WHERE clause"
	}
	return ""
}

func hasAggregate(q *syntax.Query) bool {
	found := false
	syntax.Inspect(q.Select, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.Aggregate); ok {
			found = true
		}
		return !found
	})
	return found
}

func firstFilter(g *syntax.GroupPattern) int {
	for i, e := range g.Elems {
		if _, ok := e.(*syntax.Filter); ok {
			return i
		}
	}
	return -1
}

// TLP runs the ternary logic partition check on every engine (the judge
// included, if present: a failure there is an internal bug). An engine
// that fails on any part is reported as skipped for it.
func TLP(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) []Check {
	qs, err := TLPQueries(c.Query, c.Base)
	if err != nil {
		return []Check{{Name: "tlp", Skipped: err.Error()}}
	}
	parts := make([][]oracle.Outcome, len(qs))
	for i, q := range qs {
		v := *c
		v.Query = q
		parts[i] = oracle.Run(ctx, &v, engines, deadline)
	}
	out := make([]Check, len(engines))
	for i, e := range engines {
		out[i] = tlpCheck(e.Name(), qs, parts, i)
	}
	return out
}

func tlpCheck(engine string, qs []string, parts [][]oracle.Outcome, i int) Check {
	ch := Check{Name: "tlp", Engine: engine, Queries: qs}
	for _, p := range parts {
		if p[i].Err != nil {
			ch.Skipped = fmt.Sprintf("%s failed on a TLP query: %v", engine, p[i].Err)
			return ch
		}
	}
	union := &results.Answer{Kind: results.Bindings, Vars: parts[0][i].Answer.Vars}
	for _, p := range parts[1:] {
		union.Rows = append(union.Rows, p[i].Answer.Rows...)
	}
	ch.Verdict = Compare(parts[0][i].Answer, union)
	ch.OK = ch.Verdict.OK
	return ch
}
