package results

// BasisKind says what a verdict rests on. The strings are stable: they are
// written into reports (JSON "basis.kind"), the corpus and the store.
type BasisKind string

const (
	// BasisText: the Recommendation's own words rule the answer out
	// (Anchor and Sentence name them).
	BasisText BasisKind = "text"
	// BasisErratum: an erratum of the Recommendation decides (Ref is its id,
	// e.g. "errata-query-12"); the judge follows it where the words differ.
	BasisErratum BasisKind = "erratum"
	// BasisW3CTest: an approved W3C test decides (Ref is the test IRI).
	BasisW3CTest BasisKind = "w3c-test"
	// BasisContested: readings of the text differ and the question is open
	// (Ref names the question, e.g. "w3c/sparql-query#395"): a divergence
	// resting on it is a spec question, not an engine bug.
	BasisContested BasisKind = "contested"
)

// Basis is what one verdict, or one reading the judge took, rests on.
type Basis struct {
	Kind     BasisKind `json:"kind"`
	Anchor   string    `json:"anchor,omitempty"`   // spec anchor without '#' (defn_algDiff)
	Sentence string    `json:"sentence,omitempty"` // the sentence quoted, for text
	Ref      string    `json:"ref,omitempty"`      // erratum id, test IRI or question id
	URL      string    `json:"url,omitempty"`      // where Ref or Anchor can be read
	Note     string    `json:"note,omitempty"`     // the reading taken, in plain words
	// Construct names, for a contested question, the construct whose
	// reading differs where the judge met it ("AVG", "!="): a question
	// shared by several constructs (w3c/rdf-tests#39 holds SUM, AVG and
	// GROUP_CONCAT) is named and cited by the one that decided the case.
	Construct string `json:"construct,omitempty"`
}
