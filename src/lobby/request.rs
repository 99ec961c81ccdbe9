//! Reading `open GAME N[-M] [option=value ...] [pace=48h] [rated|unrated]
//! [lang=ko|en|any] [fill=bot] [ontime=90]` and `queue GAME N[-M]
//! [pace=48h]`; every refusal says what was wrong and what would be right,
//! in English and Korean.

use crate::engine::{GameInfo, Options, Text};
use crate::games::{self, Entry};
use crate::store::{TableFill, TableLanguage};
use std::collections::BTreeMap;

/// The pace a table plays at unless it says otherwise: a decision every 48 hours.
pub const DEFAULT_PACE_HOURS: u32 = 48;
pub const MIN_PACE_HOURS: u32 = 12;
/// Two weeks per decision at most.
pub const MAX_PACE_HOURS: u32 = 14 * 24;
/// More words than any request needs: the rest is not read.
const MAX_WORDS: usize = 24;

/// How many seats a table or entry wants: `3`, or `2-4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRange {
    pub min: usize,
    pub max: usize,
}

impl SeatRange {
    pub fn contains(&self, n: usize) -> bool {
        (self.min..=self.max).contains(&n)
    }
}

impl std::fmt::Display for SeatRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

/// A checked `open` request.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRequest {
    /// The game's registry name.
    pub game: String,
    pub seats: SeatRange,
    /// The game's own options, each checked against its documented values.
    pub options: Options,
    pub pace_hours: u32,
    pub rated: bool,
    pub lang: TableLanguage,
    /// The on-time record (percent) a player needs to sit.
    pub min_ontime: Option<u8>,
    pub fill: TableFill,
}

/// A checked `queue` request.
#[derive(Clone, Debug, PartialEq)]
pub struct QueueRequest {
    pub game: String,
    pub seats: SeatRange,
    pub pace_hours: u32,
}

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing after the command word.
    NoGame,
    UnknownGame(String),
    NoSeats {
        game: String,
    },
    /// Not `N` or `N-M` with N <= M.
    BadSeats(String),
    SeatsOutside {
        game: String,
        asked: String,
        min: usize,
        max: usize,
    },
    UnknownOption {
        key: String,
        known: Vec<String>,
    },
    BadOptionValue {
        key: String,
        value: String,
        allowed: Vec<String>,
    },
    Twice(String),
    BadPace(String),
    BadLanguage(String),
    BadFill(String),
    BadOntime(String),
    /// The options chosen cannot be played by this many players.
    OptionsNeedOtherSeats {
        count: usize,
        reason: String,
    },
    /// A word that is none of the request's.
    Unread(String),
    /// `queue` takes only a game, seats and a pace.
    NotForQueue(String),
    TooManyWords,
    /// The player already has this many open tables and queue entries.
    TooMany {
        have: usize,
        max: usize,
    },
}

fn cut(s: &str) -> String {
    s.chars().take(30).collect()
}

