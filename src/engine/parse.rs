//! The one reading route of every game: a player's line normalised, made
//! the game's words by its [`Vocabulary`] (aliases in both languages,
//! numbered names, counts, fillers, compact counts), read in the game's
//! canonical form (whole words only), else matched against the seat's legal
//! commands (a number, an id or a name whole; a prefix only for words and
//! only when one legal command fits), else refused with the closest legal
//! commands. A game supplies words and its canonical form, not a matcher.

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

/// The words a game gives the reader: how a player's words become the
/// words of the game's commands, in both languages. A game names the
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
    /// The game's action words: a first word that starts no legal command's
    /// word but exactly one of these stands for it in the canonical form, so
    /// that the rules can say why that action is not possible now.
    pub verbs: &'static [&'static str],
    /// The longest line (in characters) read as a command: a longer one is
    /// refused before any comparison, so a mail's cost stays bounded.
    pub longest: usize,
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
        verbs: &[],
        longest: 200,
    };

    /// A player's line in the game's words: normalised, counts split off,
    /// aliases replaced, numbered names joined with their numbers, fillers
    /// dropped, bare numbers made ids, compact counts written out.
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
        if self.fillers.is_empty() && self.numbered.is_empty() && self.compact.is_empty() {
            return out;
        }
        self.written_out(out)
    }

    /// Fillers dropped, numbered ids and compact counts written out.
    fn written_out(&self, all: Vec<String>) -> Vec<String> {
        let first = all.first().cloned().unwrap_or_default();
        let mut out: Vec<String> = Vec::with_capacity(all.len());
        let mut numbering: Option<&str> = None;
        let mut units: Option<&[(char, &str)]> = None;
        for (i, w) in all.into_iter().enumerate() {
            if i > 0 && self.fillers.contains(&(first.as_str(), w.as_str())) {
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
            if let Some(parts) = units.and_then(|u| compact_counts(&w, u)) {
                out.extend(parts);
                continue;
            }
            numbering = self.numbered.iter().find(|(a, _)| *a == w).map(|x| x.1);
            if let Some((_, u)) = self.compact.iter().find(|(a, _)| *a == w) {
                units = Some(u);
            }
            out.push(w);
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

/// `2p1c` → `2 potato 1 corn` with units `p`, `c`; None when the word is not
/// counts (of at most four digits) each followed by a unit letter.
fn compact_counts(w: &str, units: &[(char, &str)]) -> Option<Vec<String>> {
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

/// What a game's canonical reader made of a line's words.
#[derive(Debug)]
pub enum Canonical<C> {
    /// The command the words write, whole (the rules judge it when applied).
    Read(C),
    /// The words have the shape of one of the game's commands but are wrong
    /// in it: what was wrong and what would be right, if no legal command
    /// fits them either.
    Wrong(Text),
    /// Not the game's canonical form: the legal commands decide.
    Other,
}

/// Reads a player's line as a command of the seat: the game's words
/// (`vocabulary`), then its canonical form (`canonical`, whole words only,
/// which may read a command the list writes another way or does not list),
/// then the seat's `legal` commands (built only when needed): exactly, by
/// whole ids and numbers and unambiguous prefixes of words, or with the
/// vocabulary's optional words left out. A first word that is the start of
/// exactly one legal command word is read as that word, and the canonical
/// form is tried again with it. Refusals name the closest legal commands.
pub fn read<C: Display + Clone>(
    input: &str,
    vocabulary: &Vocabulary,
    canonical: impl Fn(&[&str]) -> Canonical<C>,
    legal: impl FnOnce() -> Vec<C>,
) -> Result<C, ParseError> {
    if input.chars().count() > vocabulary.longest
        || input.chars().any(|c| c.is_control() && c != '\t')
    {
        let legal = legal();
        return Err(refused(
            Text::new(
                "That is not one command: too long or with control characters.",
                "명령 하나가 아닙니다: 너무 길거나 제어 문자가 있습니다.",
            ),
            "",
            &legal,
        ));
    }
    let words = vocabulary.words(input);
    let mut view: Vec<&str> = words.iter().map(String::as_str).collect();
    let first_try = if view.is_empty() {
        Canonical::Other
    } else {
        canonical(&view)
    };
    if let Canonical::Read(c) = first_try {
        return Ok(c);
    }
    let legal = legal();
    if view.is_empty() {
        return Err(refused(
            Text::new("The command is empty.", "명령이 비어 있습니다."),
            "",
            &legal,
        ));
    }
    let mut wrong = match first_try {
        Canonical::Wrong(t) => Some(t),
        _ => None,
    };
    let texts: Vec<String> = legal.iter().map(|c| normalize(&c.to_string())).collect();
    let first = match first_word(view[0], &texts) {
        First::None => unique_start(view[0], vocabulary.verbs)
            .filter(|v| *v != view[0])
            .map_or(First::None, First::Stands),
        other => other,
    };
    match first {
        First::Stands(verb) => {
            view[0] = verb;
            match canonical(&view) {
                Canonical::Read(c) => return Ok(c),
                Canonical::Wrong(t) => wrong = Some(t),
                Canonical::Other => {}
            }
        }
        First::Several(kinds) => {
            return Err(ambiguous(input, kinds.iter().map(|&i| &legal[i])));
        }
        First::Itself | First::None => {}
    }
    let written = view.join(" ");
    match match_texts(&view, &texts, vocabulary.optional) {
        Matched::One(i) => Ok(legal[i].clone()),
        Matched::Several(hits) => Err(ambiguous(input, hits.iter().map(|&i| &legal[i]))),
        Matched::None => {
            let message = wrong.unwrap_or_else(|| {
                Text::new(
                    format!("'{}' is not a legal command now.", input.trim()),
                    format!("'{}'은(는) 지금 둘 수 있는 명령이 아닙니다.", input.trim()),
                )
            });
            Err(refused(message, &written, &legal))
        }
    }
}

/// A refusal: the message, the kinds of legal commands as examples, and the
/// closest legal commands to `written`.
fn refused<C: Display>(message: Text, written: &str, legal: &[C]) -> ParseError {
    if legal.is_empty() {
        return ParseError {
            message: Text::new(
                format!("{} You have no decision to make now.", message.en),
                format!("{} 지금은 결정할 것이 없습니다.", message.ko),
            ),
            suggestions: Vec::new(),
        };
    }
    let examples = examples(legal, 4);
    ParseError {
        message: Text::new(
            format!("{} Write e.g. {examples}.", message.en),
            format!("{} 예: {examples}.", message.ko),
        ),
        suggestions: closest(written, legal, 5),
    }
}

/// A refusal of a line that could mean several commands: some of them.
fn ambiguous<'c, C: Display + 'c>(input: &str, hits: impl Iterator<Item = &'c C>) -> ParseError {
    ParseError {
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
        suggestions: hits.take(5).map(ToString::to_string).collect(),
    }
}

/// What a line's first word is among the first words of the legal commands.
enum First<'t> {
    /// One of them.
    Itself,
    /// The start of exactly this one.
    Stands(&'t str),
    /// The start of several: the first command of each.
    Several(Vec<usize>),
    /// Neither (or a word with a digit, which never stands for another).
    None,
}

/// Which legal first word `first` stands for; one pass over the list.
fn first_word<'t>(first: &str, texts: &'t [String]) -> First<'t> {
    if has_digit(first) {
        return First::None;
    }
    let mut kinds: Vec<(usize, &str)> = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let head = t.split(' ').next().unwrap_or_default();
        if head == first {
            return First::Itself;
        }
        if head.starts_with(first) && !kinds.iter().any(|(_, k)| *k == head) {
            kinds.push((i, head));
        }
    }
    match kinds.as_slice() {
        [] => First::None,
        [(_, one)] => First::Stands(one),
        _ => First::Several(kinds.iter().map(|(i, _)| *i).collect()),
    }
}

/// How a line's words met the legal commands' texts.
enum Matched {
    One(usize),
    Several(Vec<usize>),
    None,
}

/// The legal command a line's words write: the exact text; else the only
/// one whose every word the line's word stands for (whole when either holds
/// a digit, else a start of it); else the only one that fits with some of
/// the `optional` words left out (written whole, else by starts).
fn match_texts(words: &[&str], texts: &[String], optional: &[&str]) -> Matched {
    let wanted = words.join(" ");
    if let Some(i) = texts.iter().position(|t| *t == wanted) {
        return Matched::One(i);
    }
    let hits: Vec<usize> = texts
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            t.split(' ').count() == words.len()
                && t.split(' ')
                    .zip(words)
                    .all(|(full, part)| word_matches(full, part))
        })
        .map(|(i, _)| i)
        .collect();
    match hits.len() {
        1 => return Matched::One(hits[0]),
        0 => {}
        _ => return Matched::Several(hits),
    }
    if optional.is_empty() {
        return Matched::None;
    }
    for whole in [true, false] {
        let mut fits = texts.iter().enumerate().filter(|(_, t)| {
            let tw: Vec<&str> = t.split(' ').collect();
            fits_leaving_out(&tw, words, optional, whole)
        });
        match (fits.next(), fits.next()) {
            (Some((i, _)), None) => return Matched::One(i),
            (Some(_), Some(_)) => return Matched::None,
            _ => {}
        }
    }
    Matched::None
}

