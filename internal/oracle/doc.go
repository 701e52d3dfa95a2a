// Package oracle defines what every engine shares: a Case (one request, a
// query over a dataset or an update applied to a store: the one request
// type), the Engine interface (Name, Version, Eval), the typed engine
// errors that triage classifies, and Run, which evaluates one case on several
// engines concurrently, each under its own deadline. On a dataset of
// LargeQuads quads or more the engines take turns, one per core (Slots,
// Gate): each loads the whole dataset, and all at once on two cores each
// overran its deadline; a deadline counts from the engine's turn. An
// engine whose Descriptor.Capacity is below the case's quads is not given
// the case (OverCapacity: ErrUnsupported, saying both sizes and the
// measurement), so it takes no turn (Given counts those that do, for Span).
//
// rewrite.go gives adapters what they need of a query without importing the
// algebra: its form and dataset clauses (Case.Info) and a copy with IRIs
// renamed (Case.RewriteIRIs, for Rasqal, which names graphs after files).
//
// The reference evaluator and the fast engine are wrapped as Engines in
// internal/registry; external engines are adapters under adapters/. To add an
// error class, add a sentinel here and a case to Classify, then teach triage
// (internal/triage) its outcome.
//
// A Case is a sum of two kinds (oracle.go): a query case (Query) or an
// update case (Update, applied to Dataset as the store before it;
// IsUpdate), sharing Name, Base, Dataset, Sources and Spec. parsed.go
// parses either kind once (Prepare; Tree and Info for a query, UpdateTree
// for an update; Adopt and AdoptUpdate for a tree the edge already
// parsed), through one generic parsed[T]. A case handed to the other
// kind's entry point (an update to Eval or Tree, a query to Update or
// UpdateTree) is ErrRequestKind (ForEval, ForUpdate): every Eval and
// Update checks it first, and Run runs no engine on an update case.
//
// update.go: the optional Updater interface, the seam for engines that
// apply SPARQL 1.1 Update requests (the registry's reference and engine,
// the sidecars that declare it, Virtuoso, the Protocol endpoints).
// AsUpdater finds it through wrappers that have Unwrap() Engine.
//
// reproducer.go: NativeCase and the optional Reproducer interface, each
// adapter's engine-only reproducer (shell text a maintainer runs). shell.go
// and literal.go are the one quoting of a case's text in it: a single-quoted
// word (ShellQuote), a heredoc whose quoted terminator is never a line of
// its body (Heredoc), a comment that stays one (ShellComment), and string
// literals of the programs fed to node, jshell/java and perl (JSString,
// JavaString, PerlString). An adapter writes case text into a reproducer
// only through these; adapters/reproducers runs every adapter's reproducer
// on hostile cases to hold it to that. A new quoting need is a helper here.
//
// descriptor.go, descriptor_install.go and descriptor_data.go:
// Descriptor, everything the oracle knows of one engine, registered once
// by its adapter folder: its data in adapters/<name>/descriptor.json
// (RegisterData, ParseDescriptors: family, versions, tracker, what it
// supports, its known behaviours (Rule, from the file RulesFrom names),
// how it is installed, pinned and sandboxed (Install: the Step kinds
// internal/install runs), its EARL project, how it is probed, whether it
// pools its processes) and its Go (Code: how a config entry's settings
// build it and its releases, how the bench starts it). A package that
// needs a fact of an engine reads it here (Describe, Described,
// DescribedNames) instead of keeping a table keyed by engine name; a new
// fact is a field here (with its json name) filled in the adapters'
// descriptor.json.
//
// How to change it: what every engine shares goes into Case, Engine or
// Descriptor here, and never an engine's name; a field of Case is shared
// by both kinds unless its comment says otherwise, and a new request kind
// would be a third text field with its own parsed[T] and For* check; a new typed error needs its
// kind in Classify (run.go) so triage can name it; the shell quoting of
// reproducers is proved by shell_test.go over testdata/quoting.json.
package oracle
