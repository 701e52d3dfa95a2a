package rootcause

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// fixedSymptoms are the symptoms a class names alone, whatever the answers.
var fixedSymptoms = map[diff.Class]string{
	diff.ClassTimeout:        "no answer within the deadline",
	diff.ClassMissingRows:    "row dropped",
	diff.ClassExtraRows:      "row added",
	diff.ClassOrder:          "rows out of order",
	diff.ClassEmptyHead:      "empty head",
	diff.ClassIllegalTriple:  "illegal triple written",
	diff.ClassShape:          "answer of another kind",
	diff.ClassMissingQuads:   "quad dropped",
	diff.ClassExtraQuads:     "quad added",
	diff.ClassGraphExistence: "empty graph kept",
	diff.ClassAtomicity:      "failed request left a partial store",
}

// Symptom says what the engine did, abstracted so that two witnesses of
// one fault read the same: for an error, the engine's message with its
// particulars replaced; for a wrong answer, the shape of the difference.
func Symptom(class diff.Class, expected *results.Answer, v triage.EngineVerdict) string {
	if s, ok := fixedSymptoms[class]; ok {
		return s
	}
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
	case diff.ClassDuplicateRows:
		return duplicates(expected, v.Answer)
	case diff.ClassVars:
		return vars(expected, v.Answer)
	}
	if s, ok := askRows(expected, v.Answer); ok {
		return s
	}
	if e, a, ok := slicedCell(expected, v.Answer); ok {
		return Transformation(e, a)
	}
	if e, a, ok := differingCell(expected, v.Answer); ok {
		return Transformation(e, a)
	}
	return string(class)
}

// slicedCell: under LIMIT or OFFSET without ORDER BY the spec allows any
// rows of the solution sequence (#defn_algSlice over a sequence in no
// order), so the judge's rows are one choice among several. When every
// row the engine returned is a row of the sequence but for literals of
// the same value, the difference is that literal (a stored "0e0" written
// "0.0"), not the value in the row the judge happened to choose.
func slicedCell(expected, actual *results.Answer) (rdf.Term, rdf.Term, bool) {
	if expected == nil || actual == nil || expected.Freedom == nil || !oneTieClass(expected.Freedom) ||
		len(expected.Freedom.Sequence) <= len(expected.Rows) {
		return rdf.Term{}, rdf.Term{}, false
	}
	var first [2]rdf.Term
	found := false
	for _, row := range actual.Rows {
		e, a, ok := nearRow(expected.Freedom.Sequence, row)
		if !ok {
			return rdf.Term{}, rdf.Term{}, false
		}
		if !found && !e.IsZero() {
			first, found = [2]rdf.Term{e, a}, true
		}
	}
	return first[0], first[1], found
}

// oneTieClass: no row of the sequence must precede another (no ORDER BY,
// which the judge records as Ordered with every row in one tie class).
func oneTieClass(f *results.Freedom) bool {
	if !f.Ordered {
		return true
	}
	return len(f.Ties) == len(f.Sequence) && !slices.ContainsFunc(f.Ties, func(c int) bool { return c != f.Ties[0] })
}

// nearRow finds a row of seq that row equals but for literals of the same
// value, and returns its first differing cell (zero terms when row is
// in seq as it is).
func nearRow(seq []results.Solution, row results.Solution) (rdf.Term, rdf.Term, bool) {
	for _, s := range seq {
		if len(s) != len(row) {
			continue
		}
		var e, a rdf.Term
		match := true
		for v, t := range s {
			u, ok := row[v]
			switch {
			case !ok:
				match = false
			case u == t:
			case sameValue(t, u):
				if e.IsZero() {
					e, a = t, u
				}
			default:
				match = false
			}
		}
		if match {
			return e, a, true
		}
	}
	return rdf.Term{}, rdf.Term{}, false
}

// sameValue: two literals of one number, or of one lexical form.
func sameValue(e, a rdf.Term) bool {
	return e.Kind == rdf.KindLiteral && a.Kind == rdf.KindLiteral && e.Lang == a.Lang &&
		(sameNumber(e, a) || e.Value == a.Value)
}

