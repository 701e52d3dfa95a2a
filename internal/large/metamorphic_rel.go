package large

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The metamorphic relations (SQLancer's idea, Rigger and Su, OOPSLA and
// ESEC/FSE 2020): rewrites of a SELECT query whose answers the
// specification ties to the original's, whatever the right answer is, so
// an engine is judged against itself where the reference cannot judge
// (data past its reach). Each Relation says which definitions make it hold
// (Cites, anchors of the SPARQL 1.1 Query text), builds its queries from
// the syntax tree, and says why it does not apply where it does not hold:
// never a violation where the text permits two answers. Answers are
// compared as bags (Compare, #defn_algToMultiSet) with blank nodes blurred
// (blur): separate queries need not label a blank node alike
// (#BlankNodesInResults). The runner is metamorphic_relrun.go.

// Relation is one metamorphic relation.
type Relation struct {
	Name  string
	Cites string // the definitions that make it hold: #anchors of sparql11-query
	plan  func(q *syntax.Query) (*relPlan, string)
}

// Relations are every relation, in the order RunRelations runs them.
var Relations = []Relation{
	{"norec", "#defn_algFilter #sparqlCollectFilters #defn_extend #func-if #func-coalesce #ebv", planNoREC},
	{"optional-partition", "#defn_algLeftJoin #defn_algDiff #func-filter-exists #defn_algUnion", planOptionalPartition},
	{"union-partition", "#defn_algUnion #defn_algJoin #defn_algLeftJoin #defn_algMinus #defn_algFilter #defn_extend", planUnionPartition},
	{"join-reorder", "#defn_algJoin #BasicGraphPatterns #sparqlTranslateGraphPatterns", planJoinReorder},
	{"filter-move", "#sparqlCollectFilters #scopeFilters #defn_algFilter #defn_algJoin #defn_evalBasicGraphPattern", planFilterMove},
	{"subselect-wrap", "#subqueries #selectproject #defn_algToMultiSet #defn_algJoin", planSubselectWrap},
	{"limit-pages", "#modOrderBy #defn_algOrderBy #defn_algSlice #modOffset #modResultLimit", planLimitPages},
	{"distinct-union", "#defn_algDistinct #defn_algUnion #defn_algProjection", planDistinctUnion},
}

// RelationByName returns a relation, or false.
func RelationByName(name string) (Relation, bool) {
	for _, r := range Relations {
		if r.Name == name {
			return r, true
		}
	}
	return Relation{}, false
}

// sliced: a LIMIT or OFFSET picks among ties as the engine likes
// (#defn_algSlice over an order that is not total), so a rewrite may
// legitimately pick others.
func sliced(q *syntax.Query) string {
	if q.Mod.Limit != nil || q.Mod.Offset != nil {
		return "LIMIT or OFFSET: a slice may pick other rows among ties"
	}
	return ""
}

func firstOf(why ...string) string {
	for _, w := range why {
		if w != "" {
			return w
		}
	}
	return ""
}

// same is the plan "the rewrite answers as the query does".
func same(q, r *syntax.Query) *relPlan {
	return &relPlan{queries: []*syntax.Query{q, r}, judge: func(as []*results.Answer) (*results.Answer, *results.Answer, string) {
		return as[0], as[1], ""
	}}
}

// partition is the plan "the query's answer is the bag union of the parts'".
func partition(q *syntax.Query, parts []*syntax.Query) *relPlan {
	return &relPlan{queries: append([]*syntax.Query{q}, parts...), judge: func(as []*results.Answer) (*results.Answer, *results.Answer, string) {
		u := &results.Answer{Kind: results.Bindings, Vars: as[0].Vars}
		for _, a := range as[1:] {
			u.Rows = append(u.Rows, a.Rows...)
		}
		return as[0], u, ""
	}}
}

// ---------------------------------------------------------------- NoREC

// planNoREC: FILTER(p) keeps exactly the solutions of the unfiltered
// group on which EBV(p) is true (#defn_algFilter; the group's filters
// apply to the whole group, #sparqlCollectFilters). The same group
// without the filter and with BIND(COALESCE(IF(p, "kept", "dropped"),
// "dropped") AS ?flag) last (Extend over the whole group, #defn_extend; IF
// raises the error EBV(p) raises, #func-if, COALESCE turns it into
// "dropped", #func-coalesce) flags those very solutions, so the filtered
// answer is the "kept" rows with the flag dropped. The flags are strings,
// not booleans: how an engine writes a boolean in its results (Virtuoso:
// 1 and 0) is a cosmetic difference of its own, not this relation's. As
// in NoREC (Rigger and Su 2020), the second query gives the optimiser
// nothing to push down.
// norecKept flags a solution the FILTER keeps (planNoREC).
const norecKept = "kept"

func planNoREC(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), tlpUnfit(q)); why != "" {
		return nil, why
	}
	idx := firstFilter(q.Where)
	if idx < 0 {
		return nil, "no FILTER in the top-level group"
	}
	flag := freshVar(q, "norec")
	r := syntax.Clone(q)
	p := r.Where.Elems[idx].(*syntax.Filter).Expr
	r.Where.Elems = append(r.Where.Elems[:idx:idx], r.Where.Elems[idx+1:]...)
	t, f := &syntax.Literal{Kind: syntax.LitString, Lex: norecKept}, &syntax.Literal{Kind: syntax.LitString, Lex: "dropped"}
	val := &syntax.Call{Name: "COALESCE", Args: []syntax.Expr{&syntax.Call{Name: "IF", Args: []syntax.Expr{p, t, f}}, syntax.Clone(f)}}
	r.Where.Elems = append(r.Where.Elems, &syntax.Bind{Expr: val, Var: &syntax.Var{Name: flag}})
	if !r.Select.Star {
		r.Select.Items = append(r.Select.Items, &syntax.SelectItem{Var: &syntax.Var{Name: flag}})
	}
	return &relPlan{queries: []*syntax.Query{q, r}, judge: func(as []*results.Answer) (*results.Answer, *results.Answer, string) {
		got := &results.Answer{Kind: results.Bindings, Vars: as[0].Vars}
		for _, row := range as[1].Rows {
			if v := row[flag]; v.Value == norecKept && v.IsLiteral() {
				kept := results.Solution{}
				for k, t := range row {
					if k != flag {
						kept[k] = t
					}
				}
				got.Rows = append(got.Rows, kept)
			}
		}
		return as[0], got, ""
	}}, ""
}

