//! The command language: one decision per command, printed canonically
//! (action word, then the kind, then the card) and read forgivingly, with
//! English and Korean card names and unambiguous prefixes.

use super::data::{CardId, Data};
use crate::engine::{parse, ParseError, Text};
use std::fmt;
use std::sync::Arc;

/// A card as a command names it: its id and its command word.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    pub id: CardId,
    pub word: Arc<str>,
    /// The kind word (`farm`, `lab`, `infantry`) where commands print it.
    pub kind: &'static str,
}

/// What an action card is played on.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    None,
    /// A card: the wonder, the technology to build on or to develop.
    Card(Named),
    /// An upgrade from one technology to another.
    Upgrade(Named, Named),
    /// A revolution to a government (Breakthrough as the first civil action).
    Revolution(Named),
}

/// A decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Take the card in slot 1-13 of the card row.
    Take(u8),
    /// Increase population.
    Grow,
    /// Build a farm, mine, urban building or military unit on a technology.
    Build(Named),
    /// Build the next stage(s) of the wonder under construction.
    Wonder(Named, u8),
    Upgrade(Named, Named),
    /// Destroy a farm, mine or urban building (civil action).
    Destroy(Named),
    /// Disband a military unit (military action).
    Disband(Named),
    Elect(Named),
    /// Develop a technology; for a government, the peaceful change.
    Develop(Named),
    Revolution(Named),
    Play(Named, Target),
    /// Barbarossa: increase population and build a unit with that worker.
    Recruit(Named),
    /// An event choice: produce food.
    ChooseFood,
    ChooseResources,
    /// Take an event's free building or unit.
    ChooseBuild,
    ChooseDecline,
    /// An event's total of food and resources, split (Foray, Raiders).
    ChooseSplit {
        food: u8,
        resources: u8,
    },
    /// No political action this turn (advanced and full games).
    Skip,
    /// Political action: prepare a future event (an event or territory card
    /// from the military hand, seed L2085-2100).
    Event(Named),
    /// Discard a military card down to the hand limit (seed L2032-2048).
    Discard(Named),
    /// A bid in a colonization auction, or none (out for good).
    Bid(u8),
    NoBid,
    /// Send (sacrifice) a unit of this technology.
    Sacrifice(Named),
    /// Play a colonization bonus card from the military hand.
    Bonus(Named),
    /// End the turn (or the round-1 card taking).
    Done,
    /// Resign at the start of the turn (full game, seed L3076-3094).
    Resign,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Take(slot) => write!(f, "take {slot}"),
            Command::Grow => write!(f, "grow"),
            Command::Build(c) => write!(f, "build {} {}", c.kind, c.word),
            Command::Wonder(c, n) if *n > 1 => write!(f, "build wonder {} {n}", c.word),
            Command::Wonder(c, _) => write!(f, "build wonder {}", c.word),
            Command::Upgrade(a, b) => write!(f, "upgrade {} {} {}", a.kind, a.word, b.word),
            Command::Destroy(c) => write!(f, "destroy {} {}", c.kind, c.word),
            Command::Disband(c) => write!(f, "disband {} {}", c.kind, c.word),
            Command::Elect(c) => write!(f, "elect {}", c.word),
            Command::Develop(c) => write!(f, "develop {}", c.word),
            Command::Revolution(c) => write!(f, "revolution {}", c.word),
            Command::Play(c, t) => match t {
                Target::None => write!(f, "play {}", c.word),
                Target::Card(x) => write!(f, "play {} {}", c.word, x.word),
                Target::Upgrade(a, b) => write!(f, "play {} {} {}", c.word, a.word, b.word),
                Target::Revolution(g) => write!(f, "play {} revolution {}", c.word, g.word),
            },
            Command::Recruit(c) => write!(f, "recruit {} {}", c.kind, c.word),
            Command::ChooseFood => write!(f, "choose food"),
            Command::ChooseResources => write!(f, "choose resources"),
            Command::ChooseBuild => write!(f, "choose build"),
            Command::ChooseDecline => write!(f, "choose decline"),
            Command::ChooseSplit { food, resources } => {
                write!(f, "choose food {food} resources {resources}")
            }
            Command::Skip => write!(f, "skip"),
            Command::Event(c) => write!(f, "event {}", c.word),
            Command::Discard(c) => write!(f, "discard {}", c.word),
            Command::Bid(n) => write!(f, "bid {n}"),
            Command::NoBid => write!(f, "bid none"),
            Command::Sacrifice(c) => write!(f, "sacrifice {} {}", c.kind, c.word),
            Command::Bonus(c) => write!(f, "bonus {}", c.word),
            Command::Done => write!(f, "done"),
            Command::Resign => write!(f, "resign"),
        }
    }
}

