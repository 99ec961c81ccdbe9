-- quipu's database, version 2: the clock looks only at deadlines with something to do.

-- When the clock next has something to do for this deadline (a reminder or
-- the deadline itself); NULL when nothing is left to do but wait.
ALTER TABLE deadlines ADD COLUMN next_at TEXT;
-- Rows from version 1 are looked at once by the next tick, which sets their next time.
UPDATE deadlines SET next_at = started_at;
CREATE INDEX deadlines_next ON deadlines(next_at);
