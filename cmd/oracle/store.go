package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/sparql-oracle/oracle/internal/store"
)

// openExisting opens the store of a command that reads one (sweep status,
// compare, cancel, reports, export; triage): a SQLite file that does not
// exist is an error, where store.Open would create an empty database and
// a mistyped --db would answer "no sweeps". `oracle serve`, `sweep start`
// and `sweep worker` create their store.
func openExisting(ctx context.Context, dsn string) (*store.DB, error) {
	if !store.IsPostgres(dsn) && dsn != "" {
		if _, err := os.Stat(dsn); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("--db %s: no such store (oracle serve and oracle sweep start create one)", dsn)
		}
	}
	return store.Open(ctx, dsn)
}
