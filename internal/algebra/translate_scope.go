package algebra

// VisibleVars returns the visible in-scope variables of op in order of first
// appearance (#variableScope, #sparqlSelectExpressions): the PV of SELECT *.
// Hidden variables never count; neither do variables used only in a filter,
// in EXISTS, on the right of MINUS, inside a sub-SELECT without being
// projected, or in an anonymous GROUP BY key.
func VisibleVars(op Op) []string {
	s := &varSet{seen: map[string]bool{}, out: []string{}}
	s.op(op)
	return s.out
}

type varSet struct {
	seen map[string]bool
	out  []string
}

func (s *varSet) add(vs ...string) {
	for _, v := range vs {
		if v != "" && !IsHidden(v) && !s.seen[v] {
			s.seen[v] = true
			s.out = append(s.out, v)
		}
	}
}

// node adds a variable, or the variables of a nested triple pattern.
func (s *varSet) node(n Node) {
	if t := n.Triple; t != nil {
		s.triplePattern(*t)
		return
	}
	s.add(n.Var)
}

func (s *varSet) triplePattern(t TriplePattern) {
	s.node(t.S)
	s.node(t.P)
	s.node(t.O)
}

// named adds the variable naming a GRAPH or SERVICE, then those of its pattern.
func (s *varSet) named(name Node, op Op) {
	s.node(name)
	s.op(op)
}

// op adds the variables op makes visible. An operator not listed passes
// on those of its operands (Children): Join, LeftJoin, Union, Filter and
// the solution modifiers. The right side of MINUS binds nothing
// (#defn_algMinus); Group and Project show only their keys and variables.
func (s *varSet) op(op Op) {
	switch o := op.(type) {
	case *BGP:
		for _, t := range o.Triples {
			s.triplePattern(t)
		}
	case *Path:
		s.node(o.S)
		s.node(o.O)
	case *Minus:
		s.op(o.L)
	case *Graph:
		s.named(o.Name, o.Op)
	case *Service:
		s.named(o.Name, o.Op)
	case *Extend:
		s.op(o.Op)
		s.add(o.Var)
	case *Table:
		s.add(o.Vars...)
	case *Group:
		for _, k := range o.Keys {
			s.add(k.Var)
		}
	case *Project:
		s.add(o.Vars...)
	default:
		for _, c := range Children(op) {
			s.op(c)
		}
	}
}
