package registry

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestExternalAdapters(t *testing.T) {
	ext := External()
	for _, n := range []string{"attean", "comunica", "jena", "oxigraph", "oxilite", "pyoxigraph", "rasqal", "rdflib", "rdfquery"} {
		if !slices.Contains(ext, n) {
			t.Errorf("External() = %v lacks %s", ext, n)
		}
	}
	if slices.Contains(ext, "reference") || !Installed("reference") || Installed("nosuch") {
		t.Errorf("in-house engines are always installed and never external")
	}
}

func TestNotInstalledUnderEmptyHome(t *testing.T) {
	t.Setenv(HomeEnv, t.TempDir())
	for _, n := range External() {
		if d, _ := describedExact(n); system(d) {
			continue // a Debian package only: nothing under the root
		}
		if Installed(n) {
			t.Errorf("%s installed under an empty ORACLE_HOME", n)
		}
		if _, err := New(n); !errors.Is(err, ErrNotInstalled) {
			t.Errorf("New(%s): %v, want ErrNotInstalled", n, err)
		}
	}
}

func TestHomeFindsTheRepository(t *testing.T) {
	t.Setenv(HomeEnv, "")
	os.Unsetenv(HomeEnv)
	h, err := Home()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(h, "go.mod")); err != nil {
		t.Errorf("Home() = %s has no go.mod", h)
	}
}
