//! What a mail may ask for and how much mail it may cause: options only from
//! fixed lists, bounded command lines, text made safe to relay, and the
//! per-address limits on unsolicited mail (answers to strangers,
//! invitations, `stop`).

use super::clock::CLOCK_KEYS;
use super::verdict::{Reason, Verdict};
use super::{stamp, Result, Service};
use crate::engine::{GameInfo, Text};
use crate::mail::inbound::Inbound;
use crate::store::{GameStatus, InboundOutcome, MailKind, SeatStatus};
use chrono::{DateTime, Duration, Utc};

/// Days that ignored mail, contact-log rows and unconfirmed game requests
/// are kept: the longest any limit looks back (invitations: a week), and
/// how long a game request may wait for its confirmation.
pub(crate) const STRANGER_KEEP_DAYS: i64 = 7;

/// Contact-log kinds.
pub(crate) const STRANGER_ANSWER: &str = "stranger_answer";
pub(crate) const INVITATION: &str = "invitation";
pub(crate) const GAME_REQUEST: &str = "game_request";
pub(crate) const VACATION_NEWS: &str = "vacation_news";

/// Refuses, by name, any `key=value` from a mail whose value is not from a
/// fixed list: options that name files are the operator's alone.
pub(crate) fn refuse_mail_options(info: &GameInfo, pairs: &[String]) -> Option<Text> {
    for pair in pairs {
        let (key, value) = pair.split_once('=').unwrap_or((pair.as_str(), ""));
        if CLOCK_KEYS.contains(&key) {
            // Bounded durations and words; nothing names a file.
            match super::clock::clock_value_problem(key, value) {
                Some(why) => return Some(why),
                None => continue,
            }
        }
        let Some(doc) = info.options.iter().find(|d| d.key == key) else {
            return Some(Text::new(
                format!("'{key}' is not an option of {}.", info.title),
                format!("'{key}'은(는) {}의 옵션이 아닙니다.", info.title),
            ));
        };
        if doc.values.is_empty() {
            return Some(Text::new(
                format!("The option '{key}' can be set only by the operator, not by mail."),
                format!("'{key}' 옵션은 운영자만 정할 수 있고 메일로는 정할 수 없습니다."),
            ));
        }
        if !doc.values.contains(&value) {
            // What the option decides, so the right value can be chosen.
            let allowed = doc.values.join(", ");
            let help = doc.help_words();
            return Some(Text::new(
                format!("'{key}' takes one of: {allowed}. {}", help.en),
                format!("'{key}' 값은 다음 중 하나입니다: {allowed}. {}", help.ko),
            ));
        }
    }
    None
}

/// The first line longer than `max` characters (1-based), counted without
/// decoding more than `max + 1` characters of any line.
pub(crate) fn overlong_line(lines: &[String], max: usize) -> Option<usize> {
    lines
        .iter()
        .position(|l| l.chars().nth(max).is_some())
        .map(|i| i + 1)
}

/// True for characters that change how text around them is shown without
/// being seen, or show as nothing: direction overrides and isolates,
/// zero-width characters, the byte-order mark and other format controls,
/// Hangul fillers, tag characters, variation selectors, the braille blank,
/// combining grapheme joiner, interlinear annotation marks, and the blank
/// letters some fonts draw as spaces (Khmer, Mongolian, ogham).
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{FEFF}' | '\u{00AD}' | '\u{061C}' | '\u{180B}'..='\u{180F}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{3164}' | '\u{115F}' | '\u{1160}' | '\u{FFA0}'
        | '\u{E0000}'..='\u{E007F}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}'
        | '\u{2800}' | '\u{034F}' | '\u{17B4}' | '\u{17B5}' | '\u{1680}'
        | '\u{2028}' | '\u{2029}' | '\u{1D173}'..='\u{1D17A}')
}

/// Text from a mail made safe to relay to other players: invisible
/// formatting and controls other than line breaks removed.
pub fn visible_text(text: &str) -> String {
    text.chars()
        .filter(|&c| !invisible(c) && (c == '\n' || !c.is_control()))
        .collect()
}

