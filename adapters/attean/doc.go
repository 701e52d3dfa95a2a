// Package attean runs the Perl SPARQL engines as sidecars: "attean" (Attean
// 0.033: AtteanX::Parser::SPARQL and the IDP query planner over the Memory
// store) and "rdfquery" (RDF::Query 2.918 over an RDF::Trine Memory model),
// both from Debian (libattean-perl, librdf-query-perl, installed by
// scripts/install.sh). One script, sidecar.pl, serves both; its argument
// selects the engine, and only that engine's modules are loaded (about 1 s).
//
// Files:
//
//	attean.go    Config and New; Engine wraps the shared sidecar.Engine
//	             (adapters/sidecar) and turns a syntax error on a query our
//	             SPARQL 1.1 parser accepts into ErrUnsupported
//	sidecar.pl   the JSON-lines sidecar (adapters/sidecar/protocol.go)
//
// What the sidecar does and why:
//
//   - it writes SPARQL results JSON and N-Triples itself, term by term: the
//     engines' own JSON writers drop datatypes;
//   - each case gets a fresh in-memory store; Attean keeps the default graph
//     in a graph named tag:sparql-oracle.invalid,2026:default-graph, which
//     its planner leaves out of GRAPH ?g; RDF::Trine keeps it as triples
//     without a context;
//   - FROM / FROM NAMED (#specifyingDataset): Attean ignores the clause and
//     RDF::Query would fetch the IRIs, so the sidecar builds the dataset from
//     the request's named graphs and sources (absent means empty);
//   - no network: the Go side runs it in a network namespace, the sidecar
//     refuses SERVICE (ErrUnsupported) and makes every Perl connect() fail;
//   - Attean's N-Quads parser does not decode UTF-8 bytes: the data goes in
//     through a decoding file handle;
//   - empty named graphs cannot be represented in either store.
//
// Findings seen while building it (engine behaviour, for the oracle to
// report, not to hide): Attean leaves ?o unbound in `?s <q>/<r>* ?o`, and
// refuses a collection in a triple pattern; RDF::Query answers `VALUES ?x {}`
// with one empty row.
//
// How to change it: edit sidecar.pl, try it by hand with JSON lines on stdin
// (`perl sidecar.pl attean`), then `go test ./adapters/attean`.
//
// descriptor.go describes Attean and RDF::Query as two families (same
// author, separate code bases; RDF::Query is superseded by Attean and
// unmaintained); known.json holds Attean's rules (none yet).
package attean
