package report

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A divergence is named from the reduced case: the construct that
// produces the differing cell (the expression binding the differing
// variable) or the operator that drops or adds the row, the effect in plain
// words, and the anchor of that construct at its own level (17.4.1.1, not
// 17.4).

// naming is what a divergence is called.
type naming struct {
	feature feature // the construct and its section
	effect  string  // "returns 2 where the spec gives 1"
}

// name names one engine's divergence of class c on the case. With a
// trigger (the constructs the divergence needs, found by ablation) the
// construct named is one of the trigger's: a construct the divergence does
// not need never takes the blame.
func name(query, base string, c diff.Class, expected *results.Answer, v triage.EngineVerdict, trigger []string) naming {
	q, _ := syntax.Parse(query, syntax.Options{Base: base})
	fs := inTrigger(features(query, base), trigger)
	n := naming{feature: featureOf(fs, c), effect: effect(c, expected, v)}
	if f, ok := literalFeature(trigger, n.feature, constructs.Of(q, nil), n.effect); ok && c != diff.ClassIllegalTriple {
		// A literal written as a subject is illegal whatever its datatype
		// (#construct: "a literal in subject or predicate position"), so
		// the template, not the literal, takes the blame.
		n.feature = f
	}
	if f, ok := questionFeature(v); ok { // a spec question: the construct whose reading differs
		n.feature = f
		return n
	}
	if q == nil || v.Answer == nil || expected == nil {
		return n
	}
	if cellClass(c) {
		if f, ok := binderOf(q, differingVars(expected, v.Answer)); ok && (len(trigger) == 0 || inTriggerName(trigger, f.Name)) {
			n.feature = f
		}
	}
	return n
}

// questionFeature is the construct at which the judge met the contested
// question an engine's answer takes the other reading of (the readings
// machinery records it: results.Basis.Construct), so a question is named by
// the aggregate whose reading differs, not by the query's first one.
func questionFeature(v triage.EngineVerdict) (feature, bool) {
	if v.Verdict == nil || v.Verdict.Basis == nil {
		return feature{}, false
	}
	if b := v.Verdict.Basis; b.Kind == results.BasisContested && b.Construct != "" {
		return namedFeature(b.Construct), true
	}
	return feature{}, false
}

// hostFeatures are the constructs a literal sits in rather than the
// ones that act on it: a pattern matches it, a projection returns it, a
// template writes it.
var hostFeatures = map[string]bool{"basic graph pattern": true, "projection": true, "SELECT *": true, "CONSTRUCT": true}

// literalFeature names the literal of the trigger when the construct
// chosen is only its host: RDFLib returning a stored "NaN"^^xsd:double
// as "nan", or refusing -0.5 in a CONSTRUCT template, is the fault of its
// handling of that literal (#QSynLiterals), not of basic graph pattern
// matching. The literal's label ("literal xsd:double", "literal @lang")
// is constructs.Of's. The label must name what the case shows (a label
// of the query's own, or a datatype the effect's words name): the trigger
// is the ablated case's, whose literal may be a sibling of the one the
// reduced case holds.
func literalFeature(trigger []string, chosen feature, queryLabels []string, effect string) (feature, bool) {
	if !hostFeatures[chosen.Name] {
		return feature{}, false
	}
	for _, t := range trigger {
		kind, ok := strings.CutPrefix(t, "literal ")
		shown := slices.Contains(queryLabels, t) || strings.Contains(effect, "^^"+kind) || strings.HasPrefix(kind, "@") && strings.Contains(effect, "@")
		if ok && kind != "non-canonical" && shown {
			return feature{kind + " literal", link("QSynLiterals", "4.1.2 Syntax for Literals")}, true
		}
	}
	return feature{}, false
}

// inTriggerName: the trigger names the construct, or its kind (a trigger
// generalised to "aggregate" names AVG: constructs.KindOf).
func inTriggerName(trigger []string, name string) bool {
	k := constructs.KindOf(name)
	if name == "property path" { // report's one name for constructs' "path |", "path *"...
		for _, t := range trigger {
			if strings.HasPrefix(t, "path ") {
				return true
			}
		}
	}
	return contains(trigger, name) || k != "" && contains(trigger, k)
}

