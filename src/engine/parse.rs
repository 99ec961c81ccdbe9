//! Forgiving command reading shared by all games: normalising input,
//! the game's vocabulary (aliases in both languages, numbered names, counts,
//! words a player may leave out) making a line the game's words, matching
//! against the legal commands by unambiguous prefixes of words, and
//! suggesting the closest ones. A game supplies words, not a matcher.

use super::{ParseError, Text};
use std::fmt::Display;

/// Lower case, single spaces, no surrounding spaces or trailing full stop.
pub fn normalize(input: &str) -> String {
    let s = input.trim().trim_end_matches(['.', '!']);
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Replaces whole words found in `aliases` (alias → canonical word).
/// Aliases are matched after normalisation, so write them in lower case.
pub fn replace_aliases(input: &str, aliases: &[(&str, &str)]) -> String {
    normalize(input)
        .split(' ')
        .map(|w| {
            aliases
                .iter()
                .find(|(a, _)| *a == w)
                .map(|(_, c)| *c)
                .unwrap_or(w)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words a game gives the shared reader: how a player's words become
/// the words of the game's commands, in both languages. A game names the
/// fields it needs and takes the rest from [`Vocabulary::NONE`].
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// Other words for a word of the commands (Korean names, long names,
    /// spellings) → that word; whole words, lower case.
    pub aliases: &'static [(&'static str, &'static str)],
    /// Names that carry a number as one word (`pal3`): the number written
    /// apart (`pal 3`), or fused to an alias (`palenque3`) or to an
    /// unambiguous start of the name (`p3`), reads as that word.
    pub named_numbers: &'static [&'static str],
    /// Words a count may be fused to (`3w`, `2workers`), with the word they
    /// stand for: any start of the first is read as the count and the word.
    pub fused_counts: &'static [(&'static str, &'static str)],
    /// Words of the commands a player may leave out (`retrieve` in
    /// `retrieve pal3 wood`): used only when nothing matches with them.
    pub optional: &'static [&'static str],
    /// (first word, word): `word` is dropped from a command that starts
    /// with that first word (`place … pay card g17`).
    pub fillers: &'static [(&'static str, &'static str)],
    /// (word, prefix): the bare numbers right after `word` stand for the id
    /// `prefix` + two digits (`card 17` → `card g17`).
    pub numbered: &'static [(&'static str, &'static str)],
    /// (word, units): after `word`, counts run together with unit letters
    /// are written out (`food 2p1c` → `food 2 potato 1 corn`).
    pub compact: &'static [(&'static str, &'static [(char, &'static str)])],
}

impl Vocabulary {
    /// No words of a game: every field empty.
    pub const NONE: Vocabulary = Vocabulary {
        aliases: &[],
        named_numbers: &[],
        fused_counts: &[],
        optional: &[],
        fillers: &[],
        numbered: &[],
        compact: &[],
    };

    /// A player's line in the game's words: normalised, counts split off,
    /// aliases replaced, numbered names joined with their numbers.
    pub fn words(&self, input: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for w in normalize(input).split(' ').filter(|w| !w.is_empty()) {
            if let Some((count, word)) = self.count(w) {
                out.push(count.to_string());
                out.push(word.to_string());
                continue;
            }
            let word = self.word(w);
            let is_number = word.chars().all(|c| c.is_ascii_digit());
            match out.last_mut() {
                Some(name) if is_number && self.named_numbers.contains(&name.as_str()) => {
                    name.push_str(&word)
                }
                _ => out.push(word),
            }
        }
        out
    }

