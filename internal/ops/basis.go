package ops

import "github.com/sparql-oracle/oracle/internal/results"

// What the judge's readings rest on where the Recommendation's words are
// not the whole story (results.Basis). Follows names an erratum or an
// approved W3C test the judge follows against the words; Contested names an
// open question, whose divergences are spec questions, not engine bugs.
// docs/spec-questions.md lists every one of them with the engines' choices.
var (
	// FollowsDiffErratum: #defn_algDiff says "has an effective boolean value
	// of false", so an expression error would drop μ from both parts of
	// LeftJoin; errata-query-12 reads it as "not true", as the W3C tests
	// open-eq-12 and filter-scope-1 expect.
	FollowsDiffErratum = results.Basis{
		Kind: results.BasisErratum, Anchor: "defn_algDiff", Ref: "errata-query-12",
		URL:  "https://www.w3.org/2013/sparql-errata#errata-query-12",
		Note: "an OPTIONAL filter that is an error keeps the left solution (the filter is not true), not drops it",
	}
	// FollowsGroupErratum: #defn_algGroup builds one group per solution's
	// key, so Group((1), Ω) over an empty Ω (an aggregate with no GROUP BY
	// over no solution) has no group and the query no row; errata-query-21
	// keeps the one implicit group, empty, so the aggregates give one row
	// (COUNT 0, AVG 0, MIN unbound ...), as the W3C tests agg-empty-group-*
	// expect.
	FollowsGroupErratum = results.Basis{
		Kind: results.BasisErratum, Anchor: "defn_algGroup", Ref: "errata-query-21",
		URL:  "https://www.w3.org/2013/sparql-errata#errata-query-21",
		Note: "an aggregate with no GROUP BY over no solution is one row (the implicit group exists, empty), not no row as #defn_algGroup's words give",
	}
	// FollowsUnequalTypes: #func-RDFterm-equal makes "=" between two
	// different literals a type error; the approved tests open-eq-08 and
	// open-eq-10 (mf:KnownTypesDefault2Neq) make it false when both
	// datatypes are known and their value spaces differ.
	FollowsUnequalTypes = results.Basis{
		Kind: results.BasisW3CTest, Anchor: "func-RDFterm-equal",
		Ref:  "http://www.w3.org/2001/sw/DataAccess/tests/data-r2/open-world/manifest#open-eq-08",
		URL:  "https://www.w3.org/2009/sparql/docs/tests/data-r2/open-world/",
		Note: "= between literals of different known value spaces is false (mf:KnownTypesDefault2Neq), not a type error",
	}
	// ContestedUnequalTypes: the same point seen from the other side: the
	// tests carry mf:requires KnownTypesDefault2Neq, an optional feature, so
	// an engine that follows the words (a type error) is not ruled out.
	ContestedUnequalTypes = results.Basis{
		Kind: results.BasisContested, Anchor: "func-RDFterm-equal", Ref: "mf:KnownTypesDefault2Neq",
		URL:  "https://www.w3.org/TR/sparql11-query/#func-RDFterm-equal",
		Note: "= between different literals of different value spaces: a type error by the words, false by the optional feature the open-world tests require",
	}
	// ContestedMinMaxError: ToList orders an error ("no value") lowest, so
	// MIN is the error and MAX the greatest value; or the error makes the
	// set function an error as it does for SUM.
	ContestedMinMaxError = results.Basis{
		Kind: results.BasisContested, Anchor: "defn_aggMin", Ref: "w3c/rdf-tests#39",
		URL:  "https://github.com/w3c/rdf-tests/issues/39",
		Note: "MIN/MAX over a group holding an error (an unbound value) and a value",
	}
	// ContestedAggErrors: Sum, Avg and GroupConcat fold op:numeric-add or
	// CONCAT over Flatten(M), errors included, so one unbound value makes
	// the set function an error; most engines skip unbound values.
	ContestedAggErrors = results.Basis{
		Kind: results.BasisContested, Anchor: "defn_aggSum", Ref: "w3c/rdf-tests#39",
		URL:  "https://github.com/w3c/rdf-tests/issues/39",
		Note: "SUM, AVG and GROUP_CONCAT over a group holding an error (an unbound value): an error by the definitions, or the errors skipped",
	}
	// ContestedInEmpty: IN () and NOT IN () with a left side that is an
	// error: no comparisons (false/true), or the left side's error.
	ContestedInEmpty = results.Basis{
		Kind: results.BasisContested, Anchor: "func-in", Ref: "#func-in: IN () with an error",
		URL:  "https://www.w3.org/TR/sparql11-query/#func-in",
		Note: "IN ()/NOT IN () whose left side is an error: false/true (no comparison is made) or an error",
	}
	// FollowsRegexQ: #func-regex imports F&O 1.0 §7.6, whose flags are s,
	// m, i and x (any other is err:FORX0001); the W3C tests
	// regex-no-metacharacters and regex-no-metacharacters-case-insensitive
	// (sparql10/regex, not DAWG-approved) expect XPath 3.0's q flag.
	FollowsRegexQ = results.Basis{
		Kind: results.BasisW3CTest, Anchor: "func-regex",
		Ref:  "http://www.w3.org/2001/sw/DataAccess/tests/data-r2/regex/manifest#regex-no-metacharacters",
		URL:  "https://github.com/w3c/rdf-tests/tree/main/sparql/sparql10/regex",
		Note: "the regex flag q (XPath 3.0: no metacharacters) is accepted, as the test expects; F&O 1.0 makes it an error",
	}
	// ContestedRegexQ: the same point from the other side: the test is not
	// approved and the Recommendation cites F&O 1.0, so an engine that
	// raises the error is not ruled out.
	ContestedRegexQ = results.Basis{
		Kind: results.BasisContested, Anchor: "func-regex", Ref: "regex flag q (F&O 1.0 §7.6.1.1 vs XPath 3.0)",
		URL:  "https://www.w3.org/TR/sparql11-query/#func-regex",
		Note: "REGEX/REPLACE with the flag q: an error by F&O 1.0 (err:FORX0001), no metacharacters by XPath 3.0 and the W3C test",
	}
	// ContestedHours24: #func-hours says "The value is as given in the
	// lexical form", which for 24:00:00 is 24; it "corresponds to
	// fn:hours-from-dateTime", whose example gives 0 (F&O 1.0 §10.5.10:
	// 24:00:00 is 00:00:00 of the next day). The judge answers 0.
	ContestedHours24 = results.Basis{
		Kind: results.BasisContested, Anchor: "func-hours", Ref: "#func-hours: 24:00:00",
		URL:  "https://www.w3.org/TR/sparql11-query/#func-hours",
		Note: "HOURS of a dateTime written with 24:00:00: 24 as given in the lexical form, or 0 as fn:hours-from-dateTime",
	}
	// ContestedNPS: #eval_negatedPropertySet is written as a set; engines
	// give one solution per matching triple.
	ContestedNPS = results.Basis{
		Kind: results.BasisContested, Anchor: "eval_negatedPropertySet", Ref: "w3c/sparql-query#395",
		URL:  "https://github.com/w3c/sparql-query/issues/395",
		Note: "the multiplicity of a negated property set that two triples match with one solution",
	}
	// ContestedTripleEqual: "=" between two triple terms by the SPARQL 1.2
	// draft's operator mapping row (the components by "=", combined by
	// logical-and) or by its #func-sameValue (the components by sameValue,
	// an error in any pair an error): they part on NaN components and on an
	// error beside a false component (docs/spec-questions.md, SPARQL 1.2).
	ContestedTripleEqual = results.Basis{
		Kind: results.BasisContested, Anchor: "func-sameValue", Ref: "SPARQL 1.2: = on triple terms, operator mapping row or sameValue",
		URL:  "https://www.w3.org/TR/sparql12-query/#func-sameValue",
		Note: "= between triple terms: NaN components unequal and false beating an error (the row), or NaN equal and an error winning (sameValue)",
	}
	// ContestedUnboundOperand: §17.2 (#evaluation) says "all functions and
	// operators operate on RDF Terms and will produce a type error if any
	// arguments are unbound", and §17.3.1 (#operatorExtensibility) lets an
	// additional operator replace a type error (as §17.6 lets any error a
	// function or operator is specified to return be an extension point);
	// §17.2.1 (#invocation) fails the invocation when an argument's
	// evaluation fails, before any operator is invoked. So an operator of
	// the §17.3 table with an unbound variable as an operand is an error by
	// both, but whether an engine may give it a value is read both ways.
	ContestedUnboundOperand = results.Basis{
		Kind: results.BasisContested, Anchor: "operatorExtensibility", Ref: "#evaluation: an operator over an unbound operand",
		URL:  "https://www.w3.org/TR/sparql11-query/#operatorExtensibility",
		Note: "an operator with an unbound variable as an operand: an error no extension may replace (the argument fails, #invocation), or the operator's type error, which §17.3.1 and §17.6 let an extension replace",
	}
	// ContestedExists: substitute(P, μ) replaces variables inside MINUS and
	// sub-selects where evaluation with μ in scope does not.
	ContestedExists = results.Basis{
		Kind: results.BasisContested, Anchor: "defn_evalExists", Ref: "w3c/sparql-query#75, w3c/sparql-query#76",
		URL:  "https://github.com/w3c/sparql-query/issues/75",
		Note: "EXISTS by substitution into a MINUS right side or a sub-select, or by evaluation with the solution in scope",
	}
)

