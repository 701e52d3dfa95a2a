// Package rdf4j runs Eclipse RDF4J (Maven org.eclipse.rdf4j, pinned in
// pom.xml: rdf4j-sail-memory and the SPARQL parser) as a sidecar engine
// over its in-memory store, MemoryStore. The Java source is
// src/main/java/oracle/rdf4j: Sidecar.java reads the JSON-lines protocol
// of adapters/sidecar, Engine.java evaluates one case, Results.java writes
// SPARQL results JSON, Response.java one answer line.
//
// Per case the sidecar builds a fresh MemoryStore from the request's
// N-Quads and always sets the dataset: RDF4J's own default graph is the
// union of every context, so a query without FROM gets the null context
// (RDF4J.NIL) as its default graph and the case's named graphs as named
// graphs. A query with FROM/FROM NAMED keeps its own dataset, which RDF4J
// resolves against the store's contexts, never fetching: the catalogue's
// sources are loaded as contexts for it. SERVICE is refused by a
// FederatedServiceResolver that fails every endpoint (the Go side reports
// it as unsupported), and the process runs in adapters/sidecar's sandbox,
// without a network and with no file of the host but its runtime and this
// folder. Only queries are sent, so LOAD (an update) is a syntax error.
//
// Failures carry the phase of the call that raised them: parse
// (MalformedQueryException from the SPARQL parser), load (Rio refusing the
// N-Quads), prepare (the repository refusing the parsed query), evaluate.
//
// scripts/install.sh (rdf4j_adapter) builds target/rdf4j-sidecar.jar with
// `mvn -q -B package` when pom.xml or the sources changed, and writes the
// JDK it used to target/java-home. To move to another RDF4J release,
// change rdf4j.version in pom.xml and Version here, and run the install
// script.
package rdf4j
