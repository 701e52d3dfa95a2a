package w3c

import ("context";"testing";"github.com/sparql-oracle/oracle/internal/corpus";"github.com/sparql-oracle/oracle/internal/registry";"github.com/sparql-oracle/oracle/internal/reference")

func TestDbgNotes(t *testing.T) {
	root, _ := corpus.SuiteRoot()
	rep := Run(context.Background(), registry.Reference(reference.Options{}), DefaultPaths(root), Options{})
	for _, r := range rep.Results { if r.Note != "" { t.Log(r.Test.ID, r.Outcome, r.Note) } }
}
