package triage

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// An engine may lack a function SPARQL 1.1 does not require. §17.5
// (#FunctionMapping, "XPath Constructor Functions") names the casts every
// implementation has: xsd:boolean, xsd:double, xsd:float, xsd:decimal,
// xsd:integer, xsd:dateTime and xsd:string; any other function IRI
// (xsd:byte(), a vendor function) is an extension (#extensionFunctions,
// §17.6), which the judge may evaluate and an engine need not. An engine
// whose evaluation fails on a query calling one lacks an optional feature:
// unsupported, never error-vs-answer. Decided from the query, not from the
// engine's message, whose wording no engine keeps stable.

var coreCasts = map[string]bool{
	rdf.XSDBoolean: true, rdf.XSDDouble: true, rdf.XSDFloat: true, rdf.XSDDecimal: true,
	rdf.XSDInteger: true, rdf.XSDDateTime: true, rdf.XSDString: true,
}

// extensionCall returns the first function IRI the case's query calls
// outside §17.5's casts, or "".
func extensionCall(c *oracle.Case) string {
	if c == nil {
		return ""
	}
	q, err := c.Tree()
	if err != nil {
		return ""
	}
	found := ""
	syntax.Inspect(q, func(n syntax.Node) bool {
		if f, ok := n.(*syntax.FuncCall); ok && f.IRI != nil && !coreCasts[f.IRI.Value] && found == "" {
			found = f.IRI.Value
		}
		return found == ""
	})
	return found
}

// lacksExtension turns an engine's evaluation error on a query calling an
// extension function into the unsupported outcome.
func lacksExtension(ev *EngineVerdict, ext string) {
	if ext == "" || ev.Outcome != Errored {
		return
	}
	ev.Outcome, ev.Class, ev.Classes = Unsupported, diff.ClassUnsupported, []diff.Class{diff.ClassUnsupported}
}
