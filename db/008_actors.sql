-- Issue 28: limits count who acts, not the From line. Each inbound row
-- records its actor: the mailbox of the seat or game request its token
-- names, else its sender. Rows from before this migration were counted by
-- sender, so that is their actor.
ALTER TABLE inbound ADD COLUMN actor TEXT;
UPDATE inbound SET actor = sender;
CREATE INDEX inbound_by_actor ON inbound(actor, received_at);
