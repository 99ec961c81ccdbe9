//! Who is told what after a change, and the mails that tell them: turn
//! mails for the seats that must decide, short "what happened" mails for the
//! others (per their setting), game-over mails, answers and notices. Every
//! mail goes into the outbox in the caller's transaction.

use super::{stamp, Besides, Result, Service};
use crate::engine::{Event, Seat, Table, Text, View};
use crate::mail::inbound;
use crate::mail::outbound::{compose, Outgoing};
use crate::render::{self, Page};
use crate::store::{
    GameStatus, MailKind, MoveKind, NewMail, Player, SeatRow, SeatStatus, StoreError,
};
use chrono::{DateTime, Utc};

mod end;
mod follow;
mod offer;
mod words;
use words::{footer, one_fact_a_line, sender_name};
pub(crate) use words::{Board, Notify, Words};

impl Service {
    /// After moves by `actors`: mails for everyone concerned, deadlines, the end.
    pub(crate) fn after_change(
        &self,
        id: i64,
        actors: &[Seat],
        before: &[Seat],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let table = self.table(id)?;
        self.after_change_noting(id, table.as_ref(), actors, before, Besides::default(), now)
    }

    /// [`Service::after_change`] on the game's `table` as the change left
    /// it, with what came with the change: the `note` for the actors' own
    /// mail about it (their turn mail, news mail or game-over mail), and
    /// whether the clock made the move.
    pub(crate) fn after_change_noting(
        &self,
        id: i64,
        table: &dyn Table,
        actors: &[Seat],
        before: &[Seat],
        besides: Besides<'_>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let note = besides.note;
        let game = self.game(id)?;
        if table.outcome().is_some() && game.status == GameStatus::Active {
            self.store
                .set_game_status(id, GameStatus::Finished, Some(&stamp(now)))?;
            return self.announce_end_noting(id, table, actors, note, now);
        }
        let told = |s: Seat| Words {
            paragraphs: note
                .filter(|_| actors.contains(&s))
                .cloned()
                .into_iter()
                .collect(),
            ..Words::default()
        };
        let to_act = table.to_act();
        for seat_row in self.seated(id)? {
            let Some(s) = seat_row.seat.map(Seat) else {
                continue;
            };
            if seat_row.status != SeatStatus::Joined || seat_row.bot.is_some() {
                continue;
            }
            let player = self.store.player(&seat_row.email, &stamp(now))?;
            let notify = Notify::read(&player.notify)?;
            let deciding = to_act.contains(&s);
            let acted = actors.contains(&s);
            let news =
                |words| self.mail_seat(id, Some(table), &seat_row, MailKind::Update, words, now);
            if deciding && (acted || !before.contains(&s)) {
                // A later decision of a turn already mailed: no second picture.
                let board = if acted && before.contains(&s) {
                    Board::Hand
                } else {
                    Board::Full
                };
                let words = Words { board, ..told(s) };
                self.mail_seat(id, Some(table), &seat_row, MailKind::Turn, words, now)?;
            } else if acted {
                // The player's own move: told only to those who asked for
                // every move, when their mail had lines not read, or when
                // the clock made it for them; otherwise it opens their next
                // mail's news.
                if notify == Notify::Every || note.is_some() || besides.by_clock {
                    let words = Words {
                        board: Board::Omitted,
                        ..told(s)
                    };
                    news(words)?;
                } else if notify == Notify::Digest {
                    // A digest tells of the others' moves, not one's own.
                    self.note_told(id, &seat_row, None)?;
                }
            } else if actors.is_empty() && before.is_empty() {
                // The game's start, for a seat that does not act first: by
                // default its first turn mail tells of the start (the
                // history's "has started" note opens its news), so no
                // mail comes before it has a decision; one who asked for
                // every move hears of it now, a digest reads it there.
                match notify {
                    Notify::Turn => {}
                    Notify::Digest => self.hold_for_digest(id, &seat_row, &player, table, now)?,
                    Notify::Every => news(Words::default())?,
                }
            } else if !deciding {
                match notify {
                    Notify::Turn => {}
                    Notify::Digest => self.hold_for_digest(id, &seat_row, &player, table, now)?,
                    Notify::Every => {
                        let words = Words {
                            board: Board::Omitted,
                            ..Words::default()
                        };
                        news(words)?
                    }
                }
            }
        }
        self.schedule_deadlines(id, table, now)
    }

