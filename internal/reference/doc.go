// Package reference is the judge of the oracle: SPARQL 1.1 §18.5/§18.6
// (#sparqlAlgebra, #sparqlAlgebraEval) transcribed literally, declarative and
// slow, for test-sized data. Every other evaluator is compared against it.
//
// What it owns
//
//   - Eval (query.go): the query forms. SELECT applies its modifiers one by one
//     (selectq.go) so that the Result records what the spec leaves open:
//     Sequence (projected, DISTINCT solutions in ORDER BY order before
//     OFFSET/LIMIT), Ties (tie classes by ops.OrderCompare; ORDER BY keys from
//     the first one using RAND/NOW/UUID/STRUUID or an open variable on are
//     ignored), Offset/Limit, Reduced, Open (variables bound from SAMPLE,
//     GROUP_CONCAT, RAND, NOW, UUID, STRUUID, directly or through another open
//     variable: open.go). ASK is true iff there is a solution. CONSTRUCT
//     instantiates the template per solution with fresh blank nodes, drops
//     triples with an unbound or ill-placed term, returns a set (forms.go).
//     DESCRIBE policy: the concise bounded description of every described
//     resource in the default graph (outgoing triples, recursively through
//     blank-node objects). When OFFSET/LIMIT cut a tie class of a
//     CONSTRUCT or DESCRIBE, Result.Graphs lists the other graphs the kept
//     rows may build, up to 64 choices (graphq.go).
//   - One function per §18.5 operator, named as the spec names it and
//     preceded by the quoted definition and its anchor: Join, LeftJoin,
//     Filter, Union, Minus, Diff, Extend, ToMultiSet, OrderBy, Project,
//     Distinct, Reduced, Slice (algebra.go); Graph (graph.go); Group,
//     Aggregation, AggregateJoin (group.go, the combined algebra.Group node);
//     exists and substitute (expr.go, substitute.go). The dispatcher is
//     evaluator.eval in eval.go: one switch.
//   - BGP (bgp.go): every assignment of the pattern's variables, hidden ones
//     included, to terms of the active graph that sends each triple pattern
//     into the graph. The one licensed shortcut: a partial assignment is
//     rejected as soon as a fully assigned triple pattern is not in the graph.
//     No index, no join reordering, no streaming.
//   - Property paths (path.go) by §18.4: link, inverse, sequence (a fresh
//     variable, a bag), alternative (a bag), ZeroOrOnePath, ZeroOrMorePath and
//     OneOrMorePath through ALP (sets), negated property sets (sets).
//     Zero-length matches use nodes(G) with two variables; a constant endpoint
//     matches itself even when absent from G.
//   - SPARQL 1.2 (triple12.go; editor's draft of 2026-07-30): a triple
//     pattern nested as a triple term (algebra.Node.Triple) is matched by
//     #defn_PatternInstanceMapping, P replacing the variables inside it, so
//     a BGP's variables range over the terms inside G's triple terms too;
//     a partial assignment is also rejected once no triple of G matches a
//     pattern holding a nested one (their variables would otherwise all be
//     assigned first). A triple-pattern end of a property path is a fresh
//     variable whose value must be an instance of the pattern; CONSTRUCT
//     instantiates template triple terms part by part. The evaluation
//     follows the query's document (ops.Context.Spec12, follows12).
//
// Data: a Mapping is an association list sorted by variable (equal mappings
// are equal lists); a Multiset is a slice. Hidden variables (blank nodes of
// the query, path steps; names start with '?') stay in mappings until
// Project, which never keeps them, and never reach a Result; aggregates do
// not see them (COUNT(DISTINCT *)).
//
// Decisions where the text needs reading (each has a test):
//   - Diff: "expr(merge(μ, μ')) has an effective boolean value of false" is
//     read as "not true", so an error in an OPTIONAL's FILTER keeps μ
//     (W3C open-eq-12 and filter-scope-1 fail with the literal reading).
//   - Group with no keys and at least one aggregate is one group even over no
//     solutions (W3C agg-empty-group-count-2; errata-query-21, recorded as
//     followed); with keys, no solutions means no groups. Errors in a key group together; the key variable is unbound.
//   - substitute replaces variable occurrences (patterns, GRAPH names,
//     expressions), not binding positions (BIND targets, VALUES columns,
//     projected/grouped variables); VALUES rows incompatible with μ are
//     dropped; BOUND(?v) with v bound becomes true.
//   - Extend never rebinds: when the variable is bound already (possible only
//     after substitution) μ is kept.
//   - BNODE(str) scope: the Extends of one SELECT (a chain) share one scope
//     per solution (W3C bnode01).
//
// Computed values (provenance.go): every binding carries ops.Prov, what of
// its term the specification fixes. BGP, VALUES and GRAPH bind exact terms;
// Extend and Group record the Prov of the value they bind (ops.Eval and
// ops.Aggregate propagate it); every operator copies it with the term. The
// Result records it per cell (Cells, SequenceCells, TripleCells; Traced),
// and the comparator accepts every permitted form of a computed cell. Where
// an open value decides which solutions exist the answer is marked
// indeterminate: a FILTER/HAVING/OPTIONAL condition whose truth the
// openness may change (ops.EBVOpen), a join, MINUS, DISTINCT, REDUCED or
// GROUP BY that compares a computed value as a term with an equal-valued
// term of another computation (ops.TermEqualOpen), an EXISTS that
// substitutes one. ORDER BY keys whose order the openness may swap
// (ops.OrderOpen) join one tie class; an open key ends the determinate
// prefix. A condition that reads a fixed value (FILTER(?avg > 2) with ?avg
// far from 2) stays judged.
//
// Readings (readings.go): where the evaluation met contested questions
// (ops.Context.Met), Eval evaluates the query again under every other
// reading ops can compute (at most MaxReadings combinations) and records
// the answers (Result.Readings; ReadingsComplete when all were evaluated,
// none met a further question and no other choice was left open). EXISTS
// (exists_readings.go) is evaluated both ways where its pattern reads
// which variables a solution binds: by substitution, and with μ in scope
// as the 1.2 draft does; it is contested where the two part, and its
// alternatives are partial (ops.AlternativesComplete), so an answer that
// takes neither stays undecided. The other reading of
// ops.ContestedUnboundOperand (an operator's type error over an unbound
// operand is an extension point) is evaluated with §17.6's points open
// (extends); its answer is kept only where they open rows of top-level
// FILTERs alone (extendedRows), else that reading is undecided.
//
// Follows (follows.go, group.go): where the judge follows an erratum
// against the words it records it (ops.Context.Follow): errata-query-12
// where an error decided an OPTIONAL's filter, errata-query-21 where an
// aggregate with no GROUP BY met no solution (the implicit group kept).
//
// §17.6 extension points (extension.go): an error a function or operator
// raised on bound arguments (ops.Value.Extensible) is recorded where it
// decided the answer: a top-level BIND or projection cell, a row a
// top-level FILTER or HAVING dropped, or elsewhere (a join, an OPTIONAL's
// filter, an aggregate, ORDER BY, EXISTS, a masked error, a query that is
// no SELECT...). Without elsewhere, Eval evaluates the query once more
// with those points open (Options.Extension: the cell holds
// results.ExtensionValue, the row is kept) into Result.Extension.
//
// Resources: Options.MaxSteps counts work units (assignments tried, join
// pairs, path steps, expression evaluations); MaxSolutions bounds every
// multiset being built; Fuel bounds EXISTS nesting (one unit per level).
// Running out returns an error wrapping ops.ErrBudget; a done context
// returns ctx.Err() (polled every 1024 steps). SERVICE is ErrService. A panic
// in a dependency becomes an error.
//
// Imports: stdlib, internal/rdf, internal/algebra, internal/ops only; never
// the fast engine. Expression semantics (§17) and the set functions are
// ops's; this package decides only the algebra.
//
// How to change it: keep one operator per function with its quoted
// definition; add a case to testdata/operators.txt (operators on hand-built
// multisets), testdata/patterns.txt (BGPs and paths) or
// testdata/queries/*.txt (whole queries; regenerate goldens with
// `go test ./internal/reference -run Queries -update` and review the diff).
// The W3C suite runs through this package in internal/w3c
// (`go test ./internal/w3c -run Reference -v`).
//
// SPARQL 1.1 Update (update.go, update_request.go, update_transfer.go):
// §4 transcribed one function per definition, each under its quoted text
// (DatasetUnion, DatasetDiff, DatasetQuadPattern, DatasetPattern,
// OpInsertData ... OpDropall, TrDataset, Tr). Update applies a request to
// a copy of the store and answers results.GraphStore; where the text lets
// an operation fail or go on (SHOULD/MAY), the formal model's outcome is
// the answer and the failure, atomic or partial (§2.2), is listed in
// Freedom.Update. Choices: docs/spec-questions.md, "SPARQL 1.1 Update";
// cases: testdata/updates.txt (TestUpdateRequests).
package reference
