package sparqlhttp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// fake is a recording endpoint: /store takes Graph Store requests behind
// digest auth, /sparql answers with a canned response.
type fake struct {
	mu     sync.Mutex
	log    []string // "PUT <iri>", "DELETE <iri>", "QUERY default=[...] named=[...]"
	status int
	ctype  string
	body   string
	header map[string]string
	accept string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.URL.Path {
	case "/store":
		if !checkDigest(r, "u", "pw") {
			w.Header().Set("WWW-Authenticate", `Digest realm="R", nonce="n1", qop="auth", opaque="o"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		io.Copy(io.Discard, r.Body)
		f.log = append(f.log, r.Method+" "+r.URL.Query().Get("graph"))
	case "/sparql":
		r.ParseForm()
		f.accept = r.Header.Get("Accept")
		f.log = append(f.log, fmt.Sprintf("QUERY default=%v named=%v", r.PostForm["default-graph-uri"], r.PostForm["named-graph-uri"]))
		for k, v := range f.header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", f.ctype)
		w.WriteHeader(f.status)
		io.WriteString(w, f.body)
	}
}

// checkDigest verifies an RFC 7616 response with qop=auth.
func checkDigest(r *http.Request, user, pw string) bool {
	scheme, params, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if scheme != "Digest" {
		return false
	}
	p := parseParams(params)
	ha1 := md5hex(user + ":R:" + pw)
	ha2 := md5hex(r.Method + ":" + p["uri"])
	want := md5hex(strings.Join([]string{ha1, "n1", p["nc"], p["cnonce"], "auth", ha2}, ":"))
	return p["response"] == want && p["uri"] == r.URL.RequestURI() && p["opaque"] == "o"
}

func newFake(t *testing.T) (*fake, *Engine) {
	f := &fake{status: 200, ctype: "application/sparql-results+json", body: `{"head":{"vars":[]},"results":{"bindings":[{}]}}`}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	e := New(Config{Name: "fake", Query: srv.URL + "/sparql", Store: srv.URL + "/store",
		Auth: AuthDigest, User: "u", Password: "pw"})
	e.run = "R"
	return f, e
}

func testCase(query string) *oracle.Case {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://ex/s"), P: rdf.IRI("http://ex/p"), O: rdf.String("d")})
	ds.Add(rdf.Quad{S: rdf.IRI("http://ex/s"), P: rdf.IRI("http://ex/p"), O: rdf.String("n"), G: rdf.IRI("http://ex/g")})
	ds.Named(rdf.IRI("http://ex/empty"), true)
	src := map[string]*rdf.Graph{"http://ex/src": rdf.NewGraph(rdf.Triple{S: rdf.IRI("http://ex/s"), P: rdf.IRI("http://ex/p"), O: rdf.String("s")})}
	return &oracle.Case{Query: query, Dataset: ds, Sources: src}
}

// TestLayout checks the loading strategy of doc.go request by request.
func TestLayout(t *testing.T) {
	cases := []struct{ query, log string }{
		{"SELECT * WHERE { ?s ?p ?o }", `PUT http://ex/g|PUT urn:sparql-oracle:R:1:default|DELETE http://ex/empty|` +
			`QUERY default=[urn:sparql-oracle:R:1:default] named=[http://ex/empty http://ex/g]|DELETE http://ex/g|DELETE urn:sparql-oracle:R:1:default`},
		{"SELECT * FROM <http://ex/src> FROM <http://ex/nowhere> FROM NAMED <http://ex/g> WHERE { ?s ?p ?o }",
			`PUT http://ex/g|PUT http://ex/src|` +
				`QUERY default=[http://ex/src urn:sparql-oracle:R:1:absent] named=[http://ex/g]|DELETE http://ex/g|DELETE http://ex/src`},
		{"ASK FROM NAMED <http://ex/nowhere> {}", `PUT http://ex/g|PUT http://ex/src|` +
			`QUERY default=[urn:sparql-oracle:R:1:empty] named=[urn:sparql-oracle:R:1:none]|DELETE http://ex/g|DELETE http://ex/src`},
	}
	for _, c := range cases {
		f, e := newFake(t)
		if _, err := e.Eval(context.Background(), testCase(c.query)); err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if got := strings.Join(f.log, "|"); got != c.log {
			t.Errorf("%s:\n got %s\nwant %s", c.query, got, c.log)
		}
	}
}

// TestAnswers checks decoding and error classes of query responses.
func TestAnswers(t *testing.T) {
	cases := []struct {
		query, ctype, body string
		status             int
		header             map[string]string
		want               string // results kind or the error class
	}{
		{query: "ASK {}", ctype: "application/sparql-results+json", body: `{"head":{},"boolean":true}`, status: 200, want: "boolean"},
		{query: "CONSTRUCT WHERE { ?s ?p ?o }", ctype: "application/n-triples", body: "<http://a>\t<http://b>\t\"c\" .\n", status: 200, want: "graph"},
		{query: "SELECT * {}", ctype: "application/sparql-results+xml", status: 200, want: "bindings",
			body: `<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/><results/></sparql>`},
		{query: "SELEC * {}", ctype: "text/plain", body: "37000 Error SP030: syntax error\n\nSPARQL query:\nSELEC * {}", status: 400, want: "rejected"},
		{query: `SELECT ("unsupported" AS ?x) {`, ctype: "text/plain", body: "SP030: syntax error\n\nSPARQL query:\nSELECT (\"unsupported\" AS ?x) {", status: 400, want: "rejected"},
		{query: "SELECT (1/0 AS ?x) {}", ctype: "text/plain", body: "22012 Error SR084: Division by 0.", status: 500, want: "error"},
		// The status decides (the phase), not the words: a generic endpoint
		// has no rule of its own for Virtuoso's codes (adapters/virtuoso has).
		{query: "SELECT * {}", ctype: "text/plain", body: "SQ070:SECURITY: Must have select privileges", status: 500, want: "error"},
		{query: "SELECT * {}", ctype: "text/plain", body: "syntax error: not supported here", status: 500, want: "error"},
		{query: "SELECT * {}", ctype: "text/plain", body: "no such function", status: 501, want: "unsupported"},
		{query: "SELECT * {}", ctype: "text/html", body: "<h1>Bad Gateway</h1>", status: 502, want: "unavailable"},
		{query: "SELECT * {}", ctype: "text/plain", body: "starting up", status: 503, want: "unavailable"},
		{query: "SELECT * {}", ctype: "text/plain", body: "upstream timed out", status: 504, want: "timeout"},
		{query: "SELECT * {}", ctype: "application/sparql-results+json", body: `{"head":{"vars":[]},"results":{"bindings":[]}}`,
			status: 200, header: map[string]string{"X-SQL-State": "S1TAT"}, want: "timeout"},
	}
	for _, c := range cases {
		f, e := newFake(t)
		f.ctype, f.body, f.status, f.header = c.ctype, c.body, c.status, c.header
		a, err := e.Eval(context.Background(), testCase(c.query))
		got := oracle.Classify(err)
		if err == nil {
			got = map[results.Kind]string{results.Bindings: "bindings", results.Boolean: "boolean", results.Graph: "graph"}[a.Kind]
		}
		if got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.query, got, err, c.want)
		}
		if wantGraph := strings.HasPrefix(c.query, "CONSTRUCT"); wantGraph != (f.accept == acceptGraph) {
			t.Errorf("%s: Accept %q", c.query, f.accept)
		}
	}
}

