package large

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// LargeOptions bound the large-case judge (large.go): the fast engine
// judging a case the reference ran out of budget or time on, once it has
// agreed with the reference on samples of the data.
type Options struct {
	Off         bool          // never judge by the fast engine (the old behaviour)
	Samples     int           // samples of the data (DefaultLarge: 3)
	SampleQuads int           // triples per sample, at most (256)
	Seed        int64         // seed of the first sample; sample i uses Seed+i (1)
	SampleTime  time.Duration // deadline of one sample's evaluation per engine (2 s)
	// LargeQuads: on data of more triples the reference gets RefShare of
	// the case's deadline, so that samples and checks have time left.
	LargeQuads int     // (256: every case the large-case judge may judge)
	RefShare   float64 // (0.5)
}

// DefaultLarge are the options of Judge.
var Default = Options{Samples: 3, SampleQuads: 256, Seed: 1, SampleTime: 2 * time.Second,
	LargeQuads: 256, RefShare: 0.5}

// Large is the large-case judge's evidence, kept in the Report.
type Evidence struct {
	// Why the reference did not judge, in plain words, with its real
	// figure: "the reference ran out of budget at 50,000,000 steps".
	Why     string
	Samples []Sample
	// Agree counts the samples the reference answered and the fast
	// engine matched; NonEmpty, those of them with a non-empty answer.
	Agree, NonEmpty int
	Checks          []string // metamorphic checks the fast engine passed on the full data
	Unchecked       []string // the checks that did not run on it, each with why (did not apply, deadline)
	Open            string   // what the query leaves open that the fast engine does not record
	Judged          bool     // the fast engine judged the case
	// The fast engine's version and time on the full data (it has no
	// EngineVerdict when it judges).
	EngineVersion string
	EngineElapsed time.Duration
	Verdict       string // one line: what the large-case judge decided, and why
}

// Sample outcomes.
const (
	SampleAgree      = "agree"       // the reference answered; the fast engine's answer is accepted
	SampleDisagree   = "disagree"    // the reference rules the fast engine's answer out: no verdict
	SampleNoEvidence = "no-evidence" // the reference (or the comparison) could not decide
)

// Sample is one run of the case's query over a sample of its data.
type Sample struct {
	Seed      int64
	Quads     int
	Case      *oracle.Case // the query over the sample: the evidence when they disagree
	Outcome   string       // SampleAgree, SampleDisagree, SampleNoEvidence
	Why       string       // for no-evidence and disagree
	Reference *results.Answer
	Engine    *results.Answer
	Verdict   *diff.Verdict // the fast engine's answer against the reference's
}

// capped runs an engine (the reference, on large data) under a shorter
// deadline than the case's, so that the large-case judge has time left.
type capped struct {
	oracle.Engine
	d time.Duration
}

func (c capped) Eval(ctx context.Context, cs *oracle.Case) (*results.Answer, error) {
	ctx, cancel := context.WithTimeout(ctx, c.d)
	defer cancel()
	return c.Engine.Eval(ctx, cs)
}

func (c capped) Unwrap() oracle.Engine { return c.Engine }

// splits says whether c is large: a deadline, data of more than
// LargeQuads triples, the reference and the fast engine both running.
// Then judgeLarge gives the reference a share of the time and runs the
// samples while the external engines are still at work.
func (o Options) Splits(c *oracle.Case, engines []oracle.Engine, deadline time.Duration) bool {
	return !o.Off && deadline > 0 && o.RefShare > 0 && o.Samples > 0 && DataQuads(c) > o.LargeQuads &&
		engineNamed(engines, oracle.JudgeName) != nil && engineNamed(engines, oracle.TwinName) != nil
}

// refShare is the reference's deadline on large data: RefShare of the
// time the case has left (the service's load of the dataset may have
// used some of it).
func (o Options) Share(ctx context.Context, deadline time.Duration) (share, left time.Duration) {
	left = deadline
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < left {
		left = time.Until(dl)
	}
	return time.Duration(float64(left) * o.RefShare), left
}

// withShare wraps the reference in engines with its share of the deadline.
func WithShare(engines []oracle.Engine, share time.Duration) []oracle.Engine {
	out := append([]oracle.Engine(nil), engines...)
	for i, e := range out {
		if e.Name() == oracle.JudgeName {
			out[i] = capped{e, share}
		}
	}
	return out
}

