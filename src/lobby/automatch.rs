//! Automatch: waiting queue entries of one game make a table as soon as
//! enough compatible ones exist (the same pace, a player count each
//! accepts, different players); the oldest entry is served first. A fresh
//! entry accepts only the largest count of its range, one waiting a day
//! any count in it.

use super::limits::WIDEN_AFTER_HOURS;
use super::request::SeatRange;
use crate::engine::Rng;
use chrono::{DateTime, Duration, Utc};

/// A waiting entry as automatch sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub id: i64,
    pub player: String,
    pub seats: SeatRange,
    pub pace_hours: u32,
    pub entered_at: DateTime<Utc>,
}

/// Entries that make a table together.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// The entries' ids, oldest first.
    pub entries: Vec<i64>,
    /// Their players, in the same order (seat order is drawn later).
    pub players: Vec<String>,
    pub pace_hours: u32,
}

impl Waiting {
    fn accepts(&self, count: usize, now: DateTime<Utc>) -> bool {
        if now - self.entered_at >= Duration::hours(WIDEN_AFTER_HOURS) {
            self.seats.contains(count)
        } else {
            count == self.seats.max
        }
    }
}

/// The table to make now from `waiting` (one game's entries), if any: the
/// oldest entry that can be matched, at the largest count it accepts, with
/// the oldest compatible entries of other players. Call again after the
/// match is stored until it answers None.
pub fn find_match(waiting: &[Waiting], now: DateTime<Utc>) -> Option<Match> {
    let mut order: Vec<&Waiting> = waiting.iter().collect();
    order.sort_by(|a, b| a.entered_at.cmp(&b.entered_at).then(a.id.cmp(&b.id)));
    for anchor in &order {
        for count in (anchor.seats.min.max(2)..=anchor.seats.max).rev() {
            if !anchor.accepts(count, now) {
                continue;
            }
            let mut chosen: Vec<&Waiting> = vec![anchor];
            for other in &order {
                if chosen.len() == count {
                    break;
                }
                let fits = other.pace_hours == anchor.pace_hours
                    && other.accepts(count, now)
                    && !chosen.iter().any(|c| same_player(&c.player, &other.player));
                if fits {
                    chosen.push(other);
                }
            }
            if chosen.len() == count {
                chosen.sort_by(|a, b| a.entered_at.cmp(&b.entered_at).then(a.id.cmp(&b.id)));
                return Some(Match {
                    entries: chosen.iter().map(|w| w.id).collect(),
                    players: chosen.iter().map(|w| w.player.clone()).collect(),
                    pace_hours: anchor.pace_hours,
                });
            }
        }
    }
    None
}

fn same_player(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// The seat order of a table's players, drawn from `seed` (the game's own
/// seed, so the draw is recorded with the game).
pub fn seat_order(players: &[String], seed: u64) -> Vec<String> {
    let mut order = players.to_vec();
    Rng::new(seed ^ 0x7AB1_E5EA).shuffle(&mut order);
    order
}
