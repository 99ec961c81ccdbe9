//! The command language: one decision per command, printed canonically
//! (action word, then the kind, then the card) and read forgivingly, with
//! English and Korean card names and unambiguous prefixes.

use super::data::{CardId, Data};
use super::state::Spoil;
use crate::engine::{parse, ParseError};
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
    /// Increase population without a civil action (Ocean Liner Service).
    GrowFree,
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
    /// An event's choice of one of one's cards: the colony given up
    /// (Independence Declaration), the wonder turned face down (Ravages of
    /// Time).
    Choose(Named),
    /// Terrorism: destroy an urban building of a seat (1-4).
    DestroyAt(Named, u8),
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
    /// Put a tactic card from the military hand in play (military action,
    /// seed L2730-2745).
    Tactic(Named),
    /// Political action: an aggression card against a seat (1-4).
    Attack(Named, u8),
    /// The attacker sends no (more) units.
    NoSacrifice,
    /// The defender plays a defence bonus card.
    Defend(Named),
    /// The defender plays nothing (more): the aggression succeeds.
    NoDefence,
    /// Plunder's spoils: food and resources taken.
    Seize(u8, u8),
    /// Annex's spoils: the colony taken.
    Annex(Named),
    /// Political action: offer a pact to a seat (1-4), taking side A
    /// (`true`) or B.
    Pact(Named, u8, bool),
    /// Answers to a pact offered.
    Accept,
    Refuse,
    /// Political action: cancel a pact one takes part in.
    Cancel(Named),
    /// Political action (full game): declare a war on a seat (1-4).
    War(Named, u8),
    /// A lost war's payment (War over Technology): a special technology
    /// handed to the winner at its science cost, or the rest in science.
    Give(Named),
    GiveScience,
    /// Political action: colonize a territory from the military hand with
    /// the leader's ability (Christopher Columbus), no auction, no units.
    Colonize(Named),
    /// End the turn (or the round-1 card taking).
    Done,
    /// End the turn producing one blue token fewer from this mine
    /// (`corruption_variant=on`, seed L2619-2637).
    DoneSpare(Named),
    /// Resign at the start of the turn (full game, seed L3076-3094).
    Resign,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Take(slot) => write!(f, "take {slot}"),
            Command::Grow => write!(f, "grow"),
            Command::GrowFree => write!(f, "grow free"),
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
            Command::Choose(c) => write!(f, "choose {}", c.word),
            Command::DestroyAt(c, seat) => write!(f, "destroy {} {} {seat}", c.kind, c.word),
            Command::Skip => write!(f, "skip"),
            Command::Event(c) => write!(f, "event {}", c.word),
            Command::Discard(c) => write!(f, "discard {}", c.word),
            Command::Bid(n) => write!(f, "bid {n}"),
            Command::NoBid => write!(f, "bid none"),
            Command::Sacrifice(c) => write!(f, "sacrifice {} {}", c.kind, c.word),
            Command::Bonus(c) => write!(f, "bonus {}", c.word),
            Command::Tactic(c) => write!(f, "tactic {}", c.word),
            Command::Attack(c, seat) => write!(f, "attack {} {seat}", c.word),
            Command::NoSacrifice => write!(f, "sacrifice none"),
            Command::Defend(c) => write!(f, "defend {}", c.word),
            Command::NoDefence => write!(f, "defend none"),
            Command::Seize(food, res) => write!(f, "seize {food} food {res} resources"),
            Command::Annex(c) => write!(f, "annex {}", c.word),
            Command::Pact(c, seat, a) => {
                write!(f, "pact {} {seat} {}", c.word, if *a { "a" } else { "b" })
            }
            Command::Accept => write!(f, "accept"),
            Command::Refuse => write!(f, "refuse"),
            Command::Cancel(c) => write!(f, "cancel {}", c.word),
            Command::War(c, seat) => write!(f, "war {} {seat}", c.word),
            Command::Give(c) => write!(f, "give {}", c.word),
            Command::GiveScience => write!(f, "give science"),
            Command::Colonize(c) => write!(f, "colonize {}", c.word),
            Command::Done => write!(f, "done"),
            Command::DoneSpare(c) => write!(f, "done spare {}", c.word),
            Command::Resign => write!(f, "resign"),
        }
    }
}

/// Words players may use for command words, in English and Korean.
const VERB_ALIASES: &[(&str, &str)] = &[
    ("포기", "resign"),
    ("전쟁", "war"),
    ("주기", "give"),
    ("과학", "science"),
    ("조약", "pact"),
    ("수락", "accept"),
    ("거부", "refuse"),
    ("파기", "cancel"),
    ("식민", "colonize"),
    ("전술", "tactic"),
    ("공격", "attack"),
    ("방어", "defend"),
    ("없음", "none"),
    ("빼앗기", "seize"),
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
    ("save", "spare"),
    ("덜", "spare"),
    ("아끼기", "spare"),
    ("increase", "grow"),
    ("population", "grow"),
    ("인구", "grow"),
    ("무료", "free"),
    ("가져오기", "take"),
    ("가져오다", "take"),
    ("건설", "build"),
    ("향상", "upgrade"),
    ("해체", "destroy"),
    ("파괴", "destroy"),
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

/// The words of Through the Ages' commands for the shared reader: the
/// action words in Korean and their other English names. Card names are
/// the game's data (`card_words`).
pub const VOCABULARY: parse::Vocabulary = parse::Vocabulary {
    aliases: VERB_ALIASES,
    // `done spare mine bronze`, `done spare from bronze` read as the
    // canonical `done spare bronze`.
    fillers: &[("done", "mine"), ("done", "from")],
    longest: 300,
    ..parse::Vocabulary::NONE
};

/// Card names written with spaces or in Korean made their command words
/// (`st. peter's basilica` → its one word); the game's name table.
pub fn card_words(data: &Data, input: &str) -> String {
    let mut text = format!(" {} ", parse::normalize(input));
    let mut names: Vec<(String, &str)> = Vec::new();
    for c in &data.cards {
        names.push((c.raw.name.to_lowercase(), &c.token));
        if let Some(ko) = &c.raw.name_ko {
            names.push((ko.to_lowercase(), &c.token));
        }
        // The names of other printings read as the card too.
        for alias in &c.raw.aliases {
            names.push((alias.to_lowercase(), &c.token));
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
    text.trim().to_string()
}

/// Reads a command of the seat through the shared reader, card names first
/// made command words.
pub fn read(
    data: &Data,
    input: &str,
    legal: impl FnOnce() -> Vec<Command>,
) -> Result<Command, ParseError> {
    // A line too long to be a command is left as it is: the reader refuses it.
    let text = if input.chars().count() > VOCABULARY.longest {
        input.to_string()
    } else {
        card_words(data, input)
    };
    parse::read(&text, &VOCABULARY, |_| parse::Canonical::Other, legal)
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

/// The command that takes a spoil of an aggression.
pub fn spoil(data: &Data, spoil: Spoil) -> Command {
    match spoil {
        Spoil::Seize { food, resources } => Command::Seize(food, resources),
        Spoil::Destroy(card) => Command::Destroy(named(data, card)),
        Spoil::Annex(card) => Command::Annex(named(data, card)),
    }
}
