package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/triage"
)

const namedStore = `{"default": "<http://ex/a> <http://ex/p> 1 .", "named": {"http://ex/g": "<http://ex/a> <http://ex/p> _:b ."}}`

// TestDiffUpdate: an update request posted as JSON and as an
// application/sparql-update body is applied by the judge and the engine
// (liar applies no updates: left out with a note), and judged all-correct.
func TestDiffUpdate(t *testing.T) {
	_, ts := newTest(t, Config{})
	upd := `DELETE { ?s <http://ex/p> ?o } INSERT { GRAPH <http://ex/g2> { ?s <http://ex/q> ?o } } WHERE { GRAPH ?g { ?s <http://ex/p> ?o } } ; DROP GRAPH <http://ex/none>`
	r := do(t, "POST", ts.URL+"/v1/diff", "application/json",
		[]byte(`{"update": "`+upd+`", "dataset": `+namedStore+`, "engines": ["liar"]}`))
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var rep triage.UpdateReport
	r.json(t, &rep)
	if rep.Kind != triage.KindAllCorrect || len(rep.Verdicts) != 2 || rep.Verdicts[1].Engine != "engine" || rep.Verdicts[1].Quads != 3 {
		t.Errorf("report %+v, want all-correct: reference and engine with 3 quads (the DELETE template is in the default graph)", rep)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "liar") || len(rep.Choices) != 1 {
		t.Errorf("notes %q choices %q: want liar left out and the DROP's permitted failure", rep.Notes, rep.Choices)
	}
	q := url.Values{"dataset": {namedStore}}
	r = do(t, "POST", ts.URL+"/v1/diff?"+q.Encode(), "application/sparql-update", []byte("CLEAR GRAPH <http://ex/g>"))
	r.json(t, &rep)
	if r.Status != 200 || rep.Kind != triage.KindAllCorrect || rep.Verdicts[0].Quads != 1 || rep.Verdicts[0].Graphs != 1 {
		t.Errorf("sparql-update body: status %d report %+v", r.Status, rep)
	}
}

// TestDiffUpdateBadInput: syntax errors carry the update field and a
// position; a query and an update together are refused.
func TestDiffUpdateBadInput(t *testing.T) {
	_, ts := newTest(t, Config{})
	for _, c := range []struct{ body, want string }{
		{`{"update": "INSERT DATA { ?s <http://ex/p> 1 }"}`, `"line":1`},
		{`{"update": "DELETE DATA { _:b <http://ex/p> 1 }"}`, "blank node in DELETE DATA"},
		{`{"update": "CLEAR", "query": "ASK {}"}`, "not both"},
	} {
		r := do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(c.body))
		if r.Status != 400 || !strings.Contains(string(r.Body), c.want) || !strings.Contains(string(r.Body), `"update"`) {
			t.Errorf("%s: status %d %s, want 400 naming %q and the update field", c.body, r.Status, r.Body, c.want)
		}
	}
}
