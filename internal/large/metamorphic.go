package large

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Check is the result of one metamorphic check on one engine: a property
// that must hold whatever the right answer is, so it needs no judge.
type Check struct {
	Name    string        // "tlp", "distinct"
	Engine  string        //
	OK      bool          //
	Skipped string        // why the check did not apply ("" when it ran)
	Verdict *diff.Verdict // tlp: the unfiltered answer vs the union of the parts; distinct: DISTINCT vs the answer's distinct rows
	Queries []string      // the queries the check ran: unfiltered, p, !p, p-is-error; or the query and its DISTINCT form; a relation's (metamorphic_rel.go)
	// A relation's (metamorphic_rel.go): the definitions it holds by, and
	// the two answers it says are equal (expected, then the rewrite's).
	Cites   string
	Answers []*results.Answer
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
	q, err := parseFit("TLP", query, base, tlpUnfit)
	if err != nil {
		return nil, err
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

// parseFit parses the query a check rewrites; where unfit says why the
// check does not apply to it, the error says so.
func parseFit(check, query, base string, unfit func(*syntax.Query) string) (*syntax.Query, error) {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return nil, err
	}
	if why := unfit(q); why != "" {
		return nil, fmt.Errorf("%s does not apply: %s", check, why)
	}
	return q, nil
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

// plainSelectUnfit says why q is not a plain SELECT (one with no
// DISTINCT, REDUCED, LIMIT or OFFSET, which TLP and the DISTINCT check
// both need); distinct is the reason given for DISTINCT or REDUCED.
func plainSelectUnfit(q *syntax.Query, distinct string) string {
	switch {
	case q.Form != syntax.FormSelect || q.Select == nil:
		return "not a SELECT query"
	case q.Select.Distinct || q.Select.Reduced:
		return distinct
	case q.Mod.Limit != nil || q.Mod.Offset != nil:
		return "LIMIT or OFFSET"
	}
	return ""
}

func tlpUnfit(q *syntax.Query) string {
	if why := plainSelectUnfit(q, "DISTINCT or REDUCED"); why != "" {
		return why
	}
	switch {
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
// that fails on any part is reported as skipped for it, and is not asked
// the parts that remain. ctx's deadline (Judge gives it the case's) bounds
// the whole check: a part that would start after it is not run, and the
// engines left are reported as skipped.
func TLP(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) []Check {
	qs, err := TLPQueries(c.Query, c.Base)
	if err != nil {
		return []Check{{Name: "tlp", Skipped: err.Error()}}
	}
	out, answers := startChecks("tlp", engines, qs)
	for _, q := range qs {
		if !runPart(ctx, c, q, engines, deadline, out, answers) {
			break
		}
	}
	for i := range out {
		finishCheck(&out[i], answers[i], len(qs))
	}
	return out
}

// startChecks is the named check's result for each engine, asked qs, and
// where each engine's answers to them go (TLP, the DISTINCT check).
func startChecks(name string, engines []oracle.Engine, qs []string) ([]Check, [][]*results.Answer) {
	out := make([]Check, len(engines))
	for i, e := range engines {
		out[i] = Check{Name: name, Engine: e.Name(), Queries: qs}
	}
	return out, make([][]*results.Answer, len(engines))
}

// minPart is the least time left for which a TLP query is still started:
// a sidecar given less is killed at once and restarted for the next case.
const minPart = 50 * time.Millisecond

// runPart runs one TLP query on the engines not yet skipped and records
// each answer or why the engine is skipped; false when no engine is left
// or the deadline has passed.
func runPart(ctx context.Context, c *oracle.Case, q string, engines []oracle.Engine, deadline time.Duration, out []Check, answers [][]*results.Answer) bool {
	if dl, ok := ctx.Deadline(); ctx.Err() != nil || ok && time.Until(dl) < minPart {
		skipRest(out, "the case's deadline passed before the "+checkTitle(firstName(out))+" queries ended")
		return false
	}
	var idx []int
	var run []oracle.Engine
	for i, e := range engines {
		if out[i].Skipped == "" {
			idx, run = append(idx, i), append(run, e)
		}
	}
	if len(run) == 0 {
		return false
	}
	v := *c
	v.Query = q
	for j, o := range oracle.Run(ctx, &v, run, deadline) {
		i := idx[j]
		if o.Err != nil {
			out[i].Skipped = fmt.Sprintf("%s failed on a %s query: %v", o.Engine, checkTitle(out[i].Name), o.Err)
			continue
		}
		answers[i] = append(answers[i], o.Answer)
	}
	return true
}

func skipRest(out []Check, why string) {
	for i := range out {
		if out[i].Skipped == "" {
			out[i].Skipped = why
		}
	}
}

// finishCheck compares the unfiltered answer with the union of the three
// partitions, once an engine answered all parts.
func finishCheck(ch *Check, parts []*results.Answer, n int) {
	if ch.Skipped != "" {
		return
	}
	if len(parts) < n {
		ch.Skipped = "the case's deadline passed before the " + checkTitle(ch.Name) + " queries ended"
		return
	}
	union := &results.Answer{Kind: results.Bindings, Vars: parts[0].Vars}
	for _, p := range parts[1:] {
		union.Rows = append(union.Rows, p.Rows...)
	}
	ch.Verdict = diff.Compare(parts[0], union)
	ch.OK = ch.Verdict.OK
}

// Metamorphic runs every metamorphic check on the engines, TLP then
// DISTINCT, within ctx's deadline: properties that hold whatever the right
// answer is, so they need no judge.
func Metamorphic(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) []Check {
	return Checks(ctx, c, engines, nil, deadline)
}

// metamorphic is Metamorphic with the engines' answers to the case itself
// where known (by engine name): the DISTINCT check then asks only the
// DISTINCT form.
func Checks(ctx context.Context, c *oracle.Case, engines []oracle.Engine, known map[string]*results.Answer, deadline time.Duration) []Check {
	return append(TLP(ctx, c, engines, deadline), distinctCheck(ctx, c, engines, known, deadline)...)
}

// DistinctQueries builds the DISTINCT check of a SELECT query: the query
// and the same query with DISTINCT. DISTINCT removes duplicate solutions
// of the projected sequence (#defn_algDistinct, #modDistinct), so its
// answer, as a set, is the plain answer's distinct rows. The query must
// be a SELECT without DISTINCT, REDUCED, LIMIT or OFFSET (a slice of the
// distinct sequence is not the distinct rows of a slice), and without a
// value the text leaves open per evaluation (RAND, NOW, UUID, STRUUID,
// BNODE, SAMPLE, GROUP_CONCAT): two evaluations may differ there.
func DistinctQueries(query, base string) ([]string, error) {
	q, err := parseFit("DISTINCT check", query, base, distinctUnfit)
	if err != nil {
		return nil, err
	}
	d := syntax.Clone(q)
	d.Select.Distinct = true
	return []string{q.String(), d.String()}, nil
}

func distinctUnfit(q *syntax.Query) string {
	if why := plainSelectUnfit(q, "DISTINCT or REDUCED already"); why != "" {
		return why
	}
	return perEvaluationOpen(q)
}

// perEvaluationOpen names a function or aggregate of q whose value the
// text leaves open per evaluation (RAND, NOW, UUID, STRUUID, BNODE, SAMPLE,
// GROUP_CONCAT's order), so two evaluations may differ; "" when none.
func perEvaluationOpen(q *syntax.Query) string {
	var open string
	syntax.Inspect(q, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Call:
			if perEvaluation[n.Name] {
				open = n.Name
			}
		case *syntax.Aggregate:
			if n.Name == "SAMPLE" || n.Name == "GROUP_CONCAT" {
				open = n.Name
			}
		}
		return open == ""
	})
	if open != "" {
		return open + " may differ between two evaluations"
	}
	return ""
}

var perEvaluation = map[string]bool{"RAND": true, "NOW": true, "UUID": true, "STRUUID": true, "BNODE": true}

// Distinct runs the DISTINCT check on every engine, as TLP runs its own.
func Distinct(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) []Check {
	return distinctCheck(ctx, c, engines, nil, deadline)
}

func distinctCheck(ctx context.Context, c *oracle.Case, engines []oracle.Engine, known map[string]*results.Answer, deadline time.Duration) []Check {
	qs, err := DistinctQueries(c.Query, c.Base)
	if err != nil {
		return []Check{{Name: "distinct", Skipped: err.Error()}}
	}
	out, answers := startChecks("distinct", engines, qs)
	for i, e := range engines {
		if a := known[e.Name()]; a != nil && a.Kind == results.Bindings {
			answers[i] = []*results.Answer{a} // the case's own answer is the plain one
		}
	}
	for i := range out {
		if len(known) > 0 && answers[i] == nil {
			out[i].Skipped = "no answer of its own to the case"
		}
	}
	if len(known) > 0 || runPart(ctx, c, qs[0], engines, deadline, out, answers) {
		runPart(ctx, c, qs[1], engines, deadline, out, answers)
	}
	for i := range out {
		finishDistinct(&out[i], answers[i], len(qs))
	}
	return out
}

// finishDistinct compares the DISTINCT answer with the plain answer's
// distinct rows (as a bag: every row once).
func finishDistinct(ch *Check, parts []*results.Answer, n int) {
	if ch.Skipped != "" {
		return
	}
	if len(parts) < n {
		ch.Skipped = "the case's deadline passed before the DISTINCT queries ended"
		return
	}
	ch.Verdict = diff.Compare(distinctRows(parts[0]), parts[1])
	ch.OK = ch.Verdict.OK
}

// distinctRows is a bindings answer with each row once, first occurrences
// kept. Rows are equal when they bind the same variables to the same terms
// (#func-RDFterm-equal); blank nodes of one answer keep their labels, so
// equal labels are the same node.
func distinctRows(a *results.Answer) *results.Answer {
	out := &results.Answer{Kind: a.Kind, Vars: a.Vars}
	seen := map[string]bool{}
	for _, row := range a.Rows {
		k := diff.SolutionKey(row)
		if !seen[k] {
			seen[k] = true
			out.Rows = append(out.Rows, row)
		}
	}
	return out
}

// checkTitle is a check's name as the messages write it.
func checkTitle(name string) string {
	if name == "tlp" {
		return "TLP"
	}
	return strings.ToUpper(name)
}

func firstName(out []Check) string {
	if len(out) == 0 {
		return "metamorphic"
	}
	return out[0].Name
}
