package ops

import (
	"cmp"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Eval evaluates e under the solution mu (#evaluation). An unbound variable
// is an error (§17.2). Errors are Values; Eval never panics on any tree the
// algebra can build.
func Eval(e algebra.Expr, mu Binding, ctx *Context) Value {
	switch e := e.(type) {
	case *algebra.Const:
		if e.Term.IsZero() {
			return Errorf("constant without a term")
		}
		return Of(e.Term)
	case *algebra.Var:
		if t, ok := lookup(mu, e.Name); ok {
			return Of(t)
		}
		return Errorf("unbound variable ?" + e.Name)
	case *algebra.Call:
		return evalCall(e, mu, ctx)
	case *algebra.Func:
		return evalFunc(e, mu, ctx)
	case *algebra.Exists:
		return evalExists(e, mu, ctx)
	}
	return Errorf("unsupported expression")
}

func lookup(mu Binding, name string) (rdf.Term, bool) {
	if mu == nil {
		return rdf.None, false
	}
	t, ok := mu.Get(name)
	return t, ok && !t.IsZero()
}

// evalCall handles the functional forms (#func-forms), whose arguments are
// not all evaluated eagerly, then the strict built-ins.
func evalCall(c *algebra.Call, mu Binding, ctx *Context) Value {
	switch strings.ToUpper(c.Name) {
	case algebra.OpOr:
		return logicalOr(c.Args, mu, ctx)
	case algebra.OpAnd:
		return logicalAnd(c.Args, mu, ctx)
	case algebra.OpIf:
		return evalIf(c.Args, mu, ctx)
	case algebra.OpCoalesce:
		return coalesce(c.Args, mu, ctx)
	case algebra.OpBound:
		return bound(c.Args, mu)
	case algebra.OpIn:
		return in(c.Args, mu, ctx, false)
	case algebra.OpNotIn:
		return in(c.Args, mu, ctx, true)
	}
	args := make([]rdf.Term, len(c.Args))
	for i, a := range c.Args {
		v := Eval(a, mu, ctx)
		if v.Err != nil {
			return v
		}
		args[i] = v.Term
	}
	return callBuiltin(c.Name, args, ctx)
}

// ebvOf evaluates e and takes its effective boolean value (#ebv).
func ebvOf(e algebra.Expr, mu Binding, ctx *Context) (bool, *Error) {
	return EBV(Eval(e, mu, ctx))
}

// logicalOr follows the truth table #truthTable: T||E = E||T = T.
func logicalOr(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 2 {
		return arityError("||", 2)
	}
	l, lerr := ebvOf(args[0], mu, ctx)
	if lerr == nil && l {
		return Of(rdf.Bool(true))
	}
	r, rerr := ebvOf(args[1], mu, ctx)
	switch {
	case rerr == nil && r:
		return Of(rdf.Bool(true))
	case lerr != nil:
		return Value{Err: lerr}
	case rerr != nil:
		return Value{Err: rerr}
	}
	return Of(rdf.Bool(false))
}

// logicalAnd follows the truth table #truthTable: F&&E = E&&F = F.
func logicalAnd(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 2 {
		return arityError("&&", 2)
	}
	l, lerr := ebvOf(args[0], mu, ctx)
	if lerr == nil && !l {
		return Of(rdf.Bool(false))
	}
	r, rerr := ebvOf(args[1], mu, ctx)
	switch {
	case rerr == nil && !r:
		return Of(rdf.Bool(false))
	case lerr != nil:
		return Value{Err: lerr}
	case rerr != nil:
		return Value{Err: rerr}
	}
	return Of(rdf.Bool(true))
}

// evalIf is #func-if: an error in the condition is the result.
func evalIf(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 3 {
		return arityError("IF", 3)
	}
	c, err := ebvOf(args[0], mu, ctx)
	if err != nil {
		return Value{Err: err}
	}
	if c {
		return Eval(args[1], mu, ctx)
	}
	return Eval(args[2], mu, ctx)
}

// coalesce is #func-coalesce: the first value that is not an error.
func coalesce(args []algebra.Expr, mu Binding, ctx *Context) Value {
	for _, a := range args {
		if v := Eval(a, mu, ctx); v.Err == nil {
			return v
		}
	}
	return Errorf("COALESCE: every argument is an error")
}

// bound is #func-bound; it never raises an error on a variable.
func bound(args []algebra.Expr, mu Binding) Value {
	if len(args) != 1 {
		return arityError("BOUND", 1)
	}
	v, ok := args[0].(*algebra.Var)
	if !ok {
		return Errorf("BOUND: argument is not a variable")
	}
	_, b := lookup(mu, v.Name)
	return Of(rdf.Bool(b))
}

// in is #func-in and #func-not-in: "=" against each member; an error with
// no match is an error.
func in(args []algebra.Expr, mu Binding, ctx *Context, not bool) Value {
	if len(args) == 0 {
		return arityError("IN", 1)
	}
	lhs := Eval(args[0], mu, ctx)
	if lhs.Err != nil {
		if len(args) == 1 {
			ctx.Contest(ContestedInEmpty, "IN/NOT IN with an empty list and a left side that is an error: "+
				"#func-in and #func-not-in define the form as a chain of comparisons, of which there are none "+
				"(false/true), yet evaluate the left side (an error); the text allows both")
		}
		return lhs
	}
	var firstErr *Error
	var unequal []rdf.Term // compared members: noted after the loop, if none was equal
	for _, a := range args[1:] {
		v := Eval(a, mu, ctx)
		if v.Err != nil {
			firstErr = cmp.Or(firstErr, v.Err)
			continue
		}
		unequal = append(unequal, v.Term)
		eq, err := equal(lhs.Term, v.Term)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		if eq {
			// Found: no other comparison changes the answer (#func-in:
			// 2 IN (<http://example/iri>, "str", 2.0) is true).
			return Of(rdf.Bool(!not))
		}
	}
	for _, t := range unequal {
		noteUnequalTypes(ctx, lhs.Term, t)
	}
	if firstErr != nil {
		return Value{Err: firstErr}
	}
	return Of(rdf.Bool(not))
}

// evalExists is #func-filter-exists, delegated to the evaluator.
func evalExists(e *algebra.Exists, mu Binding, ctx *Context) Value {
	if ctx == nil || ctx.Exists == nil {
		return Errorf("EXISTS is not available here")
	}
	ok, err := ctx.Exists(e.Op, mu)
	if err != nil {
		if ctx.Fatal == nil {
			ctx.Fatal = err
		}
		return Errorf("EXISTS aborted: " + err.Error())
	}
	return Of(rdf.Bool(ok != e.Not))
}

func arityError(name string, n int) Value {
	return Errorf(name + ": wrong number of arguments")
}
