//! Which lines of a reply the player meant: the reply read again with what
//! we sent them taken out, and its lines sorted in one pass into service
//! commands, the turn, and the greetings, thanks and sign-offs around them.

use super::{Result, Service};
use crate::engine::parse::{edit_distance, normalize};
use crate::engine::{PlayError, Played, Seat, Table, Text};
use crate::mail::inbound::{self, Inbound, Known};
use crate::store::OutboxRow;

/// How many of the latest mails to a player in a game are recognised in a
/// reply (besides the ones it names): bounded work per mail.
const SENT_MAILS_READ: i64 = 12;
/// How many ids from References are looked up, newest last.
const REFERENCES_READ: usize = 20;

/// Lines of a mail with their line numbers in it (from 1).
pub type Numbered = Vec<(usize, String)>;

/// The lines of a reply, sorted: service commands, the turn, and what was
/// not read as a command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MailLines {
    /// Service commands (help, board, say ...), numbered as in the mail.
    pub service: Numbered,
    /// Legal commands and near misses, in order, numbered as in the mail.
    pub turn: Numbered,
    /// Lines that read as no command (greetings, thanks, chat).
    pub unread: Vec<String>,
    /// Lines after a refused one: not tried, whatever they are.
    pub untried: Vec<String>,
    /// Lines asking for exactly the choice the rules then made by
    /// themselves (the seat's last option, played automatically).
    pub done_by_rules: Vec<String>,
}

impl MailLines {
    pub fn commands(&self) -> Vec<String> {
        self.turn.iter().map(|(_, l)| l.clone()).collect()
    }

    /// The mail's line number of the `n`th line of the turn (1-based).
    pub fn line_number(&self, n: usize) -> usize {
        self.turn
            .get(n.saturating_sub(1))
            .map(|(at, _)| *at)
            .unwrap_or(n)
    }

    /// "Not read as commands: 'Hi all,' | 'Thanks'.", for the player in
    /// their language (and the record); none when every line was read.
    pub fn unread_note(&self) -> Option<Text> {
        if self.unread.is_empty() {
            return None;
        }
        let list = listed(&self.unread);
        Some(Text::new(
            format!("Not read as commands: {list}."),
            format!("명령으로 읽지 않은 줄: {list}."),
        ))
    }

    /// "Not tried (they came after the refused line): ...", when a line
    /// was refused and others followed it.
    pub fn untried_note(&self) -> Option<Text> {
        if self.untried.is_empty() {
            return None;
        }
        let list = listed(&self.untried);
        Some(Text::new(
            format!("Not tried, because they came after the refused line: {list}."),
            format!("거부된 줄 뒤에 있어 시도하지 않은 줄: {list}."),
        ))
    }

    /// "Already done by the rules: ...", the lines asking for a choice the
    /// rules made by themselves.
    pub fn done_note(&self) -> Option<Text> {
        if self.done_by_rules.is_empty() {
            return None;
        }
        let list = listed(&self.done_by_rules);
        Some(Text::new(
            format!(
                "Already done by the rules (your only remaining choice, played for you): {list}."
            ),
            format!("규칙이 이미 처리함(남은 유일한 선택이라 자동으로 두었습니다): {list}."),
        ))
    }
}

/// A turn as the reading of a mail played it, on a copy of the game's
/// table: handed on to be recorded, so that the turn is played once.
pub(crate) struct PlayedTurn {
    /// The history row the copy was loaded at: the turn stands only while
    /// the game has no row after it.
    pub count: i64,
    pub seat: Seat,
    /// The seats that were to act before the turn.
    pub before: Vec<Seat>,
    /// The turn's lines, as the player wrote them.
    pub lines: Vec<String>,
    /// What each line played, in order.
    pub played: Vec<Played>,
    /// The table after the turn.
    pub table: Box<dyn Table>,
}

/// The caller's seat in a mail's game and that game's table as of history
/// row `count`: loaded once, for the reading of the whole mail.
pub(crate) struct AtTable {
    pub seat: Seat,
    pub count: i64,
    pub table: Box<dyn Table>,
}

