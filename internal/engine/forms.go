package engine

import (
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// selectForm streams the solutions of a SELECT (#QueryForms) into rows,
// visible variables only, unbound ones absent.
func (e *query) selectForm() (*Result, error) {
	res := &Result{Form: algebra.Select, Vars: e.q.Vars, Limit: -1}
	e.modifiers(res)
	it := e.open(e.st.graphs[0], e.q.Op)
	for {
		r, ok := it.Next()
		if !ok {
			break
		}
		res.Rows = append(res.Rows, e.solution(r))
		if len(res.Rows) > e.opt.MaxSolutions && !e.grow(len(res.Rows)) {
			break
		}
	}
	if e.err != nil {
		return nil, e.err
	}
	return res, nil
}

// modifiers records the solution modifiers of #convertSolMod on the Result:
// Slice(Distinct|Reduced(Project(OrderBy(P)))).
func (e *query) modifiers(res *Result) {
	op := e.q.Op
	if s, ok := op.(*algebra.Slice); ok {
		res.Offset, res.Limit, op = int(s.Offset), int(s.Limit), s.Op
	}
	switch d := op.(type) {
	case *algebra.Distinct:
		op = d.Op
	case *algebra.Reduced:
		res.Reduced, op = true, d.Op
	}
	if p, ok := op.(*algebra.Project); ok {
		if res.Vars == nil {
			res.Vars = p.Vars
		}
		op = p.Op
	}
	_, res.Ordered = op.(*algebra.OrderBy)
}

func (e *query) solution(r row) map[string]rdf.Term {
	m := make(map[string]rdf.Term)
	for i, id := range r {
		if id != 0 && !algebra.IsHidden(e.names[i]) {
			m[e.names[i]] = e.term(id)
		}
	}
	return m
}

// askForm is true iff the pattern has a solution; it pulls one.
func (e *query) askForm() (*Result, error) {
	_, ok := e.open(e.st.graphs[0], e.q.Op).Next()
	if e.err != nil {
		return nil, e.err
	}
	return &Result{Form: algebra.Ask, Boolean: ok, Limit: -1}, nil
}

// constructForm instantiates the template per solution (#construct): fresh
// blank nodes per solution, triples with an unbound or ill-placed term
// dropped, the result a set.
func (e *query) constructForm() (*Result, error) {
	prefix := e.freshPrefix()
	g := rdf.NewGraph()
	it := e.open(e.st.graphs[0], e.q.Op)
	for i := 0; ; i++ {
		r, ok := it.Next()
		if !ok {
			break
		}
		if !e.step(int64(len(e.q.Template))) {
			break
		}
		scope := prefix + strconv.Itoa(i) + "_"
		for _, tp := range e.q.Template {
			t := rdf.Triple{S: e.instantiate(tp.S, r, scope), P: e.instantiate(tp.P, r, scope), O: e.instantiate(tp.O, r, scope)}
			if (t.S.IsIRI() || t.S.IsBlank()) && t.P.IsIRI() && !t.O.IsZero() {
				g.Add(t)
			}
		}
	}
	if e.err != nil {
		return nil, e.err
	}
	return &Result{Form: algebra.Construct, Triples: append([]rdf.Triple{}, g.Triples()...), Limit: -1}, nil
}

func (e *query) instantiate(n algebra.Node, r row, scope string) rdf.Term {
	if n.IsTriple() || n.Term.IsTriple() {
		return e.instantiateTriple(n, r, scope) // triple12.go
	}
	if n.IsVar() {
		c, ok := e.vars[n.Var]
		if !ok || r[c] == 0 {
			return rdf.None
		}
		return e.term(r[c])
	}
	if n.Term.IsBlank() {
		return rdf.Blank(scope + n.Term.Value)
	}
	return n.Term
}

// freshPrefix is a blank-node label prefix no blank node of the store has.
func (e *query) freshPrefix() string {
	prefix := "e"
	for clash := true; clash; {
		clash = false
		for id := 1; id < e.st.dict.size(); id++ {
			if t := e.st.dict.term(ID(id)); blankWithPrefix(t, prefix) {
				clash = true
				prefix += "x"
				break
			}
		}
	}
	return prefix
}

// describeForm answers DESCRIBE (#describe) with the reference's policy:
// the concise bounded description in the default graph of each described
// resource (its outgoing triples, recursively through blank-node objects).
// The resources are the query's IRIs and the values of its variables
// (every projected variable for DESCRIBE *).
func (e *query) describeForm() (*Result, error) {
	rows := e.drain(e.open(e.st.graphs[0], e.q.Op))
	if e.err != nil {
		return nil, e.err
	}
	out := rdf.NewGraph()
	seen := map[ID]bool{}
	for _, n := range e.describeTargets(rows) {
		e.cbd(n, seen, out)
	}
	if e.err != nil {
		return nil, e.err
	}
	return &Result{Form: algebra.Describe, Triples: append([]rdf.Triple{}, out.Triples()...), Limit: -1}, nil
}

func (e *query) describeTargets(rows []row) []ID {
	targets := e.q.Describe
	if e.q.Star {
		targets = nil
		for _, v := range e.starVars(rows) {
			targets = append(targets, algebra.V(v))
		}
	}
	var out []ID
	for _, n := range targets {
		if !n.IsVar() {
			out = append(out, e.id(n.Term))
			continue
		}
		c := e.vars[n.Var]
		for _, r := range rows {
			if r[c] != 0 {
				out = append(out, r[c])
			}
		}
	}
	return out
}

// starVars: the query's listed variables, else every visible bound one.
func (e *query) starVars(rows []row) []string {
	if len(e.q.Vars) > 0 {
		return e.q.Vars
	}
	var out []string
	for i, name := range e.names {
		if algebra.IsHidden(name) {
			continue
		}
		for _, r := range rows {
			if r[i] != 0 {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

func (e *query) cbd(n ID, seen map[ID]bool, out *rdf.Graph) {
	if seen[n] || e.term(n).IsLiteral() || e.err != nil {
		return
	}
	seen[n] = true
	ts, pm := e.st.graphs[0].match(n, 0, 0)
	if !e.step(int64(len(ts)) + 1) {
		return
	}
	for _, t := range ts {
		s, p, o := pm.spo(t)
		out.Add(rdf.Triple{S: e.term(s), P: e.term(p), O: e.term(o)})
		if e.term(o).IsBlank() {
			e.cbd(o, seen, out)
		}
	}
}
