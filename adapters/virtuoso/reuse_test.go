package virtuoso

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestKeepLoaded: the server keeps a case's data loaded for the next
// query of the same dataset, loads another, and drops it for an update.
func TestKeepLoaded(t *testing.T) { adaptertest.CheckReuse(t, engine(t)) }
