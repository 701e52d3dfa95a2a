package server

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// badCase is one file of testdata/bad: "key: value" header lines, a line
// "---", then the request body verbatim (or a "generate:" directive for
// inputs too big or too binary to keep as files).
type badCase struct {
	name                      string
	method, path, contentType string
	status                    int
	error, field              string
	line, column              int
	body                      []byte
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
	default:
		err = fmt.Errorf("unknown key %q", k)
	}
	return err
}

// generate makes the inputs kept as recipes: "big-dataset N" (N bytes of
// Turtle), "many-quads N", "big-query N", "deep-parens N", "deep-groups N",
// "big-body N", "binary N" (seeded random bytes), "deep-json N".
func generate(recipe string) ([]byte, error) {
	kind, arg, _ := strings.Cut(recipe, " ")
	n, err := strconv.Atoi(arg)
	if err != nil {
		return nil, err
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

// TestBadInputs sends every file of testdata/bad to one server and checks
// each gets its 4xx with a JSON error saying what and where, and that the
// server stays up: /healthz answers after every case, and a good request
// still works at the end.
func TestBadInputs(t *testing.T) {
	_, ts := newTest(t, Config{})
	files, _ := filepath.Glob("testdata/bad/*.req")
	if len(files) < 50 {
		t.Fatalf("%d bad-input files, want at least 50", len(files))
	}
	for _, f := range files {
		c := readBadCase(t, f)
		t.Run(c.name, func(t *testing.T) {
			c.check(t, do(t, c.method, ts.URL+c.path, c.contentType, c.body))
			if r := do(t, "GET", ts.URL+"/healthz", "", nil); r.Status != 200 {
				t.Fatalf("server down after %s: healthz %d", c.name, r.Status)
			}
		})
	}
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "ASK {}"}`))
	if r.Status != 200 {
		t.Errorf("a good request after the bad ones: %d %s", r.Status, r.Body)
	}
}

func (c badCase) check(t *testing.T, r response) {
	t.Helper()
	if r.Status != c.status || r.Status < 400 || r.Status > 499 {
		t.Fatalf("status %d, want %d: %.300s", r.Status, c.status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	var e APIError
	r.json(t, &e)
	if e.Error != c.error || e.Detail == "" {
		t.Errorf("error %q detail %q, want error %q with a detail", e.Error, e.Detail, c.error)
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
