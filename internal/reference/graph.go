package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Graph transcribes #defn_evalGraph:
//
//	if IRI is a graph name in D
//	eval(D(G), Graph(IRI,P)) = eval(D(D[IRI]), P)
//	if IRI is not a graph name in D
//	eval(D(G), Graph(IRI,P)) = the empty multiset
//	eval(D(G), Graph(var,P)) =
//	Let R be the empty multiset
//	foreach IRI i in D
//	R := Union(R, Join( eval(D(D[i]), P) , Ω(?var->i) )
//	the result is R
//
// "foreach IRI i in D": a graph named by a blank node (possible in N-Quads)
// is not iterated.
func (e *evaluator) Graph(g *rdf.Graph, name algebra.Node, p algebra.Op) (Multiset, error) {
	if !name.IsVar() {
		named := e.ds.Named(name.Term, false)
		if named == nil {
			return Multiset{}, nil
		}
		return e.eval(named, p)
	}
	r := Multiset{}
	for _, i := range e.ds.Names() {
		if !i.IsIRI() {
			continue
		}
		inner, err := e.eval(e.ds.Named(i, false), p)
		if err != nil {
			return nil, err
		}
		j, err := e.Join(inner, Multiset{Mapping{}.With(name.Var, i)})
		if err != nil {
			return nil, err
		}
		if r, err = e.Union(r, j); err != nil {
			return nil, err
		}
	}
	return r, nil
}
