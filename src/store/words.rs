//! The closed sets of words the store keeps in its text columns (statuses,
//! kinds, outcomes): one enum per column, stored as the same words as ever,
//! and a word read back that the enum does not know is an error naming the
//! table, the row and the word.

use rusqlite::types::{ToSql, ToSqlOutput, Type};
use rusqlite::Row;
use std::fmt;
use thiserror::Error;

/// A stored word this quipu does not know (a newer quipu's, or damage).
#[derive(Debug, Error)]
#[error("unknown {column} {value:?} in table {table}, row {row}")]
pub struct UnknownWord {
    pub table: &'static str,
    pub column: &'static str,
    pub row: String,
    pub value: String,
}

/// One enum of stored words.
pub trait StoredWord: Sized + Copy + 'static {
    /// Every word, in the order the CHECK constraint lists them.
    const ALL: &'static [Self];
    fn as_str(self) -> &'static str;
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|w| w.as_str() == word)
    }
}

/// Reads column `column` of `table` as a `T`; `row` names the row in the
/// error if the word is unknown.
pub(crate) fn read_word<T: StoredWord>(
    r: &Row,
    table: &'static str,
    column: &'static str,
    row: impl FnOnce() -> String,
) -> rusqlite::Result<T> {
    let value: String = r.get(column)?;
    T::from_word(&value).ok_or_else(|| {
        let index = r.as_ref().column_index(column).unwrap_or(0);
        rusqlite::Error::FromSqlConversionFailure(
            index,
            Type::Text,
            Box::new(UnknownWord {
                table,
                column,
                row: row(),
                value,
            }),
        )
    })
}

macro_rules! stored_words {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $word:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl StoredWord for $name {
            const ALL: &'static [Self] = &[$($name::$variant,)+];
            fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)+
                }
            }
        }

        impl $name {
            /// The word as stored and shown.
            pub fn as_str(self) -> &'static str {
                StoredWord::as_str(self)
            }

            /// The value this word stands for, if it is one of ours.
            pub fn from_word(word: &str) -> Option<Self> {
                <Self as StoredWord>::from_word(word)
            }
        }

        // Debug shows the stored word, quoted, as rows printed before the
        // words were typed (logs and test messages read the same).
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:?}", self.as_str())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

stored_words! {
    /// Where a game is in its life (`games.status`).
    GameStatus {
        /// Made by mail, waiting for the invited to answer.
        Forming = "forming",
        Active = "active",
        Finished = "finished",
        /// Never started (someone declined) or everyone left.
        Abandoned = "abandoned",
    }
}

stored_words! {
    /// Where a person stands at a game's table (`seats.status`).
    SeatStatus {
        Invited = "invited",
        Joined = "joined",
        Declined = "declined",
        /// Timed out or resigned; the seat may return or be offered.
        Dropped = "dropped",
        /// Gave the seat to someone who took it over.
        Replaced = "replaced",
        /// Offered a dropped seat, not yet answered.
        Offered = "offered",
        /// An offer taken back because someone else took the seat.
        Withdrawn = "withdrawn",
        /// Said no to an offered seat.
        Refused = "refused",
    }
}

stored_words! {
    /// The level a bot seat plays at (`seats.bot`; NULL for a person).
    BotLevel {
        /// The best immediate move (`engine::bot::Level::Greedy`).
        Easy = "easy",
        /// Information-set MCTS within the service's standard budget.
        Standard = "standard",
        /// The same search with a larger budget.
        Hard = "hard",
    }
}

stored_words! {
    /// What a history row records (`moves.kind`).
    MoveKind {
        /// A decision applied through the engine.
        Move = "move",
        /// Takes back the mover's last move.
        Undo = "undo",
        /// Table talk.
        Say = "say",
        /// A seat left the game (resigned or timed out).
        Drop = "drop",
        /// A dropped seat came back (or was taken over).
        Return = "return",
        /// A line the service wrote into the record (how the game was made).
        Note = "note",
    }
}

stored_words! {
    /// What a mail in the outbox is (`outbox.kind`).
    MailKind {
        /// The reader's turn: the board and their decision.
        Turn = "turn",
        /// News of others' moves.
        Update = "update",
        /// The game ended.
        GameOver = "over",
        /// An answer to a mail.
        Answer = "answer",
        /// A reminder, invitation, digest or other word from the service.
        Notice = "notice",
    }
}

stored_words! {
    /// What became of an inbound mail (`inbound.outcome`).
    InboundOutcome {
        /// Changed a game or made one.
        Applied = "applied",
        /// Refused, with the reason told to the sender.
        Rejected = "rejected",
        /// Not for us or not answerable (automatic, bounce, junk).
        Ignored = "ignored",
        /// Asked something and was answered; nothing changed.
        Answered = "answered",
        /// The same mail again.
        Duplicate = "duplicate",
        /// An internal error; nothing was changed.
        Failed = "failed",
    }
}

stored_words! {
    /// Where a `new GAME` request stands (`game_requests.status`).
    RequestStatus {
        Waiting = "waiting",
        Confirmed = "confirmed",
        Refused = "refused",
    }
}

stored_words! {
    /// Where a table opened by mail stands (`open_tables.status`).
    TableStatus {
        /// Waiting for players.
        Open = "open",
        /// Full: the game it became is running or over.
        Started = "started",
        /// Closed unfilled (10 days passed, or everyone left).
        Closed = "closed",
    }
}

stored_words! {
    /// The language a table asks its players for (`open_tables.lang`).
    TableLanguage {
        Korean = "ko",
        English = "en",
        Any = "any",
    }
}

stored_words! {
    /// Who fills a table's empty seats (`open_tables.fill`).
    TableFill {
        /// Only people: the table waits (and closes after 10 days).
        People = "people",
        /// Bots take the empty seats after a wait; the game is then unrated.
        Bot = "bot",
    }
}

stored_words! {
    /// Where an automatch entry stands (`queue_entries.status`).
    QueueStatus {
        Waiting = "waiting",
        /// Put at a table (`queue_entries.table_id`).
        Matched = "matched",
        /// Ended by its player (`leave queue`) or closed.
        Left = "left",
    }
}
