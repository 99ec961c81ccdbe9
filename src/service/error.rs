//! What can go wrong in the service, as one error type: the store's and the
//! history's errors, refusals of a turn, unreadable stored data, and faults
//! caught at one mail or one tick.

use crate::engine::Text;
use crate::store::{GameStatus, StoreError};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    History(#[from] super::history::HistoryError),
    #[error("there is no game called '{0}'; the games are: {1}")]
    UnknownGame(String, String),
    #[error("{0}")]
    Setup(String),
    #[error("{0} has no seat in game {1}")]
    NotAPlayer(String, i64),
    #[error("game {0} is {1}, not active")]
    NotActive(i64, GameStatus),
    /// A turn was refused: which line, why, and what would be legal.
    #[error("line {line} '{command}': {reason}")]
    Refused {
        line: usize,
        command: String,
        reason: Text,
        suggestions: Vec<String>,
    },
    #[error("{0}")]
    Mail(String),
    /// Data read back from the database that cannot be used as it is.
    #[error("game {0}: {1}")]
    Unreadable(i64, String),
    /// The rules engine failed on a legal command: the mail is recorded
    /// `failed` with this reason, nothing of it applied.
    #[error("game {0}: {1}")]
    Engine(i64, crate::engine::InternalError),
    /// A stored time of a game that does not read.
    #[error("game {0}: {1}")]
    BadTime(i64, BadTime),
    /// A board picture that could not be encoded.
    #[error("game {0}: {1}")]
    Picture(i64, crate::render::EncodeError),
    /// A stored time outside any one game (a player's, the clock's own).
    #[error("{0}: {1}")]
    BadStoredTime(String, BadTime),
    /// A time the clock would compute lies outside the calendar it can
    /// store (a setting from before the clock's bounds).
    #[error("the clock cannot count {0}: it ends outside the calendar")]
    Clock(String),
    /// Code that should never fail did (a panic), caught at one mail or
    /// one tick so that the service goes on.
    #[error("internal fault: {0}")]
    Panicked(String),
}

pub type Result<T> = std::result::Result<T, ServiceError>;

/// A stored time that does not read as RFC 3339: the stored data is
/// corrupt, and no default time may stand in for it.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("the stored {what} '{value}' is not a time")]
pub struct BadTime {
    /// Which time it was (a column or key name).
    pub what: &'static str,
    /// The stored text, cut short.
    pub value: String,
}
