package reference

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// This file is where the judge's answer depends on what the specification
// leaves open in a computed value (ops.Prov): a computed number's lexical
// form, an xs:decimal result's precision, an open value. Such values are
// recorded per cell for the comparator (cells); where one decides which
// solutions exist, the answer is marked indeterminate with a reason, as for
// the judge's other silent choices. A condition that reads only a fixed
// value (FILTER(?avg > 2) with ?avg far from 2) stays judged.

// Reasons for marking an answer indeterminate because of an open value.
const (
	openFilter = "a FILTER, HAVING or OPTIONAL condition reads a value SPARQL leaves open (a computed number's " +
		"precision or lexical form, RAND, NOW, SAMPLE...): which solutions pass depends on the engine's choice"
	openJoin = "solutions are joined on a computed value compared as a term with an equal-valued term " +
		"(#defn_algCompatibleMapping): the engine's choice of lexical form or precision decides whether they join"
	openDistinct = "DISTINCT or REDUCED compares computed values as terms (#defn_algDistinct): the engine's choice of " +
		"lexical form or precision decides which solutions are duplicates"
	openGroup = "GROUP BY compares computed key values (#defn_algGroup): the engine's choice of lexical form or " +
		"precision decides which solutions share a group"
	openExists = "EXISTS substitutes a computed value into a pattern matched by term equality (#defn_evalExists): " +
		"the engine's choice of lexical form or precision decides the match"
)

// mark records the first reason the answer is indeterminate.
func (e *evaluator) mark(reason string) {
	if e.ectx.Indeterminate == "" {
		e.ectx.Indeterminate = reason
	}
}

// noteCompatible marks the answer when μ1 and μ2 share a variable whose
// two values an engine may make the same term or different terms where the
// judge did not (ops.TermEqualOpen), and no shared variable is surely
// bound to different terms.
func (e *evaluator) noteCompatible(m1, m2 Mapping) {
	if e.ectx.Indeterminate != "" || (!m1.open() && !m2.open()) {
		return
	}
	open := false
	maybe := eachShared(m1, m2, func(b1, b2 Binding) bool {
		a := ops.Value{Term: b1.Term, Prov: b1.Prov}
		b := ops.Value{Term: b2.Term, Prov: b2.Prov}
		switch {
		case ops.TermEqualOpen(a, b):
			open = true
		case a.Term != b.Term:
			return false // surely incompatible, whatever the open values are
		}
		return true
	})
	if maybe && open {
		e.mark(openJoin)
	}
}

// noteDistinct marks the answer when the openness of a computed value may
// make two solutions of psi the same solution, or two equal ones different.
func (e *evaluator) noteDistinct(psi Multiset) {
	if e.ectx.Indeterminate != "" || !anyOpenMapping(psi) {
		return
	}
	vars := domain(psi)
	rows := make([][]ops.Value, len(psi))
	for i, mu := range psi {
		rows[i] = make([]ops.Value, len(vars))
		for k, v := range vars {
			rows[i][k] = mu.value(v)
		}
	}
	if mergeOpen(rows) {
		e.mark(openDistinct)
	}
}

func anyOpenMapping(psi Multiset) bool {
	for _, mu := range psi {
		if mu.open() {
			return true
		}
	}
	return false
}

// domain is the union of dom(μ) over psi, hidden variables included.
func domain(psi Multiset) []string {
	seen := map[string]bool{}
	var out []string
	for _, mu := range psi {
		for _, b := range mu {
			if !seen[b.Var] {
				seen[b.Var] = true
				out = append(out, b.Var)
			}
		}
	}
	return out
}

// maxBucket bounds the pairs mergeOpen compares; a larger bucket holding
// an open value counts as open.
const maxBucket = 64