/// Whether the command's words `full` read as `words` with some of its
/// `optional` words left out; `whole`: every word written out in full.
fn fits_leaving_out(full: &[&str], words: &[&str], optional: &[&str], whole: bool) -> bool {
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

fn has_digit(w: &str) -> bool {
    w.chars().any(|c| c.is_ascii_digit())
}

/// Whether the typed word `part` stands for the legal word `full`: whole
/// when either holds a digit (`take 1` is never `take 11`), else as a prefix.
fn word_matches(full: &str, part: &str) -> bool {
    if has_digit(full) || has_digit(part) {
        full == part
    } else {
        full.starts_with(part)
    }
}

/// Characters of an input that suggestions are scored on; a command is shorter.
const SUGGEST_CHARS: usize = 48;

/// A legal list longer than this is narrowed to one kind before scoring.
const LONG_LIST: usize = 400;

/// The `n` legal commands closest to `input` by edit distance, best first.
pub fn closest<C: Display>(input: &str, legal: &[C], n: usize) -> Vec<String> {
    // Scoring costs the input's length times each command's, for every legal
    // command (thousands in Cuzco): only the input's start is compared, so a
    // mail's cost stays bounded whatever it holds.
    let wanted: String = normalize(input).chars().take(SUGGEST_CHARS).collect();
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    // In a long list only the commands of the same kind (first word) are
    // scored, when there are any: the closest is among them anyway.
    let first = wanted.split(' ').next().unwrap_or_default();
    let same_kind = |t: &&String| t.split(' ').next() == Some(first);
    let pool: Vec<&String> = if texts.len() > LONG_LIST && texts.iter().any(|t| same_kind(&t)) {
        texts.iter().filter(same_kind).collect()
    } else {
        texts.iter().collect()
    };
    let mut scored: Vec<(usize, String)> = pool
        .into_iter()
        .map(|t| {
            let t = t.clone();
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

    /// `input` read against `legal` with no canonical form of a game.
    fn against(
        input: &str,
        words: &Vocabulary,
        legal: &[&'static str],
    ) -> Result<&'static str, ParseError> {
        read(input, words, |_| Canonical::Other, || legal.to_vec())
    }

    fn plain(input: &str, legal: &[&'static str]) -> Result<&'static str, ParseError> {
        against(input, &Vocabulary::NONE, legal)
    }

    #[test]
    fn exact_prefix_and_ambiguous() {
        assert_eq!(
            plain("  PLACE   Palenque. ", &LEGAL).unwrap(),
            "place palenque"
        );
        assert_eq!(plain("pl y", &LEGAL).unwrap(), "place yaxchilan");
        let e = plain("place", &LEGAL).unwrap_err();
        assert!(
            e.suggestions.contains(&"place palenque".to_string()),
            "{e:?}"
        );
        let e = plain("pl", &["place a", "place b"]).unwrap_err();
        assert!(e.message.en.contains("not a legal"));
        let e = plain("p", &["pa", "pb"]).unwrap_err();
        assert!(e.message.en.contains("several"));
        assert_eq!(e.suggestions, ["pa", "pb"]);
        let e = plain("", &LEGAL).unwrap_err();
        assert!(e.message.en.contains("empty"), "{e:?}");
        let e = plain("beg", &[]).unwrap_err();
        assert!(e.message.en.contains("no decision"), "{e:?}");
        assert!(plain(&"~".repeat(5000), &LEGAL).is_err());
        assert!(plain("beg\u{7}", &LEGAL).is_err());
    }

    #[test]
    fn numbers_and_ids_match_whole() {
        assert_eq!(
            plain("take 1", &["take 11"]).unwrap_err().suggestions,
            ["take 11"]
        );
        assert_eq!(plain("take 1", &["take 1", "take 11"]).unwrap(), "take 1");
        assert_eq!(plain("t 11", &["take 1", "take 11"]).unwrap(), "take 11");
        assert!(plain("retrieve p", &["retrieve p3"]).is_err());
        assert!(plain("retrieve p3", &["retrieve p31"]).is_err());
        // A first word with a digit never stands for another.
        assert!(plain("1", &["10", "end"]).is_err());
    }

    #[test]
    fn the_first_word_is_resolved_among_the_legal_commands_for_the_canonical_form() {
        let canonical = |w: &[&str]| match w {
            ["walk", n] => n
                .parse::<u8>()
                .map_or(Canonical::Wrong(Text::new("a count", "수")), |n| {
                    Canonical::Read(format!("walk {n}"))
                }),
            _ => Canonical::Other,
        };
        let legal = || vec!["walk 1".to_string(), "wait".to_string(), "end".to_string()];
        // `walk 7` is not listed, but the canonical form reads it whole.
        assert_eq!(
            read("walk 7", &Vocabulary::NONE, canonical, legal).unwrap(),
            "walk 7"
        );
        assert_eq!(
            read("wal 7", &Vocabulary::NONE, canonical, legal).unwrap(),
            "walk 7"
        );
        // `wa` starts both `walk` and `wait`: refused with both.
        let e = read("wa 7", &Vocabulary::NONE, canonical, legal).unwrap_err();
        assert!(e.message.en.contains("several"), "{e:?}");
        assert_eq!(e.suggestions, ["walk 1", "wait"]);
        let e = read("walk x", &Vocabulary::NONE, canonical, legal).unwrap_err();
        assert!(e.message.en.starts_with("a count"), "{e:?}");
        // Not a legal word: the canonical form is not asked again.
        let no_walk = || vec!["end".to_string()];
        assert!(read("wal 7", &Vocabulary::NONE, canonical, no_walk).is_err());
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
        let read = |s: &str| against(s, &WORDS, &legal);
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
        let rewrite = |s: &str| WORDS.words(s).join(" ");
        assert_eq!(
            rewrite("Place arch s3b2 pay 카드 7 food 2p1c"),
            "place arch s3b2 card g07 food 2 potato 1 corn"
        );
        assert_eq!(rewrite("pay yes"), "pay yes");
        assert_eq!(
            rewrite("conquer ch 4 with 19 1"),
            "conquer ch 4 with a19 a01"
        );
        // Counts are written out only after their word, and only whole.
        assert_eq!(rewrite("take 2p"), "take 2p");
        assert_eq!(rewrite("food 2x 1c"), "food 2x 1 corn");
        let legal = ["card g07", "pass"];
        assert_eq!(against("카드 7", &WORDS, &legal).unwrap(), "card g07");
        assert_eq!(against("pa", &WORDS, &legal).unwrap(), "pass");
        assert_eq!(
            read("x", &WORDS, |w| Canonical::Read(w.join(" ")), Vec::new).unwrap(),
            "x"
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(
            closest("retreive p3", &LEGAL, 1),
            vec!["retrieve p3".to_string()]
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
