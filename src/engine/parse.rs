//! Forgiving command reading shared by all games: normalising input,
//! replacing aliases (short forms, Korean names), matching against the legal
//! commands by unambiguous prefixes, and suggesting the closest ones.

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
/// only command whose every word starts with the corresponding input word.
/// Apply aliases to `input` first.
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
                    .all(|(full, part)| full.starts_with(part))
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

/// The `n` legal commands closest to `input` by edit distance, best first.
pub fn closest<C: Display>(input: &str, legal: &[C], n: usize) -> Vec<String> {
    let wanted = normalize(input);
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