/// Relayed talk marked as the player's words, in both languages: every
/// line carries the speaker's name and stands in quotation marks (the
/// player's own curly quotes made straight, so none closes the quote
/// early), so no line of it can read as a message from quipu.
pub(crate) fn quoted_talk(speaker: &Text, said: &str) -> Text {
    let lines: Vec<String> = said
        .lines()
        .map(|l| l.trim().replace(['\u{201C}', '\u{201D}'], "\""))
        .filter(|l| !l.is_empty())
        .collect();
    let en: Vec<String> = lines
        .iter()
        .map(|l| format!("{} says: \u{201C}{l}\u{201D}", speaker.en))
        .collect();
    let ko: Vec<String> = lines
        .iter()
        .map(|l| format!("{}의 말: \u{201C}{l}\u{201D}", speaker.ko))
        .collect();
    Text::new(en.join("\n"), ko.join("\n"))
}

impl Service {
    /// The canonical form of `addr` under the operator's address rules:
    /// the key every per-mailbox limit, `stop` and seat check compares.
    pub(crate) fn mailbox(&self, addr: &str) -> String {
        crate::mail::address::canonical(addr, &self.config.addresses)
    }

    /// Why these players cannot sit at one table, if they cannot: an
    /// address that passes for another (letters of two look-alike scripts),
    /// or two spellings of one mailbox.
    pub(crate) fn players_problem(&self, players: &[String]) -> Option<Text> {
        if let Some(p) = players
            .iter()
            .find(|p| crate::mail::address::looks_alike(p))
        {
            let p = p.escape_unicode().to_string();
            return Some(Text::new(
                format!("The address {p} mixes letters of different alphabets that look alike, so it could pass for another address; quipu does not write to it."),
                format!("주소 {p}에는 서로 닮은 다른 문자 체계의 글자가 섞여 있어 다른 주소로 보일 수 있습니다. quipu는 이 주소로 메일을 보내지 않습니다."),
            ));
        }
        let mut seen: Vec<(String, &str)> = Vec::new();
        for p in players {
            let key = self.mailbox(p);
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                return Some(Text::new(
                    format!("A player is named twice: {first} and {p} are one mailbox; each mailbox takes one seat."),
                    format!("같은 사람이 두 번 적혔습니다: {first}와(과) {p}는 같은 메일함입니다. 메일함 하나에 자리 하나입니다."),
                ));
            }
            seen.push((key, p));
        }
        None
    }

    /// Why `email` may not talk at game `id`, if it may not: only those at
    /// the table (joined, invited to the forming game, or left) are heard;
    /// an offer withdrawn, refused or declined leaves no voice.
    pub(crate) fn talk_barred(&self, id: i64, email: &str) -> Result<Option<Text>> {
        let at_table = self.store.seats(id)?.iter().any(|s| {
            s.email == email
                && matches!(
                    s.status,
                    SeatStatus::Joined | SeatStatus::Dropped | SeatStatus::Invited
                )
        });
        Ok((!at_table).then(|| {
            Text::new(
                format!("You have no seat at game #{id}, so nothing you write there is passed on."),
                format!("#{id} 게임에 자리가 없어 그 게임에 쓰신 말은 전하지 않습니다."),
            )
        }))
    }

    /// True when the co-players of `email` were told of a change of its
    /// vacation within the last day; otherwise counts this telling.
    pub(crate) fn vacation_news_spent(&self, email: &str, now: DateTime<Utc>) -> Result<bool> {
        let key = self.mailbox(email);
        let day_ago = stamp(now - Duration::days(1));
        if self.store.contacts_since(&key, VACATION_NEWS, &day_ago)? > 0 {
            return Ok(true);
        }
        self.store.log_contact(&key, VACATION_NEWS, &stamp(now))?;
        Ok(false)
    }

    /// True when `to` is a stranger (never joined a game) who already had
    /// as many answers today as strangers get; otherwise counts this answer.
    pub(crate) fn stranger_answer_spent(&self, to: &str, now: DateTime<Utc>) -> Result<bool> {
        if self.store.ever_joined(to)? {
            return Ok(false);
        }
        let key = self.mailbox(to);
        let day_ago = stamp(now - Duration::days(1));
        let sent = self.store.contacts_since(&key, STRANGER_ANSWER, &day_ago)?;
        if sent >= self.config.limits.stranger_answers_per_day {
            return Ok(true);
        }
        // Many forged From addresses get one answer each: the hour caps them all.
        let hour_ago = stamp(now - Duration::hours(1));
        let all = self
            .store
            .all_contacts_since(&[STRANGER_ANSWER], &hour_ago)?;
        if all >= self.config.limits.stranger_answers_per_hour {
            return Ok(true);
        }
        self.store.log_contact(&key, STRANGER_ANSWER, &stamp(now))?;
        Ok(false)
    }

    /// True when `email` asked for as many games today as one address may
    /// (each request mails a confirmation); otherwise counts this one.
    pub(crate) fn game_requests_spent(&self, email: &str, now: DateTime<Utc>) -> Result<bool> {
        let key = self.mailbox(email);
        let day_ago = stamp(now - Duration::days(1));
        let sent = self.store.contacts_since(&key, GAME_REQUEST, &day_ago)?;
        if sent >= self.config.limits.game_requests_per_day {
            return Ok(true);
        }
        self.store.log_contact(&key, GAME_REQUEST, &stamp(now))?;
        Ok(false)
    }

    /// `stop` in a reply to an invitation: the address is never invited
    /// again, and an invitation still open is declined.
    pub(crate) fn stop_invitations(
        &self,
        id: i64,
        email: &str,
        now: DateTime<Utc>,
    ) -> Result<Text> {
        self.store.add_stop(&self.mailbox(email), &stamp(now))?;
        let invited = self
            .store
            .seats(id)?
            .iter()
            .any(|s| s.email == email && s.status == SeatStatus::Invited);
        if invited && self.game(id)?.status == GameStatus::Forming {
            self.answer_invitation(id, email, false, now)?;
        }
        Ok(Text::new(
            "quipu will not invite this address to any game again.",
            "quipu는 이 주소를 다시는 어떤 게임에도 초대하지 않습니다.",
        ))
    }

    /// Why `email` may not be invited now, if it may not: it said `stop`, or
    /// (never having joined a game) it was invited within the last week.
    pub(crate) fn invitation_barred(
        &self,
        email: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Text>> {
        let key = self.mailbox(email);
        // Stops kept before canonical forms hold the address as written.
        if self.store.stopped(&key)? || self.store.stopped(&email.to_lowercase())? {
            return Ok(Some(Text::new(
                format!("{email} asked not to be invited to games."),
                format!("{email}님은 게임 초대를 받지 않겠다고 했습니다."),
            )));
        }
        if self.store.ever_joined(email)? {
            return Ok(None);
        }
        let hour_ago = stamp(now - Duration::hours(1));
        if self.store.all_contacts_since(&[INVITATION], &hour_ago)?
            >= self.config.limits.invitations_per_hour
        {
            return Ok(Some(Text::new(
                "quipu has sent as many invitations to new players this hour as it may; ask again in an hour.",
                "quipu가 이번 한 시간 동안 새 플레이어에게 보낼 수 있는 초대를 모두 보냈습니다. 한 시간 뒤에 다시 요청하세요.",
            )));
        }
        let week_ago = stamp(now - Duration::days(7));
        if self.store.contacts_since(&key, INVITATION, &week_ago)?
            >= self.config.limits.invitations_per_week
        {
            return Ok(Some(Text::new(
                format!("{email} was invited to a game in the last week; try again later."),
                format!("{email}님은 지난 한 주 안에 이미 초대를 받았습니다. 나중에 다시 하세요."),
            )));
        }
        Ok(None)
    }
}

