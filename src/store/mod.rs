//! The SQLite store: one file in WAL mode holding players, games, seats, the
//! append-only move history, every inbound mail's outcome, the outbox and
//! the clock's deadlines. Migrations live in `db/` and run at open. This
//! file opens and migrates the database and holds its transaction; each
//! table's reads and writes live in the module named after it.

mod clock;
mod games;
mod inbound;
mod lobby;
mod lock;
mod meta;
mod moves;
mod names;
mod outbox;
mod players;
mod ratings;
mod rows;
mod scans;
mod security;
mod words;

pub use inbound::message_id_key;
pub use lobby::{NewQueueEntry, NewTable, QueueEntryRow, TableRow};
pub use lock::{lock_path, LockError, ServeLock};
pub use names::NameTaken;
pub use outbox::SentCounts;
pub use ratings::{FinalResult, PoolRating, RatingStep, SeatResult};
pub use rows::*;
pub use scans::ScanCounts;
pub use security::GameRequestRow;
pub use words::{
    BotLevel, GameStatus, InboundOutcome, MailKind, MoveKind, QueueStatus, RequestStatus,
    SeatStatus, StoredWord, TableFill, TableLanguage, TableStatus, UnknownWord,
};

use rusqlite::Connection;
use std::path::Path;
use thiserror::Error;

/// The schema version of a database with every migration applied.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The migrations, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    include_str!("../../db/001_init.sql"),
    include_str!("../../db/002_deadline_next.sql"),
    include_str!("../../db/003_security.sql"),
    include_str!("../../db/004_outbox.sql"),
    include_str!("../../db/005_history.sql"),
    include_str!("../../db/006_outbox_moves_seen.sql"),
    include_str!("../../db/007_checked_words.sql"),
    include_str!("../../db/008_actors.sql"),
    include_str!("../../db/009_bounded_message_ids.sql"),
    include_str!("../../db/010_outbox_by_game.sql"),
    include_str!("../../db/011_sent_texts.sql"),
    include_str!("../../db/012_bot_seats.sql"),
    include_str!("../../db/013_lobby_ratings.sql"),
];

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

/// The stored form of an address: lower case, so that every table and
/// every lookup agree that `Bob@Example.org` and `bob@example.org` are one
/// player.
fn address_key(email: &str) -> String {
    email.to_lowercase()
}

/// An open database.
pub struct Store {
    conn: Connection,
    /// Transactions rolled back on this connection (see [`Store::rollbacks`]).
    rollbacks: std::cell::Cell<u64>,
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
        let store = Store {
            conn,
            rollbacks: std::cell::Cell::new(0),
        };
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
                if i + 1 == 9 {
                    s.digest_long_message_ids()?;
                }
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
                self.rollbacks.set(self.rollbacks.get() + 1);
                Err(e)
            }
        }
    }

    /// Runs `f` in one write transaction ([`Store::in_transaction`]) for a
    /// caller that holds the store already: mail, the clock and the CLI.
    pub fn in_tx<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce() -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        self.in_transaction(|_| f())
    }

    /// How many transactions this connection has rolled back: a cache of
    /// what was read or written inside one compares it before use, so a
    /// copy of undone work is never served.
    pub fn rollbacks(&self) -> u64 {
        self.rollbacks.get()
    }

    /// Runs `f` inside the open transaction as a savepoint: on error what
    /// `f` wrote is undone and the rest of the transaction stands.
    pub fn in_savepoint<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Store) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        self.conn
            .execute_batch("SAVEPOINT one_part")
            .map_err(StoreError::from)?;
        let r = f(self);
        let end = if r.is_ok() {
            "RELEASE one_part"
        } else {
            "ROLLBACK TO one_part; RELEASE one_part"
        };
        self.conn.execute_batch(end).map_err(StoreError::from)?;
        r
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

    /// Runs an UPDATE that must change exactly one row; a row that has gone
    /// is an error (the caller's record would otherwise silently be lost).
    fn update_one<P: rusqlite::Params>(&self, sql: &str, p: P) -> Result<()> {
        match self.conn.execute(sql, p)? {
            1 => Ok(()),
            n => Err(StoreError::Unchanged(n)),
        }
    }
}
