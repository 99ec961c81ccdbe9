//! Starting games: from the CLI with seats as given, or by mail with
//! invitations that each invitee answers `join` or `decline`; the seat
//! order of a mail-made game is drawn from its seed. Also seat replacement.

use super::clock::ClockSettings;
use super::notify::Kind;
use super::{stamp, Result, Service, ServiceError};
use crate::engine::{Event, Options, Rng, Text};
use crate::games;
use crate::store::{NewGame, NewMove};
use chrono::{DateTime, Utc};

/// A request for a new game.
#[derive(Clone, Debug, Default)]
pub struct NewGameRequest {
    pub game: String,
    /// Addresses; for a CLI game in seat order, for a mail game the creator first.
    pub players: Vec<String>,
    pub seed: Option<u64>,
    /// `key=value` pairs: game options and clock options together.
    pub options: Vec<String>,
    /// Set for games made by mail: invitations go out and seats are drawn.
    pub invited_by: Option<String>,
}

impl Service {
    /// Creates a game in its own transaction; returns its number.
    pub fn create_game(&self, req: &NewGameRequest, now: DateTime<Utc>) -> Result<i64> {
        self.in_tx(|| self.create_game_inside(req, now))
    }

    /// Creates a game inside the caller's transaction.
    pub(crate) fn create_game_inside(
        &self,
        req: &NewGameRequest,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let entry = games::find(&req.game)
            .ok_or_else(|| ServiceError::UnknownGame(req.game.clone(), Service::game_names()))?;
        let info = (entry.info)();
        let players: Vec<String> = req
            .players
            .iter()
            .map(|p| p.trim().to_lowercase())
            .filter(|p| !p.is_empty())
            .collect();
        for p in &players {
            if !p.contains('@') || p.contains(char::is_whitespace) {
                return Err(ServiceError::Setup(format!("'{p}' is not a mail address")));
            }
        }
        let mut unique = players.clone();
        unique.sort();
        unique.dedup();
        if unique.len() != players.len() {
            return Err(ServiceError::Setup("a player is named twice".into()));
        }
        let all =
            Options::parse_pairs(&req.options).map_err(|e| ServiceError::Setup(e.to_string()))?;
        let (clock, options) =
            ClockSettings::split(&all, &self.config.clock).map_err(ServiceError::Setup)?;
        let seed = req.seed.unwrap_or_else(random_seed);
        // Set the game up once now, so that bad options or counts are refused here.
        (entry.new)(players.len(), &options, seed)
            .map_err(|e| ServiceError::Setup(e.to_string()))?;
        let at = stamp(now);
        let by_mail = req.invited_by.is_some();
        {
            let store = &self.store;
            let id = store.create_game(&NewGame {
                game: info.name.to_string(),
                seed,
                options: serde_json::to_string(&options).map_err(crate::store::StoreError::from)?,
                clock: serde_json::to_string(&clock).map_err(crate::store::StoreError::from)?,
                status: if by_mail {
                    "forming".into()
                } else {
                    "active".into()
                },
                created_by: req.invited_by.clone(),
                created_at: at.clone(),
            })?;
            for (i, p) in players.iter().enumerate() {
                store.player(p, &at)?;
                if by_mail {
                    let status = if i == 0 { "joined" } else { "invited" };
                    store.add_seat(id, p, None, status)?;
                } else {
                    store.add_seat(id, p, Some(i), "joined")?;
                }
            }
            if by_mail {
                self.send_invitations(id, now)?;
            } else {
                self.start_notice(id, now)?;
            }
            Ok(id)
        }
    }

    /// Runs `f` in one transaction, forgetting cached tables if it fails.
    pub(crate) fn in_tx<T>(&self, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let r = self.store.in_transaction(|_| f());
        if r.is_err() {
            self.forget();
        }
        r
    }

