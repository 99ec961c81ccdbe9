//! What we sent, used to recognise it in a reply: every line of the mails
//! quipu sent to that player in that game, so that a copy of them (quoted or
//! not, in any client's or language's framing) is never read as the
//! player's own words.
//!
//! A reply line is "ours" when, with quote marks and spacing set aside, it
//! equals a line we sent, or (rewrapped by the client) every run of three of
//! its words occurs in what we sent. A run of our lines is a copy of our
//! mail only with proof beyond single command lines: a player who pastes one
//! command from our move list wrote that command, and one who plays again a
//! move our mail once echoed ("You played: place tile3 I4v J3 J4") wrote it
//! too, so a lone line whose words merely occur in what we sent proves
//! nothing. A run stays within quoted or unquoted lines, and rewrapped lines
//! continue it only where their words run on as in our text. The lines just
//! above a copy that frame it (a header block or an attribution naming an
//! address) go with it.
//!
//! A line the replying seat may play now (checked on a copy of the game,
//! the reply's unquoted lines played in order, [`Known::with_moves`]) is a
//! command whatever our mail printed it as, indented in a move list or not:
//! alone or among other commands it is never taken for a copy.

use std::collections::HashSet;
use std::sync::Arc;

/// Which of a reply's lines (quoted ones given as blank) are moves the
/// replying seat may play now, the lines played in order on a copy of the
/// game so that the second move of a turn counts too.
pub type MoveCheck = Arc<dyn Fn(&[&str]) -> Vec<bool> + Send + Sync>;

/// Everything we sent that a reply may repeat.
#[derive(Clone, Default)]
pub struct Known {
    /// Every normalised non-blank line we sent.
    lines: HashSet<String>,
    /// The lines of our move lists (indented in the plain text): a player
    /// copying one of them writes a command, not a quote.
    commands: HashSet<String>,
    /// Every three consecutive words of each text we sent.
    trigrams: HashSet<String>,
    /// Each line we sent with the next non-blank line after it, joined by a
    /// newline: a copy repeats our lines in our order.
    pairs: HashSet<String>,
    /// The replying seat's moves, when the game is known.
    moves: Option<MoveCheck>,
}

impl std::fmt::Debug for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Known")
            .field("lines", &self.lines.len())
            .field("commands", &self.commands.len())
            .field("moves", &self.moves.is_some())
            .finish()
    }
}

