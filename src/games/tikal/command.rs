//! Tikal's command language: the decisions as an enum, their canonical text
//! (action word first, then the piece, then the places), its vocabulary in
//! both languages for the shared reader of `engine::parse`, and the reading
//! of its canonical words into a command, listed or not (a walk of several
//! steps; a move the rules then refuse with their reason).

use super::state::{Pos, State};
use crate::engine::parse::{self, Canonical};
use crate::engine::{ParseError, Text};
use std::fmt;

/// Which members a command moves: the leader, or some workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Leader,
    Workers(u8),
    /// The leader and this many workers together (`new leader and 3 workers A7`).
    Both(u8),
}

impl Who {
    pub fn count(self) -> u8 {
        match self {
            Who::Leader => 1,
            Who::Workers(n) => n,
            Who::Both(n) => n.saturating_add(1),
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Leader => f.write_str("leader"),
            Who::Workers(1) => f.write_str("worker"),
            Who::Workers(n) => write!(f, "{n} workers"),
            Who::Both(1) => write!(f, "leader and worker"),
            Who::Both(n) => write!(f, "leader and {n} workers"),
        }
    }
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Place the drawn or chosen hex; `rot` is absent for a volcano.
    Place {
        at: Pos,
        rot: Option<u8>,
    },
    /// Bring members from the supply onto the base camp or an own camp (1 AP each).
    New {
        who: Who,
        at: Pos,
    },
    /// Camp-to-camp transfer through the secret passage (1 AP each).
    Jump {
        who: Who,
        from: Pos,
        to: Pos,
    },
    /// Cross one edge (1 AP per stone per member).
    Move {
        who: Who,
        from: Pos,
        to: Pos,
    },
    /// Several crossings in a row (`move leader A7 B6 C6`), all or nothing; a
    /// convenience the reader accepts, never listed (the single steps are).
    Walk {
        who: Who,
        path: Vec<Pos>,
    },
    /// Uncover 1 or 2 temple levels (2 AP each).
    Dig {
        at: Pos,
        levels: u8,
    },
    /// Recover 1 or 2 treasures (3 AP each).
    Loot {
        at: Pos,
        discs: u8,
    },
    /// Exchange my single treasure of kind `give` for `with`'s single of kind `take` (3 AP); kinds 0-based.
    Swap {
        give: u8,
        take: u8,
        with: u8,
    },
    Camp {
        at: Pos,
    },
    Guard {
        at: Pos,
    },
    End,
    Bid(i32),
    Pass,
    /// The auction winner's choice of a displayed hex, by its id.
    Take(String),
}

/// Seat colours, as players name each other in commands.
pub const COLORS_EN: [&str; 4] = ["red", "blue", "green", "yellow"];
pub const COLORS_KO: [&str; 4] = ["빨강", "파랑", "초록", "노랑"];

/// The seat's colour, in both languages.
pub fn color(seat: usize) -> Text {
    Text::new(
        COLORS_EN.get(seat).copied().unwrap_or("?").to_string(),
        COLORS_KO.get(seat).copied().unwrap_or("?").to_string(),
    )
}

/// The seat's name for mails: its colour, capitalised in English.
pub fn seat_name(seat: usize) -> Text {
    let c = color(seat);
    let mut en = c.en;
    if let Some(first) = en.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    Text::new(en, c.ko)
}

/// The members in Korean, for messages.
pub fn who_ko(who: Who) -> String {
    match who {
        Who::Leader => "리더".to_string(),
        Who::Workers(n) => format!("대원 {n}명"),
        Who::Both(n) => format!("리더와 대원 {n}명"),
    }
}