    /// `3w` → ("3", "worker") when a counted word starts with `w`.
    fn count<'w>(&self, w: &'w str) -> Option<(&'w str, &'static str)> {
        let digits = w.find(|c: char| !c.is_ascii_digit())?;
        let (count, rest) = w.split_at(digits);
        if count.is_empty() {
            return None;
        }
        self.fused_counts
            .iter()
            .find(|(start, _)| start.starts_with(rest))
            .map(|(_, word)| (count, *word))
    }

    /// One word: an alias replaced; a numbered name (its alias, or its
    /// unambiguous start) with a number fused, as the name and the number.
    fn word(&self, w: &str) -> String {
        if let Some((_, to)) = self.aliases.iter().find(|(a, _)| *a == w) {
            return (*to).to_string();
        }
        let split = w.find(|c: char| c.is_ascii_digit()).unwrap_or(w.len());
        if split > 0 && split < w.len() && w[split..].chars().all(|c| c.is_ascii_digit()) {
            let (head, number) = w.split_at(split);
            let name = match self.aliases.iter().find(|(a, _)| *a == head) {
                Some((_, to)) => Some(*to),
                None => unique_start(head, self.named_numbers),
            };
            if let Some(name) = name.filter(|n| self.named_numbers.contains(n)) {
                return format!("{name}{number}");
            }
        }
        w.to_string()
    }
}

/// The one of `names` that is `word`, else the only one starting with it.
pub fn unique_start(word: &str, names: &[&'static str]) -> Option<&'static str> {
    if let Some(n) = names.iter().find(|n| **n == word) {
        return Some(n);
    }
    let mut starting = names.iter().filter(|n| n.starts_with(word));
    match (starting.next(), starting.next()) {
        (Some(n), None) => Some(n),
        _ => None,
    }
}

/// The legal command meant by a player's words (from [`Vocabulary::words`]):
/// as [`match_legal`]; when nothing matches, the one command that fits with
/// some of the vocabulary's optional words left out (exactly, else by
/// prefixes).
pub fn match_words<C: Display + Clone>(
    words: &[String],
    vocabulary: &Vocabulary,
    legal: &[C],
) -> Result<C, ParseError> {
    let err = match match_legal(&words.join(" "), legal) {
        Ok(c) => return Ok(c),
        Err(e) => e,
    };
    if vocabulary.optional.is_empty() || words.is_empty() {
        return Err(err);
    }
    let texts: Vec<String> = legal.iter().map(|c| normalize(&c.to_string())).collect();
    for whole in [true, false] {
        let mut hits = texts.iter().enumerate().filter(|(_, t)| {
            let tw: Vec<&str> = t.split(' ').collect();
            fits_leaving_out(&tw, words, vocabulary.optional, whole)
        });
        match (hits.next(), hits.next()) {
            (Some((i, _)), None) => return Ok(legal[i].clone()),
            (Some(_), Some(_)) => return Err(err),
            _ => {}
        }
    }
    Err(err)
}

/// Whether the command's words `full` read as `words` with some of its
/// `optional` words left out; `whole`: every word written out in full.
fn fits_leaving_out(full: &[&str], words: &[String], optional: &[&str], whole: bool) -> bool {
    let Some((first, rest)) = full.split_first() else {
        return words.is_empty();
    };
    let written = words.split_first().is_some_and(|(w, others)| {
        (if whole {
            first == w
        } else {
            word_matches(first, w)
        }) && fits_leaving_out(rest, others, optional, whole)
    });
    written || (optional.contains(first) && fits_leaving_out(rest, words, optional, whole))
}

/// Finds the legal command meant by `input`: an exact canonical match, or the
/// only command whose every word matches the corresponding input word.
/// A word with a digit in it (a number, a slot, an id such as `p3`) matches
/// only itself: `take 1` must never become `take 11`. Other words match by
/// prefix, and only when one legal command fits. Apply aliases first.
pub fn match_legal<C: Display + Clone>(input: &str, legal: &[C]) -> Result<C, ParseError> {
    let wanted = normalize(input);
    if wanted.is_empty() {
        return Err(ParseError {
            message: Text::new("The command is empty.", "명령이 비어 있습니다."),
            suggestions: closest(&wanted, legal, 5),
        });
    }
    let texts: Vec<String> = legal.iter().map(|c| normalize(&c.to_string())).collect();
    if let Some(i) = texts.iter().position(|t| *t == wanted) {
        return Ok(legal[i].clone());
    }
    let words: Vec<&str> = wanted.split(' ').collect();
    let hits: Vec<usize> = texts
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            let tw: Vec<&str> = t.split(' ').collect();
            tw.len() == words.len()
                && tw
                    .iter()
                    .zip(&words)
                    .all(|(full, part)| word_matches(full, part))
        })
        .map(|(i, _)| i)
        .collect();
    match hits.len() {
        1 => Ok(legal[hits[0]].clone()),
        0 => Err(ParseError {
            message: Text::new(
                format!("'{}' is not a legal command now.", input.trim()),
                format!("'{}'은(는) 지금 둘 수 있는 명령이 아닙니다.", input.trim()),
            ),
            suggestions: closest(&wanted, legal, 5),
        }),
        _ => Err(ParseError {
            message: Text::new(
                format!(
                    "'{}' could mean several commands; write more of it.",
                    input.trim()
                ),
                format!(
                    "'{}'은(는) 여러 명령일 수 있습니다. 더 자세히 쓰세요.",
                    input.trim()
                ),
            ),
            suggestions: hits.iter().take(5).map(|&i| legal[i].to_string()).collect(),
        }),
    }
}

