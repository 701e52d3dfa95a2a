package reference

import (
	"sort"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Filter transcribes #defn_algFilter:
//
//	Filter(expr, Ω, D(G)) = { μ | μ in Ω and expr(μ) is an expression that has
//	an effective boolean value of true }
//	card[Filter(expr, Ω, D(G))](μ) = card[Ω](μ)
//
// Several expressions are a conjunction (FILTER(A) FILTER(B) is A && B, and
// && is true only when both sides are true).
func (e *evaluator) Filter(g *rdf.Graph, exprs []algebra.Expr, omega Multiset) (Multiset, error) {
	out := Multiset{}
	for _, mu := range omega {
		keep := true
		for _, x := range exprs {
			ok, err := e.filterEBV(g, x, mu) // ebv, or §17.6's kept row (extension.go)
			if err != nil {
				return nil, err
			}
			if !ok {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, mu)
		}
	}
	return out, nil
}

// Join transcribes #defn_algJoin:
//
//	Join(Ω1, Ω2) = { merge(μ1, μ2) | μ1 in Ω1 and μ2 in Ω2, and μ1 and μ2 are compatible }
//	card[Join(Ω1, Ω2)](μ) = for each merge(μ1, μ2), μ1 in Ω1 and μ2 in Ω2 such that
//	μ = merge(μ1, μ2), sum over (μ1, μ2), card[Ω1](μ1)*card[Ω2](μ2)
func (e *evaluator) Join(o1, o2 Multiset) (Multiset, error) {
	out := Multiset{}
	for _, m1 := range o1 {
		for _, m2 := range o2 {
			if err := e.step(1); err != nil {
				return nil, err
			}
			e.noteCompatible(m1, m2)
			if Compatible(m1, m2) {
				out = append(out, Merge(m1, m2))
				if err := e.grow(len(out)); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// Diff transcribes #defn_algDiff:
//
//	Diff(Ω1, Ω2, expr) = { μ | μ in Ω1 such that ∀ μ′ in Ω2, either μ and μ′ are
//	not compatible or μ and μ' are compatible and expr(merge(μ, μ')) has an
//	effective boolean value of false }
//	card[Diff(Ω1, Ω2, expr)](μ) = card[Ω1](μ)
//
// "has an effective boolean value of false" is read as "does not have an
// effective boolean value of true": an expression error counts as false, as
// for Filter. With the literal reading an error would drop μ from both parts
// of LeftJoin; the W3C tests open-eq-12 and filter-scope-1 (sparql10) expect
// μ to survive, and fail with the literal reading (measured).
func (e *evaluator) Diff(g *rdf.Graph, o1, o2 Multiset, x algebra.Expr) (Multiset, error) {
	return e.keepUnmatched(o1, o2, func(mu, mu2 Mapping) (bool, error) {
		if !Compatible(mu, mu2) {
			return false, nil
		}
		return e.diffEBV(g, x, Merge(mu, mu2)) // follows.go: errata-query-12
	})
}

// keepUnmatched returns { μ | μ in Ω1 . ∀ μ' in Ω2, not matches(μ, μ') }
// with card[Ω1](μ): the shape Diff and Minus share. Each pair costs a step.
func (e *evaluator) keepUnmatched(o1, o2 Multiset, matches func(mu, mu2 Mapping) (bool, error)) (Multiset, error) {
	out := Multiset{}
	for _, mu := range o1 {
		keep := true
		for _, mu2 := range o2 {
			if err := e.step(1); err != nil {
				return nil, err
			}
			e.noteCompatible(mu, mu2)
			m, err := matches(mu, mu2)
			if err != nil {
				return nil, err
			}
			if m {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, mu)
		}
	}
	return out, nil
}

// LeftJoin transcribes #defn_algLeftJoin:
//
//	LeftJoin(Ω1, Ω2, expr) = Filter(expr, Join(Ω1, Ω2)) ∪ Diff(Ω1, Ω2, expr)
//	card[LeftJoin(Ω1, Ω2, expr)](μ) = card[Filter(expr, Join(Ω1, Ω2))](μ) + card[Diff(Ω1, Ω2, expr)](μ)
//
// A nil expr is true.
func (e *evaluator) LeftJoin(g *rdf.Graph, o1, o2 Multiset, x algebra.Expr) (Multiset, error) {
	j, err := e.Join(o1, o2)
	if err != nil {
		return nil, err
	}
	f := j
	if x != nil {
		if f, err = e.Filter(g, []algebra.Expr{x}, j); err != nil {
			return nil, err
		}
	}
	d, err := e.Diff(g, o1, o2, x)
	if err != nil {
		return nil, err
	}
	return e.Union(f, d)
}

// Union transcribes #defn_algUnion:
//
//	Union(Ω1, Ω2) = { μ | μ in Ω1 or μ in Ω2 }
//	card[Union(Ω1, Ω2)](μ) = card[Ω1](μ) + card[Ω2](μ)
func (e *evaluator) Union(o1, o2 Multiset) (Multiset, error) {
	out := make(Multiset, 0, len(o1)+len(o2))
	out = append(out, o1...)
	out = append(out, o2...)
	return out, e.grow(len(out))
}

// Minus transcribes #defn_algMinus:
//
//	Minus(Ω1, Ω2) = { μ | μ in Ω1 . ∀ μ' in Ω2, either μ and μ' are not
//	compatible or dom(μ) and dom(μ') are disjoint }
//	card[Minus(Ω1, Ω2)](μ) = card[Ω1](μ)
func (e *evaluator) Minus(o1, o2 Multiset) (Multiset, error) {
	return e.keepUnmatched(o1, o2, func(mu, mu2 Mapping) (bool, error) {
		return Compatible(mu, mu2) && !Disjoint(mu, mu2), nil
	})
}

// Extend transcribes #defn_extend:
//
//	Extend(μ, var, expr) = μ ∪ { (var,value) | var not in dom(μ) and value = expr(μ) }
//	Extend(μ, var, expr) = μ if var not in dom(μ) and expr(μ) is an error
//	Extend is undefined when var in dom(μ).
//	Extend(Ω, var, expr) = { Extend(μ, var, expr) | μ in Ω }
//
// The translation never builds the undefined case; should substitution into
// EXISTS produce it, μ is kept unchanged.
func (e *evaluator) Extend(g *rdf.Graph, omega Multiset, v string, x algebra.Expr) (Multiset, error) {
	return e.extendAll(g, omega, []*algebra.Extend{{Var: v, Expr: x}})
}

// extendAll applies a chain of Extends (innermost first) solution by
// solution: the SELECT expressions of one solution are one BNODE(str) scope
// (#func-bnode: "the same blank node for the same simple literal within one
// solution", W3C bnode01).
func (e *evaluator) extendAll(g *rdf.Graph, omega Multiset, chain []*algebra.Extend) (Multiset, error) {
	out := make(Multiset, 0, len(omega))
	for _, mu := range omega {
		e.ectx.NewSolution()
		for _, x := range chain {
			var err error
			if mu, err = e.extend1(g, mu, x.Var, x.Expr); err != nil {
				return nil, err
			}
		}
		out = append(out, mu)
	}
	return out, nil
}

// extend1 is Extend(μ, var, expr).
func (e *evaluator) extend1(g *rdf.Graph, mu Mapping, v string, x algebra.Expr) (Mapping, error) {
	if _, bound := mu.Get(v); bound {
		return mu, nil
	}
	val, err := e.value(g, x, mu)
	if err == nil && e.extendsCell(val) { // extension.go
		return mu.WithValue(v, results.ExtensionValue, ops.Prov{}), nil
	}
	if err != nil || val.IsErr() || val.Term.IsZero() {
		return mu, err
	}
	return mu.WithValue(v, val.Term, val.Prov), nil
}

// ToMultiSet transcribes #defn_algToMultiSet for the data of a VALUES block
// (#inline-data); UNDEF (the zero term) leaves the variable unbound:
//
//	ToMultiSet(Ψ) = { μ | μ in Ψ }
//	card[ToMultiSet(Ψ)](μ) = card[Ψ](μ)
func (e *evaluator) ToMultiSet(vars []string, rows [][]rdf.Term) (Multiset, error) {
	out := make(Multiset, 0, len(rows))
	for _, row := range rows {
		out = append(out, rowMapping(vars, row))
	}
	return out, e.grow(len(out))
}

func rowMapping(vars []string, row []rdf.Term) Mapping {
	mu := Mapping{}
	for i, v := range vars {
		if i < len(row) && !row[i].IsZero() {
			if _, dup := mu.Get(v); !dup {
				mu = mu.With(v, row[i])
			}
		}
	}
	return mu
}

// OrderBy transcribes #defn_algOrdered:
//
//	OrderBy(Ψ, condition) = [ μ | μ in Ψ and the sequence satisfies the ordering condition]
//	card[OrderBy(Ψ, condition)](μ) = card[Ψ](μ)
//
// The ordering is §15.1 (#modOrderBy) through ops.OrderCompare; an expression
// error sorts as unbound. The sort is stable, so ties keep their input order.
// It also returns each row's key values, from which ties are read.
func (e *evaluator) OrderBy(g *rdf.Graph, psi Multiset, conds []algebra.OrderCond) (Multiset, [][]ops.Value, error) {
	rows := make([]keyed, len(psi))
	for i, mu := range psi {
		rows[i] = keyed{mu: mu, keys: make([]ops.Value, len(conds))}
		for k, c := range conds {
			v, err := e.value(g, c.Expr, mu)
			if err != nil {
				return nil, nil, err
			}
			if !v.IsErr() {
				rows[i].keys[k] = v
			}
		}
	}
	if err := e.step(int64(len(rows)) * int64(len(conds)+1)); err != nil {
		return nil, nil, err
	}
	sort.SliceStable(rows, func(i, j int) bool { return compareKeys(rows[i].keys, rows[j].keys, conds) < 0 })
	out, keys := make(Multiset, len(rows)), make([][]ops.Value, len(rows))
	for i, r := range rows {
		out[i], keys[i] = r.mu, r.keys
	}
	return out, keys, nil
}

type keyed struct {
	mu   Mapping
	keys []ops.Value // an error is the zero Value: unbound
}

func compareKeys(a, b []ops.Value, conds []algebra.OrderCond) int {
	for k, c := range conds {
		d := ops.OrderCompare(a[k].Term, b[k].Term)
		if c.Desc {
			d = -d
		}
		if d != 0 {
			return d
		}
	}
	return 0
}

// Project transcribes #defn_algProjection:
//
//	Project(Ψ, PV) = [ Proj(Ψ[μ], PV) | μ in Ψ ]
//	card[Project(Ψ, PV)](μ) = card[Ψ](μ)
//	The order of Project(Ψ, PV) must preserve any ordering given by OrderBy.
func Project(psi Multiset, vars []string) Multiset {
	out := make(Multiset, len(psi))
	for i, mu := range psi {
		out[i] = mu.Restrict(vars)
	}
	return out
}

// Distinct transcribes #defn_algDistinct:
//
//	Distinct(Ψ) = [ μ | μ in Ψ ]
//	card[Distinct(Ψ)](μ) = 1
//	The order of Distinct(Ψ) must preserve any ordering given by OrderBy.
//
// The first occurrence is kept.
func Distinct(psi Multiset) Multiset {
	out, _ := distinctIndex(psi)
	return out
}

func distinctIndex(psi Multiset) (Multiset, []int) {
	seen := map[string]bool{}
	out, idx := Multiset{}, []int{}
	for i, mu := range psi {
		k := mu.key()
		if !seen[k] {
			seen[k] = true
			out, idx = append(out, mu), append(idx, i)
		}
	}
	return out, idx
}

// Reduced transcribes #defn_algReduced:
//
//	Reduced(Ψ) = [ μ | μ in Ψ ]
//	card[Reduced(Ψ)](μ) is between 1 and card[Ψ](μ)
//	The order of Reduced(Ψ) must preserve any ordering given by OrderBy.
//
// At the top of a SELECT the reference keeps the full multiset and the
// answer's Reduced flag tells the comparator that every multiplicity from
// one up is fine (selectq.go); below the top (a sub-select) it picks the
// DISTINCT end, and nestedReduced marks the answer open when that dropped
// a duplicate.
func Reduced(psi Multiset) Multiset { return Distinct(psi) }

// nestedReduced is Reduced below the top of the query.
func (e *evaluator) nestedReduced(psi Multiset) Multiset {
	e.noteDistinct(psi)
	out := Reduced(psi)
	if len(out) < len(psi) && e.ectx.Indeterminate == "" {
		e.ectx.Indeterminate = "a sub-select's REDUCED may keep any number of its duplicates (#defn_algReduced): " +
			"the judge cannot list the choices"
	}
	return out
}

// Slice transcribes #defn_algSlice:
//
//	Slice(Ψ, start, length)[i] = Ψ[start+i] for i = 0 to (length-1)
//
// length < 0 means no LIMIT: size(Ψ)-start (#sparqlOffsetLimit).
func Slice(psi Multiset, start, length int64) Multiset {
	if start < 0 {
		start = 0
	}
	if start >= int64(len(psi)) {
		return Multiset{}
	}
	end := int64(len(psi))
	if length >= 0 && start+length < end {
		end = start + length
	}
	return psi[start:end]
}
