//! The games and seats tables: a game's row (status, clock, engine version)
//! and who holds, was offered or left each seat.

use super::{
    address_key, BotLevel, GameRow, GameStatus, NewGame, Result, SeatRow, SeatStatus, Store,
    StoreError,
};
use rusqlite::{params, OptionalExtension};

impl Store {
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

    pub fn add_seat(
        &self,
        game_id: i64,
        email: &str,
        seat: Option<usize>,
        status: SeatStatus,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT INTO seats(game_id, email, seat, status) VALUES (?1, ?2, ?3, ?4)",
            params![game_id, address_key(email), seat.map(|s| s as i64), status],
        )?;
        Ok(())
    }

    /// Marks the seat row `email` of game `game_id` as played by the
    /// service's bot at `level`.
    pub fn set_seat_bot(&self, game_id: i64, email: &str, level: BotLevel) -> Result<()> {
        self.conn.execute(
            "UPDATE seats SET bot = ?3 WHERE game_id = ?1 AND email = ?2",
            params![game_id, address_key(email), level],
        )?;
        Ok(())
    }

    /// Active games with a bot seat in play, by number.
    pub fn games_with_bots(&self) -> Result<Vec<i64>> {
        self.list(
            "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.bot IS NOT NULL AND s.status = ?1 AND g.status = ?2 ORDER BY s.game_id",
            params![SeatStatus::Joined, GameStatus::Active],
            |r| r.get(0),
        )
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
            params![game_id, address_key(email), seat.map(|s| s as i64), status],
        )?;
        Ok(())
    }

    /// Forgets what was told to `email` in game `id` (a seat row used again).
    pub fn forget_news(&self, game_id: i64, email: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE seats SET last_message_id = NULL, seen_move = 0 WHERE game_id = ?1 AND email = ?2",
            params![game_id, address_key(email)],
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
            params![game_id, address_key(email), message_id, seen_move],
        )?;
        Ok(())
    }

    /// Active games in which this address holds a seat.
    pub fn games_of(&self, email: &str) -> Result<Vec<i64>> {
        self.list(
            "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.email = ?1 AND s.status = ?2 AND g.status = ?3 ORDER BY s.game_id",
            params![address_key(email), SeatStatus::Joined, GameStatus::Active],
            |r| r.get(0),
        )
    }

    /// Games forming or in play in which this address holds a seat (joined
    /// or invited) beside at least one bot seat.
    pub fn bot_games_of(&self, email: &str) -> Result<i64> {
        let n = self.conn.query_row(
            "SELECT COUNT(DISTINCT s.game_id) FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.email = ?1 AND s.status IN (?2, ?3) AND g.status IN (?4, ?5)
               AND EXISTS (SELECT 1 FROM seats b WHERE b.game_id = s.game_id AND b.bot IS NOT NULL)",
            params![
                address_key(email),
                SeatStatus::Joined,
                SeatStatus::Invited,
                GameStatus::Forming,
                GameStatus::Active
            ],
            |r| r.get(0),
        )?;
        Ok(n)
    }
}
