//! Starting games: from the CLI with seats as given, or by mail with
//! invitations that each invitee answers `join` or `decline`; the seat
//! order of a mail-made game is drawn from its seed. Also seats handed on:
//! an offer to a newcomer, who answers `join` or `decline`.

use super::clock::ClockSettings;
use super::{stamp, Besides, Result, Service, ServiceError};
use crate::engine::{Event, Options, Rng, Seat, Text};
use crate::games;
use crate::store::MailKind;
use crate::store::{GameStatus, MoveKind, NewGame, NewMove, SeatRow, SeatStatus};
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
        self.store.in_tx(|| self.create_game_inside(req, now))
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
        let people = super::bots::people_only(&players).map_err(|t| ServiceError::Setup(t.en))?;
        for p in &people {
            if !p.contains('@') || p.contains(char::is_whitespace) {
                return Err(ServiceError::Setup(format!("'{p}' is not a mail address")));
            }
        }
        if let Some(why) = self.players_problem(&people) {
            return Err(ServiceError::Setup(why.en));
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
                    GameStatus::Forming
                } else {
                    GameStatus::Active
                },
                created_by: req.invited_by.clone(),
                created_at: at.clone(),
            })?;
            for (i, p) in players.iter().enumerate() {
                let seat = (!by_mail).then_some(i);
                if let Some(level) = super::bots::seat_level(p) {
                    // A bot has joined from the start; it has no address.
                    let name = super::bots::new_bot_name(&store.seats(id)?);
                    store.add_seat(id, &name, seat, SeatStatus::Joined)?;
                    store.set_seat_bot(id, &name, level)?;
                    continue;
                }
                store.player(p, &at)?;
                let status = if by_mail && i > 0 {
                    SeatStatus::Invited
                } else {
                    SeatStatus::Joined
                };
                store.add_seat(id, p, seat, status)?;
            }
            let awaited = store
                .seats(id)?
                .iter()
                .any(|s| s.status == SeatStatus::Invited);
            if by_mail && awaited {
                self.send_invitations(id, now)?;
            } else if by_mail {
                // Only bots invited (solo play): the game starts at once.
                self.draw_seats_and_start(id, now)?;
            } else {
                self.start_notice(id, now)?;
            }
            Ok(id)
        }
    }

    /// Records the start and tells everyone; the seats to act get their turn mail.
    fn start_notice(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        let table = self.table(id)?;
        let info = table.info();
        let title = crate::engine::game_title(info.name, info.title);
        let people: Vec<Text> = self
            .people(id, &table.seat_names())?
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        let order = Text::join(&people, ", ");
        self.note(
            id,
            Text::new(
                format!(
                    "Game #{id} of {} has started. Seats in order: {}.",
                    title.en, order.en
                ),
                format!(
                    "{} #{id} 게임이 시작되었습니다. 자리 순서: {}.",
                    title.ko, order.ko
                ),
            ),
            now,
        )?;
        // The note changes no table: the start's mails show the one loaded.
        self.after_change_noting(id, table.as_ref(), &[], &[], Besides::default(), now)
    }

    /// Appends a note (public words, not a game move) to the history.
    pub(crate) fn note(&self, id: i64, text: Text, now: DateTime<Utc>) -> Result<()> {
        self.store.append_move(&NewMove {
            game_id: id,
            seat: None,
            email: None,
            kind: MoveKind::Note,
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
        let names: Vec<String> = seats.iter().map(|s| super::bots::shown(&s.email)).collect();
        let title = games::find(&game.game)
            .map(|e| (e.info)().title)
            .unwrap_or("?");
        let subject = format!("[quipu #{id}] {title}");
        for s in seats.iter().filter(|s| s.bot.is_none()) {
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
                        "Reply 'join' to play or 'decline' to say no, or 'stop' and quipu will never invite this address again.",
                        "참가하려면 'join', 거절하려면 'decline', 다시는 초대받지 않으려면 'stop'으로 답장하세요.",
                    ),
                ]
            };
            if s.email != creator {
                self.store.log_contact(
                    &self.mailbox(&s.email),
                    super::guard::INVITATION,
                    &stamp(now),
                )?;
            }
            self.mail_plain(
                &s.email,
                Some(id),
                reply,
                &subject,
                &words,
                MailKind::Notice,
                now,
            )?;
        }
        Ok(())
    }

    /// Everyone is in: draws the seat order from the game's seed and starts.
    fn draw_seats_and_start(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        let game = self.game(id)?;
        let mut order: Vec<String> = self
            .store
            .seats(id)?
            .iter()
            .map(|s| s.email.clone())
            .collect();
        Rng::new(game.seed ^ 0x5EA7_0DE5).shuffle(&mut order);
        for (i, e) in order.iter().enumerate() {
            self.store.set_seat(id, e, Some(i), SeatStatus::Joined)?;
        }
        self.store.set_game_status(id, GameStatus::Active, None)?;
        self.forget();
        self.start_notice(id, now)
    }

    /// A game still forming, as `quipu show` gives it: who has joined, who
    /// is awaited, who declined, and how to join.
    pub fn lobby(&self, id: i64) -> Result<Lobby> {
        let game = self.game(id)?;
        let title = games::find(&game.game)
            .map(|e| (e.info)().title)
            .unwrap_or("?")
            .to_string();
        let seats = self.store.seats(id)?;
        let with = |status: SeatStatus| -> Vec<String> {
            seats
                .iter()
                .filter(|s| s.status == status)
                .map(|s| s.email.clone())
                .collect()
        };
        Ok(Lobby {
            id,
            game: game.game.clone(),
            title,
            status: game.status,
            created_by: game.created_by.clone(),
            joined: with(SeatStatus::Joined),
            awaited: with(SeatStatus::Invited),
            declined: with(SeatStatus::Declined),
            how_to_join: Text::new(
                format!("Each invited player replies 'join' (or 'decline') to the invitation mail of game #{id}; the seat order is drawn when all have joined."),
                format!("초대받은 사람은 #{id} 게임의 초대 메일에 'join'(또는 'decline')으로 답장합니다. 모두 참가하면 자리 순서를 뽑습니다."),
            ),
        })
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
        if game.status != GameStatus::Forming {
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
            self.store.set_seat(id, email, None, SeatStatus::Declined)?;
            self.store
                .set_game_status(id, GameStatus::Abandoned, Some(&stamp(now)))?;
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
                    MailKind::Notice,
                    now,
                )?;
            }
            return Ok(Text::new(
                "You declined; the others are told.",
                "거절했습니다. 다른 사람들에게 알렸습니다.",
            ));
        }
        self.store.set_seat(id, email, None, SeatStatus::Joined)?;
        let seats = self.store.seats(id)?;
        if seats.iter().any(|s| s.status != SeatStatus::Joined) {
            let waiting: Vec<String> = seats
                .iter()
                .filter(|s| s.status != SeatStatus::Joined)
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
        self.draw_seats_and_start(id, now)?;
        Ok(Text::new(
            format!("Everyone has joined: game #{id} starts."),
            format!("모두 참가했습니다. #{id} 게임을 시작합니다."),
        ))
    }

    /// Offers the seat of `old` (still playing, or gone: dropped or resigned)
    /// to `new`, who is invited by mail to answer `join` or `decline`; `old`
    /// keeps the seat until then. A newer offer of the same seat withdraws
    /// an older one. Returns the seat's number.
    pub fn offer_seat(&self, id: i64, old: &str, new: &str, now: DateTime<Utc>) -> Result<usize> {
        let old = self.seat_holder(id, old)?;
        if super::bots::seat_level(new).is_some() {
            // A bot needs no asking: it takes the seat at once.
            let seat = self
                .seated(id)?
                .into_iter()
                .find(|r| r.email == old)
                .and_then(|r| r.seat)
                .ok_or_else(|| ServiceError::NotAPlayer(old.clone(), id))?;
            self.replace_seat(id, &old, new, now)?;
            return Ok(seat);
        }
        let new = new.trim().to_lowercase();
        self.store
            .in_tx(|| self.offer_seat_inside(id, &old, &new, true, now))
    }

    /// Gives the seat of `old` to `new` at once (the operator has their word
    /// already): an offer and its acceptance in one step.
    pub fn replace_seat(&self, id: i64, old: &str, new: &str, now: DateTime<Utc>) -> Result<()> {
        let old = self.seat_holder(id, old)?;
        if let Some(level) = super::bots::seat_level(new) {
            return self.store.in_tx(|| self.hand_to_bot(id, &old, level, now));
        }
        let new = new.trim().to_lowercase();
        self.store.in_tx(|| {
            self.offer_seat_inside(id, &old, &new, false, now)?;
            self.take_over(id, &new, now).map(|_| ())
        })
    }

    pub(super) fn offer_seat_inside(
        &self,
        id: i64,
        old: &str,
        new: &str,
        invite: bool,
        now: DateTime<Utc>,
    ) -> Result<usize> {
        let (seats, row) = self.seat_to_offer(id, old, new)?;
        let seat = row.seat.unwrap_or_default();
        self.place_offer(id, new, seat, &seats, now)?;
        if invite {
            let dropped = row.status == SeatStatus::Dropped;
            self.mail_offer(id, old, new, seat, dropped, now)?;
        }
        Ok(seat)
    }

    /// The seats of game `id` and the row of `old`, if `old`'s seat can be
    /// handed on to the address `new`.
    fn seat_to_offer(&self, id: i64, old: &str, new: &str) -> Result<(Vec<SeatRow>, SeatRow)> {
        if !super::bots::is_bot_name(new)
            && (!new.contains('@') || new.contains(char::is_whitespace))
        {
            return Err(ServiceError::Setup(format!(
                "'{new}' is not a mail address"
            )));
        }
        let game = self.game(id)?;
        if game.status != GameStatus::Active && game.status != GameStatus::Abandoned {
            return Err(ServiceError::Setup(format!(
                "game {id} is {}: only a game in play has seats to hand on",
                game.status
            )));
        }
        let seats = self.store.seats(id)?;
        let row = seats
            .iter()
            .find(|s| s.email == old && holds_seat(s.status) && s.seat.is_some())
            .cloned()
            .ok_or_else(|| ServiceError::NotAPlayer(old.to_string(), id))?;
        self.one_seat_per_mailbox(id, &seats, new)?;
        let seat = row.seat.unwrap_or_default();
        if row.status == SeatStatus::Dropped
            && !self.table(id)?.clone_table().restore_seat(Seat(seat))
        {
            return Err(ServiceError::Setup(format!(
                "{old} left game {id}, and its rules cannot give that seat back"
            )));
        }
        Ok((seats, row))
    }

    /// Refuses `new` when it passes for another address, or when another
    /// spelling of its mailbox holds, or is offered or invited to, a seat of
    /// game `id` (the same spelling is `place_offer`'s to judge).
    fn one_seat_per_mailbox(&self, id: i64, seats: &[SeatRow], new: &str) -> Result<()> {
        if let Some(why) = self.players_problem(&[new.to_string()]) {
            return Err(ServiceError::Setup(why.en));
        }
        let key = self.mailbox(new);
        let twin = seats.iter().find(|s| {
            s.email != new
                && matches!(
                    s.status,
                    SeatStatus::Joined
                        | SeatStatus::Dropped
                        | SeatStatus::Invited
                        | SeatStatus::Offered
                )
                && self.mailbox(&s.email) == key
        });
        match twin {
            Some(t) => Err(ServiceError::Setup(format!(
                "{new} is the mailbox of {} in game {id}: one mailbox, one seat",
                t.email
            ))),
            None => Ok(()),
        }
    }

    /// Records `new`'s offer of `seat` and withdraws (with a word to each)
    /// any older offer of the same seat.
    fn place_offer(
        &self,
        id: i64,
        new: &str,
        seat: usize,
        seats: &[SeatRow],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let earlier = seats.iter().find(|s| s.email == new);
        match earlier.map(|s| s.status) {
            None => self
                .store
                .add_seat(id, new, Some(seat), SeatStatus::Offered)?,
            // Someone who turned down or lost an offer, or held a seat before, may be
            // asked again: from scratch, so that the seat's whole history goes to them.
            Some(SeatStatus::Refused | SeatStatus::Withdrawn | SeatStatus::Replaced) => {
                self.store
                    .set_seat(id, new, Some(seat), SeatStatus::Offered)?;
                self.store.forget_news(id, new)?;
            }
            Some(_) => {
                return Err(ServiceError::Setup(format!(
                    "{new} already has a seat in game {id}"
                )))
            }
        }
        for other in seats
            .iter()
            .filter(|s| s.status == SeatStatus::Offered && s.seat == Some(seat) && s.email != new)
        {
            self.store
                .set_seat(id, &other.email, Some(seat), SeatStatus::Withdrawn)?;
            self.mail_plain(
                &other.email,
                Some(id),
                None,
                &format!("[quipu #{id}]"),
                &[Text::new(
                    format!("The seat you were offered in game #{id} has gone to someone else."),
                    format!("#{id} 게임에서 제안받은 자리는 다른 사람에게 갔습니다."),
                )],
                MailKind::Notice,
                now,
            )?;
        }
        Ok(())
    }

    /// The invitation to `new` to take `old`'s seat (`dropped`: `old` has left).
    fn mail_offer(
        &self,
        id: i64,
        old: &str,
        new: &str,
        seat: usize,
        dropped: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let title = self.table(id)?.info().title;
        let players = self.emails(id)?.join(", ");
        let how = if dropped {
            Text::new(
                format!("{old} has left the game, and their pieces are waiting for a new player."),
                format!("{old}님이 게임을 떠났고, 그 자리의 말들이 새 사람을 기다립니다."),
            )
        } else {
            Text::new(
                format!("{old} is handing their seat on."),
                format!("{old}님이 자리를 넘깁니다."),
            )
        };
        let words = [
            Text::new(
                format!("You are offered seat {} in game #{id} of {title}, with {players}.", seat + 1),
                format!("{title} #{id} 게임의 {}번 자리를 제안받았습니다. 함께하는 사람: {players}.", seat + 1),
            ),
            how,
            Text::new(
                "Reply 'join' to take the seat or 'decline' to say no. When you join you receive everything this seat may know of the game so far.",
                "자리를 맡으려면 'join', 거절하려면 'decline'으로 답장하세요. 참가하면 이 자리가 알 수 있는 지금까지의 모든 일을 받습니다.",
            ),
        ];
        self.mail_plain(
            new,
            Some(id),
            Some(self.reply_address(id, new)),
            &format!("[quipu #{id}] {title}"),
            &words,
            MailKind::Notice,
            now,
        )?;
        Ok(())
    }

    /// `join` or `decline` from someone offered a seat.
    pub(crate) fn answer_offer(
        &self,
        id: i64,
        email: &str,
        join: bool,
        now: DateTime<Utc>,
    ) -> Result<Text> {
        if join {
            return self.take_over(id, email, now);
        }
        let row = self.offer_of(id, email)?;
        self.store
            .set_seat(id, email, row.seat, SeatStatus::Refused)?;
        if let Some(op) = self.config.operator.clone() {
            self.mail_plain(
                &op,
                Some(id),
                None,
                &format!("[quipu #{id}] seat offer declined"),
                &[Text::same(format!(
                    "{email} declined seat {} of game #{id}.",
                    row.seat.map(|s| s + 1).unwrap_or(0)
                ))],
                MailKind::Notice,
                now,
            )?;
        }
        Ok(Text::new(
            format!("You declined the seat in game #{id}."),
            format!("#{id} 게임의 자리를 거절했습니다."),
        ))
    }

    /// The open offer to `email` in game `id`.
    fn offer_of(&self, id: i64, email: &str) -> Result<SeatRow> {
        self.store
            .seats(id)?
            .into_iter()
            .find(|s| s.email == email && s.status == SeatStatus::Offered && s.seat.is_some())
            .ok_or_else(|| ServiceError::NotAPlayer(email.to_string(), id))
    }

    /// True when `email` has an open seat offer in game `id`.
    pub(crate) fn has_offer(&self, id: i64, email: &str) -> Result<bool> {
        Ok(self.offer_of(id, email).is_ok())
    }

    /// The newcomer takes the offered seat: a seat that had left comes back
    /// into the game (a `return` row in the history), the one who held it is
    /// told, and the newcomer receives all that the seat may know, with a
    /// fresh deadline if it must decide.
    pub(super) fn take_over(&self, id: i64, new: &str, now: DateTime<Utc>) -> Result<Text> {
        let offer = self.offer_of(id, new)?;
        let seat = offer.seat.unwrap_or_default();
        let game = self.game(id)?;
        if game.status != GameStatus::Active && game.status != GameStatus::Abandoned {
            return Ok(Text::new(
                format!(
                    "Game #{id} is {} now, so its seat can no longer be taken.",
                    game.status
                ),
                format!(
                    "#{id} 게임은 이제 {} 상태라서 그 자리를 맡을 수 없습니다.",
                    game.status
                ),
            ));
        }
        let old = self
            .seated(id)?
            .into_iter()
            .find(|s| s.seat == Some(seat))
            .ok_or_else(|| ServiceError::NotAPlayer(new.to_string(), id))?;
        if old.status == SeatStatus::Dropped {
            let mut table = self.table(id)?;
            if !table.restore_seat(Seat(seat)) {
                return Ok(Text::new(
                    format!("The seat in game #{id} can no longer be taken back into the game."),
                    format!("#{id} 게임의 그 자리는 더 이상 게임에 되돌릴 수 없습니다."),
                ));
            }
            self.store.append_move(&NewMove {
                game_id: id,
                seat: Some(seat),
                email: Some(new.to_string()),
                kind: MoveKind::Return,
                command: String::new(),
                events: "[]".into(),
                source: "join".into(),
                at: stamp(now),
            })?;
        }
        self.store
            .set_seat(id, &old.email, Some(seat), SeatStatus::Replaced)?;
        self.store
            .set_seat(id, new, Some(seat), SeatStatus::Joined)?;
        if game.status == GameStatus::Abandoned {
            self.store.set_game_status(id, GameStatus::Active, None)?;
        }
        self.forget();
        let (new_shown, old_shown) = (super::bots::shown(new), super::bots::shown(&old.email));
        self.note(
            id,
            Text::new(
                format!("{new_shown} takes over the seat of {old_shown}."),
                format!("{new_shown}님이 {old_shown}님의 자리를 이어받습니다."),
            ),
            now,
        )?;
        if old.status == SeatStatus::Joined {
            self.mail_plain(
                &old.email,
                Some(id),
                None,
                &format!("[quipu #{id}]"),
                &[Text::new(
                    format!("{new_shown} now holds your seat in game #{id}. Thank you for playing."),
                    format!("이제 {new_shown}님이 #{id} 게임의 당신 자리를 맡습니다. 함께해 주셔서 고맙습니다."),
                )],
                MailKind::Notice,
                now,
            )?;
        }
        let new_row = self.offer_or_seat(id, new)?;
        let words = super::notify::Words {
            paragraphs: vec![Text::new(
                format!("You take over a seat in game #{id}. Below is everything that happened so far that this seat may know."),
                format!("#{id} 게임의 자리를 이어받았습니다. 아래는 지금까지 이 자리가 알 수 있는 모든 일입니다."),
            )],
            ..Default::default()
        };
        let table = self.table(id)?;
        let kind = if table.to_act().contains(&Seat(seat)) {
            MailKind::Turn
        } else {
            MailKind::Update
        };
        self.mail_seat(id, Some(table.as_ref()), &new_row, kind, words, now)?;
        // The newcomer gets the whole time for the decision, not what the old player left.
        self.store.clear_deadline(id, seat as i64)?;
        self.schedule_deadlines(id, table.as_ref(), now)?;
        Ok(Text::new(
            format!(
                "You hold seat {} of game #{id} now; the game's mail follows.",
                seat + 1
            ),
            format!(
                "이제 #{id} 게임의 {}번 자리를 맡았습니다. 게임 메일이 따로 갑니다.",
                seat + 1
            ),
        ))
    }

    fn offer_or_seat(&self, id: i64, email: &str) -> Result<SeatRow> {
        self.store
            .seats(id)?
            .into_iter()
            .find(|s| s.email == email)
            .ok_or_else(|| ServiceError::NotAPlayer(email.to_string(), id))
    }
}

