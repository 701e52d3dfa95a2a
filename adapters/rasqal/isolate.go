package rasqal

import (
	"os/exec"
	"sync"
)

var isolate struct {
	once sync.Once
	ok   bool
}

// canIsolate reports whether `unshare --net --map-root-user` works here: a
// new user and network namespace, in which roqet has no network interface
// (the same test as adapters/sidecar's, which does not export it).
func canIsolate() bool {
	isolate.once.Do(func() {
		isolate.ok = exec.Command("unshare", "--net", "--map-root-user", "--", "true").Run() == nil
	})
	return isolate.ok
}
