package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// TestServeKill is the service's crash test on the real command: start
// `oracle serve` on a SQLite file, submit a sweep through the API, SIGKILL
// the server in the middle of it, start it again on the same file, and
// check that the sweep finishes with every case recorded exactly once per
// engine (none lost, none twice).
func TestServeKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server twice")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	db := filepath.Join(t.TempDir(), "kill.db")
	addr := freeAddr(t)
	srv := startServe(t, addr, db)
	const n = 1200
	id := submitSweep(t, addr, fmt.Sprintf(`{"name":"kill","generated":{"from":0,"to":%d}}`, n))
	before := waitSweep(t, ctx, addr, id, func(s sweepView) bool { return s.Done >= n/20 })
	require.NoError(t, srv.Process.Kill()) // SIGKILL: no shutdown hook runs
	_ = srv.Wait()
	require.Less(t, before.Done, n, "the sweep finished before the kill; make it longer")
	t.Logf("killed at %d/%d cases", before.Done, n)

	srv = startServe(t, addr, db)
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	after := waitSweep(t, ctx, addr, id, func(s sweepView) bool { return s.State == "done" || s.State == "failed" })
	require.Equal(t, "done", after.State)
	require.Equal(t, n, after.Done)
	checkRows(t, db, id, n)
}

type sweepView struct {
	State string `json:"state"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().String()
}

// startServe runs this test binary as `oracle serve` with the in-house
// engines only, and waits until /readyz answers.
func startServe(t *testing.T, addr, db string) *exec.Cmd {
	root, err := corpus.RepoRoot()
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "serve", "--addr", addr, "--db", db, "--engines", "engine", "--workers", "2")
	cmd.Env = append(os.Environ(), "ORACLE_TEST_MAIN=1", "ORACLE_HOME="+root)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	for i := 0; i < 300; i++ {
		if r, err := http.Get("http://" + addr + "/readyz"); err == nil {
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				return cmd
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	t.Fatal("oracle serve did not become ready")
	return nil
}

func submitSweep(t *testing.T, addr, spec string) int64 {
	r, err := http.Post("http://"+addr+"/v1/sweeps", "application/json", bytes.NewBufferString(spec))
	require.NoError(t, err)
	defer r.Body.Close()
	require.Equal(t, http.StatusAccepted, r.StatusCode)
	var s struct {
		ID int64 `json:"id"`
	}
	require.NoError(t, json.NewDecoder(r.Body).Decode(&s))
	return s.ID
}

func waitSweep(t *testing.T, ctx context.Context, addr string, id int64, ok func(sweepView) bool) sweepView {
	for {
		var s sweepView
		if r, err := http.Get(fmt.Sprintf("http://%s/v1/sweeps/%d", addr, id)); err == nil {
			err = json.NewDecoder(r.Body).Decode(&s)
			r.Body.Close()
			if err == nil && ok(s) {
				return s
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("sweep %d: %v (last seen %+v)", id, ctx.Err(), s)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// checkRows reads the store file: one case row per case, one result row
// per case and engine.
func checkRows(t *testing.T, path string, id int64, n int) {
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	var cases, distinct, results int
	require.NoError(t, db.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT case_name) FROM sweep_cases WHERE sweep_id = ?`, id).Scan(&cases, &distinct))
	require.NoError(t, db.QueryRow(`SELECT COUNT(*) FROM sweep_results WHERE sweep_id = ?`, id).Scan(&results))
	require.Equal(t, n, cases, "case rows")
	require.Equal(t, n, distinct, "distinct cases")
	require.Equal(t, 2*n, results, "result rows (reference and engine)")
}
