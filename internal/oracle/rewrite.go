package oracle

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// Adapters may import oracle but not the algebra. The helpers here give them
// what they need from a query's syntax tree: its form and dataset clause
// (Info), and a consistent renaming of IRIs (RewriteIRIs), for engines such
// as Rasqal that name a graph after the file it was loaded from.

// QueryInfo describes a case's query.
type QueryInfo struct {
	Form      string   // "SELECT", "CONSTRUCT", "ASK" or "DESCRIBE"
	From      []string // FROM IRIs, resolved, in source order (#specifyingDataset)
	FromNamed []string // FROM NAMED IRIs, resolved, in source order
	HasBase   bool     // the prologue declares BASE
	// HasService: the query has a SERVICE clause (#rServiceGraphPattern), found in
	// the syntax tree, not in the text (an IRI may contain the word).
	HasService bool
}

// HasDataset reports whether the query names its own dataset.
func (i *QueryInfo) HasDataset() bool { return len(i.From)+len(i.FromNamed) > 0 }

// Info reports the query's form and dataset clause, from its one tree
// (Tree); the error is the parser's (*syntax.Error, with line and column)
// for a query that is not SPARQL.
func (c *Case) Info() (*QueryInfo, error) {
	q, err := c.Tree()
	if err != nil {
		return nil, err
	}
	info := &QueryInfo{Form: q.Form.String()}
	for _, d := range q.Prologue {
		info.HasBase = info.HasBase || d.Kind == syntax.DeclBase
	}
	syntax.Inspect(q, func(n syntax.Node) bool {
		_, svc := n.(*syntax.Service)
		info.HasService = info.HasService || svc
		return !info.HasService
	})
	for _, d := range q.From {
		if d.Named {
			info.FromNamed = append(info.FromNamed, d.IRI.Value)
		} else {
			info.From = append(info.From, d.IRI.Value)
		}
	}
	return info, nil
}

// RewriteIRIs returns the query text with every IRI whose resolved value is a
// key of m replaced by m's value, printed in full (<...>). Everywhere an IRI
// stands for a term is renamed (patterns, GRAPH names, FROM clauses,
// expressions, VALUES, templates), so a renaming applied to the data as well
// keeps the query's meaning. Two places are left alone: the prologue (a
// PREFIX or BASE IRI is not a term; prefixed names that used it keep their
// value) and literal datatypes (the data's datatypes are not renamed).
func (c *Case) RewriteIRIs(m map[string]string) (string, error) {
	q, err := c.parse()
	if err != nil {
		return "", err
	}
	syntax.Inspect(q, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Decl, *syntax.Literal:
			return false
		case *syntax.IRI:
			if to, ok := m[n.Value]; ok {
				n.Value, n.Written = to, ""
			}
		}
		return true
	})
	return q.String(), nil
}
