//! The service's own commands in a mail (help, games, board, moves, say,
//! resign, undo, join, decline, set, vacation, stop, new): which words they
//! are, how one mail's lines of them merge, and what each does.

use super::mailin::Caller;
use super::notify::Words;
use super::{stamp, Result, Service, ServiceError};
use crate::engine::korean::korean_command;
use crate::engine::Text;
use crate::store::{GameStatus, InboundOutcome, MailKind, MoveKind, NewMove, SeatStatus};
use chrono::{DateTime, Utc};
use std::cell::RefCell;

/// Words that are service commands rather than game moves.
pub(super) const SERVICE_WORDS: [&str; 13] = [
    "help", "board", "moves", "say", "resign", "undo", "set", "vacation", "join", "decline", "new",
    "games", "stop",
];

/// Service words that may act more than once in one mail (each `set` names
/// its own key). Every other word acts once; repeated `say` lines are joined.
const REPEATABLE: [&str; 1] = ["set"];

pub(super) fn first_word(line: &str) -> String {
    line.split_whitespace().next().unwrap_or("").to_lowercase()
}

/// The words of the one answer a mail gets, gathered from all its lines,
/// and the note of the mail's lines not read as commands, which the first
/// mail the answer causes carries (the board, else the answer itself).
#[derive(Default)]
pub(super) struct Replies {
    words: RefCell<Vec<Text>>,
    note: RefCell<Option<Text>>,
}

impl Replies {
    pub(super) fn noting(note: Option<Text>) -> Replies {
        Replies {
            words: RefCell::default(),
            note: RefCell::new(note),
        }
    }

    pub(super) fn push(&self, t: Text) {
        self.words.borrow_mut().push(t);
    }

    /// The note, for a mail that carries it; later mails do not repeat it.
    pub(super) fn take_note(&self) -> Option<Text> {
        self.note.borrow_mut().take()
    }

    /// The answer's words, the note first if no mail carried it yet: a
    /// line not read is never lost silently, even beside `say`.
    pub(super) fn into_words(self) -> Vec<Text> {
        let mut words: Vec<Text> = self.note.into_inner().into_iter().collect();
        words.extend(self.words.into_inner());
        words
    }
}

/// Joins every `say` line into the first and drops repeats of words that
/// act once per mail, so one mail causes one relay, one board, one answer.
pub(super) fn merge_service_lines(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut say_at: Option<usize> = None;
    for line in lines {
        let word = first_word(&line);
        if word == "say" {
            let text = line.trim()[3..].trim().to_string();
            match say_at {
                Some(i) => {
                    out[i].push('\n');
                    out[i].push_str(&text);
                }
                None => {
                    say_at = Some(out.len());
                    out.push(format!("say {text}"));
                }
            }
        } else if REPEATABLE.contains(&word.as_str()) || !seen.contains(&word) {
            seen.push(word);
            out.push(line);
        }
    }
    out
}

