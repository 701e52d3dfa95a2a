package syntax

import "fmt"

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
// update_ast.go); a type it does not list is a programming error and
// panics. TestWalkEveryNodeType fails when a node type is added to the
// tree and not here.
func Walk(v Visitor, n Node) {
	switch n := n.(type) {
	case nil:
	// query (ast.go)
	case *Query:
		enter(v, n, walkQuery)
	case *Decl:
		enter(v, n, func(v Visitor, n *Decl) { Walk(v, n.IRI) })
	case *DatasetClause:
		enter(v, n, func(v Visitor, n *DatasetClause) { Walk(v, n.IRI) })
	case *Projection:
		enter(v, n, func(v Visitor, n *Projection) { walkList(v, n.Items) })
	case *SelectItem:
		enter(v, n, func(v Visitor, n *SelectItem) { walkAll(v, n.Expr, n.Var) })
	case *GroupCondition:
		enter(v, n, func(v Visitor, n *GroupCondition) { walkAll(v, n.Expr, n.Var) })
	case *OrderCondition:
		enter(v, n, func(v Visitor, n *OrderCondition) { Walk(v, n.Expr) })
	// patterns
	case *GroupPattern:
		enter(v, n, func(v Visitor, n *GroupPattern) { walkList(v, n.Elems) })
	case *TriplesBlock:
		enter(v, n, func(v Visitor, n *TriplesBlock) { walkList(v, n.Triples) })
	case *TriplesSameSubject:
		enter(v, n, walkTriple)
	case *PropertyObjects:
		enter(v, n, walkPropertyObjects)
	case *Union:
		enter(v, n, func(v Visitor, n *Union) { walkList(v, n.Groups) })
	case *Optional:
		enter(v, n, func(v Visitor, n *Optional) { Walk(v, n.Pattern) })
	case *Minus:
		enter(v, n, func(v Visitor, n *Minus) { Walk(v, n.Pattern) })
	case *Graph:
		enter(v, n, func(v Visitor, n *Graph) { walkAll(v, n.Name, n.Pattern) })
	case *Service:
		enter(v, n, func(v Visitor, n *Service) { walkAll(v, n.Name, n.Pattern) })
	case *Filter:
		enter(v, n, func(v Visitor, n *Filter) { Walk(v, n.Expr) })
	case *Bind:
		enter(v, n, func(v Visitor, n *Bind) { walkAll(v, n.Expr, n.Var) })
	case *InlineData:
		enter(v, n, walkInlineData)
	case *SubSelect:
		enter(v, n, walkSubSelect)
	// terms
	case *Var:
		enter(v, n, nil)
	case *IRI:
		enter(v, n, nil)
	case *Literal:
		enter(v, n, func(v Visitor, n *Literal) { Walk(v, n.Datatype) })
	case *BlankNode:
		enter(v, n, nil)
	case *Collection:
		enter(v, n, func(v Visitor, n *Collection) { walkList(v, n.Items) })
	case *BlankNodePropertyList:
		enter(v, n, func(v Visitor, n *BlankNodePropertyList) { walkList(v, n.Props) })
	// paths
	case *PathAlt:
		enter(v, n, func(v Visitor, n *PathAlt) { walkList(v, n.Alts) })
	case *PathSeq:
		enter(v, n, func(v Visitor, n *PathSeq) { walkList(v, n.Steps) })
	case *PathInverse:
		enter(v, n, func(v Visitor, n *PathInverse) { Walk(v, n.Path) })
	case *PathMod:
		enter(v, n, func(v Visitor, n *PathMod) { Walk(v, n.Path) })
	case *PathNegated:
		enter(v, n, func(v Visitor, n *PathNegated) { walkList(v, n.Items) })
	case *PathNegItem:
		enter(v, n, func(v Visitor, n *PathNegItem) { Walk(v, n.IRI) })
	// expressions
	case *Binary:
		enter(v, n, func(v Visitor, n *Binary) { walkAll(v, n.X, n.Y) })
	case *Unary:
		enter(v, n, func(v Visitor, n *Unary) { Walk(v, n.X) })
	case *In:
		enter(v, n, func(v Visitor, n *In) { Walk(v, n.X); walkList(v, n.List) })
	case *Call:
		enter(v, n, func(v Visitor, n *Call) { walkList(v, n.Args) })
	case *FuncCall:
		enter(v, n, func(v Visitor, n *FuncCall) { Walk(v, n.IRI); walkList(v, n.Args) })
	case *Exists:
		enter(v, n, func(v Visitor, n *Exists) { Walk(v, n.Pattern) })
	case *Aggregate:
		enter(v, n, func(v Visitor, n *Aggregate) { Walk(v, n.Arg) })
	// SPARQL 1.2 (ast12.go)
	case *TripleTerm:
		enter(v, n, func(v Visitor, n *TripleTerm) { walkAll(v, n.S, n.P, n.O) })
	case *ReifiedTriple:
		enter(v, n, func(v Visitor, n *ReifiedTriple) { walkAll(v, n.S, n.P, n.O, n.Reifier) })
	case *Annotation:
		enter(v, n, func(v Visitor, n *Annotation) { Walk(v, n.Reifier); walkList(v, n.Props) })
	// update requests (update_ast.go)
	case *Update:
		enter(v, n, func(v Visitor, n *Update) { walkList(v, n.Ops); walkList(v, n.Tail) })
	case *UpdateStep:
		enter(v, n, func(v Visitor, n *UpdateStep) { walkList(v, n.Prologue); Walk(v, n.Op) })
	case *Target:
		enter(v, n, func(v Visitor, n *Target) { Walk(v, n.IRI) })
	case *Load:
		enter(v, n, func(v Visitor, n *Load) { walkAll(v, n.Source, n.Into) })
	case *Management:
		enter(v, n, func(v Visitor, n *Management) { Walk(v, n.Target) })
	case *Transfer:
		enter(v, n, func(v Visitor, n *Transfer) { walkAll(v, n.From, n.To) })
	case *QuadBlock:
		enter(v, n, func(v Visitor, n *QuadBlock) { Walk(v, n.Graph); walkList(v, n.Triples) })
	case *InsertData:
		enter(v, n, func(v Visitor, n *InsertData) { walkList(v, n.Quads) })
	case *DeleteData:
		enter(v, n, func(v Visitor, n *DeleteData) { walkList(v, n.Quads) })
	case *DeleteWhere:
		enter(v, n, func(v Visitor, n *DeleteWhere) { walkList(v, n.Quads) })
	case *Modify:
		enter(v, n, walkModify)
	default:
		panic(fmt.Sprintf("syntax.Walk: unexpected node type %T", n))
	}
}

// enter visits n unless it is a nil pointer, then its children (kids, nil
// for a leaf) with the visitor Visit returned, then closes with Visit(nil).
func enter[T interface {
	comparable
	Node
}](v Visitor, n T, kids func(Visitor, T)) {
	var none T
	if n == none {
		return
	}
	if v = v.Visit(n); v == nil {
		return
	}
	if kids != nil {
		kids(v, n)
	}
	v.Visit(nil)
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
