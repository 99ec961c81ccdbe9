//! The lobby's limits and clocks: at most three open tables and queue
//! entries per player, a table unfilled after 10 days closes, a `fill=bot`
//! table gets bots after 48 hours, the on-time record a table asks for,
//! and which games count for ratings.

use super::request::{Refusal, SeatRange};
use crate::store::TableFill;
use chrono::{DateTime, Duration, Utc};

/// Open tables a player sits at plus their waiting queue entries, at most.
pub const MAX_COMMITMENTS: usize = 3;
/// A table not filled in this many days is closed.
pub const TABLE_LIFETIME_DAYS: i64 = 10;
/// A queue entry waiting this long accepts any player count in its range.
pub const WIDEN_AFTER_HOURS: i64 = 24;
/// A `fill=bot` table gives its empty seats to bots after this wait.
pub const BOT_FILL_AFTER_HOURS: i64 = 48;

/// Refuses one more table or entry to a player who has `have` already.
pub fn check_commitments(have: usize) -> Result<(), Refusal> {
    if have >= MAX_COMMITMENTS {
        Err(Refusal::TooMany {
            have,
            max: MAX_COMMITMENTS,
        })
    } else {
        Ok(())
    }
}

/// Whether a player with `on_time` of `decisions` made before their deadline
/// may sit at a table asking `min` percent. A player with no decisions yet
/// has no record to fall short of and may sit.
pub fn ontime_allows(min: Option<u8>, on_time: u32, decisions: u32) -> bool {
    match min {
        None => true,
        Some(_) if decisions == 0 => true,
        Some(p) => u64::from(on_time) * 100 >= u64::from(p) * u64::from(decisions),
    }
}

/// What an open table needs now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableDue {
    /// Keep waiting for players.
    Wait,
    /// Every seat is taken: draw the seat order and start.
    Start,
    /// The wait for people is over: `bots` bots take the empty seats up to
    /// the table's smallest count, and the game starts unrated.
    FillWithBots { bots: usize },
    /// Unfilled for 10 days: close it and tell those seated.
    Close,
}

/// What a table opened at `opened_at` with `seated` players needs at `now`.
pub fn table_due(
    opened_at: DateTime<Utc>,
    now: DateTime<Utc>,
    seated: usize,
    seats: SeatRange,
    fill: TableFill,
) -> TableDue {
    let waited = now - opened_at;
    if seated >= seats.max {
        TableDue::Start
    } else if fill == TableFill::Bot && waited >= Duration::hours(BOT_FILL_AFTER_HOURS) {
        TableDue::FillWithBots {
            bots: seats.min.saturating_sub(seated),
        }
    } else if waited >= Duration::days(TABLE_LIFETIME_DAYS) {
        TableDue::Close
    } else {
        TableDue::Wait
    }
}

/// Whether the game a table becomes counts for ratings: the table asked
/// for it, no bot sits at it and no seat was handed on.
pub fn game_is_rated(table_rated: bool, bots: usize, replaced_seat: bool) -> bool {
    table_rated && bots == 0 && !replaced_seat
}
