-- 013: open tables, automatch, ratings and public names (issue 31).
-- Only adds: every game made before this is unrated (rated = 0), nobody has
-- a public name, rating or table yet.

-- Whether a finished game counts for ratings (open tables: yes unless
-- opened `unrated`; invited games: no unless created `rated=on`).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

-- A game's end, once: `n` is the order games finished in, the order ratings
-- are built in; `rated` is the game's flag as it was when it finished.
CREATE TABLE finishes (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id),
    n           INTEGER NOT NULL UNIQUE,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    finished_at TEXT NOT NULL
);

-- How each seat finished: ranked (1 = winner, equal ranks tied) or left
-- (resigned or timed out, ranked below everyone who played on).
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES finishes(game_id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    email       TEXT NOT NULL,
    finish      TEXT NOT NULL CHECK (finish IN ('ranked', 'left')),
    rank        INTEGER CHECK ((finish = 'ranked' AND rank >= 1)
                            OR (finish = 'left' AND rank IS NULL)),
    score       REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_email ON results(email, game_id);

-- Each player's rating in each pool (a game and a size class).
CREATE TABLE ratings (
    game        TEXT NOT NULL,
    class       TEXT NOT NULL CHECK (class IN ('2', '3-4')),
    email       TEXT NOT NULL,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL CHECK (sigma > 0),
    games       INTEGER NOT NULL CHECK (games >= 0),
    PRIMARY KEY (game, class, email)
);
CREATE INDEX ratings_by_email ON ratings(email);

-- A player's rating after each rated game: "rating over time".
CREATE TABLE rating_history (
    game_id     INTEGER NOT NULL REFERENCES finishes(game_id),
    email       TEXT NOT NULL,
    game        TEXT NOT NULL,
    class       TEXT NOT NULL CHECK (class IN ('2', '3-4')),
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL CHECK (sigma > 0),
    games       INTEGER NOT NULL CHECK (games >= 1),
    PRIMARY KEY (game_id, email)
);
CREATE INDEX rating_history_by_email ON rating_history(email, game, class, game_id);

-- Public names: what strangers see instead of an address. Two names with
-- one look-alike skeleton cannot both be taken.
CREATE TABLE public_names (
    email       TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    skeleton    TEXT NOT NULL UNIQUE,
    set_at      TEXT NOT NULL
);

-- Tables opened by mail (`open GAME N[-M] ...`), waiting for players.
CREATE TABLE open_tables (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,
    min_seats   INTEGER NOT NULL CHECK (min_seats >= 1),
    max_seats   INTEGER NOT NULL CHECK (max_seats >= min_seats),
    options     TEXT NOT NULL,               -- JSON object of game options
    pace_hours  INTEGER NOT NULL CHECK (pace_hours >= 1),
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    lang        TEXT NOT NULL CHECK (lang IN ('ko', 'en', 'any')),
    min_ontime  INTEGER CHECK (min_ontime IS NULL OR min_ontime BETWEEN 1 AND 100),
    fill        TEXT NOT NULL CHECK (fill IN ('people', 'bot')),
    opened_by   TEXT NOT NULL,
    opened_at   TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'started', 'closed')),
    game_id     INTEGER REFERENCES games(id),
    ended_at    TEXT,
    CHECK ((status = 'started') = (game_id IS NOT NULL)),
    CHECK ((status = 'open') = (ended_at IS NULL))
);
CREATE INDEX open_tables_by_status ON open_tables(status, game, opened_at);
CREATE INDEX open_tables_by_game ON open_tables(game_id);

-- Who sits at an open table (in the order they sat; seats are drawn at start).
CREATE TABLE table_seats (
    table_id    INTEGER NOT NULL REFERENCES open_tables(id),
    email       TEXT NOT NULL,
    sat_at      TEXT NOT NULL,
    PRIMARY KEY (table_id, email)
);
CREATE INDEX table_seats_by_email ON table_seats(email);

-- Automatch: a player waiting for any table of a game and seat range.
CREATE TABLE queue_entries (
    id          INTEGER PRIMARY KEY,
    email       TEXT NOT NULL,
    game        TEXT NOT NULL,
    min_seats   INTEGER NOT NULL CHECK (min_seats >= 1),
    max_seats   INTEGER NOT NULL CHECK (max_seats >= min_seats),
    pace_hours  INTEGER NOT NULL CHECK (pace_hours >= 1),
    entered_at  TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('waiting', 'matched', 'left')),
    table_id    INTEGER REFERENCES open_tables(id),
    ended_at    TEXT,
    CHECK ((status = 'matched') = (table_id IS NOT NULL)),
    CHECK ((status = 'waiting') = (ended_at IS NULL))
);
CREATE INDEX queue_waiting ON queue_entries(status, game, entered_at);
CREATE INDEX queue_by_email ON queue_entries(email, status);
