package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/diff"
	"os"
	"time"

	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// startRunner starts the sweep runner on the store's database: workers
// case jobs at once in this process (negative: enqueue only, for an API
// front end whose workers run elsewhere), and the nightly sweep of the
// spec file nightly ("" = none).
func startRunner(ctx context.Context, st *store.DB, workers int, nightly string, observe func(*diff.Report)) (*sweep.Runner, error) {
	opts := sweep.Options{Workers: workers, Observe: observe}
	if nightly != "" {
		b, err := os.ReadFile(nightly)
		if err != nil {
			return nil, err
		}
		var spec store.SweepSpec
		if err := json.Unmarshal(b, &spec); err != nil {
			return nil, fmt.Errorf("--nightly %s: %v", nightly, err)
		}
		opts.Nightly = &spec
	}
	r, err := sweep.New(ctx, st, opts)
	if err != nil {
		return nil, err
	}
	return r, r.Start(ctx)
}

// queueDepth counts the sweep case jobs waiting in River's table.
func queueDepth(st *store.DB) func() float64 {
	return func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		var n int64
		err := st.SQL().QueryRowContext(ctx,
			`SELECT count(*) FROM river_job WHERE state IN ('available', 'scheduled', 'retryable')`).Scan(&n)
		if err != nil {
			return 0
		}
		return float64(n)
	}
}
