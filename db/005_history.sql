-- 005: a game's history outlives upgrades (issue 13).
-- The engine and rules version a game was started under ('unrecorded' for
-- games begun before this migration), and the state after each change in a
-- stable serialised form: a game loads from its latest stored state; its
-- commands are replayed only to verify and export.
ALTER TABLE games ADD COLUMN engine TEXT NOT NULL DEFAULT 'unrecorded';

CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    n           INTEGER NOT NULL,            -- the state after history row n (0: at setup)
    engine      TEXT NOT NULL,               -- the engine and rules version that computed it
    digest      TEXT NOT NULL,               -- SHA-256 of the state's canonical JSON
    state       TEXT,                        -- canonical JSON; NULL once older states are pruned
    PRIMARY KEY (game_id, n)
);
