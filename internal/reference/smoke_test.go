package reference

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
)

// suiteRoot finds the W3C suite: $W3C_TESTS, or ../shared/w3c/rdf-tests next
// to the repository root (the directory holding go.mod).
func suiteRoot(t *testing.T) string {
	if d := os.Getenv("W3C_TESTS"); d != "" {
		return d
	}
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			root := filepath.Join(dir, "..", "shared", "w3c", "rdf-tests")
			if _, err := os.Stat(root); err != nil {
				t.Skipf("W3C suite not found at %s", root)
			}
			return root
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the working directory")
		}
		dir = parent
	}
}

// TestSmokeEveryQuery evaluates every W3C query file that parses over one
// small dataset under a small budget: the only permitted failures are the
// typed ones (budget, SERVICE, an unknown FROM graph); never a panic.
func TestSmokeEveryQuery(t *testing.T) {
	root := filepath.Join(suiteRoot(t), "sparql")
	ds := loadTurtle(t, `@prefix : <http://example/> . @prefix ex: <http://example.org/> .
:a :p 1, "x", :b ; :q [ :r "y"@en ] . :b :p 2.5 ; ex:p :a . ex:s ex:p ex:o .`)
	n := 0
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rq") || strings.Contains(path, "entailment") {
			return nil
		}
		src, _ := os.ReadFile(path)
		q, err := algebra.Parse(string(src), "file://"+path)
		if err != nil {
			return nil
		}
		n++
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err = Eval(ctx, q, ds, nil, Options{MaxSteps: 200_000, MaxSolutions: 10_000, Seed: 1})
		if err != nil && !errors.Is(err, ops.ErrBudget) && !errors.Is(err, ErrService) && !strings.Contains(err.Error(), "FROM") {
			t.Errorf("%s: %v", path, err)
		}
		return nil
	})
	if n < 100 {
		t.Errorf("only %d queries parsed", n)
	}
	t.Logf("%d queries evaluated", n)
}