/// Whether the typed word `part` stands for the legal word `full`: whole
/// when either holds a digit, else as a prefix.
fn word_matches(full: &str, part: &str) -> bool {
    let has_digit = |w: &str| w.chars().any(|c| c.is_ascii_digit());
    if has_digit(full) || has_digit(part) {
        full == part
    } else {
        full.starts_with(part)
    }
}

/// `input` normalised and in the game's canonical words (see `Vocabulary`).
pub fn rewrite(input: &str, words: &Vocabulary) -> String {
    let replaced = replace_aliases(input, words.aliases);
    let all: Vec<&str> = replaced.split(' ').collect();
    let first = all.first().copied().unwrap_or_default();
    let mut out: Vec<String> = Vec::with_capacity(all.len());
    let mut numbering: Option<&str> = None;
    let mut units: Option<&[(char, &str)]> = None;
    for (i, &w) in all.iter().enumerate() {
        if i > 0 && words.fillers.contains(&(first, w)) {
            continue;
        }
        let bare = !w.is_empty() && w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit());
        match (numbering, w.parse::<u32>()) {
            (Some(prefix), Ok(n)) if bare => {
                out.push(format!("{prefix}{n:02}"));
                continue;
            }
            _ => numbering = None,
        }
        if let Some(parts) = units.and_then(|u| written_out(w, u)) {
            out.extend(parts);
            continue;
        }
        numbering = words.numbered.iter().find(|(a, _)| *a == w).map(|x| x.1);
        if let Some((_, u)) = words.compact.iter().find(|(a, _)| *a == w) {
            units = Some(u);
        }
        out.push(w.to_string());
    }
    out.join(" ")
}

/// `2p1c` → `2 potato 1 corn` with units `p`, `c`; None when the word is not
/// counts (of at most four digits) each followed by a unit letter.
fn written_out(w: &str, units: &[(char, &str)]) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut num = String::new();
    for ch in w.chars() {
        if ch.is_ascii_digit() {
            if num.len() > 3 {
                return None;
            }
            num.push(ch);
        } else {
            let unit = units.iter().find(|(c, _)| *c == ch)?.1;
            if num.is_empty() {
                return None;
            }
            out.push(std::mem::take(&mut num));
            out.push(unit.to_string());
        }
    }
    (num.is_empty() && !out.is_empty()).then_some(out)
}

