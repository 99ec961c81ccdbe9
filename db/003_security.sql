-- Security (issue 12): duplicates keyed by Message-ID and sender, game
-- requests waiting for their creator's confirmation, addresses that said
-- `stop`, and a log of unsolicited mail (invitations, answers to strangers)
-- that the per-address limits count.

-- Rebuilt because the primary key was the Message-ID alone: anybody could
-- pre-empt a player's Message-ID. The same Message-ID from another sender is
-- another mail now.
CREATE TABLE inbound_keyed (
    message_id  TEXT NOT NULL,
    received_at TEXT NOT NULL,
    sender      TEXT,
    game_id     INTEGER,
    outcome     TEXT NOT NULL,               -- applied | rejected | ignored | answered | duplicate | failed
    reason      TEXT NOT NULL DEFAULT '',
    size        INTEGER NOT NULL DEFAULT 0
);
INSERT INTO inbound_keyed(message_id, received_at, sender, game_id, outcome, reason, size)
    SELECT message_id, received_at, sender, game_id, outcome, reason, size FROM inbound;
DROP TABLE inbound;
ALTER TABLE inbound_keyed RENAME TO inbound;
CREATE UNIQUE INDEX inbound_once ON inbound(message_id, IFNULL(sender, ''));
CREATE INDEX inbound_by_sender ON inbound(sender, received_at);

-- `new GAME with ...` sent to the service address: nothing is made until the
-- From address answers the confirmation (a reply carrying the request's token).
CREATE TABLE game_requests (
    id          INTEGER PRIMARY KEY,
    email       TEXT NOT NULL,
    request     TEXT NOT NULL,               -- the words after `new`
    created_at  TEXT NOT NULL,
    status      TEXT NOT NULL,               -- waiting | confirmed | refused
    game_id     INTEGER
);

-- Addresses that answered an invitation with `stop`: never invited again.
CREATE TABLE mail_stops (
    email       TEXT PRIMARY KEY,
    at          TEXT NOT NULL
);

-- Mail to addresses that did not ask for it, for the per-address limits.
CREATE TABLE contact_log (
    email       TEXT NOT NULL,
    kind        TEXT NOT NULL,               -- invitation | stranger_answer | operator_cap_notice
    at          TEXT NOT NULL
);
CREATE INDEX contact_by_email ON contact_log(email, kind, at);
