package reference

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// group is one key → Ω pair of Group's result.
type group struct {
	key   []ops.Value // ListEval(exprlist, μ), errors kept
	omega Multiset
}

// evalGroup evaluates the combined algebra.Group node, Jena's
// (group (keys) (aggs) P): Group(exprlist, P), one Aggregation per aggregate,
// AggregateJoin, and the bindings of the grouping variables (which §18.2.4.1
// writes as Aggregation(V, Sample, {}, G); all members of a group agree on a
// key, so every sample is the key value itself).
func (e *evaluator) evalGroup(g *rdf.Graph, op *algebra.Group, omega Multiset) (Multiset, error) {
	groups, err := e.Group(g, op.Keys, omega, len(op.Aggs) > 0)
	if err != nil {
		return nil, err
	}
	vals := make([][]ops.Value, len(op.Aggs))
	for i := range op.Aggs {
		if vals[i], err = e.Aggregation(g, &op.Aggs[i].Agg, groups); err != nil {
			return nil, err
		}
	}
	return AggregateJoin(op.Keys, op.Aggs, groups, vals), nil
}

// Group transcribes #defn_algGroup:
//
//	Group(exprlist, Ω) = { ListEval(exprlist, μ) → { μ' | μ' in Ω,
//	ListEval(exprlist, μ) = ListEval(exprlist, μ') } | μ in Ω }
//	ListEval((expr1, ..., exprn), μ) returns a list (e1, ..., en), where ei = expri(μ) or error.
//	ListEval retains errors resulting from the evaluation of the list elements.
//
// Errors group together (an unbound key is one group). With no GROUP BY the
// translation uses Group((1), P) (#sparqlGroupAggregate): every solution has
// the key (1). Over an empty Ω that set of groups is empty, yet "aggregating
// empty results with no group-by always returns a single result" (W3C
// agg-empty-group-max-2, agg-empty-group-count-2): so with no keys and at
// least one aggregate there is one group, possibly empty. That is
// errata-query-21 against the words, and the judge records that it
// followed it (ops.FollowsGroupErratum) where the group is empty: only
// there do the words and the erratum part.
func (e *evaluator) Group(g *rdf.Graph, keys []algebra.GroupKey, omega Multiset, aggs bool) ([]group, error) {
	if len(keys) == 0 {
		if len(omega) == 0 && !aggs {
			return nil, nil
		}
		if len(omega) == 0 {
			e.ectx.Follow(ops.FollowsGroupErratum)
		}
		return []group{{omega: omega}}, nil
	}
	var out []group
	index := map[string]int{}
	all := make([][]ops.Value, 0, len(omega))
	defer func() { e.noteGroups(all) }()
	for _, mu := range omega {
		k, err := e.listEval(g, keys, mu)
		if err != nil {
			return nil, err
		}
		all = append(all, k)
		s := valuesKey(k)
		i, ok := index[s]
		if !ok {
			i = len(out)
			index[s] = i
			out = append(out, group{key: k})
		}
		out[i].omega = append(out[i].omega, mu)
	}
	return out, nil
}

func (e *evaluator) listEval(g *rdf.Graph, keys []algebra.GroupKey, mu Mapping) ([]ops.Value, error) {
	out := make([]ops.Value, len(keys))
	for i, k := range keys {
		v, err := e.value(g, k.Expr, mu)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// valuesKey is equal for equal key lists; all errors are one value.
func valuesKey(vs []ops.Value) string {
	var b strings.Builder
	for _, v := range vs {
		if v.IsErr() {
			b.WriteString("!\x00")
			continue
		}
		b.WriteByte(byte('0' + v.Term.Kind))
		b.WriteString(v.Term.String())
		b.WriteByte(0)
	}
	return b.String()
}

// Aggregation transcribes #defn_algAggregation:
//
//	Aggregation(exprlist, func, scalarvals, { key1→Ω1, ..., keym→Ωm } )
//	= { (key, F(Ω)) | key → Ω in { key1→Ω1, ..., keym→Ωm } }
//	where
//	M(Ω) = { ListEval(exprlist, μ) | μ in Ω }
//	F(Ω) = func(M(Ω), scalarvals), for non-DISTINCT
//	F(Ω) = func(Distinct(M(Ω)), scalarvals), for DISTINCT
//
// The set functions (#setFunctions) are ops.Aggregate, shared and trusted.
func (e *evaluator) Aggregation(g *rdf.Graph, agg *algebra.Aggregate, groups []group) ([]ops.Value, error) {
	out := make([]ops.Value, len(groups))
	for i, grp := range groups {
		if err := e.step(int64(len(grp.omega)) + 1); err != nil {
			return nil, err
		}
		bs := make([]ops.Binding, len(grp.omega))
		for j, mu := range grp.omega {
			bs[j] = visible(mu) // COUNT(DISTINCT *) must not see blank-node variables
		}
		saved := e.ectx.Exists
		e.ectx.Exists = func(op algebra.Op, b ops.Binding) (bool, error) { return e.existsFor(g, op, b) }
		before := e.ectx.ExtErrors
		out[i] = ops.Aggregate(agg, bs, e.ectx)
		e.ectx.Exists = saved
		if e.ectx.ExtErrors > before { // an aggregate is never an extension site of its own (extension.go)
			e.ext.Elsewhere = true
		}
		if e.ectx.Fatal != nil {
			return nil, e.ectx.Fatal
		}
	}
	return out, nil
}

// AggregateJoin transcribes "Definition: AggregateJoin" of #aggregateAlgebra:
//
//	AggregateJoin(S1, ..., Sn) = { agg1→val1, ..., aggn→valn | key in K and key→vali in Si for each 1 <= i <= n }
//
// and #defn_evalAggregateJoin: "if eval(D(G), Ai) is an error, it is
// ignored" — an aggregate error leaves its variable unbound. Named group keys
// (GROUP BY ?x, GROUP BY (expr AS ?x)) are bound to the key value, unless it
// is an error.
func AggregateJoin(keys []algebra.GroupKey, aggs []algebra.AggBinding, groups []group, vals [][]ops.Value) Multiset {
	out := make(Multiset, 0, len(groups))
	for gi, grp := range groups {
		mu := Mapping{}
		for ki, k := range keys {
			if k.Var != "" && ki < len(grp.key) && !grp.key[ki].IsErr() && !grp.key[ki].Term.IsZero() {
				mu = bindOnce(mu, k.Var, grp.key[ki])
			}
		}
		for ai, a := range aggs {
			if v := vals[ai][gi]; !v.IsErr() && !v.Term.IsZero() {
				mu = bindOnce(mu, a.Var, v)
			}
		}
		out = append(out, mu)
	}
	return out
}

// bindOnce binds v to the value x (its term and provenance) unless bound.
func bindOnce(mu Mapping, v string, x ops.Value) Mapping {
	if _, ok := mu.Get(v); ok {
		return mu
	}
	return mu.WithValue(v, x.Term, x.Prov)
}

// visible drops the hidden variables of μ.
func visible(mu Mapping) Mapping {
	out := make(Mapping, 0, len(mu))
	for _, b := range mu {
		if !algebra.IsHidden(b.Var) {
			out = append(out, b)
		}
	}
	return out
}