/// The name of a treasure kind (0-based): K1..K8 (names are printed only, spec gap G3).
pub fn kind_name(k: u8) -> String {
    format!("K{}", k as usize + 1)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Place { at, rot: Some(r) } => write!(f, "place {at} r{r}"),
            Command::Place { at, rot: None } => write!(f, "place {at}"),
            // The commands of nearly every move, written piece by piece.
            Command::New { who, at } => {
                f.write_str("new ")?;
                fmt::Display::fmt(who, f)?;
                f.write_str(" ")?;
                fmt::Display::fmt(at, f)
            }
            Command::Jump { who, from, to } => write!(f, "jump {who} {from} {to}"),
            Command::Move { who, from, to } => {
                f.write_str("move ")?;
                fmt::Display::fmt(who, f)?;
                f.write_str(" ")?;
                fmt::Display::fmt(from, f)?;
                f.write_str(" ")?;
                fmt::Display::fmt(to, f)
            }
            Command::Walk { who, path } => {
                write!(f, "move {who}")?;
                for p in path {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Command::Dig { at, levels: 1 } => write!(f, "dig {at}"),
            Command::Dig { at, levels } => write!(f, "dig {at} {levels}"),
            Command::Loot { at, discs: 1 } => write!(f, "loot {at}"),
            Command::Loot { at, discs } => write!(f, "loot {at} {discs}"),
            Command::Swap { give, take, with } => write!(
                f,
                "swap {} for {} with {}",
                kind_name(*give),
                kind_name(*take),
                COLORS_EN.get(*with as usize).copied().unwrap_or("?")
            ),
            Command::Camp { at } => write!(f, "camp {at}"),
            Command::Guard { at } => write!(f, "guard {at}"),
            Command::End => f.write_str("end"),
            Command::Bid(n) => write!(f, "bid {n}"),
            Command::Pass => write!(f, "pass"),
            Command::Take(id) => write!(f, "take {id}"),
        }
    }
}

/// Words players may write instead of the canonical ones (Korean and short forms).
const ALIASES: &[(&str, &str)] = &[
    ("놓기", "place"),
    ("배치", "place"),
    ("새", "new"),
    ("투입", "new"),
    ("bring", "new"),
    ("이동", "move"),
    ("go", "move"),
    ("비밀통로", "jump"),
    ("transfer", "jump"),
    ("발굴", "dig"),
    ("uncover", "dig"),
    ("획득", "loot"),
    ("recover", "loot"),
    ("교환", "swap"),
    ("exchange", "swap"),
    ("캠프", "camp"),
    ("경비", "guard"),
    ("끝", "end"),
    ("종료", "end"),
    ("done", "end"),
    ("입찰", "bid"),
    ("패스", "pass"),
    ("선택", "take"),
    ("choose", "take"),
    ("리더", "leader"),
    ("대장", "leader"),
    ("탐험대장", "leader"),
    ("l", "leader"),
    ("일꾼", "worker"),
    ("대원", "worker"),
    ("w", "worker"),
    ("workers", "worker"),
    ("베이스", "base"),
    ("bc", "base"),
    ("with", "with"),
    ("및", "and"),
    ("&", "and"),
    ("와", "with"),
    ("for", "for"),
];

const VERBS: [&str; 13] = [
    "place", "new", "jump", "move", "dig", "loot", "swap", "camp", "guard", "end", "bid", "pass",
    "take",
];

/// The words of Tikal's commands for the shared reader: aliases, and
/// counts fused to the members (`3w`, `2workers`, `1l`).
pub const VOCABULARY: parse::Vocabulary = parse::Vocabulary {
    aliases: ALIASES,
    fused_counts: &[("workers", "worker"), ("l", "leader")],
    verbs: &VERBS,
    longest: 120,
    ..parse::Vocabulary::NONE
};

/// Reads a command structurally; `None` when it does not have a command's shape.
fn read(s: &State, words: &[&str]) -> Option<Command> {
    let first = *words.first()?;
    let verb = *VERBS.iter().find(|v| **v == first)?;
    let rest: Vec<&str> = words[1..]
        .iter()
        .copied()
        .filter(|w| *w != "and" && *w != "+")
        .collect();
    match verb {
        "place" => read_place(s, &rest),
        "new" | "move" | "jump" => read_members(s, verb, &rest),
        "dig" | "loot" => {
            let (at, n) = match rest.as_slice() {
                [at] => (pos(s, at)?, 1),
                [at, n] => (pos(s, at)?, small(n)?),
                _ => return None,
            };
            Some(if verb == "dig" {
                Command::Dig { at, levels: n }
            } else {
                Command::Loot { at, discs: n }
            })
        }
        "swap" => read_swap(s, &rest),
        "camp" | "guard" => {
            let [at] = rest.as_slice() else { return None };
            let at = pos(s, at)?;
            Some(if verb == "camp" {
                Command::Camp { at }
            } else {
                Command::Guard { at }
            })
        }
        "end" => rest.is_empty().then_some(Command::End),
        "pass" => rest.is_empty().then_some(Command::Pass),
        "bid" => {
            let [n] = rest.as_slice() else { return None };
            let n: i32 = n.parse().ok().filter(|n| (1..=9999).contains(n))?;
            Some(Command::Bid(n))
        }
        "take" => {
            let [id] = rest.as_slice() else { return None };
            let tile = s
                .data
                .tiles
                .iter()
                .find(|t| t.id.eq_ignore_ascii_case(id))?;
            Some(Command::Take(tile.id.clone()))
        }
        _ => None,
    }
}

