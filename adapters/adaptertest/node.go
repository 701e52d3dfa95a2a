package adaptertest

import (
	"path/filepath"
	"testing"
)

// NodeModules is the Node.js adapter's folder (the test's working folder)
// once the npm package pkg is installed in its node_modules (Require: the
// test is skipped without it, failed under CI), and the environment its
// native reproducers run in (NODE_PATH: those node_modules).
func NodeModules(t *testing.T, pkg string) (dir string, env []string) {
	t.Helper()
	dir, _ = filepath.Abs(".")
	modules := filepath.Join(dir, "node_modules")
	Require(t, filepath.Join(modules, filepath.FromSlash(pkg)), "the "+pkg+" npm package")
	return dir, []string{"NODE_PATH=" + modules}
}

// NodeStarter is Starter for a Node.js adapter: its folder once the npm
// package pkg is installed in its node_modules (NodeModules).
func NodeStarter[E interface{ Close() }](pkg string, start func(dir string, pool int) E) func(*testing.T) E {
	return Starter("node_modules/"+pkg, "the "+pkg+" npm package", start)
}
