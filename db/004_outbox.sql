-- The outbox after a crash or an outage (issue 19).
-- handed_at: when the send of this row began; a row with handed_at and no
--   sent_at was in the hands of the SMTP server when the process stopped, so
--   the server may already have accepted it (sent again, same Message-ID).
-- refused_at: the server refused the row for good (5xx); it is never retried
--   and does not hold back the recipient's later mail.
ALTER TABLE outbox ADD COLUMN handed_at TEXT;
ALTER TABLE outbox ADD COLUMN refused_at TEXT;
-- Before this migration a refusal was written as a retry in the year 9999.
UPDATE outbox SET refused_at = created_at
 WHERE sent_at IS NULL AND next_try_at >= '9999';
-- Each recipient's waiting mail in order (the outbox sends a recipient's
-- mail only while nothing older for that recipient waits).
CREATE INDEX outbox_waiting ON outbox(recipient, id)
 WHERE sent_at IS NULL AND refused_at IS NULL;