/// A mail's lines sorted, and what the sorting played.
pub struct Sorted {
    pub lines: MailLines,
    /// What each line of the turn played, when every one of them played.
    pub played: Vec<Played>,
    /// How many lines were played on the table (refused ones too).
    pub tries: u64,
}

/// Lines quoted back to the one who wrote them, made visible.
fn listed(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| format!("'{}'", super::guard::visible_text(l)))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// What a mail we sent showed its reader: the texts kept when it was
/// composed; for one composed before they were kept (schema 10 and older),
/// read again from its MIME; nothing once housekeeping pruned its body.
pub(super) fn shown_texts(row: &OutboxRow) -> Vec<String> {
    if row.body_pruned_at.is_some() {
        return vec![];
    }
    match &row.plain_text {
        Some(plain) => std::iter::once(plain.clone())
            .chain(row.html_text.iter().cloned())
            .collect(),
        None => inbound::sent_texts(&row.raw),
    }
}

impl Service {
    /// The mail read again, knowing what quipu sent to `email` (in `game`,
    /// and the mails the reply names), so that a copy of those mails in any
    /// framing is not taken for the player's words; with the caller's seat
    /// in `game` and its table, loaded once for the reading of the mail.
    pub(super) fn reread(
        &self,
        mail: &Inbound,
        email: &str,
        game: Option<i64>,
    ) -> Result<(Inbound, Option<AtTable>)> {
        let at = match game.map(|id| (id, self.seat_of(id, email))) {
            Some((id, Ok(seat))) => {
                let (count, table) = self
                    .tables
                    .load(&self.store, id, || Ok(self.seated(id)?.len()))?;
                Some(AtTable { seat, count, table })
            }
            _ => None,
        };
        let mut ids: Vec<String> = mail.in_reply_to.iter().cloned().collect();
        let skip = mail.references.len().saturating_sub(REFERENCES_READ);
        ids.extend(mail.references.iter().skip(skip).cloned());
        let sent = self.store.sent_to(email, game, &ids, SENT_MAILS_READ)?;
        if sent.is_empty() {
            return Ok((mail.clone(), at));
        }
        let texts: Vec<String> = sent.iter().flat_map(shown_texts).collect();
        let mut known = Known::new(texts.iter().map(String::as_str));
        if let Some(at) = &at {
            known = known.with_moves(moves_now(at.table.clone_table(), at.seat));
        }
        Ok((inbound::knowing(mail, &known), at))
    }

    /// A mail's lines (numbered as in the mail) sorted: in `game` where the
    /// caller has a seat (`at`), in one pass over its table ([`sort_lines`]),
    /// with the turn that pass played when every line of it played;
    /// elsewhere by their first word alone, the other lines left for `play`
    /// to refuse (a game without their seat) or read as no command (no
    /// game).
    pub(super) fn mail_lines(
        &self,
        game: Option<i64>,
        at: Option<AtTable>,
        lines: Numbered,
        is_service: impl Fn(&str) -> bool,
    ) -> Result<(MailLines, Option<PlayedTurn>)> {
        if game.is_none() {
            let (service, unread): (Numbered, Numbered) =
                lines.into_iter().partition(|(_, l)| is_service(l));
            let read = MailLines {
                service,
                turn: vec![],
                unread: unread.into_iter().map(|(_, l)| l).collect(),
                ..MailLines::default()
            };
            return Ok((read, None));
        }
        let Some(AtTable {
            seat,
            count,
            mut table,
        }) = at
        else {
            // No seat: `play` answers why, naming the first line.
            let (service, turn) = lines.into_iter().partition(|(_, l)| is_service(l));
            let read = MailLines {
                service,
                turn,
                ..MailLines::default()
            };
            return Ok((read, None));
        };
        let before = table.to_act();
        let sorted = sort_lines(table.as_mut(), seat, lines, is_service);
        self.tables.count_lines(sorted.tries);
        let turn = (!sorted.played.is_empty()).then(|| PlayedTurn {
            count,
            seat,
            before,
            lines: sorted.lines.commands(),
            played: sorted.played,
            table,
        });
        Ok((sorted.lines, turn))
    }
}

