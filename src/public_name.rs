//! Public names: what strangers at a table see instead of an address. A name
//! is 2-20 Latin letters, digits or Hangul syllables, and two names that look
//! alike share one skeleton, so a name cannot pass for another.

use thiserror::Error;

const MIN_CHARS: usize = 2;
const MAX_CHARS: usize = 20;

/// Names nobody may take: they would pass for the service, a bot or a seat.
const RESERVED: &[&str] = &[
    "bot",
    "quipu",
    "admin",
    "operator",
    "player",
    "seat",
    "system",
    "봇",
    "관리자",
    "운영자",
];

/// A checked public name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PublicName(String);

/// Why a name was refused; each says what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("a name is {MIN_CHARS} to {MAX_CHARS} characters long; this one has {0}")]
    Length(usize),
    #[error("a name is made of letters a-z, digits and Hangul; '{0}' is none of these")]
    Character(char),
    #[error("a name needs at least one letter or Hangul syllable, not only digits")]
    OnlyDigits,
    #[error("that name is kept for the service; choose another")]
    Reserved,
}

impl PublicName {
    /// Checks a wished-for name (spaces around it are dropped).
    pub fn parse(wish: &str) -> Result<PublicName, NameError> {
        let name = wish.trim();
        let count = name.chars().count();
        if !(MIN_CHARS..=MAX_CHARS).contains(&count) {
            return Err(NameError::Length(count));
        }
        if let Some(bad) = name.chars().find(|&c| !allowed(c)) {
            return Err(NameError::Character(bad));
        }
        if name.chars().all(|c| c.is_ascii_digit()) {
            return Err(NameError::OnlyDigits);
        }
        let skeleton = skeleton(name);
        if RESERVED.iter().any(|r| skeleton == self::skeleton(r)) {
            return Err(NameError::Reserved);
        }
        Ok(PublicName(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form two names are compared in: names with one skeleton look alike
    /// and only one of them may be taken.
    pub fn skeleton(&self) -> String {
        skeleton(&self.0)
    }
}

impl std::fmt::Display for PublicName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Latin letters, digits and precomposed Hangul syllables only: other scripts
/// hold letters drawn like Latin ones (Cyrillic 'а', Greek 'ο'), and loose
/// jamo can be stacked to look like a syllable.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// Lower case, then the letters and digits that pass for one another in
/// common mail fonts folded together ("0"/"o", "1"/"l"/"i", "rn"/"m", "vv"/"w").
fn skeleton(name: &str) -> String {
    let folded: String = name
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            '0' => 'o',
            '1' | 'i' => 'l',
            '5' => 's',
            c => c,
        })
        .collect();
    folded
        .replace("rn", "m")
        .replace("vv", "w")
        .replace("cl", "d")
}