impl Service {
    /// Runs one service command; returns (outcome, reason).
    pub(super) fn service_command(
        &self,
        caller: &Caller,
        line: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        let word = first_word(line);
        let rest = line.trim()[word.len().min(line.trim().len())..]
            .trim()
            .to_string();
        let email = caller.email.as_str();
        let done = |t: Text| answered(replies, t);
        let in_game = |f: &dyn Fn(i64) -> Result<(InboundOutcome, String)>| -> Result<(InboundOutcome, String)> {
            match caller.game {
                Some(id) => f(id),
                None => done(Text::new(
                    format!("'{word}' works only in a reply to a mail quipu sent you about a game: its reply address carries your token."),
                    format!("'{word}' 명령은 quipu가 보낸 게임 메일에 답장할 때만 됩니다. 그 답장 주소에 당신의 토큰이 있습니다."),
                )),
            }
        };
        match word.as_str() {
            "help" => match caller.game {
                Some(id) => done(self.game_help(id, email)?),
                // `help tikal`: that game's options, explained.
                None => done(
                    crate::games::option_words::options_help(rest.trim()).unwrap_or_else(help_text),
                ),
            },
            "games" => done(self.games_list(email)?),
            "board" | "moves" => {
                in_game(&|id| self.show_board(id, email, word == "moves", replies, now))
            }
            "say" => in_game(&|id| self.say(id, email, &rest, replies, now)),
            "resign" => in_game(&|id| self.resign(id, email, &rest, replies, now)),
            "undo" => in_game(&|id| self.undo(id, email, replies, now)),
            "join" | "decline" => in_game(&|id| {
                // Declining a seat already taken ends the forming game for all.
                if word == "decline"
                    && !is_confirmed(&rest)
                    && self.has_joined_forming(id, email)?
                {
                    return done(Text::new(
                        format!("You have joined game #{id}; declining now means the game will not start for anyone, and the others are told. Nothing has changed yet. To decline, reply 'decline confirm' (or 'confirm' to this mail)."),
                        format!("#{id} 게임에 이미 참가했습니다. 지금 거절하면 게임이 아무에게도 시작되지 않고 다른 사람들에게 알립니다. 아직 아무것도 바뀌지 않았습니다. 거절하려면 'decline confirm'(또는 이 메일에 'confirm')으로 답장하세요."),
                    ));
                }
                let t = if self.has_offer(id, email)? {
                    self.answer_offer(id, email, word == "join", now)?
                } else {
                    self.answer_invitation(id, email, word == "join", now)?
                };
                done(t)
            }),
            // A player's settings change only by a mail carrying one of their tokens.
            "set" => in_game(&|_| done(self.setting(email, &rest, now)?)),
            "vacation" => in_game(&|_| {
                match self.set_vacation(email, &rest, now) {
                Ok(t) => done(t),
                Err(ServiceError::Setup(m)) => done(Text::new(
                    m,
                    format!("'{rest}'(으)로는 휴가를 정할 수 없습니다: 이미 지난 기간입니다. 휴가는 오늘 이후에 끝나야 합니다."),
                )),
                Err(e) => Err(e),
            }
            }),
            "stop" => in_game(&|id| done(self.stop_invitations(id, email, now)?)),
            "new" => self.request_game(email, &rest, now),
            _ => done(help_text()),
        }
    }

    /// `games`: each running game of `email`, with its name, whose turn it
    /// is ("your turn" when it is theirs) and the deadline, in their time zone.
    fn games_list(&self, email: &str) -> Result<Text> {
        let ids = self.store.games_of(email)?;
        if ids.is_empty() {
            return Ok(Text::new(
                "You have no game running. To start one, write to the service address: new GAME with ADDRESS, ADDRESS ('help' tells more).",
                "진행 중인 게임이 없습니다. 새 게임은 서비스 주소로: new 게임 with 주소, 주소 (자세한 것은 'help').",
            ));
        }
        let zone = self.store.find_player(email)?.map(|p| p.timezone);
        let n = ids.len();
        let mut lines = vec![Text::new(
            format!("You play {n} game{}:", if n == 1 { "" } else { "s" }),
            format!("진행 중인 게임 {n}개:"),
        )];
        for id in ids {
            let name = self.game(id)?.game;
            let title = match crate::games::find(&name) {
                Some(e) => crate::engine::game_title(e.name, (e.info)().title),
                None => Text::same(name),
            };
            let table = self.table(id)?;
            let names = table.seat_names();
            let me = self.seat_of(id, email).ok();
            let acting = table.to_act();
            let turn = if me.is_some_and(|s| acting.contains(&s)) {
                Text::new("your turn", "당신 차례")
            } else {
                let who: Vec<Text> = acting
                    .iter()
                    .map(|s| crate::engine::seat_label(&names, s.0))
                    .collect();
                let who = Text::join(&who, ", ");
                Text::new(format!("{} to act", who.en), format!("{} 차례", who.ko))
            };
            let zone = zone.unwrap_or(chrono_tz::UTC);
            let due = self.deadline_of(id)?.map(|t| t.with_timezone(&zone));
            let (due_en, due_ko) = due.map_or((String::new(), String::new()), |d| {
                let at = d.format("%Y-%m-%d %H:%M");
                // Korean names the universal time in words, not by its Latin letters.
                let zone_ko = if zone == chrono_tz::UTC {
                    "협정 세계시".to_string()
                } else {
                    d.format("%Z").to_string()
                };
                (
                    format!("; deadline {at} {}", d.format("%Z")),
                    format!("; 마감 {at} ({zone_ko})"),
                )
            });
            lines.push(Text::new(
                format!("#{id} {}: {}{due_en}", title.en, turn.en),
                format!("#{id} {}: {}{due_ko}", title.ko, turn.ko),
            ));
        }
        Ok(Text::join(&lines, "\n"))
    }

