package syntax

// The syntax tree. One Go type per construct of the §19.8 grammar that carries
// meaning; purely lexical productions (brackets, WHERE keyword, '.') leave no
// trace. Every node embeds Pos, so n.Pos is the position of its first token
// and n.Position() returns it through the Node interface. Trees built by code
// may leave every Pos zero; the printer does not need positions.
//
// Interfaces are sealed by unexported marker methods, as in go/ast:
//
//	Pattern   GroupGraphPatternSub elements        (#rGraphPatternNotTriples, #rTriplesBlock)
//	Expr      expressions                          (#rExpression)
//	GraphNode subjects and objects of triples      (#rGraphNodePath)
//	Verb      predicates: a *Var or a PathExpr     (#rVerbPath, #rVerbSimple)
//	PathExpr  property paths                       (#rPath)
//
// Some leaf types play several roles: *Var is an Expr, a GraphNode and a Verb;
// *IRI is an Expr, a GraphNode and a PathExpr; *Literal is an Expr and a GraphNode.

// Pos is a position in the source text: byte offset (0-based), line and
// column (1-based, columns counted in runes). The zero Pos means "unknown".
type Pos struct {
	Offset, Line, Col int
}

// Position returns p; promoted to every node that embeds Pos.
func (p Pos) Position() Pos { return p }

// IsValid reports whether p is a real source position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Node is any node of the syntax tree.
type Node interface {
	Position() Pos
}

// ---------------------------------------------------------------- query

// Form is the query form (#rQuery).
type Form int

const (
	FormSelect Form = iota
	FormConstruct
	FormAsk
	FormDescribe
)

func (f Form) String() string {
	switch f {
	case FormSelect:
		return "SELECT"
	case FormConstruct:
		return "CONSTRUCT"
	case FormAsk:
		return "ASK"
	case FormDescribe:
		return "DESCRIBE"
	}
	return "?"
}

// Query is a whole query string (#rQueryUnit).
type Query struct {
	Pos
	Prologue []*Decl // BASE and PREFIX declarations, in source order
	Form     Form

	// SELECT: the projection (also used by nothing else).
	Select *Projection

	// CONSTRUCT: the template. ConstructWhere marks the short form
	// `CONSTRUCT WHERE { TriplesTemplate }` (#rConstructQuery): then Template is
	// nil and Where holds one *TriplesBlock (or nothing) that is also the template.
	Template       []*TriplesSameSubject
	ConstructWhere bool

	// DESCRIBE: the resources (*Var or *IRI), or DescribeAll for `DESCRIBE *`.
	Describe    []GraphNode
	DescribeAll bool

	From  []*DatasetClause
	Where *GroupPattern // nil only for DESCRIBE without a WHERE clause
	Mod   Modifiers
	// Values is the trailing VALUES clause (#rValuesClause), or nil.
	Values *InlineData
	// Spec is the document the query follows (Spec11 or Spec12, never
	// SpecAuto after Parse): Spec12 when it declares VERSION "1.2" or
	// "1.2-basic" or uses SPARQL 1.2 syntax (triple terms, reified triples,
	// annotations, @lang--dir, the 1.2 built-ins), or Options.Spec asked for it.
	Spec Spec
}

// ConstructTemplate returns the template of a CONSTRUCT query: Template,
// or for the short form `CONSTRUCT WHERE { T }` the triples of Where, which
// are both the pattern and the template (#rConstructQuery).
func (q *Query) ConstructTemplate() []*TriplesSameSubject {
	if !q.ConstructWhere {
		return q.Template
	}
	var ts []*TriplesSameSubject
	if q.Where != nil {
		for _, e := range q.Where.Elems {
			if b, ok := e.(*TriplesBlock); ok {
				ts = append(ts, b.Triples...)
			}
		}
	}
	return ts
}

// DeclKind says whether a prologue declaration is BASE or PREFIX.
type DeclKind int

