package oracle

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// funcEngine is an Engine whose behaviour a test chooses.
type funcEngine struct {
	name string
	eval func(ctx context.Context) (*results.Answer, error)
}

func (f funcEngine) Name() string    { return f.name }
func (f funcEngine) Version() string { return "test" }
func (f funcEngine) Eval(ctx context.Context, _ *Case) (*results.Answer, error) {
	return f.eval(ctx)
}

func TestRunClassifiesEachEngine(t *testing.T) {
	engines := []Engine{
		funcEngine{"ok", func(context.Context) (*results.Answer, error) {
			return &results.Answer{Kind: results.Boolean, Boolean: true}, nil
		}},
		funcEngine{"slow", func(ctx context.Context) (*results.Answer, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}},
		funcEngine{"panics", func(context.Context) (*results.Answer, error) { panic("boom") }},
		funcEngine{"rejects", func(context.Context) (*results.Answer, error) { return nil, ErrRejected }},
	}
	start := time.Now()
	out := Run(context.Background(), &Case{Query: "ASK {}"}, engines, 50*time.Millisecond)
	if time.Since(start) > 5*time.Second {
		t.Fatalf("Run did not respect the deadline")
	}
	want := []string{"", "timeout", "crashed", "rejected"}
	for i, o := range out {
		if o.Engine != engines[i].Name() {
			t.Errorf("outcome %d is for %s, want %s", i, o.Engine, engines[i].Name())
		}
		if got := Classify(o.Err); got != want[i] {
			t.Errorf("%s: class %q, want %q (err %v)", o.Engine, got, want[i], o.Err)
		}
	}
	if out[0].Answer == nil || !out[0].Answer.Boolean {
		t.Errorf("ok engine's answer lost: %+v", out[0])
	}
	if !errors.Is(out[1].Err, ErrTimeout) {
		t.Errorf("slow engine: %v is not ErrTimeout", out[1].Err)
	}
}

// TestClassifyKinds: each sentinel names its kind, wrapped or not; a
// timeout wins over what the engine said when the deadline passed.
func TestClassifyKinds(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{ErrUnavailable, "unavailable"},
		{fmt.Errorf("endpoint: %w: connection refused", ErrUnavailable), "unavailable"},
		{fmt.Errorf("%w: %w", ErrTimeout, ErrUnavailable), "timeout"},
		{ErrCrashed, "crashed"},
		{ErrUnsupported, "unsupported"},
		{ErrRejected, "rejected"},
		{ErrBudget, "budget"},
		{ErrQueryError, "error"},
		{errors.New("anything else"), "error"},
	}
	for _, c := range cases {
		if got := Classify(c.err); got != c.want {
			t.Errorf("Classify(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

// TestRunLargeTakesTurns: on a dataset of LargeQuads quads or more the
// engines evaluate GOMAXPROCS at a time, each deadline counted from its
// turn, so six engines that each need most of the deadline all answer;
// a small case runs them all at once.
func TestRunLargeTakesTurns(t *testing.T) {
	big := largeDataset()
	for _, c := range []struct {
		ds      *rdf.Dataset
		maxSeen int
	}{{big, runtime.GOMAXPROCS(0)}, {rdf.NewDataset(), 6}} {
		var running, peak atomic.Int32
		engines := make([]Engine, 6)
		for i := range engines {
			engines[i] = funcEngine{fmt.Sprintf("e%d", i), func(ctx context.Context) (*results.Answer, error) {
				n := running.Add(1)
				defer running.Add(-1)
				for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
				}
				select {
				case <-time.After(150 * time.Millisecond):
					return &results.Answer{Kind: results.Boolean, Boolean: true}, nil
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}}
		}
		out := Run(context.Background(), &Case{Query: "ASK {}", Dataset: c.ds}, engines, time.Second)
		for _, o := range out {
			if o.Err != nil {
				t.Errorf("%d quads: %s: %v", c.ds.Len(), o.Engine, o.Err)
			}
		}
		if got := int(peak.Load()); got > c.maxSeen || (c.maxSeen == 6 && got < 2) {
			t.Errorf("%d quads: %d engines at once, want at most %d", c.ds.Len(), got, c.maxSeen)
		}
	}
}

// TestGateTakeEnds: a case that ends while an engine waits for its turn
// gives that engine a timeout, not a hang.
func TestGateTakeEnds(t *testing.T) {
	g := make(Gate, 1)
	release, err := g.Take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := g.Take(ctx); !errors.Is(err, ErrTimeout) {
		t.Errorf("err = %v, want ErrTimeout", err)
	}
}

// TestSpan: a case lasts one deadline when its engines run at once, one
// per turn when they take turns on large data (two cores here: thirteen
// engines take seven turns).
func TestSpan(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	big := largeDataset()
	for _, c := range []struct {
		ds   *rdf.Dataset
		n    int
		want time.Duration
	}{{rdf.NewDataset(), 13, time.Second}, {big, 2, time.Second}, {big, 3, 2 * time.Second}, {big, 13, 7 * time.Second}} {
		if got := Span(&Case{Query: "ASK {}", Dataset: c.ds}, c.n, time.Second); got != c.want {
			t.Errorf("%d quads, %d engines: Span %v, want %v", c.ds.Len(), c.n, got, c.want)
		}
	}
}

// largeDataset has LargeQuads quads: the size from which engines take
// turns (Slots).
func largeDataset() *rdf.Dataset {
	ds := rdf.NewDataset()
	for i := range LargeQuads {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://ex/s%d", i)), P: rdf.IRI("http://ex/p"), O: rdf.String(fmt.Sprint(i)), G: rdf.DefaultGraph})
	}
	return ds
}
