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

func (s *varSet) add(v string) {
	if v == "" || IsHidden(v) || s.seen[v] {
		return
	}
	s.seen[v] = true
	s.out = append(s.out, v)
}

// node adds a variable, or the variables of a nested triple pattern.
func (s *varSet) node(n Node) {
	if t := n.Triple; t != nil {
		s.node(t.S)
		s.node(t.P)
		s.node(t.O)
		return
	}
	s.add(n.Var)
}

func (s *varSet) op(op Op) {
	switch o := op.(type) {
	case *BGP:
		for _, t := range o.Triples {
			s.node(t.S)
			s.node(t.P)
			s.node(t.O)
		}
	case *Path:
		s.node(o.S)
		s.node(o.O)
	case *Join:
		s.op(o.L)
		s.op(o.R)
	case *LeftJoin:
		s.op(o.L)
		s.op(o.R)
	case *Union:
		s.op(o.L)
		s.op(o.R)
	default:
		s.unary(op)
	}
}

// unary handles the operators with one child or none.
func (s *varSet) unary(op Op) {
	switch o := op.(type) {
	case *Minus:
		s.op(o.L)
	case *Filter:
		s.op(o.Op)
	case *Graph:
		s.node(o.Name)
		s.op(o.Op)
	case *Service:
		s.node(o.Name)
		s.op(o.Op)
	case *Extend:
		s.op(o.Op)
		s.add(o.Var)
	case *Table:
		for _, v := range o.Vars {
			s.add(v)
		}
	case *Group:
		for _, k := range o.Keys {
			s.add(k.Var)
		}
	case *Project:
		for _, v := range o.Vars {
			s.add(v)
		}
	case *OrderBy:
		s.op(o.Op)
	case *Distinct:
		s.op(o.Op)
	case *Reduced:
		s.op(o.Op)
	case *Slice:
		s.op(o.Op)
	}
}
