package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/triage"
)

// divergentOutcomes are the outcomes filed as an engine's bug (diff's
// isDivergent): unsupported and timeout are limits, not divergences.
var divergentOutcomes = []any{string(triage.Wrong), string(triage.Errored), string(triage.Crashed), string(triage.Rejected)}

const divergentIn = `outcome IN (?, ?, ?, ?)`

// CorpusKey names the corpus a spec runs, whatever its engines, name and
// bounds: two sweeps with the same key enumerate the same cases.
func (s SweepSpec) CorpusKey() string {
	var parts []string
	if s.W3C != nil {
		ms := slices.Clone(s.W3C.Manifests)
		sort.Strings(ms)
		if len(ms) == 0 {
			ms = []string{"all"}
		}
		parts = append(parts, "w3c:"+strings.Join(ms, ","))
	}
	if s.Regress {
		parts = append(parts, "regress")
	}
	if g := s.Generated; g != nil {
		p := g.Profile
		if p == "" {
			p = "default"
		}
		parts = append(parts, fmt.Sprintf("generated:%s:%d-%d", p, g.From, g.To))
	}
	return strings.Join(parts, " + ")
}

// PreviousSweep returns the latest done sweep created before id whose spec
// runs the same corpus (CorpusKey); its engines may differ (Compare says so).
func (db *DB) PreviousSweep(ctx context.Context, id int64) (Sweep, bool, error) {
	s, err := db.Sweep(ctx, id)
	if err != nil {
		return Sweep{}, false, err
	}
	key := s.Spec.CorpusKey()
	for before := id; ; {
		ss, err := db.querySweeps(ctx, `SELECT `+sweepCols+` FROM sweeps s WHERE s.id < ? AND s.state = ?
			ORDER BY s.id DESC LIMIT 100`, before, string(SweepDone))
		if err != nil || len(ss) == 0 {
			return Sweep{}, false, err
		}
		for _, p := range ss {
			if p.Spec.CorpusKey() == key {
				return p, true, nil
			}
		}
		before = ss[len(ss)-1].ID
	}
}

// Compare compares sweep b with sweep a by finding identity, over the
// engines of both specs and the cases both recorded (see Comparison).
func (db *DB) Compare(ctx context.Context, a, b int64) (Comparison, error) {
	sa, sb, err := ofBoth(ctx, a, b, db.Sweep)
	if err != nil {
		return Comparison{}, err
	}
	c := Comparison{A: a, B: b, SameCorpus: sa.Spec.CorpusKey() == sb.Spec.CorpusKey(), Notes: []string{},
		New: []Report{}, Fixed: []Report{}, Moved: []Report{}, Undecided: []Report{}, Unchanged: []Report{}}
	c.Engines, c.OnlyA, c.OnlyB = split(sa.Spec.Engines, sb.Spec.Engines)
	ca, cb, err := ofBoth(ctx, a, b, db.sweepCases)
	if err != nil {
		return Comparison{}, err
	}
	common, onlyA, onlyB := split(ca, cb)
	c.Cases, c.CasesOnlyA, c.CasesOnlyB = len(common), len(onlyA), len(onlyB)
	c.Notes = notes(sa.Spec, sb.Spec, c)
	scope := compareScope{engines: set(c.Engines), cases: set(common)}
	return c, db.classify(ctx, &c, scope)
}

// ofBoth reads the same thing of sweeps a and b (a first), for the
// comparisons (Compare, CompareTests).
func ofBoth[T any](ctx context.Context, a, b int64, read func(context.Context, int64) (T, error)) (T, T, error) {
	var zero T
	ta, err := read(ctx, a)
	if err != nil {
		return zero, zero, err
	}
	tb, err := read(ctx, b)
	if err != nil {
		return zero, zero, err
	}
	return ta, tb, nil
}

// compareScope is what both sweeps ran.
type compareScope struct{ engines, cases map[string]bool }

