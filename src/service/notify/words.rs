//! What a seat's mail says besides the board: the words and how much of
//! the board it carries, the player's notification setting, the footer,
//! the sender's name.

use super::super::{Result, ServiceError};
use crate::engine::{Text, View};
use crate::store::MailKind;

/// The lines of a mail that are not the board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Words {
    pub paragraphs: Vec<Text>,
    /// Extra lines for "what happened", before the game's own events.
    pub extra_events: Vec<Text>,
    /// Show every legal move, uncapped (the `moves` command).
    pub all_moves: bool,
    /// How much of the board the mail carries.
    pub board: Board,
}

/// How often a player hears of a game (the players table's `notify` word).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Notify {
    /// A mail for every move of anyone (news without the board).
    Every,
    /// One mail per turn of theirs, the news folded in (the default).
    Turn,
    /// Their turns, and the others' moves in a daily digest.
    Digest,
}

impl Notify {
    /// The stored word read back; an unknown word is an error, never a default.
    pub(crate) fn read(word: &str) -> Result<Notify> {
        match word {
            "every" => Ok(Notify::Every),
            "turn" => Ok(Notify::Turn),
            "digest" => Ok(Notify::Digest),
            other => Err(ServiceError::Setup(format!(
                "a player's stored notify setting '{}' is none of every, turn, digest",
                other.chars().take(20).collect::<String>()
            ))),
        }
    }

    /// The one line of a turn mail that says how the player hears of the
    /// game and how to hear more or less.
    pub(super) fn how(self) -> Text {
        match self {
            Notify::Turn => Text::new(
                "Mail: one per turn of yours, with the news since your last mail. More (every move): reply 'set notify every'. Less (a daily digest): 'set notify digest'.",
                "메일: 내 차례마다 한 통, 지난 메일 이후의 소식을 담아 보냅니다. 더 자주(모든 수마다): 'set notify every'로 답장. 덜(하루 요약): 'set notify digest'.",
            ),
            Notify::Every => Text::new(
                "Mail: one for every move at the table. Fewer (one per turn of yours): reply 'set notify turn'; a daily digest: 'set notify digest'.",
                "메일: 테이블의 모든 수마다 한 통. 줄이려면(내 차례마다 한 통): 'set notify turn'으로 답장. 하루 요약: 'set notify digest'.",
            ),
            Notify::Digest => Text::new(
                "Mail: your turns, and the others' moves in a daily digest. More: reply 'set notify turn' or 'set notify every'.",
                "메일: 내 차례, 그리고 다른 사람의 수는 하루 요약으로. 더 자주: 'set notify turn' 또는 'set notify every'로 답장.",
            ),
        }
    }
}

/// How much of the board a seat's mail carries: the picture is most of a
/// mail's bytes, so it goes once per turn, and news goes without the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Board {
    /// The board in words and its picture (a turn begins, `board`, answers).
    #[default]
    Full,
    /// The headline and the seat's own hand, no board (a later decision of
    /// a turn whose first mail carried the board).
    Hand,
    /// No board: news of moves, the board one `board` reply away.
    Omitted,
}

/// The closing lines of a board mail.
pub(super) fn footer(lang: &str, view: &View, deciding: bool, board: Board) -> Vec<String> {
    let mut out = Vec::new();
    if deciding {
        out.push(
            Text::new(
                "Reply to this mail with your command (several lines make one turn). Other replies: help, board, moves, say TEXT, undo, resign.",
                "이 메일에 명령을 적어 답장하세요(여러 줄은 한 차례로 처리됩니다). 그 밖의 명령: help, board, moves, say 내용, undo, resign.",
            )
            .get(lang)
            .to_string(),
        );
    } else if board == Board::Omitted {
        out.push(
            Text::new(
                "Nothing to do for now. Reply 'board' for the board, 'say TEXT' to talk, 'help' for the commands.",
                "지금은 할 일이 없습니다. 보드를 보려면 'board', 말하려면 'say 내용', 명령은 'help'로 답장하세요.",
            )
            .get(lang)
            .to_string(),
        );
    } else {
        out.push(
            Text::new(
                "Nothing to do for now. You may reply: board, say TEXT, help.",
                "지금은 할 일이 없습니다. 답장으로 board, say 내용, help 를 쓸 수 있습니다.",
            )
            .get(lang)
            .to_string(),
        );
    }
    out.extend(view.footer.iter().map(|t| t.get(lang).to_string()));
    out
}

/// Events with repeats dropped (a fact reported by several moves of one
/// turn is told once), in their first order.
pub(super) fn one_fact_a_line(events: Vec<Text>) -> Vec<Text> {
    let mut seen = std::collections::HashSet::new();
    events
        .into_iter()
        .filter(|e| seen.insert(e.en.clone()))
        .collect()
}

/// The sender's display name, which says in the inbox what a mail is while
/// the Subject stays one per game (Gmail threads by Subject as well as by
/// References, so the Subject must not change within a thread).
pub(super) fn sender_name(name: &str, kind: MailKind, lang: &str) -> String {
    let what = match kind {
        MailKind::Turn => Text::new("your turn", "당신 차례"),
        MailKind::Update => Text::new("news", "소식"),
        MailKind::GameOver => Text::new("game over", "게임 종료"),
        MailKind::Answer => Text::new("answer", "답장"),
        MailKind::Notice => Text::new("notice", "알림"),
    };
    format!("{name} · {}", what.get(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_happened_tells_each_fact_once_in_order() {
        let e = |s: &str| Text::same(s);
        let out = one_fact_a_line(vec![e("a"), e("b"), e("a"), e("c"), e("b")]);
        assert_eq!(out, vec![e("a"), e("b"), e("c")]);
    }

    #[test]
    fn the_sender_name_says_what_the_mail_is() {
        assert_eq!(
            sender_name("quipu", MailKind::Turn, "en"),
            "quipu · your turn"
        );
        assert_eq!(
            sender_name("quipu", MailKind::GameOver, "ko"),
            "quipu · 게임 종료"
        );
        assert_eq!(sender_name("quipu", MailKind::Update, "en"), "quipu · news");
    }
}
