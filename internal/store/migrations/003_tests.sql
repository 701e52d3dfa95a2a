-- 003: per-test results (issue 16). A W3C sweep (and `oracle w3c --store`,
-- `oracle gate --store`) records each test x engine status against the
-- test's own expected answer; a corpus case's status is its verdict against
-- the judge. tests holds what the test page shows of each test (its latest
-- query, data and expected answer); test_results one row per sweep, test
-- and engine. status is passed, failed, not-run or unsupported; a failed
-- test is shown as an intended deviation when the engine's baseline lists
-- it (baseline holds that line's reason) or its (engine, class) is triaged
-- intended-deviation. answer and expected are store.Table JSON, bounded.

CREATE TABLE tests (
    test     TEXT NOT NULL PRIMARY KEY,
    iri      TEXT NOT NULL,
    name     TEXT NOT NULL,
    suite    TEXT NOT NULL,
    feature  TEXT NOT NULL,
    query    TEXT NOT NULL,
    data     TEXT NOT NULL,
    base     TEXT NOT NULL,
    expected TEXT NOT NULL,
    note     TEXT NOT NULL,
    updated  BIGINT NOT NULL
);
CREATE INDEX tests_by_suite ON tests (suite);

CREATE TABLE test_results (
    sweep_id   BIGINT NOT NULL,
    test       TEXT NOT NULL,
    engine     TEXT NOT NULL,
    version    TEXT NOT NULL,
    suite      TEXT NOT NULL,
    status     TEXT NOT NULL,
    class      TEXT NOT NULL,
    reason     TEXT NOT NULL,
    baseline   TEXT NOT NULL,
    elapsed_ms DOUBLE PRECISION NOT NULL,
    answer     TEXT NOT NULL,
    PRIMARY KEY (sweep_id, test, engine)
);
CREATE INDEX test_results_by_test ON test_results (test, engine, sweep_id);
CREATE INDEX test_results_by_engine ON test_results (engine, sweep_id);
