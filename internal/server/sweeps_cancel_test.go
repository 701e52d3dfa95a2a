package server

import (
	"net/http"
	"testing"

	"github.com/sparql-oracle/oracle/internal/store"
)

// TestCancelSweepAPI walks POST /v1/sweeps/{id}/cancel through its answers,
// in order, on one pending sweep (no Sweeper: the store cancels).
func TestCancelSweepAPI(t *testing.T) {
	_, ts := newTest(t, Config{Token: "s3cret"})
	auth := []string{"Authorization", "Bearer s3cret"}
	created := postJSON(t, ts.URL+"/v1/sweeps", map[string]any{"generated": map[string]any{"from": 0, "to": 4}}, auth...)
	if created.Status != http.StatusAccepted {
		t.Fatalf("POST /v1/sweeps: %d %s", created.Status, created.Body)
	}
	url := ts.URL + created.Header.Get("Location") + "/cancel"
	for _, step := range []struct {
		name   string
		url    string
		header []string
		status int
		state  store.SweepState
	}{
		{"no token", url, nil, http.StatusUnauthorized, ""},
		{"pending sweep", url, auth, http.StatusOK, store.SweepCancelled},
		{"already cancelled", url, auth, http.StatusConflict, ""},
		{"unknown sweep", ts.URL + "/v1/sweeps/999/cancel", auth, http.StatusNotFound, ""},
		{"bad id", ts.URL + "/v1/sweeps/x/cancel", auth, http.StatusBadRequest, ""},
	} {
		// No body, but a JSON content type: a body-less POST without one
		// is what another site can send (415, origin.go).
		resp := do(t, http.MethodPost, step.url, "application/json", nil, step.header...)
		if resp.Status != step.status {
			t.Fatalf("%s: %d %s, want %d", step.name, resp.Status, resp.Body, step.status)
		}
		if step.state != "" {
			var sw store.Sweep
			resp.json(t, &sw)
			if sw.State != step.state || sw.Finished.IsZero() {
				t.Fatalf("%s: sweep %+v, want state %s with a finish time", step.name, sw, step.state)
			}
		}
	}
	var sw store.Sweep
	do(t, http.MethodGet, ts.URL+created.Header.Get("Location"), "", nil).json(t, &sw)
	if sw.State != store.SweepCancelled {
		t.Fatalf("GET after cancel: state %s", sw.State)
	}
}

// TestSweepSpecReducePerKey: the spec's reduce_per_key is accepted, kept,
// and a negative one is a 400 naming the field.
func TestSweepSpecReducePerKey(t *testing.T) {
	_, ts := newTest(t, Config{})
	for _, c := range []struct {
		k      int
		status int
	}{{-1, http.StatusBadRequest}, {0, http.StatusAccepted}, {5, http.StatusAccepted}} {
		resp := postJSON(t, ts.URL+"/v1/sweeps", map[string]any{"reduce_per_key": c.k, "generated": map[string]any{"from": 0, "to": 2}})
		if resp.Status != c.status {
			t.Fatalf("reduce_per_key %d: %d %s, want %d", c.k, resp.Status, resp.Body, c.status)
		}
		var sw store.Sweep
		var e APIError
		if c.status != http.StatusAccepted {
			if resp.json(t, &e); e.Field != "reduce_per_key" {
				t.Errorf("reduce_per_key %d: error %+v names no field", c.k, e)
			}
			continue
		}
		if resp.json(t, &sw); sw.Spec.ReducePerKey == nil || *sw.Spec.ReducePerKey != c.k {
			t.Errorf("reduce_per_key %d: stored spec %+v", c.k, sw.Spec)
		}
	}
}
