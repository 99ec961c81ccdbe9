//! The moves a mail lists, in the reader's language: a Korean reader sees
//! each command in the Korean words the game reads for it (`배치 운반인
//! s1m3 카드 g33`), and its link sends those words.
//!
//! A word is replaced by a Korean alias only where the game's vocabulary
//! reads the new line back to the very words of the command: the reader is
//! the judge, so a listed move always parses to the command it stands for.

use super::{mailto_with_body, MoveGroup};
use crate::engine::korean::korean_alias;
/// Kept here for the callers that list moves.
pub use crate::engine::korean::korean_command;
use crate::engine::parse::Vocabulary;

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
