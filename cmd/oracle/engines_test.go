package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestEnginesJSON lists every canonical engine, in order, with the fields
// the JSON promises; a config adds its endpoints and disables engines.
func TestEnginesJSON(t *testing.T) {
	defer registry.UseConfig(nil)
	// Every external engine is disabled so the check takes no time; the
	// endpoint's port has no listener.
	var entries []string
	for _, n := range registry.Canonical[2:] {
		if n != "sparqlhttp" {
			entries = append(entries, `{"name":"`+n+`","disabled":true}`)
		}
	}
	entries = append(entries, `{"name":"remote","kind":"sparqlhttp","url":"http://127.0.0.1:1/query"}`)
	cfg := filepath.Join(t.TempDir(), "engines.json")
	os.WriteFile(cfg, []byte(`{"engines":[`+strings.Join(entries, ",")+`]}`), 0o644)
	code, out := capture(t, func() int { return runEngines([]string{"--format", "json", "--config", cfg, "--timeout", "20s"}) })
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	var st []struct {
		Name      string  `json:"name"`
		Version   *string `json:"version"`
		Available *bool   `json:"available"`
		Reason    *string `json:"reason"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var names []string
	byName := map[string]int{}
	for i, s := range st {
		if s.Version == nil || s.Available == nil || s.Reason == nil {
			t.Errorf("%s lacks a field: %s", s.Name, out)
		}
		names = append(names, s.Name)
		byName[s.Name] = i
	}
	want := append(slices.Clone(registry.Canonical), "remote")
	if want = append(want, registry.ReleaseNames()...); !slices.Equal(names, want) {
		t.Fatalf("names %v, want %v", names, want)
	}
	check := func(name string, available bool, reason string) {
		s := st[byName[name]]
		if *s.Available != available || !strings.Contains(*s.Reason, reason) {
			t.Errorf("%s: available %v reason %q, want %v and %q", name, *s.Available, *s.Reason, available, reason)
		}
	}
	check("reference", true, "")
	check("jena", false, "disabled")
	check("sparqlhttp", false, "no endpoint configured")
	check("fuseki", false, "disabled")
	check("remote", false, "did not answer ASK")
	for _, r := range []string{"jena@5.6.0", "pyoxigraph@0.4.11", "oxigraph@0.4.11"} {
		check(r, false, "disabled") // its engine is
	}
}

func TestEnginesUsage(t *testing.T) {
	if code, _ := capture(t, func() int { return runEngines([]string{"--format", "xml"}) }); code != 2 {
		t.Errorf("--format xml: exit %d, want 2", code)
	}
	if code, _ := capture(t, func() int { return runEngines([]string{"--config", "/nonexistent.json"}) }); code != 2 {
		t.Errorf("missing config: exit %d, want 2", code)
	}
}
