package algebra

import "github.com/sparql-oracle/oracle/internal/rdf"

// Expr is an expression of the algebra (#expressions). Aggregates never
// appear inside an Expr: the translation replaces each by a variable bound
// in a Group node (#aggregateAlgebra).
type Expr interface {
	expr()
}

// Var is a variable reference.
type Var struct{ Name string }

// Const is an RDF term constant.
type Const struct{ Term rdf.Term }

// Call is an operator or a built-in function call. Name is one of the
// operator constants below or the upper-case name of a §17.4 built-in as the
// grammar spells it ("STR", "REGEX", "SUBSTR", "IF", "COALESCE", "BOUND",
// "BNODE", "NOW", "ISIRI", "ISURI", "LANGMATCHES", ...). IN and NOT IN carry the
// tested expression first, then the list.
type Call struct {
	Name string
	Args []Expr
}

// Func is a call of a function named by IRI: an XSD cast (#FunctionMapping,
// xsd:integer(...) etc.) or an extension function.
type Func struct {
	IRI  string
	Args []Expr
}

// Exists is EXISTS { Op } or NOT EXISTS { Op } (#func-filter-exists).
type Exists struct {
	Not bool
	Op  Op
}

func (*Var) expr()    {}
func (*Const) expr()  {}
func (*Call) expr()   {}
func (*Func) expr()   {}
func (*Exists) expr() {}

// Operator names used in Call.Name (#OperatorMapping).
const (
	OpOr       = "||"
	OpAnd      = "&&"
	OpNot      = "!"
	OpEq       = "="
	OpNe       = "!="
	OpLt       = "<"
	OpGt       = ">"
	OpLe       = "<="
	OpGe       = ">="
	OpAdd      = "+"
	OpSub      = "-"
	OpMul      = "*"
	OpDiv      = "/"
	OpNeg      = "UMINUS"
	OpPlus     = "UPLUS"
	OpIn       = "IN"
	OpNotIn    = "NOT IN"
	OpCoalesce = "COALESCE"
	OpIf       = "IF"
	OpBound    = "BOUND"
)

// SPARQL 1.2 built-ins (draft 2026-07-30, #func-triple, #func-subject,
// #func-predicate, #func-object, #func-isTriple, #func-langdir,
// #func-haslang, #func-haslangdir, #func-strlangdir). A triple term
// expression with a variable inside, `<<( ?s :p ?o )>>` (#rExprTripleTerm),
// is the draft's "shorthand notation" for TRIPLE and translates to it.
// sameValue is not here: the draft says it "cannot be used directly in
// expressions" (#func-sameValue), so it has no keyword.
const (
	OpTriple     = "TRIPLE"
	OpIsTriple   = "ISTRIPLE"
	OpSubject    = "SUBJECT"
	OpPredicate  = "PREDICATE"
	OpObject     = "OBJECT"
	OpLangDir    = "LANGDIR"
	OpHasLang    = "HASLANG"
	OpHasLangDir = "HASLANGDIR"
	OpStrLangDir = "STRLANGDIR"
)

// Aggregate is a set function call of §18.5 (#setFunctions). Name is
// COUNT, SUM, MIN, MAX, AVG, SAMPLE or GROUP_CONCAT. Arg is nil for COUNT(*).
type Aggregate struct {
	Name      string
	Distinct  bool
	Arg       Expr
	Separator string // GROUP_CONCAT; " " when not given (#defn_aggGroupConcat)
}
