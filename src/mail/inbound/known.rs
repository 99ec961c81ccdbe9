//! What we sent, used to recognise it in a reply: every line of the mails
//! quipu sent to that player in that game, so that a copy of them (quoted or
//! not, in any client's or language's framing) is never read as the
//! player's own words.
//!
//! A reply line is "ours" when, with quote marks and spacing set aside, it
//! equals a line we sent, or (rewrapped by the client) every run of three of
//! its words occurs in what we sent. A run of our lines is a copy of our
//! mail only with proof beyond single command lines: a player who pastes one
//! command from our move list wrote that command. The lines just above a
//! copy that frame it (a header block or an attribution naming an address)
//! go with it.

use std::collections::HashSet;

/// Everything we sent that a reply may repeat.
#[derive(Clone, Debug, Default)]
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

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Whether `b` may continue a copy that has reached `a`: it followed
    /// `a` in what we sent, or both are sentences of ours (four words or
    /// more: a client may rewrap them). A word repeated line after line
    /// ("board" sixty times) is the player's, not a copy.
    fn follows(&self, a: (&str, Mark), b: (&str, Mark)) -> bool {
        let sentence = |m: Mark| matches!(m, Mark::OurProse(n) if n >= 4);
        (sentence(a.1) && sentence(b.1) && a.0 != b.0)
            || self.pairs.contains(&format!("{}\n{}", a.0, b.0))
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
            return Mark::OurProse(words.len());
        }
        Mark::Theirs
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Blank,
    /// A line of our move lists.
    OurCommand,
    /// Any other line we sent, with its number of words.
    OurProse(usize),
    Theirs,
}

impl Mark {
    fn ours(self) -> bool {
        matches!(self, Mark::OurCommand | Mark::OurProse(_))
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
    let marks: Vec<Mark> = norms.iter().map(|l| known.classify(l)).collect();
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
            let continues =
                marks[j].ours() && known.follows((&norms[end], marks[end]), (&norms[j], marks[j]));
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
/// the player took from our move list: it holds a sentence of ours (three
/// words or more), two other lines of ours, or a long run of commands.
fn is_copy(block: &[Mark]) -> bool {
    let prose: Vec<usize> = block
        .iter()
        .filter_map(|m| match m {
            Mark::OurProse(n) => Some(*n),
            _ => None,
        })
        .collect();
    let commands = block.iter().filter(|m| **m == Mark::OurCommand).count();
    prose.iter().any(|&n| n >= 3) || prose.len() >= 2 || commands >= 8
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
    fn interleaved_answers_between_copies_stay() {
        let known = Known::new([SENT]);
        let reply = "Your turn in game #4 of Tikal.\nReply with one of these commands on the first line of your answer:\nadvance 2\nYour moves\n----------\nReply with one of these commands on the first line of your answer:\npass";
        assert_eq!(remove_known(reply, &known), "\nadvance 2\n\npass");
    }
}
