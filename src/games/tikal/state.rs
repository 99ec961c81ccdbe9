//! The state of a game of Tikal: the board's placed hexes with their pieces,
//! the players' supplies and treasures, the stack, and where in the turn,
//! scoring round or auction the game stands.

use super::data::turned;
use super::data::{Data, Kind, TREASURE_KINDS};
use crate::engine::Rng;
use crate::engine::Shared;
use serde::{Deserialize, Serialize};

/// Most players at a table (rulebook L6).
pub const MAX_PLAYERS: usize = 4;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    Basic,
    /// The auction version (L547-686).
    Auction,
    /// Mini-Tikal, 2 players, built on the auction version (L772-854).
    Mini,
}

impl Mode {
    pub fn auctions(self) -> bool {
        self != Mode::Basic
    }
}

/// The rules in force: the mode and the readings chosen for the open points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub mode: Mode,
    pub workers: u8,
    pub camp_limit: u8,
    pub guard_limit: u8,
    /// A camp needs some member (anyone's) on its hex (spec 11 A3, the seed's reading).
    pub camp_needs_member: bool,
    /// The strongest force scores a guarded temple too (spec 11 A6; default: only the guard's owner).
    pub guard_shared: bool,
    /// Basic final round begins with the last placer, as a volcano round begins with its
    /// drawer, not with the player after him (spec 11 A5; default: after him).
    pub final_placer_starts: bool,
    /// Auction final round: on tied scores the last placer counts as reached first (spec 11 A13).
    pub final_tie_placer_first: bool,
    /// A new hex's stone towards a volcano counts as its connection (spec 11 A15; default no).
    pub volcano_links: bool,
    /// Next round's first bidder: the neighbour of the previous round's first actual bid
    /// rather than of its opener (spec 11 A21; default: opener).
    pub opener_after_first_bid: bool,
}

/// A position on the board, by column and row (0-based); printed `C4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub col: u8,
    pub row: u8,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Written byte by byte: every move's command text prints its positions.
        let mut buf = [0u8; 4];
        let mut len = 0;
        let mut put = |b: u8| {
            buf[len] = b;
            len += 1;
        };
        put(super::data::column_letter(self.col as usize) as u8);
        let row = self.row as usize + 1;
        if row >= 100 {
            put(b'0' + (row / 100) as u8);
        }
        if row >= 10 {
            put(b'0' + (row / 10 % 10) as u8);
        }
        put(b'0' + (row % 10) as u8);
        f.write_str(std::str::from_utf8(&buf[..len]).map_err(|_| std::fmt::Error)?)
    }
}

/// A placed hex and everything on it (`Copy`: a state's board copies as one block).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spot {
    /// Index into the tile table.
    pub tile: u8,
    /// Clockwise turns of 60 degrees from the printed orientation.
    pub rot: u8,
    /// The tile's kind and its stones per edge as it lies (copied from the tile table).
    pub kind: Kind,
    pub stones: [u8; 6],
    /// Temple: the current value (start value or top temple tile).
    pub value: u8,
    /// Treasure discs still lying here.
    pub discs: u8,
    pub camp: Option<u8>,
    pub guard: Option<u8>,
    pub workers: [u8; MAX_PLAYERS],
    pub leader: [bool; MAX_PLAYERS],
}

impl Spot {
    /// A hex as placed: `tile` turned `rot` times, with its start value and all its discs.
    pub fn new(data: &Data, tile: u8, rot: u8) -> Spot {
        let t = data.tiles.get(tile as usize);
        Spot {
            tile,
            rot,
            kind: t.map(|t| t.kind).unwrap_or(Kind::Volcano),
            stones: t.map(|t| turned(t.stones, rot)).unwrap_or([0; 6]),
            value: t.map(|t| t.value).unwrap_or(0),
            discs: t.map(|t| t.masks).unwrap_or(0),
            camp: None,
            guard: None,
            workers: [0; MAX_PLAYERS],
            leader: [false; MAX_PLAYERS],
        }
    }
}

/// Where a player's leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderAt {
    Supply,
    Board,
    /// Removed when guarding a temple (L446-450).
    Gone,
}

