package sparqlhttp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// The installed servers the tests run, and how they find the JVM a
// server runs in.

// installed is the checkout's file rel, or a skip (a failure under CI=true).
func installed(t *testing.T, rel string) string {
	t.Helper()
	p, _ := filepath.Abs(filepath.Join("..", "..", rel))
	adaptertest.Require(t, p, p)
	return p
}

// oxigraphBin is the installed Oxigraph server (scripts/install.sh puts
// it in the checkout's virtualenv), or a skip.
func oxigraphBin(t *testing.T) string {
	t.Helper()
	return installed(t, filepath.Join(".venv", "bin", "oxigraph"))
}

// isJava: process pid runs a java binary (its argv[0], read from
// /proc/<pid>/cmdline; false when it has gone).
func isJava(pid int) bool {
	cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.HasPrefix(filepath.Base(strings.Split(string(cmd), "\x00")[0]), "java")
}
