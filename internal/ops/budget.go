package ops

import (
	"context"
	"fmt"
	"math/big"
)

// Byte budgets of one evaluation (Options.MaxTermBytes, Options.MaxBytes):
// a query can double a string per BIND, so a budget on steps alone lets a
// few hundred bytes of query build gigabytes. Every function that builds a
// lexical form or an IRI (CONCAT, REPLACE, GROUP_CONCAT, ENCODE_FOR_URI,
// UCASE/LCASE, SUBSTR, IRI(), casts and arithmetic on big numbers) asks the
// context for the bytes BEFORE building them; exceeding either limit is a
// resource error wrapping ErrBudget, raised through Context.Fatal, so the
// evaluator aborts the query and the case is unjudged (budget), never a
// verdict.
const (
	// DefaultMaxTermBytes bounds one lexical form or IRI (4 MiB): far above
	// any generated or W3C case, far below the memory of the service.
	DefaultMaxTermBytes = 4 << 20
	// DefaultMaxBytes bounds the bytes built by all expressions of one case
	// (256 MiB), which bounds the memory they can hold; a benchmark query
	// building 50 bytes for each of a million rows stays within it.
	DefaultMaxBytes = 256 << 20
	// longInput is the input length from which an operation polls the
	// deadline before it runs (REGEX, REPLACE, case mapping...).
	longInput = 64 << 10
	// maxRegexWork bounds len(text) * len(pattern) for one REGEX or
	// REPLACE: RE2 is linear in each, but the product of a 1 MiB text and
	// a 1 MiB pattern is hours.
	maxRegexWork = 1 << 34
)

// budget is the byte accounting of a Context.
type budget struct {
	maxTerm int64
	max     int64
	built   int64
	done    context.Context // deadline of the evaluation; nil: none
	polls   int
}

// Limit sets the byte limits of opt (defaults for zero fields) and the
// deadline ctx that long operations poll. Evaluators call it once per query.
func (c *Context) Limit(ctx context.Context, opt Options) {
	c.bud = budget{maxTerm: opt.MaxTermBytes, max: opt.MaxBytes, done: ctx}
	if c.bud.maxTerm <= 0 {
		c.bud.maxTerm = DefaultMaxTermBytes
	}
	if c.bud.max <= 0 {
		c.bud.max = DefaultMaxBytes
	}
}

// Built is the number of bytes charged so far (for tests and reports).
func (c *Context) Built() int64 { return c.bud.built }

// limits returns the active limits, defaults when Limit was not called.
func (c *Context) limits() (term, total int64) {
	if c != nil {
		term, total = c.bud.maxTerm, c.bud.max
	}
	if term <= 0 {
		term = DefaultMaxTermBytes
	}
	if total <= 0 {
		total = DefaultMaxBytes
	}
	return term, total
}

// build charges n bytes that fn is about to build as one term. It returns
// nil, or an error Value whose cause is also recorded in Fatal (so the
// evaluator aborts).
func (c *Context) build(fn string, n int64) *Error {
	if c == nil {
		return nil
	}
	term, total := c.limits()
	switch {
	case n > term:
		return c.fatal(fmt.Errorf("%w: %s would build a term of %d bytes, over the term limit of %d bytes (Options.MaxTermBytes)",
			ErrBudget, fn, n, term))
	case c.bud.built+n > total:
		return c.fatal(fmt.Errorf("%w: %s would bring the bytes built by this query to %d, over the limit of %d bytes (Options.MaxBytes)",
			ErrBudget, fn, c.bud.built+n, total))
	}
	c.bud.built += n
	if n >= longInput {
		return c.poll()
	}
	return nil
}

// long polls the deadline before an operation over n bytes of input, when
// n is large enough for the operation to take noticeable time.
func (c *Context) long(n int) *Error {
	if c == nil || n < longInput {
		return nil
	}
	return c.poll()
}

// tick polls the deadline every 4096 calls (loops over many values).
func (c *Context) tick() *Error {
	if c == nil {
		return nil
	}
	c.bud.polls++
	if c.bud.polls&4095 != 0 {
		return nil
	}
	return c.poll()
}

func (c *Context) poll() *Error {
	if c.Fatal != nil {
		return &Error{Reason: c.Fatal.Error()}
	}
	if c.bud.done == nil {
		return nil
	}
	if err := c.bud.done.Err(); err != nil {
		return c.fatal(err)
	}
	return nil
}

// fatal records err as the query's resource error and returns it as an
// expression error (the evaluator aborts on Fatal before using the value).
func (c *Context) fatal(err error) *Error {
	if c.Fatal == nil {
		c.Fatal = err
	}
	return &Error{Reason: err.Error()}
}

// aborted reports whether a resource error was raised.
func (c *Context) aborted() bool { return c != nil && c.Fatal != nil }

// arith charges the digits an exact (integer or decimal) operation on a
// and b can produce, before computing it: repeated squaring doubles them.
func (c *Context) arith(op string, a, b number) *Error {
	if c == nil || a.kind >= kFloat || b.kind >= kFloat {
		return nil
	}
	return c.build("arithmetic "+op, ratDigits(a.r)+ratDigits(b.r)+2)
}

// ratDigits bounds the decimal digits of r's numerator and denominator.
func ratDigits(r *big.Rat) int64 {
	if r == nil {
		return 0
	}
	return int64(r.Num().BitLen()+r.Denom().BitLen())/3 + 1
}

// regexWork checks the work of matching a pattern over a text.
func (c *Context) regexWork(fn string, text, pattern int) *Error {
	if c == nil {
		return nil
	}
	if w := int64(text) * int64(pattern+1); w > maxRegexWork {
		return c.fatal(fmt.Errorf("%w: %s over %d bytes with a pattern of %d bytes is over the regex work limit of %d",
			ErrBudget, fn, text, pattern, int64(maxRegexWork)))
	}
	return c.long(text)
}
