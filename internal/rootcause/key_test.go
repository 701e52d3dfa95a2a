package rootcause

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// finding reads "engine class trigger;trigger symptom words..." (a
// trigger of one label without spaces, or labels joined by ';' where
// they hold spaces: written with '_' for a space); a class written
// class@relation is a metamorphic relation's violation.
func finding(t *testing.T, s string) Finding {
	t.Helper()
	f := strings.SplitN(strings.TrimSpace(s), " ", 4)
	require.Len(t, f, 4, s)
	var trig []string
	for _, l := range strings.Split(f[2], ";") {
		trig = append(trig, strings.ReplaceAll(l, "_", " "))
	}
	class, relation, _ := strings.Cut(f[1], "@")
	return Finding{Engine: f[0], Class: diff.Class(class), Trigger: trig, Ablated: true, Symptom: f[3], Relation: relation}
}

func TestKeys(t *testing.T) {
	oracle.Register(oracle.Descriptor{Name: "oxigraph", Family: "oxigraph"})
	oracle.Register(oracle.Descriptor{Name: "pyoxigraph", Family: "oxigraph"})
	for _, row := range table(t, "testdata/keys.txt", 3) {
		a, b := Of(finding(t, row[1])), Of(finding(t, row[2]))
		switch row[0] {
		case "same":
			require.Equal(t, a.ID, b.ID, "one root cause: %s / %s", row[1], row[2])
		case "differ":
			require.NotEqual(t, a.ID, b.ID, "two root causes: %s / %s", row[1], row[2])
		default:
			t.Fatalf("verdict %q: want same or differ", row[0])
		}
	}
}
