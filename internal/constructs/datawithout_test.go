package constructs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// DataWithout drops exactly the quads carrying the label (gen/numeric's
// MAX over predicates, whose stopped reduction kept a "127"^^xsd:byte).
func TestDataWithout(t *testing.T) {
	qs, err := rdf.ParseNQuads(strings.NewReader(`<http://s2> <http://p0> <http://s3> .
<http://s3> <http://p1> "" .
<http://s3> <http://p1> "127"^^<http://www.w3.org/2001/XMLSchema#byte> .
_:b <http://p1> "1"^^<http://www.w3.org/2001/XMLSchema#integer> <http://g> .
`), "test")
	require.NoError(t, err)
	ds := rdf.NewDataset()
	for _, q := range qs {
		ds.Add(q)
	}
	for _, c := range []struct {
		label string
		left  int
	}{{"literal xsd:byte", 3}, {"literal xsd:integer", 3}, {"blank node in data", 3}, {"named graph", 3}} {
		out, ok := DataWithout(ds, c.label)
		require.True(t, ok, c.label)
		require.Equal(t, c.left, out.Len(), c.label)
		require.NotContains(t, dataLabels(out), c.label)
	}
	_, ok := DataWithout(ds, "literal @lang")
	require.False(t, ok)
	require.Equal(t, 4, ds.Len(), "the case's dataset is not changed")
}
