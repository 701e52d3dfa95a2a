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
// cannot start makes the engine unavailable (ErrUnavailable). A query
// (Eval) and an update (Update, update.go) are one exchange (send): only
// the request and how its answer is read differ.
//
// Confinement (sandbox.go): every process runs under bubblewrap where it
// works: its own mount, pid, IPC, UTS and network namespaces (loopback
// only), the system's libraries and its own runtime and adapter folder
// read-only, a private tmpfs as home and working folder, a clean
// environment (the server's variables, tokens among them, stay out).
// Without bwrap it falls back to `unshare --net` and a private temporary
// working folder, logs a warning, and `oracle engines` says so; under
// CI=true that fallback is refused (ORACLE_ALLOW_UNCONFINED=1 accepts it).
//
// Limits (limits.go): a memory limit (RLIMIT_DATA through prlimit, plus
// the runtime's own heap flag from Config.HeapArgs) and a CPU-time limit
// per case (the pool samples the engine's CPU time while a case runs).
// Passing either is oracle.ErrResource, never ErrCrashed: a death by
// SIGXCPU, a kill by the CPU watch, or a runtime's own out-of-memory report
// on stderr; a sidecar that catches its allocation failure answers with
// kind "resource".
//
// The memory budget (budget.go, pool_budget.go): every engine process of
// the oracle (these sidecars, the servers of adapters/sparqlhttp and
// adapters/virtuoso, roqet) shares one budget (SetMemoryBudget; default
// 60% of MemTotal). A process's memory limit is its share: the adapter's
// own limit scaled so that the engines that joined fit (Budget.Share),
// reserved before it starts and given back when it is gone, so the limits
// of the live processes never add up past the budget; a start that finds
// it taken stops idle processes of other engines, then waits (bounded),
// then is ErrResource saying so. While a case runs the engine's resident
// memory is read every 50 ms (PollTree, the one poll of a process tree,
// which adapters/sparqlhttp's CPU watch shares), and past the share the
// process is killed (ErrResource); after a case a process holding over
// half its share is restarted, so no idle process keeps its peak (a start nobody waits
// for, a server restarted in the background, takes only memory free at
// once: TryReserve). A failure answer in the engine's own words for
// running out of memory (Config.OOM, listed by its
// adapter: Comunica's "Invalid string length", Oxigraph's WASM
// "unreachable" when near its share) is ErrResource too. No cgroup is
// used (none can be created where the oracle runs unprivileged).
//
// Idle deaths (guard.go): a pooled process found dead is replaced before
// a case is sent; one that dies of a SIGKILL nobody here sent, or whose
// stdin is already closed, gets the case again on a fresh process, once:
// such a death is never charged to the case.
//
// Outside kills (pool.go failed, guard.go killedOutside): a process that
// dies mid-case of a SIGKILL nobody here sent (the kernel's OOM killer, an
// operator; exit 137 through bwrap) is ErrUnavailable saying it was killed
// from outside, and the case is retried once on a fresh process; it is
// never ErrCrashed, which is kept for the engine's own deaths
// (KilledBySIGKILL, used by every adapter: roqet's, the servers'). A case
// abandoned mid-evaluation (its deadline, a cancel) kills its process.
//
// Processes (proc.go): what the package reads of processes (their
// pids, stat fields, command lines, memory and ancestry: Tree, Zombie,
// RSS, PeakRSS, Engine.PIDs) is read from procfs in one file.
//
// Temporary folders (tmpdirs.go): TempDir names them with the pid of the
// run that made them; the first call of a process removes those of dead
// runs (oracle-engine-, oracle-endpoint-, oracle-virtuoso-).
//
// How to add a sidecar engine: write the sidecar in adapters/<name>/ so it
// answers "version", "ping" and "query" requests, and give its Config to the
// registry. The sidecar loads Request.Data (N-Quads) into an in-memory
// store, evaluates Request.Query with the dataset set explicitly (never the
// union of graphs, never a network fetch), and answers SPARQL results JSON
// or N-Triples, or a Failure with a kind. It should keep the store of the
// last Request.DatasetID and answer the next query naming it on that store
// ("reused": true), loading nothing (reuse.go: the key, a digest of the
// data every query still carries, and Engine.Reused; every sidecar here
// does, a query with FROM/FROM NAMED aside where its sources enter the
// store); an update drops the held store, so no query sees a store another
// request changed. adaptertest.CheckReuse holds a sidecar to that.
package sidecar
