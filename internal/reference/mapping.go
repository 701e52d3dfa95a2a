package reference

import (
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Binding is one (variable, term) pair of a solution mapping.
type Binding struct {
	Var  string
	Term rdf.Term
}

// Mapping is a solution mapping μ : V → RDF-T (#defn_sparqlSolutionMapping),
// kept as an association list sorted by variable name, so that equal mappings
// are equal lists. A variable is in dom(μ) iff it has a Binding.
type Mapping []Binding

// Multiset is a multiset (bag) of solution mappings, and also a solution
// sequence when its order matters (#defn_sparqlSolutionSequence).
type Multiset []Mapping

// Get implements ops.Binding.
func (m Mapping) Get(name string) (rdf.Term, bool) {
	i := sort.Search(len(m), func(i int) bool { return m[i].Var >= name })
	if i < len(m) && m[i].Var == name {
		return m[i].Term, true
	}
	return rdf.None, false
}

// Vars implements ops.Binding: dom(μ), sorted.
func (m Mapping) Vars() []string {
	out := make([]string, len(m))
	for i, b := range m {
		out[i] = b.Var
	}
	return out
}

// With returns μ ∪ {(v, t)}; v must not be in dom(μ).
func (m Mapping) With(v string, t rdf.Term) Mapping {
	i := sort.Search(len(m), func(i int) bool { return m[i].Var >= v })
	out := make(Mapping, 0, len(m)+1)
	out = append(out, m[:i]...)
	out = append(out, Binding{v, t})
	return append(out, m[i:]...)
}

// Compatible transcribes #defn_algCompatibleMapping:
//
//	Two solution mappings μ1 and μ2 are compatible if, for every variable v in
//	dom(μ1) and in dom(μ2), μ1(v) = μ2(v).
func Compatible(m1, m2 Mapping) bool {
	i, j := 0, 0
	for i < len(m1) && j < len(m2) {
		switch {
		case m1[i].Var < m2[j].Var:
			i++
		case m1[i].Var > m2[j].Var:
			j++
		default:
			if m1[i].Term != m2[j].Term {
				return false
			}
			i, j = i+1, j+1
		}
	}
	return true
}

// Merge is merge(μ1, μ2) = μ1 ∪ μ2 of #defn_algCompatibleMapping; the two
// mappings must be compatible.
func Merge(m1, m2 Mapping) Mapping {
	out := make(Mapping, 0, len(m1)+len(m2))
	i, j := 0, 0
	for i < len(m1) && j < len(m2) {
		switch {
		case m1[i].Var < m2[j].Var:
			out = append(out, m1[i])
			i++
		case m1[i].Var > m2[j].Var:
			out = append(out, m2[j])
			j++
		default:
			out = append(out, m1[i])
			i, j = i+1, j+1
		}
	}
	out = append(out, m1[i:]...)
	return append(out, m2[j:]...)
}

// Disjoint reports whether dom(μ1) and dom(μ2) are disjoint (#defn_algMinus).
func Disjoint(m1, m2 Mapping) bool {
	for _, b := range m1 {
		if _, ok := m2.Get(b.Var); ok {
			return false
		}
	}
	return true
}

// Restrict is Proj(μ, PV) of #defn_algProjection: μ restricted to vars.
func (m Mapping) Restrict(vars []string) Mapping {
	out := Mapping{}
	for _, b := range m {
		for _, v := range vars {
			if b.Var == v {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// Equal reports whether two mappings are the same mapping.
func (m Mapping) Equal(o Mapping) bool {
	if len(m) != len(o) {
		return false
	}
	for i := range m {
		if m[i] != o[i] {
			return false
		}
	}
	return true
}

// key is a string that is equal for equal mappings and different otherwise
// (terms print unambiguously in N-Triples; NUL never occurs in a name).
func (m Mapping) key() string {
	var b strings.Builder
	for _, x := range m {
		b.WriteString(x.Var)
		b.WriteByte(0)
		b.WriteByte(byte('0' + x.Term.Kind))
		b.WriteString(x.Term.String())
		b.WriteByte(0)
	}
	return b.String()
}

// mappingOf copies an ops.Binding-like pair of accessors into a Mapping.
func mappingOf(vars []string, get func(string) (rdf.Term, bool)) Mapping {
	out := Mapping{}
	for _, v := range vars {
		if t, ok := get(v); ok && !t.IsZero() {
			out = out.With(v, t)
		}
	}
	return out
}
