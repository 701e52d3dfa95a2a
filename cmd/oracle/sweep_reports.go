package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/store"
)

// sweepCancel implements `oracle sweep cancel [--db D] [--json] ID`: the
// sweep is marked cancelled in the store, so the workers (in any process)
// finish its pending case jobs without running an engine. Exit 1 when the
// sweep is unknown or already final.
func sweepCancel(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("cancel", stderr)
	if code, ok := parseOneArg(f, args, stderr, "sweep ID"); !ok {
		return code
	}
	id, err := sweepID(f.fs.Arg(0))
	if err != nil {
		return sweepFail(stderr, err)
	}
	return withStore("sweep", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		s, err := st.CancelSweep(ctx, id)
		if err == nil {
			printSweeps(stdout, *f.json, []store.Sweep{s})
		}
		return err
	})
}

// sweepReports implements
//
//	oracle sweep reports [--db D] [--sweep N] [--engine E] [--class C] [--format table|json]
//
// one line per report: id, signature, feature, occurrences, and the
// reduced reproducer's size (quads and syntax-tree nodes; "-" when it was
// filed unreduced).
func sweepReports(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("reports", stderr)
	var filter store.ReportFilter
	f.fs.Int64Var(&filter.SweepID, "sweep", 0, "only the reports sweep `N` filed or saw")
	f.fs.StringVar(&filter.Engine, "engine", "", "only reports whose first diverging engine is `E`")
	f.fs.StringVar(&filter.Class, "class", "", "only reports of divergence class `C`")
	format := f.fs.String("format", "table", "table or json")
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	if f.fs.NArg() != 0 || (*format != "table" && *format != "json") {
		return usageFail(stderr, f.fs, "arguments %q, --format %q: want no arguments, table or json", f.fs.Args(), *format)
	}
	return withStore("sweep", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		rows, err := reportRows(ctx, st, filter)
		if err != nil {
			return err
		}
		if *format == "json" || *f.json {
			return printJSON(stdout, rows)
		}
		printReportRows(stdout, rows)
		return nil
	})
}

// reportRow is one line of `oracle sweep reports`. The sizes are those of
// the reduced reproducer, -1 when the report was filed unreduced.
type reportRow struct {
	ID          int64  `json:"id"`
	Signature   string `json:"signature"`
	Feature     string `json:"feature"`
	Occurrences int    `json:"occurrences"`
	Quads       int    `json:"quads"`
	Nodes       int    `json:"nodes"`
	Title       string `json:"title"`
}

// reportRows reads every report matching f, page by page, oldest first.
func reportRows(ctx context.Context, st store.Store, f store.ReportFilter) ([]reportRow, error) {
	rows := []reportRow{}
	for f.Limit = store.MaxLimit; ; f.Offset += f.Limit {
		p, err := st.Reports(ctx, f)
		if err != nil {
			return nil, err
		}
		for _, r := range p.Reports {
			row := reportRow{ID: r.ID, Signature: r.Signature, Feature: r.Feature, Occurrences: r.Count,
				Quads: -1, Nodes: -1, Title: r.Title}
			if red := filing.Bug(r).Reduction; red != nil {
				row.Quads, row.Nodes = red.QuadsAfter, red.NodesAfter
			}
			rows = append(rows, row)
		}
		if f.Offset+len(p.Reports) >= p.Total || len(p.Reports) == 0 {
			break
		}
	}
	slices.SortFunc(rows, func(a, b reportRow) int { return int(a.ID - b.ID) })
	return rows, nil
}

func printReportRows(w io.Writer, rows []reportRow) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSIGNATURE\tFEATURE\tOCCURRENCES\tQUADS\tNODES")
	size := func(n int) string {
		if n < 0 {
			return "-"
		}
		return strconv.Itoa(n)
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\n", r.ID, r.Signature, orDash(r.Feature), r.Occurrences, size(r.Quads), size(r.Nodes))
	}
	tw.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// sweepExport implements `oracle sweep export [--db D] --report ID --to DIR/NAME`:
// the report's reduced case as a regression seed (internal/regress/doc.go):
// NAME.rq, whose first line is "# origin: sweep S report R (profile,
// date): title", and NAME.nq, the reduced data as N-Quads (written even
// when empty, so the seed does not fall back to the library data).
func sweepExport(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("export", stderr)
	id := f.fs.Int64("report", 0, "the report's store `id`")
	to := f.fs.String("to", "", "`DIR/NAME`: writes DIR/NAME.rq and DIR/NAME.nq")
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	if f.fs.NArg() != 0 || *id <= 0 || *to == "" {
		return usageFail(stderr, f.fs, "--report ID and --to DIR/NAME are required, no arguments (got %q)", f.fs.Args())
	}
	return withStore("sweep", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		r, err := st.Report(ctx, *id)
		if err != nil {
			return err
		}
		files, err := seedFiles(ctx, st, r)
		if err == nil {
			err = writeSeed(*to, files)
		}
		if err == nil {
			fmt.Fprintf(stdout, "%s.rq\n%s.nq\n", *to, *to)
		}
		return err
	})
}

// seedFiles renders a report as the two files of a seed, by extension.
func seedFiles(ctx context.Context, st store.Store, r store.Report) (map[string]string, error) {
	rep := filing.Bug(r).Reproducer
	if strings.TrimSpace(rep.Query) == "" {
		return nil, fmt.Errorf("report %d has no reproducer query", r.ID)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# origin: sweep %d report %d (%s, %s): %s\n", r.SweepID, r.ID,
		sweepProfile(ctx, st, r.SweepID), r.Created.UTC().Format("2006-01-02"), oneLine(r.Title))
	if rep.Base != "" && !declaresBase(rep.Query) {
		// The regression runner builds a seed's case from the query text
		// alone (no base option): the report's base goes into the prologue.
		fmt.Fprintf(&b, "BASE <%s>\n", rep.Base)
	}
	b.WriteString(rep.Query)
	if !strings.HasSuffix(rep.Query, "\n") {
		b.WriteString("\n")
	}
	return map[string]string{".rq": b.String(), ".nq": rep.Data}, nil
}

// sweepProfile names the corpus the report's sweep ran: the generator
// profile, "regress" or "w3c"; "api" for a report filed outside a sweep.
func sweepProfile(ctx context.Context, st store.Store, id int64) string {
	if id == 0 {
		return "api"
	}
	s, err := st.Sweep(ctx, id)
	switch {
	case err != nil:
		return "unknown profile"
	case s.Spec.Generated != nil:
		return "gen/" + orDefaultName(s.Spec.Generated.Profile)
	case s.Spec.Regress:
		return "regress"
	}
	return "w3c"
}

func orDefaultName(p string) string {
	if p == "" {
		return "default"
	}
	return p
}

// declaresBase reports whether the query's prologue already has a BASE
// (before any comment-free keyword other than PREFIX).
func declaresBase(q string) bool {
	for _, line := range strings.Split(q, "\n") {
		t := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "PREFIX"):
		case strings.HasPrefix(t, "BASE"):
			return true
		default:
			return false
		}
	}
	return false
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// writeSeed writes DIR/NAME.rq and DIR/NAME.nq, refusing to overwrite a seed.
func writeSeed(to string, files map[string]string) error {
	if strings.HasSuffix(to, ".rq") || strings.HasSuffix(to, ".nq") {
		return fmt.Errorf("%w: --to %q: give DIR/NAME without an extension", store.ErrInvalid, to)
	}
	for ext := range files {
		if _, err := os.Stat(to + ext); err == nil {
			return fmt.Errorf("%s%s exists: not overwritten", to, ext)
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	for _, ext := range []string{".rq", ".nq"} {
		if err := os.WriteFile(to+ext, []byte(files[ext]), 0o644); err != nil {
			return err
		}
	}
	return nil
}