const (
	DeclBase DeclKind = iota
	DeclPrefix
	DeclVersion // SPARQL 1.2 #rVersionDecl
)

// Decl is `BASE <iri>`, `PREFIX p: <iri>` (#rBaseDecl, #rPrefixDecl) or
// `VERSION "label"` (SPARQL 1.2 #rVersionDecl: IRI nil, Version the label,
// Quote the quote character written).
// IRI.Value is the resolved absolute IRI.
type Decl struct {
	Pos
	Kind    DeclKind
	Prefix  string // without the colon; "" for the empty prefix
	IRI     *IRI
	Version string
	Quote   byte
}

// DatasetClause is `FROM <g>` or `FROM NAMED <g>` (#rDatasetClause).
type DatasetClause struct {
	Pos
	Named bool
	IRI   *IRI
}

// Projection is a SELECT clause (#rSelectClause).
type Projection struct {
	Pos
	Distinct bool
	Reduced  bool
	Star     bool
	Items    []*SelectItem
}

// SelectItem is `?v` (Expr nil) or `(Expr AS ?v)`.
type SelectItem struct {
	Pos
	Var  *Var
	Expr Expr
}

// Modifiers are the solution modifiers (#rSolutionModifier).
type Modifiers struct {
	Group  []*GroupCondition
	Having []Expr
	Order  []*OrderCondition
	Limit  *int64 // nil when absent
	Offset *int64 // nil when absent
}

// GroupCondition is one GROUP BY key (#rGroupCondition): Expr alone (a *Var,
// a *Call, a *FuncCall or any bracketted expression), or `(Expr AS Var)`.
type GroupCondition struct {
	Pos
	Expr Expr
	Var  *Var // non-nil for (Expr AS ?v)
}

// OrderDir records how an ORDER BY key was written.
type OrderDir int

const (
	OrderDefault OrderDir = iota // bare expression: ascending
	OrderAsc
	OrderDesc
)

// OrderCondition is one ORDER BY key (#rOrderCondition).
type OrderCondition struct {
	Pos
	Dir  OrderDir
	Expr Expr
}

// ---------------------------------------------------------------- patterns

// Pattern is an element of a group graph pattern.
type Pattern interface {
	Node
	patternNode()
}

// GroupPattern is `{ ... }` (#rGroupGraphPattern). A group holding a sub-select
// has exactly one element, the *SubSelect.
type GroupPattern struct {
	Pos
	Elems []Pattern
}

// TriplesBlock is a run of triples (#rTriplesBlock), kept as written:
// predicate-object lists, object lists, blank-node property lists and
// collections stay nested. Expand flattens it (#sparqlExpandForms).
type TriplesBlock struct {
	Pos
	Triples []*TriplesSameSubject
}

// TriplesSameSubject is one subject with its property list
// (#rTriplesSameSubjectPath). Props may be empty only when Subject is a
// *Collection or a *BlankNodePropertyList.
type TriplesSameSubject struct {
	Pos
	Subject GraphNode
	Props   []*PropertyObjects
}

// PropertyObjects is `Verb Object, Object...` inside a property list.
// Annots (SPARQL 1.2 #rAnnotation) is nil or parallel to Objects: Annots[i]
// are the reifiers and annotation blocks written after Objects[i].
type PropertyObjects struct {
	Pos
	Verb    Verb
	Objects []GraphNode
	Annots  [][]*Annotation
}

// Union is `{...} UNION {...} UNION ...` (#rGroupOrUnionGraphPattern), two or
// more groups. A single group without UNION is a nested *GroupPattern.
type Union struct {
	Pos
	Groups []*GroupPattern
}

// Optional is `OPTIONAL {...}`.
type Optional struct {
	Pos
	Pattern *GroupPattern
}

// Minus is `MINUS {...}`.
type Minus struct {
	Pos
	Pattern *GroupPattern
}

// Graph is `GRAPH VarOrIri {...}`; Name is a *Var or an *IRI.
type Graph struct {
	Pos
	Name    GraphNode
	Pattern *GroupPattern
}