// Follow records that the answer rests on b (an erratum or a W3C test the
// judge follows against the words); each basis is recorded once.
func (c *Context) Follow(b results.Basis) {
	if c == nil {
		return
	}
	for _, f := range c.Follows {
		if f.Ref == b.Ref && f.Anchor == b.Anchor {
			return
		}
	}
	c.Follows = append(c.Follows, b)
}

// Contest records that the answer rests on the open question b, with why
// in plain words: the first question and reason are kept (Contested,
// ContestWhy), every question met is listed (Met), so the judge can
// evaluate the other readings (readings.go). Indeterminate is left to the
// choices that are no question.
func (c *Context) Contest(b results.Basis, why string) {
	if c == nil {
		return
	}
	if !metBefore(c.Met, b) {
		c.Met = append(c.Met, b)
	}
	if c.Contested != nil {
		return
	}
	c.ContestWhy = why
	bb := b
	c.Contested = &bb
}

// On is b met at construct (an aggregate or operator name, as report's
// features name it): the question b, named and cited by the construct
// that decided the case (results.Basis.Construct).
func On(b results.Basis, construct string) results.Basis {
	b.Construct = construct
	return b
}

func metBefore(met []results.Basis, b results.Basis) bool {
	for _, m := range met {
		if ReadingKey(m) == ReadingKey(b) {
			return true
		}
	}
	return false
}
