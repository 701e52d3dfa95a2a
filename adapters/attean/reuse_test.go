package attean

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestReuse: both Perl engines load a dataset once for the queries naming
// it.
func TestReuse(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(name, func(t *testing.T) { adaptertest.CheckReuse(t, e) })
	}
}
