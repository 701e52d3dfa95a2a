package adaptertest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// RunNative runs an engine's native reproducer of a query case for real:
// the case's files (query.rq or update.ru, and data.nq) in a fresh
// folder, n.Run there with sh, env added to the environment (a release's
// PATH or NODE_PATH), at most a minute. It returns stdout, stderr and the
// command's error (roqet exits 2 after a warning with the answer whole,
// so the caller says which failures count).
func RunNative(t *testing.T, n oracle.Native, c oracle.NativeCase, env ...string) (string, string, error) {
	t.Helper()
	return RunScript(t, t.TempDir(), "sh", n.Run, c, env, time.Minute)
}

// RunScript writes the case's files (query.rq or update.ru, and data.nq)
// in dir and runs script there with shell, env added to the environment,
// at most within; it returns stdout, stderr and the command's error. The
// reproducer checks of adapters and of internal/regress run their
// commands through it.
func RunScript(t *testing.T, dir, shell, script string, c oracle.NativeCase, env []string, within time.Duration) (string, string, error) {
	t.Helper()
	for file, text := range map[string]string{c.File(): c.Query, "data.nq": c.Data} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, "-c", script)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}
