package reference

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// §17.6 Extensible Value Testing (#extensionFunctions): "any function or
// operator that is specified to return an error under some conditions is a
// valid extension point. That is, an implementation may return a non-error
// value in these error cases, and still be conformant with this
// recommendation" (and §17.3.1 #operatorExtensibility). The judge is an
// unextended implementation; it records where an error a function or
// operator raised on bound arguments (ops.Value.Extensible: not the error
// of an unbound variable) decided its answer, so the comparator can accept
// an extended engine's answer there:
//
//   - a top-level BIND or projection expression (an Extend of the SELECT's
//     pattern, above everything else but FILTERs and other Extends): the
//     cell may hold any value;
//   - a top-level FILTER whose condition raised one: the row may appear;
//   - anywhere else (a join, an OPTIONAL's filter, an aggregate, a masked
//     error inside IF/COALESCE/||/&&, ORDER BY, a group key, EXISTS, a
//     query that is no SELECT): the answer is undecided where it differs.
//
// The extension answer is the query evaluated again with those points open
// (Options.Extension): an extended cell holds results.ExtensionValue, a
// row such a FILTER dropped is kept. Reading an extended cell in any
// expression is an extension deciding elsewhere.

// site is where the expression being evaluated sits.
type site uint8

const (
	siteElsewhere site = iota
	siteFilter         // a top-level FILTER's condition
	siteExtend         // a top-level BIND or projection expression
)

// at sets the site for the evaluation of one operator's expressions and
// returns the restore function.
func (e *evaluator) at(s site) func() {
	saved := e.site
	e.site = s
	return func() { e.site = saved }
}

// siteOf is s when op is at the top of the SELECT's pattern, else
// siteElsewhere.
func (e *evaluator) siteOf(op algebra.Op, s site) site {
	if e.top[op] {
		return s
	}
	return siteElsewhere
}

// topOps marks the FILTERs and Extends reachable from a SELECT's pattern
// (below its solution modifiers) through FILTERs and Extends only.
func topOps(pattern algebra.Op) map[algebra.Op]bool {
	top := map[algebra.Op]bool{}
	for {
		switch op := pattern.(type) {
		case *algebra.Filter:
			top[op], pattern = true, op.Op
		case *algebra.Extend:
			top[op], pattern = true, op.Op
		default:
			return top
		}
	}
}

// noteExtension records where an extensible error raised while evaluating
// one expression (ExtErrors moved past before) decided the answer: at a
// top-level site only when the expression's value is that error.
func (e *evaluator) noteExtension(before int, v ops.Value) {
	if e.ectx.ExtErrors == before {
		return
	}
	switch {
	case e.site == siteFilter && v.Extensible():
		e.ext.Rows = true
	case e.site == siteExtend && v.Extensible():
		e.ext.Cells = true
	default:
		e.ext.Elsewhere = true
	}
}

// filterEBV is the EBV of a FILTER condition; evaluating with the
// extension points open, a top-level condition that is an extensible error
// keeps the row (an extended engine may find it true).
func (e *evaluator) filterEBV(g *rdf.Graph, x algebra.Expr, mu Mapping) (bool, error) {
	if !e.opt.Extension || e.site != siteFilter {
		return e.ebv(g, x, mu)
	}
	v, err := e.value(g, x, mu)
	if err != nil {
		return false, err
	}
	if v.Extensible() {
		return true, nil
	}
	if ops.EBVOpen(v) {
		e.mark(openFilter)
	}
	b, verr := e.ectx.EBV(v)
	return verr == nil && b, nil
}

// extendsCell: evaluating with the extension points open, a top-level
// BIND or projection whose value is an extensible error binds
// results.ExtensionValue (any value).
func (e *evaluator) extendsCell(v ops.Value) bool {
	return e.opt.Extension && e.site == siteExtend && v.Extensible()
}

// extension records the §17.6 extension points of the judge's evaluation
// e in res.Extension, with the answer under them (Options.Extension) when
// they are all top-level cells and rows of a SELECT; otherwise, or when
// that evaluation read an extended cell, fails, or its DISTINCT, REDUCED
// or OFFSET/LIMIT would merge or shift what an extension changes, the
// extension decides elsewhere.
func extension(ctx context.Context, q *algebra.Query, active *rdf.Dataset, opt Options, res *Result, e *evaluator) {
	if x := e.ext; !x.Cells && !x.Rows && !x.Elsewhere {
		return
	}
	res.Extension = &e.ext
	x := &e.ext
	m := peel(q.Op)
	if q.Form != algebra.Select || (x.Cells && (m.distinct || m.reduced)) || (x.Rows && m.slice != nil) {
		x.Elsewhere = true
	}
	if x.Elsewhere {
		return
	}
	o := opt
	o.Extension = true
	r, xe, err := evalOnce(ctx, q, active, o)
	if err != nil || xe.ectx.ExtRead || xe.ext.Elsewhere {
		x.Elsewhere = true
		return
	}
	r.Contested, r.Follows = nil, nil
	x.Answer = answerOf(r)
}
