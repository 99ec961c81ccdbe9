//! The archive: a finished (or running) game as a self-contained replay
//! page, and the index page of a static site of them. Pure: it turns
//! positions the service collected into HTML; files are written by
//! `service::archive`.

mod index;
mod page;
mod replay;
mod words;

use crate::engine::{Text, View};

pub use index::index_html;
pub use replay::{replay_html, ReplayError};
pub use words::Words;

/// One game's record, as one viewer may see it.
#[derive(Clone, Debug)]
pub struct Replay {
    pub id: i64,
    /// The registry name (`tta`, `tikal`, …).
    pub game: String,
    pub title: Text,
    /// The players in seat order, as the archive names them.
    pub players: Vec<Text>,
    /// The game's options in words ("Game: the full game"), never the raw
    /// `mode=full` of the command line.
    pub options: Vec<Text>,
    pub started: String,
    pub finished: Option<String>,
    /// The final ranking in words; `None` while the game goes on.
    pub result: Option<Text>,
    /// Whose private part the views carry (`None`: the public replay).
    pub viewer: Option<String>,
    /// Position 0 is the start; position `i` follows the `i`-th step.
    pub positions: Vec<Position>,
}

/// The game after one step, as the viewer may see it.
#[derive(Clone, Debug)]
pub struct Position {
    /// The history row of the step that led here (0 for the start).
    pub row: i64,
    /// What that step was, as the viewer may know it.
    pub step: Text,
    /// Who must decide now (empty when nobody must).
    pub to_act: Text,
    pub view: View,
}

/// One game in the archive's index.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    pub id: i64,
    pub game: String,
    pub title: Text,
    pub players: Vec<String>,
    pub started: String,
    pub finished: Option<String>,
    /// The winner(s) and scores in words; `None` while the game goes on.
    pub result: Option<Text>,
    /// Decisions in the replay (positions after the start).
    pub steps: usize,
    /// The replay page, relative to the index.
    pub href: String,
}
