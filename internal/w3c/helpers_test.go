package w3c_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// runManifests runs e over the manifests paths gives below the suite's
// root, each test within 20 seconds; the suite must be there.
func runManifests(t *testing.T, e oracle.Engine, paths func(root string) []string) w3c.Report {
	t.Helper()
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	rep := w3c.Run(context.Background(), e, paths(root), w3c.Options{Timeout: 20 * time.Second, Root: root})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return rep
}

// holdTo holds rep to its baseline: a new failure, a changed class or an
// unexpected pass fails t, a stale line is logged, and a test excluded
// (its id: why) is logged, never compared.
func holdTo(t *testing.T, rep *w3c.Report, base w3c.Baseline, excluded map[string]string) {
	t.Helper()
	for _, c := range rep.Compare(base) {
		switch {
		case excluded[c.ID] != "":
			t.Logf("excluded (%s): %s", excluded[c.ID], c)
		case !c.Fatal():
			t.Log(c)
		default:
			t.Error(c)
		}
	}
}

// readBaseline reads baselines/NAME at the repository root; absent is empty.
func readBaseline(t *testing.T, name string) w3c.Baseline {
	t.Helper()
	repo, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return readBaselineFile(t, filepath.Join(repo, "baselines", name), true)
}

// readBaselineFile reads the baseline at path; an absent file is empty when
// absentOK, else it fails the test.
func readBaselineFile(t *testing.T, path string, absentOK bool) w3c.Baseline {
	t.Helper()
	f, err := os.Open(path)
	if absentOK && errors.Is(err, os.ErrNotExist) {
		return w3c.Baseline{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// engineBaseline reads baselines/<name>.tsv and its "#exclude" lines.
func engineBaseline(t *testing.T, name string) (w3c.Baseline, map[string]string) {
	t.Helper()
	repo, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(repo, "baselines", name+".tsv")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with oracle w3c --engine %s --write-baseline)", err, name)
	}
	b, err := w3c.ReadBaseline(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	excluded := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		if f := strings.SplitN(sc.Text(), "\t", 3); len(f) == 3 && f[0] == "#exclude" {
			excluded[f[1]] = f[2]
		}
	}
	return b, excluded
}
