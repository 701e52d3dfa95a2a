package sparqlhttp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
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

// isJava: process pid runs a java binary (false when it has gone).
func isJava(pid int) bool { return strings.HasPrefix(sidecar.Program(pid), "java") }
