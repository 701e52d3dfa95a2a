package syntax

// The syntax tree of a SPARQL 1.1 Update request (#rUpdateUnit). A request is
// a sequence of operations separated by ';', each with the prologue written
// before it (#rUpdate: Prologue ( Update1 ( ';' Update )? )?); declarations
// carry over to the operations after them.

// Update is a whole request string (#rUpdateUnit).
type Update struct {
	Pos
	Ops []*UpdateStep
	// Tail is a prologue after the last ';' (or the whole request when it
	// holds no operation): the grammar allows one.
	Tail []*Decl
	// Spec is the document the request follows, as Query.Spec.
	Spec Spec
}

// UpdateStep is one operation with the prologue written just before it.
type UpdateStep struct {
	Pos
	Prologue []*Decl
	Op       UpdateOp
}

// UpdateOp is one operation (#rUpdate1).
type UpdateOp interface {
	Node
	updateNode()
}

// TargetKind is what a graph target names (#rGraphRefAll, #rGraphOrDefault).
type TargetKind int

const (
	TargetGraph   TargetKind = iota // GRAPH <iri> (or a bare <iri> in GraphOrDefault)
	TargetDefault                   // DEFAULT
	TargetNamed                     // NAMED: every named graph
	TargetAll                       // ALL: the default graph and every named graph
)

// Target is a graph reference of a management operation.
type Target struct {
	Pos
	Kind TargetKind
	IRI  *IRI // TargetGraph only
}

// Load is `LOAD SILENT? iri (INTO GraphRef)?` (#rLoad).
type Load struct {
	Pos
	Silent bool
	Source *IRI
	Into   *IRI // nil: the default graph
}

// MgmtKind names CLEAR, DROP and CREATE.
type MgmtKind int

const (
	MgmtClear MgmtKind = iota
	MgmtDrop
	MgmtCreate
)

func (k MgmtKind) String() string {
	return [...]string{"CLEAR", "DROP", "CREATE"}[k]
}

// Management is CLEAR, DROP (#rClear, #rDrop: GraphRefAll) or CREATE
// (#rCreate: GraphRef only).
type Management struct {
	Pos
	Kind   MgmtKind
	Silent bool
	Target *Target
}

// TransferKind names ADD, MOVE and COPY.
type TransferKind int

const (
	TransferAdd TransferKind = iota
	TransferMove
	TransferCopy
)

func (k TransferKind) String() string {
	return [...]string{"ADD", "MOVE", "COPY"}[k]
}

// Transfer is `ADD|MOVE|COPY SILENT? GraphOrDefault TO GraphOrDefault`
// (#rAdd, #rMove, #rCopy). From and To are TargetGraph or TargetDefault.
type Transfer struct {
	Pos
	Kind     TransferKind
	Silent   bool
	From, To *Target
}

// QuadBlock is one part of #rQuads: the triples of a TriplesTemplate outside
// any GRAPH (Graph nil), or `GRAPH VarOrIri { TriplesTemplate? }`
// (#rQuadsNotTriples; Graph a *Var or *IRI).
type QuadBlock struct {
	Pos
	Graph   GraphNode
	Triples []*TriplesSameSubject
}

// InsertData is `INSERT DATA { Quads }` (#rInsertData).
type InsertData struct {
	Pos
	Quads []*QuadBlock
}

// DeleteData is `DELETE DATA { Quads }` (#rDeleteData).
type DeleteData struct {
	Pos
	Quads []*QuadBlock
}

// DeleteWhere is `DELETE WHERE { Quads }` (#rDeleteWhere).
type DeleteWhere struct {
	Pos
	Quads []*QuadBlock
}

// Modify is `WITH? (DELETE {..} INSERT? {..} | INSERT {..}) USING* WHERE {..}`
// (#rModify). HasDelete and HasInsert say which clauses were written (an
// empty template `DELETE {}` is not an absent one in the tree).
type Modify struct {
	Pos
	With      *IRI
	HasDelete bool
	Delete    []*QuadBlock
	HasInsert bool
	Insert    []*QuadBlock
	Using     []*DatasetClause // USING <g> / USING NAMED <g> (Named)
	Where     *GroupPattern
}

func (*Load) updateNode()        {}
func (*Management) updateNode()  {}
func (*Transfer) updateNode()    {}
func (*InsertData) updateNode()  {}
func (*DeleteData) updateNode()  {}
func (*DeleteWhere) updateNode() {}
func (*Modify) updateNode()      {}
