package algebra

import (
	"fmt"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Translate turns a parsed query into its algebra expression (§18.2,
// #sparqlQuery). The tree is expected to have passed syntax.Parse, including
// its static checks; Translate still returns a positioned *syntax.Error,
// never panics, on anything it cannot translate.
func Translate(q *syntax.Query) (res *Query, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &syntax.Error{Line: 1, Col: 1, Msg: fmt.Sprintf("internal error in translation: %v", r)}
		}
	}()
	t := newTranslator()
	return t.query(q)
}

// translator holds the state shared by every level of one query: the
// counters of fresh hidden variables, so names never repeat across
// subqueries and EXISTS patterns, and deterministic in source order.
type translator struct {
	bnodes   map[string]string // blank-node label in the pattern → hidden variable
	tmpl     map[string]string // blank-node label in the template → template label
	nextVar  int               // ??0, ??1... (blank nodes, path steps)
	nextAgg  int               // ?.0, ?.1... (aggregates)
	nextAnon int               // labels of []; see freshLabel
}

func newTranslator() *translator {
	return &translator{bnodes: map[string]string{}, tmpl: map[string]string{}}
}

// query translates the query level of q and fills in what the query form needs.
func (t *translator) query(q *syntax.Query) (*Query, error) {
	res := &Query{Form: form(q.Form), Base: baseOf(q), Spec: q.Spec}
	for _, d := range q.From {
		if d.Named {
			res.FromNamed = append(res.FromNamed, d.IRI.Value)
		} else {
			res.From = append(res.From, d.IRI.Value)
		}
	}
	lv := level{where: q.Where, mod: q.Mod, values: q.Values}
	if q.Form == syntax.FormSelect {
		lv.sel = q.Select
	}
	op, vars, err := t.level(lv)
	if err != nil {
		return nil, err
	}
	res.Op, res.Vars = op, vars
	if err := t.form(q, res); err != nil {
		return nil, err
	}
	return res, nil
}

func form(f syntax.Form) Form {
	switch f {
	case syntax.FormConstruct:
		return Construct
	case syntax.FormAsk:
		return Ask
	case syntax.FormDescribe:
		return Describe
	}
	return Select
}

// baseOf returns the IRI of the last BASE declaration (already resolved by
// the parser against any earlier one), or "".
func baseOf(q *syntax.Query) string {
	base := ""
	for _, d := range q.Prologue {
		if d.Kind == syntax.DeclBase {
			base = d.IRI.Value
		}
	}
	return base
}

// form fills in the CONSTRUCT template and the DESCRIBE targets.
func (t *translator) form(q *syntax.Query, res *Query) error {
	switch q.Form {
	case syntax.FormConstruct:
		ts, err := t.template(q.ConstructTemplate())
		res.Template = ts
		return err
	case syntax.FormDescribe:
		res.Star = q.DescribeAll
		for _, n := range q.Describe {
			node, err := t.node(n)
			if err != nil {
				return err
			}
			res.Describe = append(res.Describe, node)
		}
	}
	return nil
}

// template expands a CONSTRUCT template (#construct). Blank nodes stay blank
// terms, relabelled b0, b1... in order of appearance: they name fresh nodes
// per solution, not variables.
func (t *translator) template(ts []*syntax.TriplesSameSubject) ([]TriplePattern, error) {
	var out []TriplePattern
	for _, tp := range syntax.ExpandTriples(ts, t.freshLabel) {
		p, ok := tp.P.(syntax.GraphNode)
		if !ok {
			return nil, errAt(tp.P, "property path not allowed in a CONSTRUCT template")
		}
		s, err1 := t.templateNode(tp.S)
		pn, err2 := t.templateNode(p)
		o, err3 := t.templateNode(tp.O)
		if err := firstErr(err1, err2, err3); err != nil {
			return nil, err
		}
		out = append(out, TriplePattern{s, pn, o})
	}
	return out, nil
}

func (t *translator) templateNode(n syntax.GraphNode) (Node, error) {
	if tt, ok := n.(*syntax.TripleTerm); ok {
		return t.tripleTermNode(tt, t.templateNode)
	}
	b, ok := n.(*syntax.BlankNode)
	if !ok {
		return t.node(n)
	}
	label, seen := t.tmpl[b.Label]
	if !seen {
		label = "b" + strconv.Itoa(len(t.tmpl))
		t.tmpl[b.Label] = label
	}
	return T(rdf.Blank(label)), nil
}

// freshLabel labels the blank nodes written [] or [ ... ] and the nodes of
// collections. The NUL byte cannot occur in a label the lexer accepts, so
// these never meet a user's _:label.
func (t *translator) freshLabel() string {
	t.nextAnon++
	return "\x00" + strconv.Itoa(t.nextAnon)
}

// hiddenVar returns a fresh hidden variable (op.go, Node): ??0, ??1...
func (t *translator) hiddenVar() string {
	v := "?" + strconv.Itoa(t.nextVar)
	t.nextVar++
	return v
}

// errAt returns a *syntax.Error at the position of n.
func errAt(n syntax.Node, format string, args ...any) error {
	p := n.Position()
	return &syntax.Error{Line: p.Line, Col: p.Col, Offset: p.Offset, Msg: fmt.Sprintf(format, args...)}
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
