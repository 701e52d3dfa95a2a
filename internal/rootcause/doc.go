// Package rootcause says what one finding is a witness of: the thing an
// engine's maintainers would fix once. A root cause is keyed by
//
//	(engine family, class group, trigger, symptom)
//
// where the family is the code base (oracle.Descriptor.Family: npm
// oxigraph, pyoxigraph and oxigraph-server are one), the class group is
// diff.Class.Group (missing and extra rows of one operator are one
// group), the trigger is the set of constructs the divergence needs
// (reduce.Trigger, found by ablation on the reduced case), and the symptom
// is what the engine did, abstracted: an error's message with values,
// names, positions and IRIs replaced by placeholders, or the shape of the
// difference ("row dropped", "xsd:integer typed xsd:decimal",
// "literal rewritten to canonical form"). Findings with one key are one
// root cause with several witnesses; the key does not depend on the
// bystander engines, the seed or the reduced case's variable names, so a
// second sweep adds only root causes the first did not have.
//
// A metamorphic relation's violation (Finding.Relation) is keyed by
// (engine family, class group, relation, trigger, symptom), its trigger
// the constructs of the clause the relation rewrites (filing's
// RelationTrigger), without the refinements below; a key without a
// relation hashes as it did before relations.
//
// A root cause also carries its severity (diff.Severity, refined by the
// symptom: a boolean written as 0/1 is cosmetic), the rule of the family's
// known.json that matches it (intended, wontfix, known, fixed), and
// whether the tested build is older than what the maintainers ship
// (oracle.Descriptor.Stale): such a root cause is re-checked on the newest
// release before it is filed. And when the regression corpus records it
// (Recorded, read from the corpus/regress/roots.tsv the binary carries),
// the case that is its smallest witness, its status on the findings page
// and its tracker record: a root cause found again is not news.
//
// To change the key, change keyOf (its refinements are listed there) and
// say so in the store's migration: every stored root cause is re-keyed
// from its witnesses. testdata/keys.txt says, with real witnesses, which
// findings are one root cause and which are two: add a row for every
// merge or split. TestCorpusKeys checks that every root cause recorded in
// corpus/regress is the one the key gives from the facts recorded beside
// it; when a change moves one, re-record the corpus (internal/regress,
// -record) or rewrite its root_cause cells, then regenerate
// docs/findings.md (go test ./internal/regress -run TestFindings -update).
// To add a symptom, add it to symptom.go and to testdata/transformations.txt
// or testdata/messages.txt; rules in the adapters' known.json may match it
// by regular expression.
//
// How to change it: keys are data: a row of testdata/keys.txt (TestKeys), a
// message normalisation in testdata/messages.txt (TestMessage), a
// transformation in testdata/transformations.txt (TestTransformation);
// TestCorpusKeys keys the regression corpus.
package rootcause
