//! The finishes, results, ratings and rating_history tables: how each seat
//! of a finished game ended, and the ratings derived from the rated ones in
//! the order they finished (kept up to date game by game, and rebuilt from
//! the results whenever the rating code changes).

use super::{address_key, Result, Store};
use crate::public_name::PublicName;
use crate::rating::{Finish, Pool, RatedGame, Rating, Ratings, SizeClass};
use rusqlite::{params, OptionalExtension, Row};

/// How one seat finished a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    pub seat: usize,
    pub email: String,
    pub finish: Finish,
    /// The final score, where the game has one for the seat.
    pub score: Option<f64>,
}

/// A finished game's result, seat by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalResult {
    pub game_id: i64,
    pub seats: Vec<SeatResult>,
    pub finished_at: String,
}

/// One player's rating in a pool, by public name (never the address).
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// The address, for the service's own use (the reader's place); never shown.
    pub email: String,
    pub name: Option<PublicName>,
    pub rating: Rating,
}

/// A player's rating after one rated game: a point of "rating over time".
#[derive(Clone, Debug, PartialEq)]
pub struct RatingStep {
    pub game_id: i64,
    pub pool: Pool,
    pub rating: Rating,
    pub finished_at: String,
}

fn class_word(class: SizeClass) -> &'static str {
    match class {
        SizeClass::TwoPlayers => "2",
        SizeClass::ThreeOrFour => "3-4",
    }
}

fn bad(what: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, what.into())
}

fn read_class(r: &Row) -> rusqlite::Result<SizeClass> {
    let word: String = r.get("class")?;
    match word.as_str() {
        "2" => Ok(SizeClass::TwoPlayers),
        "3-4" => Ok(SizeClass::ThreeOrFour),
        other => Err(bad(format!("unknown ratings class {other:?}"))),
    }
}

fn read_rating(r: &Row) -> rusqlite::Result<Rating> {
    Ok(Rating {
        mu: r.get("mu")?,
        sigma: r.get("sigma")?,
        games: r.get("games")?,
    })
}

fn read_flag(r: &Row, column: &str) -> rusqlite::Result<bool> {
    match r.get::<_, i64>(column)? {
        0 => Ok(false),
        1 => Ok(true),
        n => Err(bad(format!("{column} is {n}, neither 0 nor 1"))),
    }
}

fn read_seat_result(r: &Row) -> rusqlite::Result<SeatResult> {
    let word: String = r.get("finish")?;
    let rank: Option<i64> = r.get("rank")?;
    let finish = match (word.as_str(), rank) {
        ("ranked", Some(n)) if n >= 1 => Finish::Ranked(n as usize),
        ("left", None) => Finish::Left,
        (w, n) => return Err(bad(format!("results finish {w:?} with rank {n:?}"))),
    };
    Ok(SeatResult {
        seat: r.get::<_, i64>("seat")? as usize,
        email: r.get("email")?,
        finish,
        score: r.get("score")?,
    })
}

/// The pool a game of `seats` seats rates in, if it is rated at all: two to
/// four seats, each a different player.
fn pool_of(game: &str, seats: &[SeatResult]) -> Option<Pool> {
    let class = SizeClass::of(seats.len())?;
    let mut players: Vec<&str> = seats.iter().map(|s| s.email.as_str()).collect();
    players.sort_unstable();
    players.dedup();
    (players.len() == seats.len()).then(|| Pool {
        game: game.to_string(),
        class,
    })
}

fn rated_game(pool: Pool, seats: &[SeatResult]) -> RatedGame<String> {
    RatedGame {
        pool,
        seats: seats.iter().map(|s| (s.email.clone(), s.finish)).collect(),
    }
}

impl Store {
    /// Marks a game rated or not (before it finishes; the flag is copied
    /// into its finish).
    pub fn set_game_rated(&self, game_id: i64, rated: bool) -> Result<()> {
        self.update_one(
            "UPDATE games SET rated = ?2 WHERE id = ?1",
            params![game_id, rated as i64],
        )
    }

