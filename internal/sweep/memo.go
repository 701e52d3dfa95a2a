package sweep

import (
	"context"
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
	return store.KeyOf(raw)
}

// reducePerKey is the spec's bound: 0 = reduce every divergence.
func reducePerKey(spec store.SweepSpec) int {
	if spec.ReducePerKey == nil || *spec.ReducePerKey < 0 {
		return DefaultReducePerKey
	}
	return *spec.ReducePerKey
}

// memo remembers, per sweep and per pre-reduction key (store.KeyOf of the
// unreduced bug: its signature and the feature of the generated query),
// which bugs the reductions of that key produced. Once a key was reduced K
// times, a divergence with the same key is filed as an occurrence of the
// bug those reductions produced most often, without reducing it again:
// on a generated corpus half the cases may diverge the same way, and a
// reduction costs up to 200 oracle calls.
//
// The memo lives in the process and starts empty: after a restart, or in
// each of several workers sharing a sweep on PostgreSQL, a key is reduced
// at most K more times. It changes only which report a case links, never
// whether a case is recorded, so crash safety rests on the store's
// idempotent writes as before.
type memo struct {
	mu     sync.Mutex
	sweeps map[int64]map[string]*memoEntry
}

// memoEntry is one key: how many reductions started, the bugs the finished
// ones filed (by store.KeyOf, with how many produced each), and a channel
// closed whenever a reduction ends, for the divergences waiting on one.
type memoEntry struct {
	started int
	bugs    map[string]*memoBug
	wake    chan struct{}
}

type memoBug struct {
	bug   report.Bug
	count int
	order int // first filed; breaks ties between equally frequent bugs
}

func newMemo() *memo { return &memo{sweeps: map[int64]map[string]*memoEntry{}} }

// acquire decides for one divergence of sweep id with pre-reduction key:
// reduce (the caller then calls release), or file the returned bug. When K
// reductions of the key are running and none has finished, it waits for
// one: that is cheaper than a reduction of its own.
func (m *memo) acquire(ctx context.Context, id int64, key string, k int) (report.Bug, bool, error) {
	for {
		m.mu.Lock()
		e := m.entry(id, key)
		if k == 0 || e.started < k {
			e.started++
			m.mu.Unlock()
			return report.Bug{}, true, nil
		}
		if b, ok := e.best(); ok {
			m.mu.Unlock()
			return b, false, nil
		}
		wake := e.wake
		m.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return report.Bug{}, false, ctx.Err()
		}
	}
}

// release ends a reduction acquire granted: filed is the bug it filed, or
// nil when it failed (a store error), which gives its turn back.
func (m *memo) release(id int64, key string, filed *report.Bug) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entry(id, key)
	if filed == nil {
		e.started--
	} else {
		k := store.KeyOf(*filed)
		if b := e.bugs[k]; b != nil {
			b.count++
		} else {
			e.bugs[k] = &memoBug{bug: *filed, count: 1, order: len(e.bugs)}
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
		e = &memoEntry{bugs: map[string]*memoBug{}, wake: make(chan struct{})}
		keys[key] = e
	}
	return e
}

// best is the bug the key's reductions filed most often (the first on a tie).
func (e *memoEntry) best() (report.Bug, bool) {
	var top *memoBug
	for _, b := range e.bugs {
		if top == nil || b.count > top.count || (b.count == top.count && b.order < top.order) {
			top = b
		}
	}
	if top == nil {
		return report.Bug{}, false
	}
	return top.bug, true
}
