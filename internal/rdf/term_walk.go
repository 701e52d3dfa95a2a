package rdf

// Blank nodes can sit inside triple terms (RDF 1.2 Concepts
// #dfn-triple-term: a triple term's subject may be a blank node, its object
// any term, nested triple terms included). Everything that renames blank
// nodes or looks for them (relabelling a document's scope, isomorphism, a
// result's blank-node bijection) has to reach into triple terms; these
// helpers do it in one place.

// MapBlanks returns t with f applied to every blank node in it, at any
// depth inside triple terms; other terms are returned unchanged.
func MapBlanks(t Term, f func(Term) Term) Term {
	switch t.Kind {
	case KindBlank:
		return f(t)
	case KindTriple:
		if !HasBlank(t) {
			return t
		}
		s, p, o, _ := t.TripleParts()
		return TripleTerm(MapBlanks(s, f), MapBlanks(p, f), MapBlanks(o, f))
	}
	return t
}

// EachBlank calls f for every blank node in t, at any depth, in order
// (subject, predicate, object), repeats included.
func EachBlank(t Term, f func(Term)) {
	switch t.Kind {
	case KindBlank:
		f(t)
	case KindTriple:
		s, p, o, _ := t.TripleParts()
		EachBlank(s, f)
		EachBlank(p, f)
		EachBlank(o, f)
	}
}

// HasBlank reports whether t is a blank node or a triple term holding one.
func HasBlank(t Term) bool {
	switch t.Kind {
	case KindBlank:
		return true
	case KindTriple:
		// The encoding writes each part's kind as '0'+Kind before its fields;
		// decoding is cheap enough and keeps the encoding private to
		// term_triple.go.
		s, p, o, _ := t.TripleParts()
		return HasBlank(s) || HasBlank(p) || HasBlank(o)
	}
	return false
}
