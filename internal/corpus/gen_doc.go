package corpus

// The random case generator (gen*.go).
//
// Generate(seed, profile) returns a *GenCase: a query printed from a syntax
// tree built by code (so every query is valid SPARQL text that
// algebra.Parse accepts; TestGenerateAccepted checks 2,000 seeds per
// profile) and a small dataset as rdf.Quads. It is a pure function of
// (seed, profile): math/rand/v2's PCG, weighted picks over sorted feature
// names, no map iteration order anywhere.
//
// Files:
//
//	gen.go          GenCase, Generate, the generator state, weighted picks
//	gen_profile.go  Profile (JSON-loadable), the built-in profiles default,
//	                nondet and large, FeatureNames, Validate
//	gen_pool.go     the adversarial term pool, the same text as corpus/pool.nt
//	gen_data.go     Pool, the shared vocabulary (subjects s0..s3, predicates
//	                p0..p2, graphs g0 g1), the dataset, constants for queries
//	gen_pattern.go  group graph patterns, BGPs as a walk over the data,
//	                property paths, VALUES
//	gen_expr.go     expressions and built-ins by family
//	gen_query.go    query forms, projections, aggregates, solution modifiers
//
// Data: a case draws 4-10 terms from the pool and MinQuads..MaxQuads quads
// over the shared vocabulary; objects are often subjects, so the data has
// chains and cycles for property paths; blank-node subjects and named
// graphs appear by weight.
//
// Queries are scope-correct by construction (#variableScope): BIND and
// SELECT `AS` targets are fresh variables (?x1, ?x2...), sub-selects are
// alone in their group, aggregate projections use only grouping keys and
// earlier `AS` variables outside aggregates (#aggregateRestrictions), BOUND
// takes a variable. BGPs use at most MaxBGPVars new variables and are
// never adjacent (adjacent blocks would merge into one BGP), which keeps
// the reference's BGP search small. Most triple patterns follow a witness
// walk over the default graph, so answers are non-empty about half the
// time (TestCasesAreInformative in internal/selfcheck).
//
// The judge expresses only part of the freedom SPARQL leaves; by default
// the generator stays inside it: OFFSET/LIMIT only with ORDER BY (a
// sub-select orders by every projected variable first), no slices on
// CONSTRUCT/DESCRIBE, no SAMPLE, and SAMPLE/GROUP_CONCAT never in HAVING,
// ORDER BY or sub-selects. The weights p.unordered_slice, p.graph_slice and
// agg.sample lift these (corpus/profiles/freedom.json), and the nondet
// profile adds RAND, NOW, UUID, STRUUID and BNODE.
//
// To add a feature: give it a weight in defaultWeights (its prefix says how
// it is read, see Profile), handle it in the generator's switch for its
// group, and add its keyword to TestGenerateCoverage. Changing the generator
// changes which case a seed gives: seeds are reproducible per version only,
// so a failure is kept as its .rq/.nq pair, not as a seed.
