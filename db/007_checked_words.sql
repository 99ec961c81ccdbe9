-- 007: the words in status, kind and outcome columns are a closed set each
-- (the enums of src/store/words.rs); the database refuses any other word.
-- SQLite cannot add a CHECK to a column, so each table is rebuilt with the
-- same columns, every row copied in its order, and its indexes made again.
-- (Foreign keys are off while migrations run; the runner checks them after.)

CREATE TABLE games_checked (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,               -- registry name
    seed        INTEGER NOT NULL,
    options     TEXT NOT NULL,               -- JSON object of game options
    clock       TEXT NOT NULL DEFAULT '{}',  -- JSON: deadline, weekends, timeout, reminders
    status      TEXT NOT NULL
        CHECK (status IN ('forming', 'active', 'finished', 'abandoned')),
    created_by  TEXT,
    created_at  TEXT NOT NULL,
    finished_at TEXT,
    engine      TEXT NOT NULL DEFAULT 'unrecorded'
);
INSERT INTO games_checked(id, game, seed, options, clock, status, created_by, created_at, finished_at, engine)
    SELECT id, game, seed, options, clock, status, created_by, created_at, finished_at, engine
      FROM games ORDER BY id;
DROP TABLE games;
ALTER TABLE games_checked RENAME TO games;

CREATE TABLE seats_checked (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    email       TEXT NOT NULL,
    seat        INTEGER,
    status      TEXT NOT NULL
        CHECK (status IN ('invited', 'joined', 'declined', 'dropped', 'replaced', 'offered', 'withdrawn', 'refused')),
    last_message_id TEXT,                    -- our last mail to this seat, for threading
    mails_sent  INTEGER NOT NULL DEFAULT 0,
    seen_move   INTEGER NOT NULL DEFAULT 0,  -- moves told to this seat so far
    PRIMARY KEY (game_id, email)
);
INSERT INTO seats_checked(game_id, email, seat, status, last_message_id, mails_sent, seen_move)
    SELECT game_id, email, seat, status, last_message_id, mails_sent, seen_move
      FROM seats ORDER BY rowid;
DROP TABLE seats;
ALTER TABLE seats_checked RENAME TO seats;
CREATE INDEX seats_by_email ON seats(email);

CREATE TABLE moves_checked (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    n           INTEGER NOT NULL,            -- 1, 2, 3 ... per game
    seat        INTEGER,
    email       TEXT,
    kind        TEXT NOT NULL
        CHECK (kind IN ('move', 'undo', 'say', 'drop', 'return', 'note')),
    command     TEXT NOT NULL,               -- canonical command, or the text said
    events      TEXT NOT NULL DEFAULT '[]',  -- JSON list of engine events
    source      TEXT NOT NULL,               -- message id, 'cli', 'bot', 'skip', 'clock'
    at          TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
INSERT INTO moves_checked(game_id, n, seat, email, kind, command, events, source, at)
    SELECT game_id, n, seat, email, kind, command, events, source, at
      FROM moves ORDER BY rowid;
DROP TABLE moves;
ALTER TABLE moves_checked RENAME TO moves;

CREATE TABLE inbound_checked (
    message_id  TEXT NOT NULL,
    received_at TEXT NOT NULL,
    sender      TEXT,
    game_id     INTEGER,
    outcome     TEXT NOT NULL
        CHECK (outcome IN ('applied', 'rejected', 'ignored', 'answered', 'duplicate', 'failed')),
    reason      TEXT NOT NULL DEFAULT '',
    size        INTEGER NOT NULL DEFAULT 0
);
INSERT INTO inbound_checked(message_id, received_at, sender, game_id, outcome, reason, size)
    SELECT message_id, received_at, sender, game_id, outcome, reason, size
      FROM inbound ORDER BY rowid;
DROP TABLE inbound;
ALTER TABLE inbound_checked RENAME TO inbound;
CREATE UNIQUE INDEX inbound_once ON inbound(message_id, IFNULL(sender, ''));
CREATE INDEX inbound_by_sender ON inbound(sender, received_at);

CREATE TABLE outbox_checked (
    id          INTEGER PRIMARY KEY,
    created_at  TEXT NOT NULL,
    game_id     INTEGER,
    recipient   TEXT NOT NULL,
    message_id  TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL
        CHECK (kind IN ('turn', 'update', 'over', 'answer', 'notice')),
    raw         BLOB NOT NULL,               -- the complete RFC 5322 message
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT NOT NULL,
    last_error  TEXT,
    sent_at     TEXT,
    handed_at   TEXT,                        -- the send began (see 004)
    refused_at  TEXT,                        -- refused for good (5xx)
    moves_seen  INTEGER                      -- history rows when composed (see 006)
);
INSERT INTO outbox_checked(id, created_at, game_id, recipient, message_id, kind, raw, attempts,
                           next_try_at, last_error, sent_at, handed_at, refused_at, moves_seen)
    SELECT id, created_at, game_id, recipient, message_id, kind, raw, attempts,
           next_try_at, last_error, sent_at, handed_at, refused_at, moves_seen
      FROM outbox ORDER BY id;
DROP TABLE outbox;
ALTER TABLE outbox_checked RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox(sent_at, next_try_at);
CREATE INDEX outbox_waiting ON outbox(recipient, id)
 WHERE sent_at IS NULL AND refused_at IS NULL;

CREATE TABLE game_requests_checked (
    id          INTEGER PRIMARY KEY,
    email       TEXT NOT NULL,
    request     TEXT NOT NULL,               -- the words after `new`
    created_at  TEXT NOT NULL,
    status      TEXT NOT NULL
        CHECK (status IN ('waiting', 'confirmed', 'refused')),
    game_id     INTEGER
);
INSERT INTO game_requests_checked(id, email, request, created_at, status, game_id)
    SELECT id, email, request, created_at, status, game_id
      FROM game_requests ORDER BY id;
DROP TABLE game_requests;
ALTER TABLE game_requests_checked RENAME TO game_requests;