// Service is `SERVICE [SILENT] VarOrIri {...}`; Name is a *Var or an *IRI.
type Service struct {
	Pos
	Silent  bool
	Name    GraphNode
	Pattern *GroupPattern
}

// Filter is `FILTER Constraint`.
type Filter struct {
	Pos
	Expr Expr
}

// Bind is `BIND (Expr AS ?v)`.
type Bind struct {
	Pos
	Expr Expr
	Var  *Var
}

// InlineData is a VALUES block (#rDataBlock), inline or trailing. A nil entry
// in a row is UNDEF; other entries are *IRI or *Literal.
// OneVar records the `VALUES ?x { ... }` written form.
type InlineData struct {
	Pos
	OneVar bool
	Vars   []*Var
	Rows   [][]GraphNode
}

// SubSelect is a nested SELECT (#rSubSelect).
type SubSelect struct {
	Pos
	Select *Projection
	Where  *GroupPattern
	Mod    Modifiers
	Values *InlineData
}

func (*GroupPattern) patternNode() {}
func (*TriplesBlock) patternNode() {}
func (*Union) patternNode()        {}
func (*Optional) patternNode()     {}
func (*Minus) patternNode()        {}
func (*Graph) patternNode()        {}
func (*Service) patternNode()      {}
func (*Filter) patternNode()       {}
func (*Bind) patternNode()         {}
func (*InlineData) patternNode()   {}
func (*SubSelect) patternNode()    {}

// ---------------------------------------------------------------- terms

// GraphNode is a subject or object of a triple (#rGraphNodePath), or a
// VarOrIri / DataBlockValue slot.
type GraphNode interface {
	Node
	graphNode()
}

// Var is `?name` or `$name`; Name has no sigil.
type Var struct {
	Pos
	Name string
}

// IRI is an IRI as written (`<rel>`, `ex:local`, `a`) and resolved.
// Value is the absolute IRI after BASE resolution and prefix expansion.
// Written is the source form used by the printer; "" (trees built by code)
// prints as <Value>.
type IRI struct {
	Pos
	Value   string
	Written string
}

// LitKind says which grammar production a literal came from.
type LitKind int

const (
	LitString  LitKind = iota // RDFLiteral (#rRDFLiteral)
	LitInteger                // INTEGER, signed or not
	LitDecimal
	LitDouble
	LitBoolean // true / false
)

// Literal is an RDF literal. Lex is the lexical form after escape processing
// (numbers keep their sign as written). For LitString, Lang is the language tag
// as written (without '@') or Datatype the `^^` IRI, or neither. Dir is the
// SPARQL 1.2 base direction of `"x"@en--ltr` (#rLANG_DIR): "ltr", "rtl" or "".
type Literal struct {
	Pos
	Kind     LitKind
	Lex      string
	Lang     string
	Dir      string
	Datatype *IRI
	// Long records a long-quoted string ("""...""") for printing; optional.
	Long bool
}

// BlankNode is `_:label` or `[]` (Anon, Label "").
type BlankNode struct {
	Pos
	Label string
	Anon  bool
}

// Collection is `( node ... )` (#rCollectionPath); with no items it is NIL,
// `()`, which denotes rdf:nil.
type Collection struct {
	Pos
	Items []GraphNode
}

// BlankNodePropertyList is `[ verb objects ; ... ]` (#rBlankNodePropertyListPath).
type BlankNodePropertyList struct {
	Pos
	Props []*PropertyObjects
}

func (*Var) graphNode()                   {}
func (*IRI) graphNode()                   {}
func (*Literal) graphNode()               {}
func (*BlankNode) graphNode()             {}
func (*Collection) graphNode()            {}
func (*BlankNodePropertyList) graphNode() {}

// ---------------------------------------------------------------- paths

// Verb is a predicate position: a *Var or a PathExpr (an *IRI is a PathExpr).
type Verb interface {
	Node
	verbNode()
}

