package sparqlhttp

import (
	"errors"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestHasLoad: LOAD is found in the syntax tree; a text our parser refuses
// goes to a confined endpoint as it is, and to a networked one is searched
// for the keyword (escaped too), never inside an IRI, string or comment.
func TestHasLoad(t *testing.T) {
	for _, c := range []struct {
		text            string
		confined, netwd bool
	}{
		{"LOAD <http://x/doc>", true, true},
		{"CLEAR ALL ; load silent <http://x/doc> INTO GRAPH <http://x/g>", true, true},
		{"INSERT DATA { <http://x/LOAD> <http://x/p> \"LOAD\" } # LOAD", false, false},
		{"LOAD ;", false, true},
		{"CLEAR ALL ;; \\u004COAD <http://x/doc>", false, true},
		{"CLEAR ALL ;; INSERT DATA { <http://x/s> <http://x/p> \"LOAD\" }", false, false},
	} {
		if got := hasLoad(c.text, false); got != c.confined {
			t.Errorf("%q confined: %v, want %v", c.text, got, c.confined)
		}
		if got := hasLoad(c.text, true); got != c.netwd {
			t.Errorf("%q networked: %v, want %v", c.text, got, c.netwd)
		}
	}
}

// TestStoreUpdate: the store goes out as one INSERT template (the default
// graph unnamed, a blank node shared across graphs) and CREATE SILENT
// GRAPH for an empty graph; a blank graph name is unsupported.
func TestStoreUpdate(t *testing.T) {
	ds := rdf.NewDataset()
	b := rdf.Blank("b")
	ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://x/p"), O: rdf.String("d")})
	ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://x/p"), O: rdf.String("n"), G: rdf.IRI("http://x/g")})
	ds.Named(rdf.IRI("http://x/e"), true)
	got, err := storeUpdate(ds)
	want := "CREATE SILENT GRAPH <http://x/e> ;\nINSERT {\n_:b <http://x/p> \"d\" .\nGRAPH <http://x/g> {\n_:b <http://x/p> \"n\" .\n}\n} WHERE {}"
	if err != nil || got != want {
		t.Errorf("got %q, %v\nwant %q", got, err, want)
	}
	ds.Named(rdf.Blank("g"), true)
	if _, err := storeUpdate(ds); !errors.Is(err, oracle.ErrUnsupported) || !strings.Contains(err.Error(), "_:g") {
		t.Errorf("a blank graph name: %v, want unsupported", err)
	}
}

// TestFusekiUpdateFailed: Fuseki's 400 is a refusal only with its parse
// prefix; an UpdateException's 400 ran.
func TestFusekiUpdateFailed(t *testing.T) {
	for body, ran := range map[string]bool{"Parse error: Variables not permitted in data": false, "No such graph: http://x/g": true} {
		if got := fusekiUpdateFailed(400, body); got != ran {
			t.Errorf("400 %q: ran %v, want %v", body, got, ran)
		}
	}
	if !fusekiUpdateFailed(500, "") || fusekiUpdateFailed(404, "") {
		t.Error("500 ran, 404 did not")
	}
}
