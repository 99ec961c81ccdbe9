//! The inbound table: every mail received, claimed once by Message-ID and
//! sender inside the transaction that handles it, with its outcome.

use super::{InboundOutcome, InboundRow, Result, Store};
use rusqlite::{params, OptionalExtension};

/// The longest Message-ID kept as it is; a longer one is kept as its digest.
const MESSAGE_ID_KEPT: usize = 200;

/// The form a Message-ID is stored and looked up in: itself when short,
/// else "sha256:" and the hex digest, so a row's size does not follow what
/// a stranger wrote.
pub fn message_id_key(message_id: &str) -> String {
    if message_id.len() <= MESSAGE_ID_KEPT {
        return message_id.to_string();
    }
    let hash = ring::digest::digest(&ring::digest::SHA256, message_id.as_bytes());
    let hex: String = hash.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// A sender or actor address in its stored form (a digest when long).
fn bounded(address: Option<&str>) -> Option<String> {
    address.map(message_id_key)
}

impl Store {
    /// Migration 009: stored Message-IDs over the kept length become digests.
    pub(crate) fn digest_long_message_ids(&self) -> Result<()> {
        let long: Vec<(i64, String)> = self.list(
            "SELECT rowid, message_id FROM inbound WHERE length(message_id) > ?1",
            [MESSAGE_ID_KEPT as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        for (rowid, id) in long {
            // Two long ids of one sender with one digest are one mail.
            self.conn.execute(
                "UPDATE OR IGNORE inbound SET message_id = ?2 WHERE rowid = ?1",
                params![rowid, message_id_key(&id)],
            )?;
        }
        self.conn.execute(
            "DELETE FROM inbound WHERE length(message_id) > ?1",
            [MESSAGE_ID_KEPT as i64],
        )?;
        Ok(())
    }

    /// Housekeeping: rows received before `before` of mail that did nothing
    /// (ignored, duplicates) or that touched no game (strangers' mail,
    /// answered or not: the limits that count them look back a day at
    /// most); returns how many were deleted. A game's mail stays its record.
    pub fn prune_idle_inbound(&self, before: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "DELETE FROM inbound WHERE received_at < ?1
               AND (outcome IN (?2, ?3) OR game_id IS NULL)",
            params![before, InboundOutcome::Ignored, InboundOutcome::Duplicate],
        )?)
    }

    /// Claims a mail inside the caller's transaction: false when the same
    /// Message-ID from the same sender was claimed before.
    pub fn claim_inbound(&self, r: &InboundRow) -> Result<bool> {
        let n = self.conn.execute(
            "INSERT OR IGNORE INTO inbound(message_id, received_at, sender, game_id, outcome, reason, size, actor)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![message_id_key(&r.message_id), r.received_at, bounded(r.sender.as_deref()), r.game_id, r.outcome, r.reason, r.size, bounded(r.actor.as_deref())],
        )?;
        Ok(n == 1)
    }

    /// Writes the outcome of a claimed mail (its actor is set apart).
    pub fn settle_inbound(&self, r: &InboundRow) -> Result<()> {
        self.conn.execute(
            "UPDATE inbound SET game_id = ?3, outcome = ?4, reason = ?5
             WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')",
            params![
                message_id_key(&r.message_id),
                bounded(r.sender.as_deref()),
                r.game_id,
                r.outcome,
                r.reason
            ],
        )?;
        Ok(())
    }

    /// True when this Message-ID from this sender was handled already.
    pub fn inbound_seen_from(&self, message_id: &str, sender: Option<&str>) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM inbound WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')",
                params![message_id_key(message_id), bounded(sender)],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// Whether the mail recorded under `message_id` and `sender` keeps that
    /// id for good: it acted in a game, or it failed (a failing mail is
    /// tried once, whatever it carries). Other rows touched no game.
    pub fn inbound_keeps_id(&self, message_id: &str, sender: Option<&str>) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM inbound WHERE message_id = ?1 AND IFNULL(sender, '') = IFNULL(?2, '')
                 AND (game_id IS NOT NULL OR outcome = 'failed')",
                params![message_id_key(message_id), bounded(sender)],
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
            params![
                message_id_key(message_id),
                bounded(sender),
                message_id_key(actor),
                game_id
            ],
        )?;
        Ok(())
    }

    /// Mails `actor` sent since `since`: in all games, or in one game.
    pub fn acted_since(&self, actor: &str, game_id: Option<i64>, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE actor = ?1 AND received_at >= ?2
               AND (?3 IS NULL OR game_id = ?3)",
            params![message_id_key(actor), since, game_id],
            |r| r.get(0),
        )?)
    }

    /// How many answers went to the mails `actor` sent since `since` (the rate limit).
    pub fn answers_since(&self, actor: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE actor = ?1 AND received_at >= ?2 AND outcome IN (?3, ?4)",
            params![message_id_key(actor), since, InboundOutcome::Rejected, InboundOutcome::Answered],
            |r| r.get(0),
        )?)
    }

    pub fn inbound_since(&self, sender: &str, since: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM inbound WHERE sender = ?1 AND received_at >= ?2",
            params![message_id_key(sender), since],
            |r| r.get(0),
        )?)
    }
}
