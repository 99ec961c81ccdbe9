-- 012: a seat can be played by the service's bot (issue 30). `bot` is the
-- level it plays at, NULL for a person. A bot seat's row keeps the table's
-- shape: its `email` is a name the service gives it ("bot-1", no '@', so
-- never a mail address), unique in its game as every seat's is.
-- Rows from before this migration are people's seats: NULL.
ALTER TABLE seats ADD COLUMN bot TEXT
    CHECK (bot IS NULL OR bot IN ('easy', 'standard', 'hard'));
