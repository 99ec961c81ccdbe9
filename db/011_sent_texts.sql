-- 011: what a mail we sent showed its reader, kept as text when it was
-- composed (a reply is read knowing it, without parsing our own MIME again),
-- and bodies pruned after a while while the record of the mail stays.
-- plain_text, html_text: the plain body, and the HTML body as text; NULL for
--   mails composed before this version (their MIME is read instead).
-- body_pruned_at: when housekeeping emptied raw and the texts.
ALTER TABLE outbox ADD COLUMN plain_text TEXT;
ALTER TABLE outbox ADD COLUMN html_text TEXT;
ALTER TABLE outbox ADD COLUMN body_pruned_at TEXT;
