package results

import "github.com/sparql-oracle/oracle/internal/rdf"

// Kind is the shape of an answer.
type Kind uint8

const (
	Bindings Kind = iota + 1 // SELECT: a sequence of solutions
	Boolean                  // ASK
	Graph                    // CONSTRUCT, DESCRIBE
)

// Solution maps variable names (without '?') to terms. An unbound variable is
// absent from the map.
type Solution map[string]rdf.Term

// Answer is what an engine returned for one query, normalised.
type Answer struct {
	Kind    Kind
	Vars    []string     // Bindings: the projected variables, in order
	Rows    []Solution   // Bindings: the solutions, in the order returned
	Boolean bool         // Boolean
	Triples []rdf.Triple // Graph
	Store   *Store       // GraphStore: the store after an update request (store.go)

	// Freedom is set only on a judge's answer; see Freedom.
	Freedom *Freedom

	// Evidence is engine-specific material for reports, never compared
	// (oxilite: "sql", the SQL statement the query compiled to).
	Evidence map[string]string
}

// Freedom is attached by a judge (the reference evaluator) to its own answer:
// it records the choices SPARQL leaves open, so a comparator can accept every
// permitted answer without enumerating them. Engines under test leave it nil.
type Freedom struct {
	// Ordered: the query has ORDER BY; row order matters up to ties.
	Ordered bool
	// Sequence: the projected (and, for DISTINCT, deduplicated) solutions in
	// ORDER BY order, before OFFSET and LIMIT are applied.
	Sequence []Solution
	// Ties[i] is the tie class of Sequence[i]: rows with equal ORDER BY keys
	// share a class and may appear in any order among themselves.
	Ties []int
	// Offset and Limit of the query (Limit < 0: none).
	Offset, Limit int
	// Reduced: REDUCED query; any multiplicity between the DISTINCT answer and
	// the full one is permitted.
	Reduced bool
	// Open lists variables whose values the spec leaves open (SAMPLE,
	// GROUP_CONCAT order, RAND, NOW, UUID, STRUUID): only their shape counts.
	Open []string
	// Concat maps a variable bound by GROUP_CONCAT to its separator: its
	// value may join the group's strings in any order (#defn_aggGroupConcat),
	// so it is compared as the multiset of its separator-split pieces.
	Concat map[string]string
	// Graphs are the other graphs a CONSTRUCT or DESCRIBE over a sliced
	// solution sequence may return, when OFFSET/LIMIT cut a tie class (any
	// rows of the class may be the ones kept). GraphsCapped: there were too
	// many choices to list, so an answer matching none is undecided.
	Graphs       [][]rdf.Triple
	GraphsCapped bool
	// Describe: the answer is a DESCRIBE graph, whose content "is determined
	// by the query service" (#describe): any graph is a correct answer, and
	// the judge's is only the reference's own policy.
	Describe bool
	// Indeterminate, when set, says why the judge's answer is one of
	// several permitted that it cannot list (MIN/MAX over values the ORDER
	// BY order leaves unordered, and every expression or HAVING built on
	// it): an answer equal to the judge's is correct, any other undecided.
	Indeterminate string
	// Contested, set with Indeterminate when the choice is an open spec
	// question (BasisContested), names it: an answer other than the judge's
	// is then a spec question, never an engine bug.
	Contested *Basis
	// Update: the outcomes an update request may have (store.go), set on
	// the judge's GraphStore answer.
	Update *StoreFreedom
	// Follows lists the readings the judge took that rest on an erratum or
	// an approved W3C test against the Recommendation's words (BasisErratum,
	// BasisW3CTest): a report citing a wrong verdict cites them.
	Follows []Basis
	// Readings are the judge's answers under the other readings of the
	// contested questions it met (Contested), one per combination; with
	// ReadingsComplete every reading was evaluated and no other choice left
	// the answer open, so an answer matching none is wrong ("every reading
	// of the text rules it out"). Without it, such an answer is undecided.
	Readings         []Reading
	ReadingsComplete bool
	// Extension: where §17.6's extension points decided the answer
	// (readings.go); an answer that differs from the judge's only there is a
	// permitted extension, not wrong.
	Extension *Extension

	// Traced: the judge recorded what of every cell it fixed (Cells,
	// SequenceCells, TripleCells): a cell without an entry was copied from
	// the data or the query, or is fixed by the text, and must come back as
	// the same term. Without Traced nothing is known of the cells but the
	// entries present (a W3C expectation carries the judge's entries over).
	Traced bool
	// Cells[i] says, for Rows[i], which cells were computed and what of
	// them the specification leaves open; SequenceCells does the same for
	// Sequence. Only computed cells have an entry.
	Cells, SequenceCells []map[string]Cell
	// TripleCells[i] is the Cell of the object of Triples[i] when it was
	// computed (a CONSTRUCT template over a computed value); subjects and
	// predicates a template fills are IRIs or blank nodes, compared as terms.
	TripleCells []Cell
}
