// Package results owns Answer, the normalised form of what an engine
// returned for one query (solutions, a boolean, or a graph), and the SPARQL
// result formats that carry it:
//
//   - SPARQL 1.1 Query Results JSON (json.go), XML (xml.go), TSV (tsv.go) and
//     CSV (csv.go): a reader and a canonical writer each; Read and Write
//     dispatch on a format name, extension or media type (format.go);
//   - the W3C DAWG result-set vocabulary (rs:ResultSet...) in which the
//     SPARQL 1.0 tests write expected results as Turtle or RDF/XML, and plain
//     graphs for CONSTRUCT expectations (resultset.go: FromResultSetGraph,
//     ReadRDF), plus WriteNTriples for Graph answers;
//   - the Turtle term syntax shared by TSV and N-Triples (terms.go);
//   - RDF 1.2 terms in every format (triple.go): triple terms ("type":
//     "triple" in JSON, <triple> in XML, <<( s p o )>> in TSV, their
//     N-Triples text as a plain string in lossy CSV) and base directions
//     ("its:dir", the its:dir attribute, "x"@en--ltr), as the W3C sparql12
//     results files write them; all of sparql12's .srj/.srx files read and
//     round-trip (w3c_test.go).
//
// Conventions every reader keeps, so answers from different formats are
// comparable term by term: a literal always has a datatype (xsd:string when
// none is given, rdf:langString with a tag); language tags are lower-cased
// (rdf.LangLiteral); lexical forms are kept exactly; blank-node labels are
// kept as given (the comparator maps them, inside triple terms too: see
// rdf.MapBlanks); an unbound variable is absent
// from its Solution. Readers never panic: malformed input gives a
// *SyntaxError with line and column. CSV is lossy; see ReadCSV and CSVView.
//
// The judge's own answer carries a Freedom (answer.go): what the
// specification leaves open, per cell (cell.go), the bases of its readings
// (basis.go: Basis, with the construct a contested question was met at),
// its answers under the other readings of the contested
// questions it met and with §17.6's extension points open (readings.go:
// Reading, Extension, ExtensionValue).
//
// The package imports only the standard library and internal/rdf. To add a
// format, give it a Format constant and names in format.go, a reader and a
// writer in its own file, data cases under testdata/read, and a round-trip
// and fuzz test. Goldens are rewritten with `go test -run Golden -update`.
//
// store.go: the GraphStore kind: Answer.Store is the graph store after an
// update request (empty named graphs kept, Err for a failed request), and
// StoreFreedom (Freedom.Update) lists the other outcomes the Update text
// permits.
//
// How to change it: a reader or writer change gets a golden under
// testdata/read or testdata/write (TestGoldenRead, TestGoldenWrite); the
// readers' fuzz corpora are under testdata/fuzz.
package results
