package virtuoso

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestUpdateReproducer runs the native update reproducer (isql-vt) against
// a private server on the host loopback, its case folders in DirsAllowed
// as a maintainer's would be, and holds its N-Quads to the adapter's
// answer on the same server (the script's port and password are the
// server's; a failing request's store is compared all the same).
func TestUpdateReproducer(t *testing.T) {
	if _, err := exec.LookPath("isql-vt"); err != nil {
		t.Skip("no isql-vt")
	}
	if _, err := exec.LookPath("virtuoso-t"); err != nil {
		t.Skip("virtuoso-t is not installed")
	}
	e := New(Options{HostLoopback: true})
	t.Cleanup(func() { e.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	if _, err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	srv := e.Server()
	bin := t.TempDir()
	shim := fmt.Sprintf("#!/bin/sh\nshift 3; exec isql-vt 127.0.0.1:%d dba %s \"$@\"\n", srv.SQLPort, srv.Password)
	if err := os.WriteFile(filepath.Join(bin, "isql-vt"), []byte(strings.Replace(shim, "exec isql-vt", "exec "+realISQL(t), 1)), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, c := range adaptertest.ReproduceUpdateCases {
		want, failed := adapterQuads(t, e, c)
		script := strings.ReplaceAll(Reproduce(c).Run, "-u dba:dba", "-u dba:"+srv.Password)
		script = strings.ReplaceAll(script, "127.0.0.1:8890", fmt.Sprintf("127.0.0.1:%d", srv.HTTPPort))
		got, err := runScript(t, script, c, filepath.Join(srv.Dir, "files", fmt.Sprint("case", i)), bin)
		if (err != nil) != failed {
			t.Errorf("case %d: command error %v, adapter's store failed %v", i, err, failed)
		}
		if !rdf.IsomorphicQuads(got, want) {
			t.Errorf("case %d: the command printed\n%v\nthe adapter answered\n%v", i, got, want)
		}
	}
}

func realISQL(t *testing.T) string {
	p, err := exec.LookPath("isql-vt")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func adapterQuads(t *testing.T, e *Engine, c oracle.NativeCase) ([]rdf.Quad, bool) {
	ds := rdf.NewDataset()
	for _, q := range c.Quads() {
		ds.Add(q)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := e.Update(ctx, &oracle.UpdateCase{Update: c.Query, Base: c.Base, Store: ds})
	if err != nil {
		t.Fatalf("the adapter: %v", err)
	}
	return a.Store.Dataset().Quads(), a.Store.Err != ""
}

func runScript(t *testing.T, script string, c oracle.NativeCase, dir, bin string) ([]rdf.Quad, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for file, text := range map[string]string{c.File(): c.Query, "data.nq": c.Data} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	runErr := cmd.Run() // a failing request fails the command; its store is compared all the same
	quads, err := rdf.ParseNQuads(strings.NewReader(out.String()), "output")
	if err != nil {
		t.Fatalf("unreadable output %q: %v (stderr %s)", out.String(), err, errb.String())
	}
	return quads, runErr
}
