package syntax

import "fmt"

// A Visitor's Visit method is invoked for each node Walk meets. If the
// result w is not nil, Walk visits each child of the node with w, followed
// by a call of w.Visit(nil). As go/ast.Visitor.
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth first, children in source
// order, queries and update requests alike. An absent child (a nil pointer
// or nil interface in its parent's field: Query.Where of a DESCRIBE, UNDEF
// cells of VALUES rows) is not visited (child); n itself must be a node,
// nil only as a nil interface. Modifiers is not a node: its keys are children of the
// *Query or *SubSelect holding it.
//
// The switch lists every node type of the tree (ast.go, ast12.go,
// update_ast.go) with the children of each, and nothing else: as in
// go/ast.Walk, a type it does not list is a programming error and panics
// once it has been visited. TestWalkEveryNodeType fails when a node type is
// added to the tree and not here.
func Walk(v Visitor, n Node) {
	if n == nil {
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
		child(v, n.IRI)
	case *DatasetClause:
		child(v, n.IRI)
	case *Projection:
		walkList(v, n.Items)
	case *SelectItem:
		child(v, n.Expr)
		child(v, n.Var)
	case *GroupCondition:
		child(v, n.Expr)
		child(v, n.Var)
	case *OrderCondition:
		child(v, n.Expr)
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
		child(v, n.Pattern)
	case *Minus:
		child(v, n.Pattern)
	case *Graph:
		child(v, n.Name)
		child(v, n.Pattern)
	case *Service:
		child(v, n.Name)
		child(v, n.Pattern)
	case *Filter:
		child(v, n.Expr)
	case *Bind:
		child(v, n.Expr)
		child(v, n.Var)
	case *InlineData:
		walkInlineData(v, n)
	case *SubSelect:
		walkSubSelect(v, n)
	// terms
	case *Var, *IRI, *BlankNode: // leaves
	case *Literal:
		child(v, n.Datatype)
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
		child(v, n.Path)
	case *PathMod:
		child(v, n.Path)
	case *PathNegated:
		walkList(v, n.Items)
	case *PathNegItem:
		child(v, n.IRI)
	// expressions
	case *Binary:
		child(v, n.X)
		child(v, n.Y)
	case *Unary:
		child(v, n.X)
	case *In:
		child(v, n.X)
		walkList(v, n.List)
	case *Call:
		walkList(v, n.Args)
	case *FuncCall:
		child(v, n.IRI)
		walkList(v, n.Args)
	case *Exists:
		child(v, n.Pattern)
	case *Aggregate:
		child(v, n.Arg)
	// SPARQL 1.2 (ast12.go)
	case *TripleTerm:
		child(v, n.S)
		child(v, n.P)
		child(v, n.O)
	case *ReifiedTriple:
		child(v, n.S)
		child(v, n.P)
		child(v, n.O)
		child(v, n.Reifier)
	case *Annotation:
		child(v, n.Reifier)
		walkList(v, n.Props)
	// update requests (update_ast.go)
	case *Update:
		walkList(v, n.Ops)
		walkList(v, n.Tail)
	case *UpdateStep:
		walkList(v, n.Prologue)
		child(v, n.Op)
	case *Target:
		child(v, n.IRI)
	case *Load:
		child(v, n.Source)
		child(v, n.Into)
	case *Management:
		child(v, n.Target)
	case *Transfer:
		child(v, n.From)
		child(v, n.To)
	case *QuadBlock:
		child(v, n.Graph)
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

func walkList[T node](v Visitor, list []T) {
	for _, n := range list {
		child(v, n)
	}
}

// node is the type of a child field: a pointer to a node type or an
// interface of nodes (Expr, Pattern); either may be absent.
type node interface {
	comparable
	Node
}

// child walks n unless it is absent: the zero value of its field's type,
// a nil pointer or a nil interface (an optional child: Query.Where of a
// DESCRIBE, an UNDEF cell of a VALUES row). Comparing with the zero value
// of the static type tells a nil *Var from a present one without
// reflection.
func child[T node](v Visitor, n T) {
	var zero T
	if n != zero {
		Walk(v, n)
	}
}

func walkQuery(v Visitor, q *Query) {
	walkList(v, q.Prologue)
	child(v, q.Select)
	walkList(v, q.Template)
	walkList(v, q.Describe)
	walkList(v, q.From)
	child(v, q.Where)
	walkModifiers(v, &q.Mod)
	child(v, q.Values)
}

func walkSubSelect(v Visitor, s *SubSelect) {
	child(v, s.Select)
	child(v, s.Where)
	walkModifiers(v, &s.Mod)
	child(v, s.Values)
}

func walkModifiers(v Visitor, m *Modifiers) {
	walkList(v, m.Group)
	walkList(v, m.Having)
	walkList(v, m.Order)
}

func walkTriple(v Visitor, t *TriplesSameSubject) {
	child(v, t.Subject)
	walkList(v, t.Props)
}

// walkPropertyObjects visits the verb, then each object followed by the
// annotations written after it (SPARQL 1.2 #rAnnotation).
func walkPropertyObjects(v Visitor, po *PropertyObjects) {
	child(v, po.Verb)
	for i, o := range po.Objects {
		child(v, o)
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
	child(v, m.With)
	walkList(v, m.Delete)
	walkList(v, m.Insert)
	walkList(v, m.Using)
	child(v, m.Where)
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
func Inspect[T node](n T, f func(Node) bool) {
	child(inspector(f), n)
}
