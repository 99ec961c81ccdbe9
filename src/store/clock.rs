//! The clock's tables: each seat's deadline with its next reminder or
//! timeout, and the lines held for daily digests.

use super::{DeadlineRow, Result, Store};
use rusqlite::params;

impl Store {
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
}