// PathExpr is a property path (#rPath). A lone *IRI is the simplest path.
type PathExpr interface {
	Verb
	pathNode()
}

// PathAlt is `p1 | p2 | ...`.
type PathAlt struct {
	Pos
	Alts []PathExpr
}

// PathSeq is `p1 / p2 / ...`.
type PathSeq struct {
	Pos
	Steps []PathExpr
}

// PathInverse is `^p`.
type PathInverse struct {
	Pos
	Path PathExpr
}

// PathMod is `p*`, `p+` or `p?`; Mod is '*', '+' or '?'.
type PathMod struct {
	Pos
	Path PathExpr
	Mod  byte
}

// PathNegated is `!iri`, `!^iri` or `!(a|^b|...)` (#rPathNegatedPropertySet).
type PathNegated struct {
	Pos
	Items []*PathNegItem
}

// PathNegItem is one member of a negated property set.
type PathNegItem struct {
	Pos
	Inverse bool
	IRI     *IRI
}

func (*Var) verbNode()         {}
func (*IRI) verbNode()         {}
func (*PathAlt) verbNode()     {}
func (*PathSeq) verbNode()     {}
func (*PathInverse) verbNode() {}
func (*PathMod) verbNode()     {}
func (*PathNegated) verbNode() {}

func (*IRI) pathNode()         {}
func (*PathAlt) pathNode()     {}
func (*PathSeq) pathNode()     {}
func (*PathInverse) pathNode() {}
func (*PathMod) pathNode()     {}
func (*PathNegated) pathNode() {}

// ---------------------------------------------------------------- expressions

// Expr is an expression (#rExpression).
type Expr interface {
	Node
	exprNode()
}

// Binary is `X Op Y`; Op is one of || && = != < > <= >= + - * /.
type Binary struct {
	Pos
	Op   string
	X, Y Expr
}

// Unary is `Op X`; Op is one of ! + -.
type Unary struct {
	Pos
	Op string
	X  Expr
}

// In is `X IN (...)` or `X NOT IN (...)`.
type In struct {
	Pos
	Not  bool
	X    Expr
	List []Expr
}

// Call is a built-in call of §17.4 (#rBuiltInCall) other than aggregates and
// EXISTS. Name is the canonical upper-case keyword (STR, SAMETERM, ISIRI,
// REGEX, ...); see Builtins for the names and arities.
type Call struct {
	Pos
	Name string
	Args []Expr
}

// FuncCall is `iri(args)`: a cast (xsd:integer(?x)), an extension function, or
// a custom aggregate (Distinct allowed only there) (#rFunctionCall).
type FuncCall struct {
	Pos
	IRI      *IRI
	Distinct bool
	Args     []Expr
}

// Exists is `EXISTS {...}` or `NOT EXISTS {...}`.
type Exists struct {
	Pos
	Not     bool
	Pattern *GroupPattern
}

// Aggregate is COUNT, SUM, MIN, MAX, AVG, SAMPLE or GROUP_CONCAT (#rAggregate).
// Star is COUNT(*) (Arg nil). HasSeparator marks GROUP_CONCAT(...; SEPARATOR=s).
type Aggregate struct {
	Pos
	Name         string
	Distinct     bool
	Star         bool
	Arg          Expr
	HasSeparator bool
	Separator    string
}

func (*Var) exprNode()       {}
func (*IRI) exprNode()       {}
func (*Literal) exprNode()   {}
func (*Binary) exprNode()    {}
func (*Unary) exprNode()     {}
func (*In) exprNode()        {}
func (*Call) exprNode()      {}
func (*FuncCall) exprNode()  {}
func (*Exists) exprNode()    {}
func (*Aggregate) exprNode() {}

// TriplePath is one flattened triple pattern produced by Expand: S and O are
// *Var, *IRI, *Literal or *BlankNode (with a label); P is a Verb.
type TriplePath struct {
	S GraphNode
	P Verb
	O GraphNode
}
