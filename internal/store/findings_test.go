package store

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// multi is one divergence with several engines wrong and the given engines
// agreeing with the judge: a witness per wrong engine.
func multi(class diff.Class, query string, wrong, right []string) Record {
	sig := triage.Signature{Class: class, Wrong: wrong, Right: right}
	r := bug(wrong[0], class, "OPTIONAL", query)
	r.Signature = sig.String()
	r.Witnesses = nil
	for _, e := range wrong {
		r.Witnesses = append(r.Witnesses, witness(e, e+"-1.0", "BGP drops a row ("+e+")", "OPTIONAL"))
	}
	return r
}

// rooted gives every witness of r the root cause its engine's finding has
// with this trigger (as report.BugFor does after ablation).
func rooted(r Record, trigger ...string) Record {
	for i, w := range r.Witnesses {
		r.Witnesses[i].RootCause = rootcause.Of(rootcause.Finding{Engine: w.Engine, Class: diff.Class(r.Class), Trigger: trigger,
			Ablated: true, Symptom: "rows out of order"})
	}
	return r
}

// legacy is a write-up of r as migration 001 stored it: the report's JSON
// with every engine's answer and tracker report in one body.
func legacy(t *testing.T, r Record) string {
	t.Helper()
	var actual, reports []map[string]string
	for _, w := range r.Witnesses {
		actual = append(actual, map[string]string{"engine": w.Engine, "version": w.Version})
		reports = append(reports, map[string]string{"engine": w.Engine, "version": w.Version, "title": w.Title,
			"effect": "drops a row in " + w.Engine, "feature": w.Feature})
	}
	body, err := json.Marshal(map[string]any{"id": r.ID, "engine": r.Engine, "class": r.Class, "kind": r.Kind,
		"status": r.Status, "signature": r.Signature, "feature": r.Feature, "title": r.Witnesses[0].Title,
		"version": r.Witnesses[0].Version, "actual": actual, "reports": reports,
		"reproducer": map[string]string{"query": r.Reproducer.Query, "data": r.Reproducer.Data}})
	require.NoError(t, err)
	return string(body)
}

// TestBystandersAreAnnotations: the engines that agree, and adding one,
// change no finding; a divergence with two wrong engines is two findings
// of one root cause.
func TestBystandersAreAnnotations(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		q := "SELECT * { ?s ?p ?o }"
		r1, created, err := db.FileReport(ctx, Filing{Record: multi(diff.ClassMissingRows, q, []string{"jena", "rasqal"}, []string{"engine", "reference"})})
		require.NoError(t, err)
		require.True(t, created)
		require.Equal(t, "jena", r1.Engine)
		require.Equal(t, "jena-1.0", r1.Version)
		require.Equal(t, "jena", member(t, r1.Bug, "engine"), "the finding keeps its engine's write-up")
		require.Equal(t, "drops a row in jena", member(t, r1.Bug, "effect"))
		rasqal, err := db.Reports(ctx, ReportFilter{Engine: "rasqal"})
		require.NoError(t, err)
		require.Equal(t, 1, rasqal.Total, "one finding per wrong engine")
		require.Equal(t, r1.Fingerprint, rasqal.Reports[0].Fingerprint)
		require.Equal(t, "rasqal", member(t, rasqal.Reports[0].Bug, "engine"))

		bigger := multi(diff.ClassMissingRows, q, []string{"jena", "rasqal"}, []string{"engine", "oxigraph", "reference"})
		r2, created, err := db.FileReport(ctx, Filing{Record: bigger})
		require.NoError(t, err)
		require.False(t, created, "a bystander more changes no identity")
		require.Equal(t, r1.ID, r2.ID)
		require.Equal(t, bigger.Signature, r2.Signature, "the latest bystanders are kept as an annotation")
		fewer := multi(diff.ClassMissingRows, q, []string{"rasqal"}, []string{"reference"})
		r3, created, err := db.FileReport(ctx, Filing{Record: fewer})
		require.NoError(t, err)
		require.False(t, created, "jena gone from the sweep: rasqal's finding is the same")
		require.Equal(t, rasqal.Reports[0].ID, r3.ID)

		counts, err := db.Findings(ctx, ReportFilter{})
		require.NoError(t, err)
		require.Equal(t, 2, counts.Findings)
		require.Equal(t, 1, counts.RootCauses)
		open1 := map[string]int{"open": 1}
		require.Equal(t, []EngineCount{{"jena", 1, 1, open1}, {"rasqal", 1, 1, open1}}, counts.ByEngine)
		require.Equal(t, []RootCause{{ID: r1.Fingerprint, Fingerprint: r1.Fingerprint, Family: "jena", Severity: "wrong-answer",
			Engines: []string{"jena", "rasqal"}, Classes: []string{"missing-rows"}, Untriaged: true}}, counts.Shared)
		require.Equal(t, map[string]int{"open": 2}, counts.ByStatus)
		same, err := db.Reports(ctx, ReportFilter{Fingerprint: r1.Fingerprint})
		require.NoError(t, err)
		require.Equal(t, 2, same.Total)
	})
}