/// Words players may use for command words, in English and Korean.
const VERB_ALIASES: [(&str, &str); 31] = [
    ("포기", "resign"),
    ("입찰", "bid"),
    ("희생", "sacrifice"),
    ("보너스", "bonus"),
    ("생략", "skip"),
    ("이벤트", "event"),
    ("버리기", "discard"),
    ("end", "done"),
    ("pass", "done"),
    ("끝", "done"),
    ("종료", "done"),
    ("increase", "grow"),
    ("population", "grow"),
    ("인구", "grow"),
    ("가져오기", "take"),
    ("가져오다", "take"),
    ("건설", "build"),
    ("향상", "upgrade"),
    ("해체", "destroy"),
    ("개발", "develop"),
    ("peaceful", "develop"),
    ("혁명", "revolution"),
    ("추대", "elect"),
    ("사용", "play"),
    ("식량", "food"),
    ("자원", "resources"),
    ("거절", "decline"),
    ("선택", "choose"),
    ("문화유산", "wonder"),
    ("농장", "farm"),
    ("광산", "mine"),
];

/// Replaces card names (English with spaces, Korean) by command words, then
/// command-word aliases.
pub fn replace_names(data: &Data, input: &str) -> String {
    let mut text = format!(" {} ", parse::normalize(input));
    let mut names: Vec<(String, &str)> = Vec::new();
    for c in &data.cards {
        names.push((c.raw.name.to_lowercase(), &c.token));
        if let Some(ko) = &c.raw.name_ko {
            names.push((ko.to_lowercase(), &c.token));
        }
    }
    // Longest names first, so that "st. peter's basilica" wins over parts.
    names.sort_by_key(|a| std::cmp::Reverse(a.0.len()));
    for (name, token) in names {
        if name.contains(' ') || !name.is_ascii() {
            let needle = format!(" {name} ");
            while let Some(pos) = text.find(&needle) {
                text.replace_range(pos..pos + needle.len(), &format!(" {token} "));
            }
        }
    }
    parse::replace_aliases(&text, &VERB_ALIASES)
}

/// Reads a command against the legal ones.
pub fn read(data: &Data, input: &str, legal: &[Command]) -> Result<Command, ParseError> {
    if input.chars().count() > 300 {
        return Err(ParseError {
            message: Text::new(
                "The command is too long; write one command such as 'take 3' or 'done'.",
                "명령이 너무 깁니다. 'take 3'이나 'done'처럼 명령 하나를 쓰세요.",
            ),
            suggestions: parse::closest("", legal, 5),
        });
    }
    let text = replace_names(data, input);
    parse::match_legal(&text, legal).map_err(|mut e| {
        if legal.is_empty() {
            e.message = Text::new(
                "You have no decision to make now.",
                "지금은 결정할 것이 없습니다.",
            );
        }
        e
    })
}

/// The command form of a card.
pub fn named(data: &Data, id: CardId) -> Named {
    match data.card(id) {
        Some(c) => Named {
            id,
            word: c.token.clone(),
            kind: c.kind.word(),
        },
        None => Named {
            id,
            word: "?".into(),
            kind: "?",
        },
    }
}
