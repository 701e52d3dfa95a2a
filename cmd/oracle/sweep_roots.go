package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/store"
)

// rootsOf groups findings by root cause (store.Identity.Root: one per
// family), worst severity first, then by how many engines show it.
func rootsOf(rs []store.Report) [][]store.Report {
	by := map[string][]store.Report{}
	var order []string
	for _, r := range rs {
		k := rootKey(r)
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], r)
	}
	out := make([][]store.Report, 0, len(order))
	for _, k := range order {
		out = append(out, by[k])
	}
	sort.SliceStable(out, func(i, j int) bool { return severityRank(out[i][0].Severity) < severityRank(out[j][0].Severity) })
	return out
}

// rootKey is a finding's root cause: its id, or for a finding stored
// before root causes its reduced case's fingerprint.
func rootKey(r store.Report) string {
	if r.RootCause != "" {
		return r.RootCause
	}
	return r.Fingerprint
}

var severities = []string{"wrong-answer", "crash", "error", "refusal", "cosmetic"}

func severityRank(s string) int {
	for i, x := range severities {
		if x == s {
			return i
		}
	}
	return len(severities)
}

// newRoots are the untriaged root causes sweep s shows that the store
// did not hold before it: a root cause is new when every finding of it,
// on any member of its family, was first filed by this sweep. A later
// sweep of new seeds on the same store reports only root causes no
// earlier filing had. Intended, known and other triaged root causes are
// never new.
func newRoots(ctx context.Context, st *store.DB, s store.Sweep) ([][]store.Report, error) {
	return newRootsWith(ctx, st, s, store.Untriaged)
}

// newRecheck are the root causes new to the store seen only on builds
// older than what their maintainers ship (store.StatusRecheck).
func newRecheck(ctx context.Context, st *store.DB, s store.Sweep) ([][]store.Report, error) {
	return newRootsWith(ctx, st, s, func(status string) bool { return status == store.StatusRecheck })
}

// newRecorded are the root causes new to the store that the regression
// corpus already records (store.StatusRecorded): found again, not news.
func newRecorded(ctx context.Context, st *store.DB, s store.Sweep) ([][]store.Report, error) {
	return newRootsWith(ctx, st, s, func(status string) bool { return status == store.StatusRecorded })
}

func newRootsWith(ctx context.Context, st *store.DB, s store.Sweep, keep func(string) bool) ([][]store.Report, error) {
	all, err := reportRowsOf(ctx, st, store.ReportFilter{SweepID: s.ID})
	if err != nil {
		return nil, err
	}
	var fresh []store.Report
	older := map[string]bool{}
	for _, r := range all {
		if !keep(r.Status) {
			continue
		}
		k := rootKey(r)
		if _, asked := older[k]; !asked {
			if older[k], err = filedBefore(ctx, st, r, s.ID); err != nil {
				return nil, err
			}
		}
		if !older[k] {
			fresh = append(fresh, r)
		}
	}
	roots := rootsOf(fresh)
	if !keep(store.StatusRecheck) {
		return roots, nil
	}
	return dropOpenElsewhere(roots, all), nil
}

// filedBefore reports whether a finding of r's root cause (any member)
// was first filed by something other than sweep id: an earlier sweep, or
// the API.
func filedBefore(ctx context.Context, st *store.DB, r store.Report, id int64) (bool, error) {
	f := store.ReportFilter{RootCause: r.RootCause}
	if r.RootCause == "" {
		f = store.ReportFilter{Fingerprint: r.Fingerprint}
	}
	rs, err := reportRowsOf(ctx, st, f)
	for _, x := range rs {
		if x.SweepID != id {
			return true, err
		}
	}
	return false, err
}

// dropOpenElsewhere keeps the root causes no witness shows open: one open
// on a current build of the family is not a re-check.
func dropOpenElsewhere(roots [][]store.Report, all []store.Report) [][]store.Report {
	open := map[string]bool{}
	for _, r := range all {
		if store.Untriaged(r.Status) {
			open[rootKey(r)] = true
		}
	}
	var out [][]store.Report
	for _, rc := range roots {
		if !open[rootKey(rc[0])] {
			out = append(out, rc)
		}
	}
	return out
}

// printRoots lists root causes one line each: severity, family, the
// members that show it, the face's title, whether the build is stale.
func printRoots(w io.Writer, roots [][]store.Report) {
	for _, rc := range roots {
		face := rc[0]
		var members []string
		for _, r := range rc {
			members = append(members, r.Engine)
			if filing.Size(r) < filing.Size(face) {
				face = r
			}
		}
		stale := ""
		if face.Stale != "" {
			stale = " [re-check on the newest release before filing: " + face.Stale + "]"
		}
		title := strings.TrimSuffix(oneLine(face.Title), " ("+face.Engine+")")
		fmt.Fprintf(w, "  %-12s %s %s: %s (%s)%s\n", orDash(face.Severity), rootKey(face), orDash(face.Family),
			title, strings.Join(members, ", "), stale)
	}
}
