package algebra

import "github.com/sparql-oracle/oracle/internal/algebra/syntax"

// Parse parses a SPARQL 1.1 query and translates it to the algebra. base is
// the base IRI for relative IRIs before any BASE declaration; it becomes
// Query.Base when the query declares none. Errors are *syntax.Error values
// carrying line and column.
func Parse(src, base string) (*Query, error) {
	tree, err := syntax.Parse(src, syntax.Options{Base: base})
	if err != nil {
		return nil, err
	}
	q, err := Translate(tree)
	if err != nil {
		return nil, err
	}
	if q.Base == "" {
		q.Base = base
	}
	return q, nil
}
