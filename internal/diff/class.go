package diff

import (
	"fmt"
	"sort"
	"strings"
)

// Class names one kind of divergence between an expected (judge) answer and
// an actual one. The string values are stable: they are written into
// baselines and reports, so never rename one; add new classes instead.
type Class string

// Row-level classes: how the multisets of rows differ.
const (
	// ClassMissingRows: some expected row has no counterpart in actual.
	ClassMissingRows Class = "missing-rows"
	// ClassExtraRows: some actual row has no counterpart in expected.
	ClassExtraRows Class = "extra-rows"
	// ClassDuplicateRows: the same distinct rows, different multiplicities.
	ClassDuplicateRows Class = "duplicate-rows"
	// ClassOrder: a permitted multiset of rows in an order ORDER BY forbids.
	ClassOrder Class = "order"
)

// Cell-level classes: a paired row differs in a cell, and the difference is
// one of the well-known "equal value, different term" cases (docs/architecture.md,
// "Same term where the text fixes the term"), or lies in a cell the judge computed
// ("Computed values are open where the text leaves them open").
const (
	// ClassNumericLexical: same numeric datatype and value, other lexical
	// form ("1.0" vs "1.00", "01"^^xsd:integer vs "1"^^xsd:integer).
	ClassNumericLexical Class = "numeric-lexical"
	// ClassNumericDatatype: same numeric value, different numeric datatype
	// (xsd:int vs xsd:integer, 1.0 as decimal vs 1 as integer).
	ClassNumericDatatype Class = "numeric-datatype"
	// ClassLangCase: language tags that differ only in case. rdf.LangLiteral
	// lower-cases tags, so this arises only for Terms built by hand.
	ClassLangCase Class = "lang-case"
	// ClassSimpleVsString: a raw literal with an empty Datatype against the
	// same literal with the datatype RDF 1.1 implies (xsd:string, or
	// rdf:langString with a language tag).
	ClassSimpleVsString Class = "simple-vs-string"
	// ClassBlankVsIRI: a blank node where an IRI was expected, or back.
	ClassBlankVsIRI Class = "blank-vs-iri"
	// ClassUnboundVsBound: a variable bound on one side only.
	ClassUnboundVsBound Class = "unbound-vs-bound"
	// ClassWrongValue: any other cell difference.
	ClassWrongValue Class = "wrong-value"
	// ClassCopiedLiteralChanged: a literal the judge copied from the data or
	// the query (a traced judge: results.Freedom.Traced) came back as another
	// term of the same value: a canonicalised lexical form, xsd:int as
	// xsd:integer, a language tag's case. RDF term equality fixes a copied
	// term; the specific class (numeric-lexical, numeric-datatype, lang-case)
	// is listed beside it.
	ClassCopiedLiteralChanged Class = "copied-literal-changed"
	// ClassComputedValue: a computed literal whose value is outside what the
	// judge accepts for it (results.Cell.Accepts): a wrong value, or an
	// xs:decimal rounded to fewer digits than XSD's minimum allows.
	ClassComputedValue Class = "computed-value"
	// ClassComputedDatatype: a computed literal of the right value (or
	// lexical form) but another datatype than the operator or function
	// returns (AVG of integers as xsd:double, COUNT as xsd:int).
	ClassComputedDatatype Class = "computed-datatype"
)

// Store classes: an update's answer is the graph store after the request
// (compare_store.go).
const (
	// ClassMissingQuads: a quad of the permitted store has no counterpart.
	ClassMissingQuads Class = "missing-quads"
	// ClassExtraQuads: a quad of the engine's store has no counterpart.
	ClassExtraQuads Class = "extra-quads"
	// ClassGraphExistence: an empty named graph no permitted store has.
	ClassGraphExistence Class = "graph-existence"
	// ClassChangedLiteral: a literal of the store came back as another term
	// of the same value; the specific cell class is listed beside it.
	ClassChangedLiteral Class = "changed-literal"
	// ClassAtomicity: a failed request left a store that is neither the one
	// before it (§2.2 SHOULD) nor the one with the earlier operations applied.
	ClassAtomicity Class = "atomicity"
)

// Answer-level classes.
const (
	// ClassVars: the sets of projected variables differ.
	ClassVars Class = "vars"
	// ClassEmptyHead: neither answer has a solution and the engine's head
	// lists no variable where the query projects some. The solutions agree
	// (there are none); the results format's head is what differs (SPARQL
	// Query Results XML Format §2.2, #head; every empty expected result of
	// the W3C 1.1 suite lists its variables).
	ClassEmptyHead Class = "empty-head"
	// ClassIllegalTriple: the engine's graph holds a triple that is not RDF
	// (a literal subject, a predicate that is not an IRI), which CONSTRUCT
	// leaves out (#construct: "that triple is not included in the output
	// RDF graph").
	ClassIllegalTriple Class = "illegal-triple"
	// ClassShape: the answers are of different kinds (bindings vs boolean...).
	ClassShape Class = "shape"
	// ClassUndecided: the comparison did not finish (search budget
	// exhausted) or the freedom is beyond what Compare decides; the answer
	// is not judged correct.
	ClassUndecided Class = "undecided"
)

