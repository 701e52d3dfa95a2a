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
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// suiteRoot is the W3C rdf-tests checkout (w3csuite: the submodule or a
// local copy); the test fails with w3csuite.Missing when there is none.
func suiteRoot(t *testing.T) string { return w3csuite.Require(t) }

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