/// The statuses of a row that holds a seat in the game: playing, or gone and
/// waiting to be handed on (offers, refusals and former holders do not).
/// A game waiting for its players to join.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Lobby {
    pub id: i64,
    pub game: String,
    pub title: String,
    pub status: GameStatus,
    pub created_by: Option<String>,
    pub joined: Vec<String>,
    pub awaited: Vec<String>,
    pub declined: Vec<String>,
    pub how_to_join: Text,
}

impl Lobby {
    /// The lobby as text in `lang` ("en" or "ko").
    pub fn text(&self, lang: &str) -> String {
        let ko = lang == "ko";
        let list = |v: &[String]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(", ")
            }
        };
        let (head, joined, awaited, declined) = if ko {
            ("참가자를 기다리는 중", "참가", "기다리는 사람", "거절")
        } else {
            ("waiting for players", "joined", "awaited", "declined")
        };
        let how = if ko {
            &self.how_to_join.ko
        } else {
            &self.how_to_join.en
        };
        format!(
            "#{} {} ({head})\n{joined}: {}\n{awaited}: {}\n{declined}: {}\n{how}\n",
            self.id,
            self.title,
            list(&self.joined),
            list(&self.awaited),
            list(&self.declined),
        )
    }
}

pub(crate) fn holds_seat(status: SeatStatus) -> bool {
    status == SeatStatus::Joined || status == SeatStatus::Dropped
}

/// A seed from the operating system's randomness.
fn random_seed() -> u64 {
    use ring::rand::SecureRandom;
    let mut b = [0u8; 8];
    let _ = ring::rand::SystemRandom::new().fill(&mut b);
    // Keep seeds positive in SQLite's signed integers and short to type.
    u64::from_le_bytes(b) % 1_000_000_000_000
}
