package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/user"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/store"
)

// runTriage implements
//
//	oracle triage set     [--db D] [--json] ID --status S [--url U] [--version V] [--note N] [--by WHO]
//	oracle triage list    [--db D] [--json] [--status S] [--engine E] [--class C] [--sweep N] [--root-cause ID] [--fingerprint F] [--severity S]
//	oracle triage history [--db D] [--json] ID
//	oracle triage counts  [--db D] [--json] [--status S] [--engine E] [--sweep N]
//
// on the store (the same SQLite file or PostgreSQL URL the service uses;
// the service's API does the same through POST /v1/reports/{id}/status).
// ID is a report's store id or its bug id. Statuses: open, known-upstream
// (needs --url), fixed-in (needs --version), wont-fix, intended-deviation
// (its engine and class are not filed open again), spec-question,
// not-a-bug. Exit 0 on success, 1 on a failure (an unknown report), 2 on a
// usage error or a refused change.
func runTriage(args []string) int { return triageMain(args, os.Stdout, os.Stderr) }

func triageMain(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("triage", "usage: oracle triage set|list|history|counts [flags]   (oracle triage <subcommand> -h for its flags)",
		[]subcommand{{"set", triageSet}, {"list", triageList}, {"history", triageHistory}, {"counts", triageCounts}},
		args, stdout, stderr)
}

// triageFlags are the flags every triage subcommand has (--db, --json).
func triageFlags(name string, stderr io.Writer) sweepFlags { return storeFlags("triage "+name, stderr) }

// findReport reads a store id (digits) or a bug id (hex).
func findReport(ctx context.Context, st store.Store, key string) (store.Report, error) {
	if id, err := strconv.ParseInt(key, 10, 64); err == nil && id > 0 {
		return st.Report(ctx, id)
	}
	if key == "" || strings.Trim(key, "0123456789abcdef") != "" {
		return store.Report{}, fmt.Errorf("%w: report id %q: want a store id or a bug id (hex)", store.ErrInvalid, key)
	}
	return st.ReportByBugID(ctx, key)
}

func triageSet(args []string, stdout, stderr io.Writer) int {
	f := triageFlags("set", stderr)
	var c store.StatusChange
	f.fs.StringVar(&c.Status, "status", "", "the new `status`: "+strings.Join(store.TriageStatuses, ", "))
	f.fs.StringVar(&c.URL, "url", "", "the upstream issue (needed by known-upstream)")
	f.fs.StringVar(&c.Version, "version", "", "the engine version that fixed it (needed by fixed-in)")
	f.fs.StringVar(&c.Note, "note", "", "a note kept in the history")
	f.fs.StringVar(&c.By, "by", currentUser(), "who decides")
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	pos := f.fs.Args()
	if len(pos) != 1 {
		return usageFail(stderr, f.fs, "want one report ID, got %d arguments", len(pos))
	}
	if err := c.Check(); err != nil {
		return cmdFail(stderr, "triage set", err)
	}
	return withStore("triage set", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		r, err := findReport(ctx, st, pos[0])
		if err == nil {
			r, err = st.SetStatus(ctx, r.ID, c)
		}
		if err != nil {
			return err
		}
		if *f.json {
			return printJSON(stdout, r)
		}
		fmt.Fprintf(stdout, "report %d (%s, %s, %s): %s%s\n", r.ID, r.Engine, r.Class, r.Fingerprint, r.Status, triageDetail(r.Triage))
		return nil
	})
}

