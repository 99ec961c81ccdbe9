//! Player-facing text in both of quipu's languages, English and Korean.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A piece of player-facing text in English and Korean. Games write both;
/// where a text is the same in both (numbers, names), use `Text::same`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub en: String,
    pub ko: String,
}

impl Text {
    pub fn new(en: impl Into<String>, ko: impl Into<String>) -> Text {
        Text {
            en: en.into(),
            ko: ko.into(),
        }
    }

    /// The same text in both languages (numbers, proper names, commands).
    pub fn same(s: impl Into<String>) -> Text {
        let s = s.into();
        Text {
            en: s.clone(),
            ko: s,
        }
    }

    /// The text in the language with this code (`ko` or anything else → English).
    pub fn get(&self, lang: &str) -> &str {
        if lang == "ko" && !self.ko.is_empty() {
            &self.ko
        } else {
            &self.en
        }
    }

    /// Joins two texts language by language.
    pub fn join(parts: &[Text], sep: &str) -> Text {
        Text {
            en: parts
                .iter()
                .map(|t| t.en.as_str())
                .collect::<Vec<_>>()
                .join(sep),
            ko: parts
                .iter()
                .map(|t| t.ko.as_str())
                .collect::<Vec<_>>()
                .join(sep),
        }
    }
}

/// A game's title for players: the English title, and in Korean the title of
/// the Korean rulebook (its cover) for the games quipu knows.
pub fn game_title(name: &str, title_en: &str) -> Text {
    let ko = match name {
        "tzolkin" => "출킨: 마야의 달력",
        "tikal" => "티칼",
        "tawantinsuyu" => "타완틴수유",
        "cuzco" => "쿠스코",
        "tta" => "쓰루 디 에이지스",
        _ => title_en,
    };
    Text::new(title_en, ko)
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::same(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::same(s)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}
