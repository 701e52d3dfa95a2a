package oracle

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// SPARQL 1.2 and RDF 1.2 are new: an engine that does not
// implement them is not wrong on a case that needs them, it lacks the
// feature. An engine that implements them says so through SPARQL12; Run
// answers unsupported for every other engine on a case that needs 1.2,
// without running it, so no adapter has to recognise its engine's way of
// refusing 1.2 syntax or data.

// SPARQL12 is the optional interface of an engine that implements SPARQL
// 1.2 and RDF 1.2 (triple terms, base direction).
type SPARQL12 interface {
	SPARQL12() bool
}

// Supports12 reports whether e implements SPARQL 1.2, looking through
// wrappers.
func Supports12(e Engine) bool {
	for e != nil {
		if s, ok := e.(SPARQL12); ok {
			return s.SPARQL12()
		}
		u, ok := e.(Unwrapper)
		if !ok {
			return false
		}
		e = u.Unwrap()
	}
	return false
}

// Needs12 reports whether the case needs SPARQL 1.2: its request (a
// query or an update) follows the 1.2 document (declared by VERSION,
// implied by 1.2 syntax, or set by Spec), or its data (the dataset or the
// store before the update, or the Sources) holds RDF 1.2 terms.
func (c *Case) Needs12() bool {
	if c.Spec == syntax.Spec12 || c.requestSpec() == syntax.Spec12 {
		return true
	}
	return datasetNeeds12(c.Dataset) || sourcesNeed12(c.Sources)
}

// requestSpec is the document the request's tree follows (SpecAuto when it
// does not parse).
func (c *Case) requestSpec() syntax.Spec {
	if c.IsUpdate() {
		if u, err := c.UpdateTree(); err == nil {
			return u.Spec
		}
		return syntax.SpecAuto
	}
	if q, err := c.Tree(); err == nil {
		return q.Spec
	}
	return syntax.SpecAuto
}

func datasetNeeds12(ds *rdf.Dataset) bool {
	if ds == nil {
		return false
	}
	for _, q := range ds.Quads() {
		if term12(q.S) || term12(q.O) {
			return true
		}
	}
	return false
}

func sourcesNeed12(src map[string]*rdf.Graph) bool {
	for _, g := range src {
		for _, t := range g.Triples() {
			if term12(t.S) || term12(t.O) {
				return true
			}
		}
	}
	return false
}

// Unsupported12 is the error of an engine without SPARQL 1.2 on a case
// that needs it (nil when e has it).
func Unsupported12(e Engine) error {
	if Supports12(e) {
		return nil
	}
	return unsupported12(e)
}

// term12 is an RDF 1.2 term: a triple term or a directional string.
func term12(t rdf.Term) bool { return t.IsTriple() || t.Dir != "" }

// unsupported12 is the outcome of an engine without 1.2 on a case that
// needs it.
func unsupported12(e Engine) error {
	return fmt.Errorf("%w: %s does not implement SPARQL 1.2 / RDF 1.2, which the case needs", ErrUnsupported, e.Name())
}
