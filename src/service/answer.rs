//! Answers to a mail: the service's reply to its sender (within the hourly
//! answer limit), a refused turn's answer with the board, and the words a
//! refusal is made of.

use super::mailin::Caller;
use super::notify::Words;
use super::verdict::{Reason, Verdict};
use super::{stamp, Result, Service};
use crate::engine::korean::korean_command;
use crate::engine::Text;
use crate::mail::inbound::Inbound;
use crate::store::{InboundOutcome, MailKind};
use chrono::{DateTime, Duration, Utc};

impl Service {
    /// A mail to the service address, without a reply token, that answers
    /// a game mail we sent this address (In-Reply-To or References): it is
    /// told which game it answered and exactly how to reach it, and nothing
    /// is done in the game (the From line alone never moves a seat).
    pub(super) fn game_mail_answered_bare(
        &self,
        caller: &Caller,
        mail: &Inbound,
        now: DateTime<Utc>,
    ) -> Result<Option<Verdict>> {
        if caller.game.is_some() || caller.request.is_some() {
            return Ok(None);
        }
        let mut named: Vec<String> = mail.in_reply_to.iter().cloned().collect();
        named.extend(mail.references.iter().rev().take(4).cloned());
        if named.is_empty() {
            return Ok(None);
        }
        let sent = self.store.sent_to(&caller.email, None, &named, 0)?;
        let Some(id) = sent.iter().find_map(|m| m.game_id) else {
            return Ok(None);
        };
        let why = Text::new(
            format!(
                "Your mail answers a mail of game #{id} but was sent to the service address, not to the game's reply address, so nothing was done in game #{id}. \
                 Reply to the game's latest mail with your mail program's Reply button and keep the address it fills in (it starts 'quipu+' and carries your seat's key), \
                 or put that address in To or Cc, with your commands above the quoted text."
            ),
            format!(
                "#{id} 게임의 메일에 대한 답장이지만 게임의 답장 주소가 아니라 서비스 주소로 보내져서 #{id} 게임에는 아무것도 하지 않았습니다. \
                 게임의 최근 메일에서 메일 프로그램의 '답장' 버튼을 누르고 채워지는 주소('quipu+'로 시작하며 자리의 열쇠가 들어 있습니다)를 그대로 두거나, \
                 그 주소를 받는 사람이나 참조에 넣고 인용문 위에 명령을 쓰세요."
            ),
        );
        self.answer(
            &caller.email,
            None,
            std::slice::from_ref(&why),
            now,
            InboundOutcome::Rejected,
            Reason::WithoutReplyAddress(id),
        )
        .map(Some)
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
        outcome: InboundOutcome,
        reason: Reason,
    ) -> Result<Verdict> {
        if self.answer_limit_reached(to, now)?
            || (game.is_none() && self.stranger_answer_spent(to, now)?)
        {
            let unanswered = Reason::Unanswered(Box::new(reason));
            return Ok(Verdict::new(outcome, unanswered, game));
        }
        let subject = match game {
            Some(g) => self.game_subject(g, to)?,
            None => "[quipu]".to_string(),
        };
        let reply = game.map(|g| self.reply_address(g, to));
        self.mail_plain(to, game, reply, &subject, words, MailKind::Answer, now)?;
        Ok(Verdict::new(outcome, reason, game))
    }

    /// A refused turn: which line, why, the closest legal commands, the board.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn refuse(
        &self,
        id: i64,
        email: &str,
        line: usize,
        command: &str,
        reason: &Text,
        suggestions: &[String],
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
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
            // A Korean reader sees them in the Korean words the game reads,
            // so a suggestion may be written back as it stands.
            let words = self.table(id)?.words();
            let korean: Vec<String> = suggestions
                .iter()
                .map(|c| korean_command(words, c))
                .collect();
            paragraphs.push(Text::new(
                format!("Closest legal commands: {}", suggestions.join(" | ")),
                format!("가장 가까운 가능한 명령: {}", korean.join(" | ")),
            ));
        }
        let refused = Reason::Refused {
            line,
            command: command.to_string(),
            why: reason.en.clone(),
        };
        if self.answer_limit_reached(email, now)? {
            let unanswered = Reason::Unanswered(Box::new(refused));
            return Ok(Verdict::new(InboundOutcome::Rejected, unanswered, Some(id)));
        }
        if let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) {
            self.mail_seat(
                id,
                None,
                &row,
                MailKind::Answer,
                Words {
                    paragraphs,
                    ..Words::default()
                },
                now,
            )?;
        }
        Ok(Verdict::new(InboundOutcome::Rejected, refused, Some(id)))
    }
}

/// A note's English and Korean, empty for none.
pub(super) fn both(note: &Option<Text>) -> (String, String) {
    note.as_ref().map_or((String::new(), String::new()), |n| {
        (n.en.clone(), n.ko.clone())
    })
}

/// Notes joined into one paragraph, none when there is none.
pub(super) fn joined_notes<const N: usize>(notes: [Option<Text>; N]) -> Option<Text> {
    let notes: Vec<Text> = notes.into_iter().flatten().collect();
    (!notes.is_empty()).then(|| Text::join(&notes, " "))
}

/// A refused turn's reason, followed by what else the mail lost: its table
/// talk, which goes only with an applied turn, and the lines not read.
pub(super) fn refusal_words(
    reason: &Text,
    talk: bool,
    (unread_en, unread_ko): (&str, &str),
) -> Text {
    let (unsaid_en, unsaid_ko) = if talk {
        (
            " Your table talk was not sent either: send it again with the turn.",
            " 테이블에 할 말도 보내지 않았습니다. 차례와 함께 다시 보내세요.",
        )
    } else {
        ("", "")
    };
    Text::new(
        format!("{}{unsaid_en} {unread_en}", reason.en)
            .trim_end()
            .to_string(),
        format!("{}{unsaid_ko} {unread_ko}", reason.ko)
            .trim_end()
            .to_string(),
    )
}
