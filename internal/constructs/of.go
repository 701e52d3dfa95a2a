package constructs

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Of names the constructs of q and of its data (doc.go lists the labels),
// sorted, each once. A nil q or ds contributes nothing.
func Of(q *syntax.Query, ds *rdf.Dataset) []string {
	set := map[string]bool{}
	if q != nil {
		syntax.Inspect(q, func(n syntax.Node) bool {
			for _, l := range nodeLabels(n) {
				set[l] = true
			}
			return true
		})
	}
	for _, l := range dataLabels(ds) {
		set[l] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// unknownPrefix starts the label of a node type this package does not know:
// a new node type of package syntax shows up in every label list (and
// fails TestLabels) instead of passing silently.
const unknownPrefix = "unknown node "

// nodeLabels names the constructs one node is, without its children. The
// switch lists every node type of package syntax (ast.go, ast12.go,
// update_ast.go); the default names an unknown one.
func nodeLabels(n syntax.Node) []string {
	switch n := n.(type) {
	case *syntax.Query:
		return queryLabels(n)
	case *syntax.SubSelect:
		return append([]string{"subquery"}, modLabels(&n.Mod)...)
	case *syntax.Projection:
		return projectionLabels(n)
	case *syntax.DatasetClause:
		if n.Named {
			return []string{"FROM NAMED"}
		}
		return []string{"FROM"}
	case *syntax.TriplesBlock:
		if !hasPlainTriple(n.Triples) {
			return nil
		}
		return []string{"basic graph pattern"} // report's name (spec.go patternSpec)
	case *syntax.Decl, *syntax.SelectItem, *syntax.GroupCondition, *syntax.OrderCondition,
		*syntax.GroupPattern, *syntax.TriplesSameSubject, *syntax.PropertyObjects,
		*syntax.Var, *syntax.IRI, *syntax.PathNegItem:
		return nil
	case *syntax.Union, *syntax.Optional, *syntax.Minus, *syntax.Graph, *syntax.Service,
		*syntax.Filter, *syntax.Bind, *syntax.InlineData:
		return []string{patternLabel(n)}
	case *syntax.Literal:
		return queryLiteralLabels(n)
	case *syntax.BlankNode, *syntax.BlankNodePropertyList:
		return []string{"blank node"}
	case *syntax.Collection:
		if len(n.Items) == 0 {
			return nil // () is rdf:nil, an IRI
		}
		return []string{"collection"}
	case *syntax.PathAlt, *syntax.PathSeq, *syntax.PathInverse, *syntax.PathMod, *syntax.PathNegated:
		return []string{pathLabel(n)}
	case *syntax.Binary, *syntax.Unary, *syntax.In, *syntax.Call, *syntax.FuncCall, *syntax.Exists, *syntax.Aggregate:
		return exprLabels(n)
	case *syntax.TripleTerm:
		return []string{"triple term"}
	case *syntax.ReifiedTriple:
		return []string{"reified triple"}
	case *syntax.Annotation:
		return []string{"annotation"}
	case *syntax.Update, *syntax.UpdateStep, *syntax.Target, *syntax.QuadBlock,
		*syntax.Load, *syntax.Management, *syntax.Transfer, *syntax.InsertData, *syntax.DeleteData,
		*syntax.DeleteWhere, *syntax.Modify:
		return updateLabels(n)
	}
	return []string{unknownPrefix + fmt.Sprintf("%T", n)}
}

func queryLabels(q *syntax.Query) []string {
	var out []string
	if q.Form != syntax.FormSelect {
		out = append(out, q.Form.String())
	}
	return append(out, modLabels(&q.Mod)...)
}

// modLabels names the solution modifiers (#rSolutionModifier) but DISTINCT
// and REDUCED, which are the projection's.
func modLabels(m *syntax.Modifiers) []string {
	var out []string
	add := func(on bool, l string) {
		if on {
			out = append(out, l)
		}
	}
	add(len(m.Group) > 0, "GROUP BY")
	add(len(m.Having) > 0, "HAVING")
	add(len(m.Order) > 0, "ORDER BY")
	add(m.Limit != nil, "LIMIT")
	add(m.Offset != nil, "OFFSET")
	return out
}

func projectionLabels(p *syntax.Projection) []string {
	var out []string
	if p.Distinct {
		out = append(out, "DISTINCT")
	}
	if p.Reduced {
		out = append(out, "REDUCED")
	}
	if p.Star {
		out = append(out, "SELECT *")
	}
	return out
}

func patternLabel(n syntax.Node) string {
	switch n.(type) {
	case *syntax.Union:
		return "UNION"
	case *syntax.Optional:
		return "OPTIONAL"
	case *syntax.Minus:
		return "MINUS"
	case *syntax.Graph:
		return "GRAPH"
	case *syntax.Service:
		return "SERVICE"
	case *syntax.Filter:
		return "FILTER"
	case *syntax.Bind:
		return "BIND"
	case *syntax.InlineData:
		return "VALUES"
	}
	return unknownPrefix + fmt.Sprintf("%T", n)
}

func pathLabel(n syntax.Node) string {
	switch n := n.(type) {
	case *syntax.PathAlt:
		return "path |"
	case *syntax.PathSeq:
		return "path /"
	case *syntax.PathInverse:
		return "path ^"
	case *syntax.PathMod:
		return "path " + string(n.Mod)
	case *syntax.PathNegated:
		return "path !"
	}
	return unknownPrefix + fmt.Sprintf("%T", n)
}

// exprLabels names an operator or function as internal/report does
// (name.go exprFeature, spec.go callFeature), with NOT IN, NOT EXISTS and
// an aggregate's DISTINCT added.
func exprLabels(n syntax.Node) []string {
	switch n := n.(type) {
	case *syntax.Binary:
		return []string{binaryLabel(n.Op)}
	case *syntax.Unary:
		if n.Op == "!" {
			return []string{"! (logical-not)"}
		}
		return []string{"unary " + n.Op}
	case *syntax.In:
		if n.Not {
			return []string{"NOT IN"}
		}
		return []string{"IN"}
	case *syntax.Call:
		return []string{n.Name}
	case *syntax.FuncCall:
		return []string{castLabel(n.IRI.Value)}
	case *syntax.Exists:
		if n.Not {
			return []string{"NOT EXISTS"}
		}
		return []string{"EXISTS"}
	case *syntax.Aggregate:
		if n.Distinct {
			return []string{n.Name, "aggregate DISTINCT"}
		}
		return []string{n.Name}
	}
	return []string{unknownPrefix + fmt.Sprintf("%T", n)}
}

func binaryLabel(op string) string {
	switch op {
	case "+", "-", "*", "/":
		return "arithmetic (" + op + ")"
	case "=", "!=":
		return op + " (RDFterm-equal)"
	case "&&":
		return "&& (logical-and)"
	case "||":
		return "|| (logical-or)"
	}
	return "comparison (" + op + ")"
}

// castLabel is report's name of a function call by IRI: "cast to
// xsd:integer" (name.go exprFeature).
func castLabel(iri string) string { return "cast to " + shortIRI(iri) }

// shortIRI writes xsd: and rdf: IRIs prefixed, others in angle brackets.
func shortIRI(iri string) string {
	switch {
	case strings.HasPrefix(iri, rdf.XSD):
		return "xsd:" + strings.TrimPrefix(iri, rdf.XSD)
	case strings.HasPrefix(iri, rdf.RDFNS):
		return "rdf:" + strings.TrimPrefix(iri, rdf.RDFNS)
	}
	return "<" + iri + ">"
}

// updateLabels names the operations of an update request (SPARQL 1.1
// Update §3.1, §3.2).
func updateLabels(n syntax.Node) []string {
	switch n := n.(type) {
	case *syntax.InsertData:
		return []string{"INSERT DATA"}
	case *syntax.DeleteData:
		return []string{"DELETE DATA"}
	case *syntax.DeleteWhere:
		return []string{"DELETE WHERE"}
	case *syntax.Modify:
		return modifyLabels(n)
	case *syntax.Load:
		return []string{"LOAD"}
	case *syntax.Management:
		return []string{n.Kind.String()}
	case *syntax.Transfer:
		return []string{n.Kind.String()}
	case *syntax.QuadBlock:
		if n.Graph != nil {
			return []string{"GRAPH"}
		}
		return nil
	case *syntax.Update, *syntax.UpdateStep, *syntax.Target:
		return nil
	}
	return []string{unknownPrefix + fmt.Sprintf("%T", n)}
}

func modifyLabels(m *syntax.Modify) []string {
	out := []string{"DELETE/INSERT"}
	if m.With != nil {
		out = append(out, "WITH")
	}
	for _, u := range m.Using {
		if u.Named {
			out = append(out, "USING NAMED")
		} else {
			out = append(out, "USING")
		}
	}
	return out
}

// hasPlainTriple: some triple has a variable or an IRI as its predicate,
// not a path (#BasicGraphPatterns); the triples of `[ p o ]` count.
func hasPlainTriple(ts []*syntax.TriplesSameSubject) bool {
	for _, t := range ts {
		if l, ok := t.Subject.(*syntax.BlankNodePropertyList); ok && plainProps(l.Props) {
			return true
		}
		if plainProps(t.Props) {
			return true
		}
	}
	return false
}

func plainProps(ps []*syntax.PropertyObjects) bool {
	for _, p := range ps {
		if isPlainVerb(p.Verb) {
			return true
		}
		for _, o := range p.Objects {
			if l, ok := o.(*syntax.BlankNodePropertyList); ok && plainProps(l.Props) {
				return true
			}
		}
	}
	return false
}

func isPlainVerb(v syntax.Verb) bool {
	switch v.(type) {
	case *syntax.Var, *syntax.IRI:
		return true
	}
	return false
}
