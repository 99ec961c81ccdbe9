//! Player ratings: Weng-Lin (Bradley-Terry, full pairing) over the ranks of
//! rated finished games, one pool per game and player-count class. Ratings are
//! derived from the games in the order they finished and nothing else, so they
//! can always be rebuilt from the games (a fix here never leaves stored numbers
//! behind).
//!
//! The update is the `skillratings` crate's (MIT OR Apache-2.0), each seat a
//! team of one; the formulas are Weng and Lin, "A Bayesian Approximation Method
//! for Online Ranking", JMLR 12 (2011), Algorithm 1.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::collections::BTreeMap;

/// Below this many rated games a rating is shown as provisional.
pub const PROVISIONAL_BELOW: u32 = 5;

/// Players are rated apart in two-player games and in games of three or four:
/// a two-player win says something else than a four-player one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SizeClass {
    TwoPlayers,
    ThreeOrFour,
}

impl SizeClass {
    /// The class of a game of `players` seats; solo games are not rated.
    pub fn of(players: usize) -> Option<SizeClass> {
        match players {
            2 => Some(SizeClass::TwoPlayers),
            3 | 4 => Some(SizeClass::ThreeOrFour),
            _ => None,
        }
    }
}

/// One pool of ratings: a game (its engine name) and a size class.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pool {
    pub game: String,
    pub class: SizeClass,
}

/// How a seat left a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Played to the end and ranked (1 = winner; equal ranks tied).
    Ranked(usize),
    /// Resigned or timed out: ranked below every seat that played on.
    Left,
}

/// A rated game as the ratings see it: who sat where and how each finished.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame<P> {
    pub pool: Pool,
    pub seats: Vec<(P, Finish)>,
}

/// One player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimate of skill.
    pub mu: f64,
    /// The uncertainty of `mu`.
    pub sigma: f64,
    /// Rated games counted.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
            games: 0,
        }
    }
}

impl Rating {
    /// The one number a player sees: the conservative estimate mu - 3 sigma,
    /// scaled so that a new player starts at 1000 (0 = 25 - 3 x 25/3).
    pub fn shown(&self) -> i64 {
        (1000.0 + 40.0 * (self.mu - 3.0 * self.sigma)).round() as i64
    }

    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_BELOW
    }
}

/// Every pool's ratings, built by recording games in the order they finished.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ratings<P: Ord> {
    pools: BTreeMap<Pool, BTreeMap<P, Rating>>,
}

impl<P: Ord + Clone> Ratings<P> {
    /// The ratings of `games`, taken in the order given.
    pub fn rebuild<'a>(games: impl IntoIterator<Item = &'a RatedGame<P>>) -> Ratings<P>
    where
        P: 'a,
    {
        let mut ratings = Ratings {
            pools: BTreeMap::new(),
        };
        for game in games {
            ratings.record(game);
        }
        ratings
    }

    /// Counts one more finished game. A game of fewer than two seats, or one
    /// that names a player twice, changes nothing.
    pub fn record(&mut self, game: &RatedGame<P>) {
        if game.seats.len() < 2 || names_a_player_twice(game) {
            return;
        }
        let pool = self.pools.entry(game.pool.clone()).or_default();
        let before: Vec<[WengLinRating; 1]> = game
            .seats
            .iter()
            .map(|(p, _)| {
                let r = pool.get(p).copied().unwrap_or_default();
                [WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                }]
            })
            .collect();
        let places = places(&game.seats);
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
            .iter()
            .zip(&places)
            .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place)))
            .collect();
        let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
        for ((player, _), new) in game.seats.iter().zip(after) {
            let Some(new) = new.first() else { continue };
            let entry = pool.entry(player.clone()).or_default();
            entry.mu = new.rating;
            entry.sigma = new.uncertainty;
            entry.games += 1;
        }
    }

    /// Sets a rating by hand: for tests that start from given ratings.
    pub fn set(&mut self, pool: &Pool, player: P, rating: Rating) {
        self.pools
            .entry(pool.clone())
            .or_default()
            .insert(player, rating);
    }

    /// A player's rating in a pool (a new player's if they have none there).
    pub fn of(&self, pool: &Pool, player: &P) -> Rating {
        self.pools
            .get(pool)
            .and_then(|p| p.get(player))
            .copied()
            .unwrap_or_default()
    }

    /// The pools that hold at least one rated player.
    pub fn pools(&self) -> impl Iterator<Item = &Pool> {
        self.pools.keys()
    }

    /// A pool's players, best shown rating first (ties by name, so the order
    /// is the same on every run).
    pub fn standings(&self, pool: &Pool) -> Vec<(P, Rating)> {
        let mut rows: Vec<(P, Rating)> = self
            .pools
            .get(pool)
            .map(|p| p.iter().map(|(k, r)| (k.clone(), *r)).collect())
            .unwrap_or_default();
        rows.sort_by(|a, b| b.1.shown().cmp(&a.1.shown()).then_with(|| a.0.cmp(&b.0)));
        rows
    }
}

fn names_a_player_twice<P: Ord>(game: &RatedGame<P>) -> bool {
    let mut seen: Vec<&P> = game.seats.iter().map(|(p, _)| p).collect();
    seen.sort();
    seen.windows(2).any(|w| w[0] == w[1])
}

/// Places for the rating update, 1 = best: the ranks as given, and every seat
/// that left shares the place after the last ranked one.
fn places<P>(seats: &[(P, Finish)]) -> Vec<usize> {
    let last_ranked = seats
        .iter()
        .filter_map(|(_, f)| match f {
            Finish::Ranked(r) => Some(*r),
            Finish::Left => None,
        })
        .max()
        .unwrap_or(0);
    seats
        .iter()
        .map(|(_, f)| match f {
            Finish::Ranked(r) => (*r).max(1),
            Finish::Left => last_ranked + 1,
        })
        .collect()
}
