// Package rdf4j runs Eclipse RDF4J (Maven org.eclipse.rdf4j, pinned in
// pom.xml: rdf4j-sail-memory and the SPARQL parser) as a sidecar engine
// over its in-memory store, MemoryStore. The Java source is
// src/main/java/oracle/rdf4j: Sidecar.java reads the JSON-lines protocol
// of adapters/sidecar, Engine.java evaluates one case, Results.java writes
// SPARQL results JSON; the answer line is written by the Response.java
// both Java sidecars compile (adapters/javasidecar, pom.xml
// compileSourceRoots: change it for both, and both jars rebuild).
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
// folder.
//
// Updates (oracle.Updater, the sidecar's "update" op; Updater.java): a
// fresh MemoryStore per request, each operation run by RDF4J's own
// SailUpdateExecutor in one transaction, as SailUpdate.execute does, but
// with the case's dataset per operation: RDF4J's own default graph is the
// union of every context (Update §1.2 permits "a representation of a union
// of other graphs"), while the oracle's store has the null context as its
// default graph, so WHERE, DELETE DATA and templates without GRAPH use the
// null context (or WITH's graph) and GRAPH ?g ranges over the contexts as
// they are when the operation starts. RDF4J's choices: a context exists
// only while it holds a statement, so empty named graphs (the case's, or
// CREATE's) are not in the store after a request, and CREATE never finds
// a graph existing; a failing request is rolled back whole (§2.2, atomic).
// LOAD reads only the request's documents (CaseDocuments.java, the JVM's
// URLStreamHandlerFactory: any other IRI is not found, never fetched); a
// LOAD from file: or jrt:, whose JDK handlers cannot be replaced, is
// refused as unsupported before anything runs. W3C Update baseline:
// baselines/rdf4j-update.tsv.
//
// Failures carry the phase of the call that raised them: parse
// (MalformedQueryException from the SPARQL parser), load (Rio refusing the
// N-Quads), prepare (the repository refusing the parsed query), evaluate.
//
// `oracle engines install rdf4j` (descriptor.json's maven step; scripts/
// install.sh runs it) builds target/rdf4j-sidecar.jar with `mvn -q -B
// package` when pom.xml or the sources changed, and writes the
// JDK it used to target/java-home. To move to another RDF4J release,
// change rdf4j.version in pom.xml and Version here, and run the install
// script.
//
// descriptor.go describes RDF4J (newest from Maven Central) and attaches
// known.json, its rules (none yet).
//
// How to change it: edit the Java source under src/main/java/oracle/rdf4j,
// pin versions in pom.xml, rebuild with scripts/install.sh (it rebuilds
// when the sources' checksum changes), then `go test ./adapters/rdf4j` on
// the real sidecar (rdf4j_test.go, update_test.go).
// What the oracle knows of RDF4J is descriptor.go's.
package rdf4j
