//! The games, one folder each, and the registry that finds them by name.

use crate::engine::{Game, GameInfo, Options, SetupError, Table, Typed};
use std::sync::Arc;

pub mod cuzco;
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
        entry::<tzolkin::TheGame>("tzolkin"),
        entry::<tikal::TheGame>("tikal"),
        entry::<tawantinsuyu::TheGame>("tawantinsuyu"),
        entry::<cuzco::TheGame>("cuzco"),
        entry::<tta::ThroughTheAges>("tta"),
    ]
}

/// The game registered as `name` (case-insensitive).
pub fn find(name: &str) -> Option<Entry> {
    registry()
        .into_iter()
        .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
}