impl Refusal {
    /// The refusal in both languages: what was wrong, then what would be right.
    pub fn text(&self) -> Text {
        let games = games::registry()
            .iter()
            .map(|e| e.name)
            .collect::<Vec<_>>()
            .join(", ");
        match self {
            Refusal::NoGame => Text::new(
                format!("Which game? Write e.g. 'open tikal 3' or 'queue tzolkin 2'; games: {games}."),
                format!("어떤 게임인가요? 예: 'open tikal 3' 또는 'queue tzolkin 2'. 게임: {games}."),
            ),
            Refusal::UnknownGame(g) => Text::new(
                format!("There is no game '{}'. The games are: {games}.", cut(g)),
                format!("'{}' 게임은 없습니다. 게임: {games}.", cut(g)),
            ),
            Refusal::NoSeats { game } => Text::new(
                format!("How many players? Write e.g. '{game} 3' or '{game} 2-4'."),
                format!("몇 명인가요? 예: '{game} 3' 또는 '{game} 2-4'."),
            ),
            Refusal::BadSeats(s) => Text::new(
                format!("'{}' is not a player count: write a number like 3, or a range like 2-4.", cut(s)),
                format!("'{}'은(는) 인원수가 아닙니다. 3처럼 숫자나 2-4처럼 범위를 쓰세요.", cut(s)),
            ),
            Refusal::SeatsOutside { game, asked, min, max } => Text::new(
                format!("{game} is played by {min} to {max} players, not {asked}."),
                format!("{game}은(는) {min}~{max}명이 합니다. {asked}명은 안 됩니다."),
            ),
            Refusal::UnknownOption { key, known } => {
                let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                Text::new(
                    format!("This game has no option '{}'; its options are: {known}.", cut(key)),
                    format!("이 게임에는 '{}' 옵션이 없습니다. 옵션: {known}.", cut(key)),
                )
            }
            Refusal::BadOptionValue { key, value, allowed } => Text::new(
                format!("{key}={} is not allowed; choose {key}= one of {}.", cut(value), allowed.join(", ")),
                format!("{key}={}은(는) 쓸 수 없습니다. {key}= 값은 {} 중 하나입니다.", cut(value), allowed.join(", ")),
            ),
            Refusal::Twice(k) => Text::new(
                format!("'{}' is given twice; give it once.", cut(k)),
                format!("'{}'이(가) 두 번 있습니다. 한 번만 쓰세요.", cut(k)),
            ),
            Refusal::BadPace(p) => Text::new(
                format!("pace={} is not a pace: write hours or days between {MIN_PACE_HOURS}h and {}d, e.g. pace=48h or pace=3d.", cut(p), MAX_PACE_HOURS / 24),
                format!("pace={}은(는) 쓸 수 없습니다. {MIN_PACE_HOURS}h에서 {}d 사이로 쓰세요. 예: pace=48h, pace=3d.", cut(p), MAX_PACE_HOURS / 24),
            ),
            Refusal::BadLanguage(l) => Text::new(
                format!("lang={} is not a choice: write lang=ko, lang=en or lang=any.", cut(l)),
                format!("lang={}은(는) 고를 수 없습니다. lang=ko, lang=en, lang=any 중 하나를 쓰세요.", cut(l)),
            ),
            Refusal::BadFill(f) => Text::new(
                format!("fill={} is not a choice: write fill=bot to let bots take empty seats after 48 hours.", cut(f)),
                format!("fill={}은(는) 고를 수 없습니다. 48시간 뒤 빈자리를 봇이 채우게 하려면 fill=bot을 쓰세요.", cut(f)),
            ),
            Refusal::BadOntime(o) => Text::new(
                format!("ontime={} is not a record: write a percentage from 1 to 100, e.g. ontime=90.", cut(o)),
                format!("ontime={}은(는) 쓸 수 없습니다. 1에서 100 사이의 백분율을 쓰세요. 예: ontime=90.", cut(o)),
            ),
            Refusal::OptionsNeedOtherSeats { count, reason } => Text::new(
                format!("These options cannot be played by {count} players ({}); change the options or the player count.", reason.chars().take(120).collect::<String>()),
                format!("이 옵션으로는 {count}명이 할 수 없습니다({}). 옵션이나 인원수를 바꾸세요.", reason.chars().take(120).collect::<String>()),
            ),
            Refusal::Unread(w) => Text::new(
                format!("'{}' was not understood. After the game and player count come option=value, pace=48h, rated or unrated, lang=ko|en|any, fill=bot, ontime=90.", cut(w)),
                format!("'{}'을(를) 알아듣지 못했습니다. 게임과 인원수 다음에는 option=value, pace=48h, rated 또는 unrated, lang=ko|en|any, fill=bot, ontime=90을 쓸 수 있습니다.", cut(w)),
            ),
            Refusal::NotForQueue(w) => Text::new(
                format!("'{}' cannot be asked of a queue: write 'queue GAME N' or 'queue GAME N-M pace=48h'; for more choices open a table with 'open'.", cut(w)),
                format!("'{}'은(는) 대기열에 쓸 수 없습니다. 'queue 게임 N' 또는 'queue 게임 N-M pace=48h'로 쓰고, 더 고르려면 'open'으로 테이블을 여세요.", cut(w)),
            ),
            Refusal::TooManyWords => Text::new(
                format!("That request is too long: at most {MAX_WORDS} words."),
                format!("요청이 너무 깁니다. {MAX_WORDS}단어까지 쓸 수 있습니다."),
            ),
            Refusal::TooMany { have, max } => Text::new(
                format!("You already have {have} open tables and queue entries; {max} at most. Leave one first ('leave N' or 'leave queue')."),
                format!("이미 열린 테이블과 대기가 {have}개 있습니다. 최대 {max}개입니다. 먼저 하나를 그만두세요('leave N' 또는 'leave queue')."),
            ),
        }
    }
}

/// The game and seat range every request starts with.
fn game_and_seats<'a>(
    words: &'a [&'a str],
) -> Result<(Entry, GameInfo, SeatRange, &'a [&'a str]), Refusal> {
    let Some((&name, rest)) = words.split_first() else {
        return Err(Refusal::NoGame);
    };
    let entry = games::find(name).ok_or_else(|| Refusal::UnknownGame(name.to_string()))?;
    let info = (entry.info)();
    // A table is for two or more: a solo game needs no lobby.
    let min_players = info.min_players.max(2);
    let Some((&count, rest)) = rest.split_first() else {
        return Err(Refusal::NoSeats {
            game: info.name.to_string(),
        });
    };
    let seats = seat_range(count)?;
    if seats.min < min_players || seats.max > info.max_players {
        return Err(Refusal::SeatsOutside {
            game: info.name.to_string(),
            asked: seats.to_string(),
            min: min_players,
            max: info.max_players,
        });
    }
    Ok((entry, info, seats, rest))
}

fn seat_range(word: &str) -> Result<SeatRange, Refusal> {
    let number = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.chars().all(|c| c.is_ascii_digit()))
            .then(|| s.parse::<usize>().ok())
            .flatten()
    };
    let (lo, hi) = word.split_once('-').unwrap_or((word, word));
    match (number(lo), number(hi)) {
        (Some(min), Some(max)) if min <= max => Ok(SeatRange { min, max }),
        _ => Err(Refusal::BadSeats(word.to_string())),
    }
}