// inTrigger keeps the features the trigger names, in their order; all of
// them when there is no trigger or it names none of them (a trigger of
// data constructs only).
func inTrigger(fs []feature, trigger []string) []feature {
	if len(trigger) == 0 {
		return fs
	}
	var out []feature
	for _, f := range fs {
		if inTriggerName(trigger, f.Name) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return fs
	}
	return out
}

// featureOf is the construct a divergence of class c is about when no cell
// names one: the operator that drops or adds rows for the row classes, the
// modifier for order, else the most specific construct.
func featureOf(fs []feature, c diff.Class) feature {
	if len(fs) == 0 {
		return feature{"query", SpecLink{}}
	}
	switch c {
	case diff.ClassMissingRows, diff.ClassExtraRows:
		if _, agg := aggregateSpec[fs[0].Name]; agg {
			// Grouping makes the rows: GROUP BY's keys, or the one
			// implicit group of an aggregate (#aggregateAlgebra).
			if f, ok := firstOf(fs, "GROUP BY"); ok {
				return f
			}
			return fs[0]
		}
		if f, ok := firstOf(fs, "MINUS", "FILTER", "OPTIONAL", "property path", "UNION", "VALUES", "subquery", "BIND", "LIMIT", "OFFSET"); ok {
			return rowFeature(fs, f)
		}
	case diff.ClassDuplicateRows:
		if f, ok := firstOf(fs, "DISTINCT", "REDUCED", "property path", "UNION", "GROUP BY", "OPTIONAL"); ok {
			return f
		}
	case diff.ClassOrder:
		if f, ok := firstOf(fs, "ORDER BY"); ok {
			return f
		}
	case diff.ClassVars:
		if f, ok := firstOf(fs, "SELECT *", "projection"); ok {
			return f
		}
	case diff.ClassEmptyHead:
		return resultsHead // beside its words, every empty expected result of the W3C 1.1 suite (19 .srx) lists its variables
	case diff.ClassIllegalTriple:
		return constructLeavesOut
	}
	return fs[0]
}

// rowFeature: rows dropped by a FILTER are the work of its function (the
// most specific construct, when it is a call); grouping is the aggregate's.
func rowFeature(fs []feature, f feature) feature {
	if f.Name == "FILTER" && fs[0].Spec.Anchor != "" && strings.HasPrefix(fs[0].Spec.Anchor, "func-") {
		return fs[0]
	}
	return f
}

func firstOf(fs []feature, names ...string) (feature, bool) {
	for _, n := range names {
		for _, f := range fs {
			if f.Name == n {
				return f, true
			}
		}
	}
	return feature{}, false
}

// cellClass: the classes whose divergence is a cell, so the expression
// binding that cell's variable is what takes the blame (the outermost
// operator of `0 * COUNT(*)` types the product, not COUNT).
func cellClass(c diff.Class) bool {
	switch c {
	case diff.ClassWrongValue, diff.ClassUnboundVsBound, diff.ClassNumericLexical, diff.ClassNumericDatatype,
		diff.ClassLangCase, diff.ClassSimpleVsString, diff.ClassBlankVsIRI,
		diff.ClassComputedValue, diff.ClassComputedDatatype, diff.ClassCopiedLiteralChanged:
		return true
	}
	return false
}

// differingVars are the variables whose multisets of values differ between
// the two answers, in the answer's variable order.
func differingVars(a, b *results.Answer) []string {
	var out []string
	for _, v := range a.Vars {
		if !sameColumn(column(a, v), column(b, v)) {
			out = append(out, v)
		}
	}
	return out
}

func column(a *results.Answer, v string) []string {
	col := make([]string, 0, len(a.Rows))
	for _, r := range a.Rows {
		col = append(col, r[v].String())
	}
	sort.Strings(col)
	return col
}

