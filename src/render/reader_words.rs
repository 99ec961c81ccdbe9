//! The moves a mail lists, in the reader's language: a Korean reader sees
//! each command in the Korean words the game reads for it (`배치 운반인
//! s1m3 카드 g33`), and its link sends those words.
//!
//! A word is replaced by a Korean alias only where the game's vocabulary
//! reads the new line back to the very words of the command: the reader is
//! the judge, so a listed move always parses to the command it stands for.

use super::{mailto_with_body, MoveGroup};
use crate::engine::parse::Vocabulary;

/// Whether a word is written in Hangul.
fn is_korean(word: &str) -> bool {
    word.chars()
        .any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c) || ('\u{3131}'..='\u{318E}').contains(&c))
}

/// The Korean alias the vocabulary reads as `word` (its first one), also
/// for a numbered name with its number fused (`pal3` → `팔렝케3`).
fn korean_alias(words: &Vocabulary, word: &str) -> Option<String> {
    let alias = |w: &str| {
        words
            .aliases
            .iter()
            .find(|(a, to)| *to == w && is_korean(a))
            .map(|(a, _)| (*a).to_string())
    };
    if let Some(a) = alias(word) {
        return Some(a);
    }
    let split = word.find(|c: char| c.is_ascii_digit())?;
    let (name, number) = word.split_at(split);
    if name.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    words
        .named_numbers
        .contains(&name)
        .then(|| alias(name).map(|a| format!("{a}{number}")))
        .flatten()
}

/// `command` in the game's Korean words where it has them: each word
/// replaced by its Korean alias when the whole line still reads as the
/// command's words; the command itself when no word can be.
pub fn korean_command(words: &Vocabulary, command: &str) -> String {
    let wanted = words.words(command);
    let mut parts: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    for i in 0..parts.len() {
        let Some(alias) = korean_alias(words, &parts[i]) else {
            continue;
        };
        let kept = std::mem::replace(&mut parts[i], alias);
        if words.words(&parts.join(" ")) != wanted {
            parts[i] = kept;
        }
    }
    parts.join(" ")
}

/// A group title (the words its commands share) in Korean words, word by
/// word: a title is read by the player, never sent.
fn korean_title(words: &Vocabulary, title: &str) -> String {
    title
        .split_whitespace()
        .map(|w| korean_alias(words, w).unwrap_or_else(|| w.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every listed move of `groups` in Korean words, its link sending them.
pub fn in_korean(groups: &mut [MoveGroup], words: &Vocabulary) {
    for g in groups.iter_mut() {
        g.title = korean_title(words, &g.title);
        for m in g.moves.iter_mut() {
            let korean = korean_command(words, &m.command);
            if korean != m.command {
                m.mailto = mailto_with_body(&m.mailto, &korean);
                m.command = korean;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: Vocabulary = Vocabulary {
        aliases: &[
            ("배치", "place"),
            ("place", "place"),
            ("팔렝케", "pal"),
            ("금", "gold"),
            ("금", "coin"),
        ],
        named_numbers: &["pal"],
        ..Vocabulary::NONE
    };

    #[test]
    fn words_with_korean_aliases_are_written_in_korean() {
        assert_eq!(korean_command(&WORDS, "place pal3 gold"), "배치 팔렝케3 금");
        assert_eq!(
            WORDS.words("배치 팔렝케3 금"),
            WORDS.words("place pal3 gold")
        );
    }

    #[test]
    fn a_word_whose_alias_reads_as_another_stays() {
        // `금` reads as `gold` (its first entry), so `coin` keeps its word.
        assert_eq!(korean_command(&WORDS, "place coin 2"), "배치 coin 2");
    }
}
