package registry

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/adapters/rdf4j"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/adapters/virtuoso"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// kind is one adapter a config entry can name: how to build it from a
// filled-in entry, and whether it pools its own processes.
type kind struct {
	sidecar bool
	build   func(e EngineConfig) (oracle.Engine, error)
}

// kinds maps an adapter kind to its builder. The names are docs/config.md's.
var kinds = map[string]kind{
	"reference":  {false, func(EngineConfig) (oracle.Engine, error) { return Reference(reference.Options{}), nil }},
	"engine":     {false, func(EngineConfig) (oracle.Engine, error) { return Engine(engine.Options{}), nil }},
	"oxigraph":   {true, sidecarKind(oxigraph.Config)},
	"comunica":   {true, sidecarKind(comunica.Config)},
	"jena":       {true, sidecarKind(jena.Config)},
	"rdf4j":      {true, sidecarKind(rdf4j.Config)},
	"pyoxigraph": {true, pythonKind},
	"oxilite":    {true, pythonKind},
	"rdflib":     {true, pythonKind},
	"attean":     {true, perlKind},
	"rdfquery":   {true, perlKind},
	"rasqal":     {false, rasqalKind},
	"virtuoso":   {false, virtuosoKind},
	"sparqlhttp": {false, httpKind},
	// Live endpoints started by the adapter (adapters/sparqlhttp/endpoints.go).
	sparqlhttp.OxigraphServerName: {false, endpointKind},
	sparqlhttp.FusekiName:         {false, endpointKind},
}

// Kinds lists the adapter kinds a config may name, sorted.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sidecarKind adapts an adapter's Config(dir, pool) function.
func sidecarKind(cfg func(dir string, pool int) sidecar.Config) func(EngineConfig) (oracle.Engine, error) {
	return func(e EngineConfig) (oracle.Engine, error) {
		dir, err := adapterDir(e)
		if err != nil {
			return nil, err
		}
		return sidecar.New(tune(cfg(dir, e.Pool), e)), nil
	}
}

func pythonKind(e EngineConfig) (oracle.Engine, error) {
	dir, err := adapterDir(e)
	if err != nil {
		return nil, err
	}
	py := e.Binary
	if py == "" {
		root, err := adapterRoot(e.kind()) // checks .venv/bin/python
		if err != nil {
			return nil, err
		}
		py = filepath.Join(root, ".venv", "bin", "python")
	}
	return sidecar.New(tune(python.Config(e.kind(), dir, py, e.Pool), e)), nil
}

func perlKind(e EngineConfig) (oracle.Engine, error) {
	dir, err := adapterDir(e)
	if err != nil {
		return nil, err
	}
	return &attean.Engine{Engine: sidecar.New(tune(attean.Config(e.kind(), dir, e.Pool), e))}, nil
}

// tune applies an entry's binary and start timeout to a sidecar config.
func tune(c sidecar.Config, e EngineConfig) sidecar.Config {
	if c.Reproducer == "" {
		c.Reproducer = c.Name // the adapter's own name, before the entry's
	}
	c.Name = e.Name
	if e.Binary != "" {
		c.Command = append([]string{e.Binary}, c.Command[1:]...)
	}
	if e.StartTimeout > 0 {
		c.StartTimeout = time.Duration(e.StartTimeout)
	}
	c.Limits = e.limits(c.Limits)
	return c
}

// limits applies an entry's memory_mb and cpu_limit over an adapter's defaults.
func (e EngineConfig) limits(l sidecar.Limits) sidecar.Limits {
	if e.MemoryMB > 0 {
		l.Memory = int64(e.MemoryMB) << 20
	}
	if e.CPULimit > 0 {
		l.CPU = time.Duration(e.CPULimit)
	}
	return l
}

// adapterDir is the entry's Dir, or adapters/<folder> under Home() once the
// adapter's installed files are checked.
func adapterDir(e EngineConfig) (string, error) {
	if e.Dir != "" {
		if _, err := os.Stat(e.Dir); err != nil {
			return "", fmt.Errorf("%s: %w: %v", e.Name, ErrNotInstalled, err)
		}
		return e.Dir, nil
	}
	root, err := adapterRoot(e.kind())
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "adapters", folder(e.kind())), nil
}

// folder is the adapter folder serving kind.
func folder(k string) string {
	switch k {
	case "pyoxigraph", "oxilite", "rdflib":
		return "python"
	case "rdfquery":
		return "attean"
	}
	return k
}

func rasqalKind(e EngineConfig) (oracle.Engine, error) {
	bin := e.Binary
	if bin == "" {
		bin = "/usr/bin/roqet"
	}
	if _, err := exec.LookPath(bin); err != nil {
		return nil, fmt.Errorf("%s: %w: %v (Debian rasqal-utils)", e.Name, ErrNotInstalled, err)
	}
	return rasqal.New(rasqal.Config{Roqet: bin, NoNetwork: true, Limits: shareLimits(e.Name, e.limits(rasqal.DefaultLimits), e.Pool)}), nil
}

