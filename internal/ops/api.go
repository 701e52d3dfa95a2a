package ops

import (
	"errors"
	"fmt"
	"math/rand"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Value is the result of evaluating an expression: a term, or an expression
// error (#evaluation). Errors are values, never Go errors; Err carries a short
// reason for reports. Exactly one of Term (non-zero) and Err is set. Prov
// says what of Term the specification fixes (provenance.go): the zero Prov
// is a term copied from the data or the query, or fixed by the text.
type Value struct {
	Term rdf.Term
	Err  *Error
	Prov Prov
}

// Error is an expression evaluation error (§17.3, #evaluation).
//
// Unbound marks the error of evaluating an unbound variable (§17.2), and
// what propagates it: no function or operator raised it, so it is no
// extension point (#extensionFunctions). Every other error a §17 function
// or operator raises on bound arguments is one (Value.Extensible).
type Error struct {
	Reason  string
	Unbound bool
}

func (e *Error) Error() string { return e.Reason }

// Errorf makes an error Value.
func Errorf(reason string) Value { return Value{Err: &Error{Reason: reason}} }

// Of makes a term Value.
func Of(t rdf.Term) Value { return Value{Term: t} }

// IsErr reports whether v is an error.
func (v Value) IsErr() bool { return v.Err != nil }

// Extensible reports whether v is an error a §17 function or operator
// raised on bound arguments: "any function or operator that is specified
// to return an error under some conditions is a valid extension point"
// (#extensionFunctions), so an engine may return a value there.
func (v Value) Extensible() bool { return v.Err != nil && !v.Err.Unbound }

// Binding is one solution as an evaluator stores it; ops only reads it.
type Binding interface {
	// Get returns the term bound to variable name ("" name never asked).
	Get(name string) (rdf.Term, bool)
	// Vars returns the bound variables (any order).
	Vars() []string
}

// ProvBinding is a Binding that also knows what of each bound term the
// specification fixes (the judge's mappings); Eval reads it through Var.
// A Binding without it holds exact terms only.
type ProvBinding interface {
	Binding
	GetProv(name string) (rdf.Term, Prov, bool)
}

// ExistsFunc evaluates EXISTS{op} under the solution mu, by substitution
// (#defn_evalExists). It is supplied by the evaluator. A non-nil Go error is
// a resource error (ErrBudget and the like): it aborts the whole query.
type ExistsFunc func(op algebra.Op, mu Binding) (bool, error)

// Context is what expression evaluation needs beyond a solution.
type Context struct {
	// Now is the one value of NOW() for the whole query (#func-now).
	Now time.Time
	// Base is the query's base IRI, used by IRI()/URI() (#func-iri).
	Base string
	// Exists evaluates EXISTS; nil means EXISTS is an error.
	Exists ExistsFunc
	// Rand feeds RAND(), UUID(), STRUUID() and BNODE(). Nil: made at the
	// first use, from Seed when Seeded (else seed 1), so an evaluation that
	// calls none of them does not pay for seeding a source (about 10 µs,
	// a tenth of a small query's judging).
	Rand   *rand.Rand
	Seed   int64
	Seeded bool
	// Fatal records the first resource error raised inside EXISTS; the
	// evaluator checks it after each expression and aborts.
	Fatal error
	// Indeterminate, when set, says why the answer depends on a choice
	// SPARQL leaves open that the evaluator made silently (MIN/MAX over
	// values #modOrderBy does not order); the judge passes it on.
	Indeterminate string
	// Contested, set with Indeterminate (Contest), names the open spec
	// question the choice rests on; Follows lists the errata and W3C tests
	// the answer follows against the words (Follow; basis.go).
	Contested *results.Basis
	Follows   []results.Basis
	// ContestWhy is why the first contested question (Contested) decided
	// the answer; Met lists every contested question met (readings.go).
	// Contest leaves Indeterminate to the choices that are no question.
	ContestWhy string
	Met        []results.Basis
	// Readings: the alternative reading taken at each contested question
	// (key ReadingKey; 0 or absent: the judge's reading), from Options.
	Readings map[string]int
	// Extension: evaluate with §17.6's extension points open (Options).
	// ExtErrors counts the extensible errors raised (#extensionFunctions);
	// ExtRead is set when an expression read ExtensionValue.
	Extension bool
	ExtErrors int
	ExtRead   bool
	// Spec12: the query follows the SPARQL 1.2 draft (algebra.Query.Spec),
	// whose #func-sameValue decides what the 1.1 text left contested:
	// "=" between literals whose values are known to differ is false.
	Spec12 bool

	bud       budget // byte limits and deadline (budget.go)
	bnodes    map[string]rdf.Term
	bnodeSeq  int
	bnodeTick int
}

// NewSolution starts BNODE(str) scoping for a new solution: within one
// solution BNODE with equal strings gives the same blank node, across
// solutions different ones (#func-bnode).
func (c *Context) NewSolution() {
	c.bnodes = nil
	c.bnodeTick++
}

// ErrUnimplemented marks a function the transcription does not cover yet.
var ErrUnimplemented = errors.New("ops: unimplemented")

// ErrBudget is returned (as a Go error) by an evaluator whose step or
// solution budget ran out; the registry maps it to oracle.ErrBudget.
var ErrBudget = errors.New("budget exhausted")

// CatchPanic, deferred by an evaluator's entry point (a query's or an
// update request's, the reference's and the engine's alike), turns a panic
// below it into the error "who: internal error: ..." with no result: a bug
// is reported as one, never taken for an answer. Deferred directly, so that
// its recover stops the panic.
func CatchPanic[T any](who string, res *T, err *error) {
	if r := recover(); r != nil {
		var none T
		*res, *err = none, fmt.Errorf("%s: internal error: %v", who, r)
	}
}
