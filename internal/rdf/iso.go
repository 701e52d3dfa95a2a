package rdf

import (
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
)

// Isomorphic reports whether two sets of triples are the same graph up to a
// renaming of blank nodes (RDF 1.1 Concepts §3.6, graph isomorphism).
// Duplicates are ignored.
func Isomorphic(a, b []Triple) bool {
	return IsomorphicQuads(triplesToQuads(a), triplesToQuads(b))
}

func triplesToQuads(ts []Triple) []Quad {
	qs := make([]Quad, len(ts))
	for i, t := range ts {
		qs[i] = Quad{t.S, t.P, t.O, DefaultGraph}
	}
	return qs
}

// IsomorphicQuads is Isomorphic for datasets: one blank-node bijection
// over all four positions (graph names included).
func IsomorphicQuads(a, b []Quad) bool {
	as, bs := quadSet(a), quadSet(b)
	if len(as) != len(bs) {
		return false
	}
	ab, bb := blanksOf(as), blanksOf(bs)
	if len(ab) != len(bb) {
		return false
	}
	ca, cb := refineColors(as, ab), refineColors(bs, bb)
	m := &isoMatch{a: as, b: bs, ca: ca, cb: cb, fwd: map[Term]Term{}, used: map[Term]bool{}, byBlank: quadsByBlank(as)}
	sort.Slice(ab, func(i, j int) bool { return ca[ab[i]] < ca[ab[j]] })
	m.order = ab
	for q := range as {
		if !hasBlank(q) && !bs[q] {
			return false
		}
	}
	return m.search(0)
}

func quadSet(qs []Quad) map[Quad]bool {
	s := make(map[Quad]bool, len(qs))
	for _, q := range qs {
		s[q] = true
	}
	return s
}

func quadTerms(q Quad) [4]Term { return [4]Term{q.S, q.P, q.O, q.G} }

func hasBlank(q Quad) bool {
	for _, t := range quadTerms(q) {
		if HasBlank(t) {
			return true
		}
	}
	return false
}

func blanksOf(s map[Quad]bool) []Term {
	seen := map[Term]bool{}
	var out []Term
	for q := range s {
		for _, t := range quadTerms(q) {
			EachBlank(t, func(bn Term) {
				if !seen[bn] {
					seen[bn] = true
					out = append(out, bn)
				}
			})
		}
	}
	return out
}

func quadsByBlank(s map[Quad]bool) map[Term][]Quad {
	out := map[Term][]Quad{}
	for q := range s {
		seen := map[Term]bool{}
		for _, t := range quadTerms(q) {
			EachBlank(t, func(bn Term) {
				if !seen[bn] {
					seen[bn] = true
					out[bn] = append(out[bn], q)
				}
			})
		}
	}
	return out
}

// refineColors hashes each blank node's neighbourhood, three rounds deep:
// isomorphic blank nodes get equal colours, so the search only tries those.
func refineColors(s map[Quad]bool, blanks []Term) map[Term]uint64 {
	color := map[Term]uint64{}
	by := quadsByBlank(s)
	for round := 0; round < 3; round++ {
		next := map[Term]uint64{}
		for _, bn := range blanks {
			var sigs []string
			for _, q := range by[bn] {
				sigs = append(sigs, quadSig(q, bn, color))
			}
			sort.Strings(sigs)
			h := fnv.New64a()
			h.Write([]byte(strings.Join(sigs, "\n")))
			next[bn] = h.Sum64()
		}
		color = next
	}
	return color
}

func quadSig(q Quad, self Term, color map[Term]uint64) string {
	var b strings.Builder
	for _, t := range quadTerms(q) {
		termSig(&b, t, self, color)
		b.WriteByte(' ')
	}
	return b.String()
}

// termSig writes t with blank nodes replaced by their colour (self by "@"),
// reaching into triple terms, so a blank node's neighbourhood includes the
// triple terms it sits in.
func termSig(b *strings.Builder, t Term, self Term, color map[Term]uint64) {
	switch {
	case t == self:
		b.WriteString("@")
	case t.IsBlank():
		b.WriteString("_" + strconv.FormatUint(color[t], 16))
	case t.IsTriple() && HasBlank(t):
		s, p, o, _ := t.TripleParts()
		b.WriteString("<<( ")
		for _, x := range [3]Term{s, p, o} {
			termSig(b, x, self, color)
			b.WriteByte(' ')
		}
		b.WriteString(")>>")
	default:
		b.WriteString(t.String())
	}
}

type isoMatch struct {
	a, b    map[Quad]bool
	ca, cb  map[Term]uint64
	order   []Term
	fwd     map[Term]Term
	used    map[Term]bool
	byBlank map[Term][]Quad
}

func (m *isoMatch) search(i int) bool {
	if i == len(m.order) {
		return true
	}
	x := m.order[i]
	for y, c := range m.cb {
		if c != m.ca[x] || m.used[y] {
			continue
		}
		m.fwd[x], m.used[y] = y, true
		if m.consistent(x) && m.search(i+1) {
			return true
		}
		delete(m.fwd, x)
		delete(m.used, y)
	}
	return false
}

// consistent checks every quad of x whose blank nodes are all mapped.
func (m *isoMatch) consistent(x Term) bool {
	for _, q := range m.byBlank[x] {
		mq, ok := m.mapQuad(q)
		if ok && !m.b[mq] {
			return false
		}
	}
	return true
}

func (m *isoMatch) mapQuad(q Quad) (Quad, bool) {
	ts := quadTerms(q)
	ok := true
	for i, t := range ts {
		ts[i] = MapBlanks(t, func(bn Term) Term {
			y, found := m.fwd[bn]
			ok = ok && found
			return y
		})
	}
	return Quad{ts[0], ts[1], ts[2], ts[3]}, ok
}
