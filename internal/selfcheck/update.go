package selfcheck

import (
	"context"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Update cases: an update profile's case (corpus.GenerateUpdate: a request
// of every form of Update §3 printed from a syntax tree, and the graph
// store before it, empty graphs included). A query profile stands for the
// built-in update profile (corpus.UpdateProfile), so `go test -run
// TestUpdateEquivalence` covers every form whatever -profile says. The
// judge's and the engine's stores are compared by diff.CompareWith (triage.CompareOptions)
// (compare_store.go), so every outcome the Update text permits is accepted.

// GenerateUpdate returns the update case of one seed.
func GenerateUpdate(seed int64, p *corpus.Profile) (*oracle.Case, *corpus.GenUpdate) {
	if p == nil || !p.IsUpdate() {
		p = corpus.UpdateProfile()
	}
	gc := corpus.GenerateUpdate(seed, p)
	return &oracle.Case{Name: gc.Name(), Update: gc.Request, Dataset: gc.Dataset()}, gc
}

// failureData is the store before the request as N-Quads, with a comment
// line for each named graph that exists empty (N-Quads cannot hold one).
func failureData(gc *corpus.GenUpdate) string {
	s := gc.NQuads()
	for _, g := range gc.Empty {
		s += "# empty graph <" + g.Value + ">\n"
	}
	return s
}

// CheckUpdate runs the update case of one seed through both engines (each
// an oracle.Updater) and classifies it as Check does.
func CheckUpdate(ctx context.Context, cfg Config, seed int64) (Outcome, *Failure) {
	cfg = withDefaults(cfg)
	c, gc := GenerateUpdate(seed, cfg.Profile)
	return judge(ctx, cfg, trial{seed: seed, name: c.Name, text: c.Update, nquads: failureData(gc), update: true,
		run: func(ctx context.Context, e oracle.Engine, d time.Duration) (*results.Answer, error) {
			return update(ctx, e, c, d)
		},
		oneSided: func(raiser string, err error, answerer string, _ *results.Answer) string {
			return fmt.Sprintf("%s raised %v; %s answered", raiser, err, answerer)
		}})
}

// update applies one request under a deadline (guarded), an engine that
// applies none being unsupported.
func update(ctx context.Context, e oracle.Engine, c *oracle.Case, d time.Duration) (*results.Answer, error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return nil, fmt.Errorf("%w: %s applies no updates", oracle.ErrUnsupported, e.Name())
	}
	return guarded(ctx, d, func(ctx context.Context) (*results.Answer, error) { return u.Update(ctx, c) })
}

// RunUpdates is RunWith for update cases.
func RunUpdates(ctx context.Context, cfg Config) *Summary {
	return runSeeds(ctx, cfg, CheckUpdate)
}