// freshVar is a variable name the query does not use.
func freshVar(q *syntax.Query, base string) string {
	used := map[string]bool{}
	syntax.Inspect(q, func(n syntax.Node) bool {
		if v, ok := n.(*syntax.Var); ok {
			used[v.Name] = true
		}
		return true
	})
	name := base
	for i := 1; used[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	return name
}

// ---------------------------------------------------------------- partitions

// planOptionalPartition: LeftJoin(Ω1, Ω2, true) is Join(Ω1, Ω2) plus
// Diff(Ω1, Ω2, true), the μ1 no μ2 is compatible with (#defn_algLeftJoin,
// #defn_algDiff), so OPTIONAL { P } partitions into { P } and FILTER NOT
// EXISTS { P }. NOT EXISTS substitutes the solution into P
// (#func-filter-exists), which finds a match exactly when a compatible
// solution of P exists when P is triple patterns only; the group's
// filters apply to the whole group, so the OPTIONAL must be its last
// element but filters (later ones would bind variables of P first).
func planOptionalPartition(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), tlpUnfit(q)); why != "" {
		return nil, why
	}
	idx := lastNonFilter(q.Where)
	if idx < 0 {
		return nil, "no OPTIONAL last in the top-level group"
	}
	opt, ok := q.Where.Elems[idx].(*syntax.Optional)
	if !ok {
		return nil, "no OPTIONAL last in the top-level group"
	}
	if !triplesOnly(opt.Pattern) {
		return nil, "the OPTIONAL holds more than triple patterns (a FILTER there is the LeftJoin's condition)"
	}
	join, diff := syntax.Clone(q), syntax.Clone(q)
	join.Where.Elems[idx] = syntax.Clone(opt.Pattern)
	diff.Where.Elems[idx] = &syntax.Filter{Expr: &syntax.Exists{Not: true, Pattern: syntax.Clone(opt.Pattern)}}
	return partition(q, []*syntax.Query{join, diff}), ""
}

func lastNonFilter(g *syntax.GroupPattern) int {
	for i := len(g.Elems) - 1; i >= 0; i-- {
		if _, ok := g.Elems[i].(*syntax.Filter); !ok {
			return i
		}
	}
	return -1
}

func triplesOnly(g *syntax.GroupPattern) bool {
	for _, e := range g.Elems {
		if _, ok := e.(*syntax.TriplesBlock); !ok {
			return false
		}
	}
	return len(g.Elems) > 0
}

