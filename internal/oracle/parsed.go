package oracle

import (
	"fmt"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// A case's query is parsed once: Prepare, at the edge that makes the case
// (the CLI, the API, a corpus or generator, the judge for a case handed in
// as text), gives it a tree that every stage then reads through Tree and
// Info instead of parsing the text again. The tree is shared and read-only:
// a stage that edits a query (the reducer, IRI renaming) parses its own.
// A case whose text was changed after Prepare (a copy with another query)
// no longer matches its tree and parses afresh.

// parsedQuery is the tree of one text, parsed at most once.
type parsedQuery struct {
	text, base string
	spec       syntax.Spec
	once       sync.Once
	tree       *syntax.Query
	err        error
}

// Prepare readies c's query for parsing once; the parse happens at the
// first Tree or Info. Call it where the case is made, before the case is
// shared between goroutines; calling it again for the same text is a no-op.
func (c *Case) Prepare() *Case {
	if c == nil || c.Query == "" || c.parsedMatches() {
		return c
	}
	c.parsed = &parsedQuery{text: c.Query, base: c.Base, spec: c.Spec}
	return c
}

// Adopt gives c the tree its edge already parsed its query to (the
// service's check, under its own length limit), parsed from c.Query with
// c.Base and c.Spec; the case is then prepared and never parsed again.
func (c *Case) Adopt(tree *syntax.Query) *Case {
	if c == nil || tree == nil {
		return c
	}
	p := &parsedQuery{text: c.Query, base: c.Base, spec: c.Spec, tree: tree}
	p.once.Do(func() {})
	c.parsed = p
	return c
}

func (c *Case) parsedMatches() bool {
	p := c.parsed
	return p != nil && p.text == c.Query && p.base == c.Base && p.spec == c.Spec
}

// Tree is the case's syntax tree, read-only: Prepare's, parsed once, while
// the case still holds the text it was prepared with; else a fresh parse.
// Its error is the parser's (*syntax.Error, with line and column).
func (c *Case) Tree() (*syntax.Query, error) {
	if !c.parsedMatches() {
		return c.parse()
	}
	p := c.parsed
	p.once.Do(func() { p.tree, p.err = c.parse() })
	return p.tree, p.err
}

// parse is one parse of the case's text, its error naming the case.
func (c *Case) parse() (*syntax.Query, error) {
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base, Spec: c.Spec})
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", c.Name, err)
	}
	return q, nil
}
