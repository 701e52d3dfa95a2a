package constructs

import "github.com/sparql-oracle/oracle/internal/algebra/syntax"

// The slots a syntax node owns, shared by this package's rewrites
// (rewrite.go) and the reducer's edits (internal/reduce/edits_expr.go,
// internal/reduce/update_edits.go): both replace a node's parts in place.

// ExprSlots returns pointers to the expression fields n owns, so a rewrite
// can replace an expression in place.
func ExprSlots(n syntax.Node) []*syntax.Expr {
	var out []*syntax.Expr
	switch n := n.(type) {
	case *syntax.Filter:
		out = append(out, &n.Expr)
	case *syntax.Bind:
		out = append(out, &n.Expr)
	case *syntax.SelectItem:
		if n.Expr != nil {
			out = append(out, &n.Expr)
		}
	case *syntax.GroupCondition:
		out = append(out, &n.Expr)
	case *syntax.OrderCondition:
		out = append(out, &n.Expr)
	case *syntax.Binary:
		out = append(out, &n.X, &n.Y)
	case *syntax.Unary:
		out = append(out, &n.X)
	case *syntax.In:
		out = append(out, &n.X)
		out = append(out, elems(n.List)...)
	case *syntax.Call:
		out = append(out, elems(n.Args)...)
	case *syntax.FuncCall:
		out = append(out, elems(n.Args)...)
	case *syntax.Aggregate:
		if n.Arg != nil {
			out = append(out, &n.Arg)
		}
	case *syntax.Query:
		out = append(out, elems(n.Mod.Having)...)
	case *syntax.SubSelect:
		out = append(out, elems(n.Mod.Having)...)
	}
	return out
}

// DataBlocks returns the quad blocks of an INSERT DATA, DELETE DATA or
// DELETE WHERE operation (#rInsertData, #rDeleteData, #rDeleteWhere), so
// an edit can drop one; nil for any other operation.
func DataBlocks(op syntax.UpdateOp) *[]*syntax.QuadBlock {
	switch op := op.(type) {
	case *syntax.InsertData:
		return &op.Quads
	case *syntax.DeleteData:
		return &op.Quads
	case *syntax.DeleteWhere:
		return &op.Quads
	}
	return nil
}

// elems returns pointers to the elements of xs, each a slot of the node
// that owns the slice.
func elems[T any](xs []T) []*T {
	out := make([]*T, len(xs))
	for i := range xs {
		out[i] = &xs[i]
	}
	return out
}
