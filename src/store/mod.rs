//! The SQLite store: one file in WAL mode holding players, games, seats, the
//! append-only move history, every inbound mail's outcome, the outbox and
//! the clock's deadlines. Migrations live in `db/` and run at open.

mod lock;
mod rows;
mod security;
mod words;

pub use lock::{lock_path, LockError, ServeLock};
pub use rows::*;
pub use security::GameRequestRow;
pub use words::{
    GameStatus, InboundOutcome, MailKind, MoveKind, RequestStatus, SeatStatus, StoredWord,
    UnknownWord,
};

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use thiserror::Error;

/// The migrations, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    include_str!("../../db/001_init.sql"),
    include_str!("../../db/002_deadline_next.sql"),
    include_str!("../../db/003_security.sql"),
    include_str!("../../db/004_outbox.sql"),
    include_str!("../../db/005_history.sql"),
    include_str!("../../db/006_outbox_moves_seen.sql"),
    include_str!("../../db/007_checked_words.sql"),
];

/// Stored states kept per game (older ones keep only their digest): enough
/// for an undo to start from the state before the move it takes back.
const STATES_KEPT: i64 = 2;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("database: {0}")]
    Json(#[from] serde_json::Error),
    #[error("no game number {0}")]
    NoGame(i64),
    #[error("the database is from a newer quipu (schema {0}, this one knows {1})")]
    TooNew(i64, i64),
    #[error("database: migration {0} left {1} rows referring to rows that are not there")]
    BrokenReferences(usize, i64),
    #[error("the operating system gave no random bytes")]
    NoRandomness,
    #[error("database: the meta value {0} is missing or unreadable")]
    BadMeta(&'static str),
    #[error("database: {0} rows changed where one was expected")]
    Unchanged(usize),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// An open database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and migrates it.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        // Switching to WAL needs a moment alone with the file; another process
        // opening it at the same time makes this busy without waiting.
        let mut tries = 0;
        while let Err(e) = conn.pragma_update(None, "journal_mode", "WAL") {
            tries += 1;
            if tries > 100 {
                return Err(e.into());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let store = Store { conn };
        store.migrate()?;
        store.make_install_id()?;
        Ok(store)
    }

    fn migrate(&self) -> Result<()> {
        let version: i64 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError::TooNew(version, known));
        }
        if version == known {
            return Ok(());
        }
        // A migration that rebuilds a table drops it while others refer to
        // it: SQLite's way is foreign keys off (only possible outside a
        // transaction) and a check of every reference before each commit.
        self.conn.pragma_update(None, "foreign_keys", "OFF")?;
        let migrated = self.run_migrations(version);
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        migrated
    }

    fn run_migrations(&self, from: i64) -> Result<()> {
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(from as usize) {
            self.in_transaction(|s| -> Result<()> {
                // Another process may have migrated while we waited for the lock.
                let now: i64 = s.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
                if now > i as i64 {
                    return Ok(());
                }
                s.conn.execute_batch(sql)?;
                let broken: i64 =
                    s.conn
                        .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| {
                            r.get(0)
                        })?;
                if broken > 0 {
                    return Err(StoreError::BrokenReferences(i + 1, broken));
                }
                s.conn.pragma_update(None, "user_version", (i + 1) as i64)?;
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Runs `f` in one write transaction: all of it is committed or none.
    pub fn in_transaction<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Store) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(StoreError::from)?;
        match f(self) {
            Ok(v) => {
                self.conn
                    .execute_batch("COMMIT")
                    .map_err(StoreError::from)?;
                Ok(v)
            }
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }

    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Runs SQLite's own integrity check; "ok" when sound.
    pub fn integrity(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))?)
    }

    /// Rewrites the file without the space freed by pruning (outside any transaction).
    pub fn vacuum(&self) -> Result<()> {
        self.conn
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;")?;
        Ok(())
    }

    // ---- players ------------------------------------------------------

    /// The player with this address, created with defaults if new.
    pub fn player(&self, email: &str, now: &str) -> Result<Player> {
        let email = email.to_lowercase();
        self.conn.execute(
            "INSERT OR IGNORE INTO players(email, created_at) VALUES (?1, ?2)",
            params![email, now],
        )?;
        Ok(self.conn.query_row(
            "SELECT * FROM players WHERE email = ?1",
            [&email],
            Player::from_row,
        )?)
    }

    pub fn find_player(&self, email: &str) -> Result<Option<Player>> {
        Ok(self
            .conn
            .query_row(
                "SELECT * FROM players WHERE email = ?1",
                [email.to_lowercase()],
                Player::from_row,
            )
            .optional()?)
    }

    pub fn save_player(&self, p: &Player) -> Result<()> {
        self.conn.execute(
            "UPDATE players SET name=?2, lang=?3, timezone=?4, quiet_from=?5, quiet_to=?6, notify=?7,
                digest_at=?8, vacation_from=?9, vacation_to=?10, vacation_year=?11, vacation_used=?12
             WHERE email=?1",
            params![
                p.email,
                p.name,
                p.lang,
                p.timezone.name(),
                p.quiet_from,
                p.quiet_to,
                p.notify,
                p.digest_at,
                p.vacation_from,
                p.vacation_to,
                p.vacation_year,
                p.vacation_used
            ],
        )?;
        Ok(())
    }

    /// The rows a query returns, each read by `read`.
    fn list<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
        read: impl FnMut(&rusqlite::Row) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>> {
        let mut st = self.conn.prepare(sql)?;
        let rows = st
            .query_map(params, read)?
            .collect::<std::result::Result<_, _>>()?;
        Ok(rows)
    }

    pub fn players(&self) -> Result<Vec<Player>> {
        self.list("SELECT * FROM players ORDER BY email", [], Player::from_row)
    }

    // ---- games and seats ------------------------------------------------

    pub fn create_game(&self, g: &NewGame) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO games(game, seed, options, clock, status, created_by, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                g.game,
                g.seed as i64,
                g.options,
                g.clock,
                g.status,
                g.created_by,
                g.created_at
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    pub fn game(&self, id: i64) -> Result<GameRow> {
        self.conn
            .query_row("SELECT * FROM games WHERE id = ?1", [id], GameRow::from_row)
            .optional()?
            .ok_or(StoreError::NoGame(id))
    }

    pub fn games(&self) -> Result<Vec<GameRow>> {
        self.list("SELECT * FROM games ORDER BY id", [], GameRow::from_row)
    }

    pub fn games_with_status(&self, status: GameStatus) -> Result<Vec<GameRow>> {
        self.list(
            "SELECT * FROM games WHERE status = ?1 ORDER BY id",
            [status],
            GameRow::from_row,
        )
    }

    pub fn set_game_status(&self, id: i64, status: GameStatus, at: Option<&str>) -> Result<()> {
        self.conn.execute(
            "UPDATE games SET status = ?2, finished_at = COALESCE(?3, finished_at) WHERE id = ?1",
            params![id, status, at],
        )?;
        Ok(())
    }

    pub fn set_game_clock(&self, id: i64, clock: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE games SET clock = ?2 WHERE id = ?1",
            params![id, clock],
        )?;
        Ok(())
    }

    pub fn add_seat(
        &self,
        game_id: i64,
        email: &str,
        seat: Option<usize>,
        status: SeatStatus,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT INTO seats(game_id, email, seat, status) VALUES (?1, ?2, ?3, ?4)",
            params![
                game_id,
                email.to_lowercase(),
                seat.map(|s| s as i64),
                status
            ],
        )?;
        Ok(())
    }

    /// All seats of a game, seated ones in seat order first.
    pub fn seats(&self, game_id: i64) -> Result<Vec<SeatRow>> {
        self.list(
            "SELECT * FROM seats WHERE game_id = ?1 ORDER BY seat IS NULL, seat, rowid",
            [game_id],
            SeatRow::from_row,
        )
    }

    pub fn set_seat(
        &self,
        game_id: i64,
        email: &str,
        seat: Option<usize>,
        status: SeatStatus,
    ) -> Result<()> {
        self.conn.execute(
            "UPDATE seats SET seat = ?3, status = ?4 WHERE game_id = ?1 AND email = ?2",
            params![game_id, email, seat.map(|s| s as i64), status],
        )?;
        Ok(())
    }

    /// Forgets what was told to `email` in game `id` (a seat row used again).
    pub fn forget_news(&self, game_id: i64, email: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE seats SET last_message_id = NULL, seen_move = 0 WHERE game_id = ?1 AND email = ?2",
            params![game_id, email],
        )?;
        Ok(())
    }

    pub fn note_mail_sent(
        &self,
        game_id: i64,
        email: &str,
        message_id: &str,
        seen_move: i64,
    ) -> Result<()> {
        self.conn.execute(
            "UPDATE seats SET last_message_id = ?3, mails_sent = mails_sent + 1, seen_move = ?4
             WHERE game_id = ?1 AND email = ?2",
            params![game_id, email, message_id, seen_move],
        )?;
        Ok(())
    }

    /// Active games in which this address holds a seat.
    pub fn games_of(&self, email: &str) -> Result<Vec<i64>> {
        self.list(
            "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.email = ?1 AND s.status = ?2 AND g.status = ?3 ORDER BY s.game_id",
            params![email, SeatStatus::Joined, GameStatus::Active],
            |r| r.get(0),
        )
    }

    // ---- moves ----------------------------------------------------------

    pub fn append_move(&self, m: &NewMove) -> Result<i64> {
        let n: i64 = self.conn.query_row(
            "SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE game_id = ?1",
            [m.game_id],
            |r| r.get(0),
        )?;
        self.conn.execute(
            "INSERT INTO moves(game_id, n, seat, email, kind, command, events, source, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                m.game_id,
                n,
                m.seat.map(|s| s as i64),
                m.email,
                m.kind,
                m.command,
                m.events,
                m.source,
                m.at
            ],
        )?;
        Ok(n)
    }

    pub fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>> {
        self.list(
            "SELECT * FROM moves WHERE game_id = ?1 ORDER BY n",
            [game_id],
            MoveRow::from_row,
        )
    }

    pub fn move_count(&self, game_id: i64) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COALESCE(MAX(n), 0) FROM moves WHERE game_id = ?1",
            [game_id],
            |r| r.get(0),
        )?)
    }

    /// The history rows of a game after row `n`, in order.
    pub fn moves_after(&self, game_id: i64, n: i64) -> Result<Vec<MoveRow>> {
        self.list(
            "SELECT * FROM moves WHERE game_id = ?1 AND n > ?2 ORDER BY n",
            [game_id, n],
            MoveRow::from_row,
        )
    }

    // ---- stored states ----------------------------------------------------

    /// The engine and rules version game `id` was started under.
    pub fn game_engine(&self, id: i64) -> Result<String> {
        self.conn
            .query_row("SELECT engine FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NoGame(id))
    }

    pub fn set_game_engine(&self, id: i64, engine: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE games SET engine = ?2 WHERE id = ?1",
            params![id, engine],
        )?;
        Ok(())
    }

    /// Stores the state after history row `s.n`, keeping the full text of
    /// only the newest few states of the game.
    pub fn put_snapshot(&self, s: &SnapshotRow) -> Result<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO snapshots(game_id, n, engine, digest, state)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![s.game_id, s.n, s.engine, s.digest, s.state],
        )?;
        self.conn.execute(
            "UPDATE snapshots SET state = NULL
             WHERE game_id = ?1 AND state IS NOT NULL AND n NOT IN (
                 SELECT n FROM snapshots WHERE game_id = ?1 AND state IS NOT NULL
                 ORDER BY n DESC LIMIT ?2)",
            params![s.game_id, STATES_KEPT],
        )?;
        Ok(())
    }

    /// The newest stored state of a game before row `below` (any row if `None`).
    pub fn latest_snapshot(&self, game_id: i64, below: Option<i64>) -> Result<Option<SnapshotRow>> {
        Ok(self
            .conn
            .query_row(
                "SELECT * FROM snapshots WHERE game_id = ?1 AND state IS NOT NULL AND n < ?2
                 ORDER BY n DESC LIMIT 1",
                params![game_id, below.unwrap_or(i64::MAX)],
                SnapshotRow::from_row,
            )
            .optional()?)
    }

    // ---- inbound --------------------------------------------------------

    pub fn record_inbound(&self, r: &InboundRow) -> Result<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO inbound(message_id, received_at, sender, game_id, outcome, reason, size)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![r.message_id, r.received_at, r.sender, r.game_id, r.outcome, r.reason, r.size],
        )?;
        Ok(())
    }

    pub fn inbound_log(&self, limit: i64) -> Result<Vec<InboundRow>> {
        self.list(
            "SELECT * FROM inbound ORDER BY received_at DESC LIMIT ?1",
            [limit],
            InboundRow::from_row,
        )
    }

    /// How many answers we sent to `sender` since `since` (the rate limit).
    pub fn answers_since(&self, sender: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE sender = ?1 AND received_at >= ?2 AND outcome IN (?3, ?4)",
            params![sender, since, InboundOutcome::Rejected, InboundOutcome::Answered],
            |r| r.get(0),
        )?)
    }

    pub fn inbound_since(&self, sender: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE sender = ?1 AND received_at >= ?2",
            params![sender, since],
            |r| r.get(0),
        )?)
    }

    // ---- outbox ---------------------------------------------------------

    pub fn enqueue(&self, m: &NewMail) -> Result<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO outbox(created_at, game_id, recipient, message_id, kind, raw, next_try_at, moves_seen)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?1,
                     CASE WHEN ?2 IS NULL THEN NULL
                          ELSE (SELECT COALESCE(MAX(n), 0) FROM moves WHERE game_id = ?2) END)",
            params![m.created_at, m.game_id, m.recipient, m.message_id, m.kind, m.raw],
        )?;
        Ok(())
    }

    /// Unsent mail due by `now`, oldest first, holding back each recipient's
    /// mail behind an older one that still waits (so nothing overtakes it).
    pub fn pending_mail(&self, now: &str, limit: i64) -> Result<Vec<OutboxRow>> {
        self.list(
            "SELECT * FROM outbox o
              WHERE sent_at IS NULL AND refused_at IS NULL AND next_try_at <= ?1
                AND NOT EXISTS (SELECT 1 FROM outbox e
                                 WHERE e.recipient = o.recipient AND e.id < o.id
                                   AND e.sent_at IS NULL AND e.refused_at IS NULL
                                   AND e.next_try_at > ?1)
              ORDER BY id LIMIT ?2",
            params![now, limit],
            OutboxRow::from_row,
        )
    }

    pub fn outbox(&self, game_id: Option<i64>) -> Result<Vec<OutboxRow>> {
        self.list(
            "SELECT * FROM outbox WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id",
            [game_id],
            OutboxRow::from_row,
        )
    }

    pub fn unsent_count(&self) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND refused_at IS NULL",
            [],
            |r| r.get(0),
        )?)
    }

    /// Rows whose send began but whose acceptance was never recorded: the
    /// server may hold them already (the process stopped in between).
    pub fn mail_in_doubt(&self) -> Result<Vec<OutboxRow>> {
        self.list(
            "SELECT * FROM outbox WHERE handed_at IS NOT NULL AND sent_at IS NULL
              AND refused_at IS NULL ORDER BY id",
            [],
            OutboxRow::from_row,
        )
    }

    /// Records that the send of `id` begins, before the server can accept it.
    pub fn mark_handed(&self, id: i64, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE outbox SET handed_at = ?2 WHERE id = ?1 AND sent_at IS NULL",
            params![id, at],
        )
    }

    pub fn mark_sent(&self, id: i64, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE outbox SET sent_at = ?2 WHERE id = ?1 AND sent_at IS NULL",
            params![id, at],
        )
    }

    /// A temporary failure: `next_try_at` is when this row may be tried
    /// again. The send ended with an answer (or none), so it is not in doubt.
    pub fn mark_failed(&self, id: i64, error: &str, next_try_at: &str) -> Result<()> {
        self.update_one(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, next_try_at = ?3,
                    handed_at = NULL WHERE id = ?1",
            params![id, error, next_try_at],
        )
    }

    /// A refusal for good: never retried, and it holds back nothing.
    pub fn mark_refused(&self, id: i64, error: &str, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, refused_at = ?3,
                    handed_at = NULL WHERE id = ?1",
            params![id, error, at],
        )
    }

    /// The server is back: every mail that waits because of earlier failures
    /// is due now (the backoff was the server's, not the mail's). Returns how many.
    pub fn retry_now(&self, now: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "UPDATE outbox SET next_try_at = ?1
              WHERE sent_at IS NULL AND refused_at IS NULL AND attempts > 0 AND next_try_at > ?1",
            [now],
        )?)
    }

    /// Runs an UPDATE that must change exactly one row; a row that has gone
    /// is an error (the caller's record would otherwise silently be lost).
    fn update_one<P: rusqlite::Params>(&self, sql: &str, p: P) -> Result<()> {
        match self.conn.execute(sql, p)? {
            1 => Ok(()),
            n => Err(StoreError::Unchanged(n)),
        }
    }

    /// Proves the database can be written (a read-only file or directory,
    /// or a full disk, fails here rather than after the first mail).
    pub fn check_writable(&self, now: &str) -> Result<()> {
        self.in_transaction(|s| s.set_meta("serve_started_at", now))
    }

    /// The mails the outbox holds for `recipient`: those whose Message-ID
    /// is in `ids` (what a reply names) and, with a game, the latest
    /// `limit` of that game. Newest first, each once; bounded by `limit`
    /// plus the number of ids.
    pub fn sent_to(
        &self,
        recipient: &str,
        game_id: Option<i64>,
        ids: &[String],
        limit: i64,
    ) -> Result<Vec<OutboxRow>> {
        let mut rows: Vec<OutboxRow> = Vec::new();
        let mut by_id = self
            .conn
            .prepare_cached("SELECT * FROM outbox WHERE message_id = ?1 AND recipient = ?2")?;
        for id in ids {
            for row in by_id.query_map(params![id, recipient], OutboxRow::from_row)? {
                rows.push(row?);
            }
        }
        if let Some(game) = game_id {
            let mut latest = self.conn.prepare_cached(
                "SELECT * FROM outbox WHERE game_id = ?1 AND recipient = ?2 ORDER BY id DESC LIMIT ?3",
            )?;
            for row in latest.query_map(params![game, recipient, limit], OutboxRow::from_row)? {
                rows.push(row?);
            }
        }
        rows.sort_by_key(|r| std::cmp::Reverse(r.id));
        rows.dedup_by_key(|r| r.id);
        Ok(rows)
    }

    /// Whether `seat` has moved in the mail's game since `mail` was
    /// composed: a history row after the ones it saw, or, for a mail stored
    /// before rows counted that, a row recorded after its time.
    pub fn seat_moved_since(&self, mail: &OutboxRow, seat: usize) -> Result<bool> {
        Ok(self.conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM moves WHERE game_id = ?1 AND seat = ?2
                             AND (n > ?3 OR (?3 IS NULL AND at > ?4)))",
            params![mail.game_id, seat as i64, mail.moves_seen, mail.created_at],
            |r| r.get(0),
        )?)
    }

    /// How many mails the server accepted at or after `since`.
    pub fn sent_since(&self, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM outbox WHERE sent_at >= ?1",
            [since],
            |r| r.get(0),
        )?)
    }

    /// Deletes sent mail older than `before` (housekeeping); returns how many.
    pub fn prune_outbox(&self, before: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?1",
            [before],
        )?)
    }

    // ---- deadlines ------------------------------------------------------

    pub fn deadlines(&self, game_id: Option<i64>) -> Result<Vec<DeadlineRow>> {
        // Two queries, not `?1 IS NULL OR game_id = ?1`: SQLite cannot use
        // the key for that OR, so one game's deadlines (read on every move)
        // would scan those of every game (issue 13's benchmark).
        match game_id {
            Some(id) => self.list(
                "SELECT * FROM deadlines WHERE game_id = ?1 ORDER BY due_at, seat",
                [id],
                DeadlineRow::from_row,
            ),
            None => self.list(
                "SELECT * FROM deadlines ORDER BY due_at, game_id, seat",
                [],
                DeadlineRow::from_row,
            ),
        }
    }

    /// The deadlines whose next thing to do (reminder or timeout) has come by `now`.
    pub fn deadlines_due(&self, now: &str) -> Result<Vec<DeadlineRow>> {
        self.list("SELECT * FROM deadlines WHERE next_at IS NOT NULL AND next_at <= ?1 ORDER BY due_at, game_id, seat", [now], DeadlineRow::from_row)
    }

    pub fn set_deadline(&self, d: &DeadlineRow) -> Result<()> {
        self.conn.execute(
            "INSERT INTO deadlines(game_id, seat, started_at, due_at, reminders_sent, late_sent, next_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(game_id, seat) DO UPDATE SET started_at = ?3, due_at = ?4, reminders_sent = ?5, late_sent = ?6, next_at = ?7",
            params![d.game_id, d.seat, d.started_at, d.due_at, d.reminders_sent, d.late_sent, d.next_at],
        )?;
        Ok(())
    }

    pub fn clear_deadline(&self, game_id: i64, seat: i64) -> Result<()> {
        self.conn.execute(
            "DELETE FROM deadlines WHERE game_id = ?1 AND seat = ?2",
            params![game_id, seat],
        )?;
        Ok(())
    }

    // ---- digest and meta ------------------------------------------------

    pub fn add_digest_line(
        &self,
        email: &str,
        game_id: Option<i64>,
        line: &str,
        at: &str,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT INTO digest(email, game_id, line, at) VALUES (?1, ?2, ?3, ?4)",
            params![email, game_id, line, at],
        )?;
        Ok(())
    }

    /// Takes (and deletes) every held digest line of `email`, oldest first.
    pub fn take_digest(&self, email: &str) -> Result<Vec<(Option<i64>, String)>> {
        let mut st = self
            .conn
            .prepare("SELECT game_id, line FROM digest WHERE email = ?1 ORDER BY id")?;
        let rows: Vec<(Option<i64>, String)> = st
            .query_map([email], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<std::result::Result<_, _>>()?;
        self.conn
            .execute("DELETE FROM digest WHERE email = ?1", [email])?;
        Ok(rows)
    }

    pub fn digest_recipients(&self) -> Result<Vec<String>> {
        self.list(
            "SELECT DISTINCT email FROM digest ORDER BY email",
            [],
            |r| r.get(0),
        )
    }

    /// Made once, at the first open: a random part of every Message-ID
    /// this database mints, so that two installs never mint the same one.
    /// (Opened at once by two processes, the first write wins for both.)
    fn make_install_id(&self) -> Result<()> {
        use ring::rand::SecureRandom;
        let mut b = [0u8; 6];
        ring::rand::SystemRandom::new()
            .fill(&mut b)
            .map_err(|_| StoreError::NoRandomness)?;
        let id: String = b.iter().map(|x| format!("{x:02x}")).collect();
        self.conn.execute(
            "INSERT OR IGNORE INTO meta(key, value) VALUES ('install_id', ?1)",
            [id],
        )?;
        Ok(())
    }

    /// This database's random part of its Message-IDs (see `make_install_id`).
    pub fn install_id(&self) -> Result<String> {
        self.meta("install_id")?
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_hexdigit()))
            .ok_or(StoreError::BadMeta("install_id"))
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn clear_meta(&self, key: &str) -> Result<()> {
        self.conn
            .execute("DELETE FROM meta WHERE key = ?1", [key])?;
        Ok(())
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }
}
