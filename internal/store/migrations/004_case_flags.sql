-- 004: what a sweep says of a case beyond diverged and failed (issues 12
-- and 20). unjudged is 1 when the judge answered but not every engine
-- could be judged (diff.KindUnjudged: a timeout, an unavailable engine, an
-- undecided comparison), with the triage's reason in unjudged_reason.
-- flagged holds, as a JSON array of {engine, class, reason}, the engines
-- whose divergence did not survive reduction against the judge alone:
-- flagged, not filed; flagged_n is its length, which the sweep's
-- progress sums.

ALTER TABLE sweep_cases ADD COLUMN unjudged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sweep_cases ADD COLUMN unjudged_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE sweep_cases ADD COLUMN flagged TEXT NOT NULL DEFAULT '';
ALTER TABLE sweep_cases ADD COLUMN flagged_n INTEGER NOT NULL DEFAULT 0;
