//! The history of a game: the append-only moves table and the stored states
//! (snapshots) after each change.

use super::{MoveRow, NewMove, Result, SnapshotRow, Store};
use rusqlite::{params, OptionalExtension};

/// Stored states kept per game (older ones keep only their digest): enough
/// for an undo to start from the state before the move it takes back.
const STATES_KEPT: i64 = 2;

impl Store {
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
}