/// `48h`, `2d` or a bare number of hours, within the bounds.
fn pace(value: &str) -> Result<u32, Refusal> {
    let bad = || Refusal::BadPace(value.to_string());
    let v = value.to_ascii_lowercase();
    let (digits, unit) = match v.strip_suffix('d') {
        Some(d) => (d, 24),
        None => (v.strip_suffix('h').unwrap_or(&v), 1),
    };
    if digits.is_empty() || digits.len() > 4 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let hours = digits.parse::<u32>().map_err(|_| bad())? * unit;
    if (MIN_PACE_HOURS..=MAX_PACE_HOURS).contains(&hours) {
        Ok(hours)
    } else {
        Err(bad())
    }
}

fn ontime(value: &str) -> Result<u8, Refusal> {
    let v = value.strip_suffix('%').unwrap_or(value);
    v.parse::<u8>()
        .ok()
        .filter(|p| (1..=100).contains(p) && v.len() <= 3)
        .ok_or_else(|| Refusal::BadOntime(value.to_string()))
}

/// Reads the words after `open`.
pub fn parse_open(words: &[&str]) -> Result<TableRequest, Refusal> {
    if words.len() > MAX_WORDS {
        return Err(Refusal::TooManyWords);
    }
    let (entry, info, seats, rest) = game_and_seats(words)?;
    let mut req = TableRequest {
        game: info.name.to_string(),
        seats,
        options: Options::default(),
        pace_hours: DEFAULT_PACE_HOURS,
        rated: true,
        lang: TableLanguage::Any,
        min_ontime: None,
        fill: TableFill::People,
    };
    let mut given: BTreeMap<String, ()> = BTreeMap::new();
    for &word in rest {
        let lower = word.to_lowercase();
        let key = match lower.split_once('=') {
            Some((k, _)) => k.to_string(),
            None if lower == "rated" || lower == "unrated" => "rated".to_string(),
            None => return Err(Refusal::Unread(word.to_string())),
        };
        if given.insert(key.clone(), ()).is_some() {
            return Err(Refusal::Twice(key));
        }
        let value = lower.split_once('=').map(|(_, v)| v).unwrap_or(&lower);
        match key.as_str() {
            "rated" => req.rated = lower == "rated",
            "pace" => req.pace_hours = pace(value)?,
            "lang" => {
                req.lang = TableLanguage::from_word(value)
                    .ok_or_else(|| Refusal::BadLanguage(value.to_string()))?
            }
            "fill" => {
                req.fill = (value == "bot")
                    .then_some(TableFill::Bot)
                    .ok_or_else(|| Refusal::BadFill(value.to_string()))?
            }
            "ontime" => req.min_ontime = Some(ontime(value)?),
            _ => game_option(&info, &key, value, &mut req.options)?,
        }
    }
    // Some options fit only some counts (Mini-Tikal is for two): every
    // count the table may start with must set up.
    for count in seats.min..=seats.max {
        if let Err(e) = (entry.new)(count, &req.options, 1) {
            return Err(Refusal::OptionsNeedOtherSeats {
                count,
                reason: e.to_string(),
            });
        }
    }
    Ok(req)
}

/// One of the game's own options, checked against what it documents.
fn game_option(
    info: &GameInfo,
    key: &str,
    value: &str,
    options: &mut Options,
) -> Result<(), Refusal> {
    let Some(doc) = info.options.iter().find(|d| d.key == key) else {
        return Err(Refusal::UnknownOption {
            key: key.to_string(),
            known: info.options.iter().map(|d| d.key.to_string()).collect(),
        });
    };
    // Free-text options name files or numbers for the operator; from mail
    // only options with a fixed list of values are taken.
    if doc.values.is_empty() || !doc.values.contains(&value) {
        return Err(Refusal::BadOptionValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: doc.values.iter().map(|v| v.to_string()).collect(),
        });
    }
    options.0.insert(key.to_string(), value.to_string());
    Ok(())
}

/// Reads the words after `queue` (at least a game and a count; `queue`
/// alone, which lists the player's entries, is the service's to see).
pub fn parse_queue(words: &[&str]) -> Result<QueueRequest, Refusal> {
    if words.len() > MAX_WORDS {
        return Err(Refusal::TooManyWords);
    }
    let (_, info, seats, rest) = game_and_seats(words)?;
    let mut req = QueueRequest {
        game: info.name.to_string(),
        seats,
        pace_hours: DEFAULT_PACE_HOURS,
    };
    let mut paced = false;
    for &word in rest {
        let lower = word.to_lowercase();
        match lower.split_once('=') {
            Some(("pace", v)) if !paced => {
                req.pace_hours = pace(v)?;
                paced = true;
            }
            Some(("pace", _)) => return Err(Refusal::Twice("pace".into())),
            _ => return Err(Refusal::NotForQueue(word.to_string())),
        }
    }
    Ok(req)
}
