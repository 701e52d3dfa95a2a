// Package jena runs Apache Jena ARQ (Maven org.apache.jena:jena-arq, pinned in
// pom.xml) as a sidecar engine. The Java source is src/main/java/oracle/jena
// (and src/jena6/java, the update support only the pinned Jena 6 compiles):
// Sidecar.java reads the JSON-lines protocol of adapters/sidecar, Engine.java
// evaluates one case; the answer line is written by the Response.java both
// Java sidecars compile (adapters/javasidecar, pom.xml compileSourceRoots:
// change it for both, and both jars rebuild).
//
// Per case the sidecar builds a fresh in-memory dataset from the request's
// N-Quads (every listed named graph present, even empty), parses the query as
// strict SPARQL 1.1 (Jena's ARQ extensions are rejected like a syntax error)
// and, only where 1.1 refuses it, as SPARQL 1.2 (ARQ's syntaxSPARQL_12:
// triple terms, reified triples, VERSION; updates alike), a query that
// declares no VERSION but uses a 1.2 form being a 1.2 query (syntax.SpecAuto),
// and answers SPARQL results JSON or N-Triples. FROM and FROM NAMED: when the
// query has them, the catalogue's sources are loaded as named graphs too, and
// Jena itself picks the dataset out of the graphs it was given (it does not
// fetch a FROM IRI when a dataset is supplied; a graph it lacks is empty).
// SERVICE is refused twice: ARQ's context sets arq:httpServiceAllowed=false
// (the answer is "unsupported") and the process runs without a network.
//
// scripts/install.sh builds target/jena-sidecar.jar with `mvn -q -B package`
// when pom.xml or the sources changed.
//
// How to change it: edit the Java source and rebuild with the install
// script, then `go test ./adapters/jena` on the real sidecar (jena_test.go:
// the shared checks, dataset clauses, limits and the update reproducer).
// To move to another Jena version,
// change jena.version in pom.xml and Version here, and run the install
// script.
//
// descriptor.go describes Jena (family "jena", which Fuseki in
// adapters/sparqlhttp joins) and attaches known.json, the family's rules:
// what Jena's maintainers said of a root cause (status, link, their
// sentence for intended behaviour), matched by oracle.Match. Re-check the
// newest release (Maven Central) and the rules' threads when moving pins.
package jena