/// One player's pieces, score and treasures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub score: i32,
    pub workers_supply: u8,
    /// Workers removed from the game by guarding (L446-450).
    pub workers_gone: u8,
    pub leader: LeaderAt,
    pub camps: u8,
    pub guards: u8,
    /// Treasure discs held, by kind K1..K8.
    pub treasures: [u8; TREASURE_KINDS],
    /// Auction turn indicator face up: no turn taken yet this round (L564-566, L599-601).
    pub indicator_up: bool,
}

/// What the player to act must do now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Place this hex (tile index), then act.
    Place {
        tile: u8,
    },
    /// Spend action points.
    Act,
    /// Bid or pass in the running auction.
    Bid,
    /// The auction winner chooses a displayed hex.
    Choose,
    Over,
}

/// A running auction (L576-616).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Auction {
    /// Who opened the bidding (takes the turn for free if nobody bids, L614-616).
    pub starter: u8,
    /// Whose bid it is.
    pub bidder: u8,
    /// The standing bid: who and how much.
    pub high: Option<(u8, i32)>,
    /// Passing is final for this auction (spec 11 A9).
    pub passed: [bool; MAX_PLAYERS],
}

/// Which scoring round is running.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RoundKind {
    /// Started by `trigger` drawing or choosing the volcano `tile` (L464-498).
    Volcano { trigger: u8, tile: u8 },
    /// After the last hex (L501-511, auction L666-686).
    Final,
}

/// A scoring round: everyone in `order` takes 10 AP and is scored right after.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    pub kind: RoundKind,
    pub order: Vec<u8>,
    /// Index in `order` of the player taking his scoring turn now.
    pub next: usize,
}

/// One player's points from one scoring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub seat: u8,
    /// Values of the temples scored.
    pub temples: Vec<u8>,
    pub treasure_points: i32,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(with = "crate::engine::shared::by_name")]
    pub data: Shared<Data>,
    pub rules: Rules,
    pub players: usize,
    /// Per board space, the hex placed there.
    pub board: Vec<Option<Spot>>,
    /// Face-down hexes, the top one last.
    pub stack: Vec<u8>,
    /// Auction: the hexes on display this round.
    pub display: Vec<u8>,
    /// Hexes that had no legal space (spec 11 A14).
    pub set_aside: Vec<u8>,
    /// Square temple tiles left, by number.
    pub temple_tiles: [u8; 11],
    /// Discs nobody has seen yet (in the stacks or face down on hexes), by kind.
    pub pool: [u8; TREASURE_KINDS],
    /// Discs in the game (24; Mini-Tikal 12).
    pub discs_total: u8,
    pub people: Vec<Player>,
    /// The player whose turn it is (placing, acting or choosing).
    pub active: u8,
    pub phase: Phase,
    pub ap: u8,
    /// This turn: levels uncovered per temple space, discs taken per hex space.
    pub dug: Vec<(u8, u8)>,
    pub looted: Vec<(u8, u8)>,
    pub scoring: Option<Scoring>,
    /// Scoring rounds finished.
    pub rounds_scored: u8,
    /// The last scoring round's results, for the view.
    pub last_scores: Vec<ScoreLine>,
    pub auction: Option<Auction>,
    /// Auction rounds: who opened auction 1 of this round; auctions held this round.
    pub round_opener: u8,
    pub auctions_this_round: u8,
    pub auction_rounds: u16,
    /// Who made the first actual bid this round, if anyone (for the A21 option).
    pub round_first_bid: Option<u8>,
    pub last_winner: u8,
    /// Who placed (or set aside) the last hex: decides the final round's order.
    pub last_placer: u8,
    /// The game's first player (the oldest; Mini-Tikal: drawn at random).
    pub first: u8,
    pub rng: Rng,
}

impl State {
    pub fn spot(&self, space: usize) -> Option<&Spot> {
        self.board.get(space).and_then(Option::as_ref)
    }

    pub fn player(&self, seat: usize) -> Option<&Player> {
        self.people.get(seat)
    }

    pub fn pos(&self, space: usize) -> Pos {
        match self.data.board.spaces.get(space) {
            Some(s) => Pos {
                col: s.col as u8,
                row: s.row as u8,
            },
            None => Pos { col: 0, row: 0 },
        }
    }

    pub fn space_of(&self, pos: Pos) -> Option<usize> {
        self.data.board.at(pos.col as usize, pos.row as usize)
    }

    pub fn base(&self) -> usize {
        self.data.base_space().unwrap_or(0)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}
