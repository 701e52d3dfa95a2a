package jena

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestReuse: the sidecar loads a dataset once for the queries naming it.
func TestReuse(t *testing.T) { adaptertest.CheckReuse(t, engine(t)) }
