package sweep

import (
	"context"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// DefaultReducePerKey is how many divergences with the same unreduced key
// one sweep reduces when the spec does not say (store.SweepSpec.ReducePerKey).
const DefaultReducePerKey = 3

// The reduction memo's keys (Options.ReduceKey).
const (
	KeyFeature   = "feature"   // store.KeyOf(unreduced bug): signature @ feature
	KeySignature = "signature" // the divergence signature alone
)

// memoKey is the pre-reduction key of an unreduced bug.
func memoKey(kind string, raw report.Bug) string {
	if kind == KeySignature {
		return raw.Signature
	}
	return store.KeyOf(raw.Signature, raw.Feature)
}

// reducePerKey is the spec's bound: 0 = reduce every divergence.
func reducePerKey(spec store.SweepSpec) int {
	if spec.ReducePerKey == nil || *spec.ReducePerKey < 0 {
		return DefaultReducePerKey
	}
	return *spec.ReducePerKey
}

// outcome is what reducing one divergence produced: the bug filed for each
// engine whose divergence survived (an engine already wrong in the class
// on one of them is filed by it and not reduced again), and the engines
// flagged because theirs did not.
type outcome struct {
	bugs    []report.Bug
	flagged []store.Flag
}

// key tells two outcomes apart: the store keys of their bugs and the
// engines they flagged.
func (o outcome) key() string {
	var parts []string
	for _, b := range o.bugs {
		parts = append(parts, b.Engine+" "+store.KeyOf(b.Signature, b.Feature))
	}
	for _, f := range o.flagged {
		parts = append(parts, "flagged "+f.Engine+" "+f.Class)
	}
	return strings.Join(parts, "\x00")
}

// memo remembers, per sweep and per pre-reduction key (store.KeyOf of the
// unreduced bug: its signature and the feature of the generated query),
// what the reductions of that key produced (an outcome: the bugs filed per
// engine, the engines flagged). Once a key was reduced K times, a
// divergence with the same key is filed as an occurrence of the outcome
// those reductions produced most often, without reducing it again: on a
// generated corpus half the cases may diverge the same way, and a
// reduction costs up to 200 oracle calls per engine.
//
// The memo lives in the process and starts empty: after a restart, or in
// each of several workers sharing a sweep on PostgreSQL, a key is reduced
// at most K more times. It changes only which reports a case links, never
// whether a case is recorded, so crash safety rests on the store's
// idempotent writes as before.
type memo struct {
	mu     sync.Mutex
	sweeps map[int64]map[string]*memoEntry
}

// memoEntry is one key: how many reductions started, the outcomes the
// finished ones produced (by outcome.key, with how many produced each),
// and a channel closed whenever a reduction ends, for the divergences
// waiting on one.
type memoEntry struct {
	started  int
	outcomes map[string]*memoOutcome
	wake     chan struct{}
}

type memoOutcome struct {
	outcome
	count int
	order int // first produced; breaks ties between equally frequent outcomes
}

func newMemo() *memo { return &memo{sweeps: map[int64]map[string]*memoEntry{}} }

// acquire decides for one divergence of sweep id with pre-reduction key:
// reduce (the caller then calls release), or file the returned outcome.
// When K reductions of the key are running and none has finished, it waits
// for one: that is cheaper than a reduction of its own.
func (m *memo) acquire(ctx context.Context, id int64, key string, k int) (outcome, bool, error) {
	for {
		m.mu.Lock()
		e := m.entry(id, key)
		if k == 0 || e.started < k {
			e.started++
			m.mu.Unlock()
			return outcome{}, true, nil
		}
		if o, ok := e.best(); ok {
			m.mu.Unlock()
			return o, false, nil
		}
		wake := e.wake
		m.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return outcome{}, false, ctx.Err()
		}
	}
}

// release ends a reduction acquire granted: done is what it produced and
// filed, or nil when it failed (a store error, a stopped job), which gives
// its turn back.
func (m *memo) release(id int64, key string, done *outcome) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entry(id, key)
	if done == nil {
		e.started--
	} else {
		k := done.key()
		if o := e.outcomes[k]; o != nil {
			o.count++
		} else {
			e.outcomes[k] = &memoOutcome{outcome: *done, count: 1, order: len(e.outcomes)}
		}
	}
	close(e.wake)
	e.wake = make(chan struct{})
}

// forget drops a finished sweep's keys.
func (m *memo) forget(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sweeps, id)
}

func (m *memo) entry(id int64, key string) *memoEntry {
	keys := m.sweeps[id]
	if keys == nil {
		keys = map[string]*memoEntry{}
		m.sweeps[id] = keys
	}
	e := keys[key]
	if e == nil {
		e = &memoEntry{outcomes: map[string]*memoOutcome{}, wake: make(chan struct{})}
		keys[key] = e
	}
	return e
}

// best is the outcome the key's reductions produced most often (the first
// on a tie).
func (e *memoEntry) best() (outcome, bool) {
	var top *memoOutcome
	for _, o := range e.outcomes {
		if top == nil || o.count > top.count || (o.count == top.count && o.order < top.order) {
			top = o
		}
	}
	if top == nil {
		return outcome{}, false
	}
	return top.outcome, true
}
