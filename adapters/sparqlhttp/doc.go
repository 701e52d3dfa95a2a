// Package sparqlhttp is an oracle.Engine for any SPARQL 1.1 Protocol endpoint
// (Virtuoso, Fuseki, GraphDB, QLever, an Oxigraph server): Config names the
// query URL and how to load data, New returns the engine.
//
// A case runs in three steps, with the store locked for the case (cases on
// one store run one at a time):
//
//  1. load: the default graph goes to a graph IRI unique to the case
//     (urn:sparql-oracle:<run>:<n>:default), so nothing of another case or
//     of the store's own data can be in it. Named graphs, and the FROM
//     sources when the query has a dataset clause, are loaded under their
//     real IRIs: GRAPH ?g must bind the real names, and renaming them back
//     in answers would be wrong wherever an IRI is also data. Loading is by
//     the Graph Store Protocol (PUT per graph), one SPARQL Update request,
//     or one N-Quads document POSTed to the store's dataset URL
//     (LoadNQuads, nquads.go: the servers this package runs).
//  2. query: by form POST (or application/sparql-query), with the dataset
//     always named: default-graph-uri and named-graph-uri, never empty (a
//     graph IRI that exists nowhere stands for "none"), because an
//     endpoint's own default is often the union of everything it holds. A
//     FROM/FROM NAMED clause is read from the query text (lexer.go) and
//     turned into these parameters, restricted to the case's catalogue, so
//     nothing is fetched and no stray store graph shows through.
//  3. clear: every graph loaded is dropped, even after a timeout; on a
//     store only this Engine writes (Config.KeepLoaded: the servers the
//     oracle runs) a query without a dataset clause leaves its graphs
//     loaded for the next query of the same dataset key, which skips step
//     1 (keep.go); another dataset, an update or a failed case drops them.
//
// Consequences worth knowing: the store must be a scratch store (a case
// overwrites and drops graphs under its named graphs' IRIs); an empty named
// graph cannot be loaded, so stores that forget empty graphs (Virtuoso) do
// not bind it in GRAPH ?g {}; a blank node shared by two graphs of a case
// would split under graph-by-graph loading, so LoadGraphStore refuses such a
// case as unsupported (LoadUpdate sends one INSERT, LoadNQuads one document
// parsed with one blank-node scope, and both keep it shared).
//
// Updates (oracle.Updater, update.go) need a store of the oracle's own
// (Config.Scratch: the servers this package runs): per case, under the same
// lock, DROP ALL, the case's store in one INSERT (its default graph in the
// store's unnamed graph, which an update addresses), the request by the
// SPARQL 1.1 Update protocol (POST application/sparql-update), the store
// read back by one SELECT over the default graph and every named graph
// (blank-node labels hold across it), DROP ALL again. A 400 is a refusal
// (Fuseki's rule: only with its "Parse error" prefix, fusekiUpdateFailed),
// a 500 a failure while it ran, answered with the store as left. LOAD is
// unsupported (the server would fetch). Recorded choices: Fuseki's
// in-memory store keeps no empty graph, CREATE of an existing graph and
// DROP of an absent one succeed; Oxigraph keeps empty graphs and fails
// both. W3C Update baselines: baselines/{oxigraph-server,fuseki}-update.tsv.
// A store shared with the engine's own graphs (Virtuoso's) takes updates
// through Config.UpdateText instead (shared.go): each case in graphs of
// its own, nothing reset whole, operations that could reach every graph
// refused.
//
// Connections (transport.go): a client keeps an idle connection for half
// the server's own idle limit (Server.IdleTimeout), never longer: the
// Oxigraph server answers a connection idle past its --timeout-s with a
// 500 "os error 11", which would otherwise land on an idle connection or
// on the next request sent on it.
//
// Answers: SPARQL results JSON (1.0-era "typed-literal" accepted by
// results.ReadJSON) or XML, N-Triples for graphs. Errors: 400 is
// ErrRejected, 500 ErrQueryError (Virtuoso's 1/0), "not supported" or a
// refused privilege ErrUnsupported, a deadline ErrTimeout (also Virtuoso's
// partial "anytime" answers, flagged by X-SQL-State), an unreachable
// endpoint ErrCrashed, a refused load ErrUnsupported.
//
// The servers this package runs itself (server.go, endpoints.go: the
// Oxigraph server, Fuseki) run under adapters/sidecar's Limits like every
// other engine process, set from the config's memory_mb and cpu_limit
// (Managed.SetLimits, limits.go): memory as RLIMIT_DATA plus a JVM heap
// of half, CPU time per case watched in /proc (sidecar.PollTree; past it
// the server is killed and the case is ErrResource). Their memory limit
// is not their own but their share of the oracle's one memory budget (budget.go,
// adapters/sidecar/budget.go): reserved at start, given back at stop;
// while a case runs the server's process tree's resident memory is
// watched, and past the share the server is stopped (ErrResource); a case
// that leaves it over half its share stops it (the next case starts a
// fresh one); Fuseki's "Java heap space" answer and the Oxigraph server's
// death after "memory allocation of N bytes failed" (serverOOM, the
// servers' words as data) are ErrResource, never an engine's error.
//
// Shared with adapters/virtuoso, written once here: Proc (proc.go: one
// server process in its own group, reaped in the background, Ours marking
// the oracle's own kills, its log's tail, WaitReady, FreePort), Share
// (share.go: a case run under the server's share of the memory budget,
// ReserveShare at start), RetryKilled and KilledOutside (killed.go),
// OnServer and StartBounded (server.go: the one path of a query and an
// update on a server started on demand, and that server's start),
// FreeIdleServer (budget.go), Settle (abandon.go) and Rewarm (warm.go).
//
// descriptor.go describes the servers this package starts: oxigraph-server
// in the Oxigraph family, Fuseki in Jena's; their rules live with those
// families (adapters/oxigraph, adapters/jena).
//
// Abandoned work stops (abandon.go): the query carries the server's own
// per-query timeout set to what is left of the case's deadline
// (Config.TimeoutParam: Fuseki's "timeout" in seconds, Virtuoso's in
// milliseconds), the request is cancelled with the case and the relay
// drops the server's connection, and after an abandoned case a server
// whose process tree still burns CPU (or that has no per-query timeout,
// the Oxigraph server) is stopped. A server stopped so (or past its CPU
// limit) starts again in the background (warm.go, Rewarm, also used by
// adapters/virtuoso): RewarmAfter (4 s) later, so the seconds after a
// deadline stay free of engine CPU, with its budget share only when free
// (sidecar.Budget.TryReserve), bounded by StartTimeout, dropped by Close;
// the next case finds it warm, or waits for the start under way.
//
// An engine's own graphs are off limits (owngraphs.go, Config.OwnGraphs,
// Virtuoso's system graphs): counted before the first case; a case naming
// one is unsupported before it runs; after every case leftovers are dropped
// and a changed count is ErrOwnGraphsChanged. Our faults stay ours
// (service.go): a confined server's failed SERVICE is unsupported with the
// engine's words (Fuseki's 502, the Oxigraph server's error text streamed
// into a 200 answer), Fuseki's "Query timed out" a timeout; a server
// killed mid-case by a SIGKILL the oracle did not send (the OOM killer, an
// operator) is ErrUnavailable saying so, and the case runs once more on a
// fresh server (killed.go), never ErrCrashed.
//
// How to change it: the managed servers are started in endpoints.go under
// limits.go's limits; a change to how a case runs (load, query, clear) is
// proved by `go test ./adapters/sparqlhttp`, which runs the real Oxigraph
// server and Fuseki scripts/install.sh installs (engine_test.go,
// endpoints_test.go, update_test.go, killed_test.go, load_test.go,
// transport_test.go; helpers_test.go finds the installed servers and the
// JVM a server runs in); TestMeasureLoad (ORACLE_LOAD_TRIPLES=100000)
// times a load by each mode.
package sparqlhttp
