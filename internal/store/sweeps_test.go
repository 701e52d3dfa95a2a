package store

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/triage"
)

func TestSweepLifecycle(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		_, err := db.CreateSweep(ctx, SweepSpec{Engines: []string{"reference"}})
		require.True(t, errors.Is(err, ErrInvalid), "a spec without a corpus: %v", err)

		s, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		require.Equal(t, SweepPending, s.State)
		require.Equal(t, int64(3), s.Spec.Generated.To)
		require.NoError(t, db.StartSweep(ctx, s.ID, 3))
		bad := bug("jena", diff.ClassWrongValue, "STR", "SELECT (STR(1) AS ?x) {}")
		for range 3 { // a job retried twice writes nothing twice
			record(t, db, s.ID, "gen/default/0")
			record(t, db, s.ID, "gen/default/1", bad)
		}
		got, err := db.Sweep(ctx, s.ID)
		require.NoError(t, err)
		require.Equal(t, SweepRunning, got.State)
		require.Equal(t, 3, got.Total)
		require.Equal(t, 2, got.Done)
		require.Equal(t, 1, got.Diverged)
		require.False(t, got.Started.IsZero())
		rs, err := db.Results(ctx, s.ID, ResultFilter{})
		require.NoError(t, err)
		require.Len(t, rs, 3, "one row per (case, engine), whatever the retries")
		r, err := db.ReportByBugID(ctx, bad.ID)
		require.NoError(t, err)
		require.Equal(t, 1, r.Count, "a retried filing in the same sweep and case counts once")

		rs, err = db.Results(ctx, s.ID, ResultFilter{Engine: "jena"})
		require.NoError(t, err)
		require.Len(t, rs, 1)
		require.Equal(t, "wrong-value", rs[0].Class)
		require.Equal(t, 2.5, rs[0].ElapsedMS)

		require.NoError(t, db.FinishSweep(ctx, s.ID, SweepDone, ""))
		require.True(t, errors.Is(db.FinishSweep(ctx, s.ID, SweepRunning, ""), ErrInvalid))
		require.True(t, errors.Is(db.StartSweep(ctx, 999, 1), ErrNotFound))
		got, _ = db.Sweep(ctx, s.ID)
		require.Equal(t, SweepDone, got.State)
		require.False(t, got.Finished.IsZero())

		s2, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		prev, ok, err := db.PreviousSweep(ctx, s2.ID)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, s.ID, prev.ID)
		_, ok, err = db.PreviousSweep(ctx, s.ID)
		require.NoError(t, err)
		require.False(t, ok)
		list, err := db.Sweeps(ctx, SweepFilter{})
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, s2.ID, list[0].ID, "newest first")
		list, err = db.Sweeps(ctx, SweepFilter{State: SweepDone})
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, 2, list[0].Done)
	})
}

func TestCompareMatrixTrend(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		fixed := bug("jena", diff.ClassWrongValue, "STR", "q1")
		kept := bug("rdflib", diff.ClassExtraRows, "OPTIONAL", "q2")
		fresh := bug("rasqal", diff.ClassMissingRows, "MINUS", "q3")
		a, _ := db.CreateSweep(ctx, genSpec(0, 2, "jena", "rdflib", "rasqal"))
		record(t, db, a.ID, "c1", fixed)
		record(t, db, a.ID, "c2", kept)
		require.NoError(t, db.FinishSweep(ctx, a.ID, SweepDone, ""))
		bs, _ := db.CreateSweep(ctx, genSpec(0, 2, "jena", "rdflib", "rasqal"))
		record(t, db, bs.ID, "c1", correct("jena"))
		record(t, db, bs.ID, "c2", kept, fresh)
		require.NoError(t, db.FinishSweep(ctx, bs.ID, SweepDone, ""))

		c, err := db.Compare(ctx, a.ID, bs.ID)
		require.NoError(t, err)
		require.Equal(t, []string{fresh.Witnesses[0].Title}, titles(c.New))
		require.Equal(t, []string{fixed.Witnesses[0].Title}, titles(c.Fixed))
		require.Equal(t, []string{kept.Witnesses[0].Title}, titles(c.Unchanged))
		require.True(t, c.SameCorpus)
		require.Empty(t, c.Notes)
		require.Equal(t, 2, c.Cases)
		_, err = db.Compare(ctx, a.ID, 999)
		require.True(t, errors.Is(err, ErrNotFound))

		m, err := db.Matrix(ctx, bs.ID)
		require.NoError(t, err)
		require.Equal(t, []Cell{{"rasqal", "MINUS", 1, 1}, {"rdflib", "OPTIONAL", 1, 1}}, m)

		tr, err := db.Trend(ctx, 10)
		require.NoError(t, err)
		want := []TrendPoint{{a.ID, time0, "jena", 1}, {a.ID, time0, "rdflib", 1}, {a.ID, time0, "reference", 0},
			{bs.ID, time0, "jena", 0}, {bs.ID, time0, "rasqal", 1}, {bs.ID, time0, "rdflib", 1}, {bs.ID, time0, "reference", 0}}
		for i := range tr {
			tr[i].Finished = time0
		}
		require.Equal(t, want, tr)
	})
}

func titles(rs []Report) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Title)
	}
	return out
}

