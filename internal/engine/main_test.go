package engine_test

import (
	"os"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func TestMain(m *testing.M) {
	rdf.ServeLoadChild()
	os.Exit(m.Run())
}
