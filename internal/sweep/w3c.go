package sweep

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// w3cKeys lists the query evaluation tests reachable from the manifests,
// as "w3c/<manifest file relative to the suite root>#<test name>". Syntax
// and result-format tests have no dataset worth diffing; withdrawn tests
// are left out, as w3c.Run does.
func (c *corpora) w3cKeys(manifests []string) ([]string, error) {
	root, paths, err := w3cRoots(manifests)
	if err != nil {
		return nil, err
	}
	suite, err := corpus.Load(paths...)
	if err != nil {
		return nil, fmt.Errorf("W3C manifests: %w", err)
	}
	prefix := corpus.FileIRI(root) + "/"
	var keys []string
	for _, t := range suite.Tests {
		if t.Type == corpus.QueryEvaluation && !t.Withdrawn() && strings.HasPrefix(t.Manifest, prefix) {
			keys = append(keys, "w3c/"+strings.TrimPrefix(t.Manifest, prefix)+"#"+testName(t.ID))
		}
	}
	return keys, nil
}

// testName is the part of a test IRI after its last "#" (the whole IRI
// when it has none).
func testName(id string) string {
	if i := strings.LastIndex(id, "#"); i >= 0 {
		return id[i+1:]
	}
	return id
}

// w3cCase loads the test "<manifest>#<name>" and builds its case: qt:data
// merged into the default graph, each qt:graphData a named graph.
// (FROM/FROM NAMED sources are not loaded: such tests show up as
// divergences of every engine alike.)
func (c *corpora) w3cCase(rel string) (*oracle.Case, error) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		return nil, err
	}
	file, name, ok := strings.Cut(rel, "#")
	if !ok || strings.Contains(file, "..") {
		return nil, fmt.Errorf("case w3c/%s: want w3c/<manifest>#<test name>", rel)
	}
	manifest := filepath.Join(root, filepath.FromSlash(file))
	tests, err := c.manifest(manifest)
	if err != nil {
		return nil, err
	}
	for _, t := range tests {
		if testName(t.ID) == name && t.Manifest == corpus.FileIRI(manifest) {
			return w3c.BuildCase(t)
		}
	}
	return nil, fmt.Errorf("case w3c/%s: no such test in %s", rel, manifest)
}

func (c *corpora) manifest(p string) ([]*corpus.Test, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ts, ok := c.man[p]; ok {
		return ts, nil
	}
	suite, err := corpus.Load(p)
	if err != nil {
		return nil, err
	}
	c.man[p] = suite.Tests
	return suite.Tests, nil
}

// sortBy sorts xs by a string key.
func sortBy[T any](xs []T, key func(T) string) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}