func TestCountFindings(t *testing.T) {
	f := func(e, c, fp string) Finding {
		return Finding{Identity: Identity{Engine: e, Class: c, Fingerprint: fp}}
	}
	got := CountFindings([]Finding{f("rasqal", "vars", "a"), f("rasqal", "vars", "a"), f("rasqal", "vars", "b"),
		f("jena", "vars", "a"), f("jena", "missing-rows", "a"), f("oxigraph", "order", "c")})
	require.Equal(t, 5, got.Findings)
	require.Equal(t, 3, got.RootCauses)
	require.Equal(t, []EngineCount{{"jena", 2, 1, nil}, {"oxigraph", 1, 1, nil}, {"rasqal", 2, 2, nil}}, got.ByEngine)
	require.Equal(t, []RootCause{{ID: "a", Fingerprint: "a", Engines: []string{"jena", "rasqal"},
		Classes: []string{"missing-rows", "vars"}, Untriaged: true}}, got.Shared)
}

func TestCaseFindings(t *testing.T) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.String("x")})
	fs := CaseFindings("SELECT * { ?s ?p ?o }", "", ds, map[string][]string{"rasqal": {"vars"}, "jena": {"vars", "order"}})
	require.Len(t, fs, 3)
	r := Reproducer{Query: "select * where { ?s ?p ?o }", Data: "<http://e/s> <http://e/p> \"x\" .\n"}
	require.Equal(t, FingerprintOf(r), fs[0].Fingerprint, "the corpus and the store fingerprint a case alike")
	c := CountFindings(fs)
	require.Equal(t, 3, c.Findings)
	require.Equal(t, 1, c.RootCauses)
}

func TestStatusChangeCheck(t *testing.T) {
	field := func(c StatusChange) string {
		var fe *FieldError
		if err := c.Check(); errors.As(err, &fe) {
			require.True(t, errors.Is(err, ErrInvalid))
			return fe.Field
		}
		return ""
	}
	cases := []struct {
		c    StatusChange
		want string // the field at fault, "" when accepted
	}{
		{StatusChange{Status: StatusOpen}, ""},
		{StatusChange{Status: "fixed"}, "status"},
		{StatusChange{Status: StatusKnownUpstream}, "url"},
		{StatusChange{Status: StatusKnownUpstream, URL: "ftp://x/1"}, "url"},
		{StatusChange{Status: StatusKnownUpstream, URL: "https://github.com/apache/jena/issues/3516"}, ""},
		{StatusChange{Status: StatusFixedIn}, "version"},
		{StatusChange{Status: StatusFixedIn, Version: "6.2.0"}, ""},
		{StatusChange{Status: StatusWontFix, Version: "6.2.0"}, "version"},
		{StatusChange{Status: StatusSpecQuestion, URL: "https://github.com/w3c/sparql-query/issues/395", Note: "two\nlines"}, ""},
		{StatusChange{Status: StatusNotABug, By: "a\x00b"}, "by"},
		{StatusChange{Status: StatusNotABug, Note: string(make([]byte, maxNote+1))}, "note"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, field(c.c), "%+v", c.c)
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
		ok   bool
	}{
		{"5.6.0", "6.2.0", -1, true}, {"Jena 6.2.0", "6.2", 0, true}, {"6.10", "6.9", 1, true},
		{"v0.4.11-rc1", "0.4.11", 0, true}, {"07.20.3240", "7.20.3239", 1, true}, {"dev", "1.0", 0, false},
	} {
		got, ok := compareVersions(c.a, c.b)
		require.Equal(t, c.ok, ok, "%s vs %s", c.a, c.b)
		require.Equal(t, c.want, got, "%s vs %s", c.a, c.b)
	}
}