// mergeOpen reports whether the openness of some value can change whether
// two of the rows are equal (every position the same term; errors and
// unbound positions equal each other). Rows are bucketed by
// ops.CoarseKey, positions holding an open or open-precision value
// anywhere left out of the key; only buckets holding an open value are
// compared pairwise.
func mergeOpen(rows [][]ops.Value) bool {
	wild := wildPositions(rows)
	buckets := map[string][]int{}
	for i, r := range rows {
		k := coarseRowKey(r, wild)
		buckets[k] = append(buckets[k], i)
	}
	for _, b := range buckets {
		if len(b) < 2 || !bucketOpen(rows, b) {
			continue
		}
		if len(b) > maxBucket {
			return true
		}
		for x := range b {
			for y := x + 1; y < len(b); y++ {
				if rowEqualOpen(rows[b[x]], rows[b[y]]) {
					return true
				}
			}
		}
	}
	return false
}

func wildPositions(rows [][]ops.Value) []bool {
	var wild []bool
	for _, r := range rows {
		if wild == nil {
			wild = make([]bool, len(r))
		}
		for k, v := range r {
			if v.Prov.Fix == results.FixOpen || v.Prov.Fix == results.FixPrecision {
				wild[k] = true
			}
		}
	}
	return wild
}

func coarseRowKey(r []ops.Value, wild []bool) string {
	var b strings.Builder
	for k, v := range r {
		switch {
		case wild[k] && (v.Err != nil || v.Term.IsZero()):
			b.WriteString("!")
		case wild[k]:
			b.WriteString("?")
		default:
			b.WriteString(ops.CoarseKey(v))
		}
		b.WriteByte(0)
	}
	return b.String()
}

func bucketOpen(rows [][]ops.Value, b []int) bool {
	for _, i := range b {
		for _, v := range rows[i] {
			if v.Err == nil && !v.Prov.Exact() {
				return true
			}
		}
	}
	return false
}

// rowEqualOpen: no position is surely different, and some position's
// equality is open.
func rowEqualOpen(a, b []ops.Value) bool {
	open := false
	for k := range a {
		x, y := a[k], b[k]
		xe, ye := x.Err != nil || x.Term.IsZero(), y.Err != nil || y.Term.IsZero()
		switch {
		case xe || ye:
			if xe != ye {
				return false
			}
		case ops.TermEqualOpen(x, y):
			open = true
		case x.Term != y.Term:
			return false
		}
	}
	return open
}

// noteGroups marks the answer when the openness of a key value may move a
// solution into another group (#defn_algGroup compares the key lists).
func (e *evaluator) noteGroups(keys [][]ops.Value) {
	if e.ectx.Indeterminate != "" {
		return
	}
	for _, k := range keys {
		if bucketOpen([][]ops.Value{k}, []int{0}) {
			if mergeOpen(keys) {
				e.mark(openGroup)
			}
			return
		}
	}
}

// noteExists marks the answer when EXISTS substituted an open value of μ
// (#defn_evalExists): in a pattern position the term is matched by term
// equality, which a computed number's lexical form may change when the
// graph holds an equal-valued literal; an open-precision or open value
// becomes a constant that no longer carries its openness.
func (e *evaluator) noteExists(g *rdf.Graph, used replacedVars, mu Mapping) {
	if e.ectx.Indeterminate != "" || !mu.open() {
		return
	}
	for _, b := range mu {
		if b.Prov.Exact() || (!used.nodes[b.Var] && !used.exprs[b.Var]) {
			continue
		}
		v := ops.Value{Term: b.Term, Prov: b.Prov}
		if b.Prov.Fix != results.FixLexical || (used.nodes[b.Var] && meetsEqualValue(e.graphTerms(g), v)) {
			e.mark(openExists)
			return
		}
	}
}

// meetsEqualValue: some term of the graph may be the same term as v in an
// engine.
func meetsEqualValue(terms []rdf.Term, v ops.Value) bool {
	for _, t := range terms {
		if ops.TermEqualOpen(v, ops.Of(t)) {
			return true
		}
	}
	return false
}

// cells lists, per row, the Cell of every visible computed binding.
func cells(ms Multiset) []map[string]results.Cell {
	out := make([]map[string]results.Cell, len(ms))
	for i, mu := range ms {
		for _, b := range mu {
			if b.Prov.Exact() || algebra.IsHidden(b.Var) {
				continue
			}
			if out[i] == nil {
				out[i] = map[string]results.Cell{}
			}
			out[i][b.Var] = b.Prov.Cell()
		}
	}
	return out
}
