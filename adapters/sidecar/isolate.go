package sidecar

import (
	"os/exec"
	"strings"
	"sync"
)

var isolate struct {
	once sync.Once
	ok   bool
}

// canIsolate reports whether `unshare --net --map-root-user` works here: a
// new user and network namespace, where a process has no network interface.
func canIsolate() bool {
	isolate.once.Do(func() {
		isolate.ok = exec.Command("unshare", "--net", "--map-root-user", "--", "true").Run() == nil
	})
	return isolate.ok
}

// mentionsService is the fallback guard without namespaces: it errs on the
// side of refusing (a string literal containing "service" is refused too).
func mentionsService(query string) bool {
	return strings.Contains(strings.ToUpper(query), "SERVICE")
}
