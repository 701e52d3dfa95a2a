package engine_test

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// judge returns the reference evaluator by name through the registry: the
// engine's tests compare with it, yet this package never imports the
// reference (docs/architecture.md: the two evaluators share nothing but ops).
func judge(t testing.TB) oracle.Engine {
	t.Helper()
	e, err := registry.New("reference")
	if err != nil {
		t.Fatal(err)
	}
	return e
}
