package sparqlhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Accept headers by query form (SPARQL 1.1 Protocol §2.1). A graph form must
// not be offered a results format: Virtuoso would pick it.
const (
	acceptResults = "application/sparql-results+json, application/sparql-results+xml;q=0.8"
	acceptGraph   = "application/n-triples, text/plain;q=0.5"
)

// query sends the case's query with the plan's dataset and reads the answer.
func (e *Engine) query(ctx context.Context, c *oracle.Case, h *oracle.QueryInfo, p *plan) (*results.Answer, error) {
	text := c.Query
	if c.Base != "" && !h.HasBase {
		// The Protocol has no base parameter: a BASE declaration carries it.
		text = "BASE <" + c.Base + ">\n" + text
	}
	params := url.Values{"default-graph-uri": p.Default, "named-graph-uri": p.Named}
	e.timeoutParams(ctx, params)
	accept := acceptResults
	switch h.Form {
	case "CONSTRUCT", "DESCRIBE":
		accept = acceptGraph
	case "": // our parser refused the text (a 1.2 test's escapes read by 1.1): either answer
		accept = acceptResults + ", " + acceptGraph
	}
	var resp *http.Response
	var data []byte
	var err error
	if e.cfg.DirectPost {
		u := e.cfg.Query + sep(e.cfg.Query) + params.Encode()
		resp, data, err = e.send(ctx, http.MethodPost, u, "application/sparql-query", []byte(text), accept, false)
	} else {
		params.Set("query", text)
		resp, data, err = e.send(ctx, http.MethodPost, e.cfg.Query, "application/x-www-form-urlencoded", []byte(params.Encode()), accept, false)
	}
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, e.statusError(resp, data)
	}
	a, err := decode(resp, data)
	if msg := streamedError(data); err != nil && msg != "" {
		if strings.Contains(msg, "has been cancelled") {
			// The Oxigraph server's own --timeout-s, which the oracle set
			// to the case's deadline: a timeout, not the engine's error.
			return nil, fmt.Errorf("%w: the endpoint's own time limit cancelled the query: %s", oracle.ErrTimeout, msg)
		}
		return nil, fmt.Errorf("%w: the endpoint failed while it streamed its answer: %s", oracle.ErrQueryError, msg)
	}
	return a, err
}

// decode reads a 200 answer by its media type.
func decode(resp *http.Response, data []byte) (*results.Answer, error) {
	if state := resp.Header.Get("X-SQL-State"); state != "" {
		// Virtuoso's "anytime" answers: a partial result cut at a time limit.
		return nil, fmt.Errorf("%w: partial answer (%s %s)", oracle.ErrTimeout, state, resp.Header.Get("X-SQL-Message"))
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/sparql-results+json", "application/json":
		return results.ReadJSON(bytes.NewReader(data))
	case "application/sparql-results+xml", "application/xml", "text/xml":
		return results.ReadXML(bytes.NewReader(data))
	case "application/n-triples", "text/plain":
		return graphAnswer(data)
	}
	return nil, fmt.Errorf("endpoint answered in %q, which is not a format asked for", mt)
}

func graphAnswer(data []byte) (*results.Answer, error) {
	a, err := sidecar.ReadGraph(bytes.NewReader(data), "answer")
	if err != nil {
		return nil, fmt.Errorf("endpoint answered with unreadable N-Triples: %w", err)
	}
	return a, nil
}

