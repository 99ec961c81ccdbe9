//! The rows the store reads and writes, one struct per table.

use super::words::{
    read_word, BotLevel, GameStatus, InboundOutcome, MailKind, MoveKind, SeatStatus,
};
use rusqlite::Row;

type R<T> = rusqlite::Result<T>;

#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub email: String,
    pub name: Option<String>,
    pub lang: String,
    /// Read back only as a zone chrono-tz knows: a stored name it does not
    /// is an error, never a silent UTC.
    pub timezone: chrono_tz::Tz,
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    pub notify: String,
    pub digest_at: Option<String>,
    pub vacation_from: Option<String>,
    pub vacation_to: Option<String>,
    pub vacation_year: Option<i64>,
    pub vacation_used: i64,
}

/// The `timezone` column as a zone; an unknown name fails the read with it.
fn zone_of(r: &Row) -> R<chrono_tz::Tz> {
    let name: String = r.get("timezone")?;
    name.parse::<chrono_tz::Tz>().map_err(|_| {
        rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("players.timezone '{name}' is no time zone").into(),
        )
    })
}

impl Player {
    pub(crate) fn from_row(r: &Row) -> R<Player> {
        Ok(Player {
            email: r.get("email")?,
            name: r.get("name")?,
            lang: r.get("lang")?,
            timezone: zone_of(r)?,
            quiet_from: r.get("quiet_from")?,
            quiet_to: r.get("quiet_to")?,
            notify: r.get("notify")?,
            digest_at: r.get("digest_at")?,
            vacation_from: r.get("vacation_from")?,
            vacation_to: r.get("vacation_to")?,
            vacation_year: r.get("vacation_year")?,
            vacation_used: r.get("vacation_used")?,
        })
    }
}

pub struct NewGame {
    pub game: String,
    pub seed: u64,
    pub options: String,
    pub clock: String,
    pub status: GameStatus,
    pub created_by: Option<String>,
    pub created_at: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub game: String,
    pub seed: u64,
    pub options: String,
    pub clock: String,
    pub status: GameStatus,
    pub created_by: Option<String>,
    pub created_at: String,
    pub finished_at: Option<String>,
}

