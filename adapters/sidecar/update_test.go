package sidecar

import (
	"errors"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestUpdateRequest: the store goes out as N-Quads with every named graph
// listed (an empty one too), and LOAD documents only with a LOAD.
func TestUpdateRequest(t *testing.T) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://x/s"), P: rdf.IRI("http://x/p"), O: rdf.String("o"), G: rdf.IRI("http://x/g")})
	ds.Named(rdf.IRI("http://x/empty"), true)
	src := map[string]*rdf.Graph{"http://x/doc": rdf.NewGraph()}
	src["http://x/doc"].Add(rdf.Triple{S: rdf.IRI("http://x/a"), P: rdf.IRI("http://x/b"), O: rdf.IRI("http://x/c")})
	c := &oracle.Case{Update: "CLEAR ALL", Base: "http://x/", Dataset: ds, Sources: src}
	req, err := updateRequest(c)
	if err != nil {
		t.Fatal(err)
	}
	if req.Op != OpUpdate || req.Update != "CLEAR ALL" || req.Base != "http://x/" || req.Query != "" {
		t.Errorf("request %+v", req)
	}
	if got := strings.Join(req.Named, " "); got != "http://x/empty http://x/g" {
		t.Errorf("named %q, want both graphs, the empty one included", got)
	}
	if !strings.Contains(req.Data, "<http://x/g>") || req.Sources != "" {
		t.Errorf("data %q, sources %q (no LOAD: none)", req.Data, req.Sources)
	}
	c.Update = "load <http://x/doc>"
	if req, _ = updateRequest(c); !strings.Contains(req.Sources, "<http://x/doc>") {
		t.Errorf("a LOAD request got sources %q", req.Sources)
	}
}

// TestDecodeStore reads each kind of update answer.
func TestDecodeStore(t *testing.T) {
	quads := "<http://x/s> <http://x/p> \"o\" .\n<http://x/s> <http://x/p> _:b <http://x/g> .\n"
	ok := &Response{OK: true, Format: "nquads", Result: quads, Graphs: []string{"http://x/g", "http://x/empty"}}
	a, err := decodeStore(ok)
	if err != nil {
		t.Fatal(err)
	}
	st := a.Store
	if len(st.Default) != 1 || len(st.Named) != 2 || st.Err != "" {
		t.Fatalf("store %+v: want 1 default triple, 2 named graphs, no error", st)
	}
	if g := st.Graph(rdf.IRI("http://x/empty")); g == nil || len(g.Triples) != 0 {
		t.Errorf("the listed empty graph is %v, want present and empty", g)
	}

	failed := &Response{Format: "nquads", Result: quads, Error: &Failure{Kind: "error", Phase: PhaseEvaluate, Message: "graph exists"}}
	if a, err = decodeStore(failed); err != nil || !strings.Contains(a.Store.Err, "graph exists") || len(a.Store.Default) != 1 {
		t.Errorf("a request failing while it ran: %v, %v; want the store it left with Err", a, err)
	}

	for _, c := range []struct {
		resp *Response
		want error
	}{
		{&Response{Error: &Failure{Kind: "error", Phase: PhaseParse, Message: "line 1"}}, oracle.ErrRejected},
		{&Response{Error: &Failure{Kind: "unsupported", Phase: PhaseLoad, Message: "LOAD"}}, oracle.ErrUnsupported},
		{&Response{Error: &Failure{Kind: "error", Phase: PhaseEvaluate, Message: "no store"}}, oracle.ErrQueryError},
		{&Response{OK: true, Format: "json", Result: "{}"}, oracle.ErrCrashed},
		{&Response{OK: true, Format: "nquads", Result: "not n-quads"}, oracle.ErrCrashed},
		// A literal subject (Comunica keeps a template's): a wrong store.
		{&Response{OK: true, Format: "nquads", Result: "\"lit\" <http://ex/p> <http://ex/o> .\n"}, oracle.ErrQueryError},
	} {
		if _, err := decodeStore(c.resp); !errors.Is(err, c.want) {
			t.Errorf("%+v: err %v, want %v", c.resp.Error, err, c.want)
		}
	}
}

// TestUpdateUndeclared: a sidecar whose version answer declares no update
// op (the test child) is asked nothing more: ErrUnsupported.
func TestUpdateUndeclared(t *testing.T) {
	e := childEngine(t, 1)
	_, err := e.Update(t.Context(), &oracle.Case{Update: "CLEAR ALL", Dataset: rdf.NewDataset()})
	if !errors.Is(err, oracle.ErrUnsupported) {
		t.Fatalf("err %v, want ErrUnsupported", err)
	}
}
