package server

import (
	"bytes"
	"testing"
)

// FuzzDiffBody feeds any bytes to the checks of a JSON POST /v1/diff body
// (UTF-8, nesting, duplicate keys, strict decoding, then the query's and
// names' checks): never a panic, and every refusal is a 4xx saying what,
// with a line inside the body when it gives one.
func FuzzDiffBody(f *testing.F) {
	for _, s := range []string{`{"query": "ASK {}"}`, `{"query": "ASK {}", "query": "x"}`,
		`{"query": "SELECT * {}", "dataset": {"named": {"http://ex/g": "", "http://ex/g": ""}}}`,
		`{"query": "ASK {\u0000}", "base": "javascript:x", "name": "a\nb"}`, "{\"query\": \"\xff\"}", `[[[[`} {
		f.Add([]byte(s))
	}
	s := New(Config{Engines: inHouse(), Limits: testLimits()})
	f.Fuzz(func(t *testing.T, body []byte) {
		req, e := s.parseJSON(body)
		if e == nil {
			e = s.checkDiff(req)
		}
		if e == nil {
			return
		}
		if e.Status < 400 || e.Status > 499 || e.Error == "" || e.Detail == "" {
			t.Fatalf("refusal %+v: want a 4xx with what and detail", e)
		}
		if e.Field == "" && e.Line > bytes.Count(body, []byte("\n"))+1 {
			t.Fatalf("line %d past the body's end: %+v", e.Line, e)
		}
	})
}