func triageDetail(t store.Triage) string {
	var parts []string
	for _, p := range []struct{ k, v string }{{"url", t.URL}, {"version", t.Version}, {"by", t.By}, {"note", t.Note}} {
		if p.v != "" {
			parts = append(parts, p.k+" "+p.v)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

func currentUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return os.Getenv("USER")
}

// filterFlags adds the report filters to a flag set.
func filterFlags(fs *flag.FlagSet, f *store.ReportFilter) {
	fs.StringVar(&f.Status, "status", "", "only reports with this `status`")
	fs.StringVar(&f.Engine, "engine", "", "only this `engine`'s findings")
	fs.StringVar(&f.Class, "class", "", "only this divergence `class`")
	fs.StringVar(&f.RootCause, "root-cause", "", "only this root cause's findings (its `id`, every member of the family)")
	fs.StringVar(&f.Fingerprint, "fingerprint", "", "only the findings of this reduced case (its fingerprint)")
	fs.Int64Var(&f.SweepID, "sweep", 0, "only the findings sweep `N` filed or saw")
	fs.StringVar(&f.Severity, "severity", "", "only findings of this `severity` (wrong-answer, crash, error, refusal, cosmetic)")
}

// triageFiltered parses the flags of a triage subcommand that takes the
// report filters and no arguments; !ok means exit with code.
func triageFiltered(name string, args []string, stderr io.Writer) (sweepFlags, store.ReportFilter, int, bool) {
	f := triageFlags(name, stderr)
	var filter store.ReportFilter
	filterFlags(f.fs, &filter)
	if code, ok := parseFlags(f.fs, args); !ok {
		return f, filter, code, false
	}
	if f.fs.NArg() != 0 {
		return f, filter, usageFail(stderr, f.fs, "unexpected arguments %q", f.fs.Args()), false
	}
	return f, filter, 0, true
}

// parseOneArg parses the flags of a subcommand that takes one argument
// (what names it in the usage error); !ok means exit with the code.
func parseOneArg(f sweepFlags, args []string, stderr io.Writer, what string) (int, bool) {
	if code, ok := parseFlags(f.fs, args); !ok {
		return code, false
	}
	if f.fs.NArg() != 1 {
		return usageFail(stderr, f.fs, "want one %s, got %q", what, f.fs.Args()), false
	}
	return 0, true
}

func triageList(args []string, stdout, stderr io.Writer) int {
	f, filter, code, ok := triageFiltered("list", args, stderr)
	if !ok {
		return code
	}
	return withStore("triage list", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		var all []store.Report
		for filter.Limit = store.MaxLimit; ; filter.Offset += filter.Limit {
			p, err := st.Reports(ctx, filter)
			if err != nil {
				return err
			}
			all = append(all, p.Reports...)
			if len(p.Reports) == 0 || filter.Offset+len(p.Reports) >= p.Total {
				break
			}
		}
		if *f.json {
			return printJSON(stdout, all)
		}
		tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tENGINE\tCLASS\tROOT CAUSE\tSTATUS\tSEEN\tTITLE")
		for _, r := range all {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d\t%s\n", r.ID, r.Engine, r.Class, rootKey(r), r.Status+triageDetail(store.Triage{URL: r.Triage.URL, Version: r.Triage.Version}), r.Count, oneLine(r.Title))
		}
		return tw.Flush()
	})
}

func triageHistory(args []string, stdout, stderr io.Writer) int {
	f := triageFlags("history", stderr)
	if code, ok := parseOneArg(f, args, stderr, "report ID"); !ok {
		return code
	}
	return withStore("triage history", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		r, err := findReport(ctx, st, f.fs.Arg(0))
		if err != nil {
			return err
		}
		h, err := st.History(ctx, r.ID)
		if err != nil {
			return err
		}
		if *f.json {
			return printJSON(stdout, h)
		}
		tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "WHEN\tFROM\tTO\tBY\tDETAIL")
		for _, e := range h {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.At.Format("2006-01-02 15:04:05"), e.Previous, e.Status, orDash(e.By),
				strings.TrimPrefix(triageDetail(store.Triage{URL: e.URL, Version: e.Version, Note: oneLine(e.Note)}), " "))
		}
		return tw.Flush()
	})
}

func triageCounts(args []string, stdout, stderr io.Writer) int {
	f, filter, code, ok := triageFiltered("counts", args, stderr)
	if !ok {
		return code
	}
	return withStore("triage counts", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		c, err := st.Findings(ctx, filter)
		if err != nil {
			return err
		}
		if *f.json {
			return printJSON(stdout, c)
		}
		fmt.Fprintf(stdout, "%d findings in %d root causes\n", c.Findings, c.RootCauses)
		tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "ENGINE\tFINDINGS\tROOT CAUSES\tBY STATUS")
		for _, e := range c.ByEngine {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", e.Engine, e.Findings, e.RootCauses, statusCounts(e.ByStatus))
		}
		return tw.Flush()
	})
}

// statusCounts prints counts in the order of store.Statuses.
func statusCounts(m map[string]int) string {
	var parts []string
	for _, s := range store.Statuses {
		if m[s] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, m[s]))
		}
	}
	return strings.Join(parts, ", ")
}
