package registry

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Canonical lists every engine name docs/architecture.md gives, in its order.
var Canonical = []string{"reference", "engine", "oxigraph", "pyoxigraph", "oxilite", "jena",
	"rdf4j", "comunica", "rdflib", "virtuoso", "rasqal", "attean", "rdfquery", "sparqlhttp",
	"oxigraph-server", "fuseki"}

// Status is whether one engine can run here, as `oracle engines` prints it.
type Status struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Available bool   `json:"available"`
	Reason    string `json:"reason"`
	// Location is where it runs from (Where): "checkout DIR", "data
	// folder DIR", "system PROGRAM", an endpoint URL, "built in"; "" when
	// it is not installed.
	Location string `json:"location"`
	// Sandbox is how the engine's processes are confined (adapters/sidecar
	// Confined: "bwrap", "network-only", "none"); empty for engines that
	// run no process of their own (the evaluators, an endpoint).
	Sandbox string `json:"sandbox,omitempty"`
}

// Known lists the canonical names followed by the ones the config adds.
func (c *Config) Known() []string {
	out := slices.Clone(Canonical)
	for _, n := range builtByAdapters() {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	if c != nil {
		for _, e := range c.Engines {
			if !slices.Contains(out, e.Name) {
				out = append(out, e.Name)
			}
		}
	}
	return out
}

// ProbeAll checks every name at once, each within timeout.
func (c *Config) ProbeAll(ctx context.Context, names []string, timeout time.Duration) []Status {
	out := make([]Status, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = c.Probe(ctx, n, timeout)
		}()
	}
	wg.Wait()
	return out
}

// Probe checks one engine for real: its files are installed, it builds, and
// it answers a version request (an endpoint: ASK {}) within timeout. The
// engine's processes are stopped afterwards. Virtuoso's server is not
// started: its binary's version answer stands for it.
func (c *Config) Probe(ctx context.Context, name string, timeout time.Duration) Status {
	st := Status{Name: name, Location: c.Where(name)}
	e := c.Lookup(name)
	if base, _, ok := SplitRelease(name); ok && c.Lookup(base).Disabled {
		e.Disabled = true // a release of a disabled engine is disabled too
	}
	if e.Disabled {
		st.Reason = "disabled in the config file"
		return st
	}
	if e.StartTimeout == 0 {
		e.StartTimeout = Duration(timeout)
	}
	probe := &Config{Engines: []EngineConfig{e}}
	if c != nil {
		probe.Deadline, probe.Pool, probe.dir = c.Deadline, 1, c.dir
	}
	eng, err := probe.New(name)
	if err != nil {
		st.Reason = err.Error()
		return st
	}
	defer Close(eng)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if e.kind() == "sparqlhttp" {
		return answerASK(ctx, eng, st)
	}
	if d, _ := describedExact(e.kind()); d.Probe == oracle.ProbeASK {
		// A live endpoint is available when its server starts and answers.
		return sandboxed(e.kind(), answerASK(ctx, eng, st))
	}
	return sandboxed(e.kind(), answerVersion(ctx, eng, st))
}

// sandboxed notes how an engine with processes of its own is confined;
// one that runs with less than bwrap says so in its reason (adapters/sidecar).
func sandboxed(kind string, st Status) Status {
	if kind == "reference" || kind == "engine" {
		return st
	}
	c := sidecar.Confined()
	st.Sandbox = c.Mode
	if st.Available && c.Mode != sidecar.ModeBwrap {
		st.Reason = "runs unconfined (" + c.Mode + "): " + c.Reason
	}
	return st
}

func answerVersion(ctx context.Context, eng oracle.Engine, st Status) Status {
	ch := make(chan string, 1)
	go func() { ch <- eng.Version() }()
	select {
	case v := <-ch:
		st.Version = v
		if v == "" || v == "unavailable" {
			st.Version, st.Reason = "", "installed, but gave no version answer"
			return st
		}
		st.Available = true
	case <-ctx.Done():
		st.Reason = fmt.Sprintf("no version answer within %s", durationOf(ctx))
	}
	return st
}

func answerASK(ctx context.Context, eng oracle.Engine, st Status) Status {
	st.Version = eng.Version()
	a, err := eng.Eval(ctx, &oracle.Case{Name: "probe", Query: "ASK {}"})
	switch {
	case err != nil:
		st.Reason = "endpoint did not answer ASK {}: " + err.Error()
	case !a.Boolean:
		st.Reason = "endpoint answered ASK {} with false"
	default:
		st.Available = true
	}
	return st
}

func durationOf(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the timeout"
	}
	return "the time allowed (cancelled)"
}
