//! Forgiving command reading shared by all games: normalising input,
//! replacing aliases (short forms, Korean names) and the other words of a
//! game's `Vocabulary`, matching against the legal commands by unambiguous
//! prefixes of words, and suggesting the closest ones.

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

/// A game's words for the shared reader beyond single-word aliases, as
/// data: words a command may carry that add nothing, bare numbers that stand
/// for an id, and counts run together with their kinds. `rewrite` applies
/// them, `read` then matches; a game supplies words, not a matcher.
pub struct Vocabulary {
    /// Alias → canonical word (short forms, Korean), as in `replace_aliases`.
    pub aliases: &'static [(&'static str, &'static str)],
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

    #[test]
    fn vocabulary_rewrites_fillers_numbers_and_counts() {
        const WORDS: Vocabulary = Vocabulary {
            aliases: &[("카드", "card")],
            fillers: &[("place", "pay")],
            numbered: &[("card", "g"), ("with", "a")],
            compact: &[("food", &[('p', "potato"), ('c', "corn")])],
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
