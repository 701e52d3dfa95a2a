package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// oldRow is a report as migration 001 stored it: keyed by signature and
// feature, one row for every engine on the wrong side.
type oldRow struct {
	id                                           int64
	status, kind, engine, class, title, caseName string
	sweep, lastSweep, count, size, created       int64
	lastSeen                                     int64
	bug                                          legacyBody
	readable                                     bool // the bug's JSON decoded
	identities                                   []Identity
	primary                                      Identity // the identity the row keeps (its own engine's)
}

// rekeyGroup is one identity after the migration: the old rows that hold
// it, and the row that keeps it (0 until an insert makes one).
type rekeyGroup struct {
	id      Identity
	members []*oldRow
	target  int64
}

// status002 maps 001's statuses to the triage vocabulary.
func status002(s string) string {
	switch s {
	case "fixed":
		return StatusFixedIn
	case "wontfix":
		return StatusWontFix
	case "duplicate":
		return StatusOpen
	}
	return s
}

// rekey002 rewrites the rows 001 wrote: each old row becomes one finding
// per engine on its wrong side (identity: engine, class, fingerprint of the
// stored reproducer); rows with the same identity merge (counts added, the
// earliest creation, the latest sighting, the smallest reproducer, every
// sweep link). An old row keeps its id for its own engine, so links to it
// stay valid; the other engines' findings get new rows.
func (db *DB) rekey002(ctx context.Context, tx *sql.Tx) error {
	rows, err := readOldRows(ctx, tx)
	if err != nil {
		return err
	}
	groups := groupRows(rows)
	for _, g := range groups {
		if err := db.rekeyGroup(ctx, tx, g); err != nil {
			return err
		}
	}
	return db.dropMerged(ctx, tx, rows, groups)
}

func readOldRows(ctx context.Context, tx *sql.Tx) ([]*oldRow, error) {
	rs, err := tx.QueryContext(ctx, `SELECT id, status, kind, engine, class, title, case_name, sweep_id, last_sweep,
		count, size, created, last_seen, bug FROM reports ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("read reports: %w", err)
	}
	defer rs.Close()
	var out []*oldRow
	for rs.Next() {
		r := &oldRow{}
		var body string
		if err := rs.Scan(&r.id, &r.status, &r.kind, &r.engine, &r.class, &r.title, &r.caseName, &r.sweep, &r.lastSweep,
			&r.count, &r.size, &r.created, &r.lastSeen, &body); err != nil {
			return nil, err
		}
		r.bug, r.readable = readLegacy(body)
		r.identify()
		out = append(out, r)
	}
	return out, rs.Err()
}

// identify computes the row's identities; an unreadable bug keeps its row
// under an identity of its own (nothing is dropped).
func (r *oldRow) identify() {
	if !r.readable {
		r.primary = Identity{Engine: r.engine, Class: r.class, Fingerprint: fmt.Sprintf("unreadable-%d", r.id)}
		r.identities = []Identity{r.primary}
		return
	}
	r.identities = r.bug.identities()
	if len(r.identities) == 0 {
		r.readable = false
		r.identify()
		return
	}
	r.primary = r.identities[0]
	for _, id := range r.identities {
		if id.Engine == r.engine {
			r.primary = id
		}
	}
}

// groupRows groups the rows by identity, in order of first appearance, and
// picks each group's target: the oldest row whose own identity it is.
func groupRows(rows []*oldRow) []*rekeyGroup {
	var out []*rekeyGroup
	byKey := map[string]*rekeyGroup{}
	for _, r := range rows {
		for _, id := range r.identities {
			g := byKey[id.Key()]
			if g == nil {
				g = &rekeyGroup{id: id}
				byKey[id.Key()] = g
				out = append(out, g)
			}
			g.members = append(g.members, r)
			if g.target == 0 && r.primary == id {
				g.target = r.id
			}
		}
	}
	return out
}

// merged is a group's row after the migration.
type merged struct {
	bug                           legacyBody
	status, kind, title, caseName string
	sweep, lastSweep, count, size int64
	created, lastSeen             int64
}

// merge folds the group's old rows: counts added, the earliest creation,
// the latest sighting, the smallest reproducer; the status and kind of the
// latest sighting, unless an older row carries a person's decision.
func (g *rekeyGroup) merge() merged {
	first := g.members[0]
	m := merged{bug: first.bug, status: first.status, kind: first.kind, title: first.title, caseName: first.caseName,
		sweep: first.sweep, size: first.size, created: first.created, lastSeen: first.lastSeen}
	for _, r := range g.members {
		m.count += r.count
		m.lastSweep = max(m.lastSweep, r.lastSweep)
		if r.created < m.created {
			m.created, m.sweep, m.caseName = r.created, r.sweep, r.caseName
		}
		if r.size < m.size {
			m.bug, m.size, m.title = r.bug, r.size, r.title
		}
		m.status, m.kind = mergeStatus(m, r)
		m.lastSeen = max(m.lastSeen, r.lastSeen)
	}
	if g.members[0].readable {
		m.bug = m.bug.forEngine(g.id.Engine)
	}
	return m
}

// mergeStatus: a person's decision outlives an untriaged twin; between
// untriaged statuses (open, internal, suspect) the latest sighting's wins.
func mergeStatus(m merged, r *oldRow) (string, string) {
	mine, theirs := Untriaged(status002(m.status)), Untriaged(status002(r.status))
	switch {
	case mine && !theirs, mine && theirs && r.lastSeen > m.lastSeen:
		return r.status, r.kind
	}
	return m.status, m.kind
}

// rekeyGroup writes the group's row: the target updated, or a new row.
func (db *DB) rekeyGroup(ctx context.Context, tx *sql.Tx, g *rekeyGroup) error {
	m := g.merge()
	old := m.status
	m.status = status002(old)
	body, err := json.Marshal(m.bug)
	if err != nil {
		return err
	}
	if !g.members[0].readable {
		body = nil
	}
	if err := db.writeGroup(ctx, tx, g, m, body); err != nil {
		return err
	}
	for _, r := range g.members {
		if r.id != g.target {
			if _, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_reports (sweep_id, report_id, case_name)
				SELECT sweep_id, ?, case_name FROM sweep_reports WHERE report_id = ? ON CONFLICT DO NOTHING`), g.target, r.id); err != nil {
				return fmt.Errorf("copy links of report %d: %w", r.id, err)
			}
		}
	}
	if old == m.status {
		return nil
	}
	_, err = tx.ExecContext(ctx, db.d.q(`INSERT INTO report_history (report_id, previous, status, url, version, note, actor, at)
		VALUES (?, ?, ?, '', '', ?, ?, ?)`), g.target, old, m.status, "migration 002: status "+old+" is now "+m.status, storeActor, now())
	return err
}

