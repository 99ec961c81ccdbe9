//! The rows the security limits read and write: inbound claims keyed by
//! Message-ID and sender, game requests awaiting confirmation, `stop`
//! addresses and the log of unsolicited mail.

use super::words::{read_word, RequestStatus, SeatStatus};
use super::{Result, Store};
use rusqlite::{params, OptionalExtension};

/// A `new GAME ...` request waiting for its creator's confirmation.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRequestRow {
    pub id: i64,
    pub email: String,
    pub request: String,
    pub created_at: String,
    pub status: RequestStatus,
    pub game_id: Option<i64>,
}

impl Store {
    /// How many times `email` was sent unsolicited mail of `kind` since `since`.
    pub fn contacts_since(&self, email: &str, kind: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM contact_log WHERE email = ?1 AND kind = ?2 AND at >= ?3",
            params![email, kind, since],
            |r| r.get(0),
        )?)
    }

    /// How many unsolicited mails of any of `kinds` went to anybody since `since`.
    pub fn all_contacts_since(&self, kinds: &[&str], since: &str) -> Result<i64> {
        let mut n = 0;
        for kind in kinds {
            n += self.conn.query_row(
                "SELECT COUNT(*) FROM contact_log WHERE kind = ?1 AND at >= ?2",
                params![kind, since],
                |r| r.get::<_, i64>(0),
            )?;
        }
        Ok(n)
    }

    pub fn log_contact(&self, email: &str, kind: &str, at: &str) -> Result<()> {
        self.conn.execute(
            "INSERT INTO contact_log(email, kind, at) VALUES (?1, ?2, ?3)",
            params![email, kind, at],
        )?;
        Ok(())
    }

    /// True when `email` said `stop` to an invitation.
    pub fn stopped(&self, email: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_row("SELECT 1 FROM mail_stops WHERE email = ?1", [email], |_| {
                Ok(())
            })
            .optional()?
            .is_some())
    }

    pub fn add_stop(&self, email: &str, at: &str) -> Result<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO mail_stops(email, at) VALUES (?1, ?2)",
            params![email, at],
        )?;
        Ok(())
    }

    /// True when `email` ever joined a game (a player, not a stranger).
    pub fn ever_joined(&self, email: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM seats WHERE email = ?1 AND status IN (?2, ?3, ?4, ?5) LIMIT 1",
                params![
                    email,
                    SeatStatus::Joined,
                    SeatStatus::Dropped,
                    SeatStatus::Replaced,
                    SeatStatus::Withdrawn
                ],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    pub fn add_game_request(&self, email: &str, request: &str, at: &str) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO game_requests(email, request, created_at, status) VALUES (?1, ?2, ?3, ?4)",
            params![email, request, at, RequestStatus::Waiting],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    pub fn game_request(&self, id: i64) -> Result<Option<GameRequestRow>> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, email, request, created_at, status, game_id FROM game_requests WHERE id = ?1",
                [id],
                |r| {
                    Ok(GameRequestRow {
                        id,
                        email: r.get("email")?,
                        request: r.get("request")?,
                        created_at: r.get("created_at")?,
                        status: read_word(r, "game_requests", "status", || format!("id {id}"))?,
                        game_id: r.get("game_id")?,
                    })
                },
            )
            .optional()?)
    }

    pub fn close_game_request(
        &self,
        id: i64,
        status: RequestStatus,
        game: Option<i64>,
    ) -> Result<()> {
        self.conn.execute(
            "UPDATE game_requests SET status = ?2, game_id = ?3 WHERE id = ?1",
            params![id, status, game],
        )?;
        Ok(())
    }

    /// Housekeeping: contact-log rows older than `before`, and game requests
    /// still waiting since before `expired` (never confirmed); how many.
    pub fn prune_contacts_and_requests(&self, before: &str, expired: &str) -> Result<usize> {
        let contacts = self
            .conn
            .execute("DELETE FROM contact_log WHERE at < ?1", [before])?;
        let requests = self.conn.execute(
            "DELETE FROM game_requests WHERE status = ?2 AND created_at < ?1",
            rusqlite::params![expired, super::RequestStatus::Waiting],
        )?;
        Ok(contacts + requests)
    }
}
