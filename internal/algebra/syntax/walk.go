package syntax

import "reflect"

// Inspect traverses the tree rooted at n in depth-first order, source order
// within a node, calling f for every node; when f returns false the node's
// children are skipped. Like go/ast.Inspect. Nil children are not visited;
// UNDEF cells of VALUES rows are nil and skipped.
func Inspect(n Node, f func(Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	for _, c := range children(n) {
		Inspect(c, f)
	}
}

func isNil(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// children lists the direct child nodes of n.
func children(n Node) []Node {
	var out []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if !isNil(c) {
				out = append(out, c)
			}
		}
	}
	switch n := n.(type) {
	case *Query:
		for _, d := range n.Prologue {
			add(d)
		}
		add(n.Select)
		for _, t := range n.Template {
			add(t)
		}
		for _, d := range n.Describe {
			add(d)
		}
		for _, d := range n.From {
			add(d)
		}
		add(n.Where)
		out = append(out, modChildren(&n.Mod)...)
		add(n.Values)
	case *Decl:
		add(n.IRI)
	case *DatasetClause:
		add(n.IRI)
	case *Projection:
		for _, it := range n.Items {
			add(it)
		}
	case *SelectItem:
		add(n.Expr, n.Var)
	case *GroupCondition:
		add(n.Expr, n.Var)
	case *OrderCondition:
		add(n.Expr)
	default:
		out = append(out, patternChildren(n)...)
	}
	return out
}

func modChildren(m *Modifiers) []Node {
	var out []Node
	for _, g := range m.Group {
		out = append(out, g)
	}
	for _, h := range m.Having {
		if !isNil(h) {
			out = append(out, h)
		}
	}
	for _, o := range m.Order {
		out = append(out, o)
	}
	return out
}

func patternChildren(n Node) []Node {
	var out []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if !isNil(c) {
				out = append(out, c)
			}
		}
	}
	switch n := n.(type) {
	case *GroupPattern:
		for _, e := range n.Elems {
			add(e)
		}
	case *TriplesBlock:
		for _, t := range n.Triples {
			add(t)
		}
	case *TriplesSameSubject:
		add(n.Subject)
		for _, p := range n.Props {
			add(p)
		}
	case *PropertyObjects:
		add(n.Verb)
		for i, o := range n.Objects {
			add(o)
			for _, a := range n.annots(i) {
				add(a)
			}
		}
	case *Annotation:
		add(n.Reifier)
		for _, p := range n.Props {
			add(p)
		}
	case *Union:
		for _, g := range n.Groups {
			add(g)
		}
	case *Optional:
		add(n.Pattern)
	case *Minus:
		add(n.Pattern)
	case *Graph:
		add(n.Name, n.Pattern)
	case *Service:
		add(n.Name, n.Pattern)
	case *Filter:
		add(n.Expr)
	case *Bind:
		add(n.Expr, n.Var)
	case *InlineData:
		for _, v := range n.Vars {
			add(v)
		}
		for _, r := range n.Rows {
			for _, c := range r {
				add(c)
			}
		}
	case *SubSelect:
		add(n.Select, n.Where)
		out = append(out, modChildren(&n.Mod)...)
		add(n.Values)
	default:
		out = append(out, termChildren(n)...)
	}
	return out
}

func termChildren(n Node) []Node {
	var out []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if !isNil(c) {
				out = append(out, c)
			}
		}
	}
	switch n := n.(type) {
	case *Literal:
		add(n.Datatype)
	case *TripleTerm:
		add(n.S, n.P, n.O)
	case *ReifiedTriple:
		add(n.S, n.P, n.O, n.Reifier)
	case *Collection:
		for _, it := range n.Items {
			add(it)
		}
	case *BlankNodePropertyList:
		for _, p := range n.Props {
			add(p)
		}
	case *PathAlt:
		for _, p := range n.Alts {
			add(p)
		}
	case *PathSeq:
		for _, p := range n.Steps {
			add(p)
		}
	case *PathInverse:
		add(n.Path)
	case *PathMod:
		add(n.Path)
	case *PathNegated:
		for _, it := range n.Items {
			add(it)
		}
	case *PathNegItem:
		add(n.IRI)
	case *Binary:
		add(n.X, n.Y)
	case *Unary:
		add(n.X)
	case *In:
		add(n.X)
		for _, e := range n.List {
			add(e)
		}
	case *Call:
		for _, e := range n.Args {
			add(e)
		}
	case *FuncCall:
		add(n.IRI)
		for _, e := range n.Args {
			add(e)
		}
	case *Exists:
		add(n.Pattern)
	case *Aggregate:
		add(n.Arg)
	}
	return out
}

// Clone returns a deep copy of the tree rooted at n, so a reducer or a
// generator can edit the copy without touching the original.
func Clone[T Node](n T) T {
	v := reflect.ValueOf(n)
	return cloneValue(v).Interface().(T)
}

func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(cloneValue(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			c.Field(i).Set(cloneValue(v.Field(i)))
		}
		return c
	}
	return v
}
