package algebra

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Update is a translated SPARQL 1.1 Update request: its operations in order
// (Update §3: "executed ... sequentially in the order they appear").
type Update struct {
	Ops []UpdateOp
	// Spec is the document the request follows (syntax.Update.Spec).
	Spec syntax.Spec
}

// UpdateOp is one translated operation: *InsertData, *DeleteData,
// *Modify (DELETE/INSERT and DELETE WHERE), *Load, *GraphMgmt or *Transfer.
type UpdateOp interface{ updateOp() }

// QuadPattern is a triple pattern in a graph (#rQuads). G is the zero
// Node for the default graph, else a variable or an IRI.
type QuadPattern struct{ S, P, O, G Node }

// InDefault reports whether the pattern is in the default graph.
func (q QuadPattern) InDefault() bool { return q.G.Var == "" && q.G.Term.IsZero() }

// InsertData is INSERT DATA: ground quads; blank nodes stay rdf blank terms
// (labels b0, b1...), to be replaced by fresh nodes when applied (#insertData).
// Graphs names every GRAPH block of the data, empty ones included: each
// makes a slot (#def_datasetQuadPattern: "a named graph (μ(VarOrIri), G)").
type InsertData struct {
	Quads  []QuadPattern
	Graphs []Node
}

// DeleteData is DELETE DATA: ground quads without blank nodes.
type DeleteData struct{ Quads []QuadPattern }

// Modify is DELETE/INSERT with its WHERE pattern (Update §4.5, Table 1).
// WITH is already applied (§4.5: templates without GRAPH are wrapped in
// GRAPH <with>, and so is the pattern when there is no USING clause).
// DeleteWhere marks `DELETE WHERE QP`: OpDeleteInsert(GS, GS, QP, {}, QP).
type Modify struct {
	Delete, Insert    []QuadPattern
	InsertGraphs      []Node // the GRAPH names of the insert template (see InsertData)
	Using, UsingNamed []string
	HasUsing          bool
	Where             Op // the pattern's algebra (its visible variables projected)
	Base              string
	DeleteWhere       bool
	// With and WithWhere keep §3.1.3's other reading of WITH without
	// USING (#deleteInsert: it "will define an RDF Dataset containing a
	// default graph with the specified name"): WithWhere is the pattern
	// unwrapped, to be matched with the graph With as the default graph.
	// Where is §4.5's reading, the pattern wrapped in GRAPH <With>.
	With      string
	WithWhere Op
}

// Load is LOAD SILENT? <source> (INTO GRAPH <into>)?; Into "" is the default graph.
type Load struct {
	Silent       bool
	Source, Into string
}

// TargetKind is what a GraphTarget names.
type TargetKind uint8

const (
	TargetGraph   TargetKind = iota // GRAPH <iri>
	TargetDefault                   // DEFAULT
	TargetNamed                     // NAMED: every named graph
	TargetAll                       // ALL: every graph
)

// GraphTarget is GRAPH <iri>, DEFAULT, NAMED or ALL.
type GraphTarget struct {
	Kind TargetKind
	IRI  string
}

// MgmtKind names CLEAR, DROP and CREATE.
type MgmtKind uint8

const (
	Clear MgmtKind = iota
	Drop
	Create
)

func (k MgmtKind) String() string { return [...]string{"CLEAR", "DROP", "CREATE"}[k] }

// GraphMgmt is CLEAR, DROP or CREATE.
type GraphMgmt struct {
	Kind   MgmtKind
	Silent bool
	Target GraphTarget
}

// TransferKind names ADD, MOVE and COPY.
type TransferKind uint8

const (
	Add TransferKind = iota
	Move
	Copy
)

func (k TransferKind) String() string { return [...]string{"ADD", "MOVE", "COPY"}[k] }

// Transfer is ADD, MOVE or COPY (§3.2.3-§3.2.5); From and To are a graph or DEFAULT.
type Transfer struct {
	Kind     TransferKind
	Silent   bool
	From, To GraphTarget
}

func (*InsertData) updateOp() {}
func (*DeleteData) updateOp() {}
func (*Modify) updateOp()     {}
func (*Load) updateOp()       {}
func (*GraphMgmt) updateOp()  {}
func (*Transfer) updateOp()   {}

// ParseUpdate parses and translates an update request.
func ParseUpdate(src, base string) (*Update, error) {
	return ParseUpdateSpec(src, base, syntax.SpecAuto)
}

// ParseUpdateSpec is ParseUpdate by one document (see ParseSpec).
func ParseUpdateSpec(src, base string, spec syntax.Spec) (*Update, error) {
	return parseUnit(syntax.ParseUpdate, TranslateUpdate, src, base, spec)
}

// TranslateUpdate translates a parsed request (it must have passed
// syntax.ParseUpdate's checks). WHERE clauses are translated as
// `SELECT * WHERE { ... }` (§18.2) by Translate.
func TranslateUpdate(u *syntax.Update) (res *Update, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &syntax.Error{Line: 1, Col: 1, Msg: fmt.Sprintf("internal error in translation: %v", r)}
		}
	}()
	res = &Update{Spec: u.Spec}
	base := ""
	for _, st := range u.Ops {
		base = stepBase(st.Prologue, base)
		op, err := translateOp(st.Op, base)
		if err != nil {
			return nil, err
		}
		res.Ops = append(res.Ops, op)
	}
	return res, nil
}

