//! A command in the game's own Korean words: each word replaced by a Korean
//! alias the game's vocabulary reads back to the very same word, so a line
//! written for a Korean reader (a listed move, a suggestion, a footer's
//! example) is always read as the command it stands for.

use super::parse::Vocabulary;

/// Whether a word is written in Hangul.
pub fn is_korean(word: &str) -> bool {
    word.chars()
        .any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c) || ('\u{3131}'..='\u{318E}').contains(&c))
}

/// The Korean alias the vocabulary reads as `word` (its first one), also
/// for a numbered name with its number fused (`pal3` → `팔렝케3`).
pub fn korean_alias(words: &Vocabulary, word: &str) -> Option<String> {
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

/// Example commands (a footer's `place <gear>`, `take N`) in Korean words:
/// each command as `korean_command` writes it, placeholders as they are.
pub fn korean_examples(words: &Vocabulary, commands: &[&str], sep: &str) -> String {
    commands
        .iter()
        .map(|c| korean_command(words, c))
        .collect::<Vec<_>>()
        .join(sep)
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

    #[test]
    fn examples_keep_their_placeholders() {
        assert_eq!(
            korean_examples(&WORDS, &["place <gear>", "place pal"], ", "),
            "배치 <gear>, 배치 팔렝케"
        );
    }

    /// Each game's Korean command footer names the commands in the Korean
    /// words the game reads, and each reads back as the English example.
    #[test]
    fn the_games_korean_footers_use_the_words_the_games_read() {
        let wanted = [
            ("tzolkin", "배치 <기어>", "place <gear>"),
            ("tikal", "놓기 C4 r2", "place C4 r2"),
            ("tta", "가져오기 N", "take N"),
        ];
        for (game, ko, en) in wanted {
            let entry = crate::games::find(game).expect("a registered game");
            let table = (entry.new)(2, &crate::engine::Options::default(), 1).expect("a table");
            let footer = crate::engine::Text::join(&table.view(None).footer, " ");
            assert!(footer.ko.contains(ko), "{game}: {}", footer.ko);
            assert!(footer.en.contains(en), "{game}: {}", footer.en);
            let words = table.words();
            let verb = |line: &str| words.words(line.split_whitespace().next().unwrap_or(""));
            assert_eq!(verb(ko), verb(en), "{game}: {ko}");
        }
    }
}