// largeFits says whether the large-case judge may try c: the reference
// failed for lack of budget or time (not a rejection: a query outside
// SPARQL 1.1 has no right answer), the fast engine answered, both are
// among the engines, and the data is larger than one sample.
func (o Options) Fits(c *oracle.Case, engines []oracle.Engine, outs []oracle.Outcome) bool {
	if o.Off || o.Samples <= 0 || DataQuads(c) <= o.SampleQuads {
		return false
	}
	var ref, twin bool
	for i, e := range engines {
		switch e.Name() {
		case oracle.JudgeName:
			k := oracle.Classify(outs[i].Err)
			ref = k == "budget" || k == "timeout" || k == "resource"
		case oracle.TwinName:
			twin = outs[i].Err == nil && outs[i].Answer != nil
		}
	}
	return ref && twin
}

var (
	stepsRE     = regexp.MustCompile(`more than (\d+) steps`)
	solutionsRE = regexp.MustCompile(`more than (\d+) solutions`)
)

// refWhy says why the reference did not judge, with its real figure;
// share < left when it had a share of the left time only.
func refWhy(o oracle.Outcome, share, left, deadline time.Duration, quads int) string {
	msg := ""
	if o.Err != nil {
		msg = o.Err.Error()
	}
	switch oracle.Classify(o.Err) {
	case "budget":
		if m := stepsRE.FindStringSubmatch(msg); m != nil {
			return "the reference ran out of budget at " + thousands(m[1]) + " steps"
		}
		if m := solutionsRE.FindStringSubmatch(msg); m != nil {
			return "the reference ran out of budget at " + thousands(m[1]) + " solutions in one multiset"
		}
		return "the reference ran out of budget (" + msg + ")"
	case "resource":
		return "the reference passed a resource limit (" + msg + ")"
	}
	why := fmt.Sprintf("the reference ran out of time after %.1f s", o.Elapsed.Seconds())
	if share < left {
		why += fmt.Sprintf(" (its share, %.0f%%, of the %.1f s the case had left of its %s deadline, on data of %s triples)",
			100*float64(share)/float64(left), left.Seconds(), deadline, thousands(strconv.Itoa(quads)))
	}
	return why
}

// thousands writes a decimal integer with comma separators.
func thousands(digits string) string {
	var b strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// outcomeOf returns the outcome of the named engine.
func OutcomeOf(outs []oracle.Outcome, name string) *oracle.Outcome {
	for i := range outs {
		if outs[i].Engine == name {
			return &outs[i]
		}
	}
	return nil
}

func engineNamed(engines []oracle.Engine, name string) oracle.Engine {
	for _, e := range engines {
		if e.Name() == name {
			return e
		}
	}
	return nil
}

// nonEmpty reports whether an answer holds anything: a row, a triple, or
// a true.
func nonEmpty(a *results.Answer) bool {
	return a != nil && (len(a.Rows) > 0 || len(a.Triples) > 0 || a.Boolean)
}

// quadsOf is a sample's size.
func quadsOf(c *oracle.Case) int { return DataQuads(c) }

// sampleNQuads is a sample's data as N-Quads (sources as named graphs,
// after the dataset's), for a report.
func sampleNQuads(c *oracle.Case) string {
	var b strings.Builder
	qs := c.Dataset.Quads()
	for _, iri := range sortedSources(c.Sources) {
		for _, t := range c.Sources[iri].Triples() {
			qs = append(qs, rdf.Quad{S: t.S, P: t.P, O: t.O, G: rdf.IRI(iri)})
		}
	}
	_ = rdf.WriteNQuads(&b, qs)
	return b.String()
}

// answered keeps the engines other than the judge whose outcome is an
// answer: the metamorphic queries are not put to an engine that already
// timed out, was unavailable or refused the query.
func Answered(engines []oracle.Engine, outs []oracle.Outcome) []oracle.Engine {
	var out []oracle.Engine
	for i, e := range engines {
		if e.Name() != oracle.JudgeName && outs[i].Err == nil {
			out = append(out, e)
		}
	}
	return out
}

// answersOf maps each engine that answered to its answer.
func AnswersOf(outs []oracle.Outcome) map[string]*results.Answer {
	m := map[string]*results.Answer{}
	for _, o := range outs {
		if o.Err == nil && o.Answer != nil {
			m[o.Engine] = o.Answer
		}
	}
	return m
}
