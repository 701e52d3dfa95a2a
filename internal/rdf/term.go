package rdf

import (
	"fmt"
	"strings"
)

// Well-known IRIs.
const (
	XSD           = "http://www.w3.org/2001/XMLSchema#"
	RDFNS         = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	XSDString     = XSD + "string"
	XSDBoolean    = XSD + "boolean"
	XSDInteger    = XSD + "integer"
	XSDDecimal    = XSD + "decimal"
	XSDFloat      = XSD + "float"
	XSDDouble     = XSD + "double"
	XSDDateTime   = XSD + "dateTime"
	RDFLangString = RDFNS + "langString"
	// RDFDirLangString is the datatype of a directional language-tagged
	// string (RDF 1.2 #dfn-dir-lang-string).
	RDFDirLangString = RDFNS + "dirLangString"
)

// Kind says which of the three RDF term kinds a Term is. The zero Kind is
// "no term": an unbound variable in a solution, or the default graph in a Quad.
type Kind uint8

const (
	KindNone Kind = iota
	KindIRI
	KindBlank
	KindLiteral
	KindTriple // an RDF 1.2 triple term (term_triple.go)
)

// Term is an RDF 1.1 term. It is comparable, and == is RDF term equality
// (https://www.w3.org/TR/rdf11-concepts/#section-rdf-graph): two literals are
// equal when lexical form, datatype IRI and language tag are equal.
//
// Invariants kept by the constructors:
//   - a literal always has a datatype: a simple literal is xsd:string, a
//     language-tagged literal is rdf:langString;
//   - language tags are lower case (RDF 1.1 compares them case-insensitively);
//   - the lexical form is kept exactly as written.
type Term struct {
	Kind     Kind
	Value    string // the IRI, the blank-node label (without "_:"), or the lexical form
	Datatype string // literals only
	Lang     string // literals only, lower case
	Dir      string // RDF 1.2 base direction of a dirLangString: "ltr" or "rtl"
}

// None is the zero Term: no term at all.
var None = Term{}

// IRI returns an IRI term. The caller resolves relative IRIs first.
func IRI(iri string) Term { return Term{Kind: KindIRI, Value: iri} }

// Blank returns a blank node with the given label (no "_:" prefix).
func Blank(label string) Term { return Term{Kind: KindBlank, Value: label} }

// Literal returns a typed literal. An empty datatype means xsd:string.
func Literal(lex, datatype string) Term {
	if datatype == "" {
		datatype = XSDString
	}
	return Term{Kind: KindLiteral, Value: lex, Datatype: datatype}
}

// String returns a simple literal (xsd:string).
func String(lex string) Term { return Literal(lex, XSDString) }

// LangLiteral returns a language-tagged string; the tag is lower-cased.
func LangLiteral(lex, lang string) Term {
	return Term{Kind: KindLiteral, Value: lex, Datatype: RDFLangString, Lang: strings.ToLower(lang)}
}

// Bool returns an xsd:boolean literal in canonical form.
func Bool(b bool) Term {
	if b {
		return Literal("true", XSDBoolean)
	}
	return Literal("false", XSDBoolean)
}

func (t Term) IsZero() bool    { return t.Kind == KindNone }
func (t Term) IsIRI() bool     { return t.Kind == KindIRI }
func (t Term) IsBlank() bool   { return t.Kind == KindBlank }
func (t Term) IsLiteral() bool { return t.Kind == KindLiteral }

// String prints the term in N-Triples syntax; the zero Term prints as "".
func (t Term) String() string {
	switch t.Kind {
	case KindIRI:
		return "<" + escapeIRI(t.Value) + ">"
	case KindBlank:
		return "_:" + t.Value
	case KindLiteral:
		s := `"` + EscapeString(t.Value) + `"`
		if t.Dir != "" {
			return s + "@" + t.Lang + "--" + t.Dir
		}
		if t.Lang != "" {
			return s + "@" + t.Lang
		}
		if t.Datatype != XSDString {
			return s + "^^<" + escapeIRI(t.Datatype) + ">"
		}
		return s
	case KindTriple:
		sub, pred, obj, _ := t.TripleParts()
		return "<<( " + sub.String() + " " + pred.String() + " " + obj.String() + " )>>"
	}
	return ""
}

// BooleanValue is the value of an xsd:boolean lexical form: the lexical
// space is {true, false, 1, 0} (XSD 1.1 Part 2 §3.3.2); ok is false for any
// other string.
func BooleanValue(lex string) (value, ok bool) {
	switch lex {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// EscapeString escapes a lexical form for an N-Triples STRING_LITERAL_QUOTE.
func EscapeString(s string) string { return escapeLexical(s, false) }

// escapeLexical escapes a lexical form for STRING_LITERAL_QUOTE: the quote,
// the backslash and the line breaks always (they cannot stand in it, #grammar
// of N-Triples); canonical N-Triples also writes \b, \t, \f and \uXXXX for the
// other control characters (the canonical form of RDF 1.2 N-Triples).
func escapeLexical(s string, canonical bool) string {
	var b strings.Builder
	for _, r := range s {
		if e := lexicalEscape(r, canonical); e != "" {
			b.WriteString(e)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func lexicalEscape(r rune, canonical bool) string {
	switch r {
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	}
	if !canonical {
		return ""
	}
	switch {
	case r == '\b':
		return `\b`
	case r == '\t':
		return `\t`
	case r == '\f':
		return `\f`
	case r < 0x20 || r == 0x7F || r == 0xFFFE || r == 0xFFFF:
		return fmt.Sprintf(`\u%04X`, r)
	}
	return ""
}

func escapeIRI(s string) string {
	if !strings.ContainsAny(s, "<>\"{}|^`\\ ") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r) {
			b.WriteString(`\u`)
			const hex = "0123456789ABCDEF"
			b.WriteByte(hex[(r>>12)&15])
			b.WriteByte(hex[(r>>8)&15])
			b.WriteByte(hex[(r>>4)&15])
			b.WriteByte(hex[r&15])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Triple is an RDF triple.
type Triple struct{ S, P, O Term }

// Quad is a triple in a graph. G is the zero Term (None) for the default
// graph: no IRI or blank node a user writes can collide with it.
type Quad struct{ S, P, O, G Term }

// DefaultGraph is the graph name of the default graph in a Quad.
var DefaultGraph = None

func (q Quad) Triple() Triple { return Triple{q.S, q.P, q.O} }

func (t Triple) String() string { return t.S.String() + " " + t.P.String() + " " + t.O.String() + " ." }

func (q Quad) String() string {
	if q.G.IsZero() {
		return q.Triple().String()
	}
	return q.S.String() + " " + q.P.String() + " " + q.O.String() + " " + q.G.String() + " ."
}
