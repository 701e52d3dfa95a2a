package algebra

import "github.com/sparql-oracle/oracle/internal/algebra/syntax"

// starVars returns the variables of SELECT * (#selectExpressions,
// #variableScope): the in-scope variables of the WHERE clause in the order
// they are first written, then those of a trailing VALUES clause. Variables
// only in FILTER, in EXISTS, in MINUS or hidden by a sub-SELECT's projection
// are not in scope; blank nodes are not variables.
func starVars(where *syntax.GroupPattern, values *syntax.InlineData) []string {
	s := &varSet{seen: map[string]bool{}, out: []string{}}
	if where != nil {
		s.group(where)
	}
	if values != nil {
		s.data(values)
	}
	return s.out
}

func (s *varSet) group(g *syntax.GroupPattern) {
	for _, el := range g.Elems {
		s.element(el)
	}
}

func (s *varSet) element(el syntax.Pattern) {
	switch e := el.(type) {
	case *syntax.TriplesBlock:
		for _, t := range e.Triples {
			s.graphNode(t.Subject)
			s.props(t.Props)
		}
	case *syntax.GroupPattern:
		s.group(e)
	case *syntax.Union:
		for _, g := range e.Groups {
			s.group(g)
		}
	case *syntax.Optional:
		s.group(e.Pattern)
	case *syntax.Graph:
		s.graphNode(e.Name)
		s.group(e.Pattern)
	case *syntax.Service:
		s.graphNode(e.Name)
		s.group(e.Pattern)
	case *syntax.Bind:
		s.add(e.Var.Name)
	case *syntax.InlineData:
		s.data(e)
	case *syntax.SubSelect:
		s.subSelect(e)
	}
}

func (s *varSet) subSelect(e *syntax.SubSelect) {
	if e.Select.Star {
		for _, v := range starVars(e.Where, e.Values) {
			s.add(v)
		}
		return
	}
	for _, it := range e.Select.Items {
		s.add(it.Var.Name)
	}
}

func (s *varSet) props(props []*syntax.PropertyObjects) {
	for _, po := range props {
		if v, ok := po.Verb.(*syntax.Var); ok {
			s.add(v.Name)
		}
		for i, o := range po.Objects {
			s.graphNode(o)
			for _, a := range po.Annotations(i) {
				s.graphNode(a.Reifier)
				s.props(a.Props)
			}
		}
	}
}

func (s *varSet) graphNode(n syntax.GraphNode) {
	switch x := n.(type) {
	case *syntax.Var:
		s.add(x.Name)
	case *syntax.BlankNodePropertyList:
		s.props(x.Props)
	case *syntax.Collection:
		for _, it := range x.Items {
			s.graphNode(it)
		}
	case *syntax.TripleTerm:
		s.triple(x.S, x.P, x.O)
	case *syntax.ReifiedTriple:
		s.triple(x.S, x.P, x.O)
		s.graphNode(x.Reifier)
	}
}

// triple adds the variables of a triple term or reified triple as written.
func (s *varSet) triple(sub syntax.GraphNode, p syntax.Verb, o syntax.GraphNode) {
	s.graphNode(sub)
	if v, ok := p.(*syntax.Var); ok {
		s.add(v.Name)
	}
	s.graphNode(o)
}

func (s *varSet) data(d *syntax.InlineData) {
	for _, v := range d.Vars {
		s.add(v.Name)
	}
}
