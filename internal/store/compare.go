package store

import (
	"context"
	"fmt"
	"sort"

	"github.com/sparql-oracle/oracle/internal/diff"
)

// divergentOutcomes are the outcomes filed as an engine's bug (diff's
// isDivergent): unsupported and timeout are limits, not divergences.
var divergentOutcomes = []any{string(diff.Wrong), string(diff.Errored), string(diff.Crashed), string(diff.Rejected)}

const divergentIn = `outcome IN (?, ?, ?, ?)`

// Compare compares sweep b with sweep a by report key.
func (db *DB) Compare(ctx context.Context, a, b int64) (Comparison, error) {
	for _, id := range []int64{a, b} {
		if _, err := db.Sweep(ctx, id); err != nil {
			return Comparison{}, err
		}
	}
	ra, err := db.sweepReportIDs(ctx, a)
	if err != nil {
		return Comparison{}, err
	}
	rb, err := db.sweepReportIDs(ctx, b)
	if err != nil {
		return Comparison{}, err
	}
	c := Comparison{A: a, B: b, New: []Report{}, Fixed: []Report{}, Unchanged: []Report{}}
	for _, id := range sortedIDs(rb) {
		dst := &c.New
		if ra[id] {
			dst = &c.Unchanged
		}
		if err := db.appendReport(ctx, dst, id); err != nil {
			return Comparison{}, err
		}
	}
	for _, id := range sortedIDs(ra) {
		if !rb[id] {
			if err := db.appendReport(ctx, &c.Fixed, id); err != nil {
				return Comparison{}, err
			}
		}
	}
	return c, nil
}

func (db *DB) appendReport(ctx context.Context, dst *[]Report, id int64) error {
	r, err := db.Report(ctx, id)
	if err != nil {
		return err
	}
	*dst = append(*dst, r)
	return nil
}

func (db *DB) sweepReportIDs(ctx context.Context, sweep int64) (map[int64]bool, error) {
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT DISTINCT report_id FROM sweep_reports WHERE sweep_id = ?`), sweep)
	if err != nil {
		return nil, fmt.Errorf("store: sweep %d reports: %w", sweep, err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

func sortedIDs(m map[int64]bool) []int64 {
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
