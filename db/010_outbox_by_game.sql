-- 010: what we sent a player in a game, found without reading the whole
-- outbox (a reply reads the newest mails of its game to its sender; before
-- this index that query walked every row ever sent).
CREATE INDEX outbox_by_game ON outbox(game_id, recipient, id);