func sameColumn(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// binderOf finds the expression that binds one of vars (a SELECT
// expression, BIND or GROUP BY alias) and names its outermost construct.
func binderOf(q *syntax.Query, vars []string) (feature, bool) {
	var found syntax.Expr
	syntax.Inspect(q, func(n syntax.Node) bool {
		if found == nil {
			found = bound(n, vars)
		}
		return found == nil
	})
	if found == nil {
		return feature{}, false
	}
	return exprFeature(found)
}

func bound(n syntax.Node, vars []string) syntax.Expr {
	has := func(v *syntax.Var) bool { return v != nil && contains(vars, v.Name) }
	switch n := n.(type) {
	case *syntax.SelectItem:
		if n.Expr != nil && has(n.Var) {
			return n.Expr
		}
	case *syntax.Bind:
		if has(n.Var) {
			return n.Expr
		}
	case *syntax.GroupCondition:
		if has(n.Var) {
			return n.Expr
		}
	}
	return nil
}

// exprFeature names an expression by its outermost construct; a variable
// or a constant names nothing.
func exprFeature(e syntax.Expr) (feature, bool) {
	switch e := e.(type) {
	case *syntax.Aggregate:
		return feature{e.Name, aggregateSpec[e.Name]}, true
	case *syntax.Call:
		return callFeature(e.Name), true
	case *syntax.FuncCall:
		return feature{"cast to " + shortIRI(e.IRI.Value), link("FunctionMapping", "")}, true
	case *syntax.Binary:
		return binaryFeature(e.Op), true
	case *syntax.In:
		return namedFeature(map[bool]string{false: "IN", true: "NOT IN"}[e.Not]), true
	case *syntax.Exists:
		return namedFeature(map[bool]string{false: "EXISTS", true: "NOT EXISTS"}[e.Not]), true
	case *syntax.Unary:
		return unaryFeature(e.Op), true
	}
	return feature{}, false
}

// binaryFeature names an operator as the constructs package labels it,
// with the definition that decides it: the row of the §17.3 table
// (opLink) for arithmetic and comparisons, §17.4's own for = and != (the
// RDF-term rows) and the logical connectives.
func binaryFeature(op string) feature {
	switch op {
	case "+", "-", "*", "/":
		return feature{"arithmetic (" + op + ")", opLink(op)}
	case "=", "!=":
		return feature{op + " (RDFterm-equal)", link("func-RDFterm-equal", "")}
	case "&&":
		return feature{"&& (logical-and)", link("func-logical-and", "")}
	case "||":
		return feature{"|| (logical-or)", link("func-logical-or", "")}
	}
	return feature{"comparison (" + op + ")", opLink(op)}
}

func unaryFeature(op string) feature {
	if op == "!" {
		return feature{"! (logical-not)", opLink("!")}
	}
	return feature{"unary " + op, opLink("unary " + op)}
}

// namedFeature is the feature of a construct by its label (an aggregate,
// an operator, a pattern or a built-in call): what a contested question
// met at a construct (results.Basis.Construct) is named and cited by.
func namedFeature(name string) feature {
	if l, ok := aggregateSpec[name]; ok {
		return feature{name, l}
	}
	if l, ok := patternSpec[name]; ok {
		return feature{name, l}
	}
	switch name {
	case "!", "unary -", "unary +":
		return unaryFeature(strings.TrimPrefix(name, "unary "))
	case "+", "-", "*", "/", "=", "!=", "<", ">", "<=", ">=", "&&", "||":
		return binaryFeature(name)
	}
	return callFeature(name)
}

// effect says in plain words what the engine does where the spec gives
// something else, choosing the direction the class name leaves open.
func effect(c diff.Class, expected *results.Answer, v triage.EngineVerdict) string {
	switch c {
	case diff.ClassCrash:
		return "crashes"
	case diff.ClassTimeout:
		return "does not answer within the deadline"
	case diff.ClassRejected:
		return "rejects a valid SPARQL 1.1 query"
	case diff.ClassUnsupported:
		return "does not support the query"
	case diff.ClassErrorVsAnswer:
		if v.Err != nil {
			return "raises an error where the spec gives an answer"
		}
		return "returns an answer where the spec gives an error"
	case diff.ClassOrder:
		return "returns the rows out of ORDER BY order"
	}
	if expected == nil || v.Answer == nil {
		return classPhrase[c]
	}
	return answerEffect(c, expected, v.Answer)
}

func answerEffect(c diff.Class, e, a *results.Answer) string {
	if e.Kind != a.Kind {
		return fmt.Sprintf("returns %s where the spec gives %s", kindName(a), kindName(e))
	}
	switch e.Kind {
	case results.Boolean:
		return fmt.Sprintf("returns %v where the spec gives %v", a.Boolean, e.Boolean)
	case results.Graph:
		if c == diff.ClassIllegalTriple {
			return "returns " + count(illegalCount(a), "triple") + " with a literal subject or a non-IRI predicate, which the spec leaves out"
		}
		return fmt.Sprintf("returns %s where the spec gives %s", count(len(a.Triples), "triple"), count(len(e.Triples), "triple"))
	}
	switch c {
	case diff.ClassVars:
		return fmt.Sprintf("projects %s where the spec gives %s", varList(a.Vars), varList(e.Vars))
	case diff.ClassEmptyHead:
		return fmt.Sprintf("the head of an empty answer lists no variable where the query projects %s", varList(e.Vars))
	case diff.ClassMissingRows, diff.ClassExtraRows:
		if len(a.Rows) == len(e.Rows) { // as many rows, some of them others
			return fmt.Sprintf("returns %s, not all of them the %d the spec gives", count(len(a.Rows), "row"), len(e.Rows))
		}
		return fmt.Sprintf("returns %s where the spec gives %d", count(len(a.Rows), "row"), len(e.Rows))
	case diff.ClassDuplicateRows:
		return fmt.Sprintf("returns %s where the spec gives %d (other multiplicities)", count(len(a.Rows), "row"), len(e.Rows))
	case diff.ClassUndecided: // a spec question: what the answer of the other reading differs by
		if len(a.Rows) != len(e.Rows) {
			return fmt.Sprintf("returns %s where the judge's reading gives %d", count(len(a.Rows), "row"), len(e.Rows))
		}
		if vars := differingVars(e, a); len(vars) == 1 && len(e.Rows) > 1 {
			return fmt.Sprintf("returns other values of ?%s than the judge's reading", vars[0])
		}
		return strings.Replace(cellEffect(diff.ClassWrongValue, e, a), "where the spec", "where the judge's reading", 1)
	}
	return cellEffect(c, e, a)
}

// cellEffect: one differing variable over one row each says the values; else
// what the class means.
func cellEffect(c diff.Class, e, a *results.Answer) string {
	vars := differingVars(e, a)
	if len(vars) != 1 || len(e.Rows) != 1 || len(a.Rows) != 1 {
		return classPhrase[c]
	}
	v := vars[0]
	want, got := e.Rows[0][v], a.Rows[0][v]
	switch {
	case got.IsZero():
		return fmt.Sprintf("leaves ?%s unbound where the spec gives %s", v, shortTerm(want))
	case want.IsZero():
		return fmt.Sprintf("binds ?%s to %s where the spec leaves it unbound", v, shortTerm(got))
	}
	return fmt.Sprintf("returns %s for ?%s where the spec gives %s", shortTerm(got), v, shortTerm(want))
}

func kindName(a *results.Answer) string {
	switch a.Kind {
	case results.Boolean:
		return "a boolean"
	case results.Graph:
		return "a graph"
	}
	return "solutions"
}

func count(n int, what string) string {
	switch n {
	case 0:
		return "no " + what
	case 1:
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func varList(vs []string) string {
	if len(vs) == 0 {
		return "no variable"
	}
	return "?" + strings.Join(vs, " ?")
}

// shortTerm writes a term for a title as the tables and the row diff
// write it (termText), cut to 60 characters.
func shortTerm(t rdf.Term) string {
	return truncate(termText(t), 60)
}

func shortIRI(iri string) string {
	if strings.HasPrefix(iri, rdf.XSD) {
		return "xsd:" + strings.TrimPrefix(iri, rdf.XSD)
	}
	return "<" + iri + ">"
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func illegalCount(a *results.Answer) int {
	n := 0
	for _, t := range a.Triples {
		if !t.IsRDF() {
			n++
		}
	}
	return n
}
