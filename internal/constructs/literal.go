package constructs

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Literal kinds. A literal is named by its datatype's prefixed name
// ("literal xsd:int"), "literal @lang" or "literal @lang--dir"; a simple
// literal names nothing. A numeric or boolean literal whose lexical form is
// not its datatype's canonical one (XSD 1.1 Part 2, §3.3 canonical
// mappings: "01", "+1", "1.50", "1e0", "1") is also "literal
// non-canonical". The same names serve the query's literals and the
// data's, and a neutral form replaces them in both.

const (
	labelLang         = "literal @lang"
	labelDirLang      = "literal @lang--dir"
	labelNonCanonical = "literal non-canonical"
)

// integerTypes are xsd:integer and the types derived from it (XSD 1.1
// Part 2 §3.4.13 onwards): their value is an integer.
var integerTypes = map[string]bool{}

func init() {
	for _, t := range []string{"integer", "int", "long", "short", "byte", "nonNegativeInteger",
		"positiveInteger", "negativeInteger", "nonPositiveInteger", "unsignedLong", "unsignedInt",
		"unsignedShort", "unsignedByte"} {
		integerTypes[rdf.XSD+t] = true
	}
}

// baseTypes are the datatypes a literal is written in without ^^ (SPARQL
// #rNumericLiteral, #rBooleanLiteral): a literal of one has no simpler kind.
var baseTypes = map[string]bool{rdf.XSDInteger: true, rdf.XSDDecimal: true, rdf.XSDDouble: true, rdf.XSDBoolean: true}

// termLabels names the kinds of a term of the data or the query.
func termLabels(t rdf.Term) []string {
	switch t.Kind {
	case rdf.KindTriple:
		out := []string{"triple term"}
		s, p, o, _ := t.TripleParts()
		for _, x := range []rdf.Term{s, p, o} {
			out = append(out, termLabels(x)...)
		}
		return out
	case rdf.KindLiteral:
		return literalLabels(t)
	}
	return nil
}

func literalLabels(t rdf.Term) []string {
	var out []string
	switch {
	case t.Dir != "":
		out = append(out, labelDirLang)
	case t.Lang != "":
		out = append(out, labelLang)
	case t.Datatype != rdf.XSDString:
		out = append(out, datatypeLabel(t.Datatype))
	}
	if c, ok := canonical(t); ok && c != t.Value {
		out = append(out, labelNonCanonical)
	}
	return out
}

func datatypeLabel(dt string) string { return "literal " + shortIRI(dt) }

// queryLiteralLabels: the term's kinds, and "literal xsd:string" for a
// string written with ^^xsd:string (the term is the simple literal).
func queryLiteralLabels(l *syntax.Literal) []string {
	if l.Kind == syntax.LitString && l.Lang == "" && l.Datatype != nil && l.Datatype.Value == rdf.XSDString {
		return []string{datatypeLabel(rdf.XSDString)}
	}
	return literalLabels(l.Term())
}

var (
	integerLex = regexp.MustCompile(`^[+-]?[0-9]+$`)
	decimalLex = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
	doubleLex  = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
)

// canonical is the canonical lexical form of a numeric or boolean literal
// (XSD 1.1 Part 2 §3.3.3.2, §3.3.6.2, §3.3.2.2, §3.4.13.2); ok is false for
// other datatypes and for lexical forms outside the lexical space.
func canonical(t rdf.Term) (string, bool) {
	lex := t.Value
	switch {
	case integerTypes[t.Datatype]:
		return canonicalInteger(lex)
	case t.Datatype == rdf.XSDDecimal:
		return canonicalDecimal(lex)
	case t.Datatype == rdf.XSDDouble:
		return canonicalFloat(lex, 64)
	case t.Datatype == rdf.XSDFloat:
		return canonicalFloat(lex, 32)
	case t.Datatype == rdf.XSDBoolean:
		switch lex {
		case "true", "1":
			return "true", true
		case "false", "0":
			return "false", true
		}
	}
	return "", false
}

func canonicalInteger(lex string) (string, bool) {
	if !integerLex.MatchString(lex) {
		return "", false
	}
	neg := strings.HasPrefix(lex, "-")
	digits := strings.TrimLeft(strings.TrimLeft(lex, "+-"), "0")
	if digits == "" {
		return "0", true
	}
	if neg {
		return "-" + digits, true
	}
	return digits, true
}

// canonicalDecimal: no sign for positives, no leading zeros, at least one
// digit either side of the point, no trailing zeros after the first.
func canonicalDecimal(lex string) (string, bool) {
	if !decimalLex.MatchString(lex) {
		return "", false
	}
	neg := strings.HasPrefix(lex, "-")
	body := strings.TrimLeft(lex, "+-")
	ip, fp, _ := strings.Cut(body, ".")
	ip, fp = strings.TrimLeft(ip, "0"), strings.TrimRight(fp, "0")
	if ip == "" {
		ip = "0"
	}
	if fp == "" {
		fp = "0"
	}
	if ip == "0" && fp == "0" {
		neg = false
	}
	out := ip + "." + fp
	if neg {
		out = "-" + out
	}
	return out, true
}

// canonicalFloat: a mantissa with one digit before the point and at least
// one after, then E and the exponent without '+' or leading zeros
// ("1.0E0", "-1.5E-3"); INF, -INF and NaN as they are.
func canonicalFloat(lex string, bits int) (string, bool) {
	switch lex {
	case "INF", "+INF":
		return "INF", true
	case "-INF", "NaN":
		return lex, true
	}
	if !doubleLex.MatchString(lex) {
		return "", false
	}
	v, err := strconv.ParseFloat(lex, bits)
	if err != nil || math.IsInf(v, 0) {
		return "", false
	}
	s := strconv.FormatFloat(v, 'E', -1, bits)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e), true
}

