package rootcause

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Symptom says what the engine did, abstracted so that two witnesses of
// one fault read the same: for an error, the engine's message with its
// particulars replaced; for a wrong answer, the shape of the difference.
func Symptom(class diff.Class, expected *results.Answer, v diff.EngineVerdict) string {
	switch class {
	case diff.ClassErrorVsAnswer:
		if v.Err == nil {
			return "answer where the spec gives an error"
		}
		return "error: " + Message(v.Err.Error())
	case diff.ClassCrash:
		return "crash: " + Message(errText(v.Err))
	case diff.ClassRejected:
		return "refused: " + Message(errText(v.Err))
	case diff.ClassTimeout:
		return "no answer within the deadline"
	case diff.ClassMissingRows:
		return "row dropped"
	case diff.ClassExtraRows:
		return "row added"
	case diff.ClassDuplicateRows:
		return duplicates(expected, v.Answer)
	case diff.ClassOrder:
		return "rows out of order"
	case diff.ClassEmptyHead:
		return "empty head"
	case diff.ClassVars:
		return vars(expected, v.Answer)
	case diff.ClassIllegalTriple:
		return "illegal triple written"
	case diff.ClassShape:
		return "answer of another kind"
	case diff.ClassMissingQuads:
		return "quad dropped"
	case diff.ClassExtraQuads:
		return "quad added"
	case diff.ClassGraphExistence:
		return "empty graph kept"
	case diff.ClassAtomicity:
		return "failed request left a partial store"
	}
	if e, a, ok := differingCell(expected, v.Answer); ok {
		return Transformation(e, a)
	}
	return string(class)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Particulars of a message, replaced in this order (IRIs before paths,
// quoted text before the words in it).
var abstractions = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`<[^<>\s]*>`), "<iri>"},
	{regexp.MustCompile(`\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>)\]]*`), "<iri>"},
	{regexp.MustCompile(`"(?:[^"\\]|\\.)*"`), `"…"`},
	{regexp.MustCompile(`'(?:[^'\\]|\\.)*'`), `'…'`},
	{regexp.MustCompile(`[?$][A-Za-z_][A-Za-z0-9_]*`), "?var"},
	{regexp.MustCompile(`(?i)\b(variable|column)\s+([A-Za-z_][A-Za-z0-9_]*)\b`), "$1 ?var"},
	{regexp.MustCompile(`_:[A-Za-z0-9_.-]+`), "_:b"},
	{regexp.MustCompile(`(?:/[\w.+-]+){2,}/?`), "<path>"},
	{regexp.MustCompile(`\b0x[0-9a-fA-F]+\b`), "N"},
	{regexp.MustCompile(`\b[0-9a-f]{8,}\b`), "N"},
	{regexp.MustCompile(`[-+]?\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b`), "N"},
	{regexp.MustCompile(`\s+`), " "},
}

// Message abstracts an engine's error message: its first line, with IRIs,
// quoted text, variable names, blank-node labels, file paths and numbers
// (positions included) replaced, at most 160 characters.
func Message(msg string) string {
	msg, _, _ = strings.Cut(strings.TrimSpace(msg), "\n")
	for _, a := range abstractions {
		msg = a.re.ReplaceAllString(msg, a.with)
	}
	msg = strings.TrimSpace(msg)
	if r := []rune(msg); len(r) > 160 {
		msg = string(r[:160])
	}
	return msg
}

func duplicates(expected, actual *results.Answer) string {
	if expected != nil && actual != nil && len(actual.Rows) < len(expected.Rows) {
		return "duplicate rows removed"
	}
	return "duplicate rows kept"
}

