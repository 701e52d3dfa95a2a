package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/registry"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/report"
)

func init() {
	commands["reduce"] = command{runReduce, "shrink a diverging case to a minimal one that keeps the same divergence"}
}

// runReduce implements
//
//	oracle reduce -q query.rq [-d data.ttl | --dataset catalogue.json] [--engines a,b,...]
//	              [--signature "class: wrong,engines | right,engines"] [-o DIR]
//	              [--format md|json|table] [--max-calls N] [--max-time D]
//
// It judges the case, reduces the divergence named by --signature (default:
// the first), prints the report of the reduced case, and with -o writes
// DIR/query.rq and DIR/data.nq. Exit 3 when a divergence was reduced, 0
// when the case does not diverge, 1 on a usage or input error.
func runReduce(args []string) int {
	fs := flag.NewFlagSet("reduce", flag.ContinueOnError)
	fs.Func("config", "engine registry config `FILE` (see deploy/engines.example.json)", registry.UseConfigFile)
	var cf caseFlags
	cf.register(fs)
	sigText := fs.String("signature", "", "the divergence to keep (default: the first one found)")
	outDir := fs.String("o", "", "write the reduced query.rq and data.nq into `DIR`")
	maxCalls := fs.Int("max-calls", 1000, "oracle calls at most")
	maxTime := fs.Duration("max-time", 2*time.Minute, "wall time at most")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c, engines, err := cf.load(ctx, fs.Args())
	if err != nil {
		return usageError("reduce", err)
	}
	defer closeEngines(engines)
	r := diff.Judge(ctx, c, engines, cf.timeout)
	d, ok, err := pickDivergence(r, *sigText)
	if err != nil {
		return usageError("reduce", err)
	}
	if !ok {
		fmt.Fprintf(os.Stderr, "oracle reduce: nothing to reduce: %s\n", r.Kind)
		return exitOK
	}
	lim := diff.ReduceLimits{MaxCalls: *maxCalls, MaxTime: *maxTime, Deadline: cf.timeout}
	out, rr, st := diff.ReduceDivergence(ctx, c, engines, d, lim)
	fmt.Fprintf(os.Stderr, "oracle reduce: %s: %d oracle calls, %s, quads %d -> %d, nodes %d -> %d%s\n",
		d.Signature, st.Calls, st.Elapsed.Round(time.Millisecond), st.QuadsBefore, st.QuadsAfter,
		st.NodesBefore, st.NodesAfter, stoppedNote(st))
	if *outDir != "" {
		if err := writeCase(*outDir, out); err != nil {
			return usageError("reduce", err)
		}
	}
	var bugs []report.Bug
	if b, ok := report.BugFor(rr, d.Signature, &st, engines...); ok {
		bugs = append(bugs, b)
	}
	if err := render(os.Stdout, cf.format, rr, bugs); err != nil {
		return usageError("reduce", err)
	}
	return exitDiverges
}

func stoppedNote(st diff.ReduceStats) string {
	if st.Stopped {
		return " (stopped by a limit: not minimal)"
	}
	return ""
}

func pickDivergence(r *diff.Report, text string) (diff.Divergence, bool, error) {
	if text == "" {
		if len(r.Divergences) == 0 {
			return diff.Divergence{}, false, nil
		}
		return r.Divergences[0], true, nil
	}
	sig, err := diff.ParseSignature(text)
	if err != nil {
		return diff.Divergence{}, false, err
	}
	for _, d := range r.Divergences {
		if d.Signature.Equal(sig) {
			return d, true, nil
		}
	}
	return diff.Divergence{}, false, fmt.Errorf("the case does not show %q", text)
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
