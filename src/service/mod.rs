//! The service: everything between mailboxes, the store and the engines.
//! `Service` owns one database connection; every change it makes happens in
//! one transaction together with the mail it causes (written to the outbox,
//! sent after commit by the daemon).

mod answer;
pub mod archive;
mod bots;
mod cache;
pub mod clock;
mod commands;
mod confirm;
pub mod daemon;
pub mod export;
mod guard;
pub use guard::visible_text;
pub mod history;
mod lobby;
pub mod logs;
pub use lobby::{Lobby, NewGameRequest};
mod mailin;
mod notify;
mod reading;
pub mod token;
mod verdict;

pub use bots::BotPass;
pub use mailin::MailOutcome;

use crate::config::Config;
use crate::engine::{Outcome, PlayError, Seat, Table, Text, View};
use crate::games;
use crate::store::{
    GameRow, GameStatus, MoveKind, NewMove, SeatRow, SeatStatus, Store, StoreError,
};
use chrono::{DateTime, SecondsFormat, Utc};
use std::cell::RefCell;
use std::collections::BTreeMap;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    History(#[from] history::HistoryError),
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

/// RFC 3339 in UTC, the form every time is stored in.
pub fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A stored time that does not read as RFC 3339: the stored data is
/// corrupt, and no default time may stand in for it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("the stored {what} '{value}' is not a time")]
pub struct BadTime {
    /// Which time it was (a column or key name).
    pub what: &'static str,
    /// The stored text, cut short.
    pub value: String,
}

/// Parses a stored time, `what` naming it for the error.
pub fn parse_stamp(what: &'static str, s: &str) -> std::result::Result<DateTime<Utc>, BadTime> {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| BadTime {
            what,
            value: s.chars().take(40).collect(),
        })
}

/// A turn that was applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    pub commands: Vec<String>,
    pub finished: bool,
}

/// Words kept per player for one summary mail after downtime.
type Summaries = BTreeMap<String, Vec<(i64, Text)>>;

pub struct Service {
    pub store: Store,
    pub config: Config,
    secret: String,
    /// Loaded tables by game, with the history row they reflect (bounded).
    tables: RefCell<cache::TableCache>,
    /// While the clock catches up after downtime: words per player, sent as one summary.
    batch: RefCell<Option<Summaries>>,
    /// The last board picture encoded and its PNG: one move's mails to every
    /// seat usually show the same board, and encoding is most of a move's cost.
    last_png: RefCell<Option<notify::PictureCache>>,
}

impl Service {
    pub fn open(config: Config) -> Result<Service> {
        let cached = config.limits.tables_cached;
        let store = Store::open(&config.db)?;
        let secret = if config.secret.is_empty() {
            match store.meta("secret")? {
                Some(s) => s,
                None => {
                    let s = token::random_secret().ok_or_else(|| {
                        ServiceError::Setup(
                            "the system's random source failed: no reply-token secret could be made".into(),
                        )
                    })?;
                    store.set_meta("secret", &s)?;
                    s
                }
            }
        } else {
            config.secret.clone()
        };
        Ok(Service {
            store,
            config,
            secret,
            tables: RefCell::new(cache::TableCache::new(cached)),
            batch: RefCell::new(None),
            last_png: RefCell::new(None),
        })
    }

    pub fn game(&self, id: i64) -> Result<GameRow> {
        Ok(self.store.game(id)?)
    }

    /// The seated players of a game (dropped ones included), by seat.
    pub fn seated(&self, id: i64) -> Result<Vec<SeatRow>> {
        Ok(self
            .store
            .seats(id)?
            .into_iter()
            .filter(|s| s.seat.is_some() && lobby::holds_seat(s.status))
            .collect())
    }

    /// The email at each seat.
    pub fn emails(&self, id: i64) -> Result<Vec<String>> {
        Ok(self.seated(id)?.into_iter().map(|s| s.email).collect())
    }

