package sweep

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// memoBugNamed is an outcome of one bug whose store key is its feature.
func memoBugNamed(feature string) *outcome {
	return &outcome{bugs: []report.Bug{{Signature: "wrong-value: x | reference", Feature: feature}}}
}

// TestMemoSteps drives the memo through scripted steps: "r" acquires and
// expects a reduction, "f:X" acquires and expects the bug with feature X,
// "+X" releases a reduction that filed X, "-" one that failed.
func TestMemoSteps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		k     int
		steps []string
	}{
		{"k=0 always reduces", 0, []string{"r", "+A", "r", "+A", "r"}},
		{"k=1 reuses the first", 1, []string{"r", "+A", "f:A", "f:A"}},
		{"k=3 takes the most frequent", 3, []string{"r", "r", "r", "+A", "+B", "+B", "f:B"}},
		{"a tie goes to the first filed", 2, []string{"r", "r", "+B", "+A", "f:B"}},
		{"a failed reduction gives its turn back", 1, []string{"r", "-", "r", "+C", "f:C"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ctx := newMemo(), context.Background()
			for i, s := range tc.steps {
				switch {
				case s == "-":
					m.release(1, "key", nil)
				case s[0] == '+':
					m.release(1, "key", memoBugNamed(s[1:]))
				default:
					o, reduce, err := m.acquire(ctx, 1, "key", tc.k)
					require.NoError(t, err)
					require.Equal(t, s == "r", reduce, "step %d %q", i, s)
					if !reduce {
						require.Len(t, o.bugs, 1, "step %d", i)
						require.Equal(t, s[2:], o.bugs[0].Feature, "step %d", i)
					}
				}
			}
		})
	}
}

// TestMemoWaits: with K reductions of a key running and none finished, a
// further divergence waits for one instead of reducing, and gets its bug;
// a cancelled context ends the wait.
func TestMemoWaits(t *testing.T) {
	m, ctx := newMemo(), context.Background()
	_, reduce, _ := m.acquire(ctx, 1, "key", 1)
	require.True(t, reduce)
	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		wg.Go(func() {
			o, reduce, err := m.acquire(ctx, 1, "key", 1)
			require.NoError(t, err)
			require.False(t, reduce)
			got[i] = o.bugs[0].Feature
		})
	}
	m.release(1, "key", memoBugNamed("A"))
	wg.Wait()
	require.Equal(t, []string{"A", "A", "A", "A"}, got)

	_, _, _ = m.acquire(ctx, 2, "key", 1)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err := m.acquire(cctx, 2, "key", 1)
	require.ErrorIs(t, err, context.Canceled)
}

// TestSweepReducesPerKey sweeps generated cases over the lossy engine and
// checks the memo end to end: each pre-reduction key is reduced
// min(divergences, K) times, every divergence is filed once (the reports'
// counts and the sweep's links add up to the divergences), and K=0 reduces
// every divergence.
func TestSweepReducesPerKey(t *testing.T) {
	for _, tc := range []struct {
		k   int
		key string
	}{{1, KeyFeature}, {0, KeyFeature}, {2, KeySignature}} {
		k := tc.k
		t.Run(fmt.Sprintf("k=%d,key=%s", k, tc.key), func(t *testing.T) {
			st := openStore(t, filepath.Join(t.TempDir(), "memo.db"))
			spec := store.SweepSpec{Engines: []string{"lossy"}, Generated: &store.GenSource{From: 0, To: 40},
				ReduceCalls: 30, ReduceSeconds: 5, ReducePerKey: &k}
			perKey, reductions, s := sweepCounting(t, st, spec, tc.key)
			require.Equal(t, store.SweepDone, s.State, s.Error)
			divergences := 0
			for key, n := range perKey {
				divergences += n
				want := n
				if k > 0 {
					want = min(n, k)
				}
				require.Equal(t, want, reductions[key], "reductions of %q", key)
			}
			require.Less(t, len(perKey), divergences, "the corpus must repeat a key for the test to mean anything")
			requireFiledOnce(t, st, s, divergences)
		})
	}
}

