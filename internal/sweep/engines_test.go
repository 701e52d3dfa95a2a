package sweep

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The engines with a bug the sweep tests catch: rigged for query cases
// (one type, the bug a hook), dropper for update cases.

// rigged is an engine a test rigs with a bug: the wrapped engine under
// name ("" keeps its own), before each evaluation before (an error is the
// engine's answer), after it after (a rewrite of the answer).
type rigged struct {
	oracle.Engine
	name   string
	before func(c *oracle.Case) error
	after  func(a *results.Answer) *results.Answer
}

func (r rigged) Name() string {
	if r.name == "" {
		return r.Engine.Name()
	}
	return r.name
}

func (r rigged) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if r.before != nil {
		if err := r.before(c); err != nil {
			return nil, err
		}
	}
	a, err := r.Engine.Eval(ctx, c)
	if err == nil && r.after != nil {
		a = r.after(a)
	}
	return a, err
}

// hooked builds the registry's engines, each running before ahead of
// every evaluation (a delay, a count).
func hooked(before func(c *oracle.Case) error) func(string) (oracle.Engine, error) {
	return func(name string) (oracle.Engine, error) {
		e, err := registry.New(name)
		return rigged{Engine: e, before: before}, err
	}
}

// lossy is the fast engine with a bug: it drops the last solution of every
// SELECT answer with more than one. Named "lossy", it is an external engine
// to triage.
func lossy(e oracle.Engine) rigged {
	return rigged{Engine: e, name: "lossy", after: func(a *results.Answer) *results.Answer {
		if a.Kind != results.Bindings || len(a.Rows) < 2 {
			return a
		}
		b := *a
		b.Rows = a.Rows[:len(a.Rows)-1]
		return &b
	}}
}

// engines builds the registry's engines, and "lossy" (buggy when bug is
// true, else a correct copy of the fast engine).
func engines(bug bool) func(string) (oracle.Engine, error) {
	return func(name string) (oracle.Engine, error) {
		if name != "lossy" {
			return registry.New(name)
		}
		e, err := registry.New("engine")
		if !bug {
			return rigged{Engine: e, name: "lossy"}, err
		}
		return lossy(e), err
	}
}

// dropper is the fast engine with an update bug: after every request that
// leaves the default graph non-empty it drops that graph's first triple.
// Named "dropper", it is an external engine to triage.
type dropper struct{ oracle.Engine }

func (dropper) Name() string { return "dropper" }

func (d dropper) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	u, _ := oracle.AsUpdater(d.Engine)
	a, err := u.Update(ctx, c)
	if err != nil || a.Store == nil || a.Store.Err != "" || len(a.Store.Default) == 0 {
		return a, err
	}
	b, s := *a, *a.Store
	s.Default = s.Default[1:]
	b.Store = &s
	return &b, nil
}

// updateEngines builds the registry's engines, and "dropper".
func updateEngines(name string) (oracle.Engine, error) {
	if name != "dropper" {
		return registry.New(name)
	}
	e, err := registry.New("engine")
	return dropper{e}, err
}
