package main

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
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

func TestServeUsage(t *testing.T) {
	if got := runServe([]string{"extra"}); got != exitUsage {
		t.Errorf("serve extra: exit %d, want %d", got, exitUsage)
	}
	if got := runServe([]string{"--no-such-flag"}); got != exitUsage {
		t.Errorf("serve --no-such-flag: exit %d, want %d", got, exitUsage)
	}
}
