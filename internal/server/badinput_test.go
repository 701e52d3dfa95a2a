package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// badCase is one file of testdata/bad: "key: value" header lines, a line
// "---", then the request body verbatim (or a "generate:" directive for
// inputs too big or too binary to keep as files). Keys:
//
//	method, path, content-type    the request
//	header: Name: value           a request header (repeatable)
//	auth: none                    send no token (default: the server's)
//	send: trickle N D             the body in N pieces, D apart (slow client)
//	send: truncate N              N bytes of the body, then hang up (no answer)
//	status                        the answer's status (0: none expected)
//	error, field, line, column    the JSON error's, for a 4xx
//	expect: text                  text the answer's body holds
//	response-header: Name: value  a header the answer carries
//	then: cancel-sweep            cancel the sweep a 202 created; no job may stay queued
//
// Bodies and headers may name {{SECRET_FILE}} (a readable RDF file whose
// content must never be answered or stored), {{LISTENER}} (a loopback
// HTTP server nothing may fetch from), {{TOKEN}} (the server's token) and
// {{CSRF}} (the form token of the server's pages, in process only). A
// "header: Host: name" sets the request's Host (DNS rebinding).
type badCase struct {
	name                      string
	method, path, contentType string
	status                    int
	error, field              string
	line, column              int
	body                      []byte
	headers, respHeaders      [][2]string
	noAuth                    bool
	send                      []string
	expect, then              string
}

func readBadCase(t *testing.T, path string) badCase {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, body, ok := bytes.Cut(raw, []byte("\n---\n"))
	if !ok {
		t.Fatalf("%s: no --- line", path)
	}
	c := badCase{name: strings.TrimSuffix(filepath.Base(path), ".req"), body: body}
	for i, l := range strings.Split(string(head), "\n") {
		k, v, _ := strings.Cut(l, ": ")
		if err := c.set(k, v); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
	}
	return c
}

func (c *badCase) set(k, v string) (err error) {
	atoi := func(p *int) { *p, err = strconv.Atoi(v) }
	pair := func() [2]string { n, val, _ := strings.Cut(v, ": "); return [2]string{n, val} }
	switch k {
	case "method":
		c.method = v
	case "path":
		c.path = v
	case "content-type":
		c.contentType = v
	case "status":
		atoi(&c.status)
	case "error":
		c.error = v
	case "field":
		c.field = v
	case "line":
		atoi(&c.line)
	case "column":
		atoi(&c.column)
	case "generate":
		c.body, err = generate(v)
	case "header":
		c.headers = append(c.headers, pair())
	case "response-header":
		c.respHeaders = append(c.respHeaders, pair())
	case "auth":
		c.noAuth = v == "none"
	case "send":
		c.send = strings.Fields(v)
	case "expect":
		c.expect = v
	case "then":
		c.then = v
	default:
		err = fmt.Errorf("unknown key %q", k)
	}
	return err
}

// readBadCases reads the whole table.
func readBadCases(t *testing.T) []badCase {
	files, _ := filepath.Glob("testdata/bad/*.req")
	var cs []badCase
	for _, f := range files {
		cs = append(cs, readBadCase(t, f))
	}
	return cs
}

// generate makes the inputs kept as recipes: "big-dataset N" (N bytes of
// Turtle), "many-quads N", "big-query N", "deep-parens N", "deep-groups N",
// "big-body N", "binary N" (seeded random bytes), "deep-json N",
// "concat-doubling N" (N chained CONCAT(?a, ?a) from ten characters),
// "group-concat-cross N", "concat-copies N", "literal-doubling N" (the
// memory bombs: generateHostile),
// "nested-exists N" (N nested FILTER EXISTS, the innermost false),
// "long-diff-name N", "long-sweep-name N", "big-sweep-body N",
// "deep-sweep-json N", "invalid-utf8-query", "latin1-sweep".
func generate(recipe string) ([]byte, error) {
	kind, arg, _ := strings.Cut(recipe, " ")
	n, err := strconv.Atoi(arg)
	if err != nil {
		return nil, err
	}
	if b, ok := generateHostile(kind, n); ok {
		return b, nil
	}
	query := func(q string) []byte { return fmt.Appendf(nil, `{"query": %q}`, q) }
	switch kind {
	case "big-dataset":
		return fmt.Appendf(nil, `{"query": "ASK {}", "dataset": {"default": "# %s\n"}}`, strings.Repeat("x", n)), nil
	case "many-quads":
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<http://ex/s%d> <http://ex/p> %d . `, i, i)
		}
		return fmt.Appendf(nil, `{"query": "ASK {}", "dataset": {"default": %q}}`, b.String()), nil
	case "big-query":
		return query("ASK {} # " + strings.Repeat("x", n)), nil
	case "deep-parens":
		return query("ASK { FILTER(" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ") }"), nil
	case "deep-groups":
		return query("ASK " + strings.Repeat("{", n) + strings.Repeat("}", n)), nil
	case "big-body":
		return fmt.Appendf(nil, `{"query": "ASK {}"%s}`, strings.Repeat(" ", n)), nil
	case "binary":
		r := rand.New(rand.NewPCG(uint64(n), 7))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.UintN(256))
		}
		b[0] = 0xff // never valid UTF-8, never a JSON start
		return b, nil
	case "deep-json":
		return []byte(`{"query": "ASK {}", "dataset": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`), nil
	}
	return nil, fmt.Errorf("unknown recipe %q", kind)
}

