//! The state of a game of Cuzco: the board's spaces, the supplies, the players, the festival
//! cards and where in a turn or festival the game stands.

use super::data::{Data, Terrain};
use crate::engine::Rng;
use crate::engine::Shared;
use serde::{Deserialize, Serialize};

/// What lies on top of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cover {
    Empty,
    Lake,
    Tile(Terrain),
}

/// One cell of the board as play changed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Space {
    pub cover: Cover,
    /// Tiles stacked here.
    pub height: u8,
    /// Serial number of the tile on top (0: none).
    pub top: u16,
    /// Size of the tile on top.
    pub top_size: u8,
    /// The seat whose Inca stands here.
    pub inca: Option<u8>,
    /// Temple value (0: no temple).
    pub temple: u8,
    /// A festival was held since the temple was last upgraded.
    pub sun: bool,
    /// This lake tile belongs to a lake already surrounded and scored.
    pub lake_scored: bool,
}

impl Space {
    pub const EMPTY: Space = Space {
        cover: Cover::Empty,
        height: 0,
        top: 0,
        top_size: 0,
        inca: None,
        temple: 0,
        sun: false,
        lake_scored: false,
    };

    pub fn terrain(&self) -> Option<Terrain> {
        match self.cover {
            Cover::Tile(t) => Some(t),
            _ => None,
        }
    }
}

/// One player's pieces and score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub pp: i32,
    /// Incas off the board.
    pub incas_off: u8,
    pub tokens: u8,
    /// Personal tiles left, by `TileKind as usize` (the common kind stays 0).
    pub tiles: [u8; 4],
    /// Festival card indices in hand, kept sorted.
    pub hand: Vec<u8>,
    /// Cards in hand that everyone saw taken from the face-up pile (L228).
    pub known: Vec<u8>,
    pub final_scored: bool,
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: u8,
    pub ap: u8,
    pub token_used: bool,
    pub drawn: u8,
    /// Cells of temples built or upgraded this turn.
    pub changed: Vec<u16>,
    /// The mandatory first tile has been placed.
    pub placed: bool,
    /// A final turn of the end phase (placing a tile is optional).
    pub final_turn: bool,
    /// No tile could be placed when this normal turn began (spec G6).
    pub jammed: bool,
}

/// Where a seat stands in a festival competition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bid {
    /// Not eligible (no Inca in the city).
    Out,
    /// Eligible, not yet asked (first lap).
    Pending,
    /// Competing.
    Active,
    /// Declined or dropped out.
    Dropped,
}

/// A festival competition in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Festival {
    /// The turn that proposed it; it ends when the festival resolves.
    pub turn: Turn,
    pub temple: u16,
    pub bids: Vec<Bid>,
    pub fp: Vec<u8>,
    /// Cards played, per seat.
    pub played: Vec<Vec<u8>>,
    /// The seat answering now.
    pub current: u8,
    /// Cards the current seat has played in this answer.
    pub played_now: u8,
    /// Active seats that passed in a row since cards were last played.
    pub passes: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    Turn(Turn),
    Festival(Festival),
    Over,
}

/// Rule readings chosen by options (spec section 11 open points).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// A temple built directly at 4+ uses every lower marker too (A2; `false`: only its own).
    pub build_uses_stack: bool,
    /// An empty deck is refilled from the discards under the face-up card (G5).
    pub reshuffle: bool,
    /// Festivals need a sun marker from the 15 (G9; off by default).
    pub sun_limit: bool,
    /// Incas may stand on tile hexes outside the region (A7).
    pub outside_incas: bool,
    /// A normal turn that starts with no possible placement starts the end phase (house
    /// rule for G6, so that a jammed board cannot stall the game forever).
    pub jammed_ends: bool,
    /// A stacked tile must still cover a region space (A6; `false`: it may lie wholly outside).
    pub stacked_need_region: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(with = "crate::engine::shared::by_name")]
    pub data: Shared<Data>,
    pub rules: Rules,
    pub rng: Rng,
    pub spaces: Vec<Space>,
    /// Serial number of the last tile placed.
    pub tiles_placed: u16,
    pub common_tiles: u8,
    pub lakes_left: u8,
    /// Temple markers left, by index in the data's marker list.
    pub markers: Vec<u8>,
    pub suns_left: u8,
    pub players: Vec<Player>,
    pub deck: Vec<u8>,
    /// Discard pile; its last card is the face-up festival requirement.
    pub discard: Vec<u8>,
    pub start: u8,
    /// The seat that placed the last 3-space tile.
    pub end_trigger: Option<u8>,
    pub phase: Phase,
}

impl State {
    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn face_up(&self) -> Option<u8> {
        self.discard.last().copied()
    }

    pub fn space(&self, cell: u16) -> &Space {
        // Cells come from the board of this very data set; an out-of-range index is a bug,
        // answered with an empty space rather than a panic.
        self.spaces.get(usize::from(cell)).unwrap_or(&Space::EMPTY)
    }
}
