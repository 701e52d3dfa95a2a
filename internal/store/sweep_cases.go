package store

import (
	"context"
	"fmt"
	"strings"
)

// CaseFilter selects a sweep's cases (SweepCases); empty fields match
// everything. Limit 0 means DefaultLimit; Limit is capped at MaxLimit.
type CaseFilter struct {
	JudgedBy string // one of Judges
	Engine   string // cases with a relation check on this engine
	Violated bool   // cases where a relation was violated (on Engine, when set)
	Large    bool   // cases of LargeCase triples or more
	Limit    int
	Offset   int
}

// CaseRow is one case of a sweep as its page lists it: its progress flags,
// its size, the judge that decided it and the relations checked on it.
type CaseRow struct {
	Case        string          `json:"case"`
	Diverged    bool            `json:"diverged"`
	Failed      bool            `json:"failed"`
	Unjudged    string          `json:"unjudged,omitempty"`
	DataTriples int             `json:"data_triples"`
	JudgedBy    string          `json:"judged_by"`
	Relations   []RelationCheck `json:"relations"`
}

// CasePage is one page of a sweep's cases and the number matching.
type CasePage struct {
	Cases  []CaseRow `json:"cases"`
	Total  int       `json:"total"`
	Limit  int       `json:"limit"`
	Offset int       `json:"offset"`
}

// SweepCases lists a sweep's cases matching f, ordered by case, each with
// its relation checks ordered by engine then relation.
func (db *DB) SweepCases(ctx context.Context, sweepID int64, f CaseFilter) (CasePage, error) {
	limit, offset, err := page(f.Limit, f.Offset)
	if err != nil {
		return CasePage{}, err
	}
	where, args := caseWhere(sweepID, f)
	p := CasePage{Cases: []CaseRow{}, Limit: limit, Offset: offset}
	if err := db.sql.QueryRowContext(ctx, db.d.q(`SELECT COUNT(*) FROM sweep_cases c WHERE `+where), args...).Scan(&p.Total); err != nil {
		return CasePage{}, fmt.Errorf("store: count cases: %w", err)
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT case_name, diverged, failed, unjudged_reason, data_triples, judged_by
		FROM sweep_cases c WHERE `+where+` ORDER BY case_name LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	err = forRows(rows, err, "list cases", func() error {
		var c CaseRow
		var diverged, failed int
		if err := rows.Scan(&c.Case, &diverged, &failed, &c.Unjudged, &c.DataTriples, &c.JudgedBy); err != nil {
			return err
		}
		c.Diverged, c.Failed, c.Relations = diverged == 1, failed == 1, []RelationCheck{}
		p.Cases = append(p.Cases, c)
		return nil
	})
	if err != nil {
		return CasePage{}, err
	}
	return p, db.fillRelations(ctx, sweepID, p.Cases)
}

// caseWhere is the condition of a CaseFilter on sweep_cases c.
func caseWhere(sweepID int64, f CaseFilter) (string, []any) {
	conds, args := []string{"c.sweep_id = ?"}, []any{sweepID}
	if f.JudgedBy != "" {
		conds, args = append(conds, "c.judged_by = ?"), append(args, f.JudgedBy)
	}
	if f.Large {
		conds, args = append(conds, "c.data_triples >= ?"), append(args, LargeCase)
	}
	if f.Engine != "" || f.Violated {
		sub := `EXISTS (SELECT 1 FROM sweep_relations r WHERE r.sweep_id = c.sweep_id AND r.case_name = c.case_name`
		if f.Engine != "" {
			sub, args = sub+" AND r.engine = ?", append(args, f.Engine)
		}
		if f.Violated {
			sub, args = sub+" AND r.outcome = ?", append(args, RelationViolated)
		}
		conds = append(conds, sub+")")
	}
	return strings.Join(conds, " AND "), args
}

// fillRelations reads the relation checks of the listed cases (one page,
// at most MaxLimit cases: one query).
func (db *DB) fillRelations(ctx context.Context, sweepID int64, cases []CaseRow) error {
	if len(cases) == 0 {
		return nil
	}
	at := map[string]int{}
	args := []any{sweepID}
	for i, c := range cases {
		at[c.Case] = i
		args = append(args, c.Case)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(cases)), ", ")
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT case_name, engine, relation, outcome, reason FROM sweep_relations
		WHERE sweep_id = ? AND case_name IN (`+marks+`) ORDER BY case_name, engine, relation`), args...)
	return forRows(rows, err, "list relation checks", func() error {
		var name string
		var r RelationCheck
		if err := rows.Scan(&name, &r.Engine, &r.Relation, &r.Outcome, &r.Reason); err != nil {
			return err
		}
		c := &cases[at[name]]
		c.Relations = append(c.Relations, r)
		return nil
	})
}