// Outcome classes. Compare never returns these: it sees answers, not engine
// errors. They are defined here so that triage and baselines use one
// vocabulary.
const (
	ClassErrorVsAnswer Class = "error-vs-answer"
	ClassTimeout       Class = "timeout"
	ClassCrash         Class = "crash"
	ClassUnsupported   Class = "unsupported"
	ClassRejected      Class = "rejected"
)

// allClasses lists every class, most specific first: a Verdict's Classes are
// sorted by this rank.
var allClasses = []Class{
	ClassShape, ClassVars, ClassEmptyHead, ClassIllegalTriple,
	ClassCopiedLiteralChanged, ClassChangedLiteral,
	ClassLangCase, ClassSimpleVsString, ClassNumericLexical, ClassNumericDatatype,
	ClassComputedDatatype, ClassComputedValue,
	ClassBlankVsIRI, ClassUnboundVsBound,
	ClassDuplicateRows, ClassOrder,
	ClassWrongValue, ClassMissingRows, ClassExtraRows,
	ClassAtomicity, ClassGraphExistence, ClassMissingQuads, ClassExtraQuads,
	ClassUndecided,
	ClassErrorVsAnswer, ClassTimeout, ClassCrash, ClassUnsupported, ClassRejected,
}

// AllClasses returns every defined class, most specific first.
func AllClasses() []Class { return append([]Class(nil), allClasses...) }

// ParseClass returns the Class with the given stable name.
func ParseClass(s string) (Class, error) {
	for _, c := range allClasses {
		if string(c) == s {
			return c, nil
		}
	}
	return "", fmt.Errorf("diff: unknown divergence class %q", s)
}

func (c Class) rank() int {
	for i, k := range allClasses {
		if k == c {
			return i
		}
	}
	return len(allClasses)
}

// JoinClasses writes classes by their stable names, sep between: the one
// way every report, log and table lists them.
func JoinClasses(cs []Class, sep string) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, sep)
}

// sortClasses removes duplicates and orders classes most specific first.
func SortClasses(cs []Class) []Class {
	seen := map[Class]bool{}
	out := make([]Class, 0, len(cs))
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank() < out[j].rank() })
	return out
}

// Severity orders what a root cause costs a user, worst first: a wrong
// answer (rows or values) is worse than a crash, a crash than an error on
// a valid request, an error than a refusal, and a refusal than a cosmetic
// difference (a lexical form, a datatype that keeps the value, a head on
// an empty answer). Lists and counts lead with it.
type Severity int

const (
	SeverityWrongAnswer Severity = iota + 1
	SeverityCrash
	SeverityError
	SeverityRefusal
	SeverityCosmetic
)

var severityNames = [...]string{"", "wrong-answer", "crash", "error", "refusal", "cosmetic"}

func (s Severity) String() string {
	if s < SeverityWrongAnswer || s > SeverityCosmetic {
		return "unknown"
	}
	return severityNames[s]
}

// ParseSeverity reads a severity's name.
func ParseSeverity(name string) (Severity, error) {
	for i, n := range severityNames {
		if n != "" && n == name {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("diff: unknown severity %q", name)
}

// Group is a family of classes a maintainer fixes in one place: a root
// cause is keyed by its group, not its class, so "1 row where the spec
// gives 2" and "3 rows where it gives 2" of one operator are one cause.
func (c Class) Group() string {
	switch c {
	case ClassMissingRows, ClassExtraRows, ClassDuplicateRows:
		return "rows"
	case ClassWrongValue, ClassUnboundVsBound, ClassBlankVsIRI, ClassComputedValue:
		return "value"
	case ClassCopiedLiteralChanged, ClassChangedLiteral, ClassNumericLexical, ClassLangCase, ClassSimpleVsString:
		return "lexical"
	case ClassNumericDatatype, ClassComputedDatatype:
		return "datatype"
	case ClassMissingQuads, ClassExtraQuads, ClassGraphExistence, ClassAtomicity:
		return "store"
	case ClassEmptyHead:
		return "head"
	case ClassIllegalTriple, ClassShape:
		return "graph"
	}
	return string(c) // order, vars, error-vs-answer, crash, rejected, timeout, ...
}

// Severity is the class's severity before its symptom is known (a
// wrong-value that only writes a boolean as 0/1 is cosmetic: the root
// cause's symptom refines it).
func (c Class) Severity() Severity {
	switch c.Group() {
	case "lexical", "datatype", "head":
		return SeverityCosmetic
	case string(ClassCrash):
		return SeverityCrash
	case string(ClassErrorVsAnswer), string(ClassTimeout):
		return SeverityError
	case string(ClassRejected), string(ClassUnsupported):
		return SeverityRefusal
	}
	return SeverityWrongAnswer
}
