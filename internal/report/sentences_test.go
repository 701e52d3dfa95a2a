package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSentences: every sentence spec_sentences.tsv quotes is in SPARQL 1.1
// Query (../shared/spec), under an anchor the text has. A key "anchor op"
// is a row of the anchor's table (opLink); a sentence of several
// fragments joined by " … " quotes each. Whitespace is compared collapsed:
// the text's tables and formulas span lines.
func TestSentences(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "spec", "sparql11-query.md"))
	if err != nil {
		t.Skipf("spec text not here: %v", err)
	}
	text := collapse(string(raw))
	if len(sentences) < 150 {
		t.Fatalf("%d sentences parsed", len(sentences))
	}
	for key, s := range sentences {
		anchor, _, _ := strings.Cut(key, " ")
		if !strings.Contains(text, "{#"+anchor+"}") {
			t.Errorf("%s: no anchor #%s", key, anchor)
		}
		for _, frag := range strings.Split(s.text, " … ") {
			if frag = collapse(frag); frag != "" && !strings.Contains(text, frag) {
				t.Errorf("%s: not in the text: %q", key, frag)
			}
		}
	}
}

// TestDecidingAnchors: the constructs a title can name cite the definition
// that decides them, with its sentence: the algebra's for the modifiers
// (#defn_algReduced, not #modReduced), the operator table's row for an
// operator (op:numeric-multiply for *).
func TestDecidingAnchors(t *testing.T) {
	for _, c := range []struct{ query, feature, anchor, quote string }{
		{"SELECT REDUCED ?s { ?s ?p ?o }", "REDUCED", "defn_algReduced", "card[Reduced(Ψ)](μ) is between 1 and card[Ψ](μ)"},
		{"SELECT DISTINCT ?s { ?s ?p ?o }", "DISTINCT", "defn_algDistinct", "card[Distinct(Ψ)](μ) = 1"},
		{"SELECT (0 * 1 AS ?v1) {}", "arithmetic (*)", "OperatorMapping", "op:numeric-multiply(A, B)"},
		{"SELECT (4 / 2 AS ?v1) {}", "arithmetic (/)", "OperatorMapping", "xsd:decimal if both operands are xsd:integer"},
		{"SELECT * { ?s ?p ?o FILTER(?o < 2) }", "comparison (<)", "OperatorMapping", "op:numeric-less-than(A, B)"},
		{"SELECT * { ?s ?p ?o FILTER(!?o) }", "! (logical-not)", "OperatorMapping", "fn:not(A)"},
		{"SELECT * { ?s ?p ?o FILTER(?o != 2) }", "!= (RDFterm-equal)", "func-RDFterm-equal", "Returns TRUE if term1 and term2 are the same RDF term"},
		{"SELECT * { ?s ?p ?o FILTER(?o NOT IN (2)) }", "NOT IN", "func-not-in", "not found in the values"},
		{"SELECT * { ?s ?p ?o FILTER NOT EXISTS { ?o ?p ?s } }", "NOT EXISTS", "defn_evalExists", "substitute(P, μ)"},
		{"SELECT * { ?s ?p ?o BIND(?o AS ?x) }", "BIND", "defn_extend", "Extend(μ, var, expr) = μ if var not in dom(μ) and expr(μ) is an error"},
		{"SELECT * { GRAPH ?g { ?s ?p ?o } }", "GRAPH", "defn_evalGraph", "eval(D(D[IRI]), P)"},
		{"SELECT ?s { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(?o) > 1)", "HAVING", "having", "HAVING operates over grouped solution sets"},
		{"SELECT * { ?s ?p ?o }", "basic graph pattern", "BGPsparql", "P(BGP) is a subgraph of G"},
		{"SELECT * { ?s <http://e/p>* ?o }", "property path", "defn_evalZeroOrMorePath", "n in ALP(X, path)"},
		{"SELECT * { ?s <http://e/p>/<http://e/q> ?o }", "property path", "defn_evalPP_sequence", "Project(A, Var(X,Y))"},
		{"SELECT * { ?s !<http://e/p> ?o }", "property path", "eval_negatedPropertySet", "such that the IRI of p ∉ S"},
	} {
		var f feature
		for _, x := range features(c.query, "") {
			if x.Name == c.feature {
				f = x
			}
		}
		if f.Name == "" {
			t.Errorf("%s: no feature %q in %v", c.query, c.feature, features(c.query, ""))
			continue
		}
		quote := f.Spec.Quote
		if quote == "" {
			_, quote, _ = Sentence(f.Spec.Anchor)
		}
		if f.Spec.Anchor != c.anchor || !strings.Contains(quote, c.quote) {
			t.Errorf("%s: %s cites #%s %q, want #%s quoting %q", c.query, c.feature, f.Spec.Anchor, quote, c.anchor, c.quote)
		}
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
