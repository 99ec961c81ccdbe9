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
mod error;
pub use error::{BadTime, Result, ServiceError};
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
mod tables;
use reading::PlayedTurn;
pub use tables::Tables;
pub mod token;
mod verdict;

pub use bots::BotPass;
pub use mailin::MailOutcome;

use crate::config::Config;
use crate::engine::{Outcome, Seat, Table, Text, View};
use crate::games;
use crate::store::{
    GameRow, GameStatus, MoveKind, NewMove, SeatRow, SeatStatus, Store, StoreError,
};
use chrono::{DateTime, SecondsFormat, Utc};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// RFC 3339 in UTC, the form every time is stored in.
pub fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
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
    /// Loaded games: the cache, loading and storing them, playing a turn.
    pub tables: Tables,
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
            tables: Tables::new(cached),
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

    /// The table of game `id` as of its last history row (see [`Tables::load`]).
    pub fn table(&self, id: i64) -> Result<Box<dyn Table>> {
        let (_, table) = self
            .tables
            .load(&self.store, id, || Ok(self.seated(id)?.len()))?;
        Ok(table)
    }

    /// Forgets cached tables (after a rolled-back transaction).
    pub fn forget(&self) {
        self.tables.forget();
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

    /// The final standings (see [`outcome_of`]).
    pub fn outcome(&self, id: i64) -> Result<Option<Outcome>> {
        let table = self.table(id)?;
        Ok(outcome_of(
            &self.game(id)?,
            &self.seated(id)?,
            table.as_ref(),
        ))
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
        self.play_with(
            id,
            email,
            TurnLines::Written(lines),
            source,
            Besides::default(),
            now,
        )
    }

    /// [`Service::play`], with what the player's mail held besides the turn:
    /// table talk, recorded after the moves so the mails the turn causes
    /// carry it (one mail per recipient; a refused turn records no talk), and
    /// the note of lines not read as commands, in the mail the player gets.
    pub(crate) fn play_with(
        &self,
        id: i64,
        email: &str,
        turn: TurnLines<'_>,
        source: &str,
        besides: Besides<'_>,
        now: DateTime<Utc>,
    ) -> Result<Applied> {
        let game = self.game(id)?;
        if game.status != GameStatus::Active {
            return Err(ServiceError::NotActive(id, game.status));
        }
        let seat = self.seat_of(id, email)?;
        let players = || Ok(self.seated(id)?.len());
        let turn = match turn {
            TurnLines::Played(t) if t.seat == seat && t.count == self.store.move_count(id)? => t,
            // Played on a table that is no longer the game's: played again.
            TurnLines::Played(t) => {
                self.tables
                    .play_turn(&self.store, id, seat, t.lines, players)?
            }
            TurnLines::Written(lines) => {
                self.tables
                    .play_turn(&self.store, id, seat, lines.to_vec(), players)?
            }
        };
        let PlayedTurn {
            before,
            played,
            table,
            ..
        } = turn;
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
        self.tables.remember(&self.store, id, table.as_ref())?;
        let finished = table.outcome().is_some();
        self.after_change_noting(id, table.as_ref(), &[seat], &before, besides, now)?;
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

/// The final standings of `game` at `table` (its `seats` by seat): the
/// game's own outcome, or, for a game ended by resignation, the players
/// who stayed ahead of those who left.
fn outcome_of(game: &GameRow, seats: &[SeatRow], table: &dyn Table) -> Option<Outcome> {
    if let Some(o) = table.outcome() {
        return Some(o);
    }
    if game.status != GameStatus::Finished {
        return None;
    }
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
    Some(Outcome::ranked(
        scores,
        vec![],
        Text::new(
            "The game ended when a player left.",
            "한 플레이어가 나가서 게임이 끝났습니다.",
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

/// A turn's lines as [`Service::play_with`] gets them: written, to be
/// played there, or played already on a copy of the game's table while a
/// mail's lines were read (recorded as they are: a turn is played once).
pub(crate) enum TurnLines<'a> {
    Written(&'a [String]),
    Played(PlayedTurn),
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
