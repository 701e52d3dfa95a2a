package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// A large case reduced for its engine (reduce.Large) carries the realistic
// query it was found with and its data's size, in the JSON and in the
// Markdown report after the reduced case; a case not reduced that way has
// neither.
func TestLargeReductionWitnessIsRendered(t *testing.T) {
	bug := Bugs(largeReport())[0]
	var plain bytes.Buffer
	if err := WriteMarkdown(&plain, []Bug{bug}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "Reduced from") {
		t.Errorf("a bug without a large reduction says it was reduced from one:\n%s", plain.String())
	}
	const witness = "SELECT ?x ?y WHERE { ?s <http://e/p> ?x . ?s <http://e/q> ?y FILTER(?y > 3) }"
	bug.OriginalQuery, bug.OriginalTriples, bug.ReducedTriples = witness, 104739, 2
	js, err := json.Marshal(bug)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"original_query":"SELECT ?x ?y`, `"original_triples":104739`, `"reduced_triples":2`} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("the JSON lacks %s:\n%s", want, js)
		}
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, []Bug{bug}); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	head := "### Reduced from 104739 triples and this query (to 2 triples and the query above)"
	i, j := strings.Index(out, "### Data (N-Quads)"), strings.Index(out, head)
	if i < 0 || j < i || !strings.Contains(out[j:], witness) {
		t.Errorf("the Markdown lacks the witness after the reduced data (%q then the query):\n%s", head, out)
	}
}
