//! One incoming mail, start to finish: read it, drop what machines sent,
//! find the game and seat from the reply token, apply the commands as one
//! atomic turn (or the service commands), and record the outcome together
//! with every answer in one transaction.

use super::answer::{both, joined_notes, refusal_words};
use super::commands::{first_word, help_text, merge_service_lines, Replies, SERVICE_WORDS};
use super::logs;
use super::reading::{AtTable, MailLines, Numbered, PlayedTurn};
use super::verdict::{Reason, Verdict};
use super::{stamp, Besides, Result, Service, ServiceError, TurnLines};
use crate::engine::Text;
use crate::mail::inbound::{self, Inbound, Sender};
use crate::store::MailKind;
use crate::store::{GameStatus, InboundOutcome, InboundRow, SeatStatus};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

/// What became of one mail.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MailOutcome {
    pub message_id: String,
    pub outcome: InboundOutcome,
    pub reason: String,
    pub game_id: Option<i64>,
}

/// True for text no person typed: control characters (other than tab) or
/// the replacement character left by bytes that decode as nothing.
fn looks_binary(line: &str) -> bool {
    line.chars()
        .any(|c| (c.is_control() && c != '\t') || c == '\u{FFFD}')
}

/// Who a mail speaks for: the seat its token names, the creator of the game
/// request its token confirms, or (without a token) its From.
pub(super) struct Caller {
    pub(super) email: String,
    pub(super) game: Option<i64>,
    pub(super) request: Option<i64>,
}

