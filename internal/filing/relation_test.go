package filing

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestRelationTrigger: testdata/relation_triggers.txt says, query by
// query, which constructs a relation's violation is keyed by.
func TestRelationTrigger(t *testing.T) {
	text, err := os.ReadFile("testdata/relation_triggers.txt")
	require.NoError(t, err)
	rows := 0
	for _, line := range strings.Split(string(text), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line+" ", " | ")
		require.Len(t, f, 3, line)
		q, err := syntax.Parse(f[1], syntax.Options{})
		require.NoError(t, err, line)
		var want []string
		if w := strings.TrimSpace(f[2]); w != "" {
			want = strings.Split(w, ";")
		}
		got := RelationTrigger(q, f[0])
		if len(got) == 0 {
			got = nil
		}
		require.Equal(t, want, got, line)
		rows++
	}
	require.Positive(t, rows)
}
