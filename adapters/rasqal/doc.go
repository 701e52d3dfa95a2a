// Package rasqal runs Rasqal's command-line tool roqet (Debian rasqal-utils,
// pinned 0.9.33 by the distribution) as an engine: one process per case,
// `roqet -q -i sparql11-query -r xml -D default.nt -G g0.nt ... -e QUERY`.
//
// Files:
//
//	rasqal.go    Engine, Config, the command line, running roqet in its own
//	             process group (killed whole at the deadline or when its
//	             output passes Config.MaxOutput), confined (sidecar.Jail:
//	             bwrap, seeing only its case's data folder and no network:
//	             roqet itself fetches SERVICE endpoints and reads FROM
//	             IRIs, file: included) under Config.Limits (RLIMIT_DATA
//	             and RLIMIT_CPU; passing one is ErrResource)
//	dataset.go   the active dataset as N-Triples files, graph IRIs renamed to
//	             the files' URIs (Rasqal names a graph after its file) in data
//	             and query (oracle.Case.RewriteIRIs), and renamed back in the
//	             answer; FROM / FROM NAMED read the local catalogue only
//	classify.go  exit status and stderr to an answer, a typed error, or a
//	             refusal whose phase the dry run settles
//	release.go   releases built beside the pinned roqet: releases/<release>/
//	             bin/roqet and VERSION; "rasqal@master" (build-master.sh,
//	             run by `oracle engines install`, builds git master from a snapshot, librasqal
//	             linked statically; internal/registry/releases.go runs it
//	             as ReleaseEngine, whose reproducer builds that commit)
//
// rasqal@master is the same adapter over master's roqet, confined the same
// way (the jail binds its release folder read-only), named by Config.Name,
// its version "master COMMIT (roqet 0.9.34 GIT unknown)" (Config.Release:
// every master build says 0.9.34). Measured at 9e2b187d: it answers AVG
// and COUNT over nothing with one row, runs EXISTS, NOT EXISTS and MINUS,
// still cannot parse property paths, answers `SELECT * { VALUES ?x {} }`
// with one empty row instead of dying, and leaves ?g unbound in
// GRAPH ?g { ?s ?p ?o } (0.9.33 binds it). Which recorded findings it
// still shows: corpus/regress/rasqal-master.tsv.
//
// What roqet does, measured on 0.9.33, and how it is classified:
//
//   - exit 2 whenever a warning was raised, even with a whole answer (every
//     ASK does): stdout is read when it holds a complete document and stderr
//     has no error; a partial document is never an answer;
//   - where a failure happened is settled by a dry run (-n: parse and
//     prepare, nothing executed) of the same query, not by roqet's words:
//     a failure the dry run repeats happened before evaluation, one it
//     does not repeat while evaluating;
//   - it cannot parse property paths, EXISTS / NOT EXISTS and some valid
//     prefixed names, and refuses some valid aggregates at preparation: a
//     failure before evaluation of a query our SPARQL 1.1 parser accepts
//     is ErrUnsupported; a query our parser rejects only goes to the dry
//     run, and roqet's failure there is ErrRejected;
//   - MINUS, DESCRIBE and SERVICE fail while executing with "Query
//     execution failed": ErrUnsupported; any other failure while
//     executing is ErrQueryError;
//   - `VALUES ?x {}` dies of SIGSEGV: ErrCrashed (any signal is, but a
//     SIGKILL the adapter did not send);
//   - a roqet killed by a SIGKILL the adapter did not send (the kernel's OOM
//     killer, an operator; exit 137 through bwrap), neither at the deadline
//     nor by RLIMIT_CPU's hard limit, runs again once on a fresh process;
//     killed again, the case is ErrUnavailable, never ErrCrashed: our
//     faults stay ours (killed_test.go kills the real roqet);
//   - a term with a character XML 1.0 cannot hold makes its XML writer fail:
//     ErrUnsupported (its JSON writer is refused for results);
//   - GRAPH ?g {} (and GRAPH ?g { OPTIONAL {...} }) lists only the last -G
//     graph: a wrong answer, left for the oracle to report.
//
// How to change it: add a case to TestClassified (real roqet) or TestFaults
// (testdata/fake-roqet, for behaviour a real roqet cannot be made to show),
// then run `go test ./adapters/rasqal`; TestMasterRelease,
// TestMasterIsMaster and TestMasterReproducer run master's roqet where it
// is built (else skip).
//
// descriptor.go describes Rasqal: its newest build is git master (the
// last release, 0.9.33, is from 2014), so findings on the Debian build are
// stale until re-checked on master; known.json holds its rules (none yet).
package rasqal
