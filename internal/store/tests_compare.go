package store

import (
	"context"
	"fmt"
	"sort"
)

// Transition kinds of a test between two sweeps (CompareTests).
const (
	Regressed     = "passed→failed"
	Fixed         = "failed→passed"
	ClassChanged  = "class changed"
	StatusChanged = "status changed" // any other change (passed → unsupported, failed → not run...)
	NewTest       = "new"            // B ran it, A did not
	GoneTest      = "gone"           // A ran it, B did not
)

// TransitionKinds are the kinds in display order.
var TransitionKinds = []string{Regressed, Fixed, ClassChanged, StatusChanged, NewTest, GoneTest}

// Transition is one test's change on one engine between two sweeps.
type Transition struct {
	Test   string      `json:"test"`
	Engine string      `json:"engine"`
	Kind   string      `json:"kind"`
	From   *TestResult `json:"from,omitempty"` // nil for a new test
	To     *TestResult `json:"to,omitempty"`   // nil for a gone test
}

// TestComparison is sweep B against sweep A, test by test, per engine.
type TestComparison struct {
	A, B        int64                     `json:"-"`
	SameCorpus  bool                      `json:"same_corpus"`
	Notes       []string                  `json:"notes"`
	Engines     []string                  `json:"engines"`
	Transitions []Transition              `json:"transitions"`
	Counts      map[string]map[string]int `json:"counts"` // engine → kind → n
	Unchanged   map[string]int            `json:"unchanged"`
}

// CompareTests compares the per-test results of sweep b with sweep a.
func (db *DB) CompareTests(ctx context.Context, a, b int64) (TestComparison, error) {
	sa, sb, err := ofBoth(ctx, a, b, db.Sweep)
	if err != nil {
		return TestComparison{}, err
	}
	ra, rb, err := ofBoth(ctx, a, b, db.sweepTestResults)
	if err != nil {
		return TestComparison{}, err
	}
	c := TestComparison{A: a, B: b, SameCorpus: sa.Spec.CorpusKey() == sb.Spec.CorpusKey(), Notes: []string{},
		Counts: map[string]map[string]int{}, Unchanged: map[string]int{}}
	if !c.SameCorpus {
		c.Notes = append(c.Notes, fmt.Sprintf("sweep %d runs %q, sweep %d runs %q: tests only one ran show as new or gone",
			a, sa.Spec.CorpusKey(), b, sb.Spec.CorpusKey()))
	}
	c.diff(index(ra), index(rb))
	return c, nil
}

// sweepTestResults are a sweep's test results, without answers.
func (db *DB) sweepTestResults(ctx context.Context, sweep int64) ([]TestResult, error) {
	return db.testResults(ctx, ` r.sweep_id = ?`, []any{sweep}, false)
}

func index(rs []TestResult) map[[2]string]TestResult {
	m := map[[2]string]TestResult{}
	for _, r := range rs {
		m[[2]string{r.Test, r.Engine}] = r
	}
	return m
}

func (c *TestComparison) diff(a, b map[[2]string]TestResult) {
	engines := map[string]bool{}
	for k, ra := range a {
		engines[k[1]] = true
		if rb, ok := b[k]; ok {
			c.add(k, transitionKind(ra, rb), &ra, &rb)
		} else {
			c.add(k, GoneTest, &ra, nil)
		}
	}
	for k, rb := range b {
		engines[k[1]] = true
		if _, ok := a[k]; !ok {
			c.add(k, NewTest, nil, &rb)
		}
	}
	for e := range engines {
		c.Engines = append(c.Engines, e)
	}
	sort.Strings(c.Engines)
	sort.Slice(c.Transitions, func(i, j int) bool {
		x, y := c.Transitions[i], c.Transitions[j]
		if x.Kind != y.Kind {
			return kindRank(x.Kind) < kindRank(y.Kind)
		}
		if x.Test != y.Test {
			return x.Test < y.Test
		}
		return x.Engine < y.Engine
	})
}

func kindRank(k string) int {
	for i, x := range TransitionKinds {
		if x == k {
			return i
		}
	}
	return len(TransitionKinds)
}

func (c *TestComparison) add(k [2]string, kind string, from, to *TestResult) {
	if kind == "" {
		c.Unchanged[k[1]]++
		return
	}
	if c.Counts[k[1]] == nil {
		c.Counts[k[1]] = map[string]int{}
	}
	c.Counts[k[1]][kind]++
	c.Transitions = append(c.Transitions, Transition{Test: k[0], Engine: k[1], Kind: kind, From: from, To: to})
}

// transitionKind is how a test changed ("" when it did not): an intended
// deviation is a failure, so a triage decision alone is no transition.
func transitionKind(a, b TestResult) string {
	switch {
	case a.Status == TestPassed && b.Failing():
		return Regressed
	case a.Failing() && b.Status == TestPassed:
		return Fixed
	case a.Failing() && b.Failing() && a.Class != b.Class:
		return ClassChanged
	case a.Failing() && b.Failing(), a.Status == b.Status:
		return ""
	}
	return StatusChanged
}