func virtuosoKind(e EngineConfig) (oracle.Engine, error) {
	o := virtuoso.Options{Dir: e.DatabaseDir, Binary: e.Binary, StartTimeout: time.Duration(e.StartTimeout),
		Limits: e.limits(virtuoso.DefaultLimits)}
	o.Load, _ = loadMode(e.Load)
	bin := e.Binary
	if bin == "" {
		bin = "virtuoso-t"
	}
	if _, err := exec.LookPath(bin); err != nil {
		return nil, fmt.Errorf("%s: %w: %v (Debian virtuoso-opensource)", e.Name, ErrNotInstalled, err)
	}
	return virtuoso.New(o), nil
}

func httpKind(e EngineConfig) (oracle.Engine, error) {
	if e.URL == "" {
		return nil, fmt.Errorf("%s: %w: no endpoint configured (give its url in the config file, $%s)", e.Name, ErrNotInstalled, ConfigEnv)
	}
	load, err := loadMode(e.Load)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", e.Name, err)
	}
	auth := map[string]sparqlhttp.Auth{"": sparqlhttp.AuthNone, "none": sparqlhttp.AuthNone,
		"basic": sparqlhttp.AuthBasic, "digest": sparqlhttp.AuthDigest}
	a, ok := auth[e.Auth]
	if !ok {
		return nil, fmt.Errorf("%s: auth %q: want none, basic or digest", e.Name, e.Auth)
	}
	return sparqlhttp.New(sparqlhttp.Config{
		Name: e.Name, Version: e.Version, Query: e.URL, Store: e.Store, Update: e.Update,
		Load: load, Auth: a, User: e.User, Password: os.Getenv(e.PasswordEnv),
		RefuseService: true, Timeout: time.Duration(e.Deadline),
	}), nil
}

func loadMode(s string) (sparqlhttp.Load, error) {
	switch s {
	case "", "graphstore":
		return sparqlhttp.LoadGraphStore, nil
	case "update":
		return sparqlhttp.LoadUpdate, nil
	}
	return 0, fmt.Errorf("load %q: want graphstore or update", s)
}

// limited applies an entry's deadline and concurrency around an engine.
type limited struct {
	oracle.Engine
	deadline time.Duration
	slots    chan struct{} // nil: no limit of our own
}

func limit(e oracle.Engine, deadline time.Duration, pool int) oracle.Engine {
	if deadline <= 0 && pool <= 0 {
		return e
	}
	l := &limited{Engine: e, deadline: deadline}
	if pool > 0 {
		l.slots = make(chan struct{}, pool)
	}
	return l
}

// Eval waits for a slot, then evaluates under the engine's own deadline
// (the earlier of it and the caller's).
func (l *limited) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if l.deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, l.deadline)
		defer cancel()
	}
	if l.slots != nil {
		select {
		case l.slots <- struct{}{}:
			defer func() { <-l.slots }()
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: waiting for %s: %v", oracle.ErrTimeout, l.Name(), ctx.Err())
		}
	}
	return l.Engine.Eval(ctx, c)
}

// Unwrap returns the engine inside the wrapper.
func (l *limited) Unwrap() oracle.Engine { return l.Engine }

// Lacks, LastQueryTime and Close forward to the wrapped engine when it has them.
func (l *limited) Lacks() []string {
	if x, ok := l.Engine.(interface{ Lacks() []string }); ok {
		return x.Lacks()
	}
	return nil
}

func (l *limited) LastQueryTime() time.Duration {
	if x, ok := l.Engine.(oracle.Timing); ok {
		return x.LastQueryTime()
	}
	return 0
}

func (l *limited) Close() { Close(l.Engine) }

// Reproduce forwards to the wrapped engine's own reproducer (oracle.Reproducer).
func (l *limited) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	return oracle.NativeFor(l.Engine, c)
}

// Close stops an engine's processes when it has any (sidecar pools, a
// Virtuoso server); other engines are left alone.
func Close(e oracle.Engine) {
	switch x := e.(type) {
	case interface{ Close() }:
		x.Close()
	case interface{ Close() error }:
		x.Close()
	}
}

// endpointKind builds a live endpoint the adapter starts (the Oxigraph
// server, Fuseki) from its installed files; binary replaces the program
// that runs it (the oxigraph binary, Fuseki's java).
func endpointKind(e EngineConfig) (oracle.Engine, error) {
	root, err := adapterRoot(e.kind())
	if err != nil {
		return nil, err
	}
	if e.kind() == sparqlhttp.FusekiName {
		jar := filepath.Join(root, sparqlhttp.FusekiJar)
		java := e.Binary
		if java == "" {
			java = sparqlhttp.FusekiJava(jar)
		}
		return limitServer(sparqlhttp.Fuseki(java, jar), e), nil
	}
	bin := e.Binary
	if bin == "" {
		bin = filepath.Join(root, ".venv", "bin", "oxigraph")
	}
	return limitServer(sparqlhttp.OxigraphServer(bin), e), nil
}

// limitServer applies an entry's memory_mb and cpu_limit over a server's
// own limits, as for every other engine process.
func limitServer(m *sparqlhttp.Managed, e EngineConfig) *sparqlhttp.Managed {
	m.SetLimits(e.limits(m.Limits()))
	return m
}
