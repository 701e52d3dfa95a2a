package rdf

import (
	"strconv"
	"strings"
)

// RDF 1.2 Concepts (#dfn-triple-term): "A triple term is an RDF term with
// the same components as an RDF triple", and two triple terms are the same
// term when their subjects, predicates and objects are the same terms. A
// triple term is a Term of KindTriple whose Value is an injective encoding
// of its three parts, so Term stays comparable (a map key) and == stays
// term equality, nested triple terms included.

// TripleTerm returns the triple term <<( s p o )>>. The caller checks
// RDF 1.2's well-formedness (the subject an IRI or blank node, the
// predicate an IRI); nothing here rejects a generalized triple.
func TripleTerm(s, p, o Term) Term {
	var b strings.Builder
	encodeTerm(&b, s)
	encodeTerm(&b, p)
	encodeTerm(&b, o)
	return Term{Kind: KindTriple, Value: b.String()}
}

// DirLangLiteral returns a directional language-tagged string (RDF 1.2
// #dfn-dir-lang-string); the tag is lower-cased, dir is "ltr" or "rtl".
func DirLangLiteral(lex, lang, dir string) Term {
	return Term{Kind: KindLiteral, Value: lex, Datatype: RDFDirLangString, Lang: strings.ToLower(lang), Dir: dir}
}

// IsTriple reports whether t is a triple term.
func (t Term) IsTriple() bool { return t.Kind == KindTriple }

// TripleParts returns the subject, predicate and object of a triple term;
// ok is false for any other term.
func (t Term) TripleParts() (s, p, o Term, ok bool) {
	if t.Kind != KindTriple {
		return None, None, None, false
	}
	rest := t.Value
	s, rest = decodeTerm(rest)
	p, rest = decodeTerm(rest)
	o, _ = decodeTerm(rest)
	return s, p, o, true
}

// encodeTerm writes the kind, then each string field length-prefixed, so
// no lexical form or IRI can be mistaken for a separator.
func encodeTerm(b *strings.Builder, t Term) {
	b.WriteByte('0' + byte(t.Kind))
	for _, f := range [...]string{t.Value, t.Datatype, t.Lang, t.Dir} {
		b.WriteString(strconv.Itoa(len(f)))
		b.WriteByte(':')
		b.WriteString(f)
	}
}

// decodeTerm reads one encodeTerm from the front of s and returns the rest.
func decodeTerm(s string) (Term, string) {
	if s == "" {
		return None, ""
	}
	t := Term{Kind: Kind(s[0] - '0')}
	s = s[1:]
	var f [4]string
	for i := range f {
		colon := strings.IndexByte(s, ':')
		n, _ := strconv.Atoi(s[:colon])
		f[i], s = s[colon+1:colon+1+n], s[colon+1+n:]
	}
	t.Value, t.Datatype, t.Lang, t.Dir = f[0], f[1], f[2], f[3]
	return t, s
}