// classify sorts the findings both sweeps linked within scope.
func (db *DB) classify(ctx context.Context, c *Comparison, scope compareScope) error {
	la, err := db.sweepLinks(ctx, c.A, scope)
	if err != nil {
		return err
	}
	lb, err := db.sweepLinks(ctx, c.B, scope)
	if err != nil {
		return err
	}
	for _, id := range sortedIDs(lb) {
		dst := &c.New
		if la[id] != nil {
			dst = &c.Unchanged
		}
		if err := db.appendReport(ctx, dst, id); err != nil {
			return err
		}
	}
	for _, id := range sortedIDs(la) {
		if lb[id] != nil {
			continue
		}
		dst, err := db.afterwards(ctx, c, la[id])
		if err != nil {
			return err
		}
		if err := db.appendReport(ctx, dst, id); err != nil {
			return err
		}
	}
	return nil
}

// link is one (finding, case) a sweep recorded.
type link struct{ engine, caseName string }

// sweepLinks are the findings a sweep linked within scope, with the cases.
func (db *DB) sweepLinks(ctx context.Context, sweep int64, scope compareScope) (map[int64][]link, error) {
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT l.report_id, r.engine, l.case_name FROM sweep_reports l
		JOIN reports r ON r.id = l.report_id WHERE l.sweep_id = ?`), sweep)
	out := map[int64][]link{}
	err = forRows(rows, err, fmt.Sprintf("sweep %d reports", sweep), func() error {
		var id int64
		var l link
		if err := rows.Scan(&id, &l.engine, &l.caseName); err != nil {
			return err
		}
		if scope.engines[l.engine] && scope.cases[l.caseName] {
			out[id] = append(out[id], l)
		}
		return nil
	})
	return out, err
}

// afterwards sorts a finding A showed and B did not by what B's engine
// answered on the cases where A saw it: a divergence on one of them is
// Moved (reduced to another case), correct answers on all of them Fixed,
// anything else (a timeout, an unsupported feature, an unjudged case)
// Undecided.
func (db *DB) afterwards(ctx context.Context, c *Comparison, links []link) (*[]Report, error) {
	correct := 0
	for _, l := range links {
		var outcome string
		err := db.sql.QueryRowContext(ctx, db.d.q(`SELECT outcome FROM sweep_results WHERE sweep_id = ? AND case_name = ?
			AND engine = ?`), c.B, l.caseName, l.engine).Scan(&outcome)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: sweep %d result: %w", c.B, err)
		}
		switch {
		case slices.Contains(divergentOutcomes, any(outcome)):
			return &c.Moved, nil
		case outcome == string(triage.Correct):
			correct++
		}
	}
	if correct == len(links) {
		return &c.Fixed, nil
	}
	return &c.Undecided, nil
}

// sweepCases are the cases a sweep recorded.
func (db *DB) sweepCases(ctx context.Context, sweep int64) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT case_name FROM sweep_cases WHERE sweep_id = ?`), sweep)
	var out []string
	err = forRows(rows, err, fmt.Sprintf("sweep %d cases", sweep), func() error {
		var c string
		if err := rows.Scan(&c); err != nil {
			return err
		}
		out = append(out, c)
		return nil
	})
	return out, err
}

// notes say in words what the comparison covers when the sweeps differ.
func notes(a, b SweepSpec, c Comparison) []string {
	out := []string{}
	if !c.SameCorpus {
		out = append(out, fmt.Sprintf("different corpora (%s against %s): compared over the %d cases both recorded only",
			orNone(a.CorpusKey()), orNone(b.CorpusKey()), c.Cases))
	} else if c.CasesOnlyA+c.CasesOnlyB > 0 {
		out = append(out, fmt.Sprintf("%d cases recorded by one sweep only (%d by #%d, %d by #%d) are not compared",
			c.CasesOnlyA+c.CasesOnlyB, c.CasesOnlyA, c.A, c.CasesOnlyB, c.B))
	}
	if len(c.OnlyA)+len(c.OnlyB) > 0 {
		out = append(out, fmt.Sprintf("different engines: compared over %s; not compared: %s",
			strings.Join(c.Engines, ", "), engineDiff(c)))
	}
	return out
}