// writeGroup updates the target row, or inserts one when no old row had
// the identity as its own (body nil: keep the stored, unreadable bug).
func (db *DB) writeGroup(ctx context.Context, tx *sql.Tx, g *rekeyGroup, m merged, body []byte) error {
	id := g.id
	if g.target == 0 {
		src := g.members[0]
		err := tx.QueryRowContext(ctx, db.d.q(`INSERT INTO reports (dedup_key, bug_id, signature, engine, class, kind,
			status, feature, title, case_name, sweep_id, last_sweep, count, size, created, last_seen, bug)
			SELECT ?, bug_id, signature, ?, class, kind, ?, feature, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM reports WHERE id = ?
			RETURNING id`), id.Key(), id.Engine, m.status, m.title, m.caseName, m.sweep, m.lastSweep, m.count, m.size,
			m.created, m.lastSeen, string(body), src.id).Scan(&g.target)
		if err != nil {
			return fmt.Errorf("split report %d for %s: %w", src.id, id.Engine, err)
		}
	}
	q := `UPDATE reports SET dedup_key = ?, fingerprint = ?, engine = ?, engine_version = ?, status = ?, kind = ?,
		title = ?, case_name = ?, sweep_id = ?, last_sweep = ?, count = ?, size = ?, created = ?, last_seen = ?`
	args := []any{id.Key(), id.Fingerprint, id.Engine, m.bug.str("version"), m.status, m.kind, m.title, m.caseName, m.sweep,
		m.lastSweep, m.count, m.size, m.created, m.lastSeen}
	if body != nil {
		q, args = q+`, bug = ?`, append(args, string(body))
	}
	if _, err := tx.ExecContext(ctx, db.d.q(q+` WHERE id = ?`), append(args, g.target)...); err != nil {
		return fmt.Errorf("rekey report %d: %w", g.target, err)
	}
	return nil
}

// dropMerged deletes the old rows that no identity kept (their links were
// copied to the rows that did).
func (db *DB) dropMerged(ctx context.Context, tx *sql.Tx, rows []*oldRow, groups []*rekeyGroup) error {
	kept := map[int64]bool{}
	for _, g := range groups {
		kept[g.target] = true
	}
	for _, r := range rows {
		if kept[r.id] {
			continue
		}
		for _, q := range []string{`DELETE FROM sweep_reports WHERE report_id = ?`, `DELETE FROM reports WHERE id = ?`} {
			if _, err := tx.ExecContext(ctx, db.d.q(q), r.id); err != nil {
				return fmt.Errorf("merge report %d: %w", r.id, err)
			}
		}
	}
	return nil
}
