package virtuoso

import (
	"regexp"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// errorHead is the head of every Virtuoso error body: "Virtuoso <SQLSTATE>
// Error <code>: <message>". The code names the component that failed:
// SP030 the SPARQL parser, SP031 the SPARQL compiler (a parsed query it
// cannot translate), SQ070 a missing privilege.
var errorHead = regexp.MustCompile(`^(?:Virtuoso )?([0-9A-Z]{5}) Error ([A-Z]{2}[0-9]{3}|[A-Z]{2}\.\.\.):? ?(.*)`)

// refusal is Virtuoso's rule for a failed query (sparqlhttp.Config.Refusal);
// the status decides the rest (400 parse or prepare: rejected; 500
// evaluation: error). Two refusals are features it lacks, not a refusal
// of a valid query: its compiler's "Built-in function is not implemented"
// (SP031: a SPARQL 1.1 function it does not have) and SQ070 (SERVICE: the
// anonymous user may not call out; the adapter refuses SERVICE before it
// gets there). Two more are the oracle's own settings, not the engine's
// reading of SPARQL: SP031 "cannot be used in text of SPARQL query due to
// security restrictions" (its policy on extension functions such as
// bif:file_to_string) and HC001 (an HTTP client built-in in a sandbox
// without a network).
func refusal(status int, body string) error {
	m := errorHead.FindStringSubmatch(strings.TrimSpace(body))
	if m == nil {
		return nil
	}
	code, msg := m[2], m[3]
	switch {
	case code == "SP031" && strings.Contains(msg, "is not implemented"):
		return oracle.ErrUnsupported
	case strings.HasPrefix(code, "SQ070") || strings.HasPrefix(msg, "SQ070"):
		return oracle.ErrUnsupported
	case code == "SP031" && strings.Contains(msg, "due to security restrictions"):
		// Its policy on extension functions (bif:file_to_string,
		// bif:system): a refusal of the oracle's settings, not of SPARQL.
		return oracle.ErrUnsupported
	case code == "HC001":
		// bif:http_get and the like, in a sandbox with no network.
		return oracle.ErrUnsupported
	}
	return nil
}
