package engine

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// row is one solution: a term id per query variable, 0 when unbound.
type row []ID

// iter is a pull-based stream of solutions. Next returns false at the end
// or after an error, which the query records (query.err).
type iter interface {
	Next() (row, bool)
}

// sliceIter streams materialised rows.
type sliceIter struct {
	rows []row
	i    int
}

func (it *sliceIter) Next() (row, bool) {
	if it.i >= len(it.rows) {
		return nil, false
	}
	it.i++
	return it.rows[it.i-1], true
}

// unit is the one empty solution, Ω0.
func (e *query) unit() iter { return &sliceIter{rows: []row{e.newRow()}} }

func single(r row) iter { return &sliceIter{rows: []row{r}} }

// drain materialises an iterator, under the MaxSolutions budget.
func (e *query) drain(it iter) []row {
	var out []row
	for {
		r, ok := it.Next()
		if !ok {
			return out
		}
		out = append(out, r)
		if len(out) > e.opt.MaxSolutions && !e.grow(len(out)) {
			return nil
		}
	}
}

// funcIter adapts a closure.
type funcIter func() (row, bool)

func (f funcIter) Next() (row, bool) { return f() }

// binding shows a row to ops as an ops.Binding.
type binding struct {
	e *query
	r row
}

func (b binding) Get(name string) (rdf.Term, bool) {
	i, ok := b.e.vars[name]
	if !ok || b.r[i] == 0 {
		return rdf.None, false
	}
	return b.e.term(b.r[i]), true
}

// Vars lists the bound visible variables: hidden ones (query blank nodes,
// path steps) are never seen by aggregates (COUNT(DISTINCT *)).
func (b binding) Vars() []string {
	var out []string
	for i, id := range b.r {
		if id != 0 && !algebra.IsHidden(b.e.names[i]) {
			out = append(out, b.e.names[i])
		}
	}
	return out
}

// compatible reports whether two rows agree on every variable both bind
// (#defn_algCompatibleMapping).
func compatible(a, b row) bool {
	for i := range a {
		if a[i] != 0 && b[i] != 0 && a[i] != b[i] {
			return false
		}
	}
	return true
}

// merge returns a ∪ b for compatible rows.
func (e *query) merge(a, b row) row {
	out := e.copyRow(a)
	for i, v := range b {
		if v != 0 {
			out[i] = v
		}
	}
	return out
}

// key encodes the values of cols as a map key.
func key(r row, cols []int, buf []byte) []byte {
	buf = buf[:0]
	for _, c := range cols {
		v := r[c]
		buf = append(buf, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return buf
}

// allCols is 0..n-1.
func allCols(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