/// A place by name, or `base` for the base camp.
fn pos(s: &State, w: &str) -> Option<Pos> {
    if w == "base" {
        return Some(s.pos(s.base()));
    }
    let space = s.data.board.find(w)?;
    Some(s.pos(space))
}

/// A small count (1-99).
fn small(w: &str) -> Option<u8> {
    w.parse::<u8>().ok().filter(|n| (1..=99).contains(n))
}

/// Members then places: `leader A7 B6`, `worker ..`, `3 worker ..`, `3 ..`;
/// the members and how many words they took.
fn who_then(r: &[&str]) -> Option<(Who, usize)> {
    match r {
        ["leader", "worker", ..] | ["worker", "leader", ..] => Some((Who::Both(1), 2)),
        ["leader", n, "worker", ..] | [n, "worker", "leader", ..] if small(n).is_some() => {
            Some((Who::Both(small(n)?), 3))
        }
        ["leader", ..] => Some((Who::Leader, 1)),
        ["worker", ..] => Some((Who::Workers(1), 1)),
        [n, "worker", ..] => Some((Who::Workers(small(n)?), 2)),
        [n, ..] if small(n).is_some() => Some((Who::Workers(small(n)?), 1)),
        _ => None,
    }
}

/// `place C4 r2`, or `place C4` for a volcano.
fn read_place(s: &State, rest: &[&str]) -> Option<Command> {
    match rest {
        [at] => Some(Command::Place {
            at: pos(s, at)?,
            rot: None,
        }),
        [at, r] => {
            let r = r
                .strip_prefix('r')
                .unwrap_or(r)
                .parse::<u8>()
                .ok()
                .filter(|r| *r < 6)?;
            Some(Command::Place {
                at: pos(s, at)?,
                rot: Some(r),
            })
        }
        _ => None,
    }
}

/// `new`, `move` (one step or a path) and `jump`: members, then places.
fn read_members(s: &State, verb: &str, rest: &[&str]) -> Option<Command> {
    match verb {
        "new" => {
            let (who, used) = who_then(rest)?;
            match rest.get(used..)? {
                [at] | ["at", at] => Some(Command::New {
                    who,
                    at: pos(s, at)?,
                }),
                _ => None,
            }
        }
        "move"
            if rest.len() > 3 && who_then(rest).is_some_and(|(_, used)| rest.len() - used > 2) =>
        {
            let (who, used) = who_then(rest)?;
            let path: Option<Vec<Pos>> = rest.get(used..)?.iter().map(|w| pos(s, w)).collect();
            let path = path?;
            (path.len() <= 12).then_some(Command::Walk { who, path })
        }
        _ => {
            let (who, used) = who_then(rest)?;
            let [from, to] = rest.get(used..)? else {
                return None;
            };
            let (from, to) = (pos(s, from)?, pos(s, to)?);
            Some(if verb == "jump" {
                Command::Jump { who, from, to }
            } else {
                Command::Move { who, from, to }
            })
        }
    }
}

/// `swap K1 K2 blue`: give, take, and with whom.
fn read_swap(s: &State, rest: &[&str]) -> Option<Command> {
    let kind = |w: &str| -> Option<u8> {
        let n: u8 = w.strip_prefix('k')?.parse().ok()?;
        (1..=8).contains(&n).then(|| n - 1)
    };
    let seat = |w: &str| -> Option<u8> {
        let i = COLORS_EN
            .iter()
            .position(|c| *c == w)
            .or_else(|| COLORS_KO.iter().position(|c| *c == w))
            .or_else(|| {
                w.strip_prefix('p')
                    .and_then(|n| n.parse::<usize>().ok())
                    .and_then(|n| n.checked_sub(1))
            })?;
        (i < s.players).then_some(i as u8)
    };
    let r: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|w| *w != "for" && *w != "with")
        .collect();
    let [give, take, with] = r.as_slice() else {
        return None;
    };
    Some(Command::Swap {
        give: kind(give)?,
        take: kind(take)?,
        with: seat(with)?,
    })
}

/// Reads a player's command through the shared reader: its words (the
/// vocabulary's) read as a command of the right shape first (the rules
/// judge it when applied), else against the legal commands.
pub fn parse_command(
    s: &State,
    legal: impl FnOnce() -> Vec<Command>,
    input: &str,
) -> Result<Command, ParseError> {
    parse::read(
        input,
        &VOCABULARY,
        |words| read(s, words).map_or(Canonical::Other, Canonical::Read),
        legal,
    )
}
