package syntax

// SPARQL 1.2 syntax (the editor's draft of 2026-07-30, §19.8 #sparqlGrammar):
// triple terms, reified triples, annotations, the VERSION directive. The
// nodes below join the sealed interfaces of ast.go.

// Spec names the document a query follows.
type Spec uint8

const (
	// SpecAuto (Options only): the query follows SPARQL 1.2 when it declares
	// VERSION "1.2" or "1.2-basic" or uses 1.2 syntax, SPARQL 1.1 otherwise.
	SpecAuto Spec = iota
	// Spec11 is the SPARQL 1.1 Recommendation (21 March 2013): 1.2 syntax
	// is an error, codepoint escapes are replaced before parsing (§19.2).
	Spec11
	// Spec12 is the SPARQL 1.2 draft: codepoint escapes only inside IRIs
	// and strings, processed while parsing (#codepointEscape, #term2escape).
	Spec12
)

func (s Spec) String() string {
	switch s {
	case Spec11:
		return "1.1"
	case Spec12:
		return "1.2"
	}
	return "auto"
}

// TripleTerm is `<<( s p o )>>` (#rTripleTerm, #rTripleTermData,
// #rExprTripleTerm). S and O are *Var, *IRI, *Literal, *BlankNode or a
// nested *TripleTerm; P is a *Var or an *IRI. It is a GraphNode in
// patterns and VALUES, and an Expr in expressions.
type TripleTerm struct {
	Pos
	S GraphNode
	P Verb
	O GraphNode
}

// ReifiedTriple is `<< s p o >>` or `<< s p o ~ r >>` (#rReifiedTriple):
// the reifier of the triple term <<( s p o )>>. Tilde records a written
// `~`; Reifier is the *Var, *IRI or *BlankNode after it, or nil (a fresh
// blank node).
type ReifiedTriple struct {
	Pos
	S       GraphNode
	P       Verb
	O       GraphNode
	Tilde   bool
	Reifier GraphNode
}

// Annotation is one element of #rAnnotation / #rAnnotationPath after an
// object: a reifier `~ id?` (Block false; Reifier nil for a fresh blank
// node), or an annotation block `{| ... |}` (Block true, Props set).
type Annotation struct {
	Pos
	Block   bool
	Reifier GraphNode
	Props   []*PropertyObjects
}

func (*TripleTerm) graphNode()    {}
func (*ReifiedTriple) graphNode() {}
func (*TripleTerm) exprNode()     {}

// annots returns the annotations written after Objects[i], or nil.
func (po *PropertyObjects) annots(i int) []*Annotation {
	if i < len(po.Annots) {
		return po.Annots[i]
	}
	return nil
}

// verbVar returns v as a GraphNode when it is a variable, else nil.
func verbVar(v Verb) GraphNode {
	if x, ok := v.(*Var); ok {
		return x
	}
	return nil
}

// Annotations returns the reifiers and annotation blocks written after
// Objects[i], or nil.
func (po *PropertyObjects) Annotations(i int) []*Annotation { return po.annots(i) }
