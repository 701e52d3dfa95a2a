package main

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/server"
	"github.com/sparql-oracle/oracle/internal/store"
)

// newSweeper connects POST /v1/sweeps to the sweep runner. Until
// internal/sweep lands, sweeps posted to the API are recorded as pending
// (server.Config.Sweeper nil) for `oracle sweep` workers to pick up.
func newSweeper(ctx context.Context, st store.Store, dsn string, engines []oracle.Engine) server.Sweeper {
	return nil
}