// planUnionPartition: a group's solutions are built from its elements by
// Join, LeftJoin (left operand), Minus (left operand), Filter and Extend,
// each of which treats the solutions of a Union operand one by one
// (#defn_algJoin, #defn_algLeftJoin, #defn_algMinus, #defn_algFilter,
// #defn_extend), and Union adds cardinalities (#defn_algUnion): so the
// group with { A } UNION { B } answers the bag union of the group with
// { A } and the group with { B }.
func planUnionPartition(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), tlpUnfit(q)); why != "" {
		return nil, why
	}
	idx, u := topUnion(q.Where)
	if u == nil {
		return nil, "no UNION in the top-level group"
	}
	var parts []*syntax.Query
	for _, g := range u.Groups {
		p := syntax.Clone(q)
		p.Where.Elems[idx] = syntax.Clone(g)
		parts = append(parts, p)
	}
	return partition(q, parts), ""
}

func topUnion(g *syntax.GroupPattern) (int, *syntax.Union) {
	for i, e := range g.Elems {
		if u, ok := e.(*syntax.Union); ok {
			return i, u
		}
	}
	return -1, nil
}

// planDistinctUnion: DISTINCT keeps each projected solution once
// (#defn_algDistinct), projection is row by row (#defn_algProjection) and
// Union adds bags (#defn_algUnion): so SELECT DISTINCT over { A } UNION
// { B } is the distinct rows of SELECT DISTINCT over { A } and over { B }
// together (the union of the DISTINCTs, made distinct: a row both branches
// give appears once). Aggregates do not distribute over the union. The
// sets are compared up to blank-node identity (blur before distinctRows,
// on both sides: labels of separate queries are not comparable).
func planDistinctUnion(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), sliced(q)); why != "" {
		return nil, why
	}
	if len(q.Mod.Group) > 0 || len(q.Mod.Having) > 0 || hasAggregate(q) {
		return nil, "aggregation"
	}
	if q.Select.Reduced {
		return nil, "REDUCED"
	}
	idx, u := topUnion(q.Where)
	if u == nil {
		return nil, "no UNION in the top-level group"
	}
	d := syntax.Clone(q)
	d.Select.Distinct = true
	var parts []*syntax.Query
	for _, g := range u.Groups {
		p := syntax.Clone(d)
		p.Where.Elems[idx] = syntax.Clone(g)
		parts = append(parts, p)
	}
	pl := partition(d, parts)
	inner := pl.judge
	pl.judge = func(as []*results.Answer) (*results.Answer, *results.Answer, string) {
		want, got, skip := inner(as)
		return distinctRows(blur(want)), distinctRows(blur(got)), skip
	}
	return pl, ""
}

// ---------------------------------------------------------------- rewrites

// planJoinReorder: Join is commutative and associative on bags
// (#defn_algJoin: merge and compatibility are symmetric, cardinalities
// multiply), and a basic graph pattern is a set of triple patterns
// (#BasicGraphPatterns). So reversing the triple patterns of every block,
// and the leading elements of the top-level group that are only joined
// (#sparqlTranslateGraphPatterns: blocks, groups, UNION, GRAPH, VALUES,
// sub-selects, FILTERs, which apply to the whole group), answers the same.
// Blank nodes in the pattern stay out: moving blocks could merge or split
// the basic graph pattern a label is scoped to (#bgpBNodeLabels).
func planJoinReorder(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), sliced(q)); why != "" {
		return nil, why
	}
	if blankInPattern(q.Where) {
		return nil, "blank nodes in the pattern"
	}
	r := syntax.Clone(q)
	changed := false
	syntax.Inspect(r.Where, func(n syntax.Node) bool {
		if tb, ok := n.(*syntax.TriplesBlock); ok {
			changed = reverse(tb.Triples) || changed
			for _, t := range tb.Triples {
				changed = reverse(t.Props) || changed
			}
		}
		return true
	})
	n := 0
	for n < len(r.Where.Elems) && joinedOnly(r.Where.Elems[n]) {
		n++
	}
	changed = reverse(r.Where.Elems[:n]) || changed
	if !changed {
		return nil, "nothing to reorder: one triple pattern, one joined element"
	}
	return same(q, r), ""
}

func reverse[T any](xs []T) bool {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
	return len(xs) > 1
}

func joinedOnly(p syntax.Pattern) bool {
	switch p.(type) {
	case *syntax.TriplesBlock, *syntax.GroupPattern, *syntax.Union, *syntax.Graph, *syntax.InlineData,
		*syntax.SubSelect, *syntax.Filter:
		return true
	}
	return false
}

