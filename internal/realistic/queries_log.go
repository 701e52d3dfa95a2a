package realistic

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The query-log shapes. Studies of real SPARQL logs (Bonifati, Martens
// and Timm, "An analytical study of large SPARQL query logs", VLDB
// Journal 29, 2020) find most queries are single triples, chains
// (linear), stars and snowflakes, with OPTIONAL, FILTER, UNION and
// aggregates on top, and a tail of complex ones. Each template walks the
// shape's schema (schema.go) so its joins connect, and draws its constants
// from the sample so it matches the data: a constant is a subject or
// object of a sampled triple of the predicate it is used with.

// logTemplates are the query-log shapes over one schema.
func logTemplates(sc schema) []template {
	mk := func(name string, f func(*qb) (string, bool)) template {
		return template{name: "log/" + name, make: func(r *rand.Rand, s *Sample) (string, bool) {
			b := &qb{r: r, s: s, sc: sc}
			body, ok := f(b)
			return sc.prefixes + body, ok
		}}
	}
	return []template{
		mk("linear", (*qb).linear), mk("star", (*qb).star), mk("snowflake", (*qb).snowflake),
		mk("complex", (*qb).complex), mk("optional-chain", (*qb).optionalChain),
		mk("filter-types", (*qb).filterTypes), mk("aggregate-having", (*qb).aggregate),
		mk("subselect-order-limit", (*qb).subselect), mk("path", (*qb).path),
		mk("union", (*qb).union), mk("minus", (*qb).minus), mk("not-exists", (*qb).notExists),
		mk("graph", (*qb).graph),
	}
}

// qb builds one query: fresh variables, the edges the sample holds.
type qb struct {
	r  *rand.Rand
	s  *Sample
	sc schema
	n  int
}

func (b *qb) v() string { b.n++; return fmt.Sprintf("?v%d", b.n) }

// edges are the kind's edges the sample holds, filtered.
func (b *qb) edges(kind string, keep func(edge) bool) []edge {
	var out []edge
	for _, e := range b.sc.from(kind) {
		if b.s.PredN[e.p] > 0 && (keep == nil || keep(e)) {
			out = append(out, e)
		}
	}
	return out
}

func entityEdge(e edge) bool  { return !e.literal() }
func literalEdge(e edge) bool { return e.literal() }

// kind picks a kind with at least n edges (of which one keeps), sorted
// for determinism.
func (b *qb) kind(n int, keep func(edge) bool) (string, bool) {
	seen := map[string]bool{}
	var ks []string
	for _, e := range b.sc.edges {
		if !seen[e.from] && len(b.edges(e.from, nil)) >= n && len(b.edges(e.from, keep)) > 0 {
			seen[e.from] = true
			ks = append(ks, e.from)
		}
	}
	if len(ks) == 0 {
		return "", false
	}
	sort.Strings(ks)
	return ks[b.r.IntN(len(ks))], true
}

func (b *qb) one(es []edge) edge { return es[b.r.IntN(len(es))] }

// some picks k distinct edges of es (fewer when es is short).
func (b *qb) some(es []edge, k int) []edge {
	idx := b.r.Perm(len(es))
	out := make([]edge, 0, k)
	for _, i := range idx[:min(k, len(idx))] {
		out = append(out, es[i])
	}
	return out
}

func tp(s string, p rdf.Term, o string) string { return s + " " + p.String() + " " + o + " ." }

// subjectOf is a sampled subject of p in N-Triples form.
func (b *qb) subjectOf(p rdf.Term) string {
	q, _ := b.s.Pick(b.r, p)
	return q.S.String()
}

// literalFilter is a FILTER on v, a value of literal edge e, against a
// sampled value of e's predicate, in the comparison its datatype invites.
func (b *qb) literalFilter(e edge, v string) string {
	q, _ := b.s.Pick(b.r, e.p)
	o := q.O
	switch {
	case o.Lang != "":
		return fmt.Sprintf("FILTER (LANGMATCHES(LANG(%s), %q))", v, o.Lang)
	case o.Datatype == rdf.XSDString:
		return fmt.Sprintf("FILTER (STRSTARTS(%s, %q))", v, prefixOf(o.Value))
	}
	op := []string{"<", "<=", ">", ">=", "=", "!="}[b.r.IntN(6)]
	return fmt.Sprintf("FILTER (%s %s %s)", v, op, o.String())
}

func prefixOf(s string) string {
	if i := strings.IndexAny(s, " 0123456789"); i > 0 {
		return s[:i]
	}
	return s
}

func selectAll(body string, mods string) string {
	return "SELECT * WHERE {\n  " + body + "\n}" + mods
}

func (b *qb) linear() (string, bool) {
	kind, ok := b.kind(1, entityEdge)
	if !ok {
		return "", false
	}
	cur, parts := b.v(), []string{}
	for hop, hops := 0, 1+b.r.IntN(3); hop < hops; hop++ {
		es := b.edges(kind, entityEdge)
		if len(es) == 0 {
			break
		}
		e := b.one(es)
		next := b.v()
		if hop == hops-1 && b.r.IntN(2) == 0 {
			q, _ := b.s.Pick(b.r, e.p)
			next = q.O.String()
		}
		parts = append(parts, tp(cur, e.p, next))
		cur, kind = next, e.to
	}
	return selectAll(strings.Join(parts, "\n  "), ""), true
}

// starOn adds k edges of kind around subject s, a FILTER on a literal one
// at times; it returns the triples and the entity objects' variables by kind.
func (b *qb) starOn(s, kind string, k int, parts []string) ([]string, map[string]string) {
	objs := map[string]string{}
	for _, e := range b.some(b.edges(kind, nil), k) {
		v := b.v()
		parts = append(parts, tp(s, e.p, v))
		if e.literal() && b.r.IntN(3) == 0 {
			parts = append(parts, b.literalFilter(e, v))
		}
		if !e.literal() {
			objs[v] = e.to
		}
	}
	return parts, objs
}

func (b *qb) star() (string, bool) {
	kind, ok := b.kind(2, nil)
	if !ok {
		return "", false
	}
	s := b.v()
	if b.r.IntN(3) == 0 {
		s = b.subjectOf(b.one(b.edges(kind, nil)).p)
	}
	parts, _ := b.starOn(s, kind, 2+b.r.IntN(3), nil)
	return selectAll(strings.Join(parts, "\n  "), ""), true
}

func (b *qb) snowflake() (string, bool) {
	kind, ok := b.kind(2, entityEdge)
	if !ok {
		return "", false
	}
	s := b.v()
	e := b.one(b.edges(kind, entityEdge))
	o := b.v()
	parts, _ := b.starOn(s, kind, 1+b.r.IntN(2), []string{tp(s, e.p, o)})
	parts, _ = b.starOn(o, e.to, 1+b.r.IntN(2), parts)
	return selectAll(strings.Join(parts, "\n  "), ""), true
}

func (b *qb) complex() (string, bool) {
	kind, ok := b.kind(2, entityEdge)
	if !ok {
		return "", false
	}
	s := b.v()
	parts, objs := b.starOn(s, kind, 2, nil)
	chain, ok := b.chainFrom(s, kind, 2)
	if ok {
		parts = append(parts, chain)
	}
	if vs := slices.Sorted(maps.Keys(objs)); len(vs) > 0 { // sorted: map order would make the query vary
		if es := b.edges(objs[vs[0]], nil); len(es) > 0 && b.r.IntN(2) == 0 {
			parts = append(parts, fmt.Sprintf("FILTER NOT EXISTS { %s }", tp(vs[0], b.one(es).p, b.v())))
		}
	}
	if es := b.edges(kind, nil); len(es) >= 2 {
		two := b.some(es, 2)
		x := b.v()
		parts = append(parts, fmt.Sprintf("{ %s } UNION { %s }", tp(s, two[0].p, x), tp(s, two[1].p, x)))
	}
	return selectAll(strings.Join(parts, "\n  "), ""), true
}

// chainFrom is OPTIONAL { s p ?x OPTIONAL { ?x q ?y ... } }, depth deep.
func (b *qb) chainFrom(s, kind string, depth int) (string, bool) {
	es := b.edges(kind, nil)
	if depth == 0 || len(es) == 0 {
		return "", false
	}
	e := b.one(es)
	x := b.v()
	inner := tp(s, e.p, x)
	if !e.literal() {
		if more, ok := b.chainFrom(x, e.to, depth-1); ok {
			inner += " " + more
		}
	}
	return "OPTIONAL { " + inner + " }", true
}

func (b *qb) optionalChain() (string, bool) {
	kind, ok := b.kind(2, entityEdge)
	if !ok {
		return "", false
	}
	s := b.v()
	first := b.one(b.edges(kind, nil))
	chain, _ := b.chainFrom(s, kind, 3)
	return selectAll(tp(s, first.p, b.v())+"\n  "+chain, ""), true
}

func (b *qb) filterTypes() (string, bool) {
	kind, ok := b.kind(2, literalEdge)
	if !ok {
		return "", false
	}
	s, parts := b.v(), []string{}
	for _, e := range b.some(b.edges(kind, literalEdge), 3) {
		v := b.v()
		parts = append(parts, tp(s, e.p, v), b.literalFilter(e, v))
	}
	if len(parts) > 2 && b.r.IntN(2) == 0 { // one disjunction instead of two filters
		a, c := strings.TrimSuffix(strings.TrimPrefix(parts[1], "FILTER "), ""), strings.TrimPrefix(parts[3], "FILTER ")
		parts = append(parts[:1], append([]string{parts[2]}, "FILTER ("+a+" || "+c+")")...)
	}
	return selectAll(strings.Join(parts, "\n  "), ""), true
}

func (b *qb) aggregate() (string, bool) {
	kind, ok := b.kind(1, entityEdge)
	if !ok {
		return "", false
	}
	e := b.one(b.edges(kind, entityEdge))
	s, g := b.v(), b.v()
	body := tp(s, e.p, g)
	agg := fmt.Sprintf("(COUNT(%s) AS ?n)", s)
	if ls := b.edges(kind, literalEdge); len(ls) > 0 {
		l := b.one(ls)
		x := b.v()
		body += " " + tp(s, l.p, x)
		fn := []string{"MIN", "MAX", "COUNT", "SUM", "AVG"}[b.r.IntN(5)]
		if q, _ := b.s.Pick(b.r, l.p); !numeric(q.O) && (fn == "SUM" || fn == "AVG") {
			fn = "MAX"
		}
		agg += fmt.Sprintf(" (%s(%s) AS ?a)", fn, x)
	}
	having := fmt.Sprintf("HAVING (COUNT(*) > %d)", b.r.IntN(4))
	return fmt.Sprintf("SELECT %s %s WHERE {\n  %s\n} GROUP BY %s %s", g, agg, body, g, having), true
}

func numeric(t rdf.Term) bool {
	switch t.Datatype {
	case rdf.XSDInteger, rdf.XSDDecimal, rdf.XSDDouble, rdf.XSDFloat, rdf.XSD + "int", rdf.XSD + "short":
		return true
	}
	return false
}

func (b *qb) subselect() (string, bool) {
	kind, ok := b.kind(2, literalEdge)
	if !ok {
		return "", false
	}
	l := b.one(b.edges(kind, literalEdge))
	s, x := b.v(), b.v()
	dir := []string{"", "DESC"}[b.r.IntN(2)]
	key := x
	if dir != "" {
		key = "DESC(" + x + ")"
	}
	inner := fmt.Sprintf("{ SELECT %s %s WHERE { %s } ORDER BY %s %s LIMIT %d }", s, x, tp(s, l.p, x), key, s, 5+b.r.IntN(20))
	other := b.one(b.edges(kind, nil))
	return selectAll(inner+"\n  "+tp(s, other.p, b.v()), ""), true
}

func (b *qb) path() (string, bool) {
	var loops []rdf.Term
	for _, p := range b.sc.loops {
		if b.s.PredN[p] > 0 {
			loops = append(loops, p)
		}
	}
	if len(loops) == 0 {
		return "", false
	}
	p := loops[b.r.IntN(len(loops))]
	start := b.subjectOf(p)
	switch b.r.IntN(3) {
	case 0:
		return fmt.Sprintf("SELECT ?y WHERE { %s %s+ ?y }", start, p), true
	case 1:
		return fmt.Sprintf("SELECT ?x WHERE { ?x %s* %s }", p, start), true
	}
	return fmt.Sprintf("SELECT ?x ?y WHERE { ?x %s/%s ?y . FILTER (?x != ?y) } ", p, p), true
}

func (b *qb) union() (string, bool) {
	kind, ok := b.kind(2, nil)
	if !ok {
		return "", false
	}
	two := b.some(b.edges(kind, nil), 2)
	s, o := b.v(), b.v()
	return selectAll(fmt.Sprintf("{ %s } UNION { %s }", tp(s, two[0].p, o), tp(s, two[1].p, o)), ""), true
}

func (b *qb) minus() (string, bool) {
	kind, ok := b.kind(2, nil)
	if !ok {
		return "", false
	}
	two := b.some(b.edges(kind, nil), 2)
	s := b.v()
	return selectAll(tp(s, two[0].p, b.v())+"\n  MINUS { "+tp(s, two[1].p, b.v())+" }", ""), true
}

func (b *qb) notExists() (string, bool) {
	kind, ok := b.kind(1, entityEdge)
	if !ok {
		return "", false
	}
	e := b.one(b.edges(kind, entityEdge))
	s, o := b.v(), b.v()
	inner := b.edges(e.to, nil)
	if len(inner) == 0 {
		return "", false
	}
	return selectAll(tp(s, e.p, o)+"\n  FILTER NOT EXISTS { "+tp(o, b.one(inner).p, b.v())+" }", ""), true
}

// graph asks which named graph says what: only where the data has named graphs.
func (b *qb) graph() (string, bool) {
	if len(b.s.Graphs) == 0 {
		return "", false
	}
	kind, ok := b.kind(1, nil)
	if !ok {
		return "", false
	}
	e := b.one(b.edges(kind, nil))
	s, o := b.v(), b.v()
	return fmt.Sprintf("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { %s } } GROUP BY ?g", tp(s, e.p, o)), true
}
