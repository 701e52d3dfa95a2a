package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ADD, MOVE and COPY are shortcuts (§4.5: "The COPY, MOVE, and ADD
// operations are not mentioned explicitly here, since they are understood
// as shortcuts"), applied as §3.2 spells them out:
//
//	ADD:  INSERT { (GRAPH to)? { ?s ?p ?o } } WHERE { (GRAPH from)? { ?s ?p ?o } }
//	COPY: DROP SILENT (GRAPH to | DEFAULT); then ADD
//	MOVE: DROP SILENT (GRAPH to | DEFAULT); then ADD; DROP (GRAPH from | DEFAULT)
//
// with "if COPY [MOVE] is used to copy [move] a graph onto itself then no
// operation will be performed", "If the destination graph does not exist,
// it will be created", and "By default, the service MAY return failure if
// the input graph does not exist".
func (u *updater) transfer(gs *rdf.Dataset, x *algebra.Transfer) (step, error) {
	st := step{next: gs}
	if x.From.Kind == algebra.TargetGraph && mayBeAbsent(gs, rdf.IRI(x.From.IRI)) && !x.Silent {
		st.failure = x.Kind.String() + ": no graph <" + x.From.IRI + "> (§3.2.3-§3.2.5: MAY return failure)"
	}
	if x.From == x.To {
		return st, nil
	}
	next := gs
	if x.Kind != algebra.Add {
		next = dropOps.on(next, x.To.Kind, rdf.IRI(x.To.IRI))
	}
	next, err := u.add(next, x.From, x.To)
	if err != nil {
		return st, err
	}
	if x.Kind == algebra.Move {
		next = dropOps.on(next, x.From.Kind, rdf.IRI(x.From.IRI))
	}
	st.next = next
	if x.Silent && x.From.Kind == algebra.TargetGraph && mayBeAbsent(gs, rdf.IRI(x.From.IRI)) {
		// "If SILENT is present, the result of the operation will always
		// be success": the failure the text permits without SILENT is
		// reported as success, and the store it leaves (the one before the
		// operation) is permitted as well as the formal model's.
		st.alts, st.choice = []*rdf.Dataset{gs}, x.Kind.String()+" SILENT from absent <"+x.From.IRI+">: a permitted failure, silenced (store unchanged)"
	}
	return st, nil
}

// add is INSERT { (GRAPH to)? { ?s ?p ?o } } WHERE { (GRAPH from)? { ?s ?p ?o } }
// through OpDeleteInsert, then the destination's creation.
func (u *updater) add(gs *rdf.Dataset, from, to algebra.GraphTarget) (*rdf.Dataset, error) {
	spo := algebra.TriplePattern{S: algebra.V("s"), P: algebra.V("p"), O: algebra.V("o")}
	var where algebra.Op = &algebra.BGP{Triples: []algebra.TriplePattern{spo}}
	if from.Kind == algebra.TargetGraph {
		where = &algebra.Graph{Name: algebra.T(rdf.IRI(from.IRI)), Op: where}
	}
	ins := algebra.QuadPattern{S: spo.S, P: spo.P, O: spo.O}
	if to.Kind == algebra.TargetGraph {
		ins.G = algebra.T(rdf.IRI(to.IRI))
	}
	next, err := u.OpDeleteInsert(gs, gs, nil, []algebra.QuadPattern{ins}, nil, where, "")
	if err != nil || to.Kind != algebra.TargetGraph {
		return next, err
	}
	return OpCreate(next, rdf.IRI(to.IRI)), nil
}
