package virtuoso

import (
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestRefusal: bodies as Virtuoso 7.2.5 sends them (from the W3C runs in
// baselines/virtuoso.tsv). Only the two documented codes are a feature it
// lacks; every other failure is left to the status (nil).
func TestRefusal(t *testing.T) {
	cases := []struct {
		status int
		body   string
		want   error
	}{
		{400, "Virtuoso 37000 Error SP031: SPARQL compiler: Internal error: Built-in function is not implemented", oracle.ErrUnsupported},
		{500, "Virtuoso 42000 Error SQ070:SECURITY: Must have select privileges on view DB.DBA.SPARQL_SINV_2", oracle.ErrUnsupported},
		{400, "Virtuoso 37000 Error SP031: SPARQL compiler: Function bif:file_to_string() cannot be used in text of SPARQL query due to security restrictions", oracle.ErrUnsupported},
		{500, "Virtuoso HTCLI Error HC001: Connection Error in HTTP Client", oracle.ErrUnsupported},
		{400, "Virtuoso 37000 Error SP030: SPARQL compiler, line 5: syntax error at 'OPTIONAL' before '{'", nil},
		{400, "Virtuoso 37000 Error SP031: SPARQL compiler: HAVING clause should be preceded by a GROUP BY clause", nil},
		{400, "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: the feature is not implemented as a word in a syntax error", nil},
		{500, "Virtuoso 22012 Error SR084: Division by 0.", nil},
		{500, "Virtuoso 37000 Error TR...: transitive start not given", nil},
		{500, "something else entirely: not implemented", nil},
	}
	for _, c := range cases {
		if got := refusal(c.status, c.body); !errors.Is(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("%d %q: %v, want %v", c.status, c.body, got, c.want)
		}
	}
}
