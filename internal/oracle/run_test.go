package oracle

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

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