    /// Records that `seat_row` has been told of the game up to its latest
    /// move: by the mail `message_id`, else by its last mail (news held for
    /// a digest or a catch-up summary).
    fn note_told(&self, id: i64, seat_row: &SeatRow, message_id: Option<&str>) -> Result<()> {
        let count = self.store.move_count(id)?;
        let last = message_id.or(seat_row.last_message_id.as_deref());
        self.store
            .note_mail_sent(id, &seat_row.email, last.unwrap_or(""), count)?;
        Ok(())
    }

    /// The final mail to every seat, with the standings.
    pub(crate) fn announce_end(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        let table = self.table(id)?;
        self.announce_end_noting(id, table.as_ref(), &[], None, now)
    }

    /// [`Service::announce_end`] on the game's last `table`, with `note` in
    /// the mail of the `actors`.
    fn announce_end_noting(
        &self,
        id: i64,
        table: &dyn Table,
        actors: &[Seat],
        note: Option<&Text>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        for d in self.store.deadlines(Some(id))? {
            self.store.clear_deadline(id, d.seat)?;
        }
        let outcome = super::outcome_of(&self.game(id)?, &self.seated(id)?, table);
        let people = self.people(id, &table.seat_names())?;
        let standings = outcome
            .as_ref()
            .map(|o| end::standings(o, &people, &table.view(None)));
        let replay = self.config.archive.replay_url(id).map(|url| {
            Text::new(
                format!(
                    "Replay the game move by move (online from the archive's next update): {url}"
                ),
                format!("한 수씩 다시 보기 (기록 보관소가 다음에 갱신되면 열립니다): {url}"),
            )
        });
        // The result first, on its own, for each reader; then each seat's
        // score and what it counted, one line each; then how the game ranks.
        let paragraphs = |me: Option<usize>| -> Vec<Text> {
            let mut out = Vec::new();
            match (&outcome, &standings) {
                (Some(o), Some(lines)) => {
                    out.push(end::result_line(o, &people, me));
                    out.push(Text::new(
                        lines
                            .iter()
                            .map(|l| l.en.as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        lines
                            .iter()
                            .map(|l| l.ko.as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                    ));
                    out.push(o.summary.clone());
                }
                _ => out.push(Text::new("The game is over.", "게임이 끝났습니다.")),
            }
            out.extend(replay.clone());
            out
        };
        for seat_row in self.seated(id)? {
            // A seat that resigned or timed out still learns the result.
            if seat_row.status == SeatStatus::Joined || seat_row.status == SeatStatus::Dropped {
                let mut words = Words {
                    paragraphs: paragraphs(seat_row.seat),
                    ..Words::default()
                };
                if seat_row.seat.is_some_and(|s| actors.contains(&Seat(s))) {
                    words.paragraphs.extend(note.cloned());
                }
                self.mail_seat(id, Some(table), &seat_row, MailKind::GameOver, words, now)?;
            }
        }
        Ok(())
    }

    fn hold_for_digest(
        &self,
        id: i64,
        seat_row: &SeatRow,
        player: &Player,
        table: &dyn Table,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let events = self.events_since(id, seat_row, table)?;
        let info = table.info();
        let title = crate::engine::game_title(info.name, info.title);
        let title = title.get(&player.lang);
        for e in events {
            self.store.add_digest_line(
                &player.email,
                Some(id),
                &format!("#{id} {title}: {}", e.get(&player.lang)),
                &stamp(now),
            )?;
        }
        self.note_told(id, seat_row, None)
    }

    /// What happened since this seat's last mail, as the seat may know it.
    fn events_since(&self, id: i64, seat_row: &SeatRow, table: &dyn Table) -> Result<Vec<Text>> {
        let seat = seat_row.seat.map(Seat);
        let names = table.seat_names();
        let mut out = Vec::new();
        for m in self
            .store
            .moves(id)?
            .into_iter()
            .filter(|m| m.n > seat_row.seen_move)
        {
            // Table talk and notes name the seat as every mail does, with the address.
            let email = m.email.clone().unwrap_or_else(|| "quipu".into());
            // The address the row was written by: a seat changes hands.
            let who = match m.seat {
                Some(s) => with_address(crate::engine::seat_label(&names, s), &email),
                None => Text::same(email),
            };
            let (who_en, who_ko) = (who.en.as_str(), who.ko.as_str());
            match m.kind {
                MoveKind::Move => {
                    let events: Vec<Event> =
                        serde_json::from_str(&m.events).map_err(StoreError::from)?;
                    let mine = m.seat.map(Seat) == seat;
                    let told: Vec<Text> = events
                        .into_iter()
                        .filter(|e| e.to.is_none() || e.to == seat)
                        .map(|e| e.text.into_text())
                        .collect();
                    // The command once: not "You played: X" above an event
                    // that names X ("Your choice: X", "... [X]").
                    if mine && !told.iter().any(|t| t.en.contains(m.command.as_str())) {
                        out.push(Text::new(
                            format!("You played: {}", m.command),
                            format!("내가 둔 수: {}", m.command),
                        ));
                    }
                    out.extend(told);
                    if !mine
                        && m.source != "cli"
                        && m.source != super::bots::SEAT_SOURCE
                        && !m.source.contains('@')
                    {
                        out.push(Text::new(
                            format!(
                                "(that move of {who_en} was made by the clock: {})",
                                m.source
                            ),
                            format!("({who_ko}의 그 수는 시계가 두었습니다: {})", m.source),
                        ));
                    }
                }
                MoveKind::Say if m.seat.is_some() && m.seat.map(Seat) == seat => {
                    out.push(Text::new(
                        format!("You said to the table: {}", m.command),
                        format!("테이블에 한 말: {}", m.command),
                    ))
                }
                MoveKind::Say => out.push(super::guard::quoted_talk(&who, &m.command)),
                // The reader's own undo speaks to them.
                MoveKind::Undo if m.seat.is_some() && m.seat.map(Seat) == seat => {
                    out.push(Text::new(
                        format!("You took back your move: {}", m.command),
                        format!("내 수를 물렀습니다: {}", m.command),
                    ))
                }
                MoveKind::Undo => out.push(Text::new(
                    format!("{who_en} took back their move: {}", m.command),
                    format!("{who_ko}님이 이 수를 물렀습니다: {}", m.command),
                )),
                MoveKind::Drop => out.push(Text::new(
                    format!("{who_en} left the game."),
                    format!("{who_ko}님이 게임을 떠났습니다."),
                )),
                // A note keeps both languages in its events; the command
                // column is its English, for the operator's history.
                MoveKind::Note => {
                    let events: Vec<Event> =
                        serde_json::from_str(&m.events).map_err(StoreError::from)?;
                    match events.into_iter().next() {
                        Some(e) => out.push(e.text.into_text()),
                        None => out.push(Text::same(m.command.clone())),
                    }
                }
                MoveKind::Return => {}
            }
        }
        Ok(out)
    }

    /// Composes one mail about game `id` for a seat and puts it in the
    /// outbox; `table` is the game's, when the caller holds it already.
    pub(crate) fn mail_seat(
        &self,
        id: i64,
        table: Option<&dyn Table>,
        seat_row: &SeatRow,
        kind: MailKind,
        words: Words,
        now: DateTime<Utc>,
    ) -> Result<()> {
        if seat_row.bot.is_some() {
            return Ok(()); // A bot seat reads no mail.
        }
        let loaded;
        let table = match table {
            Some(t) => t,
            None => {
                loaded = self.table(id)?;
                loaded.as_ref()
            }
        };
        if self.batch.borrow().is_some() {
            return self.keep_for_summary(id, seat_row, kind, &words, table);
        }
        let player = self.store.player(&seat_row.email, &stamp(now))?;
        let lang = player.lang.as_str();
        let seat = seat_row.seat.map(Seat);
        // A seat that left (resigned, timed out) sees the public board only.
        let mut view = table.view(seat.filter(|_| seat_row.status == SeatStatus::Joined));
        if words.board == Board::Hand {
            view.sections.clear();
        }
        if kind == MailKind::GameOver {
            // The result opens the mail; the last position's headline
            // ("... to take a political action") is no longer news.
            view.headline = Text::default();
        }
        let info = table.info();
        let title = crate::engine::game_title(info.name, info.title);
        let subject = self.game_subject(id, &seat_row.email)?;
        let mut events = words.extra_events.clone();
        events.extend(self.events_since(id, seat_row, table)?);
        let mut events = one_fact_a_line(events);
        if kind == MailKind::GameOver {
            // The result opens the mail: the game's own "The game is over." is said.
            events.retain(|e| !e.en.starts_with("The game is over"));
        }
        let deciding = seat.map(|s| table.to_act().contains(&s)).unwrap_or(false)
            && kind != MailKind::GameOver;
        let mut paragraphs: Vec<Text> = Vec::new();
        if deciding {
            paragraphs.push(greeting(id, &title, seat, table));
        }
        paragraphs.extend(words.paragraphs.iter().cloned());
        if let Some(s) = seat {
            let who = self.who_is_who(id, s, &table.seat_names())?;
            // The decision or the result first; who is who after it.
            let at = usize::from(deciding || kind == MailKind::GameOver).min(paragraphs.len());
            paragraphs.insert(at, who);
        }
        let moves = match seat {
            Some(s) if deciding => {
                self.offered_moves(id, &seat_row.email, &subject, lang, table, s)
            }
            _ => Vec::new(),
        };
        let mut footer = footer(lang, &view, deciding, words.board);
        if deciding {
            footer.insert(1, Notify::read(&player.notify)?.how().get(lang).to_string());
        }
        let message_id = self.send(
            Some(id),
            &seat_row.email,
            Some(seat_row),
            kind,
            &subject,
            Page {
                lang,
                title: subject.clone(),
                preheader: paragraphs
                    .first()
                    .map(|p| p.get(lang).to_string())
                    .unwrap_or_default(),
                paragraphs: paragraphs.iter().map(|p| p.get(lang).to_string()).collect(),
                events: events.iter().map(|e| e.get(lang).to_string()).collect(),
                view: None,
                image_cid: None,
                moves,
                footer,
            },
            (words.board != Board::Omitted).then_some(&view),
            words.all_moves,
            words.board == Board::Full,
            now,
        )?;
        self.note_told(id, seat_row, Some(&message_id))
    }

    /// Catching up after downtime: the words of a mail are kept for the
    /// player's one summary mail instead of being sent.
    fn keep_for_summary(
        &self,
        id: i64,
        seat_row: &SeatRow,
        kind: MailKind,
        words: &Words,
        table: &dyn Table,
    ) -> Result<()> {
        let mut lines = words.paragraphs.clone();
        lines.extend(self.events_since(id, seat_row, table)?);
        if kind == MailKind::Turn && lines.is_empty() {
            // Keeps the game in the summary, which then sends its turn mail.
            lines.push(Text::new("It is your turn.", "당신 차례입니다."));
        }
        self.note_told(id, seat_row, None)?;
        if let Some(batch) = self.batch.borrow_mut().as_mut() {
            batch
                .entry(seat_row.email.clone())
                .or_default()
                .extend(lines.into_iter().map(|l| (id, l)));
        }
        Ok(())
    }

    /// Each seated player as every mail names them: the game's name for the
    /// seat with their address beside it ("Red (seat 2, bob@…)").
    pub(crate) fn people(&self, id: i64, names: &[Text]) -> Result<Vec<(usize, Text)>> {
        Ok(self
            .seated(id)?
            .iter()
            .filter_map(|r| {
                let seat = r.seat?;
                Some((
                    seat,
                    with_address(crate::engine::seat_label(names, seat), &r.email),
                ))
            })
            .collect())
    }

    /// "You are Red (seat 2). At the table: Red (seat 1) alice@…, Blue
    /// (seat 2) bob@…", in the same words in every game.
    fn who_is_who(&self, id: i64, me: Seat, names: &[Text]) -> Result<Text> {
        let you = crate::engine::seat_label(names, me.0);
        let people: Vec<Text> = self
            .people(id, names)?
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        let table = Text::join(&people, ", ");
        Ok(Text::new(
            format!("You are {}. At the table: {}.", you.en, table.en),
            format!("당신은 {}입니다. 참가자: {}.", you.ko, table.ko),
        ))
    }

    /// The Subject of every mail about game `id` to `email`, in their
    /// language: the same on every mail of the game, so that clients that
    /// thread by Subject (Gmail) keep one thread per game and player.
    pub(crate) fn game_subject(&self, id: i64, email: &str) -> Result<String> {
        let lang = match self.store.find_player(email)? {
            Some(p) => p.lang,
            None => "en".to_string(),
        };
        let name = self.game(id)?.game;
        let title = match crate::games::find(&name) {
            Some(e) => crate::engine::game_title(e.name, (e.info)().title),
            None => Text::same(name),
        };
        Ok(format!("[quipu #{id}] {}", title.get(&lang)))
    }

    /// A short talk mail to `to`: who said what at the table, no board.
    pub(crate) fn mail_talk(
        &self,
        id: i64,
        to: &str,
        speaker: &Text,
        said: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let subject = self.game_subject(id, to)?;
        let words = [
            super::guard::quoted_talk(speaker, said),
            Text::new(
                "Reply with 'say' and your words to answer the table; your next board comes with the next move.",
                "답하려면 'say' 뒤에 할 말을 써서 답장하세요. 보드는 다음 수와 함께 옵니다.",
            ),
        ];
        let reply = Some(self.reply_address(id, to));
        self.mail_plain(to, Some(id), reply, &subject, &words, MailKind::Update, now)
    }

    /// The plus-address that routes replies to (game, player).
    pub(crate) fn reply_address(&self, id: i64, email: &str) -> String {
        let (local, domain) = self.config.address_parts();
        format!("{local}+{}@{domain}", self.reply_token(id, email))
    }

    /// A mail that is not about one seat's board (answers, invitations, notices).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn mail_plain(
        &self,
        to: &str,
        game: Option<i64>,
        reply_to: Option<String>,
        subject: &str,
        paragraphs: &[Text],
        kind: MailKind,
        now: DateTime<Utc>,
    ) -> Result<()> {
        // No player row is made for an address that only wrote to us: a
        // stranger's mail changes nothing, and strangers read English.
        let lang = match self.store.find_player(to)? {
            Some(p) => p.lang,
            None => "en".to_string(),
        };
        let lang = lang.as_str();
        // Every mail about a game to one of its players carries the game's
        // one Subject, so that it joins that player's thread of the game.
        let game_subject = match game {
            Some(id) if self.seated(id)?.iter().any(|r| r.email == to) => {
                Some(self.game_subject(id, to)?)
            }
            _ => None,
        };
        let subject = game_subject.as_deref().unwrap_or(subject);
        let page = Page {
            lang,
            title: subject.to_string(),
            preheader: paragraphs
                .first()
                .map(|p| p.get(lang).to_string())
                .unwrap_or_default(),
            paragraphs: paragraphs.iter().map(|p| p.get(lang).to_string()).collect(),
            footer: vec![Text::new(
                "— quipu, the play-by-email service",
                "— quipu, 이메일 보드게임 서비스",
            )
            .get(lang)
            .to_string()],
            ..Page::default()
        };
        self.send_with_reply(
            game,
            to,
            None,
            kind,
            subject,
            page,
            (None, false),
            reply_to,
            render::Limits::default(),
            now,
        )?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn send<'a>(
        &self,
        game: Option<i64>,
        to: &str,
        seat_row: Option<&SeatRow>,
        kind: MailKind,
        subject: &str,
        page: Page<'a>,
        view: Option<&'a View>,
        all_moves: bool,
        picture: bool,
        now: DateTime<Utc>,
    ) -> Result<String> {
        let reply = game.map(|g| self.reply_address(g, to));
        let limits = if all_moves {
            render::Limits::UNLIMITED
        } else {
            render::Limits::default()
        };
        self.send_with_reply(
            game,
            to,
            seat_row,
            kind,
            subject,
            page,
            (view, picture),
            reply,
            limits,
            now,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn send_with_reply<'a>(
        &self,
        game: Option<i64>,
        to: &str,
        seat_row: Option<&SeatRow>,
        kind: MailKind,
        subject: &str,
        mut page: Page<'a>,
        (view, picture): (Option<&'a View>, bool),
        reply_to: Option<String>,
        limits: render::Limits,
        now: DateTime<Utc>,
    ) -> Result<String> {
        if super::bots::is_bot_name(to) {
            return Ok(String::new()); // A bot seat has no address: nothing is queued.
        }
        let (_, domain) = self.config.address_parts();
        let seq = self.next_mail_seq()?;
        let who: String = to
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        // The install's random part: another install (a second server, a
        // test install on the same domain) never mints the same Message-ID.
        let install = self.store.install_id()?;
        let message_id = format!(
            "q{}.{}.{seq}.{install}.{}@{domain}",
            game.unwrap_or(0),
            kind.as_str(),
            who
        );
        let root = game.map(|g| format!("q{g}.root.{who}@{domain}"));
        let cid = format!("board.{seq}@{domain}");
        let png = match view.filter(|_| picture) {
            Some(v) => self
                .board_png(&v.picture, page.lang)
                .map_err(|e| super::ServiceError::Picture(game.unwrap_or(0), e))?,
            None => Vec::new(),
        };
        if !png.is_empty() {
            page.image_cid = Some(cid.clone());
        }
        page.view = view;
        let text = render::page_text_with(&page, limits);
        let html = render::page_html_with(&page, limits);
        // Kept beside the MIME: a reply is read knowing what this mail said.
        let (plain_text, html_text) = (text.clone(), Some(inbound::html_text(&html)));
        let mut references: Vec<String> = root.iter().cloned().collect();
        let in_reply_to = seat_row
            .and_then(|s| s.last_message_id.clone())
            .filter(|m| !m.is_empty())
            .or(root.clone());
        if let Some(prev) = seat_row
            .and_then(|s| s.last_message_id.clone())
            .filter(|m| !m.is_empty())
        {
            references.push(prev);
        }
        let raw = compose(&Outgoing {
            from: self.config.address.clone(),
            from_name: sender_name(&self.config.name, kind, page.lang),
            to: to.to_string(),
            reply_to,
            subject: subject.to_string(),
            message_id: message_id.clone(),
            in_reply_to,
            references,
            text,
            html: Some(html),
            image: (!png.is_empty()).then_some((cid, png)),
            auto_submitted: if kind == MailKind::Answer {
                "auto-replied"
            } else {
                "auto-generated"
            },
            game,
            date: now,
        })
        .map_err(|e| super::ServiceError::Mail(e.to_string()))?;
        self.store.enqueue(&NewMail {
            created_at: stamp(now),
            game_id: game,
            recipient: to.to_string(),
            message_id: message_id.clone(),
            kind,
            raw,
            plain_text,
            html_text,
        })?;
        Ok(message_id)
    }

    /// The board as PNG in the reader's language, encoded once per language
    /// for every mail that shows the same board.
    fn board_png(
        &self,
        sketch: &crate::engine::Sketch,
        lang: &str,
    ) -> std::result::Result<Vec<u8>, render::EncodeError> {
        let mut cache = self.last_png.borrow_mut();
        if cache.as_ref().is_none_or(|c| &c.sketch != sketch) {
            *cache = Some(PictureCache {
                sketch: sketch.clone(),
                by_lang: Vec::new(),
            });
        }
        let Some(cache) = cache.as_mut() else {
            return Ok(render::picture(sketch, lang)?.png);
        };
        if let Some((_, png)) = cache.by_lang.iter().find(|(l, _)| l == lang) {
            return Ok(png.clone());
        }
        let png = render::picture(sketch, lang)?.png;
        cache.by_lang.push((lang.to_string(), png.clone()));
        Ok(png)
    }

    fn next_mail_seq(&self) -> Result<i64> {
        let n = match self.store.meta("mail_seq")? {
            None => 1,
            Some(s) => {
                s.parse::<i64>()
                    .map_err(|_| StoreError::BadMeta("mail_seq"))?
                    + 1
            }
        };
        self.store.set_meta("mail_seq", &n.to_string())?;
        Ok(n)
    }
}

/// The last board drawn, as PNG in each language asked for so far.
pub(super) struct PictureCache {
    sketch: crate::engine::Sketch,
    by_lang: Vec<(String, Vec<u8>)>,
}

/// A seat's label with the player's address beside it: "Red (seat 2,
/// bob@…)", "seat 2 (bob@…)", in both languages.
fn with_address(label: Text, email: &str) -> Text {
    if super::bots::is_bot_name(email) {
        return super::bots::bot_label(&label);
    }
    let add = |l: &str| match l.strip_suffix(')') {
        Some(open) => format!("{open}, {email})"),
        None => format!("{l} ({email})"),
    };
    Text::new(add(&label.en), add(&label.ko))
}

/// The mail's first line for a seat that decides: "your turn", or, when
/// the game asks it to answer on another seat's turn (a defence, a bid),
/// whose turn it is, so the mail does not claim a turn that is not its.
fn greeting(id: i64, title: &Text, seat: Option<Seat>, table: &dyn Table) -> Text {
    match table.turn_of().filter(|&t| Some(t) != seat) {
        Some(turn) => {
            let whose = crate::engine::seat_label(&table.seat_names(), turn.0);
            Text::new(
                format!(
                    "Your answer is needed in game #{id} of {}, on {}'s turn.",
                    title.en, whose.en
                ),
                format!(
                    "{} #{id} 게임, {}의 차례에 당신의 응답이 필요합니다.",
                    title.ko,
                    whose.get("ko")
                ),
            )
        }
        None => Text::new(
            format!("Your turn in game #{id} of {}.", title.en),
            format!("{} #{id} 게임에서 당신의 차례입니다.", title.ko),
        ),
    }
}
