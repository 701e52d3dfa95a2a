package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/server"
)

// TestServeLoopbackWithoutToken: without a token serve refuses any
// address beyond loopback before it opens the store, naming the flags;
// with a token, or on loopback, the address passes.
func TestServeLoopbackWithoutToken(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		db := filepath.Join(t.TempDir(), "o.db")
		err := serve(context.Background(), serveOptions{addr: addr, dsn: db, engines: "reference", limits: server.DefaultLimits()})
		if err == nil || !strings.Contains(err.Error(), "--token-file") || !strings.Contains(err.Error(), "--addr "+addr) {
			t.Errorf("--addr %s without a token: %v, want a refusal naming --addr and --token-file", addr, err)
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("--addr %s: the store was opened before the refusal", addr)
		}
	}
	for _, c := range []struct{ addr, token string }{{"127.0.0.1:0", ""}, {"localhost:0", ""}, {"[::1]:0", ""}, {"0.0.0.0:0", "tok"}} {
		if err := listenCheck(c.addr, c.token); err != nil {
			t.Errorf("--addr %s token %q: %v", c.addr, c.token, err)
		}
	}
}

// TestServePublicURL: the default public URL is the listen address with
// the bound port; --public-url must be an absolute http(s) URL.
func TestServePublicURL(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	got, err := publicURL("", "localhost:0", ln)
	if want := "http://localhost:" + strconv.Itoa(port); err != nil || got != want {
		t.Errorf("default: %q %v, want %q", got, err, want)
	}
	if got, err := publicURL("https://oracle.example/dash", "127.0.0.1:0", ln); err != nil || got != "https://oracle.example/dash" {
		t.Errorf("given: %q %v", got, err)
	}
	for _, bad := range []string{"oracle.example", "ftp://oracle.example", "/relative"} {
		if _, err := publicURL(bad, "127.0.0.1:0", ln); err == nil || !strings.Contains(err.Error(), "--public-url") {
			t.Errorf("--public-url %q: %v, want an error naming the flag", bad, err)
		}
	}
	db := filepath.Join(t.TempDir(), "o.db")
	err = serve(context.Background(), serveOptions{addr: "127.0.0.1:0", publicURL: "ftp://x", dsn: db, engines: "reference", limits: server.DefaultLimits()})
	if _, statErr := os.Stat(db); err == nil || !strings.Contains(err.Error(), "--public-url") || statErr == nil {
		t.Errorf("serve --public-url ftp://x: %v (store created: %v), want a refusal before the store opens", err, statErr == nil)
	}
	if line := listenLine(ln, "", "http://127.0.0.1:1"); !strings.Contains(line, "loopback only") {
		t.Errorf("start line without a token: %q", line)
	}
}
