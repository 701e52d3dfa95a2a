-- 006: what decided a case, its size, and the metamorphic relations
-- checked on it (relations.go). data_triples is the number of triples of
-- the case's dataset; judged_by the judge that decided it (reference,
-- fast engine, relations, none; '' for a case recorded before this
-- migration). sweep_relations holds one row per (sweep, case, engine,
-- relation): outcome is held, violated, skipped or error, reason why it
-- did not hold or did not run. A retried job replaces the case's rows.

ALTER TABLE sweep_cases ADD COLUMN data_triples BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sweep_cases ADD COLUMN judged_by TEXT NOT NULL DEFAULT '';
CREATE INDEX sweep_cases_by_judge ON sweep_cases (sweep_id, judged_by);

CREATE TABLE sweep_relations (
    sweep_id  BIGINT NOT NULL,
    case_name TEXT NOT NULL,
    engine    TEXT NOT NULL,
    relation  TEXT NOT NULL,
    outcome   TEXT NOT NULL,
    reason    TEXT NOT NULL,
    PRIMARY KEY (sweep_id, case_name, engine, relation)
);
CREATE INDEX sweep_relations_by_outcome ON sweep_relations (sweep_id, outcome, engine);
