package reduce_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/triage"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

var (
	corpus        = flag.Bool("corpus", false, "measure per-engine reduction over corpus/regress (slow: every installed engine)")
	corpusEngines = flag.String("corpus.engines", "", "with -corpus: only these comma-separated engines")
	corpusCases   = flag.String("corpus.cases", "", "with -corpus: only case ids containing this text")
	corpusOut     = flag.String("corpus.out", "", "with -corpus: write one TSV line per reduction to this file")
	corpusCalls   = flag.Int("corpus.calls", 400, "with -corpus: oracle calls per reduction at most")
	corpusTime    = flag.Duration("corpus.time", 90*time.Second, "with -corpus: wall time per reduction at most")
)

// measured is one (case, engine, class) reduction of the corpus run.
type measured struct {
	id, engine  string
	class       diff.Class
	res         *reduce.Result
	nodesBefore int
	quadsBefore int
	changed     []string // bystanders whose recorded verdict differs on the reduced case
	// reclassified: the engine is no longer wrong in the recorded class but
	// in another one (the judge's classes changed since the recording);
	// this reduction is for the class it shows now.
	reclassified bool
}

// reclassified are the classes e is wrong in now, on a case where the
// recorded class did not survive, that the recording does not list.
func reclassified(m measured, recorded []diff.Class) []diff.Class {
	if m.res.Survived || m.res.Report == nil {
		return nil
	}
	var out []diff.Class
	for _, d := range m.res.Report.Divergences {
		if slices.Contains(d.Signature.Wrong, m.engine) && !slices.Contains(recorded, d.Signature.Class) {
			out = append(out, d.Signature.Class)
		}
	}
	return out
}

// TestCorpusReduction reduces every corpus case once per engine on its
// wrong side (expect.tsv: wrong, error, crashed or rejected) and class,
// against the judge alone, and reports per engine the median and largest
// sizes (syntax nodes, quads) before and after, how many got strictly
// smaller, how many were verified 1-minimal and how many were flagged
// (the divergence did not survive). It never writes corpus/regress.
//
//	go test ./internal/reduce -run TestCorpusReduction -corpus -v -timeout 2h \
//	    [-corpus.engines jena,oxigraph] [-corpus.out /tmp/reduce.tsv]
func TestCorpusReduction(t *testing.T) {
	if !*corpus {
		t.Skip("run with -corpus to measure reduction over corpus/regress")
	}
	engs, targets := corpusTargets(t)
	lim := reduce.Limits{MaxCalls: *corpusCalls, MaxTime: *corpusTime, Deadline: 10 * time.Second}
	var all []measured
	for _, tg := range targets {
		done := map[diff.Class]bool{}
		for _, cl := range tg.w.Classes {
			m := measureOne(t, tg.c, tg.e, engs, cl, lim)
			all = append(all, m)
			for _, now := range reclassified(m, tg.w.Classes) {
				if done[now] {
					continue
				}
				done[now] = true
				r := measureOne(t, tg.c, tg.e, engs, now, lim)
				r.reclassified = true
				all = append(all, r)
			}
		}
	}
	writeMeasurements(t, all)
	t.Log("\n" + summarize(all))
}

// measureOne reduces c for e in class cl; the other engines run once, on
// the result, and the bystanders whose verdict differs from the recorded
// one are noted (the old two-sided rule would have refused that result).
func measureOne(t *testing.T, c *regress.Case, e oracle.Engine, engs map[string]oracle.Engine, cl diff.Class, lim reduce.Limits) measured {
	oc := c.Oracle()
	m := measured{id: c.ID, engine: e.Name(), class: cl, nodesBefore: reduce.NodeCount(oc.Query, ""), quadsBefore: oc.Dataset.Len()}
	res, err := reduce.Engine(context.Background(), oc, engineList(engs), e.Name(), cl, lim)
	if res == nil {
		t.Fatalf("%s %s: %v", c.ID, e.Name(), err)
	}
	m.res = res
	for _, x := range c.Expect {
		v := res.Report.Verdict(x.Engine)
		if x.Engine != e.Name() && v != nil && res.Survived && v.Outcome != x.Outcome {
			m.changed = append(m.changed, fmt.Sprintf("%s:%s->%s", x.Engine, x.Outcome, v.Outcome))
		}
	}
	st := res.Stats
	t.Logf("%s %s %s: nodes %d -> %d, quads %d -> %d, %d calls, %s, minimal %v (tried %d), survived %v %s; bystanders changed %v",
		c.ID, e.Name(), cl, m.nodesBefore, st.NodesAfter, m.quadsBefore, st.QuadsAfter, st.Calls,
		st.Elapsed.Round(time.Millisecond), st.Minimal, st.Tried, res.Survived, res.Reason, m.changed)
	return m
}

