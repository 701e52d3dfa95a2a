package sidecar

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"syscall"
)

// The private folders engines run in (a sandbox's home, a server's log and
// socket, a temporary Virtuoso database of 53 MB) are removed when their
// process ends; a run that is killed (SIGKILL, a power cut) leaves them.
// So each folder's name carries the pid of the oracle process that made
// it (TempDir), and the first TempDir call of a process removes the
// folders of the prefixes below whose pid no longer runs (cleanStale).

// tempPrefixes are the oracle's temporary folder prefixes, in $TMPDIR.
var tempPrefixes = []string{"oracle-engine-", "oracle-endpoint-", "oracle-virtuoso-"}

var staleOnce sync.Once

// TempDir makes a temporary folder named prefix<pid>-<random>: a later run
// can tell it was this process's. The first call removes dead runs' folders.
func TempDir(prefix string) (string, error) {
	staleOnce.Do(func() { cleanStale(os.TempDir()) })
	return os.MkdirTemp("", fmt.Sprintf("%s%d-", prefix, os.Getpid()))
}

var staleName = regexp.MustCompile(`^(oracle-(?:engine|endpoint|virtuoso)-)(\d+)-`)

// cleanStale removes the folders under dir named by TempDir whose pid no
// longer runs. A folder without a pid in its name (made before names
// carried one) cannot be told apart from a live run's and is left.
func cleanStale(dir string) (removed []string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		m := staleName.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		pid, err := strconv.Atoi(m[2])
		if err != nil || pid <= 0 || running(pid) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

// running reports whether pid names a live process (EPERM: it runs as
// another user, so it is alive).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