// neutralTerm is t with the literal kind label removed, or ok false when
// the label is not t's or has no neutral form.
//
//   - "literal @lang--dir": the same string and language, no direction;
//   - "literal @lang": the simple literal;
//   - "literal non-canonical": the canonical form, same datatype;
//   - "literal xsd:int" and every type derived from xsd:integer: the
//     value as an xsd:integer (canonical), or the lexical form as a simple
//     literal when it is not in the lexical space; xsd:float: the same
//     lexical form as xsd:double; any other datatype but the base ones
//     (xsd:integer, xsd:decimal, xsd:double, xsd:boolean): the lexical form
//     as a simple literal.
func neutralTerm(label string, t rdf.Term) (rdf.Term, bool) {
	if t.Kind != rdf.KindLiteral {
		return t, false
	}
	switch {
	case label == labelDirLang && t.Dir != "":
		return rdf.LangLiteral(t.Value, t.Lang), true
	case label == labelLang && t.Dir == "" && t.Lang != "":
		return rdf.String(t.Value), true
	case label == labelNonCanonical:
		if c, ok := canonical(t); ok && c != t.Value {
			return rdf.Literal(c, t.Datatype), true
		}
		return t, false
	case t.Lang != "" || t.Datatype == rdf.XSDString || baseTypes[t.Datatype] || label != datatypeLabel(t.Datatype):
		return t, false
	case integerTypes[t.Datatype]:
		if c, ok := canonicalInteger(t.Value); ok {
			return rdf.Literal(c, rdf.XSDInteger), true
		}
		return rdf.String(t.Value), true
	case t.Datatype == rdf.XSDFloat:
		if doubleLex.MatchString(t.Value) || t.Value == "INF" || t.Value == "-INF" || t.Value == "NaN" {
			return rdf.Literal(t.Value, rdf.XSDDouble), true
		}
	}
	return rdf.String(t.Value), true
}

// literalNode writes a term as the query literal that denotes it: the bare
// forms for xsd:integer, xsd:decimal, xsd:double and xsd:boolean where the
// lexical form allows (#rNumericLiteral), else a quoted string with its
// language or datatype.
func literalNode(t rdf.Term) *syntax.Literal {
	switch t.Datatype {
	case rdf.XSDInteger:
		if integerLex.MatchString(t.Value) {
			return &syntax.Literal{Kind: syntax.LitInteger, Lex: t.Value}
		}
	case rdf.XSDDecimal:
		if decimalLex.MatchString(t.Value) && strings.Contains(t.Value, ".") && !strings.HasSuffix(t.Value, ".") {
			return &syntax.Literal{Kind: syntax.LitDecimal, Lex: t.Value}
		}
	case rdf.XSDDouble:
		if doubleLex.MatchString(t.Value) && strings.ContainsAny(t.Value, "eE") {
			return &syntax.Literal{Kind: syntax.LitDouble, Lex: t.Value}
		}
	case rdf.XSDBoolean:
		if t.Value == "true" || t.Value == "false" {
			return &syntax.Literal{Kind: syntax.LitBoolean, Lex: t.Value}
		}
	}
	l := &syntax.Literal{Kind: syntax.LitString, Lex: t.Value, Lang: t.Lang, Dir: t.Dir}
	if t.Lang == "" && t.Datatype != rdf.XSDString {
		l.Datatype = &syntax.IRI{Value: t.Datatype}
	}
	return l
}

// dataLabels names the constructs of the data: literal kinds, triple
// terms, blank nodes, named graphs.
func dataLabels(ds *rdf.Dataset) []string {
	if ds == nil {
		return nil
	}
	set := map[string]bool{}
	if len(ds.Names()) > 0 {
		set["named graph"] = true
	}
	for _, q := range ds.Quads() {
		for _, t := range []rdf.Term{q.S, q.P, q.O, q.G} {
			for _, l := range termLabels(t) {
				set[l] = true
			}
			if rdf.HasBlank(t) {
				set["blank node in data"] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// DataWithout is ds without the quads that carry label (a literal kind,
// "triple term", "blank node in data", or "named graph": the quads of the
// named graphs), and false when no quad carries it or it is not a label
// of the data. Merging the named graphs (Without) is not the only
// neutral form: a pattern that must match nothing in the default graph
// (GROUP BY over no solution) needs the default graph empty, not the
// named graphs. A reduction stopped by its budget
// leaves quads the divergence does not need; removing them is a neutral
// form of their labels that Without, which rewrites terms in place, does
// not offer (reduce.Trigger tries it after Without's variants).
func DataWithout(ds *rdf.Dataset, label string) (*rdf.Dataset, bool) {
	if ds == nil {
		return nil, false
	}
	out, dropped := rdf.NewDataset(), false
	for _, q := range ds.Quads() {
		if quadCarries(q, label) {
			dropped = true
			continue
		}
		out.Add(q)
	}
	return out, dropped
}

func quadCarries(q rdf.Quad, label string) bool {
	if label == "named graph" {
		return q.G != rdf.DefaultGraph
	}
	for _, t := range []rdf.Term{q.S, q.P, q.O, q.G} {
		if label == "blank node in data" && rdf.HasBlank(t) || slices.Contains(termLabels(t), label) {
			return true
		}
	}
	return false
}
