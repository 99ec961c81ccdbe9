//! What a mail's handling decided: its outcome, why (a [`Reason`], put in
//! words for the record in this file alone), and the game it concerned;
//! recorded with the mail and returned to the caller.

use crate::store::InboundOutcome;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub outcome: InboundOutcome,
    pub reason: Reason,
    pub game_id: Option<i64>,
}

impl Verdict {
    pub(crate) fn new(outcome: InboundOutcome, reason: Reason, game_id: Option<i64>) -> Verdict {
        Verdict {
            outcome,
            reason,
            game_id,
        }
    }
}

/// Why a mail got its outcome. Its words (English, for the operator: `quipu
/// log`, the inbound record) are its `Display`; the sender's own words are
/// composed where the mail is answered.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Reason {
    /// A machine's mail (an auto-reply, a list), with what showed it.
    Automatic(String),
    /// A delivery failure report, with what showed it.
    Bounce(String),
    /// Control characters or undecodable bytes where commands should be.
    BinaryJunk,
    NoSender,
    /// Over the hourly limit of mails from one sender address.
    SenderOverLimit,
    /// Over the hourly limits of the mailbox the mail acts for.
    PlayerOverLimit,
    /// Answered with these words (their English).
    Told(String),
    /// A mail to the service address answering game `0`'s mail.
    WithoutReplyAddress(i64),
    /// A refused line of a turn: its number in the mail, the line, why.
    Refused {
        line: usize,
        command: String,
        why: String,
    },
    /// A reply to a mail from before the seat's last move: these commands
    /// were not applied.
    Stale(Vec<String>),
    /// A turn applied: its commands, whether table talk went with it, and
    /// the note of the lines not read (empty for none).
    Applied {
        commands: Vec<String>,
        said: bool,
        unread: String,
    },
    /// Service commands answered: the mail's note before them (the
    /// language's confirmation; empty for none), and whether lines that
    /// read as no command (`chat`) came around them.
    Noted {
        note: String,
        chat: bool,
    },
    /// A reason, then the reasons of the service commands run after it.
    Then(Box<Reason>, Vec<String>),
    /// The words were not sent: the sender's answer limit was reached.
    Unanswered(Box<Reason>),
    NoSuchRequest,
    RequestAnswered,
    RequestExpired,
    RequestNotConfirmed,
    /// No game made for a request, and why.
    NoGame(String),
    CreatedGame(i64),
    /// The handling failed (an internal error, rolled back).
    Failed(String),
    /// Claimed by a handling still under way.
    BeingHandled,
    /// Handled before.
    Duplicate,
}

impl Reason {
    /// Service commands answered after the mail's note.
    pub(crate) fn noted(note: String) -> Reason {
        Reason::Noted { note, chat: false }
    }

    /// Service commands answered with lines that read as no command
    /// around them (`note` lists them).
    pub(crate) fn chat_around(note: String) -> Reason {
        Reason::Noted { note, chat: true }
    }

    pub(crate) fn applied(commands: Vec<String>, said: bool, unread: String) -> Reason {
        Reason::Applied {
            commands,
            said,
            unread,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Automatic(why) => write!(f, "automatic mail: {why}"),
            Reason::Bounce(why) => write!(f, "bounce: {why}"),
            Reason::BinaryJunk => f.write_str(
                "binary junk: control characters or undecodable bytes where commands should be",
            ),
            Reason::NoSender => f.write_str("no sender address"),
            Reason::SenderOverLimit => {
                f.write_str("rate limit: too many mails from this sender in the last hour")
            }
            Reason::PlayerOverLimit => {
                f.write_str("rate limit: too many mails from this player in the last hour")
            }
            Reason::Told(words) => f.write_str(words),
            Reason::WithoutReplyAddress(id) => {
                write!(f, "answered game #{id}'s mail without its reply address")
            }
            Reason::Refused { line, command, why } => write!(f, "line {line} '{command}': {why}"),
            Reason::Stale(commands) => write!(
                f,
                "stale reply: the seat moved after the mail it answers; not applied: {}",
                commands.join(" | ")
            ),
            Reason::Applied {
                commands,
                said,
                unread,
            } => {
                f.write_str(&commands.join("; "))?;
                if *said {
                    f.write_str("; said")?;
                }
                if !unread.is_empty() {
                    write!(f, " ({unread})")?;
                }
                Ok(())
            }
            Reason::Noted { note, chat } => {
                f.write_str(note)?;
                if *chat {
                    f.write_str(" ")?;
                }
                Ok(())
            }
            Reason::Then(first, each) => {
                let mut words = first.to_string();
                for reason in each {
                    if !words.is_empty() && !words.ends_with(' ') {
                        words.push_str("; ");
                    }
                    words.push_str(reason);
                }
                f.write_str(&words)
            }
            Reason::Unanswered(reason) => {
                write!(f, "{reason} (not answered: answer limit reached)")
            }
            Reason::NoSuchRequest => f.write_str("no such game request"),
            Reason::RequestAnswered => f.write_str("request already answered"),
            Reason::RequestExpired => f.write_str("request expired"),
            Reason::RequestNotConfirmed => f.write_str("request not confirmed"),
            Reason::NoGame(why) => write!(f, "no game: {why}"),
            Reason::CreatedGame(id) => write!(f, "created game {id}"),
            Reason::Failed(why) => f.write_str(why),
            Reason::BeingHandled => f.write_str("being handled"),
            Reason::Duplicate => f.write_str("already processed"),
        }
    }
}