// engineList is the judge first, then the others by name.
func engineList(engs map[string]oracle.Engine) []oracle.Engine {
	out := []oracle.Engine{engs[oracle.JudgeName]}
	names := make([]string, 0, len(engs))
	for n := range engs {
		if n != oracle.JudgeName {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, engs[n])
	}
	return out
}

// corpusTarget is one corpus case and an installed engine on its wrong
// side (w: the engine's recorded verdict, its classes).
type corpusTarget struct {
	c *regress.Case
	e oracle.Engine
	w regress.Expect
}

// corpusTargets loads corpus/regress (the cases whose id contains
// -corpus.cases), builds the engines (corpusEngineSet) and lists, case by
// case, every built engine on the case's wrong side: what TestCorpusReduction
// and TestCorpusTrigger run over.
func corpusTargets(t *testing.T) (map[string]oracle.Engine, []corpusTarget) {
	root, err := w3csuite.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cases, err := regress.LoadDir(filepath.Join(root, "corpus", "regress"))
	if err != nil {
		t.Fatal(err)
	}
	engs := corpusEngineSet(t)
	var out []corpusTarget
	for _, c := range cases {
		if *corpusCases != "" && !strings.Contains(c.ID, *corpusCases) {
			continue
		}
		for _, w := range wrongSide(c) {
			if e, ok := engs[w.Engine]; ok {
				out = append(out, corpusTarget{c, e, w})
			}
		}
	}
	return engs, out
}

// wrongSide are the recorded verdicts that are divergences.
func wrongSide(c *regress.Case) []regress.Expect {
	var out []regress.Expect
	for _, e := range c.Expect {
		switch e.Outcome {
		case triage.Wrong, triage.Errored, triage.Crashed, triage.Rejected:
			out = append(out, e)
		}
	}
	return out
}

// corpusEngineSet builds the judge and every installed engine (or those
// -corpus.engines names).
func corpusEngineSet(t *testing.T) map[string]oracle.Engine {
	names := append([]string{oracle.JudgeName, oracle.TwinName}, registry.External()...)
	var want []string
	if *corpusEngines != "" {
		want = strings.Split(*corpusEngines, ",")
	}
	out := map[string]oracle.Engine{}
	for _, n := range names {
		if n != oracle.JudgeName && want != nil && !slices.Contains(want, n) {
			continue
		}
		if !registry.Installed(n) {
			t.Logf("skipping %s: not installed", n)
			continue
		}
		e, err := registry.New(n)
		if err != nil {
			t.Logf("skipping %s: %v", n, err)
			continue
		}
		out[n] = e
	}
	t.Cleanup(func() {
		for _, e := range out {
			registry.Close(e)
		}
	})
	return out
}

