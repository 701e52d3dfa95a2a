// Package registry builds engines by name: it wraps the in-house evaluators
// (the §18.5 reference, as "reference"; the fast evaluator, as "engine" in
// engine.go) and builds every external engine through its adapter's
// descriptor (oracle.Descriptor.Build), all as oracle.Engine.
//
// The reference wrapper parses with algebra.Parse (a parse or static error
// becomes oracle.ErrRejected), evaluates with reference.Eval over the case's
// Dataset and Sources, and converts the Result into a results.Answer,
// attaching results.Freedom when the query leaves an order, a cardinality
// (REDUCED) or a value (SAMPLE, RAND...) open. Errors are mapped onto the
// typed errors of package oracle: budget → ErrBudget, deadline → ErrTimeout,
// SERVICE → ErrUnsupported, anything else → ErrQueryError. The engine
// wrapper does the same through the same toAnswer (engine.Result has
// reference.Result's fields) but attaches no Freedom: it is under test.
//
// To add an engine: make its adapter folder, adapters/<name>, whose
// descriptor.go registers an oracle.Descriptor with Build set (how a
// config entry's settings, oracle.BuildSettings, build it), Pools when its
// Build pools processes itself, Probe for a live endpoint, BuildRelease
// for releases beside the pin, and Install (what must be installed and
// how), then add one blank import of the folder to engines.go. described.go
// then makes it a config kind, a name New accepts (Names, the default set,
// `oracle w3c --engine NAME`), checked and located by its descriptor's
// Install.Needs (all absolute: a system program, shown as such);
// releases.go finds its releases where its Install.Release step puts them
// (internal/install ReleaseDir). No table here is keyed by an engine's
// name: config_kinds.go builds only the in-house evaluators and a
// configured endpoint ("sparqlhttp"). stub_test.go proves it with
// adapters/adaptertest/stub: the oracle binary built with that one line
// added runs the stub through diff, a sweep and the dashboard.
//
// # Configuration
//
// Which engines run, where they live and how long and how many at once comes
// from a JSON config file (config.go): `--config FILE` on the command line
// (UseConfigFile fits flag.Func), else the file $ORACLE_CONFIG names, else
// the defaults (every adapter where it is installed, one process each, no
// deadline of its own). docs/config.md describes the fields and
// docs/config.schema.json is their JSON Schema (config_schema_test.go
// keeps it equal to the structs); deploy/engines.example.json is a
// complete example:
//
//	{
//	  "deadline": "10s",            // default per-case deadline of every engine
//	  "pool": 2,                    // default processes (or cases in flight) per engine
//	  "engines": [
//	    {"name": "jena", "pool": 1, "deadline": "20s", "start_timeout": "60s",
//	     "binary": "/usr/lib/jvm/temurin-25/bin/java"},
//	    {"name": "pyoxigraph", "binary": ".venv/bin/python"},
//	    {"name": "rasqal", "binary": "/usr/bin/roqet"},
//	    {"name": "virtuoso", "database_dir": "/var/lib/oracle/virtuoso", "load": "update"},
//	    {"name": "fuseki", "kind": "sparqlhttp", "version": "5.6.0",
//	     "url": "http://127.0.0.1:3030/ds/query", "store": "http://127.0.0.1:3030/ds/data",
//	     "auth": "basic", "user": "admin", "password_env": "FUSEKI_PASSWORD"}
//	  ]
//	}
//
// Fields of an entry: name (required; the name in reports), kind (the
// adapter, default the name: one of Kinds(); any name may be a "sparqlhttp"
// endpoint), disabled, dir (the adapter folder, default adapters/<kind>),
// binary (the program that runs it: python, java, node, perl, roqet,
// virtuoso-t), deadline, pool, start_timeout, and for endpoints url, store,
// update, load ("graphstore" or "update"), auth ("none", "basic",
// "digest"), user, password_env (the variable holding the password: a
// password is never written in the file) and version. Relative paths resolve
// against the file's folder. Unknown fields are errors, so a typo never
// silently falls back to a default. Sidecars get their pool as processes;
// engines without a pool of their own (rasqal, endpoints, the in-house
// evaluators) get it as a limit on cases in flight (the limited wrapper,
// which also applies the deadline).
//
// Releases (releases.go): "jena@5.6.0" runs Jena at an installed release
// beside the pinned one, found under any root whether or not the pinned
// release is installed there too; ReleaseNames lists the ones `oracle
// engines` shows after the default set (internal/install's list, plus any
// found installed); they are never in the default set. "rasqal@master" is
// Rasqal's git master (`oracle engines install rasqal@master` builds it
// from a source snapshot into adapters/rasqal/releases/master); a missing
// one's error names the snapshot it needs (howRelease).
//
// # One memory budget, one set of engines
//
// budget.go: the engine processes share one memory budget
// (adapters/sidecar/budget.go), set by `--memory-budget SIZE`
// (UseMemoryBudget), else the config's memory_budget, else
// $ORACLE_MEMORY_BUDGET, else 60% of the machine (ParseMemory reads
// "12GiB" or "60%"); memory_mb is then an engine's weight in it and the
// most it may get. Shared builds each engine once per process: `oracle
// serve`'s diff path and its sweep runner (sweep.Options.Engine's default)
// run the same engine processes. budget_bombs_test.go sets off the memory
// bombs through every installed engine and checks the whole process tree
// stays under the budget.
//
// Probe and ProbeAll check engines for real (installed files, a version
// answer, ASK {} for an endpoint) within a short timeout: `oracle engines`.
//
// # Where engines are, and the default set
//
// roots.go: an adapter's runtime is looked for under --home (SetHome) or
// $ORACLE_HOME alone, else the checkout the working directory or the
// binary is in (a go.mod of this module), then the data folder
// (DataHome: $XDG_DATA_HOME/sparql-oracle) that `oracle engines install`
// fills (internal/install) with the same layout. A missing engine's error
// says where it looked and the command that installs it. defaults.go:
// Defaults is the one default engine set of diff, serve and sweeps, with
// each engine that cannot run here and why (Check, without starting it);
// Where says where an engine runs from.
//
// # Descriptors
//
// Each adapter package registers the descriptor of every engine it
// provides (adapters/<name>/descriptor.json, read by descriptor.go:
// family, parser, newest release with its source, tracker, supports, and
// the family's rules from its known.json). descriptors.go re-registers them with the version this
// binary installs (install.Pinned) and a member without a release of its
// own with its family's (Fuseki with Jena's), and describes the in-house
// evaluators (family "sparql-oracle"). descriptors_table.go renders the
// table of docs/engines.md (TestEnginesDoc; -update rewrites it);
// descriptors_test.go checks every descriptor is complete (its family and
// staleness are pinned by that table), and every rule of every known.json
// against real corpus cases it must and must not match (symptoms from
// internal/regress/testdata/upstream/symptoms.tsv). To describe a new
// engine: describe it in its adapter's descriptor.json (with its install
// and earl parts) and rewrite the table (-update).
//
// Besides oracle, reference and engine this package imports algebra (to
// parse for the reference), results, rdf and ops (for ops.ErrBudget).
// Other packages' tests take their engines from registrytest (the in-house
// evaluators with a test's options, any engine by name closed when the
// test ends) rather than wiring registry, reference and engine each time.
//
// How to change it: a new engine is registered by its adapter's descriptor
// and one blank import of its package in engines.go
// (docs/architecture.md, "Each engine described once; adding an engine";
// stub_test.go proves it); a config field is EngineConfig's (config.go),
// documented in docs/config.md and docs/config.schema.json, which
// config_schema_test.go checks.
package registry
