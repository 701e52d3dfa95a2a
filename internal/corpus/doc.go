// Package corpus reads test corpora. Today it holds the W3C test-manifest
// reader; the corpus case format and the random case generator come later.
//
// Manifests (manifest*.go) are Turtle documents in the W3C test vocabulary
// (https://www.w3.org/2001/sw/DataAccess/tests/README): mf:Manifest nodes
// with mf:include (other manifests, recursively; an included manifest that
// is absent is tolerated and reported in Suite.Missing, for snapshots that
// leave folders out) and mf:entries (tests, in list order). Each Test
// records its IRI (the stable id), type, name, mf:action (qt:query, qt:data,
// qt:graphData as an IRI or as a blank node with qt:graph/ut:graph and
// rdfs:label, qt:serviceData, sd:entailmentRegime; for update tests
// ut:request, ut:data and ut:graphData), mf:result (a file IRI, or for
// update tests the expected store in Test.UpdateResult), mf:requires,
// mf:feature, mf:resultCardinality mf:LaxCardinality and dawgt:approval.
// Relative IRIs resolve against the manifest file's own file: IRI, so
// manifests of other projects read the same way.
//
// Approval: every test is listed, whatever its dawgt:approval; Test.Withdrawn
// is true for dawgt:Withdrawn, dawgt:Rejected and dawgt:NotApproved, and the
// runner (package w3c) skips those. Approved, Proposed, NotClassified and
// unclassified tests run, as in Oxigraph's runner.
//
// SuiteRoot finds the W3C suite ($W3C_TESTS, else ../shared/w3c/rdf-tests
// next to the repository root). syntax_test.go runs every query syntax test
// through algebra.Parse against baselines/syntax.tsv; the sparql12 suite's
// (Test.SPARQL12) by the SPARQL 1.2 document (syntax.Spec12).
//
// Data the binary carries (data.go): DataRoot is the folder holding
// corpus/profiles, corpus/regress and baselines/, the checkout's when the
// working directory is in one, else the embedded copies (package corpusdata
// at corpus/embed.go, package baselines at baselines/embed.go) written once
// per content hash into the user cache folder. ProfileByName reads named
// profiles there; RegisterInline makes a profile known by the hash of its
// content (NAME@HASH), so a sweep carries a profile file to its workers.
//
// The realistic profile (gen_realistic.go): a Profile with Realistic set
// ("realistic" by name: 100k triples, blocks of ten seeds, the data seed
// picks the shape; or a JSON profile's "realistic": {"shape", "triples",
// "block"}) makes Generate return internal/realistic's case for the seed:
// LUBM-, BSBM- or knowledge-graph data of the seed's block (data seed =
// seed / block, rounded down; block 1 gives every seed its own data)
// and a benchmark or query-log query drawn from it with the seed itself
// (GenCase.Template names it). A block's data is built once and shared
// by its cases (GenCase.Data nil, Dataset returns that one copy, which
// nobody may change; the last two blocks' data are kept, and two workers
// asking for one block at once build it once), so a sweep's consecutive
// cases query one dataset and the engines that keep their store load it
// once per block. It is not in Profiles, so the nightly rotation leaves
// it out; `oracle sweep start --profile realistic` asks.
//
// A generated case of either kind, a query (GenCase, Generate) or an
// update request (GenUpdate, GenerateUpdate, gen_update*.go), holds its
// seed, profile and data in one part (generated: Name, Dataset, NQuads);
// what differs is the text and its tree, and an update's empty graphs.
//
// How to change it: keep Test fields plain data (the runner and reports read
// them); add vocabulary as constants next to MF/QT; add a fixture under
// testdata/manifest for each construct the reader learns.
package corpus
