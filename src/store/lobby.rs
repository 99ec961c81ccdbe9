//! The open_tables, table_seats and queue_entries tables: tables opened by
//! mail and who sits at them, and automatch entries waiting for a table.

use super::words::read_word;
use super::{address_key, QueueStatus, Result, Store, TableFill, TableLanguage, TableStatus};
use crate::engine::Options;
use rusqlite::{params, OptionalExtension, Row};

/// A table to open, its opener seated.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTable {
    pub game: String,
    pub min_seats: usize,
    pub max_seats: usize,
    pub options: Options,
    pub pace_hours: u32,
    pub rated: bool,
    pub lang: TableLanguage,
    /// The on-time record (percent) a player needs to sit, if any.
    pub min_ontime: Option<u8>,
    pub fill: TableFill,
    pub opened_by: String,
    pub opened_at: String,
}

/// An open (or started, or closed) table with the players seated at it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub id: i64,
    /// What it was opened with.
    pub table: NewTable,
    pub status: TableStatus,
    /// The game it became, once started.
    pub game_id: Option<i64>,
    pub ended_at: Option<String>,
    /// Addresses, in the order they sat (the opener first).
    pub seated: Vec<String>,
}

/// An automatch entry to add.
#[derive(Clone, Debug, PartialEq)]
pub struct NewQueueEntry {
    pub email: String,
    pub game: String,
    pub min_seats: usize,
    pub max_seats: usize,
    pub pace_hours: u32,
    pub entered_at: String,
}

/// An automatch entry as stored, with what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct QueueEntryRow {
    pub id: i64,
    /// What it was entered with.
    pub entry: NewQueueEntry,
    pub status: QueueStatus,
    pub table_id: Option<i64>,
    pub ended_at: Option<String>,
}

fn bad(what: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, what.into())
}

fn count(r: &Row, column: &str) -> rusqlite::Result<usize> {
    let n: i64 = r.get(column)?;
    usize::try_from(n).map_err(|_| bad(format!("{column} is {n}")))
}

fn hours(r: &Row) -> rusqlite::Result<u32> {
    let n: i64 = r.get("pace_hours")?;
    u32::try_from(n).map_err(|_| bad(format!("pace_hours is {n}")))
}

fn table_from_row(r: &Row) -> rusqlite::Result<TableRow> {
    let id: i64 = r.get("id")?;
    let row = || format!("id {id}");
    let options: String = r.get("options")?;
    let options: Options = serde_json::from_str(&options)
        .map_err(|e| bad(format!("open_tables.options of table {id}: {e}")))?;
    let rated = match r.get::<_, i64>("rated")? {
        0 => false,
        1 => true,
        n => return Err(bad(format!("open_tables.rated of table {id} is {n}"))),
    };
    let min_ontime = match r.get::<_, Option<i64>>("min_ontime")? {
        None => None,
        Some(n) => Some(
            u8::try_from(n)
                .ok()
                .filter(|p| (1..=100).contains(p))
                .ok_or_else(|| bad(format!("open_tables.min_ontime of table {id} is {n}")))?,
        ),
    };
    Ok(TableRow {
        id,
        table: NewTable {
            game: r.get("game")?,
            min_seats: count(r, "min_seats")?,
            max_seats: count(r, "max_seats")?,
            options,
            pace_hours: hours(r)?,
            rated,
            lang: read_word(r, "open_tables", "lang", row)?,
            min_ontime,
            fill: read_word(r, "open_tables", "fill", row)?,
            opened_by: r.get("opened_by")?,
            opened_at: r.get("opened_at")?,
        },
        status: read_word(r, "open_tables", "status", row)?,
        game_id: r.get("game_id")?,
        ended_at: r.get("ended_at")?,
        seated: Vec::new(),
    })
}

fn entry_from_row(r: &Row) -> rusqlite::Result<QueueEntryRow> {
    let id: i64 = r.get("id")?;
    Ok(QueueEntryRow {
        id,
        entry: NewQueueEntry {
            email: r.get("email")?,
            game: r.get("game")?,
            min_seats: count(r, "min_seats")?,
            max_seats: count(r, "max_seats")?,
            pace_hours: hours(r)?,
            entered_at: r.get("entered_at")?,
        },
        status: read_word(r, "queue_entries", "status", || format!("id {id}"))?,
        table_id: r.get("table_id")?,
        ended_at: r.get("ended_at")?,
    })
}

