//! The command language: one decision per command, its canonical text
//! (`Display`), its vocabulary in both languages (short forms, Korean names,
//! numbered gear spaces, the words a player may leave out) for the shared
//! reader of `engine::parse`, and the canonical forms that are never listed
//! (several placements at once, trades with a count).

use super::data::{CHI, GEARS, PAL, TIK, UXM, YAX};
use crate::engine::parse::{self, Canonical};
use crate::engine::ParseError;
use std::fmt;

pub const GEAR_IDS: [&str; 5] = ["pal", "yax", "tik", "uxm", "chi"];
pub const TEMPLE_IDS: [&str; 3] = ["chaac", "quetz", "kukul"];
pub const TECH_IDS: [&str; 4] = ["agri", "res", "arch", "theo"];
pub const RES_IDS: [&str; 3] = ["wood", "stone", "gold"];
/// The placement target after the five gears: the starting player space.
pub const START: u8 = 5;

/// A component identifier (tile, building, monument) kept inline so that
/// commands are `Copy` and legal lists allocate once.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Id {
    bytes: [u8; 8],
    len: u8,
}

impl Id {
    pub fn new(s: &str) -> Id {
        let mut bytes = [0u8; 8];
        let mut len = 0;
        for (i, b) in s.bytes().take(8).enumerate() {
            bytes[i] = b.to_ascii_lowercase();
            len = i + 1;
        }
        Id {
            bytes,
            len: len as u8,
        }
    }
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.bytes.get(..self.len as usize).unwrap_or(&[])).unwrap_or("")
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a jungle action is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Plain,
    Corn,
    Wood,
    /// Burn the forest, angering the gods of this temple.
    Burn(u8),
}

/// An action of a gear: which gear, which numbered action, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Act {
    pub gear: u8,
    pub n: u8,
    pub mode: Mode,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            GEAR_IDS.get(self.gear as usize).unwrap_or(&"?"),
            self.n
        )?;
        write_mode(f, self.mode)
    }
}

fn write_mode(f: &mut fmt::Formatter<'_>, mode: Mode) -> fmt::Result {
    match mode {
        Mode::Plain => Ok(()),
        Mode::Corn => f.write_str(" corn"),
        Mode::Wood => f.write_str(" wood"),
        Mode::Burn(t) => write!(f, " burn {}", TEMPLE_IDS.get(t as usize).unwrap_or(&"?")),
    }
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Setup: keep two of the four dealt starting wealth tiles.
    Keep([u8; 2], [Id; 2]),
    /// Beg for corn, angering the gods of this temple.
    Beg(u8),
    /// Place workers on these targets in order (gears 0-4, START).
    Place {
        targets: [u8; 6],
        n: u8,
    },
    /// The gods' pity: pay all corn, place exactly one worker.
    Pity(u8),
    /// Retrieve the worker on `gear` space `pos`, doing `act` (or nothing).
    Retrieve {
        gear: u8,
        pos: u8,
        act: Option<Act>,
    },
    End,
    /// The starting-space worker's owner advances the calendar 1 or 2 days.
    Advance(u8),
    /// Advance a tech, paying these wood/stone/gold (all zero when free).
    Tech {
        tech: u8,
        pay: [u8; 3],
    },
    /// Build a building; `save` = the resource Architecture spares;
    /// `arch` = with Architecture's benefits.
    Build {
        b: u8,
        id: Id,
        save: Option<u8>,
        arch: bool,
    },
    Monument {
        m: u8,
        id: Id,
    },
    Temple(u8),
    Temples {
        a: u8,
        b: u8,
        pay: u8,
    },
    Gain([u8; 3]),
    Offer {
        res: u8,
        temple: u8,
    },
    Trade {
        buy: bool,
        res: u8,
        n: u8,
    },
    Done,
    Do(Act),
    Skip,
}

