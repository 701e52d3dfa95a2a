package install

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// SourcesEnv names the folder holding engines' source snapshots (a
// StepSnapshotRelease's); without it, ../shared/engines beside the root.
const SourcesEnv = "ORACLE_ENGINE_SOURCES"

// snapshot is the newest source snapshot matching the step's pattern
// ("" when there is none: nothing to build from).
func snapshot(home string, st oracle.Step) string {
	dir := os.Getenv(SourcesEnv)
	if dir == "" {
		dir = filepath.Join(home, "..", "shared", "engines")
	}
	found, _ := filepath.Glob(filepath.Join(dir, st.Snapshot))
	if len(found) == 0 {
		return ""
	}
	sort.Strings(found)
	return found[len(found)-1]
}

// snapshotRelease builds releases/<rel> from the newest snapshot with the
// step's Build (the adapter's script, given the snapshot and the release
// folder), the step's Debian Packages installed first, unless the stamp
// says this snapshot was built by this script.
func (r *runner) snapshotRelease(ctx context.Context, st oracle.Step, rel string) error {
	tar := snapshot(r.home, st)
	if tar == "" {
		return fmt.Errorf("no source snapshot %s in $%s or ../shared/engines beside %s: put one there", st.Snapshot, SourcesEnv, r.home)
	}
	if len(st.Build) == 0 {
		return fmt.Errorf("snapshot-release step of %s has no build command", st.Folder)
	}
	dir := filepath.Join(r.home, "adapters", filepath.FromSlash(st.Folder))
	out := filepath.Join(dir, "releases", rel)
	sum, err := fileSum(tar)
	if err != nil {
		return err
	}
	stamp := []byte(sum + " " + checksum(st.Folder) + "\n")
	if _, err := os.Stat(filepath.Join(out, st.Jar)); err == nil && sameFile(filepath.Join(out, ".built-from"), stamp) {
		return nil
	}
	if err := r.apt(ctx, "", st.Packages...); err != nil {
		return err
	}
	args := append(append([]string{}, st.Build[1:]...), tar, out)
	if err := r.cmd(ctx, dir, st.Build[0], args...); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, ".built-from"), stamp, 0o644)
}

// fileSum is the SHA-256 of a file's content.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