func vars(expected, actual *results.Answer) string {
	if expected == nil || actual == nil {
		return "variables differ"
	}
	for _, v := range actual.Vars {
		if !contains(expected.Vars, v) {
			return "extra variable projected"
		}
	}
	return "variable not projected"
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// differingCell finds one cell the answers disagree on: per variable, the
// first term (in term order) of the expected multiset the actual one lacks,
// paired with the first the actual one has in excess. A missing term is the
// zero Term (unbound).
func differingCell(expected, actual *results.Answer) (rdf.Term, rdf.Term, bool) {
	if expected == nil || actual == nil {
		return rdf.Term{}, rdf.Term{}, false
	}
	vs := append(append([]string(nil), expected.Vars...), actual.Vars...)
	sort.Strings(vs)
	for _, v := range vs {
		lack, excess := excessTerms(expected.Rows, actual.Rows, v), excessTerms(actual.Rows, expected.Rows, v)
		if len(lack) == 0 && len(excess) == 0 || allBlank(lack) && allBlank(excess) {
			continue // blank-node labels differ from answer to answer: the comparator's bijection pairs them
		}
		var e, a rdf.Term
		if len(lack) > 0 {
			e = lack[0]
		}
		if len(excess) > 0 {
			a = excess[0]
		}
		return e, a, true
	}
	return rdf.Term{}, rdf.Term{}, false
}

func allBlank(ts []rdf.Term) bool {
	for _, t := range ts {
		if t.Kind != rdf.KindBlank {
			return false
		}
	}
	return true
}

// excessTerms are the values of v in xs beyond their count in ys, sorted.
func excessTerms(xs, ys []results.Solution, v string) []rdf.Term {
	count := map[rdf.Term]int{}
	for _, r := range ys {
		count[r[v]]++
	}
	var out []rdf.Term
	for _, r := range xs {
		t := r[v]
		if count[t] > 0 {
			count[t]--
			continue
		}
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Transformation names how the engine's term a differs from the expected
// term e.
func Transformation(e, a rdf.Term) string {
	switch {
	case e.IsZero() && !a.IsZero():
		return "unbound value bound"
	case !e.IsZero() && a.IsZero():
		return "value left unbound"
	case e.Kind == rdf.KindIRI && a.Kind == rdf.KindBlank:
		return "blank node for IRI"
	case e.Kind == rdf.KindBlank && a.Kind == rdf.KindIRI:
		return "IRI for blank node"
	case e.Kind != a.Kind:
		return fmt.Sprintf("%s for %s", kindName(a), kindName(e))
	case e.Kind == rdf.KindLiteral:
		return literalChange(e, a)
	}
	return "value changed"
}

func kindName(t rdf.Term) string {
	switch t.Kind {
	case rdf.KindIRI:
		return "IRI"
	case rdf.KindBlank:
		return "blank node"
	case rdf.KindLiteral:
		return "literal"
	}
	return "triple term"
}

const xsd = "http://www.w3.org/2001/XMLSchema#"

func literalChange(e, a rdf.Term) string {
	switch {
	case e.Datatype == xsd+"boolean" && isInteger(a.Datatype) && (a.Value == "0" || a.Value == "1"):
		return "boolean written as 0/1"
	case e.Lang != "" && strings.EqualFold(e.Lang, a.Lang) && e.Value == a.Value:
		return "language tag case changed"
	case e.Datatype != a.Datatype && sameNumber(e, a):
		return short(e.Datatype) + " typed " + short(a.Datatype)
	case e.Datatype != a.Datatype && e.Value == a.Value:
		return short(e.Datatype) + " typed " + short(a.Datatype)
	case e.Datatype == a.Datatype && e.Lang == a.Lang && sameNumber(e, a):
		if normalLexical.MatchString(a.Value) && !normalLexical.MatchString(e.Value) {
			return "literal rewritten to canonical form"
		}
		return "lexical form changed"
	}
	return "value changed"
}

// normalLexical is a numeral in a canonical shape of XSD 1.0 or 1.1: no
// sign but a minus, no leading zero, no trailing zero in a fraction beyond
// one digit, an exponent without leading zeros ("1", "1.0", "1.5", "1E0",
// "1.0E-3"). Rewriting a numeral that is not in such a shape into one is
// canonicalisation.
var normalLexical = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.(0|[0-9]*[1-9]))?([eE]-?(0|[1-9][0-9]*))?$`)

func short(dt string) string {
	if rest, ok := strings.CutPrefix(dt, xsd); ok {
		return "xsd:" + rest
	}
	if dt == "" {
		return "simple literal"
	}
	if rest, ok := strings.CutPrefix(dt, "http://www.w3.org/1999/02/22-rdf-syntax-ns#"); ok {
		return "rdf:" + rest
	}
	return "<" + dt + ">"
}

var integerTypes = map[string]bool{
	"integer": true, "int": true, "long": true, "short": true, "byte": true,
	"nonNegativeInteger": true, "positiveInteger": true, "nonPositiveInteger": true, "negativeInteger": true,
	"unsignedInt": true, "unsignedLong": true, "unsignedShort": true, "unsignedByte": true,
}

func isInteger(dt string) bool {
	rest, ok := strings.CutPrefix(dt, xsd)
	return ok && integerTypes[rest]
}

func isNumeric(dt string) bool {
	rest, ok := strings.CutPrefix(dt, xsd)
	return ok && (integerTypes[rest] || rest == "decimal" || rest == "float" || rest == "double")
}

// number parses a numeric literal's value exactly (INF and NaN are not
// compared: they are never "the same number" here).
func number(t rdf.Term) (*big.Rat, bool) {
	if !isNumeric(t.Datatype) {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(strings.TrimSpace(t.Value), "+"))
	return r, ok
}

func sameNumber(e, a rdf.Term) bool {
	x, ok1 := number(e)
	y, ok2 := number(a)
	return ok1 && ok2 && x.Cmp(y) == 0
}
