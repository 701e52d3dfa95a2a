package store

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// realisticCases are four cases of a realistic sweep: two large ones (one
// the reference judged, one the fast engine judged), a small one only the
// engines' relations judged, and one nothing judged.
var realisticCases = []CaseRecord{
	{Case: "gen/realistic/0", DataTriples: 120_000, JudgedBy: JudgeReference, Relations: []RelationCheck{
		{Engine: "jena", Relation: "norec", Outcome: RelationHeld},
		{Engine: "jena", Relation: "tlp", Outcome: RelationHeld},
		{Engine: "rasqal", Relation: "norec", Outcome: RelationSkipped, Reason: "the query has no FILTER"},
		{Engine: "rasqal", Relation: "tlp", Outcome: RelationViolated, Reason: "the parts have 3 rows, the whole 4"},
	}},
	{Case: "gen/realistic/1", DataTriples: LargeCase, JudgedBy: JudgeFast, Diverged: true, Relations: []RelationCheck{
		{Engine: "jena", Relation: "tlp", Outcome: RelationError, Reason: "timeout after 10s"},
	}},
	{Case: "gen/realistic/2", DataTriples: 5000, JudgedBy: JudgeRelations, Relations: []RelationCheck{
		{Engine: "rasqal", Relation: "tlp", Outcome: RelationViolated, Reason: "the parts have 0 rows, the whole 1"},
	}},
	{Case: "gen/realistic/3", JudgedBy: JudgeNone, Failed: true},
}

// recordRealistic records realisticCases in a new sweep, twice (a retried
// job), and returns the sweep's id.
func recordRealistic(t *testing.T, db *DB) int64 {
	t.Helper()
	s, err := db.CreateSweep(ctx, genSpec(0, 4, "jena", "rasqal"))
	require.NoError(t, err)
	for range 2 {
		for _, c := range realisticCases {
			c.SweepID = s.ID
			require.NoError(t, db.RecordCase(ctx, c))
		}
	}
	return s.ID
}

// TestSweepCasesFilters: each filter of SweepCases selects the cases it
// names, each with its size, judge and relation checks as recorded once.
func TestSweepCasesFilters(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		id := recordRealistic(t, db)
		for _, tc := range []struct {
			name string
			f    CaseFilter
			want []int // indexes into realisticCases
		}{
			{"all", CaseFilter{}, []int{0, 1, 2, 3}},
			{"judged by relations", CaseFilter{JudgedBy: JudgeRelations}, []int{2}},
			{"judged by the fast engine", CaseFilter{JudgedBy: JudgeFast}, []int{1}},
			{"large", CaseFilter{Large: true}, []int{0, 1}},
			{"violated", CaseFilter{Violated: true}, []int{0, 2}},
			{"checked on jena", CaseFilter{Engine: "jena"}, []int{0, 1}},
			{"violated on jena", CaseFilter{Engine: "jena", Violated: true}, nil},
			{"violated and large", CaseFilter{Violated: true, Large: true}, []int{0}},
			{"second page", CaseFilter{Limit: 2, Offset: 2}, []int{2, 3}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				p, err := db.SweepCases(ctx, id, tc.f)
				require.NoError(t, err)
				want := []CaseRow{}
				for _, i := range tc.want {
					want = append(want, caseRowOf(realisticCases[i]))
				}
				require.Equal(t, want, p.Cases)
				if tc.f.Limit == 0 {
					require.Equal(t, len(tc.want), p.Total)
				} else {
					require.Equal(t, len(realisticCases), p.Total)
				}
			})
		}
	})
}

// caseRowOf is what SweepCases lists of a recorded case.
func caseRowOf(r CaseRecord) CaseRow {
	rels := append([]RelationCheck{}, r.Relations...)
	return CaseRow{Case: r.Case, Diverged: r.Diverged, Failed: r.Failed, Unjudged: r.Unjudged,
		DataTriples: r.DataTriples, JudgedBy: r.JudgedBy, Relations: rels}
}