func stepBase(pro []*syntax.Decl, base string) string {
	for _, d := range pro {
		if d.Kind == syntax.DeclBase {
			base = d.IRI.Value
		}
	}
	return base
}

func translateOp(op syntax.UpdateOp, base string) (UpdateOp, error) {
	t := newTranslator()
	switch op := op.(type) {
	case *syntax.InsertData:
		qs, gs, err := t.quads(op.Quads, nil)
		return &InsertData{Quads: qs, Graphs: gs}, err
	case *syntax.DeleteData:
		qs, _, err := t.quads(op.Quads, nil)
		return &DeleteData{Quads: qs}, err
	case *syntax.DeleteWhere:
		return t.deleteWhere(op, base)
	case *syntax.Modify:
		return t.modify(op, base)
	case *syntax.Load:
		l := &Load{Silent: op.Silent, Source: op.Source.Value}
		if op.Into != nil {
			l.Into = op.Into.Value
		}
		return l, nil
	case *syntax.Management:
		return &GraphMgmt{Kind: MgmtKind(op.Kind), Silent: op.Silent, Target: target(op.Target)}, nil
	case *syntax.Transfer:
		return &Transfer{Kind: TransferKind(op.Kind), Silent: op.Silent, From: target(op.From), To: target(op.To)}, nil
	}
	return nil, fmt.Errorf("algebra: unknown update operation %T", op)
}

func target(t *syntax.Target) GraphTarget {
	g := GraphTarget{Kind: TargetKind(t.Kind)}
	if t.IRI != nil {
		g.IRI = t.IRI.Value
	}
	return g
}

// quads expands quad blocks into quad patterns; with (WITH's IRI) is the
// graph of blocks written outside GRAPH, nil for the default graph. graphs
// are the names of the GRAPH blocks.
func (t *translator) quads(bs []*syntax.QuadBlock, with *syntax.IRI) (out []QuadPattern, graphs []Node, err error) {
	for _, b := range bs {
		var g Node
		switch {
		case b.Graph != nil:
			if g, err = t.node(b.Graph); err != nil {
				return nil, nil, err
			}
			graphs = append(graphs, g)
		case with != nil:
			g = T(rdf.IRI(with.Value))
		}
		tps, err := t.template(b.Triples)
		if err != nil {
			return nil, nil, err
		}
		for _, tp := range tps {
			out = append(out, QuadPattern{tp.S, tp.P, tp.O, g})
		}
	}
	return out, graphs, nil
}

// modify translates #rModify. Without USING, WITH wraps the pattern in
// GRAPH <with> (§4.5).
func (t *translator) modify(m *syntax.Modify, base string) (*Modify, error) {
	res := &Modify{Base: base, HasUsing: len(m.Using) > 0}
	var err error
	if res.Delete, _, err = t.quads(m.Delete, m.With); err != nil {
		return nil, err
	}
	if res.Insert, res.InsertGraphs, err = t.quads(m.Insert, m.With); err != nil {
		return nil, err
	}
	for _, d := range m.Using {
		if d.Named {
			res.UsingNamed = append(res.UsingNamed, d.IRI.Value)
		} else {
			res.Using = append(res.Using, d.IRI.Value)
		}
	}
	where := m.Where
	if m.With != nil && !res.HasUsing {
		where = &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.Graph{Name: m.With, Pattern: m.Where}}}
		res.With = m.With.Value
		if res.WithWhere, err = wherePattern(m.Where, base); err != nil {
			return nil, err
		}
	}
	res.Where, err = wherePattern(where, base)
	return res, err
}

// deleteWhere translates `DELETE WHERE QP` as DELETE QP WHERE QP (§4.5):
// the quads become the pattern, GRAPH blocks GRAPH patterns.
func (t *translator) deleteWhere(d *syntax.DeleteWhere, base string) (*Modify, error) {
	del, _, err := t.quads(d.Quads, nil)
	if err != nil {
		return nil, err
	}
	g := &syntax.GroupPattern{}
	for _, b := range d.Quads {
		tb := &syntax.TriplesBlock{Triples: b.Triples}
		if b.Graph == nil {
			g.Elems = append(g.Elems, tb)
			continue
		}
		g.Elems = append(g.Elems, &syntax.Graph{Name: b.Graph, Pattern: &syntax.GroupPattern{Elems: []syntax.Pattern{tb}}})
	}
	where, err := wherePattern(g, base)
	return &Modify{Delete: del, Where: where, Base: base, DeleteWhere: true}, err
}

// wherePattern translates a WHERE clause as the pattern of SELECT *.
func wherePattern(g *syntax.GroupPattern, base string) (Op, error) {
	q := &syntax.Query{Form: syntax.FormSelect, Select: &syntax.Projection{Star: true}, Where: g}
	if base != "" {
		q.Prologue = []*syntax.Decl{{Kind: syntax.DeclBase, IRI: &syntax.IRI{Value: base}}}
	}
	tq, err := Translate(q)
	if err != nil {
		return nil, err
	}
	return tq.Op, nil
}
