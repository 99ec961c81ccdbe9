//! Forgiving command reading shared by all games: normalising input,
//! replacing aliases (short forms, Korean names), matching against the legal
//! commands by unambiguous prefixes of words, and suggesting the closest ones.

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
