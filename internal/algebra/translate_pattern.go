package algebra

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// group translates a group graph pattern (#sparqlTranslateGraphPatterns) and
// applies its filters over the whole group (#sparqlAddFilters).
func (t *translator) group(g *syntax.GroupPattern) (Op, error) {
	op, fs, err := t.groupParts(g)
	if err != nil || len(fs) == 0 {
		return op, err
	}
	return &Filter{Exprs: fs, Op: op}, nil
}

// groupParts translates the elements of a group and returns the filters of
// the group apart (#sparqlCollectFilters), so OPTIONAL can turn them into the
// LeftJoin expression. Adjacent triples blocks, with filters taken out, form
// one basic graph pattern (#sparqlTranslateBasicGraphPatterns).
func (t *translator) groupParts(g *syntax.GroupPattern) (Op, []Expr, error) {
	var (
		acc     Op = &BGP{}
		fs      []Expr
		pending []pathItem
	)
	for _, el := range g.Elems {
		switch e := el.(type) {
		case *syntax.Filter:
			x, err := t.expr(e.Expr, nil)
			if err != nil {
				return nil, nil, err
			}
			fs = append(fs, x)
			continue
		case *syntax.TriplesBlock:
			items, err := t.triplesBlock(e)
			if err != nil {
				return nil, nil, err
			}
			pending = append(pending, items...)
			continue
		}
		acc = flush(acc, pending)
		pending = nil
		var err error
		if acc, err = t.element(acc, el); err != nil {
			return nil, nil, err
		}
	}
	return flush(acc, pending), fs, nil
}

// element adds one non-triples element to the group translated so far.
func (t *translator) element(acc Op, el syntax.Pattern) (Op, error) {
	switch e := el.(type) {
	case *syntax.Optional:
		return t.optional(acc, e)
	case *syntax.Minus:
		r, err := t.group(e.Pattern)
		return &Minus{L: acc, R: r}, err
	case *syntax.Bind:
		// #defn_extend: BIND extends everything before it in the group.
		x, err := t.expr(e.Expr, nil)
		return &Extend{Op: acc, Var: e.Var.Name, Expr: x}, err
	}
	a, err := t.pattern(el)
	if err != nil {
		return nil, err
	}
	return join(acc, a), nil
}

// optional: OPTIONAL {P} is LeftJoin(G, A, true), or LeftJoin(G, A2, F) when
// the group P carries filters F. Only P's own filters count: a filter in a
// nested group stays inside it (simplification comes last, #convertGraphPattern).
func (t *translator) optional(acc Op, o *syntax.Optional) (Op, error) {
	r, fs, err := t.groupParts(o.Pattern)
	if err != nil {
		return nil, err
	}
	return &LeftJoin{L: acc, R: r, Expr: conjunction(fs)}, nil
}

// conjunction folds filters with && (#sparqlAddFilters), nil for none.
func conjunction(fs []Expr) Expr {
	var x Expr
	for _, f := range fs {
		if x == nil {
			x = f
		} else {
			x = &Call{Name: OpAnd, Args: []Expr{x, f}}
		}
	}
	return x
}

// join is Join(a, b) with the simplification step applied
// (#sparqlSimplification): the empty BGP is the identity of join.
func join(a, b Op) Op {
	if isEmptyBGP(a) {
		return b
	}
	if isEmptyBGP(b) {
		return a
	}
	return &Join{L: a, R: b}
}

func isEmptyBGP(op Op) bool {
	b, ok := op.(*BGP)
	return ok && len(b.Triples) == 0
}

// pattern translates a graph pattern other than the group-level forms.
func (t *translator) pattern(el syntax.Pattern) (Op, error) {
	switch e := el.(type) {
	case *syntax.GroupPattern:
		return t.group(e)
	case *syntax.Union:
		return t.union(e)
	case *syntax.Graph:
		return t.graph(e)
	case *syntax.Service:
		return t.service(e)
	case *syntax.InlineData:
		return t.table(e)
	case *syntax.SubSelect:
		op, _, err := t.level(level{sel: e.Select, where: e.Where, mod: e.Mod, values: e.Values})
		return op, err
	}
	return nil, errAt(el, "cannot translate pattern %T", el)
}

// union folds the groups left to right: Union(Union(A, B), C).
func (t *translator) union(u *syntax.Union) (Op, error) {
	var acc Op
	for _, g := range u.Groups {
		a, err := t.group(g)
		if err != nil {
			return nil, err
		}
		if acc == nil {
			acc = a
		} else {
			acc = &Union{L: acc, R: a}
		}
	}
	if acc == nil {
		return &BGP{}, nil
	}
	return acc, nil
}

func (t *translator) graph(g *syntax.Graph) (Op, error) {
	name, err := t.node(g.Name)
	if err != nil {
		return nil, err
	}
	op, err := t.group(g.Pattern)
	return &Graph{Name: name, Op: op}, err
}

func (t *translator) service(s *syntax.Service) (Op, error) {
	name, err := t.node(s.Name)
	if err != nil {
		return nil, err
	}
	op, err := t.group(s.Pattern)
	return &Service{Name: name, Silent: s.Silent, Op: op}, err
}

// table translates VALUES data (#inline-data): UNDEF is the zero term.
func (t *translator) table(d *syntax.InlineData) (*Table, error) {
	tab := &Table{Vars: []string{}, Rows: [][]rdf.Term{}}
	for _, v := range d.Vars {
		tab.Vars = append(tab.Vars, v.Name)
	}
	for _, row := range d.Rows {
		r := make([]rdf.Term, len(row))
		for i, cell := range row {
			term, err := dataValue(cell)
			if err != nil {
				return nil, err
			}
			r[i] = term
		}
		tab.Rows = append(tab.Rows, r)
	}
	return tab, nil
}

func dataValue(n syntax.GraphNode) (rdf.Term, error) {
	switch x := n.(type) {
	case nil:
		return rdf.None, nil
	case *syntax.IRI:
		return x.Term(), nil
	case *syntax.Literal:
		return x.Term(), nil
	case *syntax.TripleTerm:
		return tripleTermData(x)
	}
	return rdf.None, errAt(n, "VALUES data must be an IRI, a literal, a triple term or UNDEF")
}

// node converts a subject, object or graph name (#sparqlExpandForms): blank
// nodes become hidden variables, one per label for the whole query
// (#sparqlBGPExtend; labels cannot be shared between two BGPs).
func (t *translator) node(n syntax.GraphNode) (Node, error) {
	switch x := n.(type) {
	case *syntax.Var:
		return V(x.Name), nil
	case *syntax.IRI:
		return T(x.Term()), nil
	case *syntax.Literal:
		return T(x.Term()), nil
	case *syntax.BlankNode:
		return V(t.bnodeVar(x.Label)), nil
	case *syntax.TripleTerm:
		return t.tripleTermNode(x, t.node)
	}
	return Node{}, errAt(n, "unexpected %T in a triple pattern", n)
}

func (t *translator) bnodeVar(label string) string {
	v, ok := t.bnodes[label]
	if !ok {
		v = t.hiddenVar()
		t.bnodes[label] = v
	}
	return v
}
