package registry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

func TestExampleConfig(t *testing.T) {
	root, err := Home()
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(filepath.Join(root, "deploy", "engines.example.json"))
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Join(c.Names(), " ")
	if strings.Contains(names, "rdfquery") || strings.Contains(names, "fuseki") || !strings.HasPrefix(names, "reference engine") {
		t.Errorf("Names() = %s: want file order without the disabled entries", names)
	}
	jena := c.settings(c.Lookup("jena"))
	if jena.Pool != 1 || time.Duration(jena.Deadline) != 20*time.Second || time.Duration(jena.StartTimeout) != time.Minute {
		t.Errorf("jena settings %+v", jena)
	}
	if ox := c.settings(c.Lookup("oxigraph")); ox.Pool != 2 || time.Duration(ox.Deadline) != 10*time.Second {
		t.Errorf("oxigraph inherits the defaults: %+v", ox)
	}
	if k := c.Lookup("fuseki").kind(); k != "sparqlhttp" {
		t.Errorf("fuseki kind %q", k)
	}
}

func TestConfigErrors(t *testing.T) {
	for text, want := range map[string]string{
		`{"engines":[{"name":"x"}]}`:                      `unknown kind "x"`,
		`{"engines":[{"name":"jena"},{"name":"jena"}]}`:   "configured twice",
		`{"engines":[{"name":"jena","pool":-1}]}`:         "negative",
		`{"engines":[{"name":"jena","deadlin":"1s"}]}`:    "unknown field",
		`{"engines":[{"name":"jena","deadline":5}]}`:      "duration is a string",
		`{"engines":[{"name":"jena","deadline":"soon"}]}`: "invalid duration",
		`{"engines":[{}]}`:                                "no name",
		`{"engines":[{"name":"jena","memory_mb":10}]}`:    "memory_mb must be 64 or more",
		`{"engines":[{"name":"jena","cpu_limit":"-1s"}]}`: "cpu_limit not negative",
		`{"engines":[{"name":"e","kind":"sparqlhttp"}]`:   "unexpected EOF",
	} {
		_, err := ParseConfig(strings.NewReader(text), "")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", text, err, want)
		}
	}
}

// memory_mb and cpu_limit override an adapter's limits; zero keeps them.
func TestConfigLimits(t *testing.T) {
	given := entrySettings(EngineConfig{MemoryMB: 512, CPULimit: Duration(5 * time.Second)})
	got := sidecar.DefaultLimits.With(given)
	if got.Memory != 512<<20 || got.CPU != 5*time.Second {
		t.Errorf("limits %+v, want 512 MiB and 5s", got)
	}
	if got := sidecar.DefaultLimits.With(entrySettings(EngineConfig{})); got != sidecar.DefaultLimits {
		t.Errorf("limits %+v, want the adapter's defaults %+v", got, sidecar.DefaultLimits)
	}
	c := sidecar.Settings(sidecar.Config{Name: "rdflib", Command: []string{"python"}, Limits: sidecar.DefaultLimits}, given)
	if c.Limits.Memory != 512<<20 {
		t.Errorf("sidecar.Settings kept %+v", c.Limits)
	}
}

func parse(t *testing.T, text string) *Config {
	t.Helper()
	c, err := ParseConfig(strings.NewReader(text), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The config's deadline bounds a case even when the caller gives none.
func TestConfigDeadline(t *testing.T) {
	c := parse(t, `{"deadline":"50ms","engines":[{"name":"reference"}]}`)
	e, err := c.New("reference")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = e.Eval(context.Background(), &oracle.Case{Query: "SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }", Dataset: dataset(20)})
	if !errors.Is(err, oracle.ErrTimeout) || time.Since(start) > 5*time.Second {
		t.Errorf("error %v after %s, want ErrTimeout soon after 50ms", err, time.Since(start))
	}
}

// An endpoint is checked with a real ASK {} on a loopback server, and its
// pool bounds the requests in flight.
func TestConfigEndpoint(t *testing.T) {
	var inFlight, most atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		w.Header().Set("Content-Type", "application/sparql-results+json")
		fmt.Fprint(w, `{"head":{},"boolean":true}`)
	}))
	defer srv.Close()
	c := parse(t, `{"engines":[{"name":"fuseki","kind":"sparqlhttp","version":"5.6.0","pool":2,"url":"`+srv.URL+`/q","update":"`+srv.URL+`/u","load":"update"}]}`)
	if st := c.Probe(context.Background(), "fuseki", 5*time.Second); !st.Available || st.Version != "5.6.0" {
		t.Fatalf("probe %+v", st)
	}
	e, err := c.New("fuseki")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}"})
			if err != nil || a.Kind != results.Boolean || !a.Boolean {
				t.Errorf("ASK {} = %+v, %v", a, err)
			}
		}()
	}
	wg.Wait()
	if most.Load() > 2 {
		t.Errorf("%d requests at once, pool is 2", most.Load())
	}
}

func TestProbeReasons(t *testing.T) {
	var c *Config
	if st := c.Probe(context.Background(), "sparqlhttp", time.Second); st.Available || !strings.Contains(st.Reason, "no endpoint configured") {
		t.Errorf("sparqlhttp without url: %+v", st)
	}
	if st := c.Probe(context.Background(), "reference", time.Second); !st.Available || st.Version == "" {
		t.Errorf("reference: %+v", st)
	}
	t.Setenv(HomeEnv, t.TempDir())
	if st := c.Probe(context.Background(), "oxigraph", time.Second); st.Available || !strings.Contains(st.Reason, "not installed") {
		t.Errorf("oxigraph under an empty home: %+v", st)
	}
	d := parse(t, `{"engines":[{"name":"rasqal","binary":"/nonexistent/roqet"}]}`)
	if st := d.Probe(context.Background(), "rasqal", time.Second); st.Available || !strings.Contains(st.Reason, "not installed") {
		t.Errorf("rasqal with a missing binary: %+v", st)
	}
}

// $ORACLE_CONFIG and UseConfigFile steer New; a configured endpoint name
// becomes a name New accepts.
func TestActiveConfig(t *testing.T) {
	defer UseConfig(nil)
	path := filepath.Join(t.TempDir(), "engines.json")
	os.WriteFile(path, []byte(`{"deadline":"1ms","engines":[{"name":"reference"},{"name":"myendpoint","kind":"sparqlhttp","url":"http://127.0.0.1:1/"}]}`), 0o644)
	if err := UseConfigFile(path); err != nil {
		t.Fatal(err)
	}
	e, err := New("reference")
	if _, ok := e.(*limited); err != nil || !ok {
		t.Errorf("New(reference) under a config with a deadline = %T, %v: want the limited wrapper", e, err)
	}
	if e, err := New("myendpoint"); err != nil || e.Name() != "myendpoint" {
		t.Errorf("New(myendpoint) = %v, %v", e, err)
	}
	UseConfig(nil)
	t.Setenv(ConfigEnv, filepath.Join(t.TempDir(), "missing.json"))
	if _, err := New("reference"); err == nil {
		t.Errorf("a missing $%s file must be an error", ConfigEnv)
	}
}

// A real sidecar answers the version request; its process is stopped after.
func TestProbeRealSidecar(t *testing.T) {
	if !Installed("pyoxigraph") {
		t.Skip("pyoxigraph not installed (scripts/install.sh)")
	}
	var c *Config
	st := c.Probe(context.Background(), "pyoxigraph", 60*time.Second)
	if !st.Available || !strings.HasPrefix(st.Version, "0.5.") || st.Reason != "" {
		t.Errorf("pyoxigraph: %+v", st)
	}
}
