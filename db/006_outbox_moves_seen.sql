-- How many history rows the mail's game had when the mail was composed: a
-- reply to it is stale when its seat moved after that (rows before this
-- version have none, and are judged by time).
ALTER TABLE outbox ADD COLUMN moves_seen INTEGER;
