package sparqlhttp

import (
	"reflect"
	"testing"
)

func TestScanHeader(t *testing.T) {
	cases := []struct {
		query, base string
		want        header
	}{
		{query: "SELECT * WHERE { ?s ?p ?o }", want: header{Form: FormSelect}},
		{query: "# FROM <x>\nask{}", want: header{Form: FormAsk}},
		{query: "PREFIX : <http://ex/> SELECT (1 AS ?from) FROM :g FROM NAMED :h WHERE {}",
			want: header{Form: FormSelect, From: []string{"http://ex/g"}, FromNamed: []string{"http://ex/h"}}},
		{query: "BASE <http://ex/a/> SELECT * FROM <g> {}",
			want: header{Form: FormSelect, HasBase: true, From: []string{"http://ex/a/g"}}},
		{query: "SELECT * FROM <g> {}", base: "http://b/",
			want: header{Form: FormSelect, From: []string{"http://b/g"}}},
		{query: "CONSTRUCT { ?s <http://ex/from> ?o } FROM <http://ex/g> WHERE { ?s ?p ?o }",
			want: header{Form: FormConstruct, From: []string{"http://ex/g"}}},
		{query: "CONSTRUCT WHERE { ?s ?p ?o }", want: header{Form: FormConstruct}},
		{query: "DESCRIBE <http://ex/x> FROM NAMED <http://ex/g>",
			want: header{Form: FormDescribe, FromNamed: []string{"http://ex/g"}}},
		{query: "SELECT (\"FROM <x>\" AS ?v) (1 < 2 AS ?w) WHERE { } ", want: header{Form: FormSelect}},
		{query: "SELECT * WHERE { { SELECT * FROM <http://x/> {} } }", want: header{Form: FormSelect}},
		{query: "SELECT ('''a\\'''' AS ?v) FROM <http://ex/g> {}", want: header{Form: FormSelect, From: []string{"http://ex/g"}}},
	}
	for _, c := range cases {
		h, err := scanHeader(c.query, c.base)
		if err != nil {
			t.Errorf("%s: %v", c.query, err)
			continue
		}
		if !reflect.DeepEqual(*h, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.query, *h, c.want)
		}
	}
}

func TestScanHeaderErrors(t *testing.T) {
	for _, q := range []string{"SELEC * {}", "SELECT * FROM ex:g {}", "PREFIX x <y> SELECT * {}"} {
		if _, err := scanHeader(q, ""); err == nil {
			t.Errorf("%s: no error", q)
		}
	}
}