// requireFiledOnce: every divergence of sweep s is filed once (the
// reports' counts and the sweep's links add up to the divergences).
func requireFiledOnce(t *testing.T, st *store.DB, s store.Sweep, divergences int) {
	t.Helper()
	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: s.ID, Limit: store.MaxLimit})
	require.NoError(t, err)
	count := 0
	for _, rp := range page.Reports {
		count += rp.Count
	}
	require.Equal(t, divergences, count, "every divergence counts once in some report")
	var links int
	require.NoError(t, st.SQL().QueryRow(`SELECT COUNT(*) FROM sweep_reports WHERE sweep_id = ?`, s.ID).Scan(&links))
	require.Equal(t, divergences, links, "every diverging case links its report")
}

// sweepCounting runs spec and returns the divergences per pre-reduction
// key (from Observe) and the reductions per key (from onReduce).
func sweepCounting(t *testing.T, st *store.DB, spec store.SweepSpec, key string) (map[string]int, map[string]int, store.Sweep) {
	var mu sync.Mutex
	perKey := map[string]int{}
	observe := func(rep *triage.Report) {
		mu.Lock()
		defer mu.Unlock()
		for _, d := range rep.Divergences {
			raw, _ := report.BugFor(rep, d.Signature, nil)
			perKey[memoKey(key, raw)]++
		}
	}
	reductions, s := sweepReducing(t, st, Options{Workers: 2, Engine: engines(true), Observe: observe, ReduceKey: key}, spec)
	mu.Lock()
	defer mu.Unlock()
	return perKey, reductions, s
}

// sweepReducing runs spec on a runner with opts and returns the
// reductions per pre-reduction key (from onReduce).
func sweepReducing(t *testing.T, st *store.DB, opts Options, spec store.SweepSpec) (map[string]int, store.Sweep) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	var mu sync.Mutex
	reductions := map[string]int{}
	r, err := New(ctx, st, opts)
	require.NoError(t, err)
	r.onReduce = func(_ int64, key string) {
		mu.Lock()
		defer mu.Unlock()
		reductions[key]++
	}
	require.NoError(t, r.Start(ctx))
	defer r.Stop(context.Background())
	s := submitWait(t, ctx, r, spec)
	mu.Lock()
	defer mu.Unlock()
	return reductions, s
}

// TestMemoKeepsOutcomes: the memo keeps what a reduction produced per
// engine, bugs and flags together; an outcome reused from it files the
// same bugs and says its flags were not re-checked.
func TestMemoKeepsOutcomes(t *testing.T) {
	m, ctx := newMemo(), context.Background()
	two := outcome{bugs: []report.Bug{
		{Engine: "a", Signature: "error-vs-answer: a | reference", Feature: "MAX"},
		{Engine: "b", Signature: "error-vs-answer: b | reference", Feature: "GROUP BY"}},
		flagged: []store.Flag{{Engine: "c", Class: "error-vs-answer", Reason: "c is not wrong in error-vs-answer"}}}
	one := outcome{bugs: two.bugs[:1]}
	require.NotEqual(t, two.key(), one.key())
	for _, o := range []outcome{two, one, two} {
		_, reduce, err := m.acquire(ctx, 1, "key", 3)
		require.NoError(t, err)
		require.True(t, reduce)
		m.release(1, "key", &o)
	}
	got, reduce, err := m.acquire(ctx, 1, "key", 3)
	require.NoError(t, err)
	require.False(t, reduce)
	require.Equal(t, two, got, "the most frequent outcome")
	r := remembered(got)
	require.Equal(t, two.bugs, r.bugs)
	require.Len(t, r.flagged, 1)
	require.Contains(t, r.flagged[0].Reason, "not reduced again")
	require.Contains(t, r.flagged[0].Reason, two.flagged[0].Reason)
	require.Equal(t, "c is not wrong in error-vs-answer", two.flagged[0].Reason, "remembered copies, the memo keeps its own")
}
