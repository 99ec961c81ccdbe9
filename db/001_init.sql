-- quipu's database, version 1. Applied once at start-up (PRAGMA user_version).

-- Everyone who has played or been invited, by address.
CREATE TABLE players (
    email       TEXT PRIMARY KEY,           -- lower case
    name        TEXT,
    lang        TEXT NOT NULL DEFAULT 'en', -- en | ko
    timezone    TEXT NOT NULL DEFAULT 'UTC',
    quiet_from  TEXT,                        -- HH:MM local, no reminders from here ...
    quiet_to    TEXT,                        -- ... to here
    notify      TEXT NOT NULL DEFAULT 'every', -- every | turn | digest
    digest_at   TEXT,                        -- HH:MM local, for notify = digest
    vacation_from TEXT,                      -- RFC 3339, inclusive
    vacation_to   TEXT,                      -- RFC 3339, exclusive
    vacation_year INTEGER,                   -- the year vacation_used counts for
    vacation_used INTEGER NOT NULL DEFAULT 0, -- days taken this year
    created_at  TEXT NOT NULL
);

-- One row per game. The state is never stored: it is the replay of `moves`.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,               -- registry name
    seed        INTEGER NOT NULL,
    options     TEXT NOT NULL,               -- JSON object of game options
    clock       TEXT NOT NULL DEFAULT '{}',  -- JSON: deadline, weekends, timeout, reminders
    status      TEXT NOT NULL,               -- forming | active | finished | abandoned
    created_by  TEXT,
    created_at  TEXT NOT NULL,
    finished_at TEXT
);

-- Who sits where. While forming, seat is NULL; it is drawn from the seed at start.
CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    email       TEXT NOT NULL,
    seat        INTEGER,
    status      TEXT NOT NULL,               -- invited | joined | declined | dropped | replaced
    last_message_id TEXT,                    -- our last mail to this seat, for threading
    mails_sent  INTEGER NOT NULL DEFAULT 0,
    seen_move   INTEGER NOT NULL DEFAULT 0,  -- moves told to this seat so far
    PRIMARY KEY (game_id, email)
);
CREATE INDEX seats_by_email ON seats(email);

-- The history, append-only. kind: move | undo | say | resign | drop | join ...
CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    n           INTEGER NOT NULL,            -- 1, 2, 3 ... per game
    seat        INTEGER,
    email       TEXT,
    kind        TEXT NOT NULL,
    command     TEXT NOT NULL,               -- canonical command, or the text said
    events      TEXT NOT NULL DEFAULT '[]',  -- JSON list of engine events
    source      TEXT NOT NULL,               -- message id, 'cli', 'bot', 'skip', 'clock'
    at          TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- Every mail read, once. Its outcome is recorded in the same transaction as its effects.
CREATE TABLE inbound (
    message_id  TEXT PRIMARY KEY,
    received_at TEXT NOT NULL,
    sender      TEXT,
    game_id     INTEGER,
    outcome     TEXT NOT NULL,               -- applied | rejected | ignored | answered
    reason      TEXT NOT NULL DEFAULT '',
    size        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX inbound_by_sender ON inbound(sender, received_at);

-- Mail to send, written in the transaction that caused it, sent after commit.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    created_at  TEXT NOT NULL,
    game_id     INTEGER,
    recipient   TEXT NOT NULL,
    message_id  TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL,               -- turn | update | error | invite | reminder | late | digest | ...
    raw         BLOB NOT NULL,               -- the complete RFC 5322 message
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT NOT NULL,
    last_error  TEXT,
    sent_at     TEXT
);
CREATE INDEX outbox_pending ON outbox(sent_at, next_try_at);

-- The clock: one open decision per (game, seat) at most.
CREATE TABLE deadlines (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL,
    started_at  TEXT NOT NULL,               -- when the decision became due
    due_at      TEXT NOT NULL,               -- RFC 3339 UTC
    reminders_sent INTEGER NOT NULL DEFAULT 0,
    late_sent   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- Mail held back for players who chose a daily digest.
CREATE TABLE digest (
    id          INTEGER PRIMARY KEY,
    email       TEXT NOT NULL,
    game_id     INTEGER,
    line        TEXT NOT NULL,
    at          TEXT NOT NULL
);

-- Small facts the service keeps (last clock tick, last housekeeping ...).
CREATE TABLE meta (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL
);
