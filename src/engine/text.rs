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
            en: english_plurals(en.into()),
            ko: korean_particles(ko.into()),
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

/// The particles written for either kind of word before them (`을(를)`,
/// `이(가)`, `은(는)`, `와(과)`, `(으)로`), settled where the word before is
/// Korean or a number, so that "1번 자리이(가)" reads "1번 자리가". After
/// anything else (a command, a quotation mark, a Latin name) both forms stay.
pub fn korean_particles(s: String) -> String {
    const MARKS: [&str; 5] = ["(를)", "(가)", "(는)", "(과)", "(으)로"];
    if !s.contains(')') || !MARKS.iter().any(|m| s.contains(m)) {
        return s;
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(i) = rest.find('(') {
        let (head, tail) = rest.split_at(i);
        let (kept, settled, skip) = settle(head, tail);
        out.push_str(kept);
        match settled {
            Some(p) => out.push_str(p),
            None => out.push('('),
        }
        rest = tail.get(skip..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// English counts written both ways, "3 God card(s)", "1 potato(es)",
/// settled by the number before the word (within three words): "3 God
/// cards", "1 potato". A marker with no number before it stays as written.
fn english_plurals(en: String) -> String {
    if !en.contains("(s)") && !en.contains("(es)") {
        return en;
    }
    let mut out = String::with_capacity(en.len());
    let mut rest = en.as_str();
    while let Some(at) = rest.find("(s)").into_iter().chain(rest.find("(es)")).min() {
        let (head, tail) = rest.split_at(at);
        let marker = if tail.starts_with("(s)") {
            "(s)"
        } else {
            "(es)"
        };
        out.push_str(head);
        let before = out.clone();
        let count = before
            .split_whitespace()
            .rev()
            .take(4)
            .skip(1)
            .find_map(|w| w.trim_start_matches('(').parse::<f64>().ok());
        match count {
            Some(n) if n.abs() == 1.0 => {}
            Some(_) => out.push_str(&marker[1..marker.len() - 1]),
            None => out.push_str(marker),
        }
        rest = &tail[marker.len()..];
    }
    out.push_str(rest);
    out
}

/// At a parenthesis (`tail` starts with it, `head` is what comes before):
/// the part of `head` kept, the particle settled (`None`: the parenthesis
/// stays) and how many bytes of `tail` it replaces.
fn settle<'a>(head: &'a str, tail: &str) -> (&'a str, Option<&'static str>, usize) {
    const PAIRS: [(&str, &str, &str, &str); 4] = [
        ("을", "(를)", "을", "를"),
        ("이", "(가)", "이", "가"),
        ("은", "(는)", "은", "는"),
        ("와", "(과)", "과", "와"),
    ];
    let mut chars = head.chars();
    let last = chars.next_back();
    if tail.starts_with("(으)로") {
        // ㄹ takes 로, as a vowel does.
        let p = match last.and_then(final_consonant) {
            Some(Some(f)) if f != RIEUL => "으로",
            Some(_) => "로",
            None => return (head, None, 1),
        };
        return (head, Some(p), "(으)로".len());
    }
    let pair = PAIRS
        .iter()
        .find(|(first, second, _, _)| head.ends_with(first) && tail.starts_with(second));
    let word_end = chars.next_back().and_then(final_consonant);
    match (pair, word_end) {
        (Some((first, second, with, without)), Some(f)) => (
            &head[..head.len() - first.len()],
            Some(if f.is_some() { with } else { without }),
            second.len(),
        ),
        _ => (head, None, 1),
    }
}

/// The index of ㄹ among a Hangul syllable's final consonants.
const RIEUL: u32 = 8;

/// Whether a word ending in `c` ends in a consonant when read aloud:
/// `Some(Some(index of the final consonant))`, `Some(None)` for a vowel,
/// `None` when it cannot be told (not Korean and not a digit).
fn final_consonant(c: char) -> Option<Option<u32>> {
    let code = u32::from(c);
    if (0xAC00..=0xD7A3).contains(&code) {
        let f = (code - 0xAC00) % 28;
        return Some((f != 0).then_some(f));
    }
    // Digits as read in Korean: 영 일 이 삼 사 오 육 칠 팔 구; a number
    // ending in 0 is read 영, 십, 백, 천 or 만, all with a final consonant.
    match c {
        '0' | '3' | '6' => Some(Some(1)),
        '1' | '7' | '8' => Some(Some(RIEUL)),
        '2' | '4' | '5' | '9' => Some(None),
        _ => None,
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

#[cfg(test)]
mod tests {
    use super::korean_particles as k;

    #[test]
    fn english_counts_agree_with_their_number() {
        let e = |s: &str| super::Text::new(s, "").en;
        assert_eq!(e("draws 1 God card(s)."), "draws 1 God card.");
        assert_eq!(
            e("draws 3 God card(s), 1 potato(es), 2 potato(es)"),
            "draws 3 God cards, 1 potato, 2 potatoes"
        );
        assert_eq!(
            e("(2 civil action(s); strength 4)"),
            "(2 civil actions; strength 4)"
        );
        assert_eq!(e("discarding statue(s)"), "discarding statue(s)");
        assert_eq!(e("wins with -6.75 point(s)."), "wins with -6.75 points.");
        assert_eq!(e("no marker 1 here"), "no marker 1 here");
    }

    #[test]
    fn particles_follow_the_word_before_them() {
        assert_eq!(k("1번 자리이(가) 이깁니다".into()), "1번 자리가 이깁니다");
        assert_eq!(
            k("피라미드을(를) 짓고 농업을(를)".into()),
            "피라미드를 짓고 농업을"
        );
        assert_eq!(k("창은(는) 칼와(과) 방패와(과)".into()), "창은 칼과 방패와");
        assert_eq!(
            k("약탈(으)로 공격, 신전(으)로, 길(으)로".into()),
            "약탈로 공격, 신전으로, 길로"
        );
        assert_eq!(
            k("3이(가) 2이(가) 7(으)로 10을(를)".into()),
            "3이 2가 7로 10을"
        );
    }

    #[test]
    fn after_latin_letters_quotes_or_nothing_both_forms_stay() {
        for s in [
            "'take 1'은(는) 안 됩니다",
            "K-POP이(가)",
            "(으)로 시작",
            "이(가)",
            "(소비 0) 그리고 (최대)",
            "끝(",
        ] {
            assert_eq!(k(s.into()), s);
        }
    }
}
