package algebra

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Op is a node of the SPARQL algebra (§18.2, #sparqlAlgebra). The set of
// node types is sealed by the unexported marker method.
type Op interface {
	op()
}

// Node is a position in a triple or path pattern: a variable, an RDF term,
// or (SPARQL 1.2) a triple pattern nested as a triple term. Exactly one of
// Var, Term and Triple is set. Blank nodes of the query pattern are
// turned into hidden variables by the translation (#sparqlBGPExtend): their
// names start with '?' (printed "??b0"), so they never clash with a user's
// variable and are never projected by SELECT *.
//
// Triple is set only for a triple term holding a variable somewhere inside,
// `<<( ?s :p ?o )>>` (or, in a CONSTRUCT or update template, a blank node,
// which is fresh per solution): SPARQL 1.2 draft (2026-07-30) #defn_TriplePattern,
// "If s is an RDF term, a variable, or a triple pattern, p is an IRI or a
// variable, and o is an RDF term, a variable, or a triple pattern, then
// (s, p, o) is a triple pattern." A triple term without variables is an
// RDF term (rdf.KindTriple) in Term; TT folds it so.
type Node struct {
	Var    string
	Term   rdf.Term
	Triple *TriplePattern
}

// V returns a variable node; T returns a term node.
func V(name string) Node     { return Node{Var: name} }
func T(term rdf.Term) Node   { return Node{Term: term} }
func (n Node) IsVar() bool   { return n.Var != "" }
func IsHidden(v string) bool { return len(v) > 0 && v[0] == '?' }

// IsTriple reports whether n is a triple pattern in a subject or object
// position (a triple term with variables inside).
func (n Node) IsTriple() bool { return n.Triple != nil }

// EachVar calls f on every variable of n in order of occurrence, inside
// nested triple patterns too: a triple pattern's subject or object may be
// a triple pattern itself (#defn_TriplePattern, SPARQL 1.2).
func (n Node) EachVar(f func(string)) {
	switch {
	case n.IsVar():
		f(n.Var)
	case n.IsTriple():
		n.Triple.S.EachVar(f)
		n.Triple.P.EachVar(f)
		n.Triple.O.EachVar(f)
	}
}

// TT returns the node for the triple term <<( s p o )>>: an RDF triple term
// when s, p and o are all terms, otherwise a nested triple pattern.
func TT(s, p, o Node) Node {
	if s.Var == "" && s.Triple == nil && p.Var == "" && p.Triple == nil && o.Var == "" && o.Triple == nil {
		return T(rdf.TripleTerm(s.Term, p.Term, o.Term))
	}
	return Node{Triple: &TriplePattern{S: s, P: p, O: o}}
}

// TriplePattern is a triple of Nodes (#defn_TriplePattern).
type TriplePattern struct{ S, P, O Node }

// BGP is a basic graph pattern (#BasicGraphPatterns). An empty BGP is the
// empty group pattern: its evaluation is the one empty solution.
type BGP struct{ Triples []TriplePattern }

// Path is a property path pattern whose path is not a simple IRI
// (#defn_PropertyPathPattern; simple paths are translated to triples).
type Path struct {
	S    Node
	Path PathExpr
	O    Node
}

// Join is Join(L, R) (#defn_algJoin).
type Join struct{ L, R Op }

// LeftJoin is LeftJoin(L, R, Expr) (#defn_algLeftJoin). A nil Expr is true.
type LeftJoin struct {
	L, R Op
	Expr Expr
}

// Filter is Filter(Exprs, Op) (#defn_algFilter). Several expressions are a
// conjunction, kept apart so the reducer can drop one.
type Filter struct {
	Exprs []Expr
	Op    Op
}

// Union is Union(L, R) (#defn_algUnion).
type Union struct{ L, R Op }

// Minus is Minus(L, R) (#defn_algMinus).
type Minus struct{ L, R Op }

// Graph is Graph(Name, Op) (#defn_evalGraph): Name is an IRI or a variable.
type Graph struct {
	Name Node
	Op   Op
}

// Extend is Extend(Op, Var, Expr) (#defn_extend).
type Extend struct {
	Op   Op
	Var  string
	Expr Expr
}

// Table is a VALUES block, ToMultiSet of its data (#inline-data, #defn_algToMultiSet).
// A zero rdf.Term in a row is UNDEF.
type Table struct {
	Vars []string
	Rows [][]rdf.Term
}

// Service is SERVICE [SILENT] Name { Op } (#defn_evalService). Engines refuse it.
type Service struct {
	Name   Node
	Silent bool
	Op     Op
}

// GroupKey is one GROUP BY condition. Var is set for (expr AS ?v) and for a
// plain variable; otherwise it is "" and the key is anonymous.
type GroupKey struct {
	Var  string
	Expr Expr
}

// AggBinding binds the value of one aggregate to a fresh variable (#aggregateAlgebra:
// the aggregates of SELECT, HAVING and ORDER BY are replaced by variables).
type AggBinding struct {
	Var string
	Agg Aggregate
}

// Group is Group + Aggregation + AggregateJoin of §18.2.4.1 in one node, as Jena's
// SSE writes it: (group (keys) ((?.0 (count ?x))) Op). With no keys and at least one
// aggregate, the whole input is one group (#defn_algGroup: Group((1), P)).
type Group struct {
	Keys []GroupKey
	Aggs []AggBinding
	Op   Op
}

// OrderCond is one ORDER BY condition.
type OrderCond struct {
	Expr Expr
	Desc bool
}

// OrderBy is OrderBy(Op, Conds) (#defn_algOrdered).
type OrderBy struct {
	Conds []OrderCond
	Op    Op
}

// Project is Project(Op, Vars) (#defn_algProjection).
type Project struct {
	Vars []string
	Op   Op
}

// Distinct is Distinct(Op) (#defn_algDistinct).
type Distinct struct{ Op Op }

// Reduced is Reduced(Op) (#defn_algReduced).
type Reduced struct{ Op Op }

// Slice is Slice(Op, Offset, Limit) (#defn_algSlice). Limit < 0 means none.
type Slice struct {
	Offset, Limit int64
	Op            Op
}

func (*BGP) op()      {}
func (*Path) op()     {}
func (*Join) op()     {}
func (*LeftJoin) op() {}
func (*Filter) op()   {}
func (*Union) op()    {}
func (*Minus) op()    {}
func (*Graph) op()    {}
func (*Extend) op()   {}
func (*Table) op()    {}
func (*Service) op()  {}
func (*Group) op()    {}
func (*OrderBy) op()  {}
func (*Project) op()  {}
func (*Distinct) op() {}
func (*Reduced) op()  {}
func (*Slice) op()    {}

// PathExpr is a property path expression (#defn_PropertyPathExpr).
type PathExpr interface {
	path()
}

// Link is a single IRI step (#defn_evalPP_predicate).
type Link struct{ IRI string }

// Inverse is ^P (#defn_evalPP_inverse).
type Inverse struct{ P PathExpr }

// Seq is P1/P2 (#defn_evalPP_sequence).
type Seq struct{ L, R PathExpr }

// Alt is P1|P2 (#defn_evalPP_alternative).
type Alt struct{ L, R PathExpr }

// ZeroOrMore is P* (#defn_evalPP_ZeroOrMorePath).
type ZeroOrMore struct{ P PathExpr }

// OneOrMore is P+ (#defn_evalPP_OneOrMorePath).
type OneOrMore struct{ P PathExpr }

// ZeroOrOne is P? (#defn_evalPP_ZeroOrOnePath).
type ZeroOrOne struct{ P PathExpr }

// NegatedSet is !(iri1|...|^iriN) (#defn_evalPP_negpropset): Fwd are the
// forward members, Inv the reverse ones.
type NegatedSet struct{ Fwd, Inv []string }

func (*Link) path()       {}
func (*Inverse) path()    {}
func (*Seq) path()        {}
func (*Alt) path()        {}
func (*ZeroOrMore) path() {}
func (*OneOrMore) path()  {}
func (*ZeroOrOne) path()  {}
func (*NegatedSet) path() {}

// Form is the query form.
type Form uint8

const (
	Select Form = iota + 1
	Construct
	Ask
	Describe
)

// Query is a translated query: the algebra expression of its pattern and
// modifiers (#sparqlQuery), plus what the query form needs.
type Query struct {
	Form Form
	Op   Op
	// Vars are the projected variables of a SELECT, in order (also present
	// as the Project node inside Op).
	Vars []string
	// Template is the CONSTRUCT template; blank nodes stay rdf blank terms
	// (fresh per solution, #construct).
	Template []TriplePattern
	// Describe lists the DESCRIBE targets (variables or IRIs); empty with Star.
	Describe []Node
	Star     bool
	// From and FromNamed are the dataset clauses, resolved IRIs (#specifyingDataset).
	From, FromNamed []string
	Base            string
	// Spec is the document the query follows: syntax.Spec11 or
	// syntax.Spec12, declared by VERSION or implied by 1.2 syntax
	// (syntax.Query.Spec); the judge evaluates by the matching document.
	Spec syntax.Spec
}