    /// `help` in a reply to a game mail: that game's commands, the seat's
    /// commands now, then the service's.
    fn game_help(&self, id: i64, email: &str) -> Result<Text> {
        let table = self.table(id)?;
        let seat = self.seat_of(id, email).ok();
        let mut parts: Vec<Text> = table.view(seat).footer;
        if let Some(seat) = seat {
            let legal = table.legal(seat);
            if !legal.is_empty() {
                let shown: Vec<&str> = legal.iter().take(6).map(String::as_str).collect();
                // In the Korean words the game reads, for a Korean reader.
                let korean: Vec<String> = shown
                    .iter()
                    .map(|c| korean_command(table.words(), c))
                    .collect();
                let n = legal.len();
                let more = if n > shown.len() { " …" } else { "" };
                parts.push(Text::new(
                    format!(
                        "You may write now ({n} command{}): {}{more} (reply 'moves' for all of them).",
                        if n == 1 { "" } else { "s" },
                        shown.join(" | ")
                    ),
                    format!(
                        "지금 쓸 수 있는 명령({n}개): {}{more} (전부 보려면 'moves'로 답장).",
                        korean.join(" | ")
                    ),
                ));
            }
        }
        parts.push(help_text());
        Ok(Text::join(&parts, "\n\n"))
    }

    /// `resign`: explained, and done only as `resign confirm`.
    fn resign(
        &self,
        id: i64,
        email: &str,
        rest: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        if self.game(id)?.status != GameStatus::Active {
            return answered(
                replies,
                Text::new("That game is not running.", "그 게임은 진행 중이 아닙니다."),
            );
        }
        // Leaving is for good: one word only explains, `resign confirm` does it.
        if !is_confirmed(rest) {
            let t = self.resign_explained(id, email)?;
            replies.push(t);
            return Ok((
                InboundOutcome::Answered,
                "resign explained; not confirmed".into(),
            ));
        }
        self.drop_player(id, email, "resign", now)?;
        // If the game goes on, the resigner would otherwise hear nothing
        // (a game that ends tells every seat, the resigner included).
        if self.game(id)?.status == GameStatus::Active {
            replies.push(Text::new(
                format!("You resigned from game #{id}."),
                format!("#{id} 게임에서 기권했습니다."),
            ));
        }
        Ok((InboundOutcome::Applied, "resigned".into()))
    }

    /// What `resign` would do in game `id`, and how to confirm it.
    fn resign_explained(&self, id: i64, email: &str) -> Result<Text> {
        let seat = self.seat_of(id, email)?;
        let mut copy = self.table(id)?;
        let continues = copy.drop_seat(seat);
        let others = self
            .seated(id)?
            .iter()
            .filter(|r| r.status == SeatStatus::Joined && r.email != email)
            .count();
        let (en, ko) = if continues && others >= 2 {
            (
                "the game goes on without you, your seat played by the rules' defaults",
                "게임은 당신 없이 계속되고, 당신 자리는 규칙의 기본 선택으로 진행됩니다",
            )
        } else {
            (
                "the game ends now and the players who stay are ranked ahead of you",
                "게임이 바로 끝나고 남은 플레이어가 당신보다 높은 순위가 됩니다",
            )
        };
        Ok(Text::new(
            format!("Resigning leaves game #{id} for good: {en}. Nothing has changed yet. To resign, reply 'resign confirm' (or 'confirm' to this mail)."),
            format!("기권하면 #{id} 게임을 완전히 떠납니다: {ko}. 아직 아무것도 바뀌지 않았습니다. 기권하려면 'resign confirm'(또는 이 메일에 'confirm')으로 답장하세요."),
        ))
    }

    /// Whether `email` has joined game `id` while it is still forming.
    fn has_joined_forming(&self, id: i64, email: &str) -> Result<bool> {
        Ok(self.game(id)?.status == GameStatus::Forming
            && self
                .store
                .seats(id)?
                .iter()
                .any(|s| s.email == email && s.status == SeatStatus::Joined))
    }