/// Runs one mail's work, turning a panic inside it into an error, so that
/// the mail is recorded `failed` and the service goes on with the next.
pub(super) fn isolated<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(ServiceError::Panicked(what))
    })
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
        let started = std::time::Instant::now();
        let limit = self.config.limits.max_mail_bytes;
        let too_large = size.max(raw.len()) > limit;
        // A huge mail is read only as far as its headers need.
        let mail = isolated(|| {
            Ok(inbound::read(if too_large {
                &raw[..limit.min(raw.len())]
            } else {
                raw
            }))
        })
        .inspect_err(|e| tracing::error!(error = %e, "mail not read"))?;
        let mail = Inbound {
            size: size.max(raw.len()),
            ..mail
        };
        let handled = self.handle_read(&mail, too_large, now);
        let key = logs::message_key(&mail.message_id);
        let domain = mail.from.as_deref().map(logs::domain_of);
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match &handled {
            Ok(o) => tracing::info!(
                mail = key,
                sender_domain = domain.as_deref().unwrap_or(""),
                game = o.game_id,
                outcome = %o.outcome,
                elapsed_ms,
                "mail handled"
            ),
            Err(e) => tracing::warn!(
                mail = key,
                sender_domain = domain.as_deref().unwrap_or(""),
                error = %e,
                elapsed_ms,
                "mail not handled"
            ),
        }
        handled
    }

    /// Handles a mail once read: claims it, judges it, records the verdict.
    fn handle_read(
        &self,
        mail: &Inbound,
        too_large: bool,
        now: DateTime<Utc>,
    ) -> Result<MailOutcome> {
        let duplicate = || MailOutcome {
            message_id: mail.message_id.clone(),
            outcome: InboundOutcome::Duplicate,
            reason: Reason::Duplicate.to_string(),
            game_id: None,
        };
        let Some(claim_id) = self.claim_id(mail)? else {
            return Ok(duplicate());
        };
        let row = |outcome: InboundOutcome, reason: &Reason, game_id: Option<i64>| InboundRow {
            message_id: claim_id.clone(),
            received_at: stamp(now),
            sender: mail.from.clone(),
            game_id,
            outcome,
            reason: reason.to_string(),
            size: mail.size as i64,
            // Until the token is read, the sender acts; `judge` sets the caller.
            actor: mail.from.clone(),
        };
        // The row is claimed inside the transaction that applies the mail, so
        // two processes handling one mail apply it once.
        let handled = self.store.in_tx::<_, ServiceError>(|| {
            if !self.store.claim_inbound(&row(
                InboundOutcome::Failed,
                &Reason::BeingHandled,
                None,
            ))? {
                return Ok(None);
            }
            // A panic anywhere in one mail's handling (a game, the clock)
            // fails that mail only: rolled back and recorded like an error.
            let verdict = isolated(|| self.judge(mail, too_large, now))?;
            self.store
                .settle_inbound(&row(verdict.outcome, &verdict.reason, verdict.game_id))?;
            Ok(Some(MailOutcome {
                message_id: mail.message_id.clone(),
                outcome: verdict.outcome,
                reason: verdict.reason.to_string(),
                game_id: verdict.game_id,
            }))
        });
        match handled {
            Ok(Some(outcome)) => Ok(outcome),
            Ok(None) => Ok(duplicate()),
            Err(e) => self.record_failure(
                mail,
                &row(InboundOutcome::Failed, &Reason::Failed(e.to_string()), None),
                now,
            ),
        }
    }

    /// The id a mail is recorded under, or none when it was handled before.
    /// A Message-ID is the sender's to choose, so a stranger can send one
    /// first under a forged From: a mail carrying a valid reply token whose
    /// id was taken by a mail that touched no game (and did not fail: a
    /// failing mail is tried once) is recorded under its id marked as the
    /// token's, and handled (once: that id is claimed too).
    fn claim_id(&self, mail: &Inbound) -> Result<Option<String>> {
        let from = mail.from.as_deref();
        if !self.store.inbound_seen_from(&mail.message_id, from)? {
            return Ok(Some(mail.message_id.clone()));
        }
        let tokened = match from {
            Some(f) => {
                matches!(self.caller(mail, f)?, Some(c) if c.game.is_some() || c.request.is_some())
            }
            None => false,
        };
        if !tokened || self.store.inbound_keeps_id(&mail.message_id, from)? {
            return Ok(None);
        }
        let marked = format!("{} (reply token)", mail.message_id);
        Ok((!self.store.inbound_seen_from(&marked, from)?).then_some(marked))
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
        self.store.in_tx::<_, ServiceError>(|| {
            if !self.store.claim_inbound(row)? {
                return Ok(());
            }
            if let (Some(from), Sender::Person) = (&mail.from, &mail.sender) {
                let t = Text::new(
                    "quipu could not handle your mail because of an internal error; nothing was changed. The operator is told.",
                    "내부 오류로 메일을 처리하지 못했습니다. 아무것도 바뀌지 않았습니다. 운영자에게 알렸습니다.",
                );
                // The sender's address may be one the composer refuses.
                let failed = Reason::Failed(row.reason.clone());
                if self.answer(from, None, &[t], now, InboundOutcome::Failed, failed).is_err() {
                    self.forget();
                }
            }
            Ok(())
        })?;
        Ok(MailOutcome {
            message_id: row.message_id.clone(),
            outcome: row.outcome,
            reason: row.reason.clone(),
            game_id: None,
        })
    }

    /// Decides and does what a mail asks.
    fn judge(&self, mail: &Inbound, too_large: bool, now: DateTime<Utc>) -> Result<Verdict> {
        let from = match self.screen(mail, now)? {
            Screened::Person(from) => from,
            Screened::Ignored(verdict) => return Ok(verdict),
        };
        let caller = match self.caller(mail, &from)? {
            Some(c) => c,
            None => {
                let why = bad_token();
                let words = [why.clone(), Text::new(
                    "Reply to the latest mail quipu sent you for that game, or write 'help' to the service address.",
                    "그 게임에 대해 quipu가 보낸 최근 메일에 답장하거나, 서비스 주소로 'help'를 보내세요.",
                )];
                let told = Reason::Told(why.en);
                return self.answer(&from, None, &words, now, InboundOutcome::Rejected, told);
            }
        };
        if let Some(limited) = self.actor_limited(mail, &caller, now)? {
            return Ok(limited);
        }
        let reject = |why: Text| {
            self.answer(
                &caller.email,
                caller.game,
                std::slice::from_ref(&why),
                now,
                InboundOutcome::Rejected,
                Reason::Told(why.en.clone()),
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
        let (reread, at) = self.reread(mail, &caller.email, caller.game)?;
        let lines: Vec<String> = reread
            .commands
            .iter()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        if let Some(why) = self.unreadable_lines(&lines) {
            return reject(why);
        }
        if let Some(request) = caller.request {
            return self.confirm_request(request, &caller.email, &lines, now);
        }
        self.judge_lines(&caller, &reread, at, lines, now)
    }

    /// Mail not to answer (a machine's, junk, no sender, over the sender's
    /// hourly limit) as its verdict; else the sender's address.
    fn screen(&self, mail: &Inbound, now: DateTime<Utc>) -> Result<Screened> {
        let ignored = |r: Reason| {
            Ok(Screened::Ignored(Verdict::new(
                InboundOutcome::Ignored,
                r,
                None,
            )))
        };
        match &mail.sender {
            Sender::Automatic(why) => return ignored(Reason::Automatic(why.to_string())),
            Sender::Bounce(why) => return ignored(Reason::Bounce(why.to_string())),
            Sender::Person => {}
        }
        if mail.commands.iter().any(|l| looks_binary(l)) {
            // Answering junk only invites more junk (and may loop with a broken sender).
            return ignored(Reason::BinaryJunk);
        }
        let Some(from) = mail.from.clone() else {
            return ignored(Reason::NoSender);
        };
        let hour_ago = stamp(now - Duration::hours(1));
        if self.store.inbound_since(&from, &hour_ago)? >= self.config.limits.per_sender_per_hour {
            return ignored(Reason::SenderOverLimit);
        }
        Ok(Screened::Person(from))
    }

    /// Records who acts for this mail (the token's mailbox, else the
    /// sender) and ignores it past the hourly limits of that actor: in all
    /// games, and in the token's game. A rotating From changes nothing.
    fn actor_limited(
        &self,
        mail: &Inbound,
        caller: &Caller,
        now: DateTime<Utc>,
    ) -> Result<Option<Verdict>> {
        let game = caller.game;
        self.store.set_inbound_actor(
            &mail.message_id,
            mail.from.as_deref(),
            &caller.email,
            game,
        )?;
        let hour_ago = stamp(now - Duration::hours(1));
        let limits = &self.config.limits;
        // This mail is counted already: more than the limit is over it.
        let over = self.store.acted_since(&caller.email, None, &hour_ago)?
            > limits.per_sender_per_hour
            || (game.is_some()
                && self.store.acted_since(&caller.email, game, &hour_ago)?
                    > limits.per_game_per_hour);
        Ok(over.then(|| Verdict::new(InboundOutcome::Ignored, Reason::PlayerOverLimit, game)))
    }

    /// Why a mail's command lines are not read at all: none, too many, or
    /// one too long to match (its cost grows with a line's length).
    fn unreadable_lines(&self, lines: &[String]) -> Option<Text> {
        if lines.is_empty() {
            let why = Text::new(
                "I found no command in your mail. Write one command per line above the quoted text, or 'help'.",
                "메일에서 명령을 찾지 못했습니다. 인용문 위에 한 줄에 하나씩 명령을 쓰거나 'help'라고 쓰세요.",
            );
            return Some(why);
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
            return Some(why);
        }
        let max_line = self.config.limits.max_line_chars;
        if let Some(n) = super::guard::overlong_line(lines, max_line) {
            let why = Text::new(
                format!("Nothing was read: line {n} is longer than {max_line} characters. Write one short command per line."),
                format!("아무것도 읽지 않았습니다: {n}번째 줄이 {max_line}자보다 깁니다. 한 줄에 짧은 명령 하나씩 쓰세요."),
            );
            return Some(why);
        }
        None
    }

    /// The lines of a mail from a known caller: service commands, and game
    /// lines played as one turn in the caller's game; the lines read as no
    /// command are listed in the record and in the first mail the player
    /// gets for this one (the move's mail, else the answer).
    fn judge_lines(
        &self,
        caller: &Caller,
        mail: &Inbound,
        at: Option<AtTable>,
        lines: Vec<String>,
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        let (read, played, mut service_lines) = self.sorted_lines(caller, mail, at, lines)?;
        let language = self.language_first(caller, &mut service_lines, now)?;
        let noted = Reason::noted(language.as_ref().map(|t| t.en.clone()).unwrap_or_default());
        let note = joined_notes([language.clone(), read.unread_note(), read.done_note()]);
        let (unread_en, unread_ko) = both(&note);
        // A refusal names the lines after the refused one as not tried.
        let (refused_en, refused_ko) = both(&joined_notes([
            language,
            read.unread_note(),
            read.untried_note(),
        ]));
        let mut outcome = Verdict::new(InboundOutcome::Answered, noted, caller.game);
        if read.turn.is_empty() {
            if read.unread.is_empty() {
                // The note (the language's confirmation) is answered even
                // when no other line is left to carry it.
                return self.run_service_lines(caller, service_lines, outcome, note, now);
            }
            if service_lines.is_empty() {
                if let Some(verdict) = self.game_mail_answered_bare(caller, mail, now)? {
                    return Ok(verdict);
                }
                return self.no_command(caller, &read.unread[0], &unread_en, &unread_ko, now);
            }
            // Lines beside service commands: chat around them.
            outcome.reason = Reason::chat_around(unread_en);
            return self.run_service_lines(caller, service_lines, outcome, note, now);
        }
        let Some(id) = caller.game else {
            // Only a game's lines form a turn.
            return self.run_service_lines(caller, service_lines, outcome, note, now);
        };
        // A reply to a mail from before the seat's last move confirms first.
        if self.is_stale_reply(mail, id, &caller.email)? {
            return self.ask_to_confirm(id, &caller.email, &read.commands(), note, now);
        }
        let commands = read.commands();
        // Talk beside a move goes out with the move's own mails.
        let talk = self.talk_beside_turn(id, &mut service_lines)?;
        let besides = Besides {
            talk: talk.as_deref(),
            note: note.as_ref(),
            by_clock: false,
        };
        // The reading's play of the turn, else (a line refused) played again.
        let turn = played.map_or(TurnLines::Written(&commands), TurnLines::Played);
        match self.play_with(id, &caller.email, turn, &mail.message_id, besides, now) {
            Ok(applied) => {
                let reason = Reason::applied(applied.commands, talk.is_some(), unread_en);
                outcome = Verdict::new(InboundOutcome::Applied, reason, Some(id));
            }
            Err(ServiceError::Refused {
                line,
                command,
                reason,
                suggestions,
            }) => {
                let reason = refusal_words(&reason, talk.is_some(), (&refused_en, &refused_ko));
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
                let why = no_more_moves(id, status);
                let words: Vec<Text> = std::iter::once(why.clone()).chain(note).collect();
                return self.answer(
                    &caller.email,
                    Some(id),
                    &words,
                    now,
                    InboundOutcome::Rejected,
                    Reason::Told(why.en),
                );
            }
            Err(e) => return Err(e),
        }
        // The move's mail carried the note.
        self.run_service_lines(caller, service_lines, outcome, None, now)
    }

    /// A mail's lines sorted ([`Service::mail_lines`]), the turn that
    /// sorting played, and its service lines merged, the final ones
    /// (`resign`) among them.
    fn sorted_lines(
        &self,
        caller: &Caller,
        mail: &Inbound,
        at: Option<AtTable>,
        lines: Vec<String>,
    ) -> Result<(MailLines, Option<PlayedTurn>, Vec<String>)> {
        let numbered: Numbered = lines
            .into_iter()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .collect();
        let (numbered, finals) = self.final_lines(caller, mail, at.as_ref(), numbered)?;
        let is_service = |l: &str| SERVICE_WORDS.contains(&first_word(l).as_str());
        let (read, turn) = self.mail_lines(caller.game, at, numbered, is_service)?;
        let service = read.service.iter().map(|(_, l)| l.clone()).chain(finals);
        let service_lines = merge_service_lines(service.collect());
        Ok((read, turn, service_lines))
    }

    /// `set language` in a reply to a game mail, applied before anything
    /// else of the mail is answered (so the answers are in that language);
    /// its confirmation goes with the mail's first answer.
    fn language_first(
        &self,
        caller: &Caller,
        service_lines: &mut Vec<String>,
        now: DateTime<Utc>,
    ) -> Result<Option<Text>> {
        if caller.game.is_none() {
            return Ok(None);
        }
        let is_language = |l: &String| {
            let mut w = l.split_whitespace().map(str::to_lowercase);
            w.next().as_deref() == Some("set")
                && matches!(w.next().as_deref(), Some("language" | "lang" | "언어"))
        };
        let Some(i) = service_lines.iter().position(is_language) else {
            return Ok(None);
        };
        let line = service_lines.remove(i);
        let rest = line.trim()[3..].trim();
        Ok(Some(self.setting(&caller.email, rest, now)?))
    }

    /// Takes out the lines that end a seat's game (`resign`, in any words
    /// the game reads as it), so that they are never played in one tap: a
    /// bare one is answered with what it would do; `resign confirm`, or
    /// `confirm` in a reply to that answer, does it (as the game's own
    /// `resign` where the rules have one). Returns the other lines and the
    /// final ones, as service lines.
    fn final_lines(
        &self,
        caller: &Caller,
        mail: &Inbound,
        at: Option<&AtTable>,
        lines: Numbered,
    ) -> Result<(Numbered, Vec<String>)> {
        let Some(id) = caller.game else {
            return Ok((lines, vec![]));
        };
        let confirms = self.answer_asks_to_confirm(mail, &caller.email, id)?;
        let game_resign =
            at.is_some_and(|at| at.table.legal(at.seat).iter().any(|c| c == "resign"));
        let mut kept = Numbered::new();
        let mut finals = Vec::new();
        for (at, line) in lines {
            let words: Vec<String> = line.split_whitespace().map(|w| w.to_lowercase()).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let confirmed = |w: &str| matches!(w, "confirm" | "확인");
            match words.as_slice() {
                ["resign" | "포기"] => finals.push("resign".into()),
                ["resign" | "포기", c] if confirmed(c) && game_resign => {
                    kept.push((at, "resign".into()))
                }
                ["resign" | "포기", c] if confirmed(c) => finals.push("resign confirm".into()),
                [c] if confirmed(c) => match confirms {
                    Some("resign") if game_resign => kept.push((at, "resign".into())),
                    Some(word) => finals.push(format!("{word} confirm")),
                    None => kept.push((at, line)),
                },
                _ => kept.push((at, line)),
            }
        }
        Ok((kept, finals))
    }

    /// `resign` or `decline` when the mail answers our answer that asked
    /// to confirm one of them.
    fn answer_asks_to_confirm(
        &self,
        mail: &Inbound,
        email: &str,
        id: i64,
    ) -> Result<Option<&'static str>> {
        let Some(named) = mail.in_reply_to.clone() else {
            return Ok(None);
        };
        let sent = self.store.sent_to(email, None, &[named], 0)?;
        let Some(row) = sent
            .iter()
            .find(|r| r.game_id == Some(id) && r.kind == MailKind::Answer)
        else {
            return Ok(None);
        };
        let text = super::reading::shown_texts(row).join("\n");
        Ok(["resign", "decline"]
            .into_iter()
            .find(|w| text.contains(&format!("'{w} confirm'"))))
    }

    /// The first `say` line of a mail that also carries a turn, taken out of
    /// `service_lines` to go with the move's mails; `None` when there is none
    /// or the talk would be refused (then it stays a service line and is
    /// answered as one).
    fn talk_beside_turn(&self, id: i64, service_lines: &mut Vec<String>) -> Result<Option<String>> {
        let Some(i) = service_lines.iter().position(|l| first_word(l) == "say") else {
            return Ok(None);
        };
        // The words after `say`, however the player wrote that word.
        let text = service_lines[i]
            .trim()
            .split_once(char::is_whitespace)
            .map_or("", |(_, rest)| rest)
            .trim()
            .to_string();
        if self.talk_refusal(id, &text)?.is_some() {
            return Ok(None);
        }
        service_lines.remove(i);
        Ok(Some(text))
    }

    /// A mail with lines but no command in them: outside a game, the first
    /// line is named (it is no service command); in a game, the lines are
    /// listed with the help.
    fn no_command(
        &self,
        caller: &Caller,
        first: &str,
        unread_en: &str,
        unread_ko: &str,
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        let Some(id) = caller.game else {
            let why = Text::new(
                format!("'{first}' is not a service command. To move in a game, reply to that game's mail. Write 'help' for the commands."),
                format!("'{first}'은(는) 서비스 명령이 아닙니다. 게임에서 두려면 그 게임의 메일에 답장하세요. 'help'로 명령을 볼 수 있습니다."),
            );
            return self.answer(
                &caller.email,
                None,
                std::slice::from_ref(&why),
                now,
                InboundOutcome::Rejected,
                Reason::Told(why.en.clone()),
            );
        };
        let why = Text::new(
            format!("I found no command in your mail. {unread_en} Write one command per line above the quoted text, or 'help'."),
            format!("메일에서 명령을 찾지 못했습니다. {unread_ko} 인용문 위에 한 줄에 하나씩 명령을 쓰거나 'help'라고 쓰세요."),
        );
        let words = [why, help_text()];
        self.answer(
            &caller.email,
            Some(id),
            &words,
            now,
            InboundOutcome::Rejected,
            Reason::Told(words[0].en.clone()),
        )
    }

    /// Runs the service commands of a mail after its turn (if any), with one
    /// answer for all of them; returns the mail's outcome with theirs added.
    fn run_service_lines(
        &self,
        caller: &Caller,
        service_lines: Vec<String>,
        mut outcome: Verdict,
        note: Option<Text>,
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        let replies = Replies::noting(note);
        let mut reasons = Vec::new();
        for line in service_lines {
            let (result, reason) = self.service_command(caller, &line, &replies, now)?;
            if outcome.outcome != InboundOutcome::Applied {
                outcome.outcome = result;
            }
            reasons.push(reason);
        }
        if !reasons.is_empty() {
            outcome.reason = Reason::Then(Box::new(outcome.reason), reasons);
        }
        let words = replies.into_words();
        if words.is_empty() {
            return Ok(outcome);
        }
        let game_id = outcome.game_id;
        self.answer(
            &caller.email,
            caller.game,
            &words,
            now,
            outcome.outcome,
            outcome.reason,
        )
        .map(|answered| Verdict {
            game_id,
            ..answered
        })
    }

    /// The identity a mail speaks for; none when its token is not good
    /// (`bad_token` says so).
    fn caller(&self, mail: &Inbound, from: &str) -> Result<Option<Caller>> {
        let (local, domain) = self.config.address_parts();
        let Some(token) = inbound::plus_detail(mail, &local, &domain) else {
            return Ok(Some(Caller {
                email: from.to_string(),
                game: None,
                request: None,
            }));
        };
        if let Some(id) = super::token::claimed_request(&token) {
            let creator = self.store.game_request(id)?.map(|r| r.email);
            return Ok(match creator {
                Some(email) if super::token::verify_request(&self.secret, &token, id, &email) => {
                    Some(Caller {
                        email,
                        game: None,
                        request: Some(id),
                    })
                }
                _ => None,
            });
        }
        let Some(id) = super::token::claimed_game(&token) else {
            return Ok(None);
        };
        let Ok(_) = self.store.game(id) else {
            return Ok(None);
        };
        let owner =
            self.store.seats(id)?.into_iter().find(|s| {
                self.token_matches(&token, id, &s.email) && s.status != SeatStatus::Replaced
            });
        Ok(owner.map(|s| Caller {
            email: s.email,
            game: Some(id),
            request: None,
        }))
    }
}

/// Why a turn for game `id`, which is `status`, was not played.
fn no_more_moves(id: i64, status: GameStatus) -> Text {
    Text::new(
        format!("Game #{id} is {status}; it takes no more moves."),
        format!("#{id} 게임은 {status} 상태라 더 둘 수 없습니다."),
    )
}

/// Why a mail's token named no caller.
fn bad_token() -> Text {
    Text::new(
        "The reply address of your mail is not valid for any game (it may be mistyped or from an old game).",
        "답장 주소가 어떤 게임에도 맞지 않습니다(잘못 적었거나 지난 게임의 주소일 수 있습니다).",
    )
}

/// A mail screened before its token is read: a person's, with the sender's
/// address, or one not to answer, with its verdict.
enum Screened {
    Person(String),
    Ignored(Verdict),
}
