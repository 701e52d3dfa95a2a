package algebra

import (
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// aggScope collects the aggregates of one query level (#aggregateAlgebra).
// Each distinct aggregate gets one fresh variable ?.N; the same aggregate
// written twice (in SELECT and HAVING, say) shares it, as in Jena.
type aggScope struct {
	t     *translator
	binds []AggBinding
	seen  map[string]string // SSE of the aggregate → its variable
}

func (a *aggScope) bind(agg Aggregate) string {
	var p printer
	p.flat = true
	p.aggregate(agg)
	key := p.b.String()
	if v, ok := a.seen[key]; ok {
		return v
	}
	v := "?." + strconv.Itoa(a.t.nextAgg)
	a.t.nextAgg++
	a.seen[key] = v
	a.binds = append(a.binds, AggBinding{Var: v, Agg: agg})
	return v
}

// expr translates an expression (#expressions). ag is the aggregate scope
// where aggregates are allowed (SELECT, HAVING, ORDER BY), nil elsewhere.
func (t *translator) expr(e syntax.Expr, ag *aggScope) (Expr, error) {
	switch x := e.(type) {
	case *syntax.Var:
		return &Var{Name: x.Name}, nil
	case *syntax.IRI:
		return &Const{Term: x.Term()}, nil
	case *syntax.Literal:
		return &Const{Term: x.Term()}, nil
	case *syntax.Binary:
		return t.call(x.Op, ag, x.X, x.Y)
	case *syntax.Unary:
		return t.call(unaryName(x.Op), ag, x.X)
	case *syntax.In:
		return t.in(x, ag)
	case *syntax.Call:
		return t.call(x.Name, ag, x.Args...)
	case *syntax.FuncCall:
		return t.funcCall(x, ag)
	case *syntax.Exists:
		// #sparqlCollectFilters: EXISTS{P} becomes exists(translate(P)).
		op, err := t.group(x.Pattern)
		return &Exists{Not: x.Not, Op: op}, err
	case *syntax.Aggregate:
		return t.aggregate(x, ag)
	case *syntax.TripleTerm:
		return t.tripleTermExpr(x)
	}
	return nil, errAt(e, "cannot translate expression %T", e)
}

// unaryName maps the unary operators to the Call names of expr.go.
func unaryName(op string) string {
	switch op {
	case "!":
		return OpNot
	case "-":
		return OpNeg
	}
	return OpPlus
}

func (t *translator) call(name string, ag *aggScope, args ...syntax.Expr) (Expr, error) {
	xs, err := t.exprs(args, ag)
	if err != nil {
		return nil, err
	}
	return &Call{Name: name, Args: xs}, nil
}

// in translates X IN (...) and X NOT IN (...): the tested expression first.
func (t *translator) in(x *syntax.In, ag *aggScope) (Expr, error) {
	name := OpIn
	if x.Not {
		name = OpNotIn
	}
	return t.call(name, ag, append([]syntax.Expr{x.X}, x.List...)...)
}

// funcCall translates iri(args): casts and extension functions
// (#FunctionMapping). DISTINCT marks a custom aggregate, which no engine
// here implements.
func (t *translator) funcCall(x *syntax.FuncCall, ag *aggScope) (Expr, error) {
	if x.Distinct {
		return nil, errAt(x, "custom aggregate <%s> is not supported", x.IRI.Value)
	}
	args, err := t.exprs(x.Args, ag)
	if err != nil {
		return nil, err
	}
	return &Func{IRI: x.IRI.Value, Args: args}, nil
}

// aggregate replaces an aggregate by the variable bound to it in the Group
// node (#aggregateAlgebra). Its argument is an ordinary expression:
// aggregates do not nest.
func (t *translator) aggregate(x *syntax.Aggregate, ag *aggScope) (Expr, error) {
	if ag == nil {
		return nil, errAt(x, "aggregate %s not allowed here", x.Name)
	}
	agg := Aggregate{Name: x.Name, Distinct: x.Distinct}
	if x.Name == "GROUP_CONCAT" {
		agg.Separator = " "
		if x.HasSeparator {
			agg.Separator = x.Separator
		}
	}
	if !x.Star && x.Arg != nil {
		arg, err := t.expr(x.Arg, nil)
		if err != nil {
			return nil, err
		}
		agg.Arg = arg
	}
	return &Var{Name: ag.bind(agg)}, nil
}