    /// `board` or `moves`: the seat's mail again (with every legal command for `moves`).
    fn show_board(
        &self,
        id: i64,
        email: &str,
        all_moves: bool,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) else {
            return answered(
                replies,
                Text::new(
                    "You have no seat in that game yet.",
                    "아직 그 게임에 자리가 없습니다.",
                ),
            );
        };
        let table = self.table(id)?;
        let kind = if table.to_act().iter().any(|s| Some(s.0) == row.seat) {
            MailKind::Turn
        } else {
            MailKind::Update
        };
        let mut words = Words {
            paragraphs: replies.take_note().into_iter().collect(),
            all_moves,
            ..Words::default()
        };
        if all_moves {
            let legal = row
                .seat
                .map(|s| table.legal(crate::engine::Seat(s)))
                .unwrap_or_default();
            words.paragraphs.push(Text::new(
                format!(
                    "Every legal command now ({}):\n{}",
                    legal.len(),
                    legal.join("\n")
                ),
                format!(
                    "지금 가능한 모든 명령({}개):\n{}",
                    legal.len(),
                    legal.join("\n")
                ),
            ));
        }
        self.mail_seat(id, Some(table.as_ref()), &row, kind, words, now)?;
        Ok((
            InboundOutcome::Answered,
            if all_moves { "moves" } else { "board" }.to_string(),
        ))
    }

    /// Why `text` cannot be said at game `id` now, if it cannot.
    pub(super) fn talk_refusal(&self, id: i64, text: &str) -> Result<Option<Text>> {
        let status = self.game(id)?.status;
        if status != GameStatus::Active && status != GameStatus::Forming {
            // A finished game's record does not change.
            return Ok(Some(Text::new(
                "That game is over; its record is closed.",
                "그 게임은 끝나서 기록이 닫혔습니다.",
            )));
        }
        if super::guard::visible_text(text).trim().is_empty() {
            return Ok(Some(Text::new(
                "Write what to say after 'say'.",
                "'say' 뒤에 할 말을 쓰세요.",
            )));
        }
        Ok(None)
    }

    /// Records table talk in the game's history; the mails that tell the
    /// others are the caller's to send (with a move, its own mails carry it).
    pub(super) fn record_talk(
        &self,
        id: i64,
        email: &str,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let text = super::guard::visible_text(text);
        let seat = self.seat_of(id, email).ok().map(|s| s.0);
        self.store.append_move(&NewMove {
            game_id: id,
            seat,
            email: Some(email.to_string()),
            kind: MoveKind::Say,
            command: text.trim().chars().take(2000).collect(),
            events: "[]".into(),
            source: "mail".into(),
            at: stamp(now),
        })?;
        Ok(())
    }

    /// `say TEXT` alone: recorded, relayed to the other seats in a short
    /// talk mail (no board), and confirmed to the sender.
    fn say(
        &self,
        id: i64,
        email: &str,
        rest: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        if let Some(why) = self.talk_barred(id, email)? {
            return answered(replies, why);
        }
        if let Some(why) = self.talk_refusal(id, rest)? {
            return answered(replies, why);
        }
        self.record_talk(id, email, rest, now)?;
        let said = super::guard::visible_text(rest);
        let said = said.trim();
        let people = self.people(id, &self.table(id)?.seat_names())?;
        let me = self.seat_of(id, email).ok().map(|s| s.0);
        let speaker = people
            .iter()
            .find(|(s, _)| Some(*s) == me)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| Text::same(email));
        let mut heard = Vec::new();
        for r in self
            .seated(id)?
            .into_iter()
            .filter(|r| r.email != email && r.status == SeatStatus::Joined)
        {
            self.mail_talk(id, &r.email, &speaker, said, now)?;
            if let Some((_, t)) = people.iter().find(|(s, _)| Some(*s) == r.seat) {
                heard.push(t.clone());
            }
        }
        let heard = Text::join(&heard, ", ");
        answered(
            replies,
            Text::new(
                format!("Sent to {}: {said}", heard.en),
                format!("{}에게 보냈습니다: {said}", heard.ko),
            ),
        )?;
        Ok((InboundOutcome::Answered, "said".into()))
    }

    /// `undo`: takes back the caller's own last decision if nobody acted
    /// since and it revealed nothing.
    fn undo(
        &self,
        id: i64,
        email: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        let moves = self.store.moves(id)?;
        let steps = super::history::effective(&moves);
        let last_game_row = moves.iter().rev().find(|m| {
            m.kind == MoveKind::Move || m.kind == MoveKind::Undo || m.kind == MoveKind::Drop
        });
        let refuse = |why: Text| -> Result<(InboundOutcome, String)> {
            let r = why.en.clone();
            replies.push(why);
            Ok((InboundOutcome::Rejected, r))
        };
        let Some(last) = last_game_row.filter(|m| m.kind == MoveKind::Move) else {
            return refuse(Text::new(
                "There is no move of yours to take back.",
                "무를 수 있는 수가 없습니다.",
            ));
        };
        if last.email.as_deref() != Some(email)
            || !steps
                .iter()
                .any(|s| matches!(s, super::history::Step::Play { n, .. } if *n == last.n))
        {
            return refuse(Text::new(
                "Only your own last decision can be taken back, and only before anyone else acts.",
                "자기 마지막 결정만, 다른 사람이 두기 전에만 무를 수 있습니다.",
            ));
        }
        let events: Vec<crate::engine::Event> =
            serde_json::from_str(&last.events).map_err(|e| {
                ServiceError::Unreadable(
                    id,
                    format!("the events of move {} are unreadable: {e}", last.n),
                )
            })?;
        if events.iter().any(|e| e.reveals) || self.game(id)?.status != GameStatus::Active {
            return refuse(Text::new(
                format!("'{}' revealed something (a card or tile drawn) or ended the game, so it cannot be taken back.", last.command),
                format!("'{}'은(는) 무언가를 공개했거나 게임을 끝냈으므로 무를 수 없습니다.", last.command),
            ));
        }
        let before = self.table(id)?.to_act();
        let seat = self.seat_of(id, email)?;
        self.store.append_move(&NewMove {
            game_id: id,
            seat: Some(seat.0),
            email: Some(email.to_string()),
            kind: MoveKind::Undo,
            command: last.command.clone(),
            events: "[]".into(),
            source: "mail".into(),
            at: stamp(now),
        })?;
        self.forget();
        self.after_change(id, &[seat], &before, now)?;
        Ok((InboundOutcome::Applied, format!("undid {}", last.command)))
    }

    /// `set language ko`, `set timezone Asia/Seoul`, `set quiet 23:00-08:00`,
    /// `set digest daily 19:00`, `set notify every|turn|digest`.
    pub fn setting(&self, email: &str, rest: &str, now: DateTime<Utc>) -> Result<Text> {
        let mut p = self.store.player(email, &stamp(now))?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let key = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
        let value = words.get(1..).map(|w| w.join(" ")).unwrap_or_default();
        let bad = |what: &str, what_ko: &str| {
            Ok(Text::new(
                format!("'{value}' is not a valid {what}."),
                format!("'{value}'은(는) 올바른 {what_ko} 값이 아닙니다."),
            ))
        };
        match key.as_str() {
            "language" | "lang" | "언어" => match value.to_lowercase().as_str() {
                "ko" | "korean" | "한국어" => p.lang = "ko".into(),
                "en" | "english" | "영어" => p.lang = "en".into(),
                _ => return bad("language (en or ko)", "언어(en 또는 ko)"),
            },
            "timezone" | "tz" => {
                match value.parse::<chrono_tz::Tz>() {
                    Ok(zone) => p.timezone = zone,
                    Err(_) => return bad("time zone (e.g. Asia/Seoul, Europe/Berlin)", "시간대(예: Asia/Seoul)"),
                }
            }
            "quiet" => {
                if value.eq_ignore_ascii_case("off") {
                    p.quiet_from = None;
                    p.quiet_to = None;
                } else {
                    let Some((a, b)) = value.split_once('-').filter(|_| super::clock::parse_quiet(&value).is_some()) else {
                        return bad("quiet time (e.g. 23:00-08:00 or off)", "방해 금지 시간(예: 23:00-08:00 또는 off)");
                    };
                    p.quiet_from = Some(a.trim().into());
                    p.quiet_to = Some(b.trim().into());
                }
            }
            "digest" => {
                let at = value.trim_start_matches("daily").trim();
                if value.eq_ignore_ascii_case("off") {
                    p.notify = "turn".into();
                } else if super::clock::parse_hm(at).is_some() {
                    p.notify = "digest".into();
                    p.digest_at = Some(at.into());
                } else {
                    return bad("digest time (e.g. daily 19:00, or off)", "요약 시각(예: daily 19:00 또는 off)");
                }
            }
            "notify" => match value.as_str() {
                "every" | "turn" | "digest" => p.notify = value.clone(),
                _ => return bad("notify setting (every, turn or digest)", "알림 설정(every, turn, digest 중 하나)"),
            },
            _ => {
                return Ok(Text::new(
                    "Settings: set language en|ko, set timezone ZONE, set quiet HH:MM-HH:MM, set digest daily HH:MM, set notify every|turn|digest.",
                    "설정: set language en|ko, set timezone 시간대, set quiet HH:MM-HH:MM, set digest daily HH:MM, set notify every|turn|digest.",
                ))
            }
        }
        self.store.save_player(&p)?;
        self.reschedule_player(email, now)?;
        Ok(setting_done(&key, &value))
    }
}

