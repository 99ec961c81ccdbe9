//! The games, one folder each, and the registry that finds them by name.

use crate::engine::{Game, GameInfo, Options, SetupError, Table, Typed};
use std::sync::Arc;

pub mod cuzco;
pub mod option_words;
pub mod tawantinsuyu;
pub mod tikal;
pub mod tta;
pub mod tzolkin;

/// How a registered game starts a table: players, options, seed.
pub type NewTable =
    fn(players: usize, options: &Options, seed: u64) -> Result<Box<dyn Table>, SetupError>;

/// A registered game: its name and how to start a table of it.
#[derive(Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    pub info: fn() -> GameInfo,
    pub new: NewTable,
}

/// Starts a table of `G`, checking the player count and the option keys first.
pub fn new_table<G: Game + Default>(
    players: usize,
    options: &Options,
    seed: u64,
) -> Result<Box<dyn Table>, SetupError> {
    let game = G::default();
    let info = game.info();
    if players < info.min_players || players > info.max_players {
        return Err(SetupError::PlayerCount {
            game: info.name,
            min: info.min_players,
            max: info.max_players,
            got: players,
        });
    }
    options.check_known(&info.options)?;
    let state = game.setup(players, options, seed)?;
    Ok(Box::new(Typed::new(Arc::new(game), state, players)))
}

fn entry<G: Game + Default>(name: &'static str) -> Entry {
    Entry {
        name,
        info: || G::default().info(),
        new: new_table::<G>,
    }
}

/// Every game quipu can run, in the order they are listed to players.
pub fn registry() -> Vec<Entry> {
    vec![
        entry::<tzolkin::Tzolkin>("tzolkin"),
        entry::<tikal::Tikal>("tikal"),
        Entry {
            new: tawantinsuyu::new_table,
            ..entry::<tawantinsuyu::Tawantinsuyu>("tawantinsuyu")
        },
        entry::<cuzco::Cuzco>("cuzco"),
        entry::<tta::ThroughTheAges>("tta"),
    ]
}

/// The game registered as `name` (case-insensitive).
pub fn find(name: &str) -> Option<Entry> {
    registry()
        .into_iter()
        .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
}

/// The version of each game's rules engine. Raise a game's number with any
/// change that can make one of its commands act differently; a game in
/// progress goes on from its stored state, and `quipu doctor` reports games
/// whose recorded commands no longer replay to that state.
const RULES_VERSIONS: &[(&str, u32)] = &[
    ("tzolkin", 1),
    ("tikal", 1),
    ("tawantinsuyu", 1),
    ("cuzco", 1),
    ("tta", 4),
];

/// The engine version recorded with a game and each of its stored states:
/// the game's rules version and the version of the stored state's form.
pub fn engine_version(name: &str) -> String {
    let rules = RULES_VERSIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(0, |(_, v)| *v);
    format!(
        "{name} rules {rules}, state form 1, rng {}",
        crate::engine::Rng::VERSION
    )
}
