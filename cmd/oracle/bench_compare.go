package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The bench compares each external engine's answer with our engine's
// directly (diff.Compare against the reference is too slow at a million
// triples). Answers are bags (#defn_algMultiset): same rows, same
// multiplicities, any order, term by term. A sliced query
// (#defn_algSlice) may cut anywhere an order leaves open, so there the
// external rows must be as many, a sub-bag of our un-sliced answer, and,
// under ORDER BY (#defn_algOrdered), carry the same sequence of sort keys.
// The BSBM-like data has no blank nodes, so no bijection is needed.

// sliceOf returns the query's top Slice, if any, and the ORDER BY below it
// (algebra.TopOrderBy).
func sliceOf(q *algebra.Query) (*algebra.Slice, *algebra.OrderBy) {
	s, ok := q.Op.(*algebra.Slice)
	if !ok {
		return nil, nil
	}
	return s, algebra.TopOrderBy(s.Op)
}

// benchAgree says how ext differs from ours ("" when it agrees). full is
// our un-sliced answer for a sliced query, else nil.
func benchAgree(ours, ext, full *results.Answer, order *algebra.OrderBy) string {
	if ours.Kind != ext.Kind {
		return fmt.Sprintf("answer kind %v, ours %v", ext.Kind, ours.Kind)
	}
	switch ours.Kind {
	case results.Boolean:
		if ours.Boolean != ext.Boolean {
			return fmt.Sprintf("answered %v, ours %v", ext.Boolean, ours.Boolean)
		}
		return ""
	case results.Graph:
		return bagDiff(tripleKeys(ours.Triples), tripleKeys(ext.Triples))
	}
	if full == nil {
		return bagDiff(rowKeys(ours.Vars, ours.Rows), rowKeys(ours.Vars, ext.Rows))
	}
	return sliceDiff(ours, ext, full, order)
}

func sliceDiff(ours, ext, full *results.Answer, order *algebra.OrderBy) string {
	if len(ext.Rows) != len(ours.Rows) {
		return fmt.Sprintf("%d rows, ours %d", len(ext.Rows), len(ours.Rows))
	}
	if d := bagMissing(rowKeys(ours.Vars, full.Rows), rowKeys(ours.Vars, ext.Rows)); d != "" {
		return "rows outside our un-sliced answer: " + d
	}
	if order == nil {
		return ""
	}
	for i := range ours.Rows {
		a, b := sortKey(order, ours.Rows[i]), sortKey(order, ext.Rows[i])
		if a != b {
			return fmt.Sprintf("ORDER BY keys differ at row %d: %s, ours %s", i+1, b, a)
		}
	}
	return ""
}

// sortKey is the row's values of the ORDER BY variables (other sort
// expressions are not compared).
func sortKey(order *algebra.OrderBy, row results.Solution) string {
	var parts []string
	for _, c := range order.Conds {
		if v, ok := c.Expr.(*algebra.Var); ok {
			parts = append(parts, termKey(row, v.Name))
		}
	}
	return strings.Join(parts, " ")
}

func termKey(row results.Solution, v string) string {
	if t, ok := row[v]; ok {
		return t.String()
	}
	return "UNDEF"
}

func rowKeys(vars []string, rows []results.Solution) map[string]int {
	bag := make(map[string]int, len(rows))
	for _, r := range rows {
		parts := make([]string, len(vars))
		for i, v := range vars {
			parts[i] = termKey(r, v)
		}
		bag[strings.Join(parts, " ")]++
	}
	return bag
}

func tripleKeys(ts []rdf.Triple) map[string]int {
	bag := make(map[string]int, len(ts))
	for _, t := range ts {
		bag[t.String()]++
	}
	return bag
}

// bagDiff describes the rows each bag has more of than the other.
func bagDiff(ours, ext map[string]int) string {
	missing, extra := surplus(ours, ext), surplus(ext, ours)
	if len(missing) == 0 && len(extra) == 0 {
		return ""
	}
	return fmt.Sprintf("%d rows missing, %d extra%s%s", count(missing), count(extra),
		sample("; first missing: ", missing), sample("; first extra: ", extra))
}

// bagMissing describes the rows of sub that sup lacks.
func bagMissing(sup, sub map[string]int) string {
	extra := surplus(sub, sup)
	if len(extra) == 0 {
		return ""
	}
	return fmt.Sprintf("%d rows%s", count(extra), sample("; first: ", extra))
}

// surplus returns the keys a has more often than b, with the excess.
func surplus(a, b map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range a {
		if n > b[k] {
			out[k] = n - b[k]
		}
	}
	return out
}

func count(bag map[string]int) int {
	n := 0
	for _, c := range bag {
		n += c
	}
	return n
}

// sample shows the smallest key, so a report is the same from run to run.
func sample(label string, bag map[string]int) string {
	if len(bag) == 0 {
		return ""
	}
	keys := make([]string, 0, len(bag))
	for k := range bag {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return label + fmt.Sprintf("%.300s", keys[0])
}
