package virtuoso

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
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
	e := started(t, Options{HostLoopback: true})
	srv := e.Server()
	bin := t.TempDir()
	shim := fmt.Sprintf("#!/bin/sh\nshift 3; exec isql-vt 127.0.0.1:%d dba %s \"$@\"\n", srv.SQLPort, srv.Password)
	if err := os.WriteFile(filepath.Join(bin, "isql-vt"), []byte(strings.Replace(shim, "exec isql-vt", "exec "+realISQL(t), 1)), 0o755); err != nil {
		t.Fatal(err)
	}
	adaptertest.CheckNativeUpdates(t, e, adaptertest.NativeRun{
		Env: adaptertest.OnPath(bin),
		Dir: func(i int) string { return filepath.Join(srv.Dir, "files", fmt.Sprint("case", i)) },
		Script: func(s string) string {
			s = strings.ReplaceAll(s, "-u dba:dba", "-u dba:"+srv.Password)
			return strings.ReplaceAll(s, "127.0.0.1:8890", fmt.Sprintf("127.0.0.1:%d", srv.HTTPPort))
		},
	})
}

func realISQL(t *testing.T) string {
	p, err := exec.LookPath("isql-vt")
	if err != nil {
		t.Fatal(err)
	}
	return p
}
