package sidecar

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestLoaderConfined: the isolated data loader's worker, which parses
// every user document, runs in the engines' sandbox: its own network
// namespace, and none of the server's environment (a secret set here does
// not reach it); the document still loads.
func TestLoaderConfined(t *testing.T) {
	if Confined().Mode != ModeBwrap {
		t.Skip("no bwrap here: " + Confined().Reason)
	}
	t.Setenv("ORACLE_TEST_SECRET", "s3cret") // a new environment: a new worker
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	qs, err := rdf.LoadIsolated(ctx, []byte("@prefix ex: <http://e/> .\nex:s ex:p ex:o ; ex:q [ ex:r 1 ] .\n"), rdf.Turtle, "", "data.ttl", rdf.Limits{})
	if err != nil || len(qs) != 3 {
		t.Fatalf("LoadIsolated = %v, %v; want 3 quads", qs, err)
	}
	workers := loaderWorkers(t)
	if len(workers) == 0 {
		t.Fatal("no loader worker found below this process")
	}
	self, _ := os.Readlink("/proc/self/ns/net")
	for _, pid := range workers {
		env, err := os.ReadFile(procPath(pid, "environ"))
		if err != nil {
			t.Fatalf("worker %d: %v", pid, err)
		}
		if strings.Contains(string(env), "s3cret") {
			t.Errorf("worker %d sees the server's environment: %q", pid, env)
		}
		if ns, _ := os.Readlink(procPath(pid, "ns/net")); ns == self || ns == "" {
			t.Errorf("worker %d shares this process's network namespace (%q)", pid, ns)
		}
	}
	t.Logf("%d confined loader worker(s): %v", len(workers), workers)
}

// loaderWorkers are the live `load -worker` processes below this one
// (inside bwrap: grandchildren).
func loaderWorkers(t *testing.T) []int {
	exe, _ := os.Executable()
	var out []int
	for _, pid := range procPIDs() {
		if sameCmdline(pid, []string{exe, "load", "-worker"}) && descends(pid, os.Getpid(), 4) && !Zombie(pid) {
			out = append(out, pid)
		}
	}
	return out
}
