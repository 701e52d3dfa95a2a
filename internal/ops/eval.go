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
		v := lookupValue(mu, e.Name)
		if isExtensionValue(ctx, v) { // readings.go: an extension's value is read
			return Value{Err: &Error{Reason: "a value of a §17.6 extension", Unbound: true}}
		}
		return v
	case *algebra.Call:
		return evalCall(e, mu, ctx)
	case *algebra.Func:
		return evalCast(e, mu, ctx)
	case *algebra.Exists:
		return evalExists(e, mu, ctx)
	}
	return Errorf("unsupported expression")
}

// lookupValue is a variable's value with what the judge's mapping knows of
// it (ProvBinding); other bindings hold exact terms.
func lookupValue(mu Binding, name string) Value {
	if pb, ok := mu.(ProvBinding); ok {
		if t, p, ok := pb.GetProv(name); ok && !t.IsZero() {
			return Value{Term: t, Prov: p}
		}
	} else if t, ok := lookup(mu, name); ok {
		return Of(t)
	}
	return Value{Err: &Error{Reason: "unbound variable ?" + name, Unbound: true}}
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
	vals, args, err := evalArgs(c.Args, mu, ctx)
	if err != nil {
		return unboundOperand(c, mu, *err, ctx) // readings.go
	}
	out := callBuiltin(c.Name, args, ctx)
	ctx.noteExtensible(out)
	out.Prov = provOf(strings.ToUpper(c.Name), vals, out)
	return out
}

// evalCast is a function call by IRI (the XPath constructor functions,
// #FunctionMapping): strict, so an argument error is the result.
func evalCast(f *algebra.Func, mu Binding, ctx *Context) Value {
	vals, args, err := evalArgs(f.Args, mu, ctx)
	if err != nil {
		return *err
	}
	out := CallIRI(f.IRI, args)
	ctx.noteExtensible(out)
	noteCast(ctx, f.IRI, vals, out) // cast.go
	out.Prov = provOf(f.IRI, vals, out)
	return out
}

// evalArgs evaluates the arguments of a strict function (#evaluation): the
// first error is returned as err.
func evalArgs(xs []algebra.Expr, mu Binding, ctx *Context) ([]Value, []rdf.Term, *Value) {
	vals := make([]Value, len(xs))
	args := make([]rdf.Term, len(xs))
	for i, a := range xs {
		v := Eval(a, mu, ctx)
		if v.Err != nil {
			return nil, nil, &v
		}
		vals[i], args[i] = v, v.Term
	}
	return vals, args, nil
}

// logicalOr follows the truth table #truthTable: T||E = E||T = T.
func logicalOr(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 2 {
		return arityError("||", 2)
	}
	return logical(args, mu, ctx, true)
}

// logicalAnd follows the truth table #truthTable: F&&E = E&&F = F.
func logicalAnd(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 2 {
		return arityError("&&", 2)
	}
	return logical(args, mu, ctx, false)
}

// logical is || (decisive true) or && (decisive false) by #truthTable: a
// decisive operand decides, else an error, else the other truth value. The
// result is open when an operand whose truth value is open decides it.
func logical(args []algebra.Expr, mu Binding, ctx *Context, decisive bool) Value {
	lv := Eval(args[0], mu, ctx)
	l, lerr := ctx.EBV(lv)
	if lerr == nil && l == decisive {
		return Value{Term: rdf.Bool(decisive), Prov: openIf(EBVOpen(lv))}
	}
	rv := Eval(args[1], mu, ctx)
	r, rerr := ctx.EBV(rv)
	open := EBVOpen(lv) || EBVOpen(rv)
	switch {
	case rerr == nil && r == decisive:
		return Value{Term: rdf.Bool(decisive), Prov: openIf(EBVOpen(rv))}
	case lerr != nil:
		return Value{Err: lerr}
	case rerr != nil:
		return Value{Err: rerr}
	}
	return Value{Term: rdf.Bool(!decisive), Prov: openIf(open)}
}

func openIf(open bool) Prov {
	if open {
		return openProv
	}
	return Prov{}
}

// evalIf is #func-if: an error in the condition is the result.
func evalIf(args []algebra.Expr, mu Binding, ctx *Context) Value {
	if len(args) != 3 {
		return arityError("IF", 3)
	}
	cv := Eval(args[0], mu, ctx)
	c, err := ctx.EBV(cv)
	if err != nil {
		return Value{Err: err}
	}
	chosen := args[2]
	if c {
		chosen = args[1]
	}
	out := Eval(chosen, mu, ctx)
	if out.Err == nil && EBVOpen(cv) {
		out.Prov = openProv // the other branch may be the value
	}
	return out
}

// coalesce is #func-coalesce: the first value that is not an error.
func coalesce(args []algebra.Expr, mu Binding, ctx *Context) Value {
	ext := false // an argument's error was an extension point (#extensionFunctions)
	for _, a := range args {
		v := Eval(a, mu, ctx)
		if v.Err == nil {
			return v
		}
		ext = ext || v.Extensible()
	}
	return Value{Err: &Error{Reason: "COALESCE: every argument is an error", Unbound: !ext}}
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
			if ctx.Reading(ContestedInEmpty) == 1 {
				return Of(rdf.Bool(not))
			}
		}
		return lhs
	}
	var firstErr *Error
	var unequal []rdf.Term // compared members: noted after the loop, if none was equal
	open := false          // some "=" the openness of a value could change
	for _, a := range args[1:] {
		v := Eval(a, mu, ctx)
		if v.Err != nil {
			firstErr = cmp.Or(firstErr, v.Err)
			continue
		}
		unequal = append(unequal, v.Term)
		noteImplicitTimezone(ctx, lhs.Term, v.Term) // compare.go
		eq, err := equal(lhs.Term, v.Term)
		if lhs.Term.IsTriple() && v.Term.IsTriple() {
			eq, err = tripleEqualCtx(ctx, lhs.Term, v.Term) // triple.go
		}
		open = open || !provOf("=", []Value{lhs, v}, Of(rdf.Bool(eq))).Exact()
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		if eq {
			// Found: no other comparison changes the answer (#func-in:
			// 2 IN (<http://example/iri>, "str", 2.0) is true).
			return Value{Term: rdf.Bool(!not), Prov: openIf(open)}
		}
	}
	for _, t := range unequal {
		if noteUnequalTypes(ctx, lhs.Term, t) {
			firstErr = cmp.Or(firstErr, unequalTypeError(lhs.Term, t).Err)
		}
	}
	if firstErr != nil {
		return Value{Err: firstErr}
	}
	return Value{Term: rdf.Bool(not), Prov: openIf(open)}
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