    /// The table of game `id` as of its last history row: from the cache, or
    /// loaded from its newest stored state (see `history::load`).
    pub fn table(&self, id: i64) -> Result<Box<dyn Table>> {
        let count = self.store.move_count(id)?;
        if let Some(t) = self.cache().get(id, count) {
            return Ok(t);
        }
        let game = self.store.game(id)?;
        let players = self.seated(id)?.len();
        let loaded = history::load(&self.store, &game, players)?;
        if !loaded.stored {
            self.store_state(&game, count, loaded.table.as_ref())?;
        }
        self.cache().put(id, count, loaded.table.clone_table());
        Ok(loaded.table)
    }

    /// Stores and caches `table` as game `id`'s state after its last history row.
    fn remember(&self, id: i64, table: &dyn Table) -> Result<()> {
        let count = self.store.move_count(id)?;
        self.store_state(&self.store.game(id)?, count, table)?;
        self.cache().put(id, count, table.clone_table());
        Ok(())
    }

    /// Stores a game's state after row `count`; a game's first stored state
    /// records the engine version it starts under.
    fn store_state(&self, game: &GameRow, count: i64, table: &dyn Table) -> Result<()> {
        if count == 0 && self.store.game_engine(game.id)? == "unrecorded" {
            self.store
                .set_game_engine(game.id, &games::engine_version(&game.game))?;
        }
        history::store_state(&self.store, game, count, table)?;
        Ok(())
    }