// generateHostile makes the hostile recipes: inputs built to exhaust
// memory, time or the parser.
func generateHostile(kind string, n int) ([]byte, bool) {
	query := func(q string, dataset string) []byte {
		b, _ := json.Marshal(map[string]any{"query": q, "dataset": map[string]string{"default": dataset}})
		return b
	}
	sweep := func(name string) []byte {
		b, _ := json.Marshal(map[string]any{"name": name, "generated": map[string]int{"from": 0, "to": 2}})
		return b
	}
	switch kind {
	case "concat-doubling":
		var b strings.Builder
		b.WriteString(`SELECT (STRLEN(?a` + strconv.Itoa(n) + `) AS ?n) WHERE { BIND("0123456789" AS ?a0)`)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, " BIND(CONCAT(?a%d, ?a%d) AS ?a%d)", i-1, i-1, i)
		}
		return query(b.String()+" }", ""), true
	case "group-concat-cross": // GROUP_CONCAT over a 3-way cross product of n triples
		var data strings.Builder
		for i := range n {
			fmt.Fprintf(&data, "<http://ex/s%d> <http://ex/p> \"%d\" . ", i, i)
		}
		return query(`SELECT (STRLEN(GROUP_CONCAT(CONCAT(?a, ?b, ?c))) AS ?n) WHERE { ?x ?p ?a . ?y ?q ?b . ?z ?r ?c }`, data.String()), true
	case "concat-copies": // CONCAT of n copies of a 200 kB literal
		args := strings.TrimSuffix(strings.Repeat("?l, ", n), ", ")
		data := fmt.Sprintf(`<http://ex/s> <http://ex/p> "%s" .`, strings.Repeat("x", 200_000))
		return query("SELECT (STRLEN(CONCAT("+args+")) AS ?n) WHERE { ?s ?p ?l }", data), true
	case "literal-doubling": // n doublings of a 200 kB literal
		var b strings.Builder
		b.WriteString(`SELECT (STRLEN(?a` + strconv.Itoa(n) + `) AS ?n) WHERE { ?s ?p ?a0`)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, " BIND(CONCAT(?a%d, ?a%d) AS ?a%d)", i-1, i-1, i)
		}
		data := fmt.Sprintf(`<http://ex/s> <http://ex/p> "%s" .`, strings.Repeat("y", 200_000))
		return query(b.String()+" }", data), true
	case "nested-exists":
		q := fmt.Sprintf(`?s%d ?p%d ?o%d FILTER(?o%d = "absent")`, n, n, n, n)
		for i := n - 1; i >= 0; i-- {
			q = fmt.Sprintf("?s%d ?p%d ?o%d FILTER EXISTS { %s }", i, i, i, q)
		}
		var data strings.Builder
		for i := range 12 {
			fmt.Fprintf(&data, "<http://ex/s%d> <http://ex/p> %d . ", i, i)
		}
		return query("ASK { "+q+" }", data.String()), true
	case "long-diff-name":
		b, _ := json.Marshal(map[string]string{"query": "ASK {}", "name": strings.Repeat("n", n)})
		return b, true
	case "long-sweep-name":
		return sweep(strings.Repeat("n", n)), true
	case "big-sweep-body":
		return append(sweep("big"), bytes.Repeat([]byte(" "), n)...), true
	case "deep-sweep-json":
		return []byte(`{"name": "deep", "w3c": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`), true
	case "invalid-utf8-query":
		return []byte("ASK { FILTER(\"caf\xe9\") }"), true
	case "latin1-sweep":
		return []byte("{\"name\": \"caf\xe9\", \"generated\": {\"from\": 0, \"to\": 2}}"), true
	}
	return nil, false
}

// target is a running server the table is sent to, and the substitutions
// its cases use.
type target struct {
	url, token string
	vars       map[string]string
}

