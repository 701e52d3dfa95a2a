package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Options bound and seed one evaluation; the same fields and defaults as
// the reference evaluator's.
type Options = ops.Options

// Result is the evaluators' shared result type (ops.Result). The engine fills Form,
// Vars, Rows, Boolean, Triples, and Ordered/Offset/Limit/Reduced; it leaves
// Sequence, Ties and Open empty: those are the judge's business.
type Result = ops.Result

// ErrService is returned for a SERVICE pattern (ops.ErrService: neither
// evaluator reaches the network).
var ErrService = ops.ErrService

// Eval evaluates q over ds (sources are the graphs FROM and FROM NAMED may
// name, never fetched). It loads ds first; use Load and Store.Eval to pay
// loading once.
func Eval(ctx context.Context, q *algebra.Query, ds *rdf.Dataset, sources map[string]*rdf.Graph, opt Options) (*Result, error) {
	if ds == nil {
		ds = rdf.NewDataset()
	}
	if q == nil || q.Op == nil {
		return nil, errors.New("engine: no query")
	}
	active, err := (&rdf.Catalogue{Dataset: ds, Sources: sources}).Active(q.From, q.FromNamed)
	if err != nil {
		return nil, err
	}
	return Load(active).eval(ctx, q, opt)
}

// Eval evaluates q over the loaded dataset. A query with FROM or FROM NAMED
// builds its dataset from the store's named graphs and loads it.
func (s *Store) Eval(ctx context.Context, q *algebra.Query, opt Options) (*Result, error) {
	if q == nil || q.Op == nil {
		return nil, errors.New("engine: no query")
	}
	if len(q.From) > 0 || len(q.FromNamed) > 0 {
		return Eval(ctx, q, s.dataset(), nil, opt)
	}
	return s.eval(ctx, q, opt)
}

func (s *Store) eval(ctx context.Context, q *algebra.Query, opt Options) (res *Result, err error) {
	defer ops.CatchPanic("engine", &res, &err)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e := newQuery(ctx, s, q, opt)
	switch q.Form {
	case algebra.Select:
		res, err = e.selectForm()
	case algebra.Ask:
		res, err = e.askForm()
	case algebra.Construct:
		res, err = e.constructForm()
	case algebra.Describe:
		res, err = e.describeForm()
	default:
		return nil, fmt.Errorf("engine: unknown query form %d", q.Form)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// query is the state of one evaluation: the variable table, the overlay
// dictionary for terms that are not in the store, the budget, and the
// expression context.
type query struct {
	ctx     context.Context
	st      *Store
	q       *algebra.Query
	opt     Options
	vars    map[string]int
	names   []string
	extra   map[rdf.Term]ID
	terms   []rdf.Term // overlay terms; id = st.dict.size() + index
	steps   int64
	err     error
	ectx    *ops.Context
	depth   int // EXISTS nesting
	slab    []ID
	alps    map[alpKey][]ID
	alpSize int
	bgps    map[bgpKey]*bgpPlans
	joins   map[*algebra.Join][]algebra.Op
	sunk    map[*algebra.Filter]sunkFilter
	active  *gindex                 // the active graph of the expression being evaluated (for EXISTS)
	ctxRow  row                     // a 1.2 EXISTS's μctx (exists12.go)
	ctxAt   map[algebra.Op]bool     // where its ContextSolution stands
	consts  map[*algebra.Const]*num // exact numeric constants of filters (filterfast.go)
}

func newQuery(ctx context.Context, s *Store, q *algebra.Query, opt Options) *query {
	opt = opt.WithDefaults()
	e := &query{ctx: ctx, st: s, q: q, opt: opt, vars: map[string]int{}, extra: map[rdf.Term]ID{}}
	e.ectx = &ops.Context{Now: opt.Now, Base: q.Base, Exists: e.exists, Spec12: q.Spec.String() == "1.2"}
	e.ectx.Limit(ctx, opt) // bytes built and the deadline, inside expressions (ops/budget.go)
	if usesRandom(q.Op) {
		e.ectx.Rand = rand.New(rand.NewSource(opt.Seed))
	}
	collectVars(q.Op, e.addVar)
	for _, v := range q.Vars {
		e.addVar(v)
	}
	for _, n := range q.Describe {
		if n.IsVar() {
			e.addVar(n.Var)
		}
	}
	return e
}

func (e *query) addVar(v string) {
	if _, ok := e.vars[v]; !ok {
		e.vars[v] = len(e.names)
		e.names = append(e.names, v)
	}
}

// id returns the id of t, interning it in the query's overlay if the store
// does not know it.
func (e *query) id(t rdf.Term) ID {
	if t.IsZero() {
		return 0
	}
	if id, ok := e.st.dict.lookup(t); ok {
		return id
	}
	if id, ok := e.extra[t]; ok {
		return id
	}
	id := ID(e.st.dict.size() + len(e.terms))
	e.extra[t] = id
	e.terms = append(e.terms, t)
	return id
}

// term decodes an id.
func (e *query) term(id ID) rdf.Term {
	n := ID(e.st.dict.size())
	if id < n {
		return e.st.dict.term(id)
	}
	return e.terms[id-n]
}

// step charges n work units and polls the context every 1024 units.
func (e *query) step(n int64) bool {
	if e.err != nil {
		return false
	}
	before := e.steps
	e.steps += n
	if e.steps > e.opt.MaxSteps {
		e.fail(fmt.Errorf("%w: more than %d steps", ops.ErrBudget, e.opt.MaxSteps))
		return false
	}
	if before>>10 != e.steps>>10 {
		if err := e.ctx.Err(); err != nil {
			e.fail(err)
			return false
		}
	}
	return true
}

// grow checks a materialised multiset against MaxSolutions.
func (e *query) grow(n int) bool {
	if n > e.opt.MaxSolutions {
		e.fail(fmt.Errorf("%w: a multiset of more than %d solutions", ops.ErrBudget, e.opt.MaxSolutions))
		return false
	}
	return true
}

func (e *query) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// newRow returns a zeroed row of the query's width, carved from a slab.
func (e *query) newRow() row {
	w := len(e.names)
	if w == 0 {
		return row{}
	}
	if len(e.slab) < w {
		e.slab = make([]ID, w*256)
	}
	r := e.slab[:w:w]
	e.slab = e.slab[w:]
	return r
}

func (e *query) copyRow(r row) row {
	out := e.newRow()
	copy(out, r)
	return out
}