fn write_pay(f: &mut fmt::Formatter<'_>, pay: &[u8; 3]) -> fmt::Result {
    for (r, &k) in pay.iter().enumerate() {
        for _ in 0..k {
            write!(f, " {}", RES_IDS[r])?;
        }
    }
    Ok(())
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |i: u8| TEMPLE_IDS.get(i as usize).copied().unwrap_or("?");
        let r = |i: u8| RES_IDS.get(i as usize).copied().unwrap_or("?");
        match self {
            Command::Keep(_, ids) => write!(f, "keep {} {}", ids[0], ids[1]),
            Command::Beg(x) => write!(f, "beg {}", t(*x)),
            Command::Place { targets, n } => {
                f.write_str("place")?;
                for &g in targets.iter().take(*n as usize) {
                    write!(f, " {}", target_name(g))?;
                }
                Ok(())
            }
            Command::Pity(g) => write!(f, "place {} pity", target_name(*g)),
            Command::Retrieve { gear, pos, act } => {
                write!(
                    f,
                    "retrieve {}{}",
                    GEAR_IDS.get(*gear as usize).unwrap_or(&"?"),
                    pos
                )?;
                match act {
                    None => f.write_str(" none"),
                    Some(a) if a.gear == *gear && a.n == *pos => write_mode(f, a.mode),
                    Some(a) => write!(f, " as {a}"),
                }
            }
            Command::End => f.write_str("end"),
            Command::Advance(k) => write!(f, "advance {k}"),
            Command::Tech { tech, pay } => {
                write!(f, "tech {}", TECH_IDS.get(*tech as usize).unwrap_or(&"?"))?;
                if pay.iter().any(|&k| k > 0) {
                    f.write_str(" pay")?;
                    write_pay(f, pay)?;
                }
                Ok(())
            }
            Command::Build { id, save, arch, .. } => {
                write!(f, "build {id}")?;
                if let Some(s) = save {
                    write!(f, " save {}", r(*s))?;
                }
                if !arch {
                    f.write_str(" plain")?;
                }
                Ok(())
            }
            Command::Monument { id, .. } => write!(f, "monument {id}"),
            Command::Temple(x) => write!(f, "temple {}", t(*x)),
            Command::Temples { a, b, pay } => {
                write!(f, "temples {} {} pay {}", t(*a), t(*b), r(*pay))
            }
            Command::Gain(g) => {
                f.write_str("gain")?;
                write_pay(f, g)
            }
            Command::Offer { res, temple } => write!(f, "offer {} {}", r(*res), t(*temple)),
            Command::Trade { buy, res, n } => {
                write!(f, "{} {}", if *buy { "buy" } else { "sell" }, r(*res))?;
                if *n > 1 {
                    write!(f, " {n}")?;
                }
                Ok(())
            }
            Command::Done => f.write_str("done"),
            Command::Do(a) => write!(f, "do {a}"),
            Command::Skip => f.write_str("skip"),
        }
    }
}

pub fn target_name(g: u8) -> &'static str {
    if g == START {
        "start"
    } else {
        GEAR_IDS.get(g as usize).copied().unwrap_or("?")
    }
}

/// Alternative words (English long names, Korean names, spellings) → canonical word.
const ALIASES: &[(&str, &str)] = &[
    ("palenque", "pal"),
    ("팔렝케", "pal"),
    ("팔렌케", "pal"),
    ("팔레케", "pal"),
    ("팔랭케", "pal"),
    ("팔렛케", "pal"),
    ("팔행케", "pal"),
    ("팔랑케", "pal"),
    ("yaxchilan", "yax"),
    ("야슈칠란", "yax"),
    ("약스칠란", "yax"),
    ("tikal", "tik"),
    ("티칼", "tik"),
    ("uxmal", "uxm"),
    ("우슈말", "uxm"),
    ("chichen", "chi"),
    ("chichenitza", "chi"),
    ("치첸이차", "chi"),
    ("치첸", "chi"),
    ("시작", "start"),
    ("선", "start"),
    ("chac", "chaac"),
    ("차크", "chaac"),
    ("갈색", "chaac"),
    ("brown", "chaac"),
    ("quetzalcoatl", "quetz"),
    ("quetzal", "quetz"),
    ("케찰", "quetz"),
    ("쿠쿨", "kukul"),
    ("케찰코아틀", "quetz"),
    ("노란색", "quetz"),
    ("yellow", "quetz"),
    ("kukulcan", "kukul"),
    ("쿠쿨칸", "kukul"),
    ("녹색", "kukul"),
    ("green", "kukul"),
    ("agriculture", "agri"),
    ("농업", "agri"),
    ("resources", "res"),
    ("resource", "res"),
    ("자원", "res"),
    ("architecture", "arch"),
    ("건축", "arch"),
    ("theology", "theo"),
    ("신학", "theo"),
    ("옥수수", "corn"),
    ("나무", "wood"),
    ("돌", "stone"),
    ("금", "gold"),
    ("배치", "place"),
    ("회수", "retrieve"),
    ("take", "retrieve"),
    ("구걸", "beg"),
    ("끝", "end"),
    ("done", "done"),
    ("완료", "done"),
    ("pass", "skip"),
    ("건설", "build"),
    ("기념비", "monument"),
    ("기술", "tech"),
    ("신전", "temple"),
    ("전진", "advance"),
    ("선택", "keep"),
    ("태우기", "burn"),
    ("판매", "sell"),
    ("구매", "buy"),
];

