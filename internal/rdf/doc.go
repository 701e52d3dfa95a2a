// Package rdf owns the RDF term model and everything that turns RDF text
// into it and back.
//
// What it owns:
//
//   - term.go, graph.go: Term (comparable; == is RDF term equality),
//     Triple, Quad, Graph, Dataset. Shared files: change them only with the
//     lead, every package builds on them. term_triple.go: RDF 1.2 triple
//     terms (KindTriple, TripleTerm, TripleParts) and directional
//     language-tagged strings (Dir, DirLangLiteral). term_walk.go:
//     MapBlanks, EachBlank, HasBlank, which reach blank nodes inside triple
//     terms (relabelling, isomorphism, and any other bijection on blank
//     nodes must use them).
//   - iri.go: RFC 3986 §5.2 reference resolution (Resolve) and
//     remove_dot_segments, tested on every example of §5.4.
//   - load.go: Parse for Turtle, TriG, N-Triples, N-Quads and RDF/XML.
//     Every call is its own blank-node scope (labels become "b<doc>_<n>",
//     inside triple terms too). Errors are *SyntaxError with file:line:col.
//   - ttl_lex.go, ttl_parse.go, ttl_nested.go: our own recursive-descent
//     reader of RDF 1.2 Turtle and TriG (triple terms <<( s p o )>>,
//     reified triples << s p o ~ r >>, annotations ~ r {| ... |},
//     VERSION/@version, "x"@en--ltr), one function per grammar rule. It
//     reads every Turtle and TriG document, 1.1 or 1.2: RDF 1.1 Turtle and
//     TriG are subsets of 1.2, so one reader passes both generations of
//     the W3C suites (all of rdf11/rdf-turtle, rdf11/rdf-trig and the
//     rdf12 syntax and eval suites, conformance_test.go). The alternative,
//     sniffing 1.2 syntax and sending the rest to knakk/rdf, would need a
//     tokenizer just to tell (a "<<" inside a string is not a triple term),
//     and keep knakk's defects and its unrecoverable lexer panics on the
//     Turtle path; this reader needs no rewrite pass, never panics, and
//     bounds nesting (maxTTLDepth).
//   - store.go: a Dataset as a graph store (SPARQL Update): Has, Drop,
//     Clone, Graph.Remove, Using (the dataset of USING and USING NAMED,
//     which both evaluators build so); an empty named graph exists, an
//     absent one not.
//   - nquads.go: our own RDF 1.2 N-Triples/N-Quads reader (ParseNQuads,
//     also used by Parse for those formats: triple terms as objects,
//     nested, "x"@en--ltr, VERSION lines) and the canonical writer
//     (WriteNQuads: RDF 1.2 canonical N-Triples escapes, sorted).
//     IsPNCharsBase (term.go's BooleanValue likewise) is exported because
//     the SPARQL lexer's class is the same (algebra/syntax/lex.go): one
//     table, not two.
//   - isolated.go: LoadIsolated parses a document in a child process with
//     a deadline and limits, and reads N-Quads back; RunLoad is `oracle
//     load`. N-Triples, N-Quads, and Turtle that is N-Triples it reads
//     in-process with our own line reader; Turtle and TriG (our own reader,
//     which cannot crash, but a document can be huge) and RDF/XML (knakk)
//     go to the child, whose deadline and limits bound them. Triple terms
//     and base directions come back through the N-Quads intact.
//     isolated_child.go: the child, `load -worker`, a persistent worker
//     answering framed requests (length-prefixed JSON header + document)
//     until EOF. isolated_worker.go: the parent's handle on one worker
//     (start, one request under a deadline, crash report).
//     isolated_pool.go: the pool of persistent workers (SetLoaderPool,
//     StartLoaderPool, CloseLoaderPool; a crashed or timed-out worker is replaced, a worker
//     is retired after WorkerMaxDocs documents or past WorkerMaxRSS).
//     isolated_linux.go / isolated_other.go: Pdeathsig and the default
//     pool size per platform. isolated_jail.go: SetWorkerJail, the hook
//     through which a program linking adapters/sidecar runs every worker
//     in the engines' bubblewrap sandbox with a minimal environment (the
//     loader's own variables only).
//   - catalogue.go: the JSON dataset catalogue of seed 003 and the active
//     dataset for FROM / FROM NAMED (Catalogue.Active).
//   - iso.go: Isomorphic / IsomorphicQuads, graph equality up to blank nodes.
//
// knakk/rdf. This is the only package that imports it, and only rdfxml.go
// does (Turtle and TriG no longer go through it). Its RDF/XML defects and
// how they are covered:
//
//   - relative IRIs: RDF/XML is decoded without a base and relative
//     results are resolved afterwards (xml:base stays knakk's: see
//     testdata/w3c-skip.txt);
//   - RDF/XML rdf:about/resource/datatype values such as "mailto:x" read as
//     QNames: rdfxml.go marks absolute references so knakk keeps them;
//   - typed values (decimals as float64): never asked for; lexical forms
//     are kept as written; language tags are lower-cased.
//
// Untrusted documents belong in LoadIsolated, which bounds time and memory
// in a child process. A binary that calls LoadIsolated must run RunLoad for
// `load` (cmd/oracle does), and a test binary must call ServeLoadChild
// first thing in its TestMain.
//
// How to change it: add a loader case as a bundle under testdata/load/
// (input, then the expected N-Quads or error), run the W3C suites
// (conformance_test.go: the RDF 1.1 suites and the RDF 1.2 N-Triples,
// N-Quads, Turtle and TriG syntax, eval and c14n suites;
// testdata/w3c-skip.txt lists known failures with a reason, and an
// unexpected pass fails too), and fuzz:
//
//	go test ./internal/rdf
//	go test -run XXX -fuzz FuzzParse -fuzztime 60s ./internal/rdf
package rdf
