//! The inbound table: every mail received, claimed once by Message-ID and
//! sender inside the transaction that handles it, with its outcome.

use super::{InboundOutcome, InboundRow, Result, Store};
use rusqlite::{params, OptionalExtension};

impl Store {
    /// Claims a mail inside the caller's transaction: false when the same
    /// Message-ID from the same sender was claimed before.
    pub fn claim_inbound(&self, r: &InboundRow) -> Result<bool> {
        let n = self.conn.execute(
            "INSERT OR IGNORE INTO inbound(message_id, received_at, sender, game_id, outcome, reason, size, actor)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![r.message_id, r.received_at, r.sender, r.game_id, r.outcome, r.reason, r.size, r.actor],
        )?;
        Ok(n == 1)
    }

    /// Writes the outcome of a claimed mail (its actor is set apart).
    pub fn settle_inbound(&self, r: &InboundRow) -> Result<()> {
        self.conn.execute(
            "UPDATE inbound SET game_id = ?3, outcome = ?4, reason = ?5
             WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')",
            params![r.message_id, r.sender, r.game_id, r.outcome, r.reason],
        )?;
        Ok(())
    }

    /// True when this Message-ID from this sender was handled already.
    pub fn inbound_seen_from(&self, message_id: &str, sender: Option<&str>) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM inbound WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')",
                params![message_id, sender],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    pub fn inbound_log(&self, limit: i64) -> Result<Vec<InboundRow>> {
        self.list(
            "SELECT * FROM inbound ORDER BY received_at DESC LIMIT ?1",
            [limit],
            InboundRow::from_row,
        )
    }

    /// Records who acts for a claimed mail, once its token is read.
    pub fn set_inbound_actor(
        &self,
        message_id: &str,
        sender: Option<&str>,
        actor: &str,
        game_id: Option<i64>,
    ) -> Result<()> {
        self.conn.execute(
            "UPDATE inbound SET actor = ?3, game_id = ?4
             WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')",
            params![message_id, sender, actor, game_id],
        )?;
        Ok(())
    }

    /// Mails `actor` sent since `since`: in all games, or in one game.
    pub fn acted_since(&self, actor: &str, game_id: Option<i64>, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE actor = ?1 AND received_at >= ?2
               AND (?3 IS NULL OR game_id = ?3)",
            params![actor, since, game_id],
            |r| r.get(0),
        )?)
    }

    /// How many answers went to the mails `actor` sent since `since` (the rate limit).
    pub fn answers_since(&self, actor: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE actor = ?1 AND received_at >= ?2 AND outcome IN (?3, ?4)",
            params![actor, since, InboundOutcome::Rejected, InboundOutcome::Answered],
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
}
