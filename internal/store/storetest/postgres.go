package storetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Schema makes a fresh schema, named prefix_<random>, on the PostgreSQL
// server at dsn, dropped when the test ends, and returns dsn with its
// search_path set to it.
func Schema(t testing.TB, dsn, prefix string) string {
	t.Helper()
	ctx := context.Background()
	schema := fmt.Sprintf("%s_%d", prefix, rand.Int64())
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("storetest: connect to PostgreSQL: %v", err)
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		conn.Close(ctx)
		t.Fatalf("storetest: create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		conn.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		conn.Close(context.Background())
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}