// askRows reads an ASK answer that differs from the judge's as the row it
// stands for: ASK answers whether the pattern has a solution (#ask), so
// false where the spec gives true is a solution dropped, and true where it
// gives false one added; a SELECT of the same pattern shows "row dropped".
func askRows(expected, actual *results.Answer) (string, bool) {
	if expected == nil || actual == nil || expected.Kind != results.Boolean || actual.Kind != results.Boolean ||
		expected.Boolean == actual.Boolean {
		return "", false
	}
	if expected.Boolean {
		return "row dropped", true
	}
	return "row added", true
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
	// the SQL statement a SPARQL-to-SQL engine compiled (oxilite appends
	// it to SQLite's message): the case's, not the fault's
	{regexp.MustCompile(`\bin (SELECT|WITH|INSERT|DELETE|UPDATE) .*\b(AS|FROM)\b.*$`), "in <sql>"},
	{regexp.MustCompile(`\b\d+(st|nd|rd|th)\b`), "Nth"},
	{regexp.MustCompile(`\b0x[0-9a-fA-F]+\b`), "N"},
	{regexp.MustCompile(`\b[0-9a-f]{8,}\b`), "N"},
	{regexp.MustCompile(`[-+]?\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b`), "N"},
	{regexp.MustCompile(`\s+`), " "},
}

// codeNames are the names a language's runtime quotes from the engine's
// own code, not from the case: the type and the attribute of Python's
// "'list' object has no attribute 'name'". They tell one fault from
// another (RDFLib's empty VALUES and its SUM over an error raise two such
// messages), so they keep their quotes, marked until the quoted-text
// abstraction has run; a type written as a repr ("'<... object at 0x...>'")
// is still the case's.
var codeNames = []*regexp.Regexp{
	regexp.MustCompile(`'([A-Za-z_][A-Za-z0-9_.]*)'( object (?:has no attribute|is not))`),
	regexp.MustCompile(`(has no attribute )'([A-Za-z_][A-Za-z0-9_]*)'`),
}

// codeQuote stands for a kept quote while the abstractions run.
const codeQuote = "\uE001"

func keepCodeNames(msg string) string {
	msg = codeNames[0].ReplaceAllString(msg, codeQuote+"$1"+codeQuote+"$2")
	return codeNames[1].ReplaceAllString(msg, "$1"+codeQuote+"$2"+codeQuote)
}

// Message abstracts an engine's error message: its first line, with IRIs,
// quoted text, variable names, blank-node labels, file paths and numbers
// (positions included) replaced, a structure dumped in braces or brackets
// (a Python repr of the query's algebra) as {…}, cut where the message
// starts again (an engine that reports one error per unbound variable),
// at most 160 characters. Names of the engine's code stay (codeNames).
func Message(msg string) string {
	msg, _, _ = strings.Cut(strings.TrimSpace(msg), "\n")
	msg = keepCodeNames(msg)
	for _, a := range abstractions {
		msg = a.re.ReplaceAllString(msg, a.with)
	}
	msg = strings.ReplaceAll(msg, codeQuote, "'")
	msg = firstReport(collapse(strings.TrimSpace(msg)))
	if r := []rune(msg); len(r) > 160 {
		msg = string(r[:160])
	}
	return msg
}

var (
	innermost = regexp.MustCompile(`[{\[][^{}\[\]]*[}\]]`)
	unclosed  = regexp.MustCompile(`[{\[][^{}\[\]]*$`)
)

// collapse writes every outermost {...} or [...] group as {…}: what a
// dumped structure holds is the case's, not the fault's. Innermost
// groups go first, marked by a character no message holds; a group the
// message's end cut open is collapsed too.
func collapse(msg string) string {
	const mark = "\uE000"
	for {
		next := innermost.ReplaceAllString(msg, mark)
		if next == msg {
			next = unclosed.ReplaceAllString(msg, mark)
		}
		if next == msg {
			break
		}
		msg = next
	}
	return strings.ReplaceAll(msg, mark, "{…}")
}

// firstReport cuts a message where its first 16 characters occur again:
// the engine reported the same error once more (for another variable).
func firstReport(msg string) string {
	r := []rune(msg)
	if len(r) < 32 {
		return msg
	}
	if i := strings.Index(msg[len(string(r[:16])):], string(r[:16])); i >= 0 {
		return strings.TrimSpace(msg[:len(string(r[:16]))+i])
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
	case e.Datatype == xsd+"boolean" && results.IsIntegerType(a.Datatype) && (a.Value == "0" || a.Value == "1"):
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

// number parses a numeric literal's value exactly (INF and NaN are not
// compared: they are never "the same number" here).
func number(t rdf.Term) (*big.Rat, bool) {
	if !diff.IsNumericType(t.Datatype) {
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
