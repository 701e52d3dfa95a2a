package oracle

import (
	"errors"
	"reflect"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

func TestInfo(t *testing.T) {
	c := &Case{Query: "BASE <http://ex/> SELECT * FROM <a> FROM NAMED <b> FROM <c> WHERE { ?s ?p ?o }"}
	info, err := c.Info()
	if err != nil {
		t.Fatal(err)
	}
	want := &QueryInfo{Form: "SELECT", From: []string{"http://ex/a", "http://ex/c"}, FromNamed: []string{"http://ex/b"}, HasBase: true}
	if !reflect.DeepEqual(info, want) {
		t.Errorf("Info = %+v, want %+v", info, want)
	}
	for q, form := range map[string]string{"ASK {}": "ASK", "CONSTRUCT WHERE { ?s ?p ?o }": "CONSTRUCT", "DESCRIBE <x:y>": "DESCRIBE"} {
		if info, err := (&Case{Query: q}).Info(); err != nil || info.Form != form {
			t.Errorf("%s: %+v, %v; want form %s", q, info, err, form)
		}
	}
}

func TestRewriteIRIs(t *testing.T) {
	c := &Case{
		Query: `PREFIX ex: <http://ex/>
SELECT ?g (ex:g AS ?k) FROM NAMED ex:g
WHERE { GRAPH ?g { ?s ex:p "1"^^ex:g } FILTER(?g = <http://ex/g>) VALUES ?v { ex:g } }`,
	}
	got, err := c.RewriteIRIs(map[string]string{"http://ex/g": "file:///tmp/g.nt", "http://ex/": "file:///no"})
	if err != nil {
		t.Fatal(err)
	}
	want := &Case{Query: `PREFIX ex: <http://ex/>
SELECT ?g (<file:///tmp/g.nt> AS ?k) FROM NAMED <file:///tmp/g.nt>
WHERE { GRAPH ?g { ?s ex:p "1"^^ex:g } FILTER(?g = <file:///tmp/g.nt>) VALUES ?v { <file:///tmp/g.nt> } }`}
	q1, err1 := syntax.Parse(got, syntax.Options{})
	q2, err2 := want.parse()
	if err1 != nil || err2 != nil || !syntax.Equal(q1, q2) {
		t.Errorf("rewrite gave\n%s\nwant the tree of\n%s\n(%v, %v)", got, want.Query, err1, err2)
	}
}

func TestRewriteIRIsSyntaxError(t *testing.T) {
	_, err := (&Case{Name: "bad", Query: "SELEC * {}"}).RewriteIRIs(nil)
	var se *syntax.Error
	if !errors.As(err, &se) || se.Line != 1 {
		t.Errorf("want a *syntax.Error at line 1, got %v", err)
	}
}
