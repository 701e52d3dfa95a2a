package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// RelationCheck is one metamorphic relation an engine's answers were
// checked against on one case (internal/sweep runs them where neither the
// reference nor the fast engine can judge the case): the engine, the
// relation's name, and its outcome, one of the Relation* constants, with
// the reason when it did not hold or was not checked.
type RelationCheck struct {
	Engine   string `json:"engine"`
	Relation string `json:"relation"`
	Outcome  string `json:"outcome"`
	Reason   string `json:"reason,omitempty"`
}

// The outcomes of a RelationCheck.
const (
	RelationHeld     = "held"     // the engine's answers satisfy the relation
	RelationViolated = "violated" // they do not: a divergence on the engine
	RelationSkipped  = "skipped"  // the relation does not apply to the query
	RelationError    = "error"    // an engine run failed; nothing was judged
)

// RelationOutcomes are the outcomes a RelationCheck may have.
var RelationOutcomes = []string{RelationHeld, RelationViolated, RelationSkipped, RelationError}

// The judges that decide a case (CaseRecord.JudgedBy).
const (
	JudgeReference = "reference"   // the reference evaluator answered
	JudgeFast      = "fast engine" // the large-case judge on evidence (docs/large-judge.md)
	JudgeRelations = "relations"   // each engine against its own metamorphic relations
	JudgeNone      = "none"        // nothing could judge the case
)

// Judges are the values of CaseRecord.JudgedBy, in the order pages show
// them; "" is a case recorded without one (before migration 006, or by a
// sweep that does not say).
var Judges = []string{JudgeReference, JudgeFast, JudgeRelations, JudgeNone}

// LargeCase is the size, in triples, from which a case counts as large
// (JudgeSummary.Large): the size the realistic profile runs at.
const LargeCase = 100_000

// maxReason bounds a stored RelationCheck.Reason (an engine's error text
// can be long); a longer one is cut at a character boundary.
const maxReason = 2048

// checkJudged says what makes a case record's size, judge or relation
// checks unfit to store.
func (r CaseRecord) checkJudged() error {
	if r.DataTriples < 0 {
		return fmt.Errorf("%w: case %s: negative data size %d", ErrInvalid, r.Case, r.DataTriples)
	}
	if r.JudgedBy != "" && !slices.Contains(Judges, r.JudgedBy) {
		return fmt.Errorf("%w: case %s: judged by %q: want one of %s", ErrInvalid, r.Case, r.JudgedBy, strings.Join(Judges, ", "))
	}
	for i, c := range r.Relations {
		switch {
		case c.Engine == "" || c.Relation == "":
			return fmt.Errorf("%w: case %s: relation check %d names no engine or no relation", ErrInvalid, r.Case, i)
		case !slices.Contains(RelationOutcomes, c.Outcome):
			return fmt.Errorf("%w: case %s: relation %s on %s: outcome %q: want one of %s", ErrInvalid, r.Case,
				c.Relation, c.Engine, c.Outcome, strings.Join(RelationOutcomes, ", "))
		}
	}
	return nil
}

// writeRelations replaces the case's relation checks: a retried job's
// checks are the case's, none of an earlier attempt's stay. Each row is
// an upsert on (sweep, case, engine, relation), so a check listed twice in
// one record is stored once, the later one.
func (db *DB) writeRelations(ctx context.Context, tx *sql.Tx, r CaseRecord) error {
	if _, err := tx.ExecContext(ctx, db.d.q(`DELETE FROM sweep_relations WHERE sweep_id = ? AND case_name = ?`), r.SweepID, r.Case); err != nil {
		return fmt.Errorf("store: record case %s: clear relations: %w", r.Case, err)
	}
	for _, c := range r.Relations {
		_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_relations (sweep_id, case_name, engine, relation, outcome, reason)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sweep_id, case_name, engine, relation)
			DO UPDATE SET outcome = excluded.outcome, reason = excluded.reason`),
			r.SweepID, r.Case, c.Engine, c.Relation, c.Outcome, cut(c.Reason, maxReason))
		if err != nil {
			return fmt.Errorf("store: record relation %s of %s on %s: %w", c.Relation, c.Engine, r.Case, err)
		}
	}
	return nil
}

// cut shortens s to at most n bytes, at a character boundary, marking
// the cut with an ellipsis.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	end := n - len("…")
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end] + "…"
}