func (tg target) expand(s string) string {
	for k, v := range tg.vars {
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	return s
}

// request builds the case's request for tg.
func (c badCase) request(tg target, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequest(c.method, tg.url+tg.expand(c.path), body)
	if err != nil {
		return nil, err
	}
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	if !c.noAuth && tg.token != "" {
		req.Header.Set("Authorization", "Bearer "+tg.token)
	}
	for _, h := range c.headers {
		if strings.EqualFold(h[0], "Host") { // what a DNS-rebinding page's request carries
			req.Host = tg.expand(h[1])
			continue
		}
		req.Header.Set(h[0], tg.expand(h[1]))
	}
	return req, nil
}

// sent is what sending a case gave: the answer (Status 0: none) and how
// long the server took beyond the client's own pauses.
type sent struct {
	response
	took time.Duration
}

// sendCase sends c to tg as its send directive says.
func sendCase(t *testing.T, tg target, c badCase) sent {
	t.Helper()
	body := []byte(tg.expand(string(c.body)))
	if len(c.send) > 0 && c.send[0] == "truncate" {
		return sent{took: truncate(t, tg, c, body)}
	}
	var r io.Reader = bytes.NewReader(body)
	var pauses time.Duration
	if len(c.send) == 3 && c.send[0] == "trickle" {
		n, _ := strconv.Atoi(c.send[1])
		d, _ := time.ParseDuration(c.send[2])
		r, pauses = &trickle{b: body, piece: max(1, len(body)/n), pause: d}, time.Duration(n)*d
	}
	req, err := c.request(tg, r)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = int64(len(body))
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", c.method, c.path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return sent{response{resp.StatusCode, resp.Header, b}, time.Since(start) - pauses}
}

// trickle hands out its bytes a piece at a time with a pause before each.
type trickle struct {
	b     []byte
	piece int
	pause time.Duration
}

func (tr *trickle) Read(p []byte) (int, error) {
	if len(tr.b) == 0 {
		return 0, io.EOF
	}
	time.Sleep(tr.pause)
	n := copy(p[:min(len(p), tr.piece)], tr.b)
	tr.b = tr.b[n:]
	return n, nil
}

// truncate writes the head and part of the body on a raw connection,
// announcing the whole length, then hangs up.
func truncate(t *testing.T, tg target, c badCase, body []byte) time.Duration {
	n, _ := strconv.Atoi(c.send[1])
	u, _ := url.Parse(tg.url)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n",
		c.method, c.path, u.Host, c.contentType, tg.token, len(body))
	conn.Write(body[:min(n, len(body))])
	time.Sleep(100 * time.Millisecond)
	conn.Close()
	return time.Since(start)
}

// inProcess reports whether a case runs in TestBadInputs too: a 4xx whose
// request is sent whole (the rest need the real server of TestHostileInputs).
func (c badCase) inProcess() bool {
	return c.status >= 400 && c.status < 500 && len(c.send) == 0
}

// TestBadInputs sends the table's 4xx cases to one in-process server and
// checks each gets its 4xx with a JSON error saying what and where, and
// that the server stays up: /healthz answers after every case, and a good
// request still works at the end. TestHostileInputs sends the whole table
// to a real `oracle serve` with every installed engine.
func TestBadInputs(t *testing.T) {
	const token = "in-process-token"
	s, ts := newTest(t, Config{Token: token})
	tg := target{url: ts.URL, token: token, vars: map[string]string{"TOKEN": token, "SECRET_FILE": "/nonexistent/secret.ttl",
		"LISTENER": "http://127.0.0.1:9", "CSRF": s.csrf}}
	cases := readBadCases(t)
	if len(cases) < 100 {
		t.Fatalf("%d bad-input files, want at least 100", len(cases))
	}
	for _, c := range cases {
		if !c.inProcess() {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			c.check(t, sendCase(t, tg, c).response)
			if r := do(t, "GET", ts.URL+"/healthz", "", nil); r.Status != 200 {
				t.Fatalf("server down after %s: healthz %d", c.name, r.Status)
			}
		})
	}
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "ASK {}"}`), "Authorization", "Bearer "+token)
	if r.Status != 200 {
		t.Errorf("a good request after the bad ones: %d %s", r.Status, r.Body)
	}
}

// check asserts the answer the case expects.
func (c badCase) check(t *testing.T, r response) {
	t.Helper()
	if r.Status != c.status {
		t.Fatalf("status %d, want %d: %.300s", r.Status, c.status, r.Body)
	}
	if r.Header.Get(requestIDHeader) == "" {
		t.Errorf("no %s header", requestIDHeader)
	}
	for _, h := range c.respHeaders {
		if got := r.Header.Get(h[0]); got != h[1] {
			t.Errorf("header %s: %q, want %q", h[0], got, h[1])
		}
	}
	if c.expect != "" && !strings.Contains(string(r.Body), c.expect) {
		t.Errorf("the answer lacks %q: %.300s", c.expect, r.Body)
	}
	if r.Status >= 400 {
		c.checkError(t, r)
	}
}

func (c badCase) checkError(t *testing.T, r response) {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	var e APIError
	r.json(t, &e)
	if e.Error != c.error || e.Detail == "" {
		t.Errorf("error %q detail %q, want error %q with a detail", e.Error, e.Detail, c.error)
	}
	if e.RequestID != r.Header.Get(requestIDHeader) {
		t.Errorf("body request_id %q, header %q", e.RequestID, r.Header.Get(requestIDHeader))
	}
	if c.field != "" && e.Field != c.field {
		t.Errorf("field %q, want %q (detail %s)", e.Field, c.field, e.Detail)
	}
	if c.line != 0 && e.Line != c.line {
		t.Errorf("line %d, want %d (detail %s)", e.Line, c.line, e.Detail)
	}
	if c.column != 0 && e.Column != c.column {
		t.Errorf("column %d, want %d (detail %s)", e.Column, c.column, e.Detail)
	}
	if r.Status == http.StatusTooManyRequests {
		t.Errorf("a bad input must not be refused for load")
	}
}
