// Package realistic generates realistic data and queries: seeded,
// deterministic graphs of 10k to 1M triples in the shapes of the standard
// benchmarks and of real knowledge graphs, and queries in the shapes of
// those benchmarks and of query logs, with constants drawn from the data
// so that they match. The generated cases reach what a handful of triples
// never does: join orders, filter placement, index choice, plans that
// change with cardinality.
//
// # Data (gen.go, lubm.go, bsbm.go, kg.go)
//
// Spec names a Shape, a size in triples and a seed; Stream sends the
// quads one by one to a function and keeps only a bounded Sample
// (reservoir samples per predicate and per class, counts, the named
// graphs), so a graph is never held twice; Dataset streams into one
// rdf.Dataset. Shapes:
//
//   - lubm: the LUBM university graph, from the paper's description (Guo,
//     Pan, Heflin 2005; the ratios are in lubm.go), with the class and
//     property hierarchy as rdfs:subClassOf / rdfs:subPropertyOf triples;
//   - bsbm: internal/engine's BSBM generator (GenerateBSBM), reused so
//     there is one BSBM shape; it builds a dataset, which Dataset hands
//     over as is (Stream walks it);
//   - kg: a knowledge graph: Zipf-distributed predicates, multi-valued
//     links, labels in seven languages, numbers of five datatypes, dates,
//     blank-node addresses, named graphs;
//   - kg12: kg plus RDF 1.2 reifiers of a quarter of the statements
//     (rdf:reifies a triple term; a source and a confidence);
//   - mix (a Spec only): the seed picks one of the four.
//
// # Queries (queries*.go, schema.go, mutate.go)
//
// Queries instantiates every template of a sample's shape; Pick draws one
// for a seed and mutates it one time in two. Templates: LUBM's fourteen
// queries (property paths standing in for OWL inference), the BSBM explore
// mix (queries 1-12 over engine's vocabulary), the query-log shapes over
// the shape's schema (schema.go: which predicates link which kinds):
// linear, star, snowflake, complex, OPTIONAL chains, FILTERs over several
// datatypes, aggregates with HAVING, sub-selects with ORDER BY and LIMIT,
// property paths, UNION, MINUS, NOT EXISTS, GRAPH; and for kg12 reifier
// and triple-term queries. Mutate adds, removes or wraps one clause on the
// syntax tree (Mutations) and keeps the result only if it parses.
//
// The generator profile "realistic" of internal/corpus (its
// gen_realistic.go) turns a sweep seed into one of these cases; the
// metamorphic relations that judge them engine against itself are
// internal/diff's (metamorphic_rel*.go). Data and query have their own
// seeds there: a block of consecutive sweep seeds (ten by default,
// RealisticSpec.Block) shares the data of one Spec, whose Seed (and so
// the shape Mixed picks) is the sweep seed divided by the block, while
// Pick draws each case's query from the sweep seed itself, so the same
// Sample serves every query of the block. That is how BSBM and LUBM are
// run (one dataset, many queries), and it lets an engine that keeps its
// loaded store answer a block's later cases without loading 100k triples
// again. A Sample is read-only once Stream returns, so cases share it.
//
// # Changing this package
//
// A Spec's output is a contract: sweep keys (gen/realistic/SEED) name
// cases by it, so a change to a generator or template changes what a key
// means; say so in the commit. Keep generators streaming (state bounded
// by a department, an entity, a sample). Add a shape to Shapes, its
// schema to schema.go and its templates to templatesOf; the tests
// (realistic_test.go) check determinism, size, the shape's ratios and
// traits, and that every template parses and mostly matches on the fast
// engine at 12k triples.
//
// How to change it: a new shape is a generator file beside bsbm.go, lubm.go
// and kg.go with its queries in a queries_<shape>.go; realistic_test.go
// proves it is deterministic and sized (TestDeterministicAndSized) and that
// its queries parse and match the data (TestQueriesParseAndMatch).
package realistic