    /// The table cache, emptied first if a transaction was rolled back
    /// since its last use.
    fn cache(&self) -> std::cell::RefMut<'_, cache::TableCache> {
        let mut cache = self.tables.borrow_mut();
        cache.forget_if_rolled_back(self.store.rollbacks());
        cache
    }

    /// Forgets cached tables (after a rolled-back transaction).
    pub fn forget(&self) {
        self.tables.borrow_mut().clear();
    }

    /// The seat `email` holds in game `id`.
    pub fn seat_of(&self, id: i64, email: &str) -> Result<Seat> {
        let email = email.to_lowercase();
        self.seated(id)?
            .into_iter()
            .find(|s| s.email == email && s.status == SeatStatus::Joined)
            .and_then(|s| s.seat)
            .map(Seat)
            .ok_or(ServiceError::NotAPlayer(email, id))
    }

    pub fn reply_token(&self, id: i64, email: &str) -> String {
        token::token(&self.secret, id, email)
    }

    fn token_matches(&self, token: &str, id: i64, email: &str) -> bool {
        token::verify(&self.secret, token, id, email)
    }

    /// Every legal command for `email` now.
    pub fn legal(&self, id: i64, email: &str) -> Result<Vec<String>> {
        let seat = self.seat_of(id, email)?;
        Ok(self.table(id)?.legal(seat))
    }

    /// What `email` (or a spectator) sees.
    pub fn view(&self, id: i64, email: Option<&str>) -> Result<View> {
        let seat = match email {
            Some(e) => Some(self.seat_of(id, e)?),
            None => None,
        };
        Ok(self.table(id)?.view(seat))
    }

    /// Who must decide now, by address.
    pub fn to_act(&self, id: i64) -> Result<Vec<String>> {
        let game = self.game(id)?;
        if game.status != GameStatus::Active {
            return Ok(vec![]);
        }
        let seats = self.seated(id)?;
        Ok(self
            .table(id)?
            .to_act()
            .into_iter()
            .filter_map(|s| {
                seats
                    .iter()
                    .find(|r| r.seat == Some(s.0) && r.status == SeatStatus::Joined)
                    .map(|r| r.email.clone())
            })
            .collect())
    }

    /// The final standings: the game's own outcome, or, for a game ended by
    /// resignation, the players who stayed ahead of those who left.
    pub fn outcome(&self, id: i64) -> Result<Option<Outcome>> {
        let game = self.game(id)?;
        let table = self.table(id)?;
        if let Some(o) = table.outcome() {
            return Ok(Some(o));
        }
        if game.status != GameStatus::Finished {
            return Ok(None);
        }
        let seats = self.seated(id)?;
        let scores: Vec<f64> = seats
            .iter()
            .map(|s| {
                if s.status == SeatStatus::Joined {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        Ok(Some(Outcome::ranked(
            scores,
            vec![],
            Text::new(
                "The game ended when a player left.",
                "한 플레이어가 나가서 게임이 끝났습니다.",
            ),
        )))
    }

    /// Applies a whole turn of `email` (several command lines) atomically,
    /// records it and writes the mail it causes. `source`: a message id or
    /// `cli`, `bot`, `skip`.
    pub fn play(
        &self,
        id: i64,
        email: &str,
        lines: &[String],
        source: &str,
        now: DateTime<Utc>,
    ) -> Result<Applied> {
        self.play_with(id, email, lines, source, Besides::default(), now)
    }

    /// [`Service::play`], with what the player's mail held besides the turn:
    /// table talk, recorded after the moves so the mails the turn causes
    /// carry it (one mail per recipient; a refused turn records no talk), and
    /// the note of lines not read as commands, in the mail the player gets.
    pub(crate) fn play_with(
        &self,
        id: i64,
        email: &str,
        lines: &[String],
        source: &str,
        besides: Besides<'_>,
        now: DateTime<Utc>,
    ) -> Result<Applied> {
        let game = self.game(id)?;
        if game.status != GameStatus::Active {
            return Err(ServiceError::NotActive(id, game.status));
        }
        let seat = self.seat_of(id, email)?;
        let mut table = self.table(id)?;
        let before = table.to_act();
        let mut played = Vec::new();
        // The seat's options before the line last played: a refused line
        // that was one of them waits for the choice that line asks first.
        let mut options_before: Vec<String> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let options = table.legal(seat);
            match table.play(seat, line) {
                Ok(p) => {
                    played.push(p);
                    options_before = options;
                }
                Err(PlayError::Internal(e)) => return Err(ServiceError::Engine(id, e)),
                Err(e) => {
                    let earlier = i.checked_sub(1).and_then(|j| lines.get(j));
                    let (reason, suggestions) = match earlier {
                        Some(before) if was_an_option(line, before, &options_before) => {
                            follow_up_first(line, before, &options)
                        }
                        _ => refusal(&e, table.as_ref(), seat, line),
                    };
                    return Err(ServiceError::Refused {
                        line: i + 1,
                        command: line.clone(),
                        reason,
                        suggestions,
                    });
                }
            }
        }
        let at = stamp(now);
        for p in &played {
            self.store.append_move(&NewMove {
                game_id: id,
                seat: Some(seat.0),
                email: Some(email.to_lowercase()),
                kind: MoveKind::Move,
                command: p.command.clone(),
                events: serde_json::to_string(&p.events).map_err(StoreError::from)?,
                source: source.into(),
                at: at.clone(),
            })?;
        }
        if let Some(talk) = besides.talk {
            self.record_talk(id, email, talk, now)?;
        }
        self.remember(id, table.as_ref())?;
        let finished = table.outcome().is_some();
        self.after_change_noting(id, &[seat], &before, besides, now)?;
        Ok(Applied {
            commands: played.into_iter().map(|p| p.command).collect(),
            finished,
        })
    }

    /// The names of the registered games.
    pub fn game_names() -> String {
        games::registry()
            .iter()
            .map(|e| e.name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Why a line was refused, in words, with the closest legal commands.
fn refusal(e: &PlayError, table: &dyn Table, seat: Seat, line: &str) -> (Text, Vec<String>) {
    let legal = table.legal(seat);
    let closest = || crate::engine::parse::closest(line, &legal, 5);
    match e {
        PlayError::Parse(p) => {
            // Only what the seat may play now is suggested: a game's guess
            // (`end`) that is not legal at this point is left out.
            let legal_only: Vec<String> = p
                .suggestions
                .iter()
                .filter(|s| legal.contains(s))
                .cloned()
                .collect();
            let s = if legal_only.is_empty() {
                closest()
            } else {
                legal_only
            };
            // The rules' own reason first; else that the action is not
            // possible now at all; else the reader's refusal.
            let why = table
                .why_illegal(seat, line)
                .or_else(|| not_now(table, seat, line))
                .unwrap_or_else(|| p.message.clone());
            (why, s)
        }
        // A command read whole that the rules refuse: the game's own reason
        // where it has one (Tawantinsuyu's refusal lists examples only).
        PlayError::Rule(r) => (
            table
                .why_illegal(seat, line)
                .unwrap_or_else(|| r.message.clone()),
            closest(),
        ),
        PlayError::NotYourTurn(_) => (
            Text::new(
                "It is not your turn to decide.",
                "지금은 당신이 결정할 차례가 아닙니다.",
            ),
            vec![],
        ),
        PlayError::Finished => (Text::new("The game is over.", "게임이 끝났습니다."), vec![]),
        PlayError::Internal(_) => (
            Text::new(
                "The game could not apply this move; the operator has been told.",
                "게임이 이 수를 적용하지 못했습니다. 운영자에게 알렸습니다.",
            ),
            vec![],
        ),
        PlayError::NotCanonical(_) => (
            Text::new(
                "That is not written exactly as a legal command.",
                "정확한 합법 명령의 형태가 아닙니다.",
            ),
            closest(),
        ),
    }
}

/// Whether `line` (not a repeat of the line `before` it) was one of the
/// seat's `options` before that line was played.
fn was_an_option(line: &str, before: &str, options: &[String]) -> bool {
    use crate::engine::parse::normalize;
    let wanted = normalize(line);
    wanted != normalize(before) && options.iter().any(|c| normalize(c) == wanted)
}

/// A line that was an option until the line before it was played, which
/// asks a choice first (a God card's weaving, a target): that choice, and
/// where to write it.
fn follow_up_first(line: &str, before: &str, now: &[String]) -> (Text, Vec<String>) {
    let some: Vec<&str> = now.iter().take(4).map(String::as_str).collect();
    let some = some.join(" | ");
    (
        Text::new(
            format!("'{before}' asks a choice first ({some}), so '{line}' has to wait. Write that choice on the line right after '{before}', then '{line}'."),
            format!("'{before}'에 이어 먼저 정할 것이 있어({some}) '{line}'은(는) 아직 둘 수 없습니다. 그 선택을 '{before}' 바로 다음 줄에 쓰고, 그다음에 '{line}'을(를) 쓰세요."),
        ),
        now.iter().take(5).cloned().collect(),
    )
}

/// For a line written with one of the game's words whose action the seat
/// has no legal command for now: that it is a real command, not possible
/// at this point, and what the seat is to do (the board's headline).
fn not_now(table: &dyn Table, seat: Seat, line: &str) -> Option<Text> {
    if !reading::names_the_games_words(line, table.words()) {
        return None;
    }
    let first = crate::engine::parse::normalize(line)
        .split(' ')
        .next()
        .map(str::to_string)?;
    let legal = table.legal(seat);
    if legal
        .iter()
        .any(|c| c.split(' ').next() == Some(first.as_str()))
    {
        return None;
    }
    let headline = table.view(Some(seat)).headline;
    Some(Text::new(
        format!(
            "'{line}' is a command of this game, but no '{first} …' is possible for you at this point. Now: {}",
            headline.en
        ),
        format!(
            "'{line}'은(는) 이 게임의 명령이지만, 지금은 '{first} …' 명령을 둘 수 없습니다. 지금: {}",
            headline.ko
        ),
    ))
}

impl Service {
    /// `play` in its own transaction (the CLI's `move`).
    pub fn in_transaction_play(
        &self,
        id: i64,
        email: &str,
        lines: &[String],
        now: DateTime<Utc>,
    ) -> Result<Applied> {
        self.store.in_tx(|| self.play(id, email, lines, "cli", now))
    }

    /// A player's setting in its own transaction (the CLI's `set`).
    pub fn in_tx_setting(&self, email: &str, rest: &str, now: DateTime<Utc>) -> Result<Text> {
        self.store.in_tx(|| self.setting(email, rest, now))
    }

    /// A vacation in its own transaction (the CLI's `vacation`).
    pub fn in_tx_vacation(&self, email: &str, spec: &str, now: DateTime<Utc>) -> Result<Text> {
        self.store.in_tx(|| self.set_vacation(email, spec, now))
    }
}

/// What a player's mail held besides the commands of its turn.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Besides<'a> {
    /// Table talk (`say`) that came with the turn.
    pub talk: Option<&'a str>,
    /// The lines not read as commands, told back to the player.
    pub note: Option<&'a Text>,
    /// The clock made the move for a late seat: that seat is told of it
    /// whatever its setting.
    pub by_clock: bool,
}