impl GameRow {
    pub(crate) fn from_row(r: &Row) -> R<GameRow> {
        let id: i64 = r.get("id")?;
        Ok(GameRow {
            id,
            game: r.get("game")?,
            seed: r.get::<_, i64>("seed")? as u64,
            options: r.get("options")?,
            clock: r.get("clock")?,
            status: read_word(r, "games", "status", || format!("id {id}"))?,
            created_by: r.get("created_by")?,
            created_at: r.get("created_at")?,
            finished_at: r.get("finished_at")?,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub game_id: i64,
    pub email: String,
    pub seat: Option<usize>,
    pub status: SeatStatus,
    pub last_message_id: Option<String>,
    pub mails_sent: i64,
    pub seen_move: i64,
    /// The level of a seat the service's bot plays; None for a person.
    pub bot: Option<BotLevel>,
}

impl SeatRow {
    pub(crate) fn from_row(r: &Row) -> R<SeatRow> {
        let game_id: i64 = r.get("game_id")?;
        let seat = r.get::<_, Option<i64>>("seat")?.map(|s| s as usize);
        // The row by game and seat number: addresses stay out of messages.
        let row = || match seat {
            Some(s) => format!("game_id {game_id}, seat {s}"),
            None => format!("game_id {game_id}, no seat yet"),
        };
        Ok(SeatRow {
            game_id,
            email: r.get("email")?,
            seat,
            status: read_word(r, "seats", "status", row)?,
            last_message_id: r.get("last_message_id")?,
            mails_sent: r.get("mails_sent")?,
            seen_move: r.get("seen_move")?,
            bot: match r.get::<_, Option<String>>("bot")? {
                None => None,
                Some(_) => Some(read_word(r, "seats", "bot", row)?),
            },
        })
    }
}

pub struct NewMove {
    pub game_id: i64,
    pub seat: Option<usize>,
    pub email: Option<String>,
    pub kind: MoveKind,
    pub command: String,
    pub events: String,
    pub source: String,
    pub at: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    pub game_id: i64,
    pub n: i64,
    pub seat: Option<usize>,
    pub email: Option<String>,
    pub kind: MoveKind,
    pub command: String,
    pub events: String,
    pub source: String,
    pub at: String,
}

impl MoveRow {
    pub(crate) fn from_row(r: &Row) -> R<MoveRow> {
        let game_id: i64 = r.get("game_id")?;
        let n: i64 = r.get("n")?;
        Ok(MoveRow {
            game_id,
            n,
            seat: r.get::<_, Option<i64>>("seat")?.map(|s| s as usize),
            email: r.get("email")?,
            kind: read_word(r, "moves", "kind", || format!("game_id {game_id}, n {n}"))?,
            command: r.get("command")?,
            events: r.get("events")?,
            source: r.get("source")?,
            at: r.get("at")?,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct InboundRow {
    pub message_id: String,
    pub received_at: String,
    pub sender: Option<String>,
    pub game_id: Option<i64>,
    pub outcome: InboundOutcome,
    pub reason: String,
    pub size: i64,
    /// Who acted: the mailbox the token names, else the sender (the
    /// per-sender limits count this, never the From line alone).
    pub actor: Option<String>,
}

impl InboundRow {
    pub(crate) fn from_row(r: &Row) -> R<InboundRow> {
        let received_at: String = r.get("received_at")?;
        Ok(InboundRow {
            message_id: r.get("message_id")?,
            // The row by its time: the Message-ID is the sender's text.
            outcome: read_word(r, "inbound", "outcome", || {
                format!("received_at {received_at}")
            })?,
            received_at,
            sender: r.get("sender")?,
            game_id: r.get("game_id")?,
            reason: r.get("reason")?,
            size: r.get("size")?,
            actor: r.get("actor")?,
        })
    }
}

pub struct NewMail {
    pub created_at: String,
    pub game_id: Option<i64>,
    pub recipient: String,
    pub message_id: String,
    pub kind: MailKind,
    pub raw: Vec<u8>,
    /// What the mail shows its reader: its plain body, and its HTML body as
    /// text (kept so that a reply is read without parsing `raw` again).
    pub plain_text: String,
    pub html_text: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OutboxRow {
    pub id: i64,
    pub created_at: String,
    pub game_id: Option<i64>,
    pub recipient: String,
    pub message_id: String,
    pub kind: MailKind,
    pub raw: Vec<u8>,
    pub attempts: i64,
    pub next_try_at: String,
    pub last_error: Option<String>,
    pub sent_at: Option<String>,
    /// When the send began; with no `sent_at`, the server may hold it already.
    pub handed_at: Option<String>,
    /// When the server refused it for good (5xx).
    pub refused_at: Option<String>,
    /// History rows of its game when it was composed (None: no game, or
    /// stored before this was counted).
    pub moves_seen: Option<i64>,
    /// The plain body and the HTML body as text, as composed (None: composed
    /// before they were kept, or pruned).
    pub plain_text: Option<String>,
    pub html_text: Option<String>,
    /// When housekeeping emptied `raw` and the texts (the record stays).
    pub body_pruned_at: Option<String>,
}

impl OutboxRow {
    pub(crate) fn from_row(r: &Row) -> R<OutboxRow> {
        let id: i64 = r.get("id")?;
        Ok(OutboxRow {
            id,
            created_at: r.get("created_at")?,
            game_id: r.get("game_id")?,
            recipient: r.get("recipient")?,
            message_id: r.get("message_id")?,
            kind: read_word(r, "outbox", "kind", || format!("id {id}"))?,
            raw: r.get("raw")?,
            attempts: r.get("attempts")?,
            next_try_at: r.get("next_try_at")?,
            last_error: r.get("last_error")?,
            sent_at: r.get("sent_at")?,
            handed_at: r.get("handed_at")?,
            refused_at: r.get("refused_at")?,
            moves_seen: r.get("moves_seen")?,
            plain_text: r.get("plain_text")?,
            html_text: r.get("html_text")?,
            body_pruned_at: r.get("body_pruned_at")?,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DeadlineRow {
    pub game_id: i64,
    pub seat: i64,
    pub started_at: String,
    pub due_at: String,
    pub reminders_sent: i64,
    pub late_sent: i64,
    /// When the clock next has something to do here; None: nothing but wait.
    pub next_at: Option<String>,
}

impl DeadlineRow {
    pub(crate) fn from_row(r: &Row) -> R<DeadlineRow> {
        Ok(DeadlineRow {
            game_id: r.get("game_id")?,
            seat: r.get("seat")?,
            started_at: r.get("started_at")?,
            due_at: r.get("due_at")?,
            reminders_sent: r.get("reminders_sent")?,
            late_sent: r.get("late_sent")?,
            next_at: r.get("next_at")?,
        })
    }
}

/// A game's state after one history row, as stored (`state` is `None` once pruned).
#[derive(Clone, Debug, PartialEq)]
pub struct SnapshotRow {
    pub game_id: i64,
    pub n: i64,
    pub engine: String,
    pub digest: String,
    pub state: Option<String>,
}

impl SnapshotRow {
    pub(crate) fn from_row(r: &Row) -> R<SnapshotRow> {
        Ok(SnapshotRow {
            game_id: r.get("game_id")?,
            n: r.get("n")?,
            engine: r.get("engine")?,
            digest: r.get("digest")?,
            state: r.get("state")?,
        })
    }
}
