package large

import (
	"fmt"
	"math/big"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// pagesWanted is how many pages split the answer (one more, past the end,
// must be empty).
const pagesWanted = 3

// planLimitPages: OFFSET and LIMIT slice the ordered sequence
// (#defn_algSlice, #modOffset, #modResultLimit), so under one order the
// pages OFFSET k*n LIMIT n, one after the other, concatenate to the whole
// ordered answer. That holds only when the order is total
// (#modOrderBy: ties, and literals `<` does not order, may come in any
// order, and two evaluations may order them differently). The query is
// ordered by its own keys that are projected variables, then by every
// projected variable (its other keys dropped: their values are not in the
// answer to check), so distinct rows never tie on all keys; the whole
// answer is then checked to be totally ordered (totalOrder) before the
// pages are asked.
func planLimitPages(q *syntax.Query) (*relPlan, string) {
	if why := relUnfit(q); why != "" {
		return nil, why
	}
	if q.Select.Reduced {
		return nil, "REDUCED: its cardinality is open"
	}
	vars := projected(q)
	if len(vars) == 0 {
		return nil, "no projected variable to order by"
	}
	full := syntax.Clone(q)
	full.Mod.Order = nil
	proj := map[string]bool{}
	for _, v := range vars {
		proj[v] = true
	}
	for _, k := range q.Mod.Order { // only keys whose values the answer shows can be checked
		if v, ok := k.Expr.(*syntax.Var); ok && proj[v.Name] {
			full.Mod.Order = append(full.Mod.Order, syntax.Clone(k))
		}
	}
	for _, v := range vars {
		full.Mod.Order = append(full.Mod.Order, &syntax.OrderCondition{Expr: &syntax.Var{Name: v}})
	}
	off := int64(0)
	if full.Mod.Offset != nil {
		off = *full.Mod.Offset
	}
	keys := full.Mod.Order
	pl := &relPlan{queries: []*syntax.Query{full}}
	pl.more = func(first *results.Answer) ([]*syntax.Query, string) {
		if why := totalOrder(first, keys); why != "" {
			return nil, why
		}
		n := int64(max(1, (len(first.Rows)+pagesWanted-1)/pagesWanted))
		var pages []*syntax.Query
		for k := int64(0); k <= pagesWanted; k++ {
			p := syntax.Clone(full)
			o, l := off+k*n, n
			if full.Mod.Limit != nil {
				l = min(n, max(0, *full.Mod.Limit-k*n))
			}
			p.Mod.Offset, p.Mod.Limit = &o, &l
			pages = append(pages, p)
		}
		return pages, ""
	}
	pl.judge = func(as []*results.Answer) (*results.Answer, *results.Answer, string) {
		want := *as[0]
		want.Freedom = &results.Freedom{Ordered: true, Limit: -1}
		got := &results.Answer{Kind: results.Bindings, Vars: as[0].Vars}
		for _, a := range as[1:] {
			got.Rows = append(got.Rows, a.Rows...)
		}
		return &want, got, ""
	}
	return pl, ""
}

// projected are the variables a SELECT projects: its items, or for
// SELECT * every variable of the pattern (one only in a FILTER is never
// bound, and orders nothing).
func projected(q *syntax.Query) []string {
	if !q.Select.Star {
		out := make([]string, len(q.Select.Items))
		for i, it := range q.Select.Items {
			out[i] = it.Var.Name
		}
		return out
	}
	seen := map[string]bool{}
	var out []string
	syntax.Inspect(q.Where, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Exists:
			return false // its variables are not in scope outside
		case *syntax.SubSelect:
			for _, it := range n.Select.Items {
				if !seen[it.Var.Name] {
					seen[it.Var.Name] = true
					out = append(out, it.Var.Name)
				}
			}
			return n.Select.Star
		case *syntax.Var:
			if !seen[n.Name] {
				seen[n.Name] = true
				out = append(out, n.Name)
			}
		}
		return true
	})
	return out
}

// totalOrder says why an answer's order under keys (plain variables: the
// query's own keys may be expressions, which then fall back to the
// projected ones) is not total, or "". A key's values must be of one class
// the ORDER BY order totally orders (#modOrderBy: unbound first, then
// IRIs, then literals; numbers by value, simple literals by code point;
// blank nodes, dates with and without time zones, language-tagged and
// other literals are not totally ordered), and no two distinct numbers may
// be equal in value.
func totalOrder(a *results.Answer, keys []*syntax.OrderCondition) string {
	if a.Kind != results.Bindings {
		return "not a bindings answer"
	}
	for _, k := range keys {
		v, ok := k.Expr.(*syntax.Var)
		if !ok {
			continue
		}
		if why := totalOn(a.Rows, v.Name); why != "" {
			return why
		}
	}
	return ""
}

func totalOn(rows []results.Solution, v string) string {
	lit := ""
	byValue := map[string]rdf.Term{}
	for _, row := range rows {
		t, ok := row[v]
		if !ok || t.IsZero() || t.IsIRI() {
			continue
		}
		c := orderClass(t)
		switch {
		case c == "":
			return fmt.Sprintf("the order is not total: ?%s holds %s", v, t)
		case lit == "":
			lit = c
		case lit != c:
			return fmt.Sprintf("the order is not total: ?%s holds %s and %s literals, which `<` does not compare", v, lit, c)
		}
		if c == "numeric" {
			key := numericKey(t)
			if o, ok := byValue[key]; ok && o != t {
				return fmt.Sprintf("the order is not total: ?%s holds %s and %s, equal in value", v, o, t)
			}
			byValue[key] = t
		}
	}
	return ""
}

func orderClass(t rdf.Term) string {
	if !t.IsLiteral() {
		return ""
	}
	switch t.Datatype {
	case rdf.XSDString:
		return "string"
	case rdf.XSDInteger, rdf.XSDDecimal, rdf.XSD + "int", rdf.XSD + "short", rdf.XSD + "long",
		rdf.XSD + "nonNegativeInteger", rdf.XSD + "positiveInteger":
		if numericKey(t) != "" {
			return "numeric"
		}
	}
	return "" // doubles (NaN), dates, language-tagged and other literals: not totally ordered here
}

// numericKey is a decimal number's exact value as text, "" when t's
// lexical form is not a number.
func numericKey(t rdf.Term) string {
	r, ok := new(big.Rat).SetString(t.Value)
	if !ok {
		return ""
	}
	return r.RatString()
}
