package server

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// TestSweepThroughAPI posts a sweep of generated cases to a server whose
// Sweeper is the River runner on the same SQLite file, follows its progress
// to the end, and finds it on the dashboard.
func TestSweepThroughAPI(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := sweep.New(ctx, db, sweep.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer r.Stop(ctx)
	_, ts := newTest(t, Config{Store: db, Sweeper: r})
	resp := postJSON(t, ts.URL+"/v1/sweeps", map[string]any{"name": "api-e2e", "generated": map[string]any{"from": 0, "to": 8}})
	if resp.Status != http.StatusAccepted {
		t.Fatalf("POST /v1/sweeps: %d %s", resp.Status, resp.Body)
	}
	var st sweepStatus
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		do(t, "GET", ts.URL+resp.Header.Get("Location"), "", nil).json(t, &st)
		if sweep.Final(st.State) {
			break
		}
	}
	if st.State != store.SweepDone || st.Done != 8 || st.Total != 8 || st.Percent != 100 {
		t.Fatalf("sweep %+v, want done 8/8 at 100%%", st)
	}
	page := string(do(t, "GET", ts.URL+"/", "", nil).Body)
	if !strings.Contains(page, "api-e2e") || !strings.Contains(page, ">8/8<") || !strings.Contains(page, "<th>generated: default</th>") {
		t.Errorf("the dashboard does not show the finished sweep and its generated profile's column")
	}
}