func engineDiff(c Comparison) string {
	var parts []string
	if len(c.OnlyA) > 0 {
		parts = append(parts, fmt.Sprintf("%s (only #%d)", strings.Join(c.OnlyA, ", "), c.A))
	}
	if len(c.OnlyB) > 0 {
		parts = append(parts, fmt.Sprintf("%s (only #%d)", strings.Join(c.OnlyB, ", "), c.B))
	}
	return strings.Join(parts, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "no corpus"
	}
	return s
}

// split returns what both lists hold, and what only the first or only the
// second does, each sorted and without duplicates.
func split(a, b []string) (both, onlyA, onlyB []string) {
	sa, sb := set(a), set(b)
	for x := range sa {
		if sb[x] {
			both = append(both, x)
		} else {
			onlyA = append(onlyA, x)
		}
	}
	for x := range sb {
		if !sa[x] {
			onlyB = append(onlyB, x)
		}
	}
	for _, l := range [][]string{both, onlyA, onlyB} {
		sort.Strings(l)
	}
	return both, onlyA, onlyB
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

func (db *DB) appendReport(ctx context.Context, dst *[]Report, id int64) error {
	r, err := db.Report(ctx, id)
	if err != nil {
		return err
	}
	*dst = append(*dst, r)
	return nil
}

func sortedIDs[V any](m map[int64]V) []int64 {
	out := make([]int64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Matrix is the engine × feature divergence matrix of a sweep: Cases from
// the per-engine results, Reports from the reports the sweep linked
// (counted under each report's first diverging engine).
func (db *DB) Matrix(ctx context.Context, sweepID int64) ([]Cell, error) {
	cells := map[[2]string]*Cell{}
	get := func(e, f string) *Cell {
		k := [2]string{e, f}
		if cells[k] == nil {
			cells[k] = &Cell{Engine: e, Feature: f}
		}
		return cells[k]
	}
	err := db.each(ctx, `SELECT engine, feature, COUNT(DISTINCT case_name) FROM sweep_results
		WHERE sweep_id = ? AND `+divergentIn+` GROUP BY engine, feature`,
		append([]any{sweepID}, divergentOutcomes...), func(e, f string, n int) { get(e, f).Cases = n })
	if err != nil {
		return nil, err
	}
	err = db.each(ctx, `SELECT r.engine, r.feature, COUNT(DISTINCT r.id) FROM reports r
		JOIN sweep_reports l ON l.report_id = r.id WHERE l.sweep_id = ? GROUP BY r.engine, r.feature`,
		[]any{sweepID}, func(e, f string, n int) { get(e, f).Reports = n })
	if err != nil {
		return nil, err
	}
	out := make([]Cell, 0, len(cells))
	for _, c := range cells {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Engine != out[j].Engine {
			return out[i].Engine < out[j].Engine
		}
		return out[i].Feature < out[j].Feature
	})
	return out, nil
}

// each runs a query of (text, text, count) rows.
func (db *DB) each(ctx context.Context, query string, args []any, fn func(a, b string, n int)) error {
	rows, err := db.sql.QueryContext(ctx, db.d.q(query), args...)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b string
		var n int
		if err := rows.Scan(&a, &b, &n); err != nil {
			return err
		}
		fn(a, b, n)
	}
	return rows.Err()
}

// Trend gives the divergent cases per engine for the last n done sweeps,
// oldest first.
func (db *DB) Trend(ctx context.Context, n int) ([]TrendPoint, error) {
	if n <= 0 {
		n = 30
	}
	sweeps, err := db.Sweeps(ctx, SweepFilter{State: SweepDone, Limit: n})
	if err != nil {
		return nil, err
	}
	out := []TrendPoint{}
	for i := len(sweeps) - 1; i >= 0; i-- {
		s := sweeps[i]
		err := db.each(ctx, `SELECT engine, '', COUNT(DISTINCT CASE WHEN `+divergentIn+` THEN case_name END)
			FROM sweep_results WHERE sweep_id = ? GROUP BY engine ORDER BY engine`,
			append(append([]any{}, divergentOutcomes...), s.ID), func(e, _ string, c int) {
				out = append(out, TrendPoint{SweepID: s.ID, Finished: s.Finished, Engine: e, Cases: c})
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
