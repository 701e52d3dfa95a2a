package ops

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Readings of the contested questions (basis.go). Where the judge met one,
// the reference evaluates the query again under each alternative the text
// leaves open (Options.Readings), so the comparator can tell an engine that
// took another reading (a spec question) from one that no reading permits
// (wrong: "every reading of the text rules it out").

// alternatives names, per contested question, the readings other than the
// judge's, numbered from 1 in this order. A question without an entry has
// no alternative the judge can compute: its divergences stay undecided.
var alternatives = map[string][]string{
	ReadingKey(ContestedAggErrors):    {"errors skipped, as COUNT skips them"},
	ReadingKey(ContestedMinMaxError):  {"errors skipped", "the error makes MIN/MAX an error, as for SUM"},
	ReadingKey(ContestedInEmpty):      {"no comparison is made: IN () false, NOT IN () true"},
	ReadingKey(ContestedUnequalTypes): {"a type error, by the words of #func-RDFterm-equal"},
	ReadingKey(ContestedHours24):      {"24, as given in the lexical form"},
	ReadingKey(ContestedRegexQ):       {"the flag q is an error (F&O 1.0 §7.6.1.1, err:FORX0001)"},
	ReadingKey(ContestedNPS):          {"one solution per matching triple (a bag)"},
	ReadingKey(ContestedTripleEqual):  {"sameValue pair-wise: NaN components equal, an error in any pair an error"},
	ReadingKey(ContestedExists):       {"evaluation with the solution in scope (the SPARQL 1.2 draft's #defn_evalContextSolution)"},
	ReadingKey(ContestedUnboundOperand): {"the operator's type error over an unbound operand is an extension point " +
		"(§17.3.1, §17.6): a FILTER may keep the row"},
}

// partial names the questions whose Alternatives are not every reading
// engines take: an answer that matches none of them is not ruled out. EXISTS
// has more evaluation strategies than the two the judge computes (a
// semi-join over P evaluated alone; substitution that renames a
// sub-select's inner variables), so there only a match decides.
var partial = map[string]bool{
	ReadingKey(ContestedExists): true,
}

// AlternativesComplete: every reading of b engines take is among the
// judge's and Alternatives(b).
func AlternativesComplete(b results.Basis) bool {
	return !partial[ReadingKey(b)] && len(Alternatives(b)) > 0
}

// judgeReadings names the judge's own reading of each question.
var judgeReadings = map[string]string{
	ReadingKey(ContestedAggErrors):    "an error in the group makes the set function an error",
	ReadingKey(ContestedMinMaxError):  "the error is the lowest: MIN is the error, MAX the greatest value",
	ReadingKey(ContestedInEmpty):      "the left side's error",
	ReadingKey(ContestedUnequalTypes): "false, as open-eq-08 and open-eq-10 expect",
	ReadingKey(ContestedHours24):      "0, as fn:hours-from-dateTime",
	ReadingKey(ContestedRegexQ):       "the flag q means no metacharacters (XPath 3.0)",
	ReadingKey(ContestedNPS):          "a set: one solution",
	ReadingKey(ContestedExists):       "substitution, by the letter of #defn_evalExists",
	ReadingKey(ContestedTripleEqual):  "the operator mapping's row: the components by =, combined by &&",
	ReadingKey(ContestedUnboundOperand): "an error no extension replaces: the unbound argument fails the invocation " +
		"(§17.2.1), the FILTER drops the row",
}

// ReadingKey identifies a contested question (its anchor and reference).
func ReadingKey(b results.Basis) string { return b.Anchor + " " + b.Ref }

// Alternatives lists the readings of b other than the judge's that the
// judge can evaluate (Options.Readings numbers them from 1).
func Alternatives(b results.Basis) []string { return alternatives[ReadingKey(b)] }

// JudgeReading is the judge's reading of b in plain words.
func JudgeReading(b results.Basis) string { return judgeReadings[ReadingKey(b)] }

// Reading is the reading taken at question b: 0 the judge's, n the n-th
// of Alternatives(b).
func (c *Context) Reading(b results.Basis) int {
	if c == nil {
		return 0
	}
	return c.Readings[ReadingKey(b)]
}

// noteExtensible counts an error a function or operator raised on bound
// arguments (its arguments' own errors are returned before it is called):
// §17.6's extension point (#extensionFunctions, #operatorExtensibility).
func (c *Context) noteExtensible(v Value) {
	if c != nil && v.Extensible() {
		c.ExtErrors++
	}
}

// isExtensionValue: a term the reference bound where, evaluating with the
// §17.6 extension points open, an extended engine may hold any value.
// Only then: in the judge's own evaluation the IRI is an ordinary term
// (a query may name it).
func isExtensionValue(c *Context, v Value) bool {
	if c == nil || !c.Extension || v.Err != nil || v.Term != results.ExtensionValue {
		return false
	}
	c.ExtRead = true
	return true
}

// operators are the operators of the §17.3 table (#OperatorMapping) whose
// type error §17.3.1 lets an extension replace; the logical connectives
// have their own truth table (#truthTable), IN and the functions of §17.4
// are not operators of the table.
var operators = map[string]bool{
	"!": true, "UMINUS": true, "UPLUS": true, "=": true, "!=": true, "<": true, ">": true,
	"<=": true, ">=": true, "+": true, "-": true, "*": true, "/": true,
}

// unboundOperand is the value of operator c whose operand err is the error
// of an unbound variable of mu (ContestedUnboundOperand): by the judge's
// reading the unbound argument's error itself, no extension point; by the
// other, the operator's type error, which an extension may replace
// (Value.Extensible), so a top-level FILTER over it may keep the row.
func unboundOperand(c *algebra.Call, mu Binding, err Value, ctx *Context) Value {
	if ctx == nil || err.Err == nil || !err.Err.Unbound || !operators[strings.ToUpper(c.Name)] || !unboundVar(c.Args, mu) {
		return err
	}
	name := c.Name
	switch strings.ToUpper(name) {
	case "UMINUS":
		name = "unary -"
	case "UPLUS":
		name = "unary +"
	}
	ctx.Contest(On(ContestedUnboundOperand, name), name+" with an unbound variable as an operand: a type error "+
		"(#evaluation) that §17.3.1 (#operatorExtensibility) and §17.6 may let an extension replace, or the "+
		"argument's own error (#invocation); the text allows both")
	if ctx.Reading(ContestedUnboundOperand) != 1 {
		return err
	}
	out := Value{Err: &Error{Reason: name + " over an unbound operand: a type error an extension may replace (the alternative reading)"}}
	ctx.noteExtensible(out)
	return out
}

// unboundVar: one of args is a variable mu leaves unbound.
func unboundVar(args []algebra.Expr, mu Binding) bool {
	for _, a := range args {
		if v, ok := a.(*algebra.Var); ok {
			if _, bound := lookup(mu, v.Name); !bound {
				return true
			}
		}
	}
	return false
}