/// The one reading route of a game: its words applied (`rewrite`), then its
/// canonical text read exactly (`exact`, which may accept a legal choice the
/// list writes another way, such as the same cards in another order), then
/// the legal commands by unambiguous prefixes (`match_legal`), with the
/// closest ones suggested when nothing fits.
pub fn read<C: Display + Clone>(
    input: &str,
    words: &Vocabulary,
    exact: impl FnOnce(&str) -> Option<C>,
    legal: impl FnOnce() -> Vec<C>,
) -> Result<C, ParseError> {
    let clean = rewrite(input, words);
    if let Some(c) = exact(&clean) {
        return Ok(c);
    }
    let legal = legal();
    match_legal(&clean, &legal).map_err(|mut e| {
        if e.suggestions.is_empty() && !legal.is_empty() {
            e.suggestions = closest(&clean, &legal, 5);
        }
        e
    })
}

/// Characters of an input that suggestions are scored on; a command is shorter.
const SUGGEST_CHARS: usize = 48;

/// The `n` legal commands closest to `input` by edit distance, best first.
pub fn closest<C: Display>(input: &str, legal: &[C], n: usize) -> Vec<String> {
    // Scoring costs the input's length times each command's, for every legal
    // command (thousands in Cuzco): only the input's start is compared, so a
    // mail's cost stays bounded whatever it holds.
    let wanted: String = normalize(input).chars().take(SUGGEST_CHARS).collect();
    let mut scored: Vec<(usize, String)> = legal
        .iter()
        .map(|c| {
            let t = c.to_string();
            let norm = normalize(&t);
            // Compare against a prefix of the same length too, so that a short
            // input is judged by how it starts.
            let cut: String = norm.chars().take(wanted.chars().count().max(1)).collect();
            (
                edit_distance(&wanted, &norm).min(edit_distance(&wanted, &cut) + 1),
                t,
            )
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(n).map(|(_, t)| t).collect()
}

/// A few legal commands as examples for an error message, one per kind
/// (first word), quoted: `'place C4 r2', 'end'`; a message never offers a
/// command the seat cannot play now.
pub fn examples<C: Display>(legal: &[C], n: usize) -> String {
    let mut kinds: Vec<String> = Vec::new();
    let mut out: Vec<String> = Vec::new();
    for c in legal {
        let t = c.to_string();
        let kind = t.split_whitespace().next().unwrap_or("").to_string();
        if !kinds.contains(&kind) {
            kinds.push(kind);
            out.push(format!("'{t}'"));
            if out.len() == n {
                break;
            }
        }
    }
    out.join(", ")
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEGAL: [&str; 4] = ["place palenque", "place yaxchilan", "retrieve p3", "beg"];

    #[test]
    fn exact_prefix_and_ambiguous() {
        assert_eq!(
            match_legal("  PLACE   Palenque. ", &LEGAL).unwrap(),
            "place palenque"
        );
        assert_eq!(match_legal("pl y", &LEGAL).unwrap(), "place yaxchilan");
        let e = match_legal("place", &LEGAL).unwrap_err();
        assert!(
            e.suggestions.contains(&"place palenque".to_string()),
            "{e:?}"
        );
        let e = match_legal("pl", &["place a", "place b"]).unwrap_err();
        assert!(e.message.en.contains("not a legal"));
        let e = match_legal("p", &["pa", "pb"]).unwrap_err();
        assert!(e.message.en.contains("several"));
    }

    #[test]
    fn numbers_and_ids_match_whole() {
        assert_eq!(
            match_legal("take 1", &["take 11"]).unwrap_err().suggestions,
            ["take 11"]
        );
        assert_eq!(
            match_legal("take 1", &["take 1", "take 11"]).unwrap(),
            "take 1"
        );
        assert_eq!(
            match_legal("t 11", &["take 1", "take 11"]).unwrap(),
            "take 11"
        );
        assert!(match_legal("retrieve p", &["retrieve p3"]).is_err());
        assert!(match_legal("retrieve p3", &["retrieve p31"]).is_err());
    }

    const WORDS: Vocabulary = Vocabulary {
        aliases: &[
            ("palenque", "pal"),
            ("팔렝케", "pal"),
            ("w", "worker"),
            ("나무", "wood"),
        ],
        named_numbers: &["pal", "yax"],
        fused_counts: &[("workers", "worker")],
        optional: &["retrieve", "as"],
        ..Vocabulary::NONE
    };

    #[test]
    fn a_vocabulary_makes_the_games_words() {
        assert_eq!(
            WORDS.words("Retrieve 팔렝케 3 나무"),
            ["retrieve", "pal3", "wood"]
        );
        assert_eq!(WORDS.words("palenque3 p2 y 4"), ["pal3", "pal2", "y", "4"]);
        assert_eq!(
            WORDS.words("move 3w 2workers w"),
            ["move", "3", "worker", "2", "worker", "worker"]
        );
        assert_eq!(WORDS.words("3 x9"), ["3", "x9"]);
        assert_eq!(unique_start("p", &["pal", "yax"]), Some("pal"));
        assert_eq!(
            unique_start("temple", &["temple", "temples"]),
            Some("temple")
        );
        assert_eq!(unique_start("t", &["temple", "temples"]), None);
    }

    #[test]
    fn optional_words_may_be_left_out_when_nothing_else_matches() {
        let legal = [
            "retrieve pal3 wood",
            "retrieve pal4 as pal3 wood",
            "do pal3 wood",
        ];
        let read = |s: &str| match_words(&WORDS.words(s), &WORDS, &legal);
        assert_eq!(read("p3 나무").unwrap(), "retrieve pal3 wood");
        assert_eq!(read("pal 3 wo").unwrap(), "retrieve pal3 wood");
        assert_eq!(
            read("pal4 pal3 wood").unwrap(),
            "retrieve pal4 as pal3 wood"
        );
        assert_eq!(
            read("retrieve pal4 pal3 wood").unwrap(),
            "retrieve pal4 as pal3 wood"
        );
        assert_eq!(read("do pal3 wood").unwrap(), "do pal3 wood");
        assert!(read("pal3").is_err());
        assert!(read("wood").is_err());
    }

    #[test]
    fn vocabulary_rewrites_fillers_numbers_and_counts() {
        const WORDS: Vocabulary = Vocabulary {
            aliases: &[("카드", "card")],
            fillers: &[("place", "pay")],
            numbered: &[("card", "g"), ("with", "a")],
            compact: &[("food", &[('p', "potato"), ('c', "corn")])],
            ..Vocabulary::NONE
        };
        assert_eq!(
            rewrite("Place arch s3b2 pay 카드 7 food 2p1c", &WORDS),
            "place arch s3b2 card g07 food 2 potato 1 corn"
        );
        assert_eq!(rewrite("pay yes", &WORDS), "pay yes");
        assert_eq!(
            rewrite("conquer ch 4 with 19 1", &WORDS),
            "conquer ch 4 with a19 a01"
        );
        // Counts are written out only after their word, and only whole.
        assert_eq!(rewrite("take 2p", &WORDS), "take 2p");
        assert_eq!(rewrite("food 2x 1c", &WORDS), "food 2x 1 corn");
        let legal = ["card g07", "pass"];
        assert_eq!(
            read("카드 7", &WORDS, |_| None, || legal.to_vec()).unwrap(),
            "card g07"
        );
        assert_eq!(
            read("pa", &WORDS, |_| None, || legal.to_vec()).unwrap(),
            "pass"
        );
        assert_eq!(
            read("x", &WORDS, |t| Some(t.to_string()), Vec::new).unwrap(),
            "x"
        );
    }

    #[test]
    fn aliases_and_suggestions() {
        let s = replace_aliases("Place 팔렌케", &[("팔렌케", "palenque")]);
        assert_eq!(s, "place palenque");
        assert_eq!(
            closest("retreive p3", &LEGAL, 1),
            vec!["retrieve p3".to_string()]
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