impl Store {
    /// Opens a table with its opener seated; returns its number.
    pub fn open_table(&self, t: &NewTable) -> Result<i64> {
        let opener = address_key(&t.opened_by);
        self.conn.execute(
            "INSERT INTO open_tables(game, min_seats, max_seats, options, pace_hours, rated, lang,
                 min_ontime, fill, opened_by, opened_at, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                t.game,
                t.min_seats as i64,
                t.max_seats as i64,
                serde_json::to_string(&t.options)?,
                t.pace_hours,
                t.rated as i64,
                t.lang,
                t.min_ontime,
                t.fill,
                opener,
                t.opened_at,
                TableStatus::Open,
            ],
        )?;
        let id = self.conn.last_insert_rowid();
        self.sit_at_table(id, &opener, &t.opened_at)?;
        Ok(id)
    }

    /// The table numbered `id` with its seated players, if there is one.
    pub fn table(&self, id: i64) -> Result<Option<TableRow>> {
        let row = self
            .conn
            .query_row(
                "SELECT * FROM open_tables WHERE id = ?1",
                [id],
                table_from_row,
            )
            .optional()?;
        row.map(|t| self.with_seated(t)).transpose()
    }

    /// Tables with `status` (of one game, if given), oldest first.
    pub fn tables_with_status(
        &self,
        status: TableStatus,
        game: Option<&str>,
    ) -> Result<Vec<TableRow>> {
        let rows = self.list(
            "SELECT * FROM open_tables WHERE status = ?1 AND (?2 IS NULL OR game = ?2)
             ORDER BY opened_at, id",
            params![status, game],
            table_from_row,
        )?;
        rows.into_iter().map(|t| self.with_seated(t)).collect()
    }

    fn with_seated(&self, mut t: TableRow) -> Result<TableRow> {
        t.seated = self.list(
            "SELECT email FROM table_seats WHERE table_id = ?1 ORDER BY sat_at, rowid",
            [t.id],
            |r| r.get(0),
        )?;
        Ok(t)
    }

    /// Seats `email` at an open table (the service checks it is open and not full).
    pub fn sit_at_table(&self, table_id: i64, email: &str, at: &str) -> Result<()> {
        self.conn.execute(
            "INSERT INTO table_seats(table_id, email, sat_at) VALUES (?1, ?2, ?3)",
            params![table_id, address_key(email), at],
        )?;
        Ok(())
    }

    /// Gives a seat back before the start; false when `email` was not seated.
    pub fn leave_table(&self, table_id: i64, email: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM table_seats WHERE table_id = ?1 AND email = ?2",
            params![table_id, address_key(email)],
        )? == 1)
    }

    /// Marks an open table started as game `game_id`.
    pub fn start_table(&self, table_id: i64, game_id: i64, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE open_tables SET status = ?2, game_id = ?3, ended_at = ?4
             WHERE id = ?1 AND status = ?5",
            params![
                table_id,
                TableStatus::Started,
                game_id,
                at,
                TableStatus::Open
            ],
        )
    }

    /// Closes an open table unfilled.
    pub fn close_table(&self, table_id: i64, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE open_tables SET status = ?2, ended_at = ?3 WHERE id = ?1 AND status = ?4",
            params![table_id, TableStatus::Closed, at, TableStatus::Open],
        )
    }

    /// Adds an automatch entry; returns its number.
    pub fn add_queue_entry(&self, e: &NewQueueEntry) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO queue_entries(email, game, min_seats, max_seats, pace_hours, entered_at, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                address_key(&e.email),
                e.game,
                e.min_seats as i64,
                e.max_seats as i64,
                e.pace_hours,
                e.entered_at,
                QueueStatus::Waiting
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// The waiting entries of one game, oldest first: automatch's input.
    pub fn waiting_entries(&self, game: &str) -> Result<Vec<QueueEntryRow>> {
        self.list(
            "SELECT * FROM queue_entries WHERE status = ?1 AND game = ?2 ORDER BY entered_at, id",
            params![QueueStatus::Waiting, game],
            entry_from_row,
        )
    }

    /// A player's waiting entries, oldest first (`queue` alone).
    pub fn entries_of(&self, email: &str) -> Result<Vec<QueueEntryRow>> {
        self.list(
            "SELECT * FROM queue_entries WHERE email = ?1 AND status = ?2 ORDER BY entered_at, id",
            params![address_key(email), QueueStatus::Waiting],
            entry_from_row,
        )
    }

    /// Ends a player's waiting entries (`leave queue`); returns how many.
    pub fn leave_queue(&self, email: &str, at: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "UPDATE queue_entries SET status = ?2, ended_at = ?3 WHERE email = ?1 AND status = ?4",
            params![
                address_key(email),
                QueueStatus::Left,
                at,
                QueueStatus::Waiting
            ],
        )?)
    }

    /// Marks a waiting entry matched to the table made for it.
    pub fn match_entry(&self, entry_id: i64, table_id: i64, at: &str) -> Result<()> {
        self.update_one(
            "UPDATE queue_entries SET status = ?2, table_id = ?3, ended_at = ?4
             WHERE id = ?1 AND status = ?5",
            params![
                entry_id,
                QueueStatus::Matched,
                table_id,
                at,
                QueueStatus::Waiting
            ],
        )
    }

    /// The open tables a player sits at plus their waiting entries: what the
    /// limit of three counts.
    pub fn lobby_commitments(&self, email: &str) -> Result<usize> {
        let n: i64 = self.conn.query_row(
            "SELECT (SELECT COUNT(*) FROM table_seats s JOIN open_tables t ON t.id = s.table_id
                     WHERE s.email = ?1 AND t.status = ?2)
                  + (SELECT COUNT(*) FROM queue_entries WHERE email = ?1 AND status = ?3)",
            params![address_key(email), TableStatus::Open, QueueStatus::Waiting],
            |r| r.get(0),
        )?;
        Ok(n as usize)
    }
}