// TestReopen: what was committed is there after the store is closed and
// opened again (migrations run once).
func TestReopen(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		s, err := db.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		record(t, db, s.ID, "c1", bug("jena", diff.ClassWrongValue, "STR", "q"))
		require.NoError(t, db.Close())

		db2 := b.reopen(t)
		got, err := db2.Sweep(ctx, s.ID)
		require.NoError(t, err)
		require.Equal(t, 1, got.Done)
		p, err := db2.Reports(ctx, ReportFilter{SweepID: s.ID})
		require.NoError(t, err)
		require.Equal(t, 1, p.Total)
	})
}

// TestCompareScope: a comparison covers the engines both specs run and the
// cases both sweeps recorded, and says so; a W3C sweep against a generated
// one compares nothing rather than calling every finding fixed; a finding
// whose engine still diverges on its case is moved, not fixed; a timeout
// is undecided. PreviousSweep finds the previous sweep of the same corpus.
func TestCompareScope(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		jena := bug("jena", diff.ClassWrongValue, "STR", "q1")
		rasqal := bug("rasqal", diff.ClassMissingRows, "MINUS", "q2")
		oxi := bug("oxigraph", diff.ClassOrder, "ORDER BY", "q3")
		done := func(s Sweep) { require.NoError(t, db.FinishSweep(ctx, s.ID, SweepDone, "")) }
		a, _ := db.CreateSweep(ctx, genSpec(0, 3, "jena", "rasqal"))
		record(t, db, a.ID, "c1", jena)
		record(t, db, a.ID, "c2", rasqal)
		record(t, db, a.ID, "c3", oxi)
		done(a)

		w3c, _ := db.CreateSweep(ctx, SweepSpec{Engines: []string{"reference", "jena"}, W3C: &W3CSource{}})
		record(t, db, w3c.ID, "w3c/x#1")
		done(w3c)
		c, err := db.Compare(ctx, a.ID, w3c.ID)
		require.NoError(t, err)
		require.False(t, c.SameCorpus)
		require.Zero(t, c.Cases)
		require.Empty(t, c.Fixed, "another corpus fixes nothing")
		require.Contains(t, c.Notes[0], "different corpora")

		bs, _ := db.CreateSweep(ctx, genSpec(0, 3, "jena", "rasqal", "oxigraph"))
		moved := bug("jena", diff.ClassWrongValue, "STR", "q1 reduced otherwise")
		record(t, db, bs.ID, "c1", moved)
		timeout := CaseRecord{SweepID: bs.ID, Case: "c2", Results: []Result{{Engine: "rasqal", Outcome: string(triage.TimedOut)}}}
		require.NoError(t, db.RecordCase(ctx, timeout))
		record(t, db, bs.ID, "c3", oxi)
		done(bs)
		prev, ok, err := db.PreviousSweep(ctx, bs.ID)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, a.ID, prev.ID, "the W3C sweep in between is another corpus")
		c, err = db.Compare(ctx, a.ID, bs.ID)
		require.NoError(t, err)
		require.True(t, c.SameCorpus)
		require.Equal(t, []string{"engine", "jena", "rasqal", "reference"}, c.Engines)
		require.Equal(t, []string{"oxigraph"}, c.OnlyB)
		require.Len(t, c.Notes, 1)
		require.Contains(t, c.Notes[0], "oxigraph (only #")
		require.Equal(t, []string{jena.Witnesses[0].Title}, titles(c.Moved), "jena still diverges on c1")
		require.Equal(t, []string{moved.Witnesses[0].Title}, titles(c.New))
		require.Equal(t, []string{rasqal.Witnesses[0].Title}, titles(c.Undecided), "a timeout decides nothing")
		require.Empty(t, c.Fixed)
		require.Empty(t, c.Unchanged, "oxigraph's finding is outside the compared engines")
	})
}

// TestCancelSweep walks the cancel transitions on every backend: a pending
// and a running sweep are cancelled; a final one is left as it is (ErrFinal);
// an unknown id is ErrNotFound; a cancelled sweep is neither started nor
// finished again by a late plan or case job.
func TestCancelSweep(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		pending, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		got, err := db.CancelSweep(ctx, pending.ID)
		require.NoError(t, err)
		require.Equal(t, SweepCancelled, got.State)
		require.False(t, got.Finished.IsZero())

		ok, err := db.StartActiveSweep(ctx, pending.ID, 3)
		require.NoError(t, err)
		require.False(t, ok, "a late plan job must not restart a cancelled sweep")
		_, err = db.CancelSweep(ctx, pending.ID)
		require.True(t, errors.Is(err, ErrFinal), "cancel twice: %v", err)

		running, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		ok, err = db.StartActiveSweep(ctx, running.ID, 3)
		require.NoError(t, err)
		require.True(t, ok)
		_, err = db.CancelSweep(ctx, running.ID)
		require.NoError(t, err)
		ok, err = db.FinishRunningSweep(ctx, running.ID, SweepDone, "")
		require.NoError(t, err)
		require.False(t, ok, "a late case job must not mark a cancelled sweep done")
		s, err := db.Sweep(ctx, running.ID)
		require.NoError(t, err)
		require.Equal(t, SweepCancelled, s.State)

		done, err := db.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		require.NoError(t, db.StartSweep(ctx, done.ID, 1))
		ok, err = db.FinishRunningSweep(ctx, done.ID, SweepDone, "")
		require.NoError(t, err)
		require.True(t, ok)
		_, err = db.CancelSweep(ctx, done.ID)
		require.True(t, errors.Is(err, ErrFinal), "cancel a done sweep: %v", err)

		_, err = db.CancelSweep(ctx, 999_999)
		require.True(t, errors.Is(err, ErrNotFound), "unknown sweep: %v", err)
	})
}
