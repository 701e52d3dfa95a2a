package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/sparql-oracle/oracle/internal/store"
)

// sweepFlags are the flags every subcommand of sweep and triage has: the
// store (--db) and JSON output (--json).
type sweepFlags struct {
	fs   *flag.FlagSet
	db   *string
	json *bool
}

// storeFlags is the flag set of subcommand cmd ("sweep status", "triage
// set") with sweepFlags, its errors on stderr.
func storeFlags(cmd string, stderr io.Writer) sweepFlags {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return sweepFlags{fs: fs,
		db:   fs.String("db", defaultDB, "the store: a SQLite `file` or a postgres:// URL"),
		json: fs.Bool("json", false, "print JSON")}
}

// withStore opens the existing store named by --db (openExisting), runs
// fn on it and closes it; an error opening it or from fn fails command
// cmd (cmdFail).
func withStore(cmd, db string, stderr io.Writer, fn func(context.Context, *store.DB) error) int {
	ctx := context.Background()
	st, err := openExisting(ctx, db)
	if err != nil {
		return cmdFail(stderr, cmd, err)
	}
	defer st.Close()
	if err := fn(ctx, st); err != nil {
		return cmdFail(stderr, cmd, err)
	}
	return 0
}

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