// TestTriage: statuses set with their history; an intended deviation
// stops its (engine, class) from being filed open again; known-upstream
// stays when seen again; fixed-in re-opens when the engine fails on the
// fixed version or a later one.
func TestTriage(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		file := func(bg Record) Report {
			t.Helper()
			r, _, err := db.FileReport(ctx, Filing{Record: bg})
			require.NoError(t, err)
			return r
		}
		jena := file(bug("jena", diff.ClassOrder, "ORDER BY", "SELECT * { ?s ?p ?o } ORDER BY ?o"))
		r, err := db.SetStatus(ctx, jena.ID, StatusChange{Status: StatusIntended, Note: "Jena orders blank nodes first", By: "alice"})
		require.NoError(t, err)
		require.Equal(t, StatusIntended, r.Status)
		require.Equal(t, Triage{Note: "Jena orders blank nodes first", By: "alice", At: r.Triage.At}, r.Triage)
		require.False(t, r.Triage.At.IsZero())

		// Root causes: another witness of the same root cause on Fuseki, a
		// member of Jena's family, is filed intended by the person's decision.
		oracle.Register(oracle.Descriptor{Name: "jena", Family: "jena"})
		oracle.Register(oracle.Descriptor{Name: "fuseki", Family: "jena"})
		jenaRC := rooted(bug("jena", diff.ClassOrder, "ORDER BY", "SELECT ?s { ?s ?p ?o } ORDER BY ?s"), "ORDER BY")
		first := file(jenaRC)
		_, err = db.SetStatus(ctx, first.ID, StatusChange{Status: StatusIntended, Note: "Jena orders blank nodes first", By: "alice"})
		require.NoError(t, err)
		again := file(rooted(bug("fuseki", diff.ClassOrder, "ORDER BY", "SELECT ?o { ?s ?p ?o } ORDER BY DESC(?o)"), "ORDER BY"))
		require.NotEqual(t, first.ID, again.ID, "another engine is another finding")
		require.Equal(t, first.RootCause, again.RootCause, "of the same root cause (one family)")
		require.Equal(t, StatusIntended, again.Status, "its root cause is intended: not filed open")
		hist, err := db.History(ctx, again.ID)
		require.NoError(t, err)
		require.Len(t, hist, 1)
		require.Equal(t, storeActor, hist[0].By)
		require.Contains(t, hist[0].Note, "intended deviation")
		witness := file(rooted(bug("jena", diff.ClassOrder, "ORDER BY", "SELECT ?o { ?s ?p ?o } ORDER BY DESC(?o)"), "ORDER BY"))
		require.Equal(t, first.ID, witness.ID, "another witness of jena's root cause is the same finding")
		require.Equal(t, 2, witness.Count)
		other := file(bug("rasqal", diff.ClassOrder, "ORDER BY", "SELECT ?o { ?s ?p ?o } ORDER BY DESC(?o)"))
		require.Equal(t, StatusOpen, other.Status, "another engine's order is still filed")

		up := file(bug("oxigraph", diff.ClassWrongValue, "STR", "SELECT (STR(1) AS ?x) {}"))
		_, err = db.SetStatus(ctx, up.ID, StatusChange{Status: StatusKnownUpstream, URL: "https://github.com/oxigraph/oxigraph/issues/1"})
		require.NoError(t, err)
		require.Equal(t, StatusKnownUpstream, file(bug("oxigraph", diff.ClassWrongValue, "STR", "SELECT (STR(1) AS ?x) {}")).Status)
		up, err = db.SetStatus(ctx, up.ID, StatusChange{Status: StatusFixedIn, Version: "0.5"})
		require.NoError(t, err)
		require.Equal(t, "https://github.com/oxigraph/oxigraph/issues/1", up.Triage.URL, "the upstream issue is kept")

		fixed := multi(diff.ClassMissingRows, "SELECT * { ?s ?p ?o }", []string{"jena"}, []string{"reference"})
		fr := file(fixed)
		_, err = db.SetStatus(ctx, fr.ID, StatusChange{Status: StatusFixedIn, Version: "6.2.0", By: "bob"})
		require.NoError(t, err)
		require.Equal(t, StatusFixedIn, file(fixed).Status, "seen on 1.0, older than the fix: stays fixed-in")
		fixed.Witnesses[0].Version = "6.2.0"
		reopened := file(fixed)
		require.Equal(t, StatusOpen, reopened.Status, "failing on the fixed version: re-opened")
		hist, err = db.History(ctx, fr.ID)
		require.NoError(t, err)
		require.Len(t, hist, 2)
		require.Equal(t, StatusFixedIn, hist[1].Previous)
		require.Equal(t, StatusOpen, hist[1].Status)
		require.Equal(t, "bob", hist[0].By)
		require.Contains(t, hist[1].Note, "6.2.0")

		suspect := bug("rdfquery", diff.ClassWrongValue, "AVG", "SELECT (AVG(1) AS ?a) {}")
		suspect.Status, suspect.Kind = StatusSuspect, string(triage.KindOracleSuspect)
		require.Equal(t, StatusSuspect, file(suspect).Status)
		suspect.Status, suspect.Kind = StatusOpen, string(triage.KindEngineBug)
		seen := file(suspect)
		require.Equal(t, StatusOpen, seen.Status, "an untriaged status follows the latest filing (an engine more agreed with the judge)")
		require.Equal(t, string(triage.KindEngineBug), seen.Kind)

		_, err = db.History(ctx, 9999)
		require.True(t, errors.Is(err, ErrNotFound))
		_, err = db.SetStatus(ctx, fr.ID, StatusChange{Status: StatusKnownUpstream})
		var fe *FieldError
		require.True(t, errors.As(err, &fe))
		require.Equal(t, "url", fe.Field)
	})
}