func blankInPattern(g *syntax.GroupPattern) bool {
	found := false
	syntax.Inspect(g, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.BlankNode, *syntax.BlankNodePropertyList, *syntax.Collection:
			found = true
		}
		return !found
	})
	return found
}

// planFilterMove: a FILTER applies to its whole group
// (#sparqlCollectFilters, #scopeFilters). Filter(e, Join(Ω1, Ω2)) is
// Join(Ω1, Filter(e, Ω2)) when e reads only variables every solution of
// Ω2 binds, and so is LeftJoin's and Minus's left operand: the merged
// solution agrees with μ2 there (#defn_algFilter, #defn_algJoin). A basic
// graph pattern binds all its variables (#defn_evalBasicGraphPattern). So
// a top-level FILTER(e) whose variables one triples block binds moves into
// { block FILTER(e) }, or such a nested group's FILTER moves out. Not
// EXISTS (it reads the whole solution, #func-filter-exists), not a FILTER
// in an OPTIONAL (the LeftJoin's condition).
func planFilterMove(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), sliced(q)); why != "" {
		return nil, why
	}
	if blankInPattern(q.Where) {
		return nil, "blank nodes in the pattern"
	}
	if r := pushFilter(q); r != nil {
		return same(q, r), ""
	}
	if r := pullFilter(q); r != nil {
		return same(q, r), ""
	}
	return nil, "no FILTER whose variables one triples block of its group binds"
}

func pushFilter(q *syntax.Query) *syntax.Query {
	for i, e := range q.Where.Elems {
		f, ok := e.(*syntax.Filter)
		if !ok || !movable(f.Expr) {
			continue
		}
		for j, b := range q.Where.Elems {
			tb, ok := b.(*syntax.TriplesBlock)
			if !ok || !subset(varsIn(f.Expr), varsIn(tb)) {
				continue
			}
			r := syntax.Clone(q)
			r.Where.Elems[j] = &syntax.GroupPattern{Elems: []syntax.Pattern{r.Where.Elems[j], r.Where.Elems[i]}}
			r.Where.Elems = append(r.Where.Elems[:i:i], r.Where.Elems[i+1:]...)
			return r
		}
	}
	return nil
}

func pullFilter(q *syntax.Query) *syntax.Query {
	for j, e := range q.Where.Elems {
		g, ok := e.(*syntax.GroupPattern)
		if !ok || len(g.Elems) != 2 {
			continue
		}
		tb, ok1 := g.Elems[0].(*syntax.TriplesBlock)
		f, ok2 := g.Elems[1].(*syntax.Filter)
		if !ok1 || !ok2 || !movable(f.Expr) || !subset(varsIn(f.Expr), varsIn(tb)) {
			continue
		}
		r := syntax.Clone(q)
		r.Where.Elems[j] = syntax.Clone(tb)
		r.Where.Elems = append(r.Where.Elems, syntax.Clone(f))
		return r
	}
	return nil
}

// movable: the expression reads nothing but its variables' values.
func movable(e syntax.Expr) bool {
	ok := true
	syntax.Inspect(e, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Exists:
			ok = false
		case *syntax.Call:
			if perEvaluation[n.Name] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// varsIn is every variable written anywhere in n: a filter's expression,
// a triples block.
func varsIn(n syntax.Node) map[string]bool {
	out := map[string]bool{}
	syntax.Inspect(n, func(n syntax.Node) bool {
		if v, ok := n.(*syntax.Var); ok {
			out[v.Name] = true
		}
		return true
	})
	return out
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// planSubselectWrap: a sub-select is evaluated and its projection joined
// to the outer group (#subqueries); SELECT * projects every in-scope
// variable (#selectproject), and joining one multiset to the empty group
// is that multiset (#defn_algToMultiSet, #defn_algJoin). So WHERE { P }
// and WHERE { { SELECT * WHERE { P } } } answer alike under the same
// modifiers.
func planSubselectWrap(q *syntax.Query) (*relPlan, string) {
	if why := firstOf(relUnfit(q), sliced(q)); why != "" {
		return nil, why
	}
	if len(q.Where.Elems) == 1 {
		if _, ok := q.Where.Elems[0].(*syntax.SubSelect); ok {
			return nil, "already a sub-select"
		}
	}
	r := syntax.Clone(q)
	r.Where = &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.SubSelect{
		Select: &syntax.Projection{Star: true}, Where: r.Where}}}
	return same(q, r), ""
}

// varsText lists variables for messages.
func varsText(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = "?" + v
	}
	return strings.Join(out, " ")
}