/// Each game's and each recipient's share of the hourly cap: the mail one
/// of them was sent this hour, and what it may still be sent.
struct Share<'a> {
    sent: crate::store::SentCounts,
    share: i64,
    operator: Option<&'a str>,
    /// Recipients whose mail waits from here on (their order kept).
    waiting: std::collections::HashSet<String>,
}

impl<'a> Share<'a> {
    fn new(sent: crate::store::SentCounts, share: i64, operator: Option<&'a str>) -> Share<'a> {
        Share {
            sent,
            share,
            operator,
            waiting: Default::default(),
        }
    }

    /// The games and recipients (never the operator) at their share already.
    fn over(&self) -> (Vec<i64>, Vec<String>) {
        let games = self.sent.games.iter().filter(|(_, &n)| n >= self.share);
        let recipients = self
            .sent
            .recipients
            .iter()
            .filter(|(r, &n)| n >= self.share && Some(r.as_str()) != self.operator);
        (
            games.map(|(&g, _)| g).collect(),
            recipients.map(|(r, _)| r.clone()).collect(),
        )
    }

    /// Counts `m` against its game's and recipient's share: false (and its
    /// recipient's later mail waits too) when either has none left.
    fn take(&mut self, m: &crate::store::OutboxRow) -> bool {
        if self.waiting.contains(&m.recipient) {
            return false;
        }
        let game = m
            .game_id
            .map_or(0, |g| *self.sent.games.get(&g).unwrap_or(&0));
        let to = *self.sent.recipients.get(&m.recipient).unwrap_or(&0);
        if game >= self.share || to >= self.share {
            self.waiting.insert(m.recipient.clone());
            return false;
        }
        if let Some(g) = m.game_id {
            *self.sent.games.entry(g).or_insert(0) += 1;
        }
        *self.sent.recipients.entry(m.recipient.clone()).or_insert(0) += 1;
        true
    }
}

/// Meta key holding when the outbox last went over the hourly cap, while it is.
const OVER_CAP_SINCE: &str = "outbox_over_cap_since";

impl Service {
    /// The due mail that may go now under `limits.mails_per_hour`, oldest
    /// first. Past the cap the rest waits in the outbox: the list is cut
    /// after a prefix, so no recipient's later mail overtakes an earlier
    /// one. Mail to the operator is never held back (the cap's own notice
    /// must reach them), and the operator is told once per stretch over the
    /// cap: the stretch ends when everything due may go again.
    pub fn mail_to_send(
        &self,
        now: DateTime<Utc>,
        batch: i64,
    ) -> Result<Vec<crate::store::OutboxRow>> {
        let cap = self.config.limits.mails_per_hour.max(0);
        let hour_ago = stamp(now - Duration::hours(1));
        let sent = self.store.sent_since(&hour_ago)?;
        let room = usize::try_from(cap.saturating_sub(sent)).unwrap_or(0);
        let operator = self.config.operator.as_deref();
        let mut share = Share::new(
            self.store.sent_per_key_since(&hour_ago)?,
            self.config.limits.mails_per_hour_share.max(1),
            operator,
        );
        let (held_games, held_recipients) = share.over();
        let due =
            self.store
                .pending_mail_except(&stamp(now), batch, &held_games, &held_recipients)?;
        let (to_operator, others): (Vec<_>, Vec<_>) = due
            .into_iter()
            .partition(|m| Some(m.recipient.as_str()) == operator);
        let others: Vec<_> = others.into_iter().filter(|m| share.take(m)).collect();
        let held = others.len().saturating_sub(room);
        let mut going: Vec<_> = others.into_iter().take(room).collect();
        if held == 0 {
            if self.store.meta(OVER_CAP_SINCE)?.is_some() {
                self.store.clear_meta(OVER_CAP_SINCE)?;
            }
        } else if self.store.meta(OVER_CAP_SINCE)?.is_none() {
            self.store.set_meta(OVER_CAP_SINCE, &stamp(now))?;
            if let Some(op) = operator {
                self.tell_operator_over_cap(op, cap, now)?;
                // The notice was just queued: it goes in this pass.
                let notice = self.store.pending_mail(&stamp(now), batch)?;
                going.extend(notice.into_iter().filter(|m| m.recipient == op));
            }
        }
        going.extend(to_operator);
        going.sort_by_key(|m| m.id);
        going.dedup_by_key(|m| m.id);
        Ok(going)
    }

