package store

import (
	"context"
	"fmt"
)

// JudgeSummary is what decided a sweep's cases and what its relation
// checks found: the cases by judge (ByJudge, keyed by Judges; "" for cases
// recorded without one), how many are large (LargeCase triples or more)
// and the largest, and the relation checks per engine and relation, and
// per engine.
type JudgeSummary struct {
	Cases      int             `json:"cases"`
	ByJudge    map[string]int  `json:"by_judge"`
	Large      int             `json:"large_cases"` // cases of LargeCase triples or more
	MaxTriples int             `json:"max_triples"`
	Violated   int             `json:"violated_cases"` // cases where some relation was violated
	Relations  []RelationCount `json:"relations"`      // per engine and relation, by engine then relation
	Engines    []RelationCount `json:"engines"`        // per engine (Relation ""), by engine
}

// RelationCount counts the checks of one relation on one engine in a sweep
// (or of every relation, Relation ""). Checked is Held + Violated: the
// checks that decided something; Skipped did not apply, Errors could not
// run.
type RelationCount struct {
	Engine   string `json:"engine"`
	Relation string `json:"relation,omitempty"`
	Checked  int    `json:"checked"`
	Held     int    `json:"held"`
	Violated int    `json:"violated"`
	Skipped  int    `json:"skipped"`
	Errors   int    `json:"errors"`
}

// add counts n checks of outcome.
func (c *RelationCount) add(outcome string, n int) {
	switch outcome {
	case RelationHeld:
		c.Held += n
		c.Checked += n
	case RelationViolated:
		c.Violated += n
		c.Checked += n
	case RelationSkipped:
		c.Skipped += n
	case RelationError:
		c.Errors += n
	}
}

// JudgeSummary counts a sweep's cases by judge and size, and its relation
// checks by engine and relation.
func (db *DB) JudgeSummary(ctx context.Context, sweepID int64) (JudgeSummary, error) {
	s := JudgeSummary{ByJudge: map[string]int{}, Relations: []RelationCount{}, Engines: []RelationCount{}}
	if err := db.countJudges(ctx, sweepID, &s); err != nil {
		return JudgeSummary{}, err
	}
	if err := db.countRelations(ctx, sweepID, &s); err != nil {
		return JudgeSummary{}, err
	}
	err := db.sql.QueryRowContext(ctx, db.d.q(`SELECT COUNT(DISTINCT case_name) FROM sweep_relations
		WHERE sweep_id = ? AND outcome = ?`), sweepID, RelationViolated).Scan(&s.Violated)
	if err != nil {
		return JudgeSummary{}, fmt.Errorf("store: count violated cases: %w", err)
	}
	return s, nil
}

func (db *DB) countJudges(ctx context.Context, sweepID int64, s *JudgeSummary) error {
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT judged_by, COUNT(*),
		COALESCE(SUM(CASE WHEN data_triples >= ? THEN 1 ELSE 0 END), 0), COALESCE(MAX(data_triples), 0)
		FROM sweep_cases WHERE sweep_id = ? GROUP BY judged_by`), LargeCase, sweepID)
	return forRows(rows, err, "count cases by judge", func() error {
		var judge string
		var n, large, most int
		if err := rows.Scan(&judge, &n, &large, &most); err != nil {
			return err
		}
		s.ByJudge[judge] = n
		s.Cases += n
		s.Large += large
		s.MaxTriples = max(s.MaxTriples, most)
		return nil
	})
}

func (db *DB) countRelations(ctx context.Context, sweepID int64, s *JudgeSummary) error {
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT engine, relation, outcome, COUNT(*) FROM sweep_relations
		WHERE sweep_id = ? GROUP BY engine, relation, outcome ORDER BY engine, relation`), sweepID)
	return forRows(rows, err, "count relation checks", func() error {
		var engine, relation, outcome string
		var n int
		if err := rows.Scan(&engine, &relation, &outcome, &n); err != nil {
			return err
		}
		if k := len(s.Relations) - 1; k < 0 || s.Relations[k].Engine != engine || s.Relations[k].Relation != relation {
			s.Relations = append(s.Relations, RelationCount{Engine: engine, Relation: relation})
		}
		if k := len(s.Engines) - 1; k < 0 || s.Engines[k].Engine != engine {
			s.Engines = append(s.Engines, RelationCount{Engine: engine})
		}
		s.Relations[len(s.Relations)-1].add(outcome, n)
		s.Engines[len(s.Engines)-1].add(outcome, n)
		return nil
	})
}