func writeMeasurements(t *testing.T, all []measured) {
	if *corpusOut == "" {
		return
	}
	var b strings.Builder
	b.WriteString("case\tengine\tclass\treclassified\tnodes_before\tnodes_after\tquads_before\tquads_after\tcalls\tseconds\tminimal\ttried\tsurvived\treason\tbystanders_changed\tquery\n")
	for _, m := range all {
		st := m.res.Stats
		fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%d\t%d\t%d\t%d\t%d\t%.2f\t%v\t%d\t%v\t%s\t%s\t%s\n", m.id, m.engine, m.class, m.reclassified,
			m.nodesBefore, st.NodesAfter, m.quadsBefore, st.QuadsAfter, st.Calls, st.Elapsed.Seconds(),
			st.Minimal, st.Tried, m.res.Survived, m.res.Reason, strings.Join(m.changed, ","),
			strings.Join(strings.Fields(m.res.Case.Query), " "))
	}
	if err := os.WriteFile(*corpusOut, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// summarize prints one line per engine and one for all: reductions,
// flagged (did not survive), reclassified (reductions for the class an
// engine shows now where the recorded one did not survive), strictly
// smaller, verified minimal, results on which some
// bystander's verdict differs from the recorded one (the old two-sided rule
// could not have reached them), median and largest nodes and
// quads before and after (over the reductions that survived).
func summarize(all []measured) string {
	by := map[string][]measured{}
	for _, m := range all {
		by[m.engine] = append(by[m.engine], m)
		by["(all)"] = append(by["(all)"], m)
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(caseLine(all) + "\n")
	b.WriteString("engine       n flagged reclass smaller minimal bystander  nodes median before->after  max before->after  quads median before->after  max before->after\n")
	for _, n := range names {
		b.WriteString(summaryLine(n, by[n]) + "\n")
	}
	return b.String()
}

func summaryLine(name string, ms []measured) string {
	var nb, na, qb, qa []int
	flagged, smaller, minimal, changed, reclass := 0, 0, 0, 0, 0
	for _, m := range ms {
		if m.reclassified {
			reclass++
		}
		if !m.res.Survived {
			flagged++
			continue
		}
		st := m.res.Stats
		nb, na, qb, qa = append(nb, m.nodesBefore), append(na, st.NodesAfter), append(qb, m.quadsBefore), append(qa, st.QuadsAfter)
		if st.NodesAfter < m.nodesBefore || st.QuadsAfter < m.quadsBefore {
			smaller++
		}
		if st.Minimal {
			minimal++
		}
		if len(m.changed) > 0 {
			changed++
		}
	}
	return fmt.Sprintf("%-10s %3d %7d %7d %7d %7d %9d  %13d -> %-5d %9d -> %-5d %13d -> %-5d %9d -> %-5d",
		name, len(ms), flagged, reclass, smaller, minimal, changed, median(nb), median(na), maxOf(nb), maxOf(na),
		median(qb), median(qa), maxOf(qb), maxOf(qa))
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Ints(s)
	return s[len(s)/2]
}

func maxOf(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	return slices.Max(xs)
}

// caseLine counts corpus cases: measured, and strictly smaller (fewer nodes
// or quads) for at least one engine's reduction that survived.
func caseLine(all []measured) string {
	cases, smaller := map[string]bool{}, map[string]bool{}
	for _, m := range all {
		cases[m.id] = true
		st := m.res.Stats
		if m.res.Survived && (st.NodesAfter < m.nodesBefore || st.QuadsAfter < m.quadsBefore) {
			smaller[m.id] = true
		}
	}
	return fmt.Sprintf("%d cases with a divergence on an installed engine; %d strictly smaller for at least one engine", len(cases), len(smaller))
}

// TestCorpusTrigger ablates every corpus query case once per engine on its
// wrong side and class group, and reports the cost (oracle calls per
// case) and what ablation removed. It never writes the corpus.
//
//	go test ./internal/reduce -run TestCorpusTrigger -corpus -v -timeout 2h \
//	    [-corpus.engines jena,oxigraph] [-corpus.cases bind]
func TestCorpusTrigger(t *testing.T) {
	if !*corpus {
		t.Skip("run with -corpus to ablate every corpus case")
	}
	engs, targets := corpusTargets(t)
	var calls []int
	ablated, incomplete, failed := 0, 0, 0
	for _, tg := range targets {
		groups := map[string]bool{}
		for _, cl := range tg.w.Classes {
			if groups[cl.Group()] {
				continue
			}
			groups[cl.Group()] = true
			start := time.Now()
			a, err := reduce.Trigger(context.Background(), tg.c.Oracle(), []oracle.Engine{engs[oracle.JudgeName], tg.e}, tg.e.Name(), cl,
				reduce.Limits{MaxCalls: *corpusCalls, MaxTime: *corpusTime, Deadline: 10 * time.Second})
			if err != nil {
				failed++
				t.Logf("%s\t%s\t%s\tnot ablated: %v", tg.c.ID, tg.e.Name(), cl, err)
				continue
			}
			calls = append(calls, a.Calls)
			if len(a.Removed) > 0 {
				ablated++
			}
			if !a.Complete {
				incomplete++
			}
			t.Logf("%s\t%s\t%s\ttrigger [%s]\tremoved [%s]\t%d calls\t%s\tcomplete %v", tg.c.ID, tg.e.Name(), cl, strings.Join(a.Trigger, "; "),
				strings.Join(a.Removed, "; "), a.Calls, time.Since(start).Round(time.Millisecond), a.Complete)
		}
	}
	t.Logf("%d ablations (%d removed something, %d stopped by a bound), %d not ablated; calls median %d, max %d, total %d",
		len(calls), ablated, incomplete, failed, median(calls), maxOf(calls), sum(calls))
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
