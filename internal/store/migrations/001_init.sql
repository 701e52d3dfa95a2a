-- 001: reports, sweeps, per-case and per-engine sweep results.
-- Portable SQL for SQLite and PostgreSQL; {{ID}} is the dialect's
-- auto-increment primary key (dialect.go). Times are Unix microseconds.

CREATE TABLE reports (
    id         {{ID}},
    dedup_key  TEXT NOT NULL UNIQUE,
    bug_id     TEXT NOT NULL,
    signature  TEXT NOT NULL,
    engine     TEXT NOT NULL,
    class      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    status     TEXT NOT NULL,
    feature    TEXT NOT NULL,
    title      TEXT NOT NULL,
    case_name  TEXT NOT NULL,
    sweep_id   BIGINT NOT NULL,
    last_sweep BIGINT NOT NULL,
    count      BIGINT NOT NULL,
    size       BIGINT NOT NULL,
    created    BIGINT NOT NULL,
    last_seen  BIGINT NOT NULL,
    bug        TEXT NOT NULL
);
CREATE INDEX reports_by_engine ON reports (engine);
CREATE INDEX reports_by_class ON reports (class);
CREATE INDEX reports_by_status ON reports (status);
CREATE INDEX reports_by_feature ON reports (feature);
CREATE INDEX reports_by_last_seen ON reports (last_seen);
CREATE INDEX reports_by_bug_id ON reports (bug_id);

CREATE TABLE sweeps (
    id       {{ID}},
    name     TEXT NOT NULL,
    spec     TEXT NOT NULL,
    state    TEXT NOT NULL,
    error    TEXT NOT NULL,
    total    BIGINT NOT NULL,
    created  BIGINT NOT NULL,
    started  BIGINT NOT NULL,
    finished BIGINT NOT NULL
);
CREATE INDEX sweeps_by_state ON sweeps (state);

CREATE TABLE sweep_cases (
    sweep_id  BIGINT NOT NULL,
    case_name TEXT NOT NULL,
    diverged  INTEGER NOT NULL,
    failed    INTEGER NOT NULL,
    recorded  BIGINT NOT NULL,
    PRIMARY KEY (sweep_id, case_name)
);

CREATE TABLE sweep_results (
    sweep_id   BIGINT NOT NULL,
    case_name  TEXT NOT NULL,
    engine     TEXT NOT NULL,
    version    TEXT NOT NULL,
    outcome    TEXT NOT NULL,
    class      TEXT NOT NULL,
    elapsed_ms DOUBLE PRECISION NOT NULL,
    error      TEXT NOT NULL,
    feature    TEXT NOT NULL,
    PRIMARY KEY (sweep_id, case_name, engine)
);

CREATE TABLE sweep_reports (
    sweep_id  BIGINT NOT NULL,
    report_id BIGINT NOT NULL,
    case_name TEXT NOT NULL,
    PRIMARY KEY (sweep_id, report_id, case_name)
);
CREATE INDEX sweep_reports_by_report ON sweep_reports (report_id);
