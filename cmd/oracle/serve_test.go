package main

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/server"
)

// TestServeStartsAndDrains runs `oracle serve` on a free loopback port
// with a fresh SQLite file, waits for /readyz, then cancels: serve must
// drain and return without error.
func TestServeStartsAndDrains(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveOptions{addr: addr, dsn: filepath.Join(t.TempDir(), "o.db"), engines: "reference",
			workers: 1, limits: server.DefaultLimits()})
	}()
	ready := false
	for deadline := time.Now().Add(20 * time.Second); !ready && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/readyz"); err == nil {
			ready = resp.StatusCode == 200
			resp.Body.Close()
		}
	}
	cancel()
	if !ready {
		t.Fatal("oracle serve never became ready")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(40 * time.Second):
		t.Fatal("serve did not return after cancel")
	}
}

// TestServeUsage: usage errors exit 2, as on every command (main.go).
func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"--no-such-flag"}, {"--no-nightly", "--nightly", "x.json"}} {
		if got := runServe(args); got != exitUsageError {
			t.Errorf("serve %v: exit %d, want %d", args, got, exitUsageError)
		}
	}
}

// TestServeToken: the token comes from --token-file (first line), --token
// (with a warning about the process list) or $ORACLE_TOKEN; both flags, a
// missing file and an empty first line are errors.
func TestServeToken(t *testing.T) {
	dir := t.TempDir()
	good, empty := filepath.Join(dir, "token"), filepath.Join(dir, "empty")
	os.WriteFile(good, []byte("s3cret\nignored\n"), 0o600)
	os.WriteFile(empty, []byte("\nx\n"), 0o600)
	for _, c := range []struct {
		name, flag, file, env, want string
		warns, fails                bool
	}{
		{"file", "", good, "env", "s3cret", false, false},
		{"flag warns", "t0k", "", "env", "t0k", true, false},
		{"env", "", "", "env", "env", false, false},
		{"none", "", "", "", "", false, false},
		{"both flags", "t0k", good, "", "", false, true},
		{"missing file", "", filepath.Join(dir, "nope"), "", "", false, true},
		{"empty first line", "", empty, "", "", false, true},
	} {
		var warn strings.Builder
		got, err := serveToken(c.flag, c.file, c.env, &warn)
		if (err != nil) != c.fails || got != c.want || (warn.Len() > 0) != c.warns {
			t.Errorf("%s: token %q, error %v, warning %q", c.name, got, err, warn.String())
		}
		if strings.Contains(warn.String(), c.flag) && c.flag != "" {
			t.Errorf("%s: the warning repeats the token", c.name)
		}
	}
}
