package reference

import (
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Binding is one (variable, term) pair of a solution mapping, with what of
// the term the specification fixes (ops.Prov): zero for a term copied from
// the data or the query; Extend and Group record a computed value's, and
// every operator carries it along with the term.
type Binding struct {
	Var  string
	Term rdf.Term
	Prov ops.Prov
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

// GetProv implements ops.ProvBinding.
func (m Mapping) GetProv(name string) (rdf.Term, ops.Prov, bool) {
	i := sort.Search(len(m), func(i int) bool { return m[i].Var >= name })
	if i < len(m) && m[i].Var == name {
		return m[i].Term, m[i].Prov, true
	}
	return rdf.None, ops.Prov{}, false
}

// value is μ(v) as an ops.Value (an error when v is unbound).
func (m Mapping) value(name string) ops.Value {
	if t, p, ok := m.GetProv(name); ok {
		return ops.Value{Term: t, Prov: p}
	}
	return ops.Errorf("unbound")
}

// open reports whether some binding of μ is not an exact term.
func (m Mapping) open() bool {
	for _, b := range m {
		if !b.Prov.Exact() {
			return true
		}
	}
	return false
}

// Vars implements ops.Binding: dom(μ), sorted.
func (m Mapping) Vars() []string {
	out := make([]string, len(m))
	for i, b := range m {
		out[i] = b.Var
	}
	return out
}

// With returns μ ∪ {(v, t)} for an exact term t; v must not be in dom(μ).
func (m Mapping) With(v string, t rdf.Term) Mapping { return m.WithValue(v, t, ops.Prov{}) }

// WithValue returns μ ∪ {(v, t)} where t has the provenance p.
func (m Mapping) WithValue(v string, t rdf.Term, p ops.Prov) Mapping {
	i := sort.Search(len(m), func(i int) bool { return m[i].Var >= v })
	out := make(Mapping, 0, len(m)+1)
	out = append(out, m[:i]...)
	out = append(out, Binding{v, t, p})
	return append(out, m[i:]...)
}

// Compatible transcribes #defn_algCompatibleMapping:
//
//	Two solution mappings μ1 and μ2 are compatible if, for every variable v in
//	dom(μ1) and in dom(μ2), μ1(v) = μ2(v).
func Compatible(m1, m2 Mapping) bool {
	return eachShared(m1, m2, func(b1, b2 Binding) bool { return b1.Term == b2.Term })
}

// eachShared calls f on the two bindings of each variable in dom(μ1) and
// in dom(μ2), in variable order (a mapping is sorted by variable), until f
// returns false; it reports whether f never did.
func eachShared(m1, m2 Mapping, f func(b1, b2 Binding) bool) bool {
	i, j := 0, 0
	for i < len(m1) && j < len(m2) {
		switch {
		case m1[i].Var < m2[j].Var:
			i++
		case m1[i].Var > m2[j].Var:
			j++
		default:
			if !f(m1[i], m2[j]) {
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

// Equal reports whether two mappings are the same mapping (the same
// variables bound to the same terms; provenance is not part of a mapping).
func (m Mapping) Equal(o Mapping) bool {
	if len(m) != len(o) {
		return false
	}
	for i := range m {
		if m[i].Var != o[i].Var || m[i].Term != o[i].Term {
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

// mappingOf copies an ops.Binding into a Mapping, provenance included when
// it has one.
func mappingOf(b ops.Binding) Mapping {
	out := Mapping{}
	pb, _ := b.(ops.ProvBinding)
	for _, v := range b.Vars() {
		t, ok := b.Get(v)
		var p ops.Prov
		if pb != nil {
			t, p, ok = pb.GetProv(v)
		}
		if ok && !t.IsZero() {
			out = out.WithValue(v, t, p)
		}
	}
	return out
}
