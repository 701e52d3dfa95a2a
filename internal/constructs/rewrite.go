package constructs

import (
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// The rewriting helpers edit a tree in place, top-down: syntax.Inspect calls
// f on a node before it lists the node's children, so what f puts in a
// node's slots is visited next (an OPTIONAL replaced by its group has that
// group's elements rewritten too).

func walk(root syntax.Node, f func(syntax.Node)) {
	syntax.Inspect(root, func(n syntax.Node) bool {
		f(n)
		return true
	})
}

// collect returns the nodes of type T under root, in walk order.
func collect[T syntax.Node](root syntax.Node) []T {
	var out []T
	walk(root, func(n syntax.Node) {
		if x, ok := n.(T); ok {
			out = append(out, x)
		}
	})
	return out
}

// maxSteps bounds the replacements of one slot (an operator nested in its
// own operand is replaced again); a replacement never grows the tree, so
// this is only a guard.
const maxSteps = 1000

// editGroups replaces every element of every group by what f returns for
// it (nil removes it, []Pattern{p} keeps it).
func editGroups(root syntax.Node, f func(syntax.Pattern) []syntax.Pattern) {
	walk(root, func(n syntax.Node) {
		g, ok := n.(*syntax.GroupPattern)
		if !ok {
			return
		}
		var elems []syntax.Pattern
		for _, e := range g.Elems {
			elems = append(elems, f(e)...)
		}
		g.Elems = elems
	})
}

// keep is editGroups' identity.
func keep(p syntax.Pattern) []syntax.Pattern { return []syntax.Pattern{p} }

// editExprs replaces every expression e for which f returns a non-nil
// replacement, again on the replacement until f returns nil.
func editExprs(root syntax.Node, f func(syntax.Expr) syntax.Expr) {
	walk(root, func(n syntax.Node) {
		for _, slot := range ExprSlots(n) {
			for i := 0; i < maxSteps && *slot != nil; i++ {
				r := f(*slot)
				if r == nil {
					break
				}
				*slot = r
			}
		}
	})
}

// nodeSlots are the subject, object and name fields a node owns (the
// GraphNode slots of ast.go, ast12.go).
func nodeSlots(n syntax.Node) []*syntax.GraphNode {
	var out []*syntax.GraphNode
	switch n := n.(type) {
	case *syntax.TriplesSameSubject:
		out = append(out, &n.Subject)
	case *syntax.PropertyObjects:
		out = append(out, elems(n.Objects)...)
	case *syntax.Collection:
		out = append(out, elems(n.Items)...)
	case *syntax.TripleTerm:
		out = append(out, &n.S, &n.O)
	case *syntax.ReifiedTriple:
		out = append(out, &n.S, &n.O)
		if n.Reifier != nil {
			out = append(out, &n.Reifier)
		}
	case *syntax.Annotation:
		if n.Reifier != nil {
			out = append(out, &n.Reifier)
		}
	case *syntax.Graph:
		out = append(out, &n.Name)
	case *syntax.Service:
		out = append(out, &n.Name)
	case *syntax.Query:
		out = append(out, elems(n.Describe)...)
	}
	return out
}

// editNodes replaces every subject, object or name g for which f returns
// a non-nil replacement.
func editNodes(root syntax.Node, f func(syntax.GraphNode) syntax.GraphNode) {
	walk(root, func(n syntax.Node) {
		for _, slot := range nodeSlots(n) {
			if *slot == nil {
				continue
			}
			if r := f(*slot); r != nil {
				*slot = r
			}
		}
	})
}

// pathSlots are the path fields a node owns: a predicate, or a path's
// operands.
func pathSlots(n syntax.Node) []*syntax.PathExpr {
	var out []*syntax.PathExpr
	switch n := n.(type) {
	case *syntax.PathAlt:
		out = append(out, elems(n.Alts)...)
	case *syntax.PathSeq:
		out = append(out, elems(n.Steps)...)
	case *syntax.PathInverse:
		out = append(out, &n.Path)
	case *syntax.PathMod:
		out = append(out, &n.Path)
	}
	return out
}

// editPaths replaces every path p (a predicate or an operand) for which f
// returns a non-nil replacement, again on the replacement.
func editPaths(root syntax.Node, f func(syntax.PathExpr) syntax.PathExpr) {
	walk(root, func(n syntax.Node) {
		if po, ok := n.(*syntax.PropertyObjects); ok {
			for i := 0; i < maxSteps; i++ {
				p, ok := po.Verb.(syntax.PathExpr)
				if !ok {
					break
				}
				r := f(p)
				if r == nil {
					break
				}
				po.Verb = r
			}
			return
		}
		for _, slot := range pathSlots(n) {
			for i := 0; i < maxSteps; i++ {
				r := f(*slot)
				if r == nil {
					break
				}
				*slot = r
			}
		}
	})
}

// renameVar renames every ?from to ?to.
func renameVar(root syntax.Node, from, to string) {
	walk(root, func(n syntax.Node) {
		if v, ok := n.(*syntax.Var); ok && v.Name == from {
			v.Name = to
		}
	})
}

// substVar writes the constant c (an *IRI, a *Literal or a *TripleTerm)
// wherever ?name is used: in expressions, as a subject or object, as a
// predicate or graph name when c is an IRI, and as a projected variable,
// which becomes (c AS ?name) so the projection still names it. Where ?name
// is assigned (BIND, AS, VALUES) it is left alone.
func substVar(q *syntax.Query, name string, c syntax.Node) {
	is := func(n syntax.Node) bool { v, ok := n.(*syntax.Var); return ok && v.Name == name }
	walk(q, func(n syntax.Node) {
		switch n := n.(type) {
		case *syntax.SelectItem:
			if n.Expr == nil && n.Var != nil && n.Var.Name == name {
				if e, ok := syntax.Clone(c).(syntax.Expr); ok {
					n.Expr = e
				}
			}
		case *syntax.PropertyObjects:
			if iri, ok := c.(*syntax.IRI); ok && is(n.Verb) {
				n.Verb = syntax.Clone(iri)
			}
		case *syntax.TripleTerm:
			if iri, ok := c.(*syntax.IRI); ok && is(n.P) {
				n.P = syntax.Clone(iri)
			}
		}
	})
	editNodes(q, func(g syntax.GraphNode) syntax.GraphNode {
		if !is(g) {
			return nil
		}
		if _, iri := c.(*syntax.IRI); !iri && !isTermSlotOK(c) {
			return nil
		}
		r, _ := syntax.Clone(c).(syntax.GraphNode)
		return r
	})
	editExprs(q, func(e syntax.Expr) syntax.Expr {
		if !is(e) {
			return nil
		}
		r, _ := syntax.Clone(c).(syntax.Expr)
		return r
	})
}

func isTermSlotOK(c syntax.Node) bool {
	switch c.(type) {
	case *syntax.Literal, *syntax.TripleTerm:
		return true
	}
	return false
}

// usedVars is every variable name of the tree.
func usedVars(root syntax.Node) map[string]bool {
	used := map[string]bool{}
	walk(root, func(n syntax.Node) {
		if v, ok := n.(*syntax.Var); ok {
			used[v.Name] = true
		}
	})
	return used
}

// freshNames hands out names prefix1, prefix2, ... that used does not hold.
func freshNames(used map[string]bool, prefix string) func() string {
	i := 0
	return func() string {
		for {
			i++
			name := prefix + strconv.Itoa(i)
			if !used[name] {
				used[name] = true
				return name
			}
		}
	}
}

// trueLit and falseLit are the boolean constants.
func boolLit(b bool) *syntax.Literal {
	if b {
		return &syntax.Literal{Kind: syntax.LitBoolean, Lex: "true"}
	}
	return &syntax.Literal{Kind: syntax.LitBoolean, Lex: "false"}
}
