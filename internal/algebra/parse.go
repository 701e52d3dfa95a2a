package algebra

import "github.com/sparql-oracle/oracle/internal/algebra/syntax"

// Parse parses a SPARQL query (1.1 or 1.2: Query.Spec says which document it
// follows) and translates it to the algebra. base is
// the base IRI for relative IRIs before any BASE declaration; it becomes
// Query.Base when the query declares none. Errors are *syntax.Error values
// carrying line and column.
func Parse(src, base string) (*Query, error) {
	return ParseSpec(src, base, syntax.SpecAuto)
}

// ParseSpec is Parse by one document: syntax.SpecAuto follows what the
// query declares or implies, syntax.Spec12 is for the W3C sparql12 suite
// (corpus.Test.SPARQL12), whose tests are written for 1.2 processors.
func ParseSpec(src, base string, spec syntax.Spec) (*Query, error) {
	q, err := parseUnit(syntax.Parse, Translate, src, base, spec)
	if err != nil {
		return nil, err
	}
	if q.Base == "" {
		q.Base = base
	}
	return q, nil
}

// parseUnit is the one path of a query and an update request: the text to
// a syntax tree by parse, the tree to the algebra by translate.
func parseUnit[T, R any](parse func(string, syntax.Options) (T, error), translate func(T) (R, error), src, base string, spec syntax.Spec) (R, error) {
	tree, err := parse(src, syntax.Options{Base: base, Spec: spec})
	if err != nil {
		var none R
		return none, err
	}
	return translate(tree)
}
