package adaptertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Local is the adapter's folder (the test's working folder) once file, a
// path relative to it (a sidecar's jar, the project's .venv), is there
// (Require: the test is skipped without it, failed under CI).
func Local(t *testing.T, file, what string) string {
	t.Helper()
	dir, _ := filepath.Abs(".")
	Require(t, filepath.Join(dir, file), what)
	return dir
}

// Command is the path of the program name on $PATH once it is there
// (Require: the test is skipped without it, failed under CI).
func Command(t *testing.T, name, what string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		path = name // not a file here: Require reports it missing
	}
	Require(t, path, what)
	return path
}

// Starter is how an adapter's tests start it: start (the adapter's New)
// on its folder with one process once file is there (Local), closed when
// the test ends.
func Starter[E interface{ Close() }](file, what string, start func(dir string, pool int) E) func(*testing.T) E {
	return func(t *testing.T) E { return Closed(t, start(Local(t, file, what), 1)) }
}

// Closed is e, closed when the test ends: an engine a test starts.
func Closed[E interface{ Close() }](t testing.TB, e E) E {
	t.Cleanup(e.Close)
	return e
}

// Source is the one document the dataset checks name beyond Dataset()'s
// graphs (oracle.Case.Sources): <http://example/src>, holding the triple
// <http://example/s> <http://example/p> o.
func Source(o string) map[string]*rdf.Graph {
	return map[string]*rdf.Graph{"http://example/src": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String(o)})}
}

// OnPath is the environment entry that puts the folders dirs before
// $PATH: how a native reproducer finds the runtime its adapter runs on.
func OnPath(dirs ...string) []string {
	path := os.Getenv("PATH")
	for i := len(dirs) - 1; i >= 0; i-- {
		path = dirs[i] + string(os.PathListSeparator) + path
	}
	return []string{"PATH=" + path}
}

// CheckJarReproducer is CheckUpdateReproducer for a Java sidecar's engine
// e: the reproducer's command runs on the JDK the sidecar runs on (java,
// its folder put on PATH; the test is skipped without tool beside it),
// with the sidecar's shaded jar, which holds the engine's modules, linked
// into each case's folder as lib/name.
func CheckJarReproducer(t *testing.T, e oracle.Engine, java, tool, jar, lib, name string) {
	bin := filepath.Dir(java)
	if _, err := os.Stat(filepath.Join(bin, tool)); err != nil {
		t.Skipf("no %s beside %s", tool, java)
	}
	CheckUpdateReproducer(t, e, OnPath(bin), LinkJar(t, jar, lib, name))
}

// LinkJar is a NativeRun.Setup: it makes the folder lib below a case's
// folder and links jar into it as name, the library folder a Java
// reproducer's command line names (the sidecar's shaded jar holds the
// engine's modules).
func LinkJar(t *testing.T, jar, lib, name string) func(dir string) {
	return func(dir string) {
		d := filepath.Join(dir, lib)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(jar, filepath.Join(d, name)); err != nil {
			t.Fatal(err)
		}
	}
}
