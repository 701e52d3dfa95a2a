package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// reachLadder is the data sizes `oracle bench --reach` climbs by default.
var reachLadder = []int{1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000}

// reachRow is one query shape: the largest size each evaluator answered
// within 1 s and within the limit, and the time of its last answer.
type reachRow struct {
	Query      string
	Ref1, RefN int // the reference (0: not even the smallest size)
	RefLast    string
	Eng1, EngN int // the fast engine, loading included
	EngLast    string
	// The large-case judge (triage.Judge on the reference and the fast
	// engine, under a deadline of 1 s, then of the limit): the largest
	// size judged (by either) within it.
	Judge1, JudgeN int
	JudgeLast      string
}

// reachColumns are the evaluators --reach measures (--reach-columns).
type reachColumns struct{ reference, engine, judge bool }

func parseReachColumns(s string) (reachColumns, error) {
	var rc reachColumns
	for _, c := range strings.Split(s, ",") {
		switch strings.TrimSpace(c) {
		case "reference":
			rc.reference = true
		case "engine":
			rc.engine = true
		case "judge":
			rc.judge = true
		default:
			return rc, fmt.Errorf("--reach-columns: %q: want reference, engine, judge", c)
		}
	}
	return rc, nil
}

// runReach measures, per query of the mix, how far up the ladder of
// generated data sizes the reference gets within 1 s and within limit
// (each evaluation under a deadline of limit; its step and solution
// budgets lifted, so time alone decides), and the same for the fast
// engine with its loading counted. A size that fails stops the climb.
func runReach(ctx context.Context, sizes []int, limit time.Duration, cols reachColumns, w io.Writer, log io.Writer) error {
	start := loadavg()
	data := map[int]*rdf.Dataset{}
	dataset := func(n int) *rdf.Dataset {
		if data[n] == nil {
			data[n] = engine.GenerateBSBM(n, 1)
		}
		return data[n]
	}
	var rows []reachRow
	for _, bq := range engine.BSBMQueries {
		q, err := algebra.Parse(engine.BSBMPrefixes+bq.Query, "")
		if err != nil {
			return fmt.Errorf("%s: %w", bq.Name, err)
		}
		row := reachRow{Query: bq.Name, RefLast: "not measured", EngLast: "not measured", JudgeLast: "not measured"}
		if cols.reference {
			row.Ref1, row.RefN, row.RefLast = climb(ctx, sizes, limit, dataset, log, bq.Name+" reference", func(c context.Context, ds *rdf.Dataset) error {
				_, err := reference.Eval(c, q, ds, nil, reference.Options{MaxSteps: 1 << 50, MaxSolutions: 1 << 40})
				return err
			})
		}
		if cols.engine {
			row.Eng1, row.EngN, row.EngLast = climb(ctx, sizes, limit, dataset, log, bq.Name+" engine", func(c context.Context, ds *rdf.Dataset) error {
				_, err := engine.Load(ds).Eval(c, q, benchOpts)
				return err
			})
		}
		if cols.judge {
			row.Judge1, row.JudgeN, row.JudgeLast = climbJudge(ctx, sizes, limit, dataset, log, bq.Name, engine.BSBMPrefixes+bq.Query)
		}
		rows = append(rows, row)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	writeReach(w, rows, sizes, limit, start, loadavg())
	return nil
}

// climbJudge climbs the ladder with the large-case judge (triage.Judge on
// the reference, with its default budget, and the fast engine), first
// under a deadline of 1 s, then of limit: a size counts when the case is
// judged (by the reference or by the fast engine) within the deadline;
// last names who judged the last size.
func climbJudge(ctx context.Context, sizes []int, limit time.Duration, dataset func(int) *rdf.Dataset, log io.Writer,
	name, query string) (in1, inN int, last string) {
	engines := []oracle.Engine{registry.Reference(reference.Options{}), registry.Engine(engine.Options{})}
	who := ""
	judge := func(d time.Duration) func(context.Context, *rdf.Dataset) error {
		return func(c context.Context, ds *rdf.Dataset) error {
			r := triage.Judge(c, &oracle.Case{Name: name, Query: query, Dataset: ds}, engines, d)
			if r.Judge == "" && r.Large != nil {
				return errors.New(shorten(r.Large.Verdict, 120)) // why the fast engine did not judge
			}
			if r.Judge == "" {
				return errors.New(shorten(r.Reason, 120))
			}
			who = "by " + r.Judge
			return nil
		}
	}
	in1, _, _ = climb(ctx, sizes, time.Second, dataset, log, name+" judge (1 s)", judge(time.Second))
	_, inN, last = climb(ctx, sizes, limit, dataset, log, name+" judge", judge(limit))
	if inN > 0 {
		last = strings.Replace(last, fmt.Sprintf(" at %d", inN), fmt.Sprintf(" at %d (%s)", inN, who), 1)
	}
	return in1, inN, last
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// climb evaluates at each size in turn until one fails or takes longer
// than limit; it returns the largest sizes done within 1 s and within limit.
func climb(ctx context.Context, sizes []int, limit time.Duration, dataset func(int) *rdf.Dataset, log io.Writer,
	what string, eval func(context.Context, *rdf.Dataset) error) (in1, inN int, last string) {
	last = "–"
	for _, n := range sizes {
		ds := dataset(n)
		c, cancel := context.WithTimeout(ctx, limit)
		t0 := time.Now()
		err := eval(c, ds)
		d := time.Since(t0)
		cancel()
		fmt.Fprintf(log, "reach: %s at %d triples: %v %v\n", what, n, d.Round(time.Millisecond), errOrOK(err))
		if err != nil || d > limit {
			reason := "over the limit"
			if err != nil && !errors.Is(err, context.DeadlineExceeded) {
				reason = err.Error()
			}
			last += fmt.Sprintf("; stopped at %d (%s)", n, reason)
			return in1, inN, last
		}
		if d <= time.Second {
			in1 = n
		}
		inN, last = n, fmt.Sprintf("%.2f s at %d", d.Seconds(), n)
	}
	return in1, inN, last
}

func errOrOK(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

func writeReach(w io.Writer, rows []reachRow, sizes []int, limit time.Duration, before, after string) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "Date: %s. Machine: %s. Load average (1, 5, 15 min) before: %s; after: %s.\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), machine(), before, after)
	fmt.Fprintf(bw, "Sizes tried: %s triples (GenerateBSBM, seed 1); limit %s; budgets lifted, so time alone decides.\n\n",
		strings.Trim(strings.Join(strings.Fields(fmt.Sprint(sizes)), ", "), "[]"), limit)
	fmt.Fprintf(bw, "| query | reference ≤ 1 s | reference ≤ %s | reference, last answer | engine ≤ 1 s | engine ≤ %s | engine, last answer "+
		"| large-case judge ≤ 1 s | large-case judge ≤ %s | large-case judge, last verdict |\n", limit, limit, limit)
	fmt.Fprintln(bw, "| --- | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |")
	for _, r := range rows {
		fmt.Fprintf(bw, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Query, size(r.Ref1), size(r.RefN), r.RefLast,
			size(r.Eng1), size(r.EngN), r.EngLast, size(r.Judge1), size(r.JudgeN), r.JudgeLast)
	}
}

func size(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprint(n)
}

// loadavg is the machine's load average, as uptime prints it.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], ", ")
}
