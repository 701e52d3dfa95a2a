package store

import (
	"context"
	"fmt"
)

// DB is the Store on SQLite or PostgreSQL.
type DB struct{}

// Open opens (creating and migrating when needed) the store at dsn: a
// postgres:// or postgresql:// URL, or a SQLite file path.
func Open(ctx context.Context, dsn string) (*DB, error) {
	return nil, fmt.Errorf("store: not implemented yet")
}
