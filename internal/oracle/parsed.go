package oracle

import (
	"errors"
	"fmt"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// A case's request, a query or an update, is parsed once: Prepare, at the
// edge that makes the case (the CLI, the API, a corpus or generator, the
// judge for a case handed in as text), gives it a tree that every stage
// then reads through Tree and Info (a query) or UpdateTree (an update)
// instead of parsing the text again. The tree is shared and read-only: a
// stage that edits a request (the reducer, IRI renaming) parses its own. A
// case whose text was changed after Prepare (a copy with another request)
// no longer matches its tree and parses afresh. Both kinds share one
// implementation, parsed[T], keyed by what the parse read.

// ErrRequestKind is a case handed to the wrong entry point: an update case
// to Eval or Tree, a query case to Update or UpdateTree. It is the caller's
// mistake, never an engine's outcome.
var ErrRequestKind = errors.New("wrong kind of request")

// parseKey is what a parse reads of a case: its text, base and Spec.
type parseKey struct {
	text, base string
	spec       syntax.Spec
}

// parsed is the tree of one text, parsed at most once.
type parsed[T any] struct {
	key  parseKey
	once sync.Once
	tree *T
	err  error
}

func (p *parsed[T]) matches(k parseKey) bool { return p != nil && p.key == k }

// prepared is p when it still matches k, else a new, unparsed one.
func prepared[T any](p *parsed[T], k parseKey) *parsed[T] {
	if p.matches(k) {
		return p
	}
	return &parsed[T]{key: k}
}

// adopted is a parse of k already done, to tree.
func adopted[T any](k parseKey, tree *T) *parsed[T] {
	p := &parsed[T]{key: k, tree: tree}
	p.once.Do(func() {})
	return p
}

// treeOf is p's tree, parsed once, while p matches k; else a fresh parse.
func treeOf[T any](p *parsed[T], k parseKey, parse func() (*T, error)) (*T, error) {
	if !p.matches(k) {
		return parse()
	}
	p.once.Do(func() { p.tree, p.err = parse() })
	return p.tree, p.err
}

func (c *Case) queryKey() parseKey  { return parseKey{c.Query, c.Base, c.Spec} }
func (c *Case) updateKey() parseKey { return parseKey{c.Update, c.Base, c.Spec} }

// Prepare readies c's request for parsing once; the parse happens at the
// first Tree, Info or UpdateTree. Call it where the case is made, before
// the case is shared between goroutines; calling it again for the same
// text is a no-op.
func (c *Case) Prepare() *Case {
	switch {
	case c == nil:
	case c.IsUpdate():
		c.update = prepared(c.update, c.updateKey())
	case c.Query != "":
		c.query = prepared(c.query, c.queryKey())
	}
	return c
}

// Adopt gives c the tree its edge already parsed its query to (the
// service's check, under its own length limit), parsed from c.Query with
// c.Base and c.Spec; the case is then prepared and never parsed again.
func (c *Case) Adopt(tree *syntax.Query) *Case {
	if c != nil && tree != nil {
		c.query = adopted(c.queryKey(), tree)
	}
	return c
}

// AdoptUpdate is Adopt for an update case's request, parsed from c.Update.
func (c *Case) AdoptUpdate(tree *syntax.Update) *Case {
	if c != nil && tree != nil {
		c.update = adopted(c.updateKey(), tree)
	}
	return c
}

// Tree is the query's syntax tree, read-only: Prepare's, parsed once,
// while the case still holds the text it was prepared with; else a fresh
// parse. Its error is the parser's (*syntax.Error, with line and column),
// or ErrRequestKind for an update case.
func (c *Case) Tree() (*syntax.Query, error) {
	if err := c.ForEval(); err != nil {
		return nil, err
	}
	return treeOf(c.query, c.queryKey(), c.parse)
}

// UpdateTree is Tree for an update case's request; ErrRequestKind for a
// query case.
func (c *Case) UpdateTree() (*syntax.Update, error) {
	if err := c.ForUpdate(); err != nil {
		return nil, err
	}
	return treeOf(c.update, c.updateKey(), func() (*syntax.Update, error) {
		u, err := syntax.ParseUpdate(c.Update, c.options())
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", c.Name, err)
		}
		return u, nil
	})
}

// parse is one parse of the case's query, its error naming the case.
func (c *Case) parse() (*syntax.Query, error) {
	q, err := syntax.Parse(c.Query, c.options())
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", c.Name, err)
	}
	return q, nil
}

func (c *Case) options() syntax.Options { return syntax.Options{Base: c.Base, Spec: c.Spec} }