// TestLastQueryTimeNil: the Protocol engine of a server not started yet
// (Managed's and Virtuoso's before the first case) has no last query.
func TestLastQueryTimeNil(t *testing.T) {
	var e *Engine
	if got := e.LastQueryTime(); got != 0 {
		t.Errorf("nil Engine's LastQueryTime = %v, want 0", got)
	}
}

// An endpoint that refuses connections, or whose name does not resolve, is
// unavailable: never a crash of the engine, never an answer.
func TestUnreachableIsUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	e := New(Config{Name: "down", Query: closed + "/sparql", Store: closed + "/store"})
	_, err = e.Eval(context.Background(), testCase("SELECT * { ?s ?p ?o }"))
	if got := oracle.Classify(err); got != "unavailable" {
		t.Errorf("%s: %q (%v), want unavailable", closed, got, err)
	}
	// A name that does not resolve, without asking a resolver (no network
	// beyond loopback in tests): the error the dialer returns.
	dns := &url.Error{Op: "Post", URL: "http://no-such-host.invalid/sparql", Err: &net.OpError{Op: "dial", Net: "tcp",
		Err: &net.DNSError{Err: "no such host", Name: "no-such-host.invalid", IsNotFound: true}}}
	if got := oracle.Classify(transportError(context.Background(), dns)); got != "unavailable" {
		t.Errorf("DNS failure: %q, want unavailable", got)
	}
	reset := &url.Error{Op: "Post", URL: closed, Err: &net.OpError{Op: "read", Net: "tcp", Err: io.ErrUnexpectedEOF}}
	if got := oracle.Classify(transportError(context.Background(), reset)); got != "crashed" {
		t.Errorf("connection lost during the request: %q, want crashed", got)
	}
}

