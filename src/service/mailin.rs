//! One incoming mail, start to finish: read it, drop what machines sent,
//! find the game and seat from the reply token, apply the commands as one
//! atomic turn (or the service commands), and record the outcome together
//! with every answer in one transaction.

use super::notify::{Kind, Words};
use super::{reading, stamp, Result, Service, ServiceError};
use crate::engine::Text;
use crate::mail::inbound::{self, Inbound, Sender};
use crate::store::{InboundRow, NewMove};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use std::cell::RefCell;

/// What became of one mail.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MailOutcome {
    pub message_id: String,
    /// applied | rejected | answered | ignored | duplicate | failed
    pub outcome: String,
    pub reason: String,
    pub game_id: Option<i64>,
}

/// Words that are service commands rather than game moves.
const SERVICE_WORDS: [&str; 13] = [
    "help", "board", "moves", "say", "resign", "undo", "set", "vacation", "join", "decline", "new",
    "games", "stop",
];

/// Service words that may act more than once in one mail (each `set` names
/// its own key). Every other word acts once; repeated `say` lines are joined.
const REPEATABLE: [&str; 1] = ["set"];

/// True for text no person typed: control characters (other than tab) or
/// the replacement character left by bytes that decode as nothing.
fn looks_binary(line: &str) -> bool {
    line.chars()
        .any(|c| (c.is_control() && c != '\t') || c == '\u{FFFD}')
}

fn first_word(line: &str) -> String {
    line.split_whitespace().next().unwrap_or("").to_lowercase()
}

/// Lines of a mail with their line numbers in it (from 1).
type Numbered = Vec<(usize, String)>;

/// Who a mail speaks for: the seat its token names, the creator of the game
/// request its token confirms, or (without a token) its From.
struct Caller {
    email: String,
    game: Option<i64>,
    request: Option<i64>,
}

/// The words of the one answer a mail gets, gathered from all its lines.
#[derive(Default)]
struct Replies(RefCell<Vec<Text>>);

impl Replies {
    fn push(&self, t: Text) {
        self.0.borrow_mut().push(t);
    }
}