    pub fn game_rated(&self, game_id: i64) -> Result<bool> {
        self.conn
            .query_row("SELECT rated FROM games WHERE id = ?1", [game_id], |r| {
                read_flag(r, "rated")
            })
            .optional()?
            .ok_or(super::StoreError::NoGame(game_id))
    }

    /// Records a game's end: each seat's result, and, for a rated game of
    /// two to four different players, its players' new ratings and a
    /// history row each. All or nothing (a savepoint inside the caller's
    /// transaction). Returns whether the ratings changed.
    pub fn record_finish(&self, result: &FinalResult) -> Result<bool> {
        self.in_savepoint(|s| s.record_finish_now(result))
    }

    fn record_finish_now(&self, result: &FinalResult) -> Result<bool> {
        let game = self.game(result.game_id)?;
        let rated = self.game_rated(result.game_id)?;
        self.conn.execute(
            "INSERT INTO finishes(game_id, n, rated, finished_at)
             VALUES (?1, (SELECT COALESCE(MAX(n), 0) + 1 FROM finishes), ?2, ?3)",
            params![result.game_id, rated as i64, result.finished_at],
        )?;
        for seat in &result.seats {
            let (word, rank) = match seat.finish {
                Finish::Ranked(n) => ("ranked", Some(n as i64)),
                Finish::Left => ("left", None),
            };
            self.conn.execute(
                "INSERT INTO results(game_id, seat, email, finish, rank, score)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    result.game_id,
                    seat.seat as i64,
                    address_key(&seat.email),
                    word,
                    rank,
                    seat.score
                ],
            )?;
        }
        let seats = self.results(result.game_id)?;
        let Some(pool) = pool_of(&game.game, &seats).filter(|_| rated) else {
            return Ok(false);
        };
        let mut ratings = Ratings::default();
        for s in &seats {
            if let Some(r) = self.rating(&pool, &s.email)? {
                ratings.set(&pool, s.email.clone(), r);
            }
        }
        ratings.record(&rated_game(pool.clone(), &seats));
        for s in &seats {
            self.write_rating(
                result.game_id,
                &pool,
                &s.email,
                &ratings.of(&pool, &s.email),
            )?;
        }
        Ok(true)
    }

    fn write_rating(&self, game_id: i64, pool: &Pool, email: &str, r: &Rating) -> Result<()> {
        let class = class_word(pool.class);
        self.conn.execute(
            "INSERT INTO ratings(game, class, email, mu, sigma, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT(game, class, email) DO UPDATE SET mu = ?4, sigma = ?5, games = ?6",
            params![pool.game, class, email, r.mu, r.sigma, r.games],
        )?;
        self.conn.execute(
            "INSERT INTO rating_history(game_id, email, game, class, mu, sigma, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![game_id, email, pool.game, class, r.mu, r.sigma, r.games],
        )?;
        Ok(())
    }

    /// The seats' results of a finished game, by seat.
    pub fn results(&self, game_id: i64) -> Result<Vec<SeatResult>> {
        self.list(
            "SELECT * FROM results WHERE game_id = ?1 ORDER BY seat",
            [game_id],
            read_seat_result,
        )
    }

    /// Every game `email` finished, newest first: (game id, their result).
    pub fn results_of(&self, email: &str) -> Result<Vec<(i64, SeatResult)>> {
        self.list(
            "SELECT r.* FROM results r JOIN finishes f ON f.game_id = r.game_id
             WHERE r.email = ?1 ORDER BY f.n DESC",
            [address_key(email)],
            |r| Ok((r.get("game_id")?, read_seat_result(r)?)),
        )
    }

    /// A player's stored rating in a pool, if they have played in it.
    pub fn rating(&self, pool: &Pool, email: &str) -> Result<Option<Rating>> {
        Ok(self
            .conn
            .query_row(
                "SELECT mu, sigma, games FROM ratings WHERE game = ?1 AND class = ?2 AND email = ?3",
                params![pool.game, class_word(pool.class), address_key(email)],
                read_rating,
            )
            .optional()?)
    }

    /// The pools of a game that hold ratings (two players first).
    pub fn rating_pools(&self, game: &str) -> Result<Vec<Pool>> {
        let mut pools = self.list(
            "SELECT DISTINCT game, class FROM ratings WHERE game = ?1",
            [game],
            |r| {
                Ok(Pool {
                    game: r.get("game")?,
                    class: read_class(r)?,
                })
            },
        )?;
        pools.sort();
        Ok(pools)
    }

    /// A pool's players, best shown rating first, ties by name then address.
    pub fn pool_ratings(&self, pool: &Pool) -> Result<Vec<PoolRating>> {
        let rows = self.list(
            "SELECT r.email, r.mu, r.sigma, r.games, n.name FROM ratings r
             LEFT JOIN public_names n ON n.email = r.email
             WHERE r.game = ?1 AND r.class = ?2",
            params![pool.game, class_word(pool.class)],
            |r| {
                Ok((
                    r.get::<_, String>("email")?,
                    read_rating(r)?,
                    r.get::<_, Option<String>>("name")?,
                ))
            },
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for (email, rating, name) in rows {
            let name = match name {
                Some(n) => Some(PublicName::parse(&n).map_err(|e| {
                    bad(format!(
                        "public_names.name '{n}' is no longer a valid name: {e}"
                    ))
                })?),
                None => None,
            };
            out.push(PoolRating {
                email,
                name,
                rating,
            });
        }
        out.sort_by(|a, b| {
            b.rating
                .shown()
                .cmp(&a.rating.shown())
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.email.cmp(&b.email))
        });
        Ok(out)
    }

    /// A player's rating after each rated game, oldest first.
    pub fn rating_history(&self, email: &str) -> Result<Vec<RatingStep>> {
        self.list(
            "SELECT h.*, f.finished_at FROM rating_history h JOIN finishes f ON f.game_id = h.game_id
             WHERE h.email = ?1 ORDER BY f.n",
            [address_key(email)],
            |r| {
                Ok(RatingStep {
                    game_id: r.get("game_id")?,
                    pool: Pool {
                        game: r.get("game")?,
                        class: read_class(r)?,
                    },
                    rating: read_rating(r)?,
                    finished_at: r.get("finished_at")?,
                })
            },
        )
    }

    /// Every rated finished game as the ratings see it, in finish order.
    fn rated_finishes(&self) -> Result<Vec<(i64, RatedGame<String>)>> {
        let games = self.list(
            "SELECT f.game_id, g.game FROM finishes f JOIN games g ON g.id = f.game_id
             WHERE f.rated = 1 ORDER BY f.n",
            [],
            |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
        )?;
        let mut out = Vec::new();
        for (id, game) in games {
            let seats = self.results(id)?;
            if let Some(pool) = pool_of(&game, &seats) {
                out.push((id, rated_game(pool, &seats)));
            }
        }
        Ok(out)
    }

    /// Forgets every stored rating and derives them again from the rated
    /// results in finish order (`quipu ratings --rebuild`), in memory, then
    /// writes them. Returns how many games were counted.
    pub fn rebuild_ratings(&self) -> Result<usize> {
        self.in_savepoint(|s| {
            s.conn
                .execute_batch("DELETE FROM rating_history; DELETE FROM ratings;")?;
            let games = s.rated_finishes()?;
            let mut ratings: Ratings<String> = Ratings::default();
            for (id, game) in &games {
                ratings.record(game);
                for (email, _) in &game.seats {
                    let r = ratings.of(&game.pool, email);
                    s.conn.execute(
                        "INSERT INTO rating_history(game_id, email, game, class, mu, sigma, games)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                        params![
                            id,
                            email,
                            game.pool.game,
                            class_word(game.pool.class),
                            r.mu,
                            r.sigma,
                            r.games
                        ],
                    )?;
                }
            }
            for pool in ratings.pools().cloned().collect::<Vec<_>>() {
                for (email, r) in ratings.standings(&pool) {
                    s.conn.execute(
                        "INSERT INTO ratings(game, class, email, mu, sigma, games)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![
                            pool.game,
                            class_word(pool.class),
                            email,
                            r.mu,
                            r.sigma,
                            r.games
                        ],
                    )?;
                }
            }
            Ok(games.len())
        })
    }
}