    /// Records the start and tells everyone; the seats to act get their turn mail.
    fn start_notice(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        let emails = self.emails(id)?;
        let title = self.table(id)?.info().title;
        let order = emails.join(", ");
        self.note(
            id,
            Text::new(
                format!("Game #{id} of {title} has started. Seats in order: {order}."),
                format!("{title} #{id} 게임이 시작되었습니다. 자리 순서: {order}."),
            ),
            now,
        )?;
        self.after_change(id, &[], &[], now)
    }

    /// Appends a note (public words, not a game move) to the history.
    pub(crate) fn note(&self, id: i64, text: Text, now: DateTime<Utc>) -> Result<()> {
        self.store.append_move(&NewMove {
            game_id: id,
            seat: None,
            email: None,
            kind: "note".into(),
            command: text.en.clone(),
            events: serde_json::to_string(&vec![Event::public(text)])
                .map_err(crate::store::StoreError::from)?,
            source: "quipu".into(),
            at: stamp(now),
        })?;
        Ok(())
    }

    fn send_invitations(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        let game = self.game(id)?;
        let seats = self.store.seats(id)?;
        let creator = game.created_by.clone().unwrap_or_default();
        let names: Vec<String> = seats.iter().map(|s| s.email.clone()).collect();
        let title = games::find(&game.game)
            .map(|e| (e.info)().title)
            .unwrap_or("?");
        let subject = format!("[quipu #{id}] {title}");
        for s in &seats {
            let reply = Some(self.reply_address(id, &s.email));
            let words = if s.email == creator {
                vec![Text::new(
                    format!(
                        "Your game #{id} of {title} is made. Waiting for: {}.",
                        names[1..].join(", ")
                    ),
                    format!(
                        "{title} #{id} 게임을 만들었습니다. 기다리는 사람: {}.",
                        names[1..].join(", ")
                    ),
                )]
            } else {
                vec![
                    Text::new(
                        format!(
                            "{creator} invites you to play {title} (game #{id}) with {}.",
                            names.join(", ")
                        ),
                        format!(
                            "{creator}님이 {title}(#{id}) 게임에 초대했습니다. 함께하는 사람: {}.",
                            names.join(", ")
                        ),
                    ),
                    Text::new(
                        "Reply 'join' to play or 'decline' to say no.",
                        "참가하려면 'join', 거절하려면 'decline'으로 답장하세요.",
                    ),
                ]
            };
            self.mail_plain(
                &s.email,
                Some(id),
                reply,
                &subject,
                &words,
                Kind::Notice,
                now,
            )?;
        }
        Ok(())
    }

    /// `join` or `decline` from an invited player of a forming game.
    pub(crate) fn answer_invitation(
        &self,
        id: i64,
        email: &str,
        join: bool,
        now: DateTime<Utc>,
    ) -> Result<Text> {
        let game = self.game(id)?;
        if game.status != "forming" {
            return Ok(Text::new(
                format!(
                    "Game #{id} is not waiting for players (it is {}).",
                    game.status
                ),
                format!("#{id} 게임은 참가자를 기다리지 않습니다({}).", game.status),
            ));
        }
        let seats = self.store.seats(id)?;
        if !seats.iter().any(|s| s.email == email) {
            return Err(ServiceError::NotAPlayer(email.into(), id));
        }
        if !join {
            self.store.set_seat(id, email, None, "declined")?;
            self.store
                .set_game_status(id, "abandoned", Some(&stamp(now)))?;
            for s in seats.iter().filter(|s| s.email != email) {
                self.mail_plain(
                    &s.email,
                    Some(id),
                    None,
                    &format!("[quipu #{id}]"),
                    &[Text::new(
                        format!("{email} declined, so game #{id} will not start."),
                        format!("{email}님이 거절하여 #{id} 게임은 시작되지 않습니다."),
                    )],
                    Kind::Notice,
                    now,
                )?;
            }
            return Ok(Text::new(
                "You declined; the others are told.",
                "거절했습니다. 다른 사람들에게 알렸습니다.",
            ));
        }
        self.store.set_seat(id, email, None, "joined")?;
        let seats = self.store.seats(id)?;
        if seats.iter().any(|s| s.status != "joined") {
            let waiting: Vec<String> = seats
                .iter()
                .filter(|s| s.status != "joined")
                .map(|s| s.email.clone())
                .collect();
            return Ok(Text::new(
                format!(
                    "You joined game #{id}. Still waiting for: {}.",
                    waiting.join(", ")
                ),
                format!(
                    "#{id} 게임에 참가했습니다. 아직 기다리는 사람: {}.",
                    waiting.join(", ")
                ),
            ));
        }
        // Everyone is in: draw the seat order from the game's seed.
        let mut order: Vec<String> = seats.iter().map(|s| s.email.clone()).collect();
        Rng::new(game.seed ^ 0x5EA7_0DE5).shuffle(&mut order);
        for (i, e) in order.iter().enumerate() {
            self.store.set_seat(id, e, Some(i), "joined")?;
        }
        self.store.set_game_status(id, "active", None)?;
        self.forget();
        self.start_notice(id, now)?;
        Ok(Text::new(
            format!("Everyone has joined: game #{id} starts."),
            format!("모두 참가했습니다. #{id} 게임을 시작합니다."),
        ))
    }

