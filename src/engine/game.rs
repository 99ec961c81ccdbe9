//! The `Game` trait every game implements, typed per game, and the small
//! types it speaks in: seats, options, events, outcomes and errors.

use super::{Rng, Text, Told, View};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::{Debug, Display};
use thiserror::Error;

/// A seat at the table, numbered from 0 in seating order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub usize);

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// Game options as given at creation (`--option key=value`). Each game
/// documents its keys in `GameInfo::options` and rejects unknown ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options(pub BTreeMap<String, String>);

impl Options {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// The value of `key`, or `default` when it is not set.
    pub fn get_or<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.get(key).unwrap_or(default)
    }

    /// Parses `key=value` pairs.
    pub fn parse_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Options, SetupError> {
        let mut map = BTreeMap::new();
        for p in pairs {
            let p = p.as_ref();
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| SetupError::BadOption(format!("'{p}' is not KEY=VALUE")))?;
            map.insert(k.trim().to_lowercase(), v.trim().to_string());
        }
        Ok(Options(map))
    }

    /// Refuses keys the game does not document, naming the ones it does.
    pub fn check_known(&self, docs: &[OptionDoc]) -> Result<(), SetupError> {
        for (k, v) in &self.0 {
            match docs.iter().find(|d| d.key == k) {
                None => {
                    let known: Vec<&str> = docs.iter().map(|d| d.key).collect();
                    return Err(SetupError::BadOption(format!(
                        "unknown option '{k}'; this game knows: {}",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )));
                }
                Some(d) if !d.values.is_empty() && !d.values.contains(&v.as_str()) => {
                    return Err(SetupError::BadOption(format!(
                        "option {k}={v} is not allowed; choose one of {}",
                        d.values.join(", ")
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// One documented option of a game.
#[derive(Clone, Debug)]
pub struct OptionDoc {
    pub key: &'static str,
    /// Allowed values; empty means free text (a path, a number).
    pub values: &'static [&'static str],
    pub default: &'static str,
    /// What the option decides, in English and in Korean: the words a
    /// player reads, so no rulebook line or file of the repository.
    pub help: &'static str,
    pub help_ko: &'static str,
}

impl OptionDoc {
    /// What the option decides, in both languages.
    pub fn help_words(&self) -> Text {
        Text::new(self.help, self.help_ko)
    }
}

/// What a game says about itself.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The registry name: `tzolkin`, `tikal`, `tawantinsuyu`, `cuzco`, `tta`.
    pub name: &'static str,
    pub title: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub options: Vec<OptionDoc>,
    /// Modes the conformance suite must cover besides the defaults
    /// (the auction version, Mini-Tikal, the introductory game, …).
    pub variants: Vec<Variant>,
}

/// A mode of a game, as options, and the player counts it allows.
#[derive(Clone, Debug)]
pub struct Variant {
    /// `key=value` pairs separated by spaces, e.g. `"auction=on"`.
    pub options: &'static str,
    pub min_players: usize,
    pub max_players: usize,
}

/// Something that happened, told in words to those who may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// `None`: every seat may know it; `Some(s)`: only seat `s`.
    pub to: Option<Seat>,
    /// The words, written when first read (`event.text.en`); stored as a `Text`.
    pub text: Told,
    /// True when the event made hidden information known or drew on the
    /// random generator (a card drawn, a tile turned up). A decision whose
    /// events reveal anything cannot be undone.
    pub reveals: bool,
}

impl Event {
    /// A public event that reveals nothing.
    pub fn public(text: impl Into<Told>) -> Event {
        Event {
            to: None,
            text: text.into(),
            reveals: false,
        }
    }

    /// A public event that made something hidden or random known.
    pub fn reveal(text: impl Into<Told>) -> Event {
        Event {
            to: None,
            text: text.into(),
            reveals: true,
        }
    }

    /// An event only `seat` may see.
    pub fn private(seat: Seat, text: impl Into<Told>) -> Event {
        Event {
            to: Some(seat),
            text: text.into(),
            reveals: false,
        }
    }

    /// A public event whose words `write` writes when something reads them
    /// (see `Told::later`): for the events of nearly every move.
    pub fn public_later(write: impl Fn() -> Text + Send + Sync + 'static) -> Event {
        Event::public(Told::later(write))
    }
}

/// The end of a game: scores and ranks with the tie-breaks applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<f64>,
    /// Rank per seat, 1 = winner; seats that share a rank tied (after tie-breaks).
    pub ranks: Vec<usize>,
    /// How it ended and how ties were broken, in words.
    pub summary: Text,
}

impl Outcome {
    /// Ranks from scores and a tie-break value per seat (higher is better in both).
    pub fn ranked(scores: Vec<f64>, tiebreak: Vec<f64>, summary: Text) -> Outcome {
        let ranks = (0..scores.len())
            .map(|i| {
                1 + (0..scores.len())
                    .filter(|&j| {
                        scores[j] > scores[i]
                            || (scores[j] == scores[i]
                                && tiebreak.get(j).copied().unwrap_or(0.0)
                                    > tiebreak.get(i).copied().unwrap_or(0.0))
                    })
                    .count()
            })
            .collect();
        Outcome {
            scores,
            ranks,
            summary,
        }
    }
}

/// A command could not be read.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{message}")]
pub struct ParseError {
    /// What was wrong and what would be right, in both languages.
    pub message: Text,
    /// The closest legal commands, canonical form, best first.
    pub suggestions: Vec<String>,
}

/// A command was read but the rules do not allow it now.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{message}")]
pub struct RuleError {
    pub message: Text,
}

impl RuleError {
    pub fn new(en: impl Into<String>, ko: impl Into<String>) -> RuleError {
        RuleError {
            message: Text::new(en, ko),
        }
    }
}

/// A command known to be legal met a state the rules cannot go on from: a
/// defect of the engine, never the player's doing. The engine drops the
/// half-applied copy; the service records the mail `failed` with this reason.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("the rules engine met an impossible state: {0}")]
pub struct InternalError(pub String);

impl InternalError {
    pub fn new(reason: impl Into<String>) -> InternalError {
        InternalError(reason.into())
    }
}

/// A game could not be set up.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum SetupError {
    #[error("{game} is for {min} to {max} players, not {got}")]
    PlayerCount {
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("{0}")]
    BadOption(String),
    #[error("component data: {0}")]
    Data(String),
}

/// Legal moves of one kind too many to list in a mail (thousands of tile
/// placements), named in a few lines instead: what they are and where they
/// may go, how to write them, and a few of them as examples.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveSummary {
    pub title: Text,
    pub how: Text,
    /// Legal commands as the reader accepts them, to copy or tap.
    pub examples: Vec<String>,
}

/// The engine contract: a pure, deterministic state machine. All randomness
/// comes from an `Rng` inside the state; `apply` never panics and leaves the
/// state untouched when it refuses.
pub trait Game: Send + Sync + 'static {
    /// Serialisable: a game in progress is stored as its state after every
    /// move (see ARCHITECTURE.md); the stored form must stay readable by later
    /// versions of the game (new fields get `#[serde(default)]`).
    type State: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Command: Clone + PartialEq + Debug + Display + Send + Sync + 'static;

    fn info(&self) -> GameInfo;

    fn setup(
        &self,
        players: usize,
        options: &Options,
        seed: u64,
    ) -> Result<Self::State, SetupError>;

    /// The seats that may decide now (several for simultaneous choices);
    /// empty once the game is over.
    fn to_act(&self, state: &Self::State) -> Vec<Seat>;

    /// The seat whose turn the game is in, where `to_act` may ask another
    /// seat to answer out of turn (a defence, a bid, a pact): the mail then
    /// tells that seat whose turn it is instead of "your turn". `None` where
    /// every seat that acts is on its own turn.
    fn turn_of(&self, _state: &Self::State) -> Option<Seat> {
        None
    }

    /// Every legal decision for `seat` now, canonical form; empty when the
    /// seat may not act.
    fn legal(&self, state: &Self::State, seat: Seat) -> Vec<Self::Command>;

    /// The words of the game's commands (its `parse::Vocabulary`): a line
    /// that starts with one reads as one of the game's commands, so the
    /// service refuses it with a reason rather than skip it as chat.
    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &crate::engine::parse::Vocabulary::NONE
    }

    /// Why the rules refuse now a line written as one of `seat`'s commands
    /// that is no legal command of it (begging with too much corn, placing
    /// with no worker in hand), in both languages; `words` is the line in
    /// the game's words (`Vocabulary::words`, its first word made an action
    /// word where it starts exactly one). `None` where the game has no
    /// reason of its own to give (the service then says what the seat may
    /// do instead). Asked only of a seat that may act now.
    fn why_illegal(&self, _state: &Self::State, _seat: Seat, _words: &[&str]) -> Option<Text> {
        None
    }

    /// Reads a command, forgiving of case, spacing, abbreviations and
    /// component names in English and Korean.
    fn parse(
        &self,
        state: &Self::State,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Command, ParseError>;

    /// Applies a command; on `Err` the state is exactly as before. The
    /// checked entry for callers holding a command of unknown standing
    /// (tests, tools); the engine itself checks with `is_legal` once and
    /// calls `apply_legal`.
    fn apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        command: &Self::Command,
    ) -> Result<Vec<Event>, RuleError>;

    /// Whether `command` is legal for `seat` now: exactly
    /// `legal(state, seat).contains(command)` (the conformance suite compares
    /// the two both ways), answered without building the list where a game can.
    fn is_legal(&self, state: &Self::State, seat: Seat, command: &Self::Command) -> bool {
        self.legal(state, seat).contains(command)
    }

    /// Applies a command known to be legal (from `legal`, or accepted by
    /// `is_legal`), in place, writing its events into `events`. It neither
    /// checks legality or the turn again nor copies the state: the engine
    /// applies it to its one copy. A state the rules cannot go on from is an
    /// `InternalError`, never a silent skip. By default the checked `apply`.
    fn apply_legal(
        &self,
        state: &mut Self::State,
        seat: Seat,
        command: &Self::Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        let done = self.apply(state, seat, command).map_err(|e| {
            InternalError::new(format!("the legal command '{command}' was refused: {e}"))
        })?;
        events.extend(done);
        Ok(())
    }

    /// The search path (bots): `apply_legal` where nobody reads the events,
    /// so a game may skip writing them. Must leave the same state.
    fn apply_quiet(
        &self,
        state: &mut Self::State,
        seat: Seat,
        command: &Self::Command,
    ) -> Result<(), InternalError> {
        let mut scratch = Vec::new();
        self.apply_legal(state, seat, command, &mut scratch)
    }

    /// What `seat` may see (`None`: a spectator, public information only).
    fn view(&self, state: &Self::State, seat: Option<Seat>) -> View;

    /// Each seat's name as this game's views call it (its colour), in both
    /// languages and seat order; every mail says "Red (seat 2)" from it
    /// (`engine::seat_label`). Empty where the game names seats by number.
    fn seat_names(&self, _state: &Self::State) -> Vec<Text> {
        Vec::new()
    }

    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Strings that must not appear in the view of `viewer` (another seat's
    /// hidden cards, the order of a deck), for the conformance suite.
    fn hidden_items(&self, state: &Self::State, viewer: Option<Seat>) -> Vec<String>;

    /// Whether `mover`'s move from `before` to `after` made something known
    /// to it: an item of `before`'s `hidden_items` for `mover` is missing
    /// from `after`'s. It runs at every move, so a game with long lists may
    /// answer without building them; it must give exactly this answer (the
    /// conformance suite compares the two).
    fn revealed(&self, before: &Self::State, after: &Self::State, mover: Seat) -> bool {
        super::table::revealed(self, before, after, mover)
    }

    /// The game's invariants (conservation of pieces, bounds); `Err` names the broken one.
    fn invariants(&self, state: &Self::State) -> Result<(), String>;

    /// The designated default decision on a timeout (a pass where the rules
    /// allow one); `None` where the game has none.
    fn default_command(&self, _state: &Self::State, _seat: Seat) -> Option<Self::Command> {
        None
    }

    /// The legal moves `legal` of `seat` as a mail offers them: those listed
    /// one by one, and those summarised by kind (each kind with every move
    /// of it summarised, so no move is hidden). By default all are listed.
    fn offer(
        &self,
        _state: &Self::State,
        _seat: Seat,
        legal: Vec<Self::Command>,
    ) -> (Vec<Self::Command>, Vec<MoveSummary>) {
        (legal, Vec::new())
    }

    /// A seat leaves: the game goes on without it where its rules allow.
    /// `false` means it cannot, and the service ends the game with the standings.
    fn drop_seat(&self, _state: &mut Self::State, _seat: Seat) -> bool {
        false
    }

    /// A seat that left is taken over by a newcomer: from now on its
    /// decisions are asked again. `false` where the game cannot take it back.
    fn restore_seat(&self, _state: &mut Self::State, _seat: Seat) -> bool {
        false
    }

    /// For the bots (`engine::bot`): a state `seat` cannot tell from this
    /// one, its hidden parts (other seats' hands, face-down tiles, the order
    /// of decks, the generator's future draws) dealt anew from `rng` out of
    /// everything the seat cannot see. It must read nothing hidden from the
    /// seat except to gather it back for the new deal (sorted first, so the
    /// old order leaks nothing). By default the state with a new generator,
    /// right for a game whose only unknown is chance.
    fn determinize(&self, state: &Self::State, _seat: Seat, rng: &mut Rng) -> Self::State {
        let _ = rng;
        state.clone()
    }

    /// For the bots: how well each seat stands, in points (what the seat
    /// would score if the game ended now, plus what its holdings are likely
    /// worth), in seat order. By default the final scores once it is over,
    /// nothing before.
    fn evaluate(&self, state: &Self::State) -> Vec<f64> {
        self.outcome(state).map(|o| o.scores).unwrap_or_default()
    }
}