/// The reply lines tried as moves: a mail longer than a turn is chat or a copy.
const LINES_TRIED_AS_MOVES: usize = 60;

/// Which of a reply's lines `seat` may play now, played in order on a copy
/// of `table` (a line that is no move leaves it as it was): a move our
/// mail printed is the player's command, never a copy of our mail.
fn moves_now(table: Box<dyn Table>, seat: Seat) -> impl Fn(&[&str]) -> Vec<bool> + Send + Sync {
    move |lines| {
        let mut copy = table.clone_table();
        let mut tried = 0;
        lines
            .iter()
            .map(|line| {
                let line = line.trim();
                if line.is_empty() || tried >= LINES_TRIED_AS_MOVES {
                    return false;
                }
                tried += 1;
                copy.play(seat, line).is_ok()
            })
            .collect()
    }
}

/// Sorts a mail's lines (numbered as in the mail) into service commands,
/// the seat's turn and the lines that are no command, playing each in order
/// on `table` (a copy), once.
///
/// A line the seat can play at that point of its turn is a move whatever
/// its first word (Tawantinsuyu's `join worship ...` may follow other moves
/// of the same turn); any other line is a service command when `is_service`
/// says so. Of the rest, a line the rules refuse, or that is close to a
/// legal command, is a near miss: it stays in the turn (which the service
/// then refuses with the closest legal commands) and ends the judging; the
/// lines after it, or after the seat's turn ends, are in the turn when they
/// start like one of the seat's commands. When the seat has nothing to
/// decide, every line that is no service command stays in the turn (the
/// answer is that it is not their turn).
pub fn sort_lines(
    table: &mut dyn Table,
    seat: Seat,
    lines: Numbered,
    is_service: impl Fn(&str) -> bool,
) -> Sorted {
    let mut out = MailLines::default();
    let mut played_lines: Vec<Played> = Vec::new();
    let mut tries = 0;
    // Lines that changed the table, wherever they were sorted.
    let mut oks = 0;
    let deciding = table.to_act().contains(&seat);
    let words = table.words();
    // Words that start the seat's commands, gathered as the turn goes on:
    // lines after the judging ends are judged by them.
    let mut first_words: Vec<String> = Vec::new();
    // The options of the seat's last decision in this mail, and whether
    // one of its lines was played: a line naming the option the rules then
    // played by themselves is done, not refused.
    let mut last_legal: Vec<String> = Vec::new();
    let mut played_any = false;
    let mut stopped = false;
    for (at, line) in lines {
        if stopped {
            if is_service(&line) {
                out.service.push((at, line));
            } else {
                out.untried.push(line);
            }
            continue;
        }
        let judging = deciding && table.to_act().contains(&seat);
        let legal = if judging {
            let legal = table.legal(seat);
            first_words.extend(legal.iter().filter_map(|c| first_word(c)));
            first_words.sort();
            first_words.dedup();
            legal
        } else {
            Vec::new()
        };
        tries += 1;
        let played = table.play(seat, &line);
        oks += usize::from(played.is_ok());
        if played.is_err() && is_service(&line) {
            out.service.push((at, line));
            continue;
        }
        if played.is_err() && deciding && !judging && played_any && names_one_of(&line, &last_legal)
        {
            out.done_by_rules.push(line);
            continue;
        }
        let in_turn = match played {
            _ if !deciding => true,
            Ok(p) if judging => {
                played_any = true;
                last_legal = legal;
                played_lines.push(p);
                true
            }
            Err(PlayError::Rule(_)) if judging => {
                stopped = true;
                true
            }
            Err(_)
                if judging
                    && (is_near_miss(&line, &legal, &first_words)
                        || names_the_games_words(&line, words)) =>
            {
                stopped = true;
                true
            }
            _ if judging => false,
            _ => starts_like(&line, &first_words),
        };
        if in_turn {
            out.turn.push((at, line));
        } else {
            out.unread.push(line);
        }
    }
    // The copy is the turn's own play when every line that changed it is
    // the turn's, and every line of the turn did.
    let whole = oks == played_lines.len() && oks == out.turn.len();
    Sorted {
        lines: out,
        played: if whole { played_lines } else { Vec::new() },
        tries,
    }
}

