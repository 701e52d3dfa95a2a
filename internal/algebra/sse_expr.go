package algebra

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// sseNames maps Call names whose SSE spelling is not just the lower-cased
// name: operators, and the built-ins Jena writes in camel case.
var sseNames = map[string]string{
	OpNeg:         "-",
	OpPlus:        "+",
	OpNotIn:       "notin",
	"SAMETERM":    "sameTerm",
	"LANGMATCHES": "langMatches",
	"ISIRI":       "isIRI",
	"ISURI":       "isURI",
	"ISBLANK":     "isBlank",
	"ISLITERAL":   "isLiteral",
	"ISNUMERIC":   "isNumeric",
	OpIsTriple:    "isTriple",
	OpHasLang:     "hasLang",
	OpHasLangDir:  "hasLangDir",
}

// callName returns the SSE operator of a Call: (= a b), (str ?x), (- ?x).
func callName(name string) string {
	if s, ok := sseNames[name]; ok {
		return s
	}
	return strings.ToLower(name)
}

// expr writes an expression on one line. Operators inside EXISTS are
// written flat too, so an expression never spans lines.
func (p *printer) expr(e Expr) {
	switch x := e.(type) {
	case *Var:
		p.w(varString(x.Name))
	case *Const:
		p.w(TermString(x.Term))
	case *Call:
		p.w("(", callName(x.Name))
		p.args(x.Args)
	case *Func:
		p.w("(", iriString(x.IRI))
		p.args(x.Args)
	case *Exists:
		p.exists(x)
	case nil:
		p.w("(null)")
	default:
		p.w("(unknown-expr)")
	}
}

func (p *printer) args(args []Expr) {
	for _, a := range args {
		p.w(" ")
		p.expr(a)
	}
	p.w(")")
}

func (p *printer) exists(x *Exists) {
	if x.Not {
		p.w("(notexists ")
	} else {
		p.w("(exists ")
	}
	flat := p.flat
	p.flat = true
	p.op(x.Op)
	p.flat = flat
	p.w(")")
}

// path writes a path expression: an IRI for a link, (reverse P), (seq A B),
// (alt A B), (path* P), (path+ P), (path? P), (notoneof <a> (reverse <b>)).
func (p *printer) path(pe PathExpr) {
	switch x := pe.(type) {
	case *Link:
		p.w(iriString(x.IRI))
	case *Inverse:
		p.pathOp("reverse", x.P)
	case *Seq:
		p.pathOp("seq", x.L, x.R)
	case *Alt:
		p.pathOp("alt", x.L, x.R)
	case *ZeroOrMore:
		p.pathOp("path*", x.P)
	case *OneOrMore:
		p.pathOp("path+", x.P)
	case *ZeroOrOne:
		p.pathOp("path?", x.P)
	case *NegatedSet:
		p.w("(notoneof")
		for _, iri := range x.Fwd {
			p.w(" ", iriString(iri))
		}
		for _, iri := range x.Inv {
			p.w(" (reverse ", iriString(iri), ")")
		}
		p.w(")")
	default:
		p.w("(unknown-path)")
	}
}

func (p *printer) pathOp(name string, kids ...PathExpr) {
	p.w("(", name)
	for _, k := range kids {
		p.w(" ")
		p.path(k)
	}
	p.w(")")
}

func iriString(iri string) string { return rdf.IRI(iri).String() }

// TermString writes an RDF term in SSE: IRIs and strings as in N-Triples,
// blank nodes as _:label, and the numbers and booleans whose lexical form
// the SPARQL grammar reads back as the same term in their short form (1,
// 1.5, 1e0, true). Any other literal keeps the full "lex"^^<datatype> form.
func TermString(t rdf.Term) string {
	if t.Kind == rdf.KindLiteral && shortForm(t.Value, t.Datatype) {
		return t.Value
	}
	if t.IsZero() {
		return "UNDEF"
	}
	if s, p, o, ok := t.TripleParts(); ok {
		return "<<( " + TermString(s) + " " + TermString(p) + " " + TermString(o) + " )>>"
	}
	return t.String()
}

// shortForm reports whether lex, written bare, is read by the grammar
// (#rNumericLiteral, #rBooleanLiteral) as a literal of datatype dt.
func shortForm(lex, dt string) bool {
	switch dt {
	case rdf.XSDInteger:
		return isInteger(lex)
	case rdf.XSDDecimal:
		return isDecimal(lex)
	case rdf.XSDDouble:
		return isDouble(lex)
	case rdf.XSDBoolean:
		return lex == "true" || lex == "false"
	}
	return false
}

func trimSign(s string) string {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[1:]
	}
	return s
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// isInteger matches [+-]?[0-9]+ (#rINTEGER).
func isInteger(s string) bool {
	s = trimSign(s)
	return s != "" && digits(s) == len(s)
}

// isDecimal matches [+-]?[0-9]*'.'[0-9]+ (#rDECIMAL).
func isDecimal(s string) bool {
	s = trimSign(s)
	s = s[digits(s):]
	if len(s) < 2 || s[0] != '.' {
		return false
	}
	return digits(s[1:]) == len(s)-1
}

// isDouble matches the mantissa forms of #rDOUBLE followed by [eE][+-]?[0-9]+.
func isDouble(s string) bool {
	s = trimSign(s)
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return false
	}
	mant, exp := s[:i], trimSign(s[i+1:])
	if exp == "" || digits(exp) != len(exp) {
		return false
	}
	n := digits(mant)
	frac := mant[n:]
	switch {
	case frac == "":
		return n > 0
	case frac[0] != '.':
		return false
	}
	m := digits(frac[1:])
	return m == len(frac)-1 && n+m > 0
}