// TestJudgeSummary counts realisticCases: by judge, large cases, and the
// relation checks per engine and relation (Checked = held + violated).
func TestJudgeSummary(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		id := recordRealistic(t, db)
		got, err := db.JudgeSummary(ctx, id)
		require.NoError(t, err)
		require.Equal(t, JudgeSummary{
			Cases:      4,
			ByJudge:    map[string]int{JudgeReference: 1, JudgeFast: 1, JudgeRelations: 1, JudgeNone: 1},
			Large:      2,
			MaxTriples: 120_000,
			Violated:   2,
			Relations: []RelationCount{
				{Engine: "jena", Relation: "norec", Checked: 1, Held: 1},
				{Engine: "jena", Relation: "tlp", Checked: 1, Held: 1, Errors: 1},
				{Engine: "rasqal", Relation: "norec", Skipped: 1},
				{Engine: "rasqal", Relation: "tlp", Checked: 2, Violated: 2},
			},
			Engines: []RelationCount{
				{Engine: "jena", Checked: 2, Held: 2, Errors: 1},
				{Engine: "rasqal", Checked: 2, Violated: 2, Skipped: 1},
			},
		}, got)

		empty, err := db.JudgeSummary(ctx, id+100)
		require.NoError(t, err)
		require.Equal(t, JudgeSummary{ByJudge: map[string]int{}, Relations: []RelationCount{}, Engines: []RelationCount{}}, empty)
	})
}

// TestRelationsRetryReplaces: a case recorded again with other relation
// checks keeps only the new ones (a retried job replaces, never adds), and
// its size and judge are the new record's.
func TestRelationsRetryReplaces(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		id := recordRealistic(t, db)
		again := CaseRecord{SweepID: id, Case: "gen/realistic/0", DataTriples: 120_000, JudgedBy: JudgeRelations,
			Relations: []RelationCheck{
				{Engine: "rasqal", Relation: "tlp", Outcome: RelationHeld},
				{Engine: "rasqal", Relation: "tlp", Outcome: RelationViolated, Reason: "the later check of a pair wins"},
			}}
		require.NoError(t, db.RecordCase(ctx, again))
		p, err := db.SweepCases(ctx, id, CaseFilter{Engine: "rasqal"})
		require.NoError(t, err)
		require.Len(t, p.Cases, 2)
		require.Equal(t, JudgeRelations, p.Cases[0].JudgedBy)
		require.Equal(t, []RelationCheck{again.Relations[1]}, p.Cases[0].Relations)
		s, err := db.JudgeSummary(ctx, id)
		require.NoError(t, err)
		require.Equal(t, 2, s.ByJudge[JudgeRelations])
		require.Equal(t, []RelationCount{{Engine: "jena", Errors: 1}, {Engine: "rasqal", Checked: 2, Violated: 2}}, s.Engines,
			"case 0's checks on jena are gone; case 1's error stays")
	})
}

// TestRecordCaseJudgedBad: an unknown judge or outcome, a relation check
// without its engine, or a negative size is refused with what is wrong,
// and nothing of the case is written.
func TestRecordCaseJudgedBad(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		s, err := db.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		for _, tc := range []struct {
			rec  CaseRecord
			want string
		}{
			{CaseRecord{JudgedBy: "oracle"}, `judged by "oracle"`},
			{CaseRecord{DataTriples: -1}, "negative data size -1"},
			{CaseRecord{Relations: []RelationCheck{{Engine: "jena", Relation: "tlp", Outcome: "ok"}}}, `relation tlp on jena: outcome "ok"`},
			{CaseRecord{Relations: []RelationCheck{{Relation: "tlp", Outcome: RelationHeld}}}, "relation check 0 names no engine"},
		} {
			tc.rec.SweepID, tc.rec.Case = s.ID, "gen/default/0"
			err := db.RecordCase(ctx, tc.rec)
			require.ErrorIs(t, err, ErrInvalid)
			require.ErrorContains(t, err, tc.want)
		}
		p, err := db.SweepCases(ctx, s.ID, CaseFilter{})
		require.NoError(t, err)
		require.Zero(t, p.Total)
	})
}