/// Whether the words after a final command confirm it (`resign confirm`,
/// in either language).
fn is_confirmed(rest: &str) -> bool {
    matches!(rest.trim().to_lowercase().as_str(), "confirm" | "확인")
}

/// A service command's answer, kept for the mail's one reply.
fn answered(replies: &Replies, t: Text) -> Result<(InboundOutcome, String)> {
    let r = t.en.clone();
    replies.push(t);
    Ok((InboundOutcome::Answered, r))
}

pub(super) fn help_text() -> Text {
    Text::new(
        "quipu commands. In a game (reply to its mail): your moves, one per line (several lines make one turn); \
board; moves; say TEXT; undo; resign; join; decline; stop (never be invited again); set language en|ko; set timezone ZONE; \
set quiet HH:MM-HH:MM; set digest daily HH:MM; set notify every|turn|digest; vacation YYYY-MM-DD..YYYY-MM-DD; vacation off. Anywhere: help; games. \
New game (to the service address): new GAME with ADDRESS, ADDRESS [option=value ...]; help GAME explains its options. Games: tzolkin, tikal, tawantinsuyu, cuzco, tta.",
        "quipu 명령. 게임 중(그 게임의 메일에 답장): 한 줄에 하나씩 수를 적습니다(여러 줄은 한 차례); board; moves; say 내용; undo; resign; join; decline; stop(다시 초대받지 않기); set language en|ko; set timezone 시간대; set quiet HH:MM-HH:MM; set digest daily HH:MM; set notify every|turn|digest; \
vacation YYYY-MM-DD..YYYY-MM-DD; vacation off. 어디서나: help; games. 새 게임(서비스 주소로): new 게임 with 주소, 주소 [옵션=값 ...]; help 게임으로 그 게임의 옵션 설명을 봅니다. 게임: tzolkin, tikal, tawantinsuyu, cuzco, tta.",
    )
}

/// The answer to a setting that was saved, in both languages, with the
/// setting's own name and value (Korean needs no particle after either).
fn setting_done(key: &str, value: &str) -> Text {
    let (en_key, ko_key) = match key {
        "language" | "lang" | "언어" => ("language", "언어"),
        "timezone" | "tz" => ("time zone", "시간대"),
        "quiet" => ("quiet hours", "방해 금지 시간"),
        "digest" => ("daily digest", "일일 요약"),
        _ => ("notifications", "알림"),
    };
    let ko_value = match value.to_lowercase().as_str() {
        "ko" | "korean" | "한국어" => "한국어".to_string(),
        "en" | "english" | "영어" => "영어".to_string(),
        "off" => "끔".to_string(),
        "every" => "수가 둘 때마다".to_string(),
        "turn" => "내 차례일 때만".to_string(),
        _ => value.to_string(),
    };
    Text::new(
        format!("Your {en_key} is now {value}."),
        format!("설정했습니다 — {ko_key}: {ko_value}"),
    )
}