    fn tell_operator_over_cap(&self, op: &str, cap: i64, now: DateTime<Utc>) -> Result<()> {
        self.mail_plain(
            op,
            None,
            None,
            "[quipu] outgoing mail over the hourly cap",
            &[Text::new(
                format!(
                    "quipu has sent {cap} mails in the last hour, the configured cap (limits.mails_per_hour). Further mail waits in the outbox, in order, and goes as the hour moves on; nothing is dropped. You are told once until the outbox is under the cap again."
                ),
                format!(
                    "quipu가 지난 한 시간 동안 설정된 상한(limits.mails_per_hour)인 {cap}통을 보냈습니다. 이후 메일은 순서대로 발신함에서 기다렸다가 시간이 지나면 나갑니다. 버려지는 메일은 없습니다. 상한 아래로 돌아갈 때까지 이 알림은 한 번만 보냅니다."
                ),
            )],
            MailKind::Notice,
            now,
        )
    }
}

impl Service {
    /// Whether a reply to game `id` answers a mail of ours composed before
    /// the seat of `email` last moved: its commands may be meant for a board
    /// that is gone (a late reply, or the same commands sent again under a
    /// new Message-ID). The mail answered is In-Reply-To, else the last of
    /// References; a reply that names no mail of ours to this player in this
    /// game is not stale. "Since" counts history rows, not clock seconds.
    pub(super) fn is_stale_reply(&self, mail: &Inbound, id: i64, email: &str) -> Result<bool> {
        let Some(answered) = mail
            .in_reply_to
            .clone()
            .or_else(|| mail.references.last().cloned())
        else {
            return Ok(false);
        };
        let Ok(seat) = self.seat_of(id, email) else {
            return Ok(false);
        };
        let named = self.store.sent_to(email, None, &[answered], 0)?;
        let Some(sent) = named.iter().find(|m| m.game_id == Some(id)) else {
            return Ok(false);
        };
        Ok(self.store.seat_moved_since(sent, seat.0)?)
    }

