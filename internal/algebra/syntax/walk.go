package syntax

import (
	"fmt"
	"reflect"
)

// A Visitor's Visit method is invoked for each node Walk meets. If the
// result w is not nil, Walk visits each child of the node with w, followed
// by a call of w.Visit(nil). As go/ast.Visitor.
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth first, children in source
// order, queries and update requests alike. A nil node (a nil interface or
// a nil pointer of a node type) is absent: it is not visited, so optional
// children (Query.Where of a DESCRIBE, UNDEF cells of VALUES rows) need no
// test by the caller. Modifiers is not a node: its keys are children of the
// *Query or *SubSelect holding it.
//
// The switch lists every node type of the tree (ast.go, ast12.go,
// update_ast.go) with the children of each, and nothing else: as in
// go/ast.Walk, a type it does not list is a programming error and panics
// once it has been visited. TestWalkEveryNodeType fails when a node type is
// added to the tree and not here.
func Walk(v Visitor, n Node) {
	if absent(n) {
		return
	}
	if v = v.Visit(n); v == nil {
		return
	}
	switch n := n.(type) {
	// query (ast.go)
	case *Query:
		walkQuery(v, n)
	case *Decl:
		Walk(v, n.IRI)
	case *DatasetClause:
		Walk(v, n.IRI)
	case *Projection:
		walkList(v, n.Items)
	case *SelectItem:
		walkAll(v, n.Expr, n.Var)
	case *GroupCondition:
		walkAll(v, n.Expr, n.Var)
	case *OrderCondition:
		Walk(v, n.Expr)
	// patterns
	case *GroupPattern:
		walkList(v, n.Elems)
	case *TriplesBlock:
		walkList(v, n.Triples)
	case *TriplesSameSubject:
		walkTriple(v, n)
	case *PropertyObjects:
		walkPropertyObjects(v, n)
	case *Union:
		walkList(v, n.Groups)
	case *Optional:
		Walk(v, n.Pattern)
	case *Minus:
		Walk(v, n.Pattern)
	case *Graph:
		walkAll(v, n.Name, n.Pattern)
	case *Service:
		walkAll(v, n.Name, n.Pattern)
	case *Filter:
		Walk(v, n.Expr)
	case *Bind:
		walkAll(v, n.Expr, n.Var)
	case *InlineData:
		walkInlineData(v, n)
	case *SubSelect:
		walkSubSelect(v, n)
	// terms
	case *Var, *IRI, *BlankNode: // leaves
	case *Literal:
		Walk(v, n.Datatype)
	case *Collection:
		walkList(v, n.Items)
	case *BlankNodePropertyList:
		walkList(v, n.Props)
	// paths
	case *PathAlt:
		walkList(v, n.Alts)
	case *PathSeq:
		walkList(v, n.Steps)
	case *PathInverse:
		Walk(v, n.Path)
	case *PathMod:
		Walk(v, n.Path)
	case *PathNegated:
		walkList(v, n.Items)
	case *PathNegItem:
		Walk(v, n.IRI)
	// expressions
	case *Binary:
		walkAll(v, n.X, n.Y)
	case *Unary:
		Walk(v, n.X)
	case *In:
		Walk(v, n.X)
		walkList(v, n.List)
	case *Call:
		walkList(v, n.Args)
	case *FuncCall:
		Walk(v, n.IRI)
		walkList(v, n.Args)
	case *Exists:
		Walk(v, n.Pattern)
	case *Aggregate:
		Walk(v, n.Arg)
	// SPARQL 1.2 (ast12.go)
	case *TripleTerm:
		walkAll(v, n.S, n.P, n.O)
	case *ReifiedTriple:
		walkAll(v, n.S, n.P, n.O, n.Reifier)
	case *Annotation:
		Walk(v, n.Reifier)
		walkList(v, n.Props)
	// update requests (update_ast.go)
	case *Update:
		walkList(v, n.Ops)
		walkList(v, n.Tail)
	case *UpdateStep:
		walkList(v, n.Prologue)
		Walk(v, n.Op)
	case *Target:
		Walk(v, n.IRI)
	case *Load:
		walkAll(v, n.Source, n.Into)
	case *Management:
		Walk(v, n.Target)
	case *Transfer:
		walkAll(v, n.From, n.To)
	case *QuadBlock:
		Walk(v, n.Graph)
		walkList(v, n.Triples)
	case *InsertData:
		walkList(v, n.Quads)
	case *DeleteData:
		walkList(v, n.Quads)
	case *DeleteWhere:
		walkList(v, n.Quads)
	case *Modify:
		walkModify(v, n)
	default:
		panic(fmt.Sprintf("syntax.Walk: unexpected node type %T", n))
	}
	v.Visit(nil)
}

// absent reports a nil interface or a nil pointer of a node type (every
// node type is a pointer), which Walk skips without a visit.
func absent(n Node) bool {
	if n == nil {
		return true
	}
	rv := reflect.ValueOf(n)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

func walkList[T Node](v Visitor, list []T) {
	for _, n := range list {
		Walk(v, n)
	}
}

func walkAll(v Visitor, ns ...Node) { walkList(v, ns) }

func walkQuery(v Visitor, q *Query) {
	walkList(v, q.Prologue)
	Walk(v, q.Select)
	walkList(v, q.Template)
	walkList(v, q.Describe)
	walkList(v, q.From)
	Walk(v, q.Where)
	walkModifiers(v, &q.Mod)
	Walk(v, q.Values)
}

func walkSubSelect(v Visitor, s *SubSelect) {
	walkAll(v, s.Select, s.Where)
	walkModifiers(v, &s.Mod)
	Walk(v, s.Values)
}

func walkModifiers(v Visitor, m *Modifiers) {
	walkList(v, m.Group)
	walkList(v, m.Having)
	walkList(v, m.Order)
}

func walkTriple(v Visitor, t *TriplesSameSubject) {
	Walk(v, t.Subject)
	walkList(v, t.Props)
}

// walkPropertyObjects visits the verb, then each object followed by the
// annotations written after it (SPARQL 1.2 #rAnnotation).
func walkPropertyObjects(v Visitor, po *PropertyObjects) {
	Walk(v, po.Verb)
	for i, o := range po.Objects {
		Walk(v, o)
		walkList(v, po.annots(i))
	}
}

func walkInlineData(v Visitor, d *InlineData) {
	walkList(v, d.Vars)
	for _, r := range d.Rows {
		walkList(v, r)
	}
}

func walkModify(v Visitor, m *Modify) {
	Walk(v, m.With)
	walkList(v, m.Delete)
	walkList(v, m.Insert)
	walkList(v, m.Using)
	Walk(v, m.Where)
}

// inspector adapts a function to a Visitor, as go/ast's Inspect does; the
// closing Visit(nil) is not passed on.
type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if n != nil && f(n) {
		return f
	}
	return nil
}

// Inspect traverses the tree rooted at n with Walk, calling f for every
// node; when f returns false the node's children are skipped. As
// go/ast.Inspect, except that f is not called with nil after the children.
func Inspect(n Node, f func(Node) bool) {
	Walk(inspector(f), n)
}