// Config.Refusal is consulted before the status decides.
func TestRefusalRule(t *testing.T) {
	f, e := newFake(t)
	f.ctype, f.body, f.status = "text/plain", "E42: feature X is not implemented", 400
	e.cfg.Refusal = func(status int, body string) error {
		if status == 400 && strings.HasPrefix(body, "E42:") {
			return oracle.ErrUnsupported
		}
		return nil
	}
	if _, err := e.Eval(context.Background(), testCase("SELECT * {}")); oracle.Classify(err) != "unsupported" {
		t.Errorf("E42: %v, want unsupported", err)
	}
	f.body = "E1: syntax error"
	if _, err := e.Eval(context.Background(), testCase("SELECT * {}")); oracle.Classify(err) != "rejected" {
		t.Errorf("E1: %v, want rejected", err)
	}
}

func TestRefuseService(t *testing.T) {
	_, e := newFake(t)
	e.cfg.RefuseService = true
	_, err := e.Eval(context.Background(), testCase("SELECT * { SERVICE <http://127.0.0.1:1/> {} }"))
	if oracle.Classify(err) != "unsupported" {
		t.Errorf("SERVICE: %v", err)
	}
}

func TestParseParams(t *testing.T) {
	got := parseParams(`realm="a, b", nonce=xyz, qop="auth,auth-int", opaque="q\"x"`)
	want := map[string]string{"realm": "a, b", "nonce": "xyz", "qop": "auth,auth-int", "opaque": `q"x`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSharedBlankNode(t *testing.T) {
	f, e := newFake(t)
	c := testCase("SELECT * {}")
	c.Dataset.Add(rdf.Quad{S: rdf.Blank("b"), P: rdf.IRI("http://ex/p"), O: rdf.String("1")})
	c.Dataset.Add(rdf.Quad{S: rdf.Blank("b"), P: rdf.IRI("http://ex/p"), O: rdf.String("2"), G: rdf.IRI("http://ex/g")})
	if _, err := e.Eval(context.Background(), c); oracle.Classify(err) != "unsupported" {
		t.Errorf("a blank node in two graphs: %v, want unsupported", err)
	}
	if len(f.log) != 0 {
		t.Errorf("nothing may be loaded: %v", f.log)
	}
}

// TestDigestBeforeBody: a server that answers an unauthenticated request
// with 401 and closes the connection before reading its body (Virtuoso's
// /sparql-graph-crud-auth) must still get a large load: the challenge is
// learnt by a bodyless request first, so no write meets a closed socket.
func TestDigestBeforeBody(t *testing.T) {
	var puts int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !checkDigest(r, "u", "pw") {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			buf.WriteString("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest realm=\"R\", nonce=\"n1\", qop=\"auth\", opaque=\"o\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			buf.Flush()
			conn.Close()
			return
		}
		io.Copy(io.Discard, r.Body)
		if r.Method == http.MethodPut {
			puts++
		}
	}))
	defer srv.Close()
	e := New(Config{Name: "fake", Query: srv.URL + "/sparql", Store: srv.URL + "/store", Auth: AuthDigest, User: "u", Password: "pw"})
	body := bytes.Repeat([]byte("<http://ex/s> <http://ex/p> \"a long enough literal to fill the socket's buffers\" .\n"), 1<<16)
	resp, _, err := e.send(context.Background(), http.MethodPut, srv.URL+"/store?graph=g", "application/n-triples", body, "", true)
	if err != nil {
		t.Fatalf("the load met the challenge with its body: %v", err)
	}
	if resp.StatusCode != http.StatusOK || puts != 1 {
		t.Fatalf("status %d, %d PUT received, want 200 and 1", resp.StatusCode, puts)
	}
}
