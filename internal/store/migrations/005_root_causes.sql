-- 005: a finding is one engine's witness of a root cause (internal/rootcause):
-- (engine family, class group, trigger, symptom), hashed in root_cause.
-- dedup_key becomes engine/root_cause, so witnesses of one root cause on
-- one engine (other seeds, other reduced cases) are one row, keeping the
-- smaller reproducer; the engines of one family that show it are the
-- root cause's members. severity orders every list; rule names the
-- family's known.json rule that matched at filing (its status is then the
-- row's status: intended-deviation, wont-fix, known-upstream, fixed-in);
-- stale says why the tested build must be re-checked on the newest release.
-- The Go step of this version (migrate_005.go) fills the columns of the
-- rows 002 to 004 wrote from their class and engine: their root cause is
-- their fingerprint (no trigger was found for them).

ALTER TABLE reports ADD COLUMN root_cause TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN family TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN severity TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN symptom TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN trigger_set TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN rule TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN stale TEXT NOT NULL DEFAULT '';
CREATE INDEX reports_by_root_cause ON reports (root_cause);
CREATE INDEX reports_by_family_severity ON reports (family, severity);
