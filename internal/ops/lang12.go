package ops

import (
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The functions on language tags and base directions of the SPARQL 1.2
// Query Language editor's draft (commit 0a1aaaf, 2026-07-30: #func-langdir,
// #func-haslang, #func-haslangdir, #func-strlangdir). Directional
// language-tagged strings are rdf.DirLangLiteral terms (RDF 1.2
// #dfn-dir-lang-string): Lang and Dir set, datatype rdf:dirLangString.

func addLangDirBuiltins() {
	for name, b := range map[string]builtin{
		"LANGDIR": {1, 1, fnLangDir}, "HASLANG": {1, 1, fnHasLang},
		"HASLANGDIR": {1, 1, fnHasLangDir}, "STRLANGDIR": {3, 3, fnStrLangDir},
	} {
		builtins[name] = b
	}
}

// fnLangDir is #func-langdir: "Returns the base direction of ltrl, if it
// has one. It returns an empty string if ltrl has no base direction." Its
// argument is a literal: LANGDIR(<http://example/>) is an error.
func fnLangDir(_ *Context, a []rdf.Term) Value {
	if !a[0].IsLiteral() {
		return Errorf("LANGDIR of a non-literal " + a[0].String())
	}
	return Of(rdf.String(a[0].Dir))
}

// fnHasLang is #func-haslang: "Returns true if the RDF term argument is a
// literal with a language tag. Otherwise, the function returns false."
func fnHasLang(_ *Context, a []rdf.Term) Value {
	return Of(rdf.Bool(a[0].IsLiteral() && a[0].Lang != ""))
}

// fnHasLangDir is #func-haslangdir: "Returns true if the RDF term argument
// is a literal with a base direction. Otherwise, the function returns
// false."
func fnHasLangDir(_ *Context, a []rdf.Term) Value {
	return Of(rdf.Bool(a[0].IsLiteral() && a[0].Dir != ""))
}

// fnStrLangDir is #func-strlangdir: STRLANGDIR(xsd:string lexicalForm,
// xsd:string langTag, xsd:string baseDirection). "The argument langTag
// MUST NOT be an empty string and SHOULD be a valid language tag. The
// argument baseDirection MUST be either "ltr" or "rtl"." The tag is held to
// the same shape STRLANG holds it to (validLangTag); the direction is
// case-sensitive: the draft's example STRLANGDIR("abc", "en", "LTR") is an
// error.
func fnStrLangDir(_ *Context, a []rdf.Term) Value {
	if !isSimple(a[0]) || !isSimple(a[1]) || !isSimple(a[2]) {
		return Errorf("STRLANGDIR: wants three xsd:string arguments")
	}
	if !validLangTag(a[1].Value) {
		return Errorf("STRLANGDIR: not a language tag: " + a[1].String())
	}
	if d := a[2].Value; d != "ltr" && d != "rtl" {
		return Errorf("STRLANGDIR: the base direction is not \"ltr\" or \"rtl\": " + a[2].String())
	}
	return Of(rdf.DirLangLiteral(a[0].Value, a[1].Value, a[2].Value))
}

// EBV is the effective boolean value under the document the query follows:
// the 1.1 reading (EBV, compare.go) or the 1.2 draft's #func-ebv, which
// takes "a literal with a datatype IRI xsd:string" only among the strings
// and says "If the argument is a literal with an invalid lexical form for
// the datatype IRI, then raise an error": EBV("a"@en) and
// EBV("z"^^xsd:boolean) are errors (the W3C test sparql12/expression
// not-not expects both unbound).
func (c *Context) EBV(v Value) (bool, *Error) {
	if c == nil || !c.Spec12 || v.Err != nil {
		return EBV(v)
	}
	t := v.Term
	switch {
	case !t.IsLiteral():
	case t.Datatype == rdf.XSDBoolean:
		if b, ok := parseBool(t.Value); ok {
			return b, nil
		}
	case t.Datatype == rdf.XSDString:
		return t.Value != "", nil
	case isNumericType(t.Datatype):
		if n, ok := numberOf(t); ok {
			return !n.falsy(), nil
		}
	}
	return false, &Error{Reason: "no effective boolean value for " + t.String() + " (#func-ebv)"}
}
