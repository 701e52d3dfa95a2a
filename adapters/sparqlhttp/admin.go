package sparqlhttp

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Admin sends one authenticated form POST (Config.Auth, User, Password) to
// u and returns the status and body: for the one-off requests an adapter
// makes to set up its own server (Virtuoso: its dba password, set through
// /sparql-auth where no SQL port is reachable), never for a case.
func (e *Engine) Admin(ctx context.Context, u string, form url.Values) (int, []byte, error) {
	resp, data, err := e.send(ctx, http.MethodPost, u, "application/x-www-form-urlencoded", []byte(form.Encode()), "application/sparql-results+json", true)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", u, err)
	}
	return resp.StatusCode, data, nil
}

// hasService reports a SERVICE clause in the query's syntax tree. A query
// our parser refuses has none to find: it is the endpoint's to refuse, so
// it goes there unless its text has the keyword at all (the one place a
// word decides, for text that is not SPARQL 1.1).
func hasService(c *oracle.Case) bool {
	info, err := c.Info()
	if err != nil {
		return strings.Contains(strings.ToUpper(c.Query), "SERVICE")
	}
	return info.HasService
}
