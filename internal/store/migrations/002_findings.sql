-- 002: a finding's identity is (engine, class, fingerprint of its reduced
-- case): dedup_key holds Identity.Key(), fingerprint the root cause, and
-- the bystander engines stay in signature and bug as annotations. Triage:
-- the latest status change in status_*, every change in report_history.
-- The Go step of this version (migrate_002.go) rekeys the rows 001 wrote:
-- one row per wrong engine, rows of the same identity merged, statuses
-- mapped to the triage vocabulary.

ALTER TABLE reports ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN engine_version TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN status_url TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN status_version TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN status_note TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN status_by TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN status_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX reports_by_fingerprint ON reports (fingerprint);
CREATE INDEX reports_by_engine_class_status ON reports (engine, class, status);

CREATE TABLE report_history (
    id        {{ID}},
    report_id BIGINT NOT NULL,
    previous  TEXT NOT NULL,
    status    TEXT NOT NULL,
    url       TEXT NOT NULL,
    version   TEXT NOT NULL,
    note      TEXT NOT NULL,
    actor     TEXT NOT NULL,
    at        BIGINT NOT NULL
);
CREATE INDEX report_history_by_report ON report_history (report_id);
