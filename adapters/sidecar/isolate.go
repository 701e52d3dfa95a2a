package sidecar

import (
	"os/exec"
	"sync"
)

var isolate struct {
	once sync.Once
	ok   bool
}

// CanIsolate reports whether `unshare --net --map-root-user` works here: a
// new user and network namespace, where a process has no network interface.
func CanIsolate() bool {
	isolate.once.Do(func() {
		isolate.ok = exec.Command("unshare", "--net", "--map-root-user", "--", "true").Run() == nil
	})
	return isolate.ok
}

// IsolatedArgv prefixes argv so that it runs in a network namespace of its
// own when CanIsolate; otherwise argv is returned as it is.
func IsolatedArgv(argv []string) []string {
	if !CanIsolate() {
		return argv
	}
	return append([]string{"unshare", "--net", "--map-root-user", "--"}, argv...)
}
