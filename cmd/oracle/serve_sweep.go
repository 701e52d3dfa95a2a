package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// startRunner starts the sweep runner on the store's database with opts
// (its workers, its nightly sweep: nightlyFor).
func startRunner(ctx context.Context, st *store.DB, opts sweep.Options) (*sweep.Runner, error) {
	r, err := sweep.New(ctx, st, opts)
	if err != nil {
		return nil, err
	}
	return r, r.Start(ctx)
}

// nightlyFor sets the runner's nightly sweep from serve's flags: the spec
// in the file --nightly names; none with --no-nightly; else the default
// (sweep.DefaultNightly: the W3C tests, the regression corpus and a
// rotating generated profile, through the engines the service runs). It
// returns the lines serve prints at start: what runs every night, and
// what the default leaves out and why.
func nightlyFor(opts *sweep.Options, file string, off bool, engines []oracle.Engine) ([]string, error) {
	switch {
	case off && file != "":
		return nil, fmt.Errorf("--nightly and --no-nightly: give one")
	case off:
		return []string{"no nightly sweep (--no-nightly)"}, nil
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var spec store.SweepSpec
		if err := json.Unmarshal(b, &spec); err != nil {
			return nil, fmt.Errorf("--nightly %s: %v", file, err)
		}
		opts.Nightly = &spec
		return []string{fmt.Sprintf("nightly sweep at 02:00 UTC: the spec in %s (none: --no-nightly)", file)}, nil
	}
	plan, notes := sweep.DefaultNightly("", engineList(engines))
	opts.NightlyFor = plan.Spec
	lines := []string{plan.Describe(2*time.Hour) + " (none: oracle serve --no-nightly, or make run NIGHTLY=off)"}
	for _, n := range notes {
		lines = append(lines, "nightly sweep "+n)
	}
	return lines, nil
}

// engineList names the engines the service serves: the default set, or
// --engines; its sweeps and its nightly run the same.
func engineList(engines []oracle.Engine) []string {
	var names []string
	for _, e := range engines {
		names = append(names, e.Name())
	}
	return names
}

// workersLine says how many sweep case jobs this process runs at once
// (sweep.Options: 0 is GOMAXPROCS, negative none).
func workersLine(workers int) string {
	switch {
	case workers < 0:
		return "no sweep workers in this process (--workers -1: enqueue only)"
	case workers == 0:
		workers = runtime.GOMAXPROCS(0)
	}
	return fmt.Sprintf("%d sweep workers in this process", workers)
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
