//! The outbox table: composed mails in order, what was handed over, sent or
//! refused, and what a reply names among the mails we sent.

use super::{NewMail, OutboxRow, Result, Store};
use rusqlite::params;

impl Store {
    pub fn enqueue(&self, m: &NewMail) -> Result<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO outbox(created_at, game_id, recipient, message_id, kind, raw, next_try_at, moves_seen,
                                          plain_text, html_text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?1,
                     CASE WHEN ?2 IS NULL THEN NULL
                          ELSE (SELECT COALESCE(MAX(n), 0) FROM moves WHERE game_id = ?2) END,
                     ?7, ?8)",
            params![
                m.created_at,
                m.game_id,
                m.recipient,
                m.message_id,
                m.kind,
                m.raw,
                m.plain_text,
                m.html_text
            ],
        )?;
        Ok(())
    }

    /// Unsent mail due by `now`, oldest first, holding back each recipient's
    /// mail behind an older one that still waits (so nothing overtakes it).
    pub fn pending_mail(&self, now: &str, limit: i64) -> Result<Vec<OutboxRow>> {
        self.pending_mail_except(now, limit, &[], &[])
    }

    /// `pending_mail` without the mail of the games and recipients `held`
    /// (over their share of the hour); a recipient's later mail waits behind
    /// a held one as behind any other that waits.
    pub fn pending_mail_except(
        &self,
        now: &str,
        limit: i64,
        held_games: &[i64],
        held_recipients: &[String],
    ) -> Result<Vec<OutboxRow>> {
        let games = serde_json::to_string(held_games)?;
        let recipients = serde_json::to_string(held_recipients)?;
        self.list(
            "SELECT * FROM outbox o
              WHERE sent_at IS NULL AND refused_at IS NULL AND next_try_at <= ?1
                AND IFNULL(o.game_id, -1) NOT IN (SELECT value FROM json_each(?3))
                AND o.recipient NOT IN (SELECT value FROM json_each(?4))
                AND NOT EXISTS (SELECT 1 FROM outbox e
                                 WHERE e.recipient = o.recipient AND e.id < o.id
                                   AND e.sent_at IS NULL AND e.refused_at IS NULL
                                   AND (e.next_try_at > ?1
                                        OR IFNULL(e.game_id, -1) IN (SELECT value FROM json_each(?3))))
              ORDER BY id LIMIT ?2",
            params![now, limit, games, recipients],
            OutboxRow::from_row,
        )
    }

    /// How many mails each game and each recipient was sent since `since`.
    pub fn sent_per_key_since(&self, since: &str) -> Result<SentCounts> {
        let games = self.list(
            "SELECT game_id, COUNT(*) FROM outbox WHERE sent_at >= ?1 AND game_id IS NOT NULL
              GROUP BY game_id",
            [since],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let recipients = self.list(
            "SELECT recipient, COUNT(*) FROM outbox WHERE sent_at >= ?1 GROUP BY recipient",
            [since],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(SentCounts {
            games: games.into_iter().collect(),
            recipients: recipients.into_iter().collect(),
        })
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

    /// Whether `seat` has made a game decision (a move, or an undo of one)
    /// in the mail's game since `mail` was composed: such a history row
    /// after the ones it saw, or, for a mail stored before rows counted
    /// that, one recorded after its time. Talk and notes are no decisions.
    pub fn seat_moved_since(&self, mail: &OutboxRow, seat: usize) -> Result<bool> {
        Ok(self.conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM moves WHERE game_id = ?1 AND seat = ?2
                             AND kind IN ('move', 'undo')
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

    /// Empties the bodies (the MIME and its texts) of mail sent before
    /// `before` (housekeeping); returns how many. The record of each mail
    /// stays, and so does the body of a player's newest mail of a game that
    /// is not over: a late reply to it is still read knowing what it said.
    pub fn prune_sent_bodies(&self, before: &str, now: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "UPDATE outbox SET raw = x'', plain_text = NULL, html_text = NULL, body_pruned_at = ?2
              WHERE sent_at IS NOT NULL AND sent_at < ?1 AND body_pruned_at IS NULL
                AND (game_id IS NULL
                     OR game_id IN (SELECT id FROM games WHERE status IN ('finished', 'abandoned'))
                     OR EXISTS (SELECT 1 FROM outbox AS newer
                                 WHERE newer.game_id = outbox.game_id
                                   AND newer.recipient = outbox.recipient
                                   AND newer.id > outbox.id))",
            [before, now],
        )?)
    }
}

/// Mail sent in a stretch of time, per game and per recipient.
#[derive(Debug, Default)]
pub struct SentCounts {
    pub games: std::collections::HashMap<i64, i64>,
    pub recipients: std::collections::HashMap<String, i64>,
}
