package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// runReduce implements
//
//	oracle reduce -q query.rq [-d data.ttl | --dataset catalogue.json] [--engines a,b,...]
//	              [--signature "class: wrong,engines | right,engines"] [--engine NAME] [-o DIR]
//	              [--format md|json|table] [--max-calls N] [--max-time D]
//
// It judges the case, picks the divergence named by --signature (default:
// the first), and reduces it once per engine on its wrong side (or only
// --engine), each against the judge alone: the other engines run once on
// the result. It says on stderr whether each result is verified 1-minimal,
// flags a divergence that did not survive (never reported), prints the
// report of each reduced case, and with -o writes DIR/query.rq and
// DIR/data.nq (DIR/<engine>/... when several engines were reduced). Exit 3
// when a divergence was reduced, 0 when there is nothing to reduce or
// nothing survived, 1 on a usage or input error.
func runReduce(args []string) int {
	fs, cf := caseCommand("reduce")
	sigText := fs.String("signature", "", "the divergence to reduce (default: the first one found)")
	only := fs.String("engine", "", "reduce for this engine only (default: every engine on the divergence's wrong side)")
	outDir := fs.String("o", "", "write the reduced query.rq and data.nq into `DIR`")
	maxCalls := fs.Int("max-calls", 1000, "oracle calls at most, per engine")
	maxTime := fs.Duration("max-time", 2*time.Minute, "wall time at most, per engine")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if err := cf.check(fs.Args()); err != nil {
		return usageFail(os.Stderr, fs, "%v", err)
	}
	ctx, stop := interrupted()
	defer stop()
	c, engines, err := cf.load(ctx, fs.Args())
	if err != nil {
		return usageError("reduce", err)
	}
	defer closeEngines(engines)
	r := triage.Judge(ctx, c, engines, cf.timeout)
	d, ok, err := pickDivergence(r, *sigText)
	if err == nil && ok && *only != "" {
		d, err = onlyEngine(d, *only)
	}
	if err != nil {
		return usageError("reduce", err)
	}
	if !ok {
		fmt.Fprintf(os.Stderr, "oracle reduce: nothing to reduce: %s\n", r.Kind)
		return exitOK
	}
	lim := reduce.Limits{MaxCalls: *maxCalls, MaxTime: *maxTime, Deadline: cf.timeout}
	stopProgress := watchClock(ctx, "oracle reduce: reducing", fmt.Sprintf("at most %s and %d calls per engine", *maxTime, *maxCalls))
	results, err := reduce.Divergence(ctx, c, engines, d, lim)
	stopProgress()
	if err != nil {
		return usageError("reduce", err)
	}
	return reportReduced(results, engines, cf.format, *outDir)
}

// reportReduced prints each result's figures and report, writes the
// reduced cases, and returns the exit status.
func reportReduced(results []*reduce.Result, engines []oracle.Engine, format, outDir string) int {
	code := exitOK
	for _, res := range results {
		fmt.Fprintf(os.Stderr, "oracle reduce: %s\n", reductionNote(res))
		if !res.Survived {
			continue
		}
		if outDir != "" {
			dir := outDir
			if len(results) > 1 {
				dir = filepath.Join(outDir, res.Engine)
			}
			if err := writeCase(dir, res.Case); err != nil {
				return usageError("reduce", err)
			}
		}
		if err := render(os.Stdout, format, res.Report, report.Reduced([]*reduce.Result{res}, engines...)); err != nil {
			return usageError("reduce", err)
		}
		code = exitDiverges
	}
	return code
}

// reductionNote is one line: the engine and class, the figures, and the
// verification (or why the divergence is flagged).
func reductionNote(res *reduce.Result) string {
	st := res.Stats
	head := fmt.Sprintf("%s %s: %d oracle calls, %s, quads %d -> %d, nodes %d -> %d", res.Engine, res.Class,
		st.Calls, st.Elapsed.Round(time.Millisecond), st.QuadsBefore, st.QuadsAfter, st.NodesBefore, st.NodesAfter)
	switch {
	case !res.Survived:
		return head + ": FLAGGED, not reported: " + res.Reason
	case st.Minimal:
		return fmt.Sprintf("%s: verified 1-minimal (%d single steps tried, each lost the divergence)", head, st.Tried)
	case st.Stopped:
		return head + " (stopped by a limit: not minimal)"
	}
	return fmt.Sprintf("%s: not minimal (%d single steps still keep it: %s)", head, len(st.Kept), strings.Join(st.Kept, "; "))
}

// onlyEngine narrows d to one engine of its wrong side.
func onlyEngine(d triage.Divergence, name string) (triage.Divergence, error) {
	if !slices.Contains(d.Signature.Wrong, name) {
		return d, fmt.Errorf("--engine %s: not on the wrong side of %s", name, d.Signature)
	}
	d.Signature.Wrong = []string{name}
	return d, nil
}

func pickDivergence(r *triage.Report, text string) (triage.Divergence, bool, error) {
	if text == "" {
		if len(r.Divergences) == 0 {
			return triage.Divergence{}, false, nil
		}
		return r.Divergences[0], true, nil
	}
	sig, err := triage.ParseSignature(text)
	if err != nil {
		return triage.Divergence{}, false, err
	}
	for _, d := range r.Divergences {
		if d.Signature.Equal(sig) {
			return d, true, nil
		}
	}
	return triage.Divergence{}, false, fmt.Errorf("the case does not show %q", text)
}

func writeCase(dir string, c *oracle.Case) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "query.rq"), []byte(c.Query), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "data.nq"))
	if err != nil {
		return err
	}
	if err := rdf.WriteNQuads(f, c.Dataset.Quads()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