/// The words of Tzolk'in's commands for the shared reader: aliases, gear
/// spaces with their numbers (`팔렝케3`, `palenque 3`, `p3` → `pal3`), and
/// the words a player may leave out (`p3 wood` for `retrieve pal3 wood`,
/// `retrieve pal4 pal3 wood` for `retrieve pal4 as pal3 wood`).
pub const VOCABULARY: parse::Vocabulary = parse::Vocabulary {
    aliases: ALIASES,
    named_numbers: &GEAR_IDS,
    optional: &["retrieve", "as"],
    ..parse::Vocabulary::NONE
};

/// Reads `text` as a command of the seat through the shared reader, with
/// the canonical forms that stand for one decision but are never listed
/// (several placements at once, a count of trades).
pub fn read(text: &str, legal: impl FnOnce() -> Vec<Command>) -> Result<Command, ParseError> {
    parse::read(text, &VOCABULARY, written_out, legal)
}

/// Several placements in one command (`place pal pal yax`), and trades with
/// a count (`sell wood 3`); the rules judge them when applied.
fn written_out(words: &[&str]) -> Canonical<Command> {
    read_written_out(words).map_or(Canonical::Other, Canonical::Read)
}

fn read_written_out(words: &[&str]) -> Option<Command> {
    let verb = *words.first()?;
    const TARGETS: [&str; 6] = ["pal", "yax", "tik", "uxm", "chi", "start"];
    if verb == "place" && words.len() >= 3 && words.len() <= 7 {
        let mut targets = [0u8; 6];
        for (i, w) in words.iter().skip(1).enumerate() {
            let name = parse::unique_start(w, &TARGETS)?;
            *targets.get_mut(i)? = TARGETS.iter().position(|t| *t == name)? as u8;
        }
        return Some(Command::Place {
            targets,
            n: (words.len() - 1) as u8,
        });
    }
    if (verb == "sell" || verb == "buy") && words.len() == 3 {
        let name = parse::unique_start(words[1], &RES_IDS)?;
        let res = RES_IDS.iter().position(|r| *r == name)? as u8;
        let n: u8 = words[2]
            .parse()
            .ok()
            .filter(|&n: &u8| (1..=60).contains(&n))?;
        return Some(Command::Trade {
            buy: verb == "buy",
            res,
            n,
        });
    }
    None
}

/// Gear index constants re-exported for the rules.
pub const ALL_GEARS: [usize; GEARS] = [PAL, YAX, TIK, UXM, CHI];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_made_canonical() {
        assert_eq!(
            VOCABULARY.words("Retrieve 팔렝케 3 나무"),
            vec!["retrieve", "pal3", "wood"]
        );
        assert_eq!(
            VOCABULARY.words("place Palenque palenque YAXCHILAN"),
            vec!["place", "pal", "pal", "yax"]
        );
        assert_eq!(VOCABULARY.words("치첸이차7"), vec!["chi7"]);
    }

    #[test]
    fn commands_print_canonically() {
        let c = Command::Retrieve {
            gear: 0,
            pos: 4,
            act: Some(Act {
                gear: 0,
                n: 3,
                mode: Mode::Burn(1),
            }),
        };
        assert_eq!(c.to_string(), "retrieve pal4 as pal3 burn quetz");
        assert_eq!(
            Command::Tech {
                tech: 2,
                pay: [1, 0, 2]
            }
            .to_string(),
            "tech arch pay wood gold gold"
        );
        assert_eq!(
            Command::Place {
                targets: [0, 0, 5, 0, 0, 0],
                n: 3
            }
            .to_string(),
            "place pal pal start"
        );
    }

    #[test]
    fn short_and_written_out_forms_are_read() {
        let legal = vec![
            Command::Place {
                targets: [0; 6],
                n: 1,
            },
            Command::Place {
                targets: [1, 0, 0, 0, 0, 0],
                n: 1,
            },
            Command::Retrieve {
                gear: 0,
                pos: 3,
                act: Some(Act {
                    gear: 0,
                    n: 3,
                    mode: Mode::Wood,
                }),
            },
            Command::Retrieve {
                gear: 0,
                pos: 3,
                act: None,
            },
        ];
        let read = |t: &str| read(t, || legal.clone());
        assert_eq!(read("p3 wood").unwrap(), legal[2]);
        assert_eq!(read("retrieve palenque 3 나무").unwrap(), legal[2]);
        assert_eq!(
            read("pl pal pal yax").unwrap(),
            Command::Place {
                targets: [0, 0, 1, 0, 0, 0],
                n: 3
            }
        );
        assert!(read("~".repeat(5000).as_str()).is_err());
        assert!(read("").is_err());
    }
}