    /// Answers a stale reply: nothing applied, the current board, and the
    /// way to confirm (reply to this newer mail with the commands again).
    pub(super) fn ask_to_confirm(
        &self,
        id: i64,
        email: &str,
        commands: &[String],
        note: Option<Text>,
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        let listed = commands.join(" | ");
        let reason = Reason::Stale(commands.to_vec());
        if self.answer_limit_reached(email, now)? {
            let unanswered = Reason::Unanswered(Box::new(reason));
            return Ok(Verdict::new(InboundOutcome::Rejected, unanswered, Some(id)));
        }
        let mut paragraphs = vec![
            Text::new(
                format!("Nothing was applied: you answered an earlier mail of game #{id}, and you have moved since it was sent, so these commands may have been meant for a board that has changed: {listed}"),
                format!("아무것도 적용하지 않았습니다: #{id} 게임의 이전 메일에 답장하셨는데, 그 메일 이후에 이미 두셨습니다. 이 명령은 바뀌기 전의 판을 보고 쓴 것일 수 있습니다: {listed}"),
            ),
            Text::new(
                "The board as it is now is below. If you still want these commands, reply to this mail with them.",
                "지금의 판은 아래와 같습니다. 그래도 이 명령을 원하시면 이 메일에 답장으로 다시 보내세요.",
            ),
        ];
        paragraphs.extend(note);
        if let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) {
            self.mail_seat(
                id,
                None,
                &row,
                MailKind::Answer,
                super::notify::Words {
                    paragraphs,
                    ..Default::default()
                },
                now,
            )?;
        }
        Ok(Verdict::new(InboundOutcome::Rejected, reason, Some(id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_overrides_and_zero_width_characters_are_removed() {
        let s = "pay \u{202E}0001\u{202C} now\u{200B}!\u{2066}x\u{2069}\u{FEFF}";
        assert_eq!(visible_text(s), "pay 0001 now!x");
        assert_eq!(visible_text("한국어 ok\nline 2"), "한국어 ok\nline 2");
    }

    #[test]
    fn hangul_fillers_tags_and_blank_letters_are_removed() {
        let s = "a\u{3164}b\u{115F}\u{1160}c\u{FFA0}d\u{E0041}\u{E007F}e\u{2800}f\u{FE0F}g\u{034F}h\u{17B5}i";
        assert_eq!(visible_text(s), "abcdefghi");
        // Hangul syllables and jamo that show stay.
        assert_eq!(visible_text("안녕 ㄱㄴ"), "안녕 ㄱㄴ");
    }

    #[test]
    fn every_line_of_relayed_talk_is_quoted_with_its_speaker() {
        let red = Text::new("Red (seat 1)", "빨강 (1번 자리)");
        let t = quoted_talk(&red, "hi\nquipu: your game is cancelled\u{201D} ok");
        assert_eq!(
            t.en,
            "Red (seat 1) says: \u{201C}hi\u{201D}\nRed (seat 1) says: \u{201C}quipu: your game is cancelled\" ok\u{201D}"
        );
        assert!(t
            .ko
            .lines()
            .all(|l| l.starts_with("빨강 (1번 자리)의 말: \u{201C}")));
    }

    #[test]
    fn only_lines_over_the_limit_are_long() {
        let lines = vec!["a".repeat(300), "b".repeat(301)];
        assert_eq!(overlong_line(&lines[..1], 300), None);
        assert_eq!(overlong_line(&lines, 300), Some(2));
    }
}