// oldReport inserts a report as 001 stored it (keyed by signature and
// feature) and links it to a sweep's case; body "" writes b's JSON.
func oldReport(t *testing.T, db *DB, b Record, status string, count int, sweep int64, body string) int64 {
	t.Helper()
	if body == "" {
		body = legacy(t, b)
	}
	var id int64
	err := db.sql.QueryRowContext(ctx, db.d.q(`INSERT INTO reports (dedup_key, bug_id, signature, engine, class, kind,
		status, feature, title, case_name, sweep_id, last_sweep, count, size, created, last_seen, bug)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		KeyOf(b.Signature, b.Feature), b.ID, b.Signature, b.Engine, b.Class, b.Kind, status, b.Feature, b.Witnesses[0].Title,
		"c1", sweep, sweep, count, b.Reproducer.size(), int64(1000+count), int64(2000+count), body).Scan(&id)
	require.NoError(t, err)
	_, err = db.sql.ExecContext(ctx, db.d.q(`INSERT INTO sweep_reports (sweep_id, report_id, case_name) VALUES (?, ?, ?)`), sweep, id, "c1")
	require.NoError(t, err)
	return id
}

// TestMigrateFrom001 builds a database with 001's schema and rows keyed the
// old way, then opens it: every row becomes one finding per wrong engine,
// rows of one identity merge (counts, links, a person's status), old
// statuses map to the triage vocabulary, nothing is lost.
func TestMigrateFrom001(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		old := openAt(t, b.dsn, 1)
		s1, err := old.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		s2, err := old.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		q := "SELECT * { ?s ?p ?o }"
		both := multi(diff.ClassMissingRows, q, []string{"jena", "rasqal"}, []string{"engine", "reference"})
		r1 := oldReport(t, old, both, "open", 3, s1.ID, "")
		withBystander := multi(diff.ClassMissingRows, "select * where {?s ?p ?o}", []string{"jena"}, []string{"engine", "oxigraph", "reference"})
		r2 := oldReport(t, old, withBystander, "wontfix", 2, s2.ID, "")
		r3 := oldReport(t, old, bug("rdflib", diff.ClassWrongValue, "STR", "SELECT (STR(1) AS ?x) {}"), "fixed", 1, s1.ID, "")
		r4 := oldReport(t, old, bug("attean", diff.ClassOrder, "ORDER BY", "SELECT"), "open", 1, s1.ID, "{not json")
		require.NoError(t, old.Close())

		db := mustOpen(t, b.dsn)
		jena, err := db.Report(ctx, r1)
		require.NoError(t, err)
		require.Equal(t, Identity{Engine: "jena", Class: "missing-rows", Fingerprint: FingerprintOf(both.Reproducer)}.Key(), jena.Key)
		require.Equal(t, 5, jena.Count, "the two old rows of jena's finding merge")
		require.Equal(t, StatusWontFix, jena.Status, "a person's decision outlives an open twin")
		require.Equal(t, "jena", member(t, jena.Bug, "engine"))
		require.Equal(t, StatusWontFix, member(t, jena.Bug, "status"), "the write-up shows the current status")
		_, err = db.Report(ctx, r2)
		require.True(t, errors.Is(err, ErrNotFound), "the merged row is gone: %v", err)
		for _, s := range []int64{s1.ID, s2.ID} {
			p, err := db.Reports(ctx, ReportFilter{SweepID: s, Engine: "jena"})
			require.NoError(t, err)
			require.Equal(t, 1, p.Total, "sweep %d keeps its link", s)
			require.Equal(t, r1, p.Reports[0].ID)
		}

		rasqal, err := db.Reports(ctx, ReportFilter{Engine: "rasqal", SweepID: s1.ID})
		require.NoError(t, err)
		require.Equal(t, 1, rasqal.Total, "the second wrong engine gets a row of its own")
		require.Equal(t, 3, rasqal.Reports[0].Count)
		require.Equal(t, "rasqal", member(t, rasqal.Reports[0].Bug, "engine"))
		require.Equal(t, "rasqal-1.0", rasqal.Reports[0].Version)
		require.Equal(t, "drops a row in rasqal", member(t, rasqal.Reports[0].Bug, "effect"), "its own tracker report's effect")
		require.Equal(t, "BGP drops a row (rasqal) (rasqal)", member(t, rasqal.Reports[0].Bug, "title"), "its own tracker report's title")
		require.Equal(t, jena.Fingerprint, rasqal.Reports[0].Fingerprint, "one root cause, two engines")

		rdflib, err := db.Report(ctx, r3)
		require.NoError(t, err)
		require.Equal(t, StatusFixedIn, rdflib.Status)
		hist, err := db.History(ctx, r3)
		require.NoError(t, err)
		require.Len(t, hist, 1)
		require.Equal(t, "fixed", hist[0].Previous)
		require.Contains(t, hist[0].Note, "migration 002")
		again3, _, err := db.FileReport(ctx, Filing{Record: bug("rdflib", diff.ClassWrongValue, "STR", "SELECT (STR(1) AS ?x) {}")})
		require.NoError(t, err)
		require.Equal(t, r3, again3.ID)
		require.Equal(t, StatusOpen, again3.Status, "fixed without a version, seen failing: re-opened")
		var body string
		require.NoError(t, db.sql.QueryRowContext(ctx, db.d.q(`SELECT bug FROM reports WHERE id = ?`), r4).Scan(&body))
		require.Equal(t, "{not json", body, "an unreadable row is kept as it was")

		all, err := db.Findings(ctx, ReportFilter{})
		require.NoError(t, err)
		require.Equal(t, 4, all.Findings)
		again, created, err := db.FileReport(ctx, Filing{Record: multi(diff.ClassMissingRows, q, []string{"jena"}, []string{"reference"})})
		require.NoError(t, err)
		require.False(t, created, "a new filing finds the migrated finding")
		require.Equal(t, r1, again.ID)
		require.NoError(t, db.Close())
		db = mustOpen(t, b.dsn)
		p, err := db.Reports(ctx, ReportFilter{})
		require.NoError(t, err)
		require.Equal(t, 4, p.Total, "opening again migrates nothing twice")
	})
}

// TestRecordedRootCause: a finding whose root cause the regression corpus
// records is filed recorded (not untriaged), its history naming the case
// and what the corpus knows, even on a stale build; a person's decision
// stays when it is filed again.
func TestRecordedRootCause(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		r := rooted(bug("rdflib", diff.ClassErrorVsAnswer, "SUM", "SELECT (SUM(?x) AS ?s) { ?a ?b ?x }"), "SUM")
		r.Witnesses[0].RootCause.Recorded = &rootcause.Recorded{Case: "rdflib-sum-error-vs-answer", Status: "open", Upstream: "not found (2026-12-02)"}
		r.Witnesses[0].RootCause.Stale = "tested build 7.6.0 is older than the newest 7.7.0"
		got, _, err := db.FileReport(ctx, Filing{Record: r})
		require.NoError(t, err)
		require.Equal(t, StatusRecorded, got.Status)
		require.False(t, Untriaged(got.Status))
		hist, err := db.History(ctx, got.ID)
		require.NoError(t, err)
		require.Len(t, hist, 1)
		require.Equal(t, "corpus", hist[0].By)
		require.Equal(t, "the regression corpus records this root cause: corpus/regress/rdflib-sum-error-vs-answer (open; upstream: not found (2026-12-02))", hist[0].Note)

		_, err = db.SetStatus(ctx, got.ID, StatusChange{Status: StatusKnownUpstream, URL: "https://github.com/RDFLib/rdflib/issues/1"})
		require.NoError(t, err)
		again, _, err := db.FileReport(ctx, Filing{Record: r})
		require.NoError(t, err)
		require.Equal(t, StatusKnownUpstream, again.Status, "a person's decision stays")
	})
}