impl Known {
    /// Builds the set from the texts of sent mails (plain text, and the
    /// text of the HTML part, as `sent_texts` gives them).
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>) -> Known {
        let mut known = Known::default();
        for text in texts {
            let mut words: Vec<String> = Vec::new();
            let mut previous: Option<String> = None;
            for raw in text.lines() {
                let line = normalize(raw);
                if line.is_empty() {
                    continue;
                }
                if raw.starts_with("  ") && !raw.trim().ends_with(':') {
                    known.commands.insert(line.clone());
                }
                words.extend(line.split(' ').map(str::to_string));
                if let Some(p) = previous.take() {
                    known.pairs.insert(format!("{p}\n{line}"));
                }
                previous = Some(line.clone());
                known.lines.insert(line);
            }
            for w in words.windows(3) {
                known.trigrams.insert(w.join(" "));
            }
        }
        known
    }

    /// The same, knowing which of a reply's lines the replying seat may
    /// play now: those are commands, never a copy of our mail.
    pub fn with_moves(
        mut self,
        check: impl Fn(&[&str]) -> Vec<bool> + Send + Sync + 'static,
    ) -> Known {
        self.moves = Some(Arc::new(check));
        self
    }

    /// The lines of a reply the seat may play now (quoted lines never).
    fn playable(&self, lines: &[&str]) -> Vec<bool> {
        let Some(check) = &self.moves else {
            return vec![false; lines.len()];
        };
        let unquoted: Vec<&str> = lines
            .iter()
            .map(|l| if is_quoted(l) { "" } else { l })
            .collect();
        let mut found = check(&unquoted);
        found.resize(lines.len(), false);
        found
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Whether `b` may continue a copy that has reached `a`: it followed
    /// `a` in what we sent, or both are sentences of ours (four words or
    /// more: a client may rewrap them), the words running on from one to the
    /// other as in our text where either is only a rewrapped match. A word
    /// repeated line after line ("board" sixty times) is the player's, not a
    /// copy.
    fn follows(&self, a: (&str, Mark), b: (&str, Mark)) -> bool {
        let sentence = |m: Mark| matches!(m, Mark::OurProse(n) | Mark::OurWords(n) if n >= 4);
        let whole = |m: Mark| matches!(m, Mark::OurProse(_));
        let runs_on = (whole(a.1) && whole(b.1)) || self.runs_on(a.0, b.0);
        (sentence(a.1) && sentence(b.1) && a.0 != b.0 && runs_on)
            || self.pairs.contains(&format!("{}\n{}", a.0, b.0))
    }

    /// Whether the words of line `a` run on into those of line `b` as in
    /// what we sent: the runs of three words across the break are ours.
    fn runs_on(&self, a: &str, b: &str) -> bool {
        let a: Vec<&str> = a.split(' ').collect();
        let b: Vec<&str> = b.split(' ').collect();
        let (Some(a1), Some(b1)) = (a.last(), b.first()) else {
            return false;
        };
        let across = [
            a.len()
                .checked_sub(2)
                .map(|i| format!("{} {a1} {b1}", a[i])),
            b.get(1).map(|b2| format!("{a1} {b1} {b2}")),
        ];
        across.iter().flatten().all(|t| self.trigrams.contains(t))
    }

    /// How a (normalised) reply line relates to what we sent.
    fn classify(&self, norm: &str) -> Mark {
        if norm.is_empty() {
            return Mark::Blank;
        }
        if self.commands.contains(norm) {
            return Mark::OurCommand;
        }
        if self.lines.contains(norm) {
            return Mark::OurProse(norm.split(' ').count());
        }
        let words: Vec<&str> = norm.split(' ').collect();
        if words.len() >= 4
            && words
                .windows(3)
                .all(|w| self.trigrams.contains(&w.join(" ")))
        {
            return Mark::OurWords(words.len());
        }
        Mark::Theirs
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Blank,
    /// A line of our move lists, or a line of ours the seat may play now.
    OurCommand,
    /// Any other line we sent, with its number of words.
    OurProse(usize),
    /// A line whose every run of three words occurs in what we sent (a line
    /// of ours rewrapped, or a move our mail echoed), with its number of words.
    OurWords(usize),
    Theirs,
}

impl Mark {
    fn ours(self) -> bool {
        matches!(
            self,
            Mark::OurCommand | Mark::OurProse(_) | Mark::OurWords(_)
        )
    }
}

/// Lower case, quote marks and surrounding spaces gone, single spaces.
fn normalize(line: &str) -> String {
    let unquoted = line.trim_start_matches(|c: char| c == '>' || c == '|' || c.is_whitespace());
    unquoted
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Which of a reply's lines are a copy of our mails, or the lines that
/// frame a copy (a header block, an attribution naming an address): the
/// player's lines above, between and below are not.
pub fn copies(lines: &[&str], known: &Known) -> Vec<bool> {
    let mut drop = vec![false; lines.len()];
    if known.is_empty() {
        return drop;
    }
    let norms: Vec<String> = lines.iter().map(|l| normalize(l)).collect();
    let playable = known.playable(lines);
    let marks: Vec<Mark> = norms
        .iter()
        .zip(playable)
        .map(|(l, move_now)| match known.classify(l) {
            m if move_now && m.ours() => Mark::OurCommand,
            m => m,
        })
        .collect();
    let mut i = 0;
    while i < lines.len() {
        if !marks[i].ours() {
            i += 1;
            continue;
        }
        // The block: our lines in our order, blank lines between them.
        let mut end = i;
        let mut j = i + 1;
        while j < lines.len() {
            if marks[j] == Mark::Blank {
                j += 1;
                continue;
            }
            let continues = marks[j].ours()
                && is_quoted(lines[j]) == is_quoted(lines[end])
                && known.follows((&norms[end], marks[end]), (&norms[j], marks[j]));
            if !continues {
                break;
            }
            end = j;
            j += 1;
        }
        if is_copy(&marks[i..=end]) {
            drop[i..=end].iter_mut().for_each(|d| *d = true);
            for k in framing(lines, &marks, i) {
                drop[k] = true;
            }
        }
        i = end + 1;
    }
    drop
}

/// Whether a block of our lines is a copy of our mail rather than commands
/// the player took from our move list or played again: it holds a line of
/// ours word for word (three words or more), two other lines of ours, or a
/// long run of commands.
fn is_copy(block: &[Mark]) -> bool {
    let whole_sentence = block
        .iter()
        .any(|m| matches!(m, Mark::OurProse(n) if *n >= 3));
    let prose = block
        .iter()
        .filter(|m| matches!(m, Mark::OurProse(_) | Mark::OurWords(_)))
        .count();
    let commands = block.iter().filter(|m| **m == Mark::OurCommand).count();
    whole_sentence || prose >= 2 || commands >= 8
}

/// A line quoted with `>` (or `|`), as clients quote.
fn is_quoted(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('>') || t.starts_with('|')
}

/// The lines just above the block starting at `start` that frame a copy:
/// up to ten non-blank lines, not ours, each reading as a header field
/// ("От: …", "Sent: …") or ending with ':' (an attribution), together
/// naming an address. Blank lines between them and the block go too.
fn framing(lines: &[&str], marks: &[Mark], start: usize) -> Vec<usize> {
    let mut k = start;
    while k > 0 && marks[k - 1] == Mark::Blank {
        k -= 1;
    }
    let mut frame = Vec::new();
    while k > 0 && frame.len() < 10 {
        let line = lines[k - 1];
        if marks[k - 1] != Mark::Theirs || !is_frame_line(line) {
            break;
        }
        k -= 1;
        frame.push(k);
    }
    // A separator rule or blank lines right above the header fields belong to them.
    while k > 0 && (is_rule(lines[k - 1]) || marks[k - 1] == Mark::Blank) && frame.len() < 12 {
        k -= 1;
        frame.push(k);
    }
    let names_address = frame.iter().any(|&f| lines[f].contains('@'));
    if !names_address {
        return vec![];
    }
    frame.extend(k..start);
    frame
}

/// A header field ("Label: value", the label short and without digits), or
/// a line ending in ':' (an attribution in any language), or a rule.
fn is_frame_line(line: &str) -> bool {
    let trimmed = line.trim().trim_start_matches('*');
    if trimmed.ends_with(':') || trimmed.ends_with('：') || is_rule(trimmed) {
        return true;
    }
    let Some(colon) = trimmed.find([':', '：']) else {
        return false;
    };
    let label = trimmed
        .get(..colon)
        .unwrap_or("")
        .trim_end_matches('*')
        .trim();
    let count = label.chars().count();
    (1..=24).contains(&count) && !label.chars().any(|c| c.is_ascii_digit())
}

/// A line of only '-', '_', '=' or '*' (at least five), or one with a
/// phrase between dashes ("-----Исходное сообщение-----").
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.chars().count() >= 5
        && (t.chars().all(|c| matches!(c, '-' | '_' | '=' | '*'))
            || (t.starts_with("---") && t.ends_with("---")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reply with each line of a copy made blank, runs of them one.
    fn remove_known(text: &str, known: &Known) -> String {
        let lines: Vec<&str> = text.lines().collect();
        let drop = copies(&lines, known);
        let mut out: Vec<&str> = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            if !drop[k] {
                out.push(line);
            } else if k == 0 || !drop[k - 1] {
                out.push("");
            }
        }
        out.join("\n")
    }

    const SENT: &str = "[quipu #4] Tikal\n================\n\nYour turn in game #4 of Tikal.\n\nYour moves\n----------\nReply with one of these commands on the first line of your answer:\n\n  advance 1\n  advance 2\n  pass\n";

    #[test]
    fn an_unquoted_copy_under_a_russian_header_goes() {
        let known = Known::new([SENT]);
        let reply = "advance 1\n\nОт: quipu <play@quipu.example.org>\nОтправлено: 22 ноября 2026 г. 15:04\nКому: ann@example.ru\nТема: [quipu #4] Tikal\n\n[quipu #4] Tikal\n================\n\nYour turn in game #4 of Tikal.\n\nYour moves\n----------\nReply with one of these commands on the first line of your answer:\n\n  advance 1\n  advance 2\n  pass\n";
        assert_eq!(remove_known(reply, &known).trim(), "advance 1");
    }

    #[test]
    fn commands_copied_from_our_list_stay() {
        let known = Known::new([SENT]);
        assert_eq!(
            remove_known("Hi!\n  advance 2\npass\nthanks", &known),
            "Hi!\n  advance 2\npass\nthanks"
        );
    }

    #[test]
    fn a_move_our_mail_once_echoed_is_the_players_when_played_again() {
        let earlier = "What happened since your last mail\n- You played: place tile3 I4v J3 J4\n- seat 2 places a 3-space tile on K6 L5 L6v (level 1) for 1 AP; 3 AP left.\n";
        let known = Known::new([SENT, earlier]);
        let reply = "place tile3 D12v E12 E13\nmove L3 K6\nplace tile3 I4v J3 J4\nmove K6 H5\n\nOn Sunday quipu <play@q.example> wrote:\n> Your turn in game #4 of Tikal.\n> What happened since your last mail\n";
        assert_eq!(
            remove_known(reply, &known).trim(),
            "place tile3 D12v E12 E13\nmove L3 K6\nplace tile3 I4v J3 J4\nmove K6 H5"
        );
        // Two such moves in a row do not make a copy either: their words do
        // not run on from one to the other as in our mails.
        let both = "- You played: place tile3 I4v J3 J4\n\n- You played: place tile3 K6v L5 L6\n";
        let known = Known::new([SENT, both]);
        let reply = "place tile3 I4v J3 J4\nplace tile3 K6v L5 L6\n";
        assert_eq!(
            remove_known(reply, &known),
            "place tile3 I4v J3 J4\nplace tile3 K6v L5 L6"
        );
    }

    #[test]
    fn a_command_under_a_quote_is_not_part_of_the_quote() {
        let known = Known::new([SENT]);
        // The quote stops just before our move list; the player's first
        // line is the list's first command, which followed it in our mail.
        let reply = "> Your turn in game #4 of Tikal.\n> Reply with one of these commands on the first line of your answer:\n\n  advance 1\n";
        assert_eq!(remove_known(reply, &known).trim(), "advance 1");
    }

    #[test]
    fn a_move_our_mail_printed_unindented_is_the_players_when_it_is_legal_now() {
        let sent = "You may now:\nplace porter s1m3 card g33\nplace porter s1m4 card g33\n";
        let plain = Known::new([SENT, sent]);
        let reply = "place porter s1m3 card g33";
        // Without the game, a sentence of ours word for word reads as a copy.
        assert_eq!(remove_known(reply, &plain).trim(), "");
        let known = plain.with_moves(|lines| {
            lines
                .iter()
                .map(|l| l.trim() == "place porter s1m3 card g33")
                .collect()
        });
        assert_eq!(remove_known(reply, &known), reply);
        // Quoted, it is still a copy.
        let quoted = "> You may now:\n> place porter s1m3 card g33\n";
        assert_eq!(remove_known(quoted, &known).trim(), "");
    }

    #[test]
    fn a_rewrapped_copy_still_goes() {
        let long = "Reply to this mail with your command (several lines make one turn). Other replies: help, board, moves, say TEXT, undo, resign.\n";
        let known = Known::new([SENT, long]);
        let reply = "advance 2\n\nReply to this mail with your command\n(several lines make one turn). Other replies: help,\nboard, moves, say TEXT, undo, resign.\n";
        assert_eq!(remove_known(reply, &known).trim(), "advance 2");
    }

    #[test]
    fn interleaved_answers_between_copies_stay() {
        let known = Known::new([SENT]);
        let reply = "Your turn in game #4 of Tikal.\nReply with one of these commands on the first line of your answer:\nadvance 2\nYour moves\n----------\nReply with one of these commands on the first line of your answer:\npass";
        assert_eq!(remove_known(reply, &known), "\nadvance 2\n\npass");
    }
}