/// Joins every `say` line into the first and drops repeats of words that
/// act once per mail, so one mail causes one relay, one board, one answer.
fn merge_service_lines(lines: Vec<String>) -> Vec<String> {
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
    /// Handles one raw mail as of `now`. Safe to call twice with the same mail.
    pub fn handle_mail(&self, raw: &[u8], now: DateTime<Utc>) -> Result<MailOutcome> {
        self.handle_mail_sized(raw, raw.len(), now)
    }

    /// Handles a mail of `size` bytes of which `raw` may be only the header
    /// (IMAP fetches just the header of a mail over the size limit).
    pub fn handle_mail_sized(
        &self,
        raw: &[u8],
        size: usize,
        now: DateTime<Utc>,
    ) -> Result<MailOutcome> {
        let limit = self.config.limits.max_mail_bytes;
        let too_large = size.max(raw.len()) > limit;
        // A huge mail is read only as far as its headers need.
        let mail = inbound::read(if too_large {
            &raw[..limit.min(raw.len())]
        } else {
            raw
        });
        let mail = Inbound {
            size: size.max(raw.len()),
            ..mail
        };
        let duplicate = || MailOutcome {
            message_id: mail.message_id.clone(),
            outcome: "duplicate".into(),
            reason: "already processed".into(),
            game_id: None,
        };
        if self
            .store
            .inbound_seen_from(&mail.message_id, mail.from.as_deref())?
        {
            return Ok(duplicate());
        }
        let row = |outcome: &str, reason: &str, game_id: Option<i64>| InboundRow {
            message_id: mail.message_id.clone(),
            received_at: stamp(now),
            sender: mail.from.clone(),
            game_id,
            outcome: outcome.into(),
            reason: reason.into(),
            size: mail.size as i64,
        };
        // The row is claimed inside the transaction that applies the mail, so
        // two processes handling one mail apply it once.
        let handled = self.in_tx(|| {
            if !self
                .store
                .claim_inbound(&row("failed", "being handled", None))?
            {
                return Ok(None);
            }
            let (outcome, reason, game_id) = self.judge(&mail, raw, too_large, now)?;
            self.store
                .settle_inbound(&row(&outcome, &reason, game_id))?;
            Ok(Some(MailOutcome {
                message_id: mail.message_id.clone(),
                outcome,
                reason,
                game_id,
            }))
        });
        match handled {
            Ok(Some(outcome)) => Ok(outcome),
            Ok(None) => Ok(duplicate()),
            Err(e) => self.record_failure(&mail, &row("failed", &e.to_string(), None), now),
        }
    }

    /// A mail whose handling failed: everything it did is rolled back; it is
    /// recorded as `failed` with the reason (for the operator, never quoted
    /// to the sender) so it is not tried again in a loop, and its sender is
    /// told, within the answer limits.
    fn record_failure(
        &self,
        mail: &Inbound,
        row: &InboundRow,
        now: DateTime<Utc>,
    ) -> Result<MailOutcome> {
        self.forget();
        self.in_tx(|| {
            if !self.store.claim_inbound(row)? {
                return Ok(());
            }
            if let (Some(from), Sender::Person) = (&mail.from, &mail.sender) {
                let t = Text::new(
                    "quipu could not handle your mail because of an internal error; nothing was changed. The operator is told.",
                    "내부 오류로 메일을 처리하지 못했습니다. 아무것도 바뀌지 않았습니다. 운영자에게 알렸습니다.",
                );
                // The sender's address may be one the composer refuses.
                if self.answer(from, None, &[t], now, "failed", &row.reason).is_err() {
                    self.forget();
                }
            }
            Ok(())
        })?;
        Ok(MailOutcome {
            message_id: row.message_id.clone(),
            outcome: row.outcome.clone(),
            reason: row.reason.clone(),
            game_id: None,
        })
    }

    /// Decides and does what a mail asks; returns (outcome, reason, game).
    fn judge(
        &self,
        mail: &Inbound,
        raw: &[u8],
        too_large: bool,
        now: DateTime<Utc>,
    ) -> Result<(String, String, Option<i64>)> {
        let ignored = |r: &str| Ok(("ignored".to_string(), r.to_string(), None));
        match &mail.sender {
            Sender::Automatic(why) => return ignored(&format!("automatic mail: {why}")),
            Sender::Bounce(why) => return ignored(&format!("bounce: {why}")),
            Sender::Person => {}
        }
        if mail.commands.iter().any(|l| looks_binary(l)) {
            // Answering junk only invites more junk (and may loop with a broken sender).
            return ignored(
                "binary junk: control characters or undecodable bytes where commands should be",
            );
        }
        let Some(from) = mail.from.clone() else {
            return ignored("no sender address");
        };
        let hour_ago = stamp(now - Duration::hours(1));
        if self.store.inbound_since(&from, &hour_ago)? >= self.config.limits.per_sender_per_hour {
            return ignored("rate limit: too many mails from this sender in the last hour");
        }
        let caller = match self.caller(mail, &from)? {
            Ok(c) => c,
            Err(why) => {
                let words = [why.clone(), Text::new(
                    "Reply to the latest mail quipu sent you for that game, or write 'help' to the service address.",
                    "그 게임에 대해 quipu가 보낸 최근 메일에 답장하거나, 서비스 주소로 'help'를 보내세요.",
                )];
                return self.answer(&from, None, &words, now, "rejected", &why.en);
            }
        };
        let reject = |why: Text| {
            self.answer(
                &caller.email,
                caller.game,
                std::slice::from_ref(&why),
                now,
                "rejected",
                &why.en,
            )
        };
        if too_large {
            let why = Text::new(
                format!(
                    "Your mail was too large ({} bytes; the limit is {}). Send just the commands.",
                    mail.size, self.config.limits.max_mail_bytes
                ),
                format!(
                    "메일이 너무 큽니다({} 바이트, 한도 {}). 명령만 보내세요.",
                    mail.size, self.config.limits.max_mail_bytes
                ),
            );
            return reject(why);
        }
        // What we sent this caller comes out of the text before its lines are read.
        let reread = self.reread(raw, mail, &caller.email, caller.game)?;
        let mail = &reread;
        let lines: Vec<String> = mail
            .commands
            .iter()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        if lines.is_empty() {
            let why = Text::new(
                "I found no command in your mail. Write one command per line above the quoted text, or 'help'.",
                "메일에서 명령을 찾지 못했습니다. 인용문 위에 한 줄에 하나씩 명령을 쓰거나 'help'라고 쓰세요.",
            );
            return reject(why);
        }
        if lines.len() > self.config.limits.max_commands {
            let why = Text::new(
                format!(
                    "Your mail has {} command lines; at most {} are read from one mail.",
                    lines.len(),
                    self.config.limits.max_commands
                ),
                format!(
                    "명령이 {}줄입니다. 한 메일에서 최대 {}줄까지 읽습니다.",
                    lines.len(),
                    self.config.limits.max_commands
                ),
            );
            return reject(why);
        }
        // Before any matching: the cost of matching grows with a line's length.
        let max_line = self.config.limits.max_line_chars;
        if let Some(n) = super::guard::overlong_line(&lines, max_line) {
            let why = Text::new(
                format!("Nothing was read: line {n} is longer than {max_line} characters. Write one short command per line."),
                format!("아무것도 읽지 않았습니다: {n}번째 줄이 {max_line}자보다 깁니다. 한 줄에 짧은 명령 하나씩 쓰세요."),
            );
            return reject(why);
        }
        if let Some(request) = caller.request {
            return self.confirm_request(request, &caller.email, &lines, now);
        }
        // In a game, a line the seat can play at that point of its turn is a
        // move even if its first word is also a service word (`join worship
        // ...` after earlier lines of the same turn, `new 3 workers`).
        let numbered: Numbered = lines
            .into_iter()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .collect();
        let is_service = |l: &str| SERVICE_WORDS.contains(&first_word(l).as_str());
        let (service_lines, game_lines) =
            match caller.game.map(|id| (id, self.seat_of(id, &caller.email))) {
                Some((id, Ok(seat))) => {
                    let mut table = self.table(id)?;
                    reading::split_service_lines(table.as_mut(), seat, numbered, is_service)
                }
                _ => numbered.into_iter().partition(|(_, l)| is_service(l)),
            };
        let service_lines =
            merge_service_lines(service_lines.into_iter().map(|(_, l)| l).collect());
        let mut outcome = ("answered".to_string(), String::new(), caller.game);
        if !game_lines.is_empty() {
            let Some(id) = caller.game else {
                // Lines beside service commands, outside a game: chat around them.
                if !service_lines.is_empty() {
                    let unread: Vec<String> = game_lines.into_iter().map(|(_, l)| l).collect();
                    outcome.1 = format!("not read as commands: {}; ", unread.join(" | "));
                    return self.run_service_lines(&caller, service_lines, outcome, now);
                }
                let why = Text::new(
                    format!("'{}' is not a service command. To move in a game, reply to that game's mail. Write 'help' for the commands.", game_lines[0].1),
                    format!("'{}'은(는) 서비스 명령이 아닙니다. 게임에서 두려면 그 게임의 메일에 답장하세요. 'help'로 명령을 볼 수 있습니다.", game_lines[0].1),
                );
                return self.answer(
                    &caller.email,
                    None,
                    std::slice::from_ref(&why),
                    now,
                    "rejected",
                    &why.en,
                );
            };
            let read = self.turn_lines(id, &caller.email, &game_lines)?;
            let (unread_en, unread_ko) = read.unread_note();
            if read.turn.is_empty() {
                if service_lines.is_empty() {
                    let why = Text::new(
                        format!("I found no command in your mail. {unread_en} Write one command per line above the quoted text, or 'help'."),
                        format!("메일에서 명령을 찾지 못했습니다. {unread_ko} 인용문 위에 한 줄에 하나씩 명령을 쓰거나 'help'라고 쓰세요."),
                    );
                    let words = [why, help_text()];
                    return self.answer(
                        &caller.email,
                        Some(id),
                        &words,
                        now,
                        "rejected",
                        &words[0].en,
                    );
                }
                outcome.1 = format!("{unread_en} ");
                return self.run_service_lines(&caller, service_lines, outcome, now);
            }
            // A reply to a mail from before the seat's last move confirms first.
            if self.is_stale_reply(mail, id, &caller.email)? {
                return self.ask_to_confirm(id, &caller.email, &read.commands(), now);
            }
            match self.play(id, &caller.email, &read.commands(), &mail.message_id, now) {
                Ok(applied) => {
                    let mut reason = applied.commands.join("; ");
                    if !unread_en.is_empty() {
                        reason = format!("{reason} ({unread_en})");
                    }
                    outcome = ("applied".into(), reason, Some(id));
                }
                Err(ServiceError::Refused {
                    line,
                    command,
                    reason,
                    suggestions,
                }) => {
                    let reason = Text::new(
                        format!("{} {unread_en}", reason.en).trim_end().to_string(),
                        format!("{} {unread_ko}", reason.ko).trim_end().to_string(),
                    );
                    return self.refuse(
                        id,
                        &caller.email,
                        read.line_number(line),
                        &command,
                        &reason,
                        &suggestions,
                        now,
                    );
                }
                Err(ServiceError::NotActive(_, status)) => {
                    let why = Text::new(
                        format!("Game #{id} is {status}; it takes no more moves."),
                        format!("#{id} 게임은 {status} 상태라 더 둘 수 없습니다."),
                    );
                    return self.answer(
                        &caller.email,
                        Some(id),
                        std::slice::from_ref(&why),
                        now,
                        "rejected",
                        &why.en,
                    );
                }
                Err(e) => return Err(e),
            }
        }
        self.run_service_lines(&caller, service_lines, outcome, now)
    }

    /// Runs the service commands of a mail after its turn (if any), with one
    /// answer for all of them; returns the mail's outcome with theirs added.
    fn run_service_lines(
        &self,
        caller: &Caller,
        service_lines: Vec<String>,
        mut outcome: (String, String, Option<i64>),
        now: DateTime<Utc>,
    ) -> Result<(String, String, Option<i64>)> {
        let replies = Replies::default();
        for line in service_lines {
            let (result, reason) = self.service_command(caller, &line, &replies, now)?;
            if outcome.0 != "applied" {
                outcome.0 = result;
            }
            if !outcome.1.is_empty() && !outcome.1.ends_with(' ') {
                outcome.1.push_str("; ");
            }
            outcome.1.push_str(&reason);
        }
        let words = replies.0.into_inner();
        if words.is_empty() {
            return Ok(outcome);
        }
        let (result, reason, game) = outcome;
        self.answer(&caller.email, caller.game, &words, now, &result, &reason)
            .map(|(o, r, _)| (o, r, game))
    }

    /// The identity a mail speaks for, or why its token is not good.
    fn caller(&self, mail: &Inbound, from: &str) -> Result<std::result::Result<Caller, Text>> {
        let (local, domain) = self.config.address_parts();
        let Some(token) = inbound::plus_detail(mail, &local, &domain) else {
            return Ok(Ok(Caller {
                email: from.to_string(),
                game: None,
                request: None,
            }));
        };
        let bad = Text::new(
            "The reply address of your mail is not valid for any game (it may be mistyped or from an old game).",
            "답장 주소가 어떤 게임에도 맞지 않습니다(잘못 적었거나 지난 게임의 주소일 수 있습니다).",
        );
        if let Some(id) = super::token::claimed_request(&token) {
            let creator = self.store.game_request(id)?.map(|r| r.email);
            return Ok(match creator {
                Some(email) if super::token::verify_request(&self.secret, &token, id, &email) => {
                    Ok(Caller {
                        email,
                        game: None,
                        request: Some(id),
                    })
                }
                _ => Err(bad),
            });
        }
        let Some(id) = super::token::claimed_game(&token) else {
            return Ok(Err(bad));
        };
        let Ok(_) = self.store.game(id) else {
            return Ok(Err(bad));
        };
        let owner = self
            .store
            .seats(id)?
            .into_iter()
            .find(|s| self.token_matches(&token, id, &s.email) && s.status != "replaced");
        Ok(match owner {
            Some(s) => Ok(Caller {
                email: s.email,
                game: Some(id),
                request: None,
            }),
            None => Err(bad),
        })
    }

    /// True when `to` had as many answers in the last hour as the limit allows.
    pub(super) fn answer_limit_reached(&self, to: &str, now: DateTime<Utc>) -> Result<bool> {
        let hour_ago = stamp(now - Duration::hours(1));
        Ok(self.store.answers_since(to, &hour_ago)? >= self.config.limits.answers_per_hour)
    }

    /// Answers a mail (unless this sender had too many answers lately).
    pub(crate) fn answer(
        &self,
        to: &str,
        game: Option<i64>,
        words: &[Text],
        now: DateTime<Utc>,
        outcome: &str,
        reason: &str,
    ) -> Result<(String, String, Option<i64>)> {
        if self.answer_limit_reached(to, now)?
            || (game.is_none() && self.stranger_answer_spent(to, now)?)
        {
            return Ok((
                outcome.into(),
                format!("{reason} (not answered: answer limit reached)"),
                game,
            ));
        }
        let subject = match game {
            Some(g) => format!(
                "[quipu #{g}] {}",
                self.table(g).map(|t| t.info().title).unwrap_or("game")
            ),
            None => "[quipu]".to_string(),
        };
        let reply = game.map(|g| self.reply_address(g, to));
        self.mail_plain(to, game, reply, &subject, words, Kind::Answer, now)?;
        Ok((outcome.into(), reason.into(), game))
    }

    /// A refused turn: which line, why, the closest legal commands, the board.
    #[allow(clippy::too_many_arguments)]
    fn refuse(
        &self,
        id: i64,
        email: &str,
        line: usize,
        command: &str,
        reason: &Text,
        suggestions: &[String],
        now: DateTime<Utc>,
    ) -> Result<(String, String, Option<i64>)> {
        let mut paragraphs = vec![Text::new(
            format!(
                "Nothing was applied: line {line} ('{command}') was refused. {}",
                reason.en
            ),
            format!(
                "아무것도 적용하지 않았습니다: {line}번째 줄('{command}')이 거부되었습니다. {}",
                reason.ko
            ),
        )];
        if !suggestions.is_empty() {
            paragraphs.push(Text::new(
                format!("Closest legal commands: {}", suggestions.join(" | ")),
                format!("가장 가까운 가능한 명령: {}", suggestions.join(" | ")),
            ));
        }
        let reason_en = format!("line {line} '{command}': {}", reason.en);
        if self.answer_limit_reached(email, now)? {
            return Ok((
                "rejected".into(),
                format!("{reason_en} (not answered: answer limit reached)"),
                Some(id),
            ));
        }
        if let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) {
            self.mail_seat(
                id,
                &row,
                Kind::Answer,
                Words {
                    paragraphs,
                    ..Words::default()
                },
                now,
            )?;
        }
        Ok(("rejected".into(), reason_en, Some(id)))
    }

    /// Runs one service command; returns (outcome, reason).
    fn service_command(
        &self,
        caller: &Caller,
        line: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(String, String)> {
        let word = first_word(line);
        let rest = line.trim()[word.len().min(line.trim().len())..]
            .trim()
            .to_string();
        let email = caller.email.as_str();
        let done = |t: Text| -> Result<(String, String)> {
            let r = t.en.clone();
            replies.push(t);
            Ok(("answered".into(), r))
        };
        let in_game = |f: &dyn Fn(i64) -> Result<(String, String)>| -> Result<(String, String)> {
            match caller.game {
                Some(id) => f(id),
                None => done(Text::new(
                    format!("'{word}' works only in a reply to a mail quipu sent you about a game: its reply address carries your token."),
                    format!("'{word}' 명령은 quipu가 보낸 게임 메일에 답장할 때만 됩니다. 그 답장 주소에 당신의 토큰이 있습니다."),
                )),
            }
        };
        match word.as_str() {
            "help" => done(help_text()),
            "games" => {
                let ids = self.store.games_of(email)?;
                let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
                done(Text::new(
                    format!("Your active games: {}", list.join(", ")),
                    format!("진행 중인 게임: {}", list.join(", ")),
                ))
            }
            "board" | "moves" => in_game(&|id| {
                let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) else {
                    return done(Text::new(
                        "You have no seat in that game yet.",
                        "아직 그 게임에 자리가 없습니다.",
                    ));
                };
                let kind = if self
                    .table(id)?
                    .to_act()
                    .iter()
                    .any(|s| Some(s.0) == row.seat)
                {
                    Kind::Turn
                } else {
                    Kind::Update
                };
                let mut words = Words {
                    all_moves: word == "moves",
                    ..Words::default()
                };
                if word == "moves" {
                    let legal = row
                        .seat
                        .map(|s| self.table(id).map(|t| t.legal(crate::engine::Seat(s))))
                        .transpose()?
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
                self.mail_seat(id, &row, kind, words, now)?;
                Ok(("answered".into(), word.clone()))
            }),
            "say" => in_game(&|id| {
                if self.game(id)?.status != "active" && self.game(id)?.status != "forming" {
                    // A finished game's record does not change.
                    return done(Text::new(
                        "That game is over; its record is closed.",
                        "그 게임은 끝나서 기록이 닫혔습니다.",
                    ));
                }
                let rest = super::guard::visible_text(&rest);
                if rest.trim().is_empty() {
                    return done(Text::new(
                        "Write what to say after 'say'.",
                        "'say' 뒤에 할 말을 쓰세요.",
                    ));
                }
                let seat = self.seat_of(id, email).ok().map(|s| s.0);
                self.store.append_move(&NewMove {
                    game_id: id,
                    seat,
                    email: Some(email.to_string()),
                    kind: "say".into(),
                    command: rest.chars().take(2000).collect(),
                    events: "[]".into(),
                    source: "mail".into(),
                    at: stamp(now),
                })?;
                for r in self
                    .seated(id)?
                    .into_iter()
                    .filter(|r| r.email != email && r.status == "joined")
                {
                    self.mail_seat(id, &r, Kind::Update, Words::default(), now)?;
                }
                Ok(("answered".into(), "said".into()))
            }),
            "resign" => in_game(&|id| {
                if self.game(id)?.status != "active" {
                    return done(Text::new(
                        "That game is not running.",
                        "그 게임은 진행 중이 아닙니다.",
                    ));
                }
                self.drop_player(id, email, "resign", now)?;
                // If the game goes on, the resigner would otherwise hear nothing
                // (a game that ends tells every seat, the resigner included).
                if self.game(id)?.status == "active" {
                    replies.push(Text::new(
                        format!("You resigned from game #{id}."),
                        format!("#{id} 게임에서 기권했습니다."),
                    ));
                }
                Ok(("applied".into(), "resigned".into()))
            }),
            "undo" => in_game(&|id| self.undo(id, email, replies, now)),
            "join" | "decline" => in_game(&|id| {
                let t = if self.has_offer(id, email)? {
                    self.answer_offer(id, email, word == "join", now)?
                } else {
                    self.answer_invitation(id, email, word == "join", now)?
                };
                done(t)
            }),
            // A player's settings change only by a mail carrying one of their tokens.
            "set" => in_game(&|_| done(self.setting(email, &rest, now)?)),
            "vacation" => in_game(&|_| match self.set_vacation(email, &rest, now) {
                Ok(t) => done(t),
                Err(ServiceError::Setup(m)) => done(Text::same(m)),
                Err(e) => Err(e),
            }),
            "stop" => in_game(&|id| done(self.stop_invitations(id, email, now)?)),
            "new" => self.request_game(email, &rest, now),
            _ => done(help_text()),
        }
    }

    /// `undo`: takes back the caller's own last decision if nobody acted
    /// since and it revealed nothing.
    fn undo(
        &self,
        id: i64,
        email: &str,
        replies: &Replies,
        now: DateTime<Utc>,
    ) -> Result<(String, String)> {
        let moves = self.store.moves(id)?;
        let steps = super::history::effective(&moves);
        let last_game_row = moves
            .iter()
            .rev()
            .find(|m| m.kind == "move" || m.kind == "undo" || m.kind == "drop");
        let refuse = |why: Text| -> Result<(String, String)> {
            let r = why.en.clone();
            replies.push(why);
            Ok(("rejected".into(), r))
        };
        let Some(last) = last_game_row.filter(|m| m.kind == "move") else {
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
        if events.iter().any(|e| e.reveals) || self.game(id)?.status != "active" {
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
            kind: "undo".into(),
            command: last.command.clone(),
            events: "[]".into(),
            source: "mail".into(),
            at: stamp(now),
        })?;
        self.forget();
        self.after_change(id, &[seat], &before, now)?;
        Ok(("applied".into(), format!("undid {}", last.command)))
    }

    /// `set language ko`, `set timezone Asia/Seoul`, `set quiet 23:00-08:00`,
    /// `set digest daily 19:00`, `set notify every|turn|digest`.
    pub fn setting(&self, email: &str, rest: &str, now: DateTime<Utc>) -> Result<Text> {
        let mut p = self.store.player(email, &stamp(now))?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let key = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
        let value = words.get(1..).map(|w| w.join(" ")).unwrap_or_default();
        let bad = |what: &str| {
            Ok(Text::new(
                format!("'{value}' is not a valid {what}."),
                format!("'{value}'은(는) 올바른 {what} 값이 아닙니다."),
            ))
        };
        match key.as_str() {
            "language" | "lang" | "언어" => match value.to_lowercase().as_str() {
                "ko" | "korean" | "한국어" => p.lang = "ko".into(),
                "en" | "english" | "영어" => p.lang = "en".into(),
                _ => return bad("language (en or ko)"),
            },
            "timezone" | "tz" => {
                if value.parse::<chrono_tz::Tz>().is_err() {
                    return bad("time zone (e.g. Asia/Seoul, Europe/Berlin)");
                }
                p.timezone = value.clone();
            }
            "quiet" => {
                if value.eq_ignore_ascii_case("off") {
                    p.quiet_from = None;
                    p.quiet_to = None;
                } else {
                    let Some((a, b)) = value.split_once('-').filter(|_| super::clock::parse_quiet(&value).is_some()) else {
                        return bad("quiet time (e.g. 23:00-08:00 or off)");
                    };
                    p.quiet_from = Some(a.trim().into());
                    p.quiet_to = Some(b.trim().into());
                }
            }
            "digest" => {
                let at = value.trim_start_matches("daily").trim();
                if value.eq_ignore_ascii_case("off") {
                    p.notify = "every".into();
                } else if super::clock::parse_hm(at).is_some() {
                    p.notify = "digest".into();
                    p.digest_at = Some(at.into());
                } else {
                    return bad("digest time (e.g. daily 19:00, or off)");
                }
            }
            "notify" => match value.as_str() {
                "every" | "turn" | "digest" => p.notify = value.clone(),
                _ => return bad("notify setting (every, turn or digest)"),
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

fn help_text() -> Text {
    Text::new(
        "quipu commands. In a game (reply to its mail): your moves, one per line (several lines make one turn); \
board; moves; say TEXT; undo; resign; join; decline; stop (never be invited again); set language en|ko; set timezone ZONE; \
set quiet HH:MM-HH:MM; set digest daily HH:MM; set notify every|turn|digest; vacation YYYY-MM-DD..YYYY-MM-DD; vacation off. Anywhere: help; games. \
New game (to the service address): new GAME with ADDRESS, ADDRESS [option=value ...]. Games: tzolkin, tikal, tawantinsuyu, cuzco, tta.",
        "quipu 명령. 게임 중(그 게임의 메일에 답장): 한 줄에 하나씩 수를 적습니다(여러 줄은 한 차례); board; moves; say 내용; undo; resign; join; decline; stop(다시 초대받지 않기); set language en|ko; set timezone 시간대; set quiet HH:MM-HH:MM; set digest daily HH:MM; set notify every|turn|digest; \
vacation YYYY-MM-DD..YYYY-MM-DD; vacation off. 어디서나: help; games. 새 게임(서비스 주소로): new 게임 with 주소, 주소 [옵션=값 ...]. 게임: tzolkin, tikal, tawantinsuyu, cuzco, tta.",
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
