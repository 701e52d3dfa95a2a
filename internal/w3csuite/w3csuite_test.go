package w3csuite

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestEnvironmentWins(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sparql", "sparql11"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, env := range []string{dir, filepath.Join(dir, "sparql")} {
		t.Setenv("W3C_TESTS", env)
		got, err := Dir()
		if err != nil || got != dir {
			t.Errorf("W3C_TESTS=%s: Dir() = %q, %v; want %q", env, got, err, dir)
		}
	}
}

func TestEnvironmentWithoutSuiteSaysHowToGetIt(t *testing.T) {
	t.Setenv("W3C_TESTS", t.TempDir())
	_, err := Dir()
	if !errors.Is(err, ErrMissing) {
		t.Fatalf("Dir() = %v, want ErrMissing", err)
	}
}

func TestOutsideAnyRepository(t *testing.T) {
	t.Setenv("W3C_TESTS", "")
	t.Chdir(t.TempDir())
	if _, err := Dir(); !errors.Is(err, ErrMissing) {
		t.Fatalf("Dir() outside a repository = %v, want ErrMissing", err)
	}
}
