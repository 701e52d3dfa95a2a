package triage

import (
	"context"
	"errors"
	"time"

	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Judge runs c on every engine (the reference among them, named
// JudgeName), triages the outcomes, and, when the reference could not
// judge (budget, timeout), adds the TLP metamorphic check: an engine whose
// partitions do not add up is wrong whatever the right answer is.
//
// deadline bounds each engine's evaluation and the whole case: the
// metamorphic queries run within what is left of it, only on the engines
// that answered (one that timed out or failed is not asked again), and
// nothing starts after it. A dataset clause the case's catalogue does not
// resolve makes the case unjudged before any engine runs.
//
// When the reference ran out of budget or time on data larger than a
// sample, the large-case judge (large*.go, DefaultLarge) may judge by the
// fast engine instead: Report.Judge is then TwinName and Report.JudgedBy
// says so; on large data the reference gets only a share of the deadline.
func Judge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) *Report {
	return judge(ctx, c, engines, deadline, true, large.Default)
}

// JudgeWith is Judge with the large-case judge's options.
func JudgeWith(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration, opt large.Options) *Report {
	return judge(ctx, c, engines, deadline, true, opt)
}

func judge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration, suspect bool, opt large.Options) *Report {
	c.Prepare() // the query parsed once for the judge, the engines and the checks
	if why := unresolvedDataset(c); why != "" {
		return notRun(c, engines, why)
	}
	if opt.Splits(c, engines, deadline) {
		return judgeLarge(ctx, c, engines, deadline, suspect, opt) // large_judge.go
	}
	start := time.Now()
	outs := oracle.Run(ctx, c, engines, deadline)
	r := triage(c, outs, suspect)
	if r.Judge != "" {
		return r
	}
	if deadline > 0 {
		// The case's deadline counts from the start of its run: an
		// engine's own start (a JVM's) is not charged to its request
		// (adapters/sidecar), but what is left for the metamorphic
		// queries is what the slowest engine left; engines that took
		// turns (oracle.Slots) had a deadline each turn; an engine not
		// given the case (oracle.Given: over its capacity) takes none.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(oracle.Span(c, oracle.Given(c, engines), deadline)))
		defer cancel()
	}
	if ctx.Err() == nil && opt.Fits(c, engines, outs) {
		lr := large.NewRun(opt, c, engines, outs, deadline, deadline, deadline)
		lr.Prepare(ctx)
		return finishLarge(ctx, lr, outs, r, suspect)
	}
	r.Metamorphic = large.Checks(ctx, c, large.Answered(engines, outs), large.AnswersOf(outs), deadline)
	applyChecks(r)
	return r
}

// unresolvedDataset says why the case's dataset clause cannot be built
// from its catalogue (#specifyingDataset: FROM and FROM NAMED name graphs
// to be obtained; the oracle obtains them only from the catalogue, never
// by fetching), or "" when it can or the query has none. A query that
// does not parse is left to the judge, which rejects it.
func unresolvedDataset(c *oracle.Case) string {
	info, err := c.Info()
	if err != nil || !info.HasDataset() {
		return ""
	}
	ds := c.Dataset
	if ds == nil {
		ds = rdf.NewDataset()
	}
	cat := &rdf.Catalogue{Dataset: ds, Sources: c.Sources}
	if _, err := cat.Active(info.From, info.FromNamed); err != nil {
		return "the dataset clause cannot be resolved from the case's catalogue: " + err.Error()
	}
	return ""
}

// notRun is the report of a case no engine ran: unjudged for everyone.
func notRun(c *oracle.Case, engines []oracle.Engine, why string) *Report {
	r := &Report{Case: c, Kind: KindUnjudged, Reason: why, JudgeErr: errors.New(why)}
	r.Notes = append(r.Notes, "UNJUDGED: "+why+"; no engine was run")
	for _, e := range engines { // no Version(): asking it may start a process
		if e.Name() != oracle.JudgeName {
			r.Verdicts = append(r.Verdicts, EngineVerdict{Engine: e.Name(), Outcome: Unjudged})
		}
	}
	return r
}