/// Whether `line` is, word for word (case and spacing aside), one of `commands`.
fn names_one_of(line: &str, commands: &[String]) -> bool {
    let wanted = normalize(line);
    commands.iter().any(|c| normalize(c) == wanted)
}

/// A short line (at most six words, no sentence punctuation) that starts
/// with a word of the game's commands: one of its action words, or a name
/// it knows (an alias, a component, space or card name, a numbered name
/// such as `yax3`). Written as a command, so refused with a reason if the
/// rules do not allow it now, never passed over as chat.
pub(super) fn names_the_games_words(line: &str, words: &crate::engine::parse::Vocabulary) -> bool {
    let parts: Vec<&str> = line.split_whitespace().collect();
    if parts.is_empty()
        || parts.len() > 6
        || parts
            .iter()
            .any(|w| w.ends_with([',', '.', '!', '?', ':', '。', '！', '？']))
    {
        return false;
    }
    let Some(first) = first_word(line) else {
        return false;
    };
    let stem = first.trim_end_matches(|c: char| c.is_ascii_digit());
    let known = |w: &str| {
        words.aliases.iter().any(|(a, b)| *a == w || *b == w)
            || words.verbs.contains(&w)
            || words.optional.contains(&w)
            || words.named_numbers.contains(&w)
            || words.numbered.iter().any(|(a, _)| *a == w)
            || words.compact.iter().any(|(a, _)| *a == w)
            || words.fillers.iter().any(|(a, _)| *a == w)
    };
    known(&first) || (!stem.is_empty() && known(stem))
}

fn first_word(command: &str) -> Option<String> {
    normalize(command).split(' ').next().map(str::to_string)
}

/// Whether the line's first word is (or, two letters or more, starts) the
/// first word of one of `words`.
fn starts_like(line: &str, words: &[String]) -> bool {
    let Some(w) = first_word(line).filter(|w| !w.is_empty()) else {
        return false;
    };
    words
        .iter()
        .any(|f| *f == w || (w.chars().count() >= 2 && f.starts_with(&w)))
}

/// A line meant as a command: it starts like one the seat had this turn
/// (`words`), has the terse shape of one (at most six words, one of them
/// holding a digit such as a space id or a count, no sentence punctuation),
/// or is within a few typing slips of a legal one (a quarter of its length).
fn is_near_miss(line: &str, legal: &[String], words: &[String]) -> bool {
    if starts_like(line, words) || is_terse_with_numbers(line) {
        return true;
    }
    let wanted = normalize(line);
    let len = wanted.chars().count();
    if len > 80 {
        return false;
    }
    let slips = (len / 4).max(1);
    legal
        .iter()
        .any(|c| edit_distance(&wanted, &normalize(c)) <= slips)
}

fn is_terse_with_numbers(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() <= 6
        && words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
        && !words
            .iter()
            .any(|w| w.ends_with([',', '.', '!', '?', ':', '。', '！', '？']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_and_greetings() {
        let legal = ["take 1".to_string(), "pass".to_string()];
        let words = ["take".to_string(), "pass".to_string()];
        assert!(is_near_miss("take 7", &legal, &words));
        assert!(is_near_miss("pas", &legal, &words));
        assert!(is_near_miss("pqss", &legal, &[]));
        assert!(is_near_miss("dig Z99 7", &legal, &words));
        assert!(!is_near_miss("See you at 9!", &legal, &words));
        assert!(!is_near_miss("Thanks Bob!", &legal, &words));
        assert!(!is_near_miss("Hi all,", &legal, &words));
        assert!(!is_near_miss("안녕하세요", &legal, &words));
    }
}
