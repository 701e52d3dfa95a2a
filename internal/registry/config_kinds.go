package registry

import (
	"context"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
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

// kinds are the registry's own builders: the in-house evaluators and an
// endpoint the config gives the URL of. Every other kind is an engine an
// adapter describes and builds (described.go). The names are
// docs/config.md's.
var kinds = map[string]kind{
	"reference":  {false, func(EngineConfig) (oracle.Engine, error) { return Reference(reference.Options{}), nil }},
	"engine":     {false, func(EngineConfig) (oracle.Engine, error) { return Engine(engine.Options{}), nil }},
	"sparqlhttp": {false, httpKind},
}

// Kinds lists the adapter kinds a config may name, sorted.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	out = append(out, builtByAdapters()...)
	sort.Strings(out)
	return out
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
