package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
)

// TestFileReportDedup: a finding is (engine, class, fingerprint of the
// reduced case). The same case spelled otherwise is the same finding; a
// smaller reproducer of another case is another finding.
func TestFileReportDedup(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		first := bug("rdflib", diff.ClassExtraRows, "OPTIONAL", "SELECT * WHERE { ?s ?p ?o OPTIONAL { ?o ?q ?r } }")
		r1, created, err := db.FileReport(ctx, Filing{Record: first, Case: "gen/default/1"})
		require.NoError(t, err)
		require.True(t, created)
		require.Equal(t, 1, r1.Count)
		require.Equal(t, Identity{Engine: "rdflib", Class: "extra-rows", Fingerprint: FingerprintOf(first.Reproducer)}.Key(), r1.Key)
		require.Len(t, r1.Fingerprint, 16)

		respelled := bug("rdflib", diff.ClassExtraRows, "OPTIONAL", "select *\nwhere {?s ?p ?o optional {?o ?q ?r}} # again")
		r2, created, err := db.FileReport(ctx, Filing{Record: respelled, Case: "gen/default/2"})
		require.NoError(t, err)
		require.False(t, created, "the same reduced case, spelled otherwise, is the same finding")
		require.Equal(t, r1.ID, r2.ID)
		require.Equal(t, 2, r2.Count)
		require.Equal(t, first.Witnesses[0].Title, r2.Title, "the smaller reproducer's write-up is kept")
		require.Equal(t, "gen/default/1", r2.Case, "the first case stays the origin")

		smaller := bug("rdflib", diff.ClassExtraRows, "OPTIONAL", "SELECT * { OPTIONAL { ?o ?q ?r } }")
		r3, created, err := db.FileReport(ctx, Filing{Record: smaller})
		require.NoError(t, err)
		require.True(t, created, "another reduced case is another finding")
		require.NotEqual(t, r1.ID, r3.ID)
		require.Equal(t, 1, r3.Count)

		other, created, err := db.FileReport(ctx, Filing{Record: bug("rdflib", diff.ClassWrongValue, "OPTIONAL", first.Reproducer.Query)})
		require.NoError(t, err)
		require.True(t, created, "another class on the same case is another finding")
		require.Equal(t, r1.Fingerprint, other.Fingerprint, "... of the same root cause")

		got, err := db.ReportByBugID(ctx, smaller.ID)
		require.NoError(t, err)
		require.Equal(t, r3.ID, got.ID)
		_, err = db.Report(ctx, 9999)
		require.True(t, errors.Is(err, ErrNotFound), "%v", err)
		for _, bad := range []Record{{}, {Signature: first.Signature}, {Signature: first.Signature, Witnesses: []Witness{{Engine: "rdflib"}}},
			{Signature: first.Signature, Witnesses: []Witness{{Body: first.Witnesses[0].Body}}}} {
			_, _, err = db.FileReport(ctx, Filing{Record: bad})
			require.True(t, errors.Is(err, ErrInvalid), "%+v: %v", bad, err)
		}
	})
}

func TestReportFiltersAndPaging(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		sw, err := db.CreateSweep(ctx, SweepSpec{Regress: true})
		require.NoError(t, err)
		engines := []string{"rdflib", "jena", "rasqal"}
		classes := []diff.Class{diff.ClassExtraRows, diff.ClassWrongValue}
		features := []string{"OPTIONAL", "AVG"}
		n := 0
		for _, e := range engines {
			for _, c := range classes {
				for _, f := range features {
					n++
					var sweep int64
					if e == "jena" {
						sweep = sw.ID
					}
					_, _, err := db.FileReport(ctx, Filing{Record: bug(e, c, f, strings.Repeat("x", n)), SweepID: sweep, Case: fmt.Sprint("c", n)})
					require.NoError(t, err)
				}
			}
		}
		cases := []struct {
			f    ReportFilter
			want int
		}{
			{ReportFilter{}, 12},
			{ReportFilter{Engine: "rdflib"}, 4},
			{ReportFilter{Class: string(diff.ClassWrongValue)}, 6},
			{ReportFilter{Feature: "AVG", Engine: "rasqal"}, 2},
			{ReportFilter{Status: "open"}, 12},
			{ReportFilter{Status: StatusFixedIn}, 0},
			{ReportFilter{SweepID: sw.ID}, 4},
		}
		for _, c := range cases {
			p, err := db.Reports(ctx, c.f)
			require.NoError(t, err)
			require.Equal(t, c.want, p.Total, "%+v", c.f)
			require.Len(t, p.Reports, c.want, "%+v", c.f)
		}
		seen := map[int64]bool{}
		for off := 0; off < 12; off += 5 {
			p, err := db.Reports(ctx, ReportFilter{Limit: 5, Offset: off})
			require.NoError(t, err)
			require.Equal(t, 12, p.Total)
			for _, r := range p.Reports {
				require.False(t, seen[r.ID], "report %d on two pages", r.ID)
				seen[r.ID] = true
			}
		}
		require.Len(t, seen, 12)
		_, err = db.Reports(ctx, ReportFilter{Limit: -1})
		require.True(t, errors.Is(err, ErrInvalid))

		p, _ := db.Reports(ctx, ReportFilter{Engine: "rasqal", Limit: 1})
		r, err := db.SetStatus(ctx, p.Reports[0].ID, StatusChange{Status: StatusFixedIn, Version: "3.0"})
		require.NoError(t, err)
		require.Equal(t, StatusFixedIn, r.Status)
		require.Equal(t, StatusFixedIn, member(t, r.Bug, "status"), "the write-up shows the current status")
		fp, err := db.Reports(ctx, ReportFilter{Status: StatusFixedIn})
		require.NoError(t, err)
		require.Equal(t, 1, fp.Total)
		_, err = db.SetStatus(ctx, r.ID, StatusChange{Status: "bogus"})
		require.True(t, errors.Is(err, ErrInvalid))
		_, err = db.SetStatus(ctx, 9999, StatusChange{Status: StatusOpen})
		require.True(t, errors.Is(err, ErrNotFound))
	})
}