    /// Gives `old`'s seat to `new`, who receives everything the seat may see.
    pub fn replace_seat(&self, id: i64, old: &str, new: &str, now: DateTime<Utc>) -> Result<()> {
        let old = old.trim().to_lowercase();
        let new = new.trim().to_lowercase();
        if !new.contains('@') {
            return Err(ServiceError::Setup(format!(
                "'{new}' is not a mail address"
            )));
        }
        self.in_tx(|| {
            let seats = self.store.seats(id)?;
            let row = seats
                .iter()
                .find(|s| s.email == old && s.seat.is_some() && s.status != "replaced")
                .ok_or_else(|| ServiceError::NotAPlayer(old.clone(), id))?;
            if seats.iter().any(|s| s.email == new) {
                return Err(ServiceError::Setup(format!("{new} already has a seat in game {id}")));
            }
            let seat = row.seat;
            self.store.set_seat(id, &old, seat, "replaced")?;
            self.store.player(&new, &stamp(now))?;
            self.store.add_seat(id, &new, seat, "joined")?;
            let game = self.game(id)?;
            if game.status == "abandoned" {
                self.store.set_game_status(id, "active", None)?;
            }
            self.note(
                id,
                Text::new(format!("{new} takes over the seat of {old}."), format!("{new}님이 {old}님의 자리를 이어받습니다.")),
                now,
            )?;
            let new_row = self.store.seats(id)?.into_iter().find(|s| s.email == new).ok_or(ServiceError::NotAPlayer(new.clone(), id))?;
            let words = super::notify::Words {
                paragraphs: vec![Text::new(
                    format!("You take over a seat in game #{id}. Below is everything that happened so far that this seat may know."),
                    format!("#{id} 게임의 자리를 이어받았습니다. 아래는 지금까지 이 자리가 알 수 있는 모든 일입니다."),
                )],
                ..Default::default()
            };
            let kind = if new_row.seat.map(|s| self.table(id).map(|t| t.to_act().iter().any(|x| x.0 == s))).transpose()?.unwrap_or(false) {
                Kind::Turn
            } else {
                Kind::Update
            };
            self.mail_seat(id, &new_row, kind, words, now)?;
            // The newcomer gets the whole time for the decision, not what the old player left.
            if let Some(s) = seat {
                self.store.clear_deadline(id, s as i64)?;
            }
            self.schedule_deadlines(id, now)
        })
    }
}

/// A seed from the operating system's randomness.
fn random_seed() -> u64 {
    use ring::rand::SecureRandom;
    let mut b = [0u8; 8];
    let _ = ring::rand::SystemRandom::new().fill(&mut b);
    // Keep seeds positive in SQLite's signed integers and short to type.
    u64::from_le_bytes(b) % 1_000_000_000_000
}
