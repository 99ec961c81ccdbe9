//! The players table: an address's language, zone, quiet hours, notification
//! setting and vacation bank.

use super::{address_key, Player, Result, Store};
use rusqlite::{params, OptionalExtension};

impl Store {
    /// The player with this address, created with defaults if new. A new
    /// player hears of a game once per turn of theirs (`notify = 'turn'`);
    /// rows made before that default keep the word they hold.
    pub fn player(&self, email: &str, now: &str) -> Result<Player> {
        let email = address_key(email);
        self.conn.execute(
            "INSERT OR IGNORE INTO players(email, created_at, notify) VALUES (?1, ?2, 'turn')",
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
                [address_key(email)],
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

    pub fn players(&self) -> Result<Vec<Player>> {
        self.list("SELECT * FROM players ORDER BY email", [], Player::from_row)
    }
}
