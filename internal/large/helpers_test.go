package large_test

import (
	"context"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// faulty is an engine with a real bug put in: it answers as inner does,
// then bug rewrites each answer (an error passes through). The bugs the
// package's tests catch are its three uses below.
type faulty struct {
	inner oracle.Engine
	name  string
	bug   func(c *oracle.Case, a *results.Answer) *results.Answer
}

func (f faulty) Name() string    { return f.name }
func (f faulty) Version() string { return "0.1" }

func (f faulty) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := f.inner.Eval(ctx, c)
	if err != nil {
		return a, err
	}
	return f.bug(c, a), nil
}

// lossy answers like fast, less the last row of every answer of a case
// when holds for (every case when nil); named as asked: as an external
// engine, or as the fast engine itself.
func lossy(fast oracle.Engine, name string, when func(*oracle.Case) bool) faulty {
	return faulty{fast, name, func(c *oracle.Case, a *results.Answer) *results.Answer {
		if len(a.Rows) == 0 || when != nil && !when(c) {
			return a
		}
		b := *a
		b.Rows = b.Rows[:len(b.Rows)-1]
		return &b
	}}
}

// negationBug answers like fast except that FILTER(!p) keeps nothing: a
// bug the TLP check catches without any judge.
func negationBug(fast oracle.Engine) faulty {
	return faulty{fast, "negbug", func(c *oracle.Case, a *results.Answer) *results.Answer {
		if !strings.Contains(c.Query, "FILTER(!") {
			return a
		}
		return &results.Answer{Kind: a.Kind, Vars: a.Vars}
	}}
}

// wrongPages answers like fast but drops the first row of any page past
// the first: a pagination bug limit-pages must catch.
func wrongPages(fast oracle.Engine) faulty {
	return faulty{fast, "wrongpages", func(c *oracle.Case, a *results.Answer) *results.Answer {
		if strings.Contains(c.Query, "OFFSET") && !strings.Contains(c.Query, "OFFSET 0") && len(a.Rows) > 0 {
			a.Rows = a.Rows[1:]
		}
		return a
	}}
}
