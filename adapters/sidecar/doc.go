// Package sidecar runs an external engine as a long-lived child process
// speaking JSON lines on stdin and stdout: one Request per line in, one
// Response per line out (protocol.go). It is the plumbing every sidecar
// adapter shares (Oxigraph and Comunica in Node, RDFLib, pyoxigraph and
// oxilite in Python, Jena in Java, the Perl engines).
//
// A pool bounds how many processes run at once. A process that overruns the
// caller's deadline is killed with its whole process group (ErrTimeout); one
// that dies or breaks the protocol is discarded (ErrCrashed, with the tail of
// its stderr); either way the next case gets a fresh process. A command that
// cannot start makes the engine unavailable (ErrUnsupported).
//
// To add a sidecar engine: write the sidecar in adapters/<name>/ so it
// answers "version", "ping" and "query" requests, and give its Config to the
// registry. The sidecar loads Request.Data (N-Quads) into a fresh in-memory
// store per case, evaluates Request.Query with the dataset set explicitly
// (never the union of graphs, never a network fetch), and answers SPARQL
// results JSON or N-Triples, or a Failure with a kind.
package sidecar