// TestRelationReasonBounded: a reason longer than maxReason is stored cut
// at a character boundary, with an ellipsis.
func TestRelationReasonBounded(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		s, err := db.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		long := strings.Repeat("é", maxReason)
		require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: s.ID, Case: "c", Relations: []RelationCheck{
			{Engine: "jena", Relation: "tlp", Outcome: RelationError, Reason: long}}}))
		p, err := db.SweepCases(ctx, s.ID, CaseFilter{})
		require.NoError(t, err)
		got := p.Cases[0].Relations[0].Reason
		require.LessOrEqual(t, len(got), maxReason)
		require.True(t, strings.HasSuffix(got, "é…"), "cut at a character boundary: %q", got[len(got)-8:])
	})
}

// TestMigrate006KeepsCases: a case recorded before migration 006 reads
// back with no size, no judge ("") and no relation checks, and is counted
// under "".
func TestMigrate006KeepsCases(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		id := oldSweepCase(t, b, 5)

		db := b.reopen(t)
		p, err := db.SweepCases(ctx, id, CaseFilter{})
		require.NoError(t, err)
		require.Equal(t, []CaseRow{{Case: "regress/x", Diverged: true, Relations: []RelationCheck{}}}, p.Cases)
		s, err := db.JudgeSummary(ctx, id)
		require.NoError(t, err)
		require.Equal(t, map[string]int{"": 1}, s.ByJudge)
	})
}

// TestLargeWitnessKept: a finding reduced from a large case keeps, in its
// write-up, the realistic query it was found with and the data's size
// before and after (report.Bug's original_query, original_triples,
// reduced_triples), whether it is read alone or listed; filed again from a
// larger reproducer, it keeps the smaller one's.
func TestLargeWitnessKept(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		realistic := "SELECT ?s ?label WHERE { ?s a <http://kg.example/Person> ; <http://kg.example/label> ?label } ORDER BY ?s LIMIT 30"
		filed := func(query string, original, reduced int) Report {
			r := bug("jena", "missing-rows", "LIMIT", query)
			body, err := json.Marshal(map[string]any{"engine": "jena", "title": "LIMIT drops a row", "status": "open",
				"original_query": realistic, "original_triples": original, "reduced_triples": reduced})
			require.NoError(t, err)
			r.Witnesses[0].Body = body
			rep, _, err := db.FileReport(ctx, Filing{Record: rooted(r, "LIMIT"), Case: "gen/realistic/7"})
			require.NoError(t, err)
			return rep
		}
		first := filed("SELECT ?s { ?s ?p ?o } LIMIT 1", 120_000, 3)
		again := filed("SELECT ?s { ?s ?p ?o . ?o ?q ?r } LIMIT 1", 100_000, 9)
		require.Equal(t, first.ID, again.ID, "one root cause, one finding")
		got, err := db.Report(ctx, first.ID)
		require.NoError(t, err)
		page, err := db.Reports(ctx, ReportFilter{Engine: "jena"})
		require.NoError(t, err)
		for _, body := range []json.RawMessage{got.Bug, page.Reports[0].Bug} {
			var w struct {
				Query    string `json:"original_query"`
				Original int    `json:"original_triples"`
				Reduced  int    `json:"reduced_triples"`
			}
			require.NoError(t, json.Unmarshal(body, &w))
			require.Equal(t, realistic, w.Query)
			require.Equal(t, 120_000, w.Original, "the smaller reproducer's write-up is kept")
			require.Equal(t, 3, w.Reduced)
		}
	})
}
