package syntax

import "fmt"

// tokKind is the kind of a terminal of §19.8 (#sparqlGrammar).
type tokKind int

const (
	tEOF     tokKind = iota
	tIRIRef          // <...>; val is the text between the brackets
	tPNameNS         // p: ; val is the prefix
	tPNameLN         // p:local ; val is the prefix, local the unescaped local part
	tBlank           // _:label ; val is the label
	tVar             // ?x or $x ; val is the name
	tLangTag         // @en ; val is the tag
	tInteger         // val is the lexical form, sign included
	tDecimal         //
	tDouble          //
	tString          // val is the unescaped content
	tNil             // ( )
	tAnon            // [ ]
	tWord            // keyword or 'a'; val is upper-cased, text as written
	tPunct           // punctuation and operators; val is the operator
)

var kindNames = [...]string{
	tEOF: "end of input", tIRIRef: "IRI", tPNameNS: "prefix", tPNameLN: "prefixed name",
	tBlank: "blank node", tVar: "variable", tLangTag: "language tag", tInteger: "integer",
	tDecimal: "decimal", tDouble: "double", tString: "string", tNil: "'()'", tAnon: "'[]'",
	tWord: "keyword", tPunct: "punctuation",
}

func (k tokKind) String() string { return kindNames[k] }

// token is one lexed terminal. off is a byte offset into the escape-processed
// text; the lexer maps it back to the original text for positions.
type token struct {
	kind   tokKind
	text   string // source text as written (after §19.2 codepoint escapes)
	val    string
	local  string // tPNameLN only
	signed bool   // numbers: written with a leading + or -
	long   bool   // strings: long-quoted form
	off    int
	pos    Pos // position of off in the original text, filled by lex
}

// describe renders the token for "found X" in error messages.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tWord, tPunct:
		return fmt.Sprintf("%q", t.text)
	}
	s := t.text
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("%s %s", t.kind, s)
}