// statusError classifies a failed query by its status, that is by where
// it failed (SPARQL 1.1 Protocol §2.1.4: 400 for a malformed query, the
// parse or prepare phase; 500 when the service fails to execute it, the
// evaluate phase), never by the wording of the message: 400 is a refusal
// (ErrRejected), 500 an evaluation error, 501 Not Implemented a missing
// feature, 502 and 503 an endpoint (or the proxy before it) that cannot
// serve (ErrUnavailable), 504 a timeout. An engine's own rule (Config.Refusal,
// e.g. Virtuoso's error codes) may name a refusal as unsupported first.
func (e *Engine) statusError(resp *http.Response, data []byte) error {
	msg := fmt.Sprintf("%s: %s", resp.Status, excerpt(data))
	if e.cfg.Refusal != nil {
		if err := e.cfg.Refusal(resp.StatusCode, string(data)); err != nil {
			return fmt.Errorf("%w: %s", err, msg)
		}
	}
	switch resp.StatusCode {
	case http.StatusBadRequest:
		return fmt.Errorf("%w: %s", oracle.ErrRejected, msg)
	case http.StatusInternalServerError:
		return fmt.Errorf("%w: %s", oracle.ErrQueryError, msg)
	case http.StatusNotImplemented:
		return fmt.Errorf("%w: %s", oracle.ErrUnsupported, msg)
	case http.StatusBadGateway, http.StatusServiceUnavailable:
		return fmt.Errorf("%w: %s", oracle.ErrUnavailable, msg)
	case http.StatusGatewayTimeout:
		return fmt.Errorf("%w: %s", oracle.ErrTimeout, msg)
	}
	return fmt.Errorf("endpoint failed: %s", msg)
}

// send does one request; with auth it adds credentials (basic, or digest
// after the server's challenge). Body bytes are kept so a 401 can be retried.
//
// A request with a body is never the one that meets a digest challenge:
// a server answers 401 before reading the body and closes the connection,
// and the client, still writing, may see only the broken pipe (a load
// into Virtuoso's /sparql-graph-crud-auth lost so). A bodyless request
// to the same address learns the challenge first (RFC 7616 §3.3: the
// challenge is the realm's, whatever the method).
func (e *Engine) send(ctx context.Context, method, u, ctype string, body []byte, accept string, auth bool) (*http.Response, []byte, error) {
	if auth && e.digest != nil && len(body) > 0 && !e.digest.known() {
		if resp, _, err := e.send1(ctx, http.MethodGet, u, "", nil, "", false); err == nil && resp.StatusCode == http.StatusUnauthorized {
			e.digest.learn(resp)
		}
	}
	resp, data, err := e.send1(ctx, method, u, ctype, body, accept, auth)
	if err == nil && auth && e.digest != nil && resp.StatusCode == http.StatusUnauthorized && e.digest.learn(resp) {
		resp, data, err = e.send1(ctx, method, u, ctype, body, accept, auth)
	}
	return resp, data, err
}

func (e *Engine) send1(ctx context.Context, method, u, ctype string, body []byte, accept string, auth bool) (*http.Response, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", ctype)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if auth {
		e.authorize(req)
	}
	resp, err := e.cfg.Client.Do(req)
	if err != nil {
		return nil, nil, transportError(ctx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, transportError(ctx, err)
	}
	return resp, data, nil
}

func (e *Engine) authorize(req *http.Request) {
	switch e.cfg.Auth {
	case AuthBasic:
		req.SetBasicAuth(e.cfg.User, e.cfg.Password)
	case AuthDigest:
		if h := e.digest.authorize(req.Method, req.URL.RequestURI()); h != "" {
			req.Header.Set("Authorization", h)
		}
	}
}

// transportError classifies a request that got no HTTP answer. One
// whose context ended (deadline, cancel) is ErrTimeout. A
// connection that could not be made (refused, no route, a name that does
// not resolve) is an endpoint we cannot reach: ErrUnavailable, never the
// engine's answer. A connection lost after the request was sent is the
// endpoint failing on it: ErrCrashed.
func transportError(ctx context.Context, err error) error {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w: %v", oracle.ErrTimeout, err)
	case ctx.Err() != nil:
		// The case was cancelled (its client gone): our doing, not the
		// endpoint failing; a sidecar so stopped says the same.
		return fmt.Errorf("%w: the case was cancelled: %v", oracle.ErrTimeout, err)
	case errors.As(err, &dns), errors.As(err, &op) && op.Op == "dial":
		return fmt.Errorf("%w: endpoint unreachable: %v", oracle.ErrUnavailable, err)
	}
	return fmt.Errorf("%w: endpoint failed during the request: %v", oracle.ErrCrashed, err)
}

// excerpt keeps an error body short enough for a report line.
func excerpt(data []byte) string {
	s := strings.TrimSpace(string(data))
	if len(s) > 500 {
		s = s[:500] + "..."
	}
	return s
}
