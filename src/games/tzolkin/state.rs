//! The state of a game of Tzolk'in: the gears as rows of occupied spaces,
//! the players' goods and markers, the jungle, the building display and the
//! piles, and where the game stands: the flow of decisions (setup choice, a
//! turn, the calendar choice, and the steps owed on the way).

use super::data::{Data, GEARS, MAX_TEETH};
use crate::engine::{Flow, Rng, Shared};
use serde::{Deserialize, Serialize};

/// An empty gear space.
pub const EMPTY: u8 = 0;
/// A dummy worker (2 and 3 players).
pub const DUMMY: u8 = 9;
/// No tile/building in a slot.
pub const NONE: u8 = u8::MAX;

/// The readings of the open points chosen by options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Theology level 1 lets a worker on Chichen Itza 9 do the free choice of 10.
    pub theo_chi9: bool,
    /// Final corn scores whole points only (floor of corn / 4).
    pub floor_corn: bool,
    /// Dummy workers on space 6 / CHI 9 forbid the double advance.
    pub dummies_block: bool,
}

/// One player's goods, markers and built tiles.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub corn: i32,
    pub res: [i32; 3],
    pub skulls: i32,
    pub vp: i32,
    /// Workers in hand, and in the general supply.
    pub hand: u8,
    pub supply: u8,
    /// Step index in each temple; 0 = bottom, 1 = the white start step.
    pub temple: [u8; 3],
    pub tech: [u8; 4],
    /// The player board's light side: the double advance is available.
    pub light: bool,
    pub corn_tiles: u8,
    pub wood_tiles: u8,
    /// Built buildings and monuments, as bit sets over the data tables.
    pub buildings: u32,
    pub monuments: u16,
    /// Workers that need no corn (farms, S14), and "eat 1 less" farms.
    pub exempt: u8,
    pub eat_less: u8,
    /// The four starting wealth tiles dealt, and the two kept (NONE until chosen).
    pub dealt: [u8; 4],
    pub kept: [u8; 2],
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Nothing done yet (begging is still possible).
    Start,
    /// Placing: how many placed so far, and whether it was the gods' pity.
    Placing {
        placed: u8,
        pity: bool,
    },
    Retrieving,
}

/// A decision the active player owes before the turn goes on, from an
/// action in progress. The top of the stack is decided first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Advance a tech: `left` advances to go, paid or free; `optional` = may skip.
    Tech {
        left: u8,
        free: bool,
        optional: bool,
    },
    /// Build: `left` buildings (or one monument when `monument`); `corn` = pay in
    /// corn (Uxmal 4); `arch` = Architecture's benefit still unused in this action.
    Build {
        left: u8,
        monument: bool,
        corn: bool,
        arch: bool,
        optional: bool,
    },
    /// One temple of the player's choice, one step up.
    Temple,
    /// Two different temples, paying resources (Tikal 5).
    Temples { pay: u8 },
    /// Resources of the player's choice.
    Gain { n: u8 },
    /// Theology 2: pay one resource for a temple step, or skip.
    Offer,
    /// The market: trades until done; resources already sold / bought (bit sets).
    Market { sold: u8, bought: u8 },
    /// Any action of Palenque, Yaxchilan, Tikal or Uxmal, paying `pay` corn first.
    Action { pay: u8, optional: bool },
}

/// A decision the flow asks (`engine::Flow`): the bottom of the stack is
/// what the game as a whole is doing (a phase), every decision above it a
/// step owed in an action in progress, the top asked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Everyone keeps 2 of their 4 starting wealth tiles, at once and in secret.
    Choose,
    /// A player's turn (where it stands: `State::mode`).
    Turn,
    /// The starting-space worker's owner chooses to advance 1 or 2 days.
    Advance,
    /// Nothing more is asked.
    Over,
    /// A step the active player owes in an action in progress.
    Owed(Pending),
}

impl Decision {
    fn phase(self) -> Option<Phase> {
        match self {
            Decision::Choose => Some(Phase::Choose),
            Decision::Turn => Some(Phase::Turn),
            Decision::Advance => Some(Phase::Advance),
            Decision::Over => Some(Phase::Over),
            Decision::Owed(_) => None,
        }
    }

    /// The decision that is a whole phase of the game.
    pub fn of_phase(phase: Phase) -> Decision {
        match phase {
            Phase::Choose => Decision::Choose,
            Phase::Turn => Decision::Turn,
            Phase::Advance => Decision::Advance,
            Phase::Over => Decision::Over,
        }
    }
}

/// The phase of the game: the decision at the bottom of the flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Everyone keeps 2 of their 4 starting wealth tiles, at once and in secret.
    Choose,
    /// A player's turn.
    Turn,
    /// The starting-space worker's owner chooses to advance 1 or 2 days.
    Advance,
    Over,
}

/// A game of Tzolk'in. Stored in the shape of rules version 1 (`Stored`):
/// the flow as its phase and the list of steps owed, so stored games read
/// back and their digests stay the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct State {
    pub data: Shared<Data>,
    pub rules: Rules,
    pub n: usize,
    pub rng: Rng,
    /// The pending decisions, moved only by the driver (`apply/mod.rs`).
    pub(super) flow: Flow<Decision>,
    /// Day d = 1 + teeth advanced so far.
    pub day: u8,
    /// Food days resolved so far (0..=4).
    pub food_done: u8,
    pub age: u8,
    /// Occupant of each gear space: EMPTY, seat + 1, or DUMMY.
    pub gears: [[u8; MAX_TEETH]; GEARS],
    /// The starting player space: EMPTY or seat + 1.
    pub start_space: u8,
    /// The starting player marker's holder.
    pub first: usize,
    /// Position in this round's turn order (0 = the starting player).
    pub turn_index: usize,
    pub mode: Mode,
    pub begged: bool,
    pub took_start: bool,
    /// The calendar advance the starting-space worker's owner declared in
    /// advance (1 or 2; 2 means "2 if allowed"), 0 when undeclared.
    pub declared: u8,
    /// Corn lying on the Tzolk'in gear's teeth.
    pub accumulated: i32,
    /// Per jungle group (PAL 2..5): stacks still covered by wood, bare corn tiles.
    pub jungle: [[u8; 2]; 4],
    pub burned: u8,
    /// Skull slots filled on Chichen Itza (bit k = action k + 1).
    pub chi_slots: u16,
    pub skull_supply: i32,
    pub display: [u8; 6],
    /// The face-down Age I and Age II piles (top = last).
    pub piles: [Vec<u8>; 2],
    /// Monuments on offer (indices into the data), in display order.
    pub monuments: Vec<u8>,
    /// The undealt tiles revealed to place dummy workers, in order.
    pub dummy_tiles: Vec<u8>,
    pub players: Vec<Player>,
}

impl State {
    /// The phase of the game: the decision at the bottom of the flow.
    pub fn phase(&self) -> Phase {
        self.flow
            .bottom()
            .and_then(|d| d.phase())
            .unwrap_or(Phase::Over)
    }

    /// The step owed now by the active player, if any (the top of the flow).
    pub fn owed(&self) -> Option<Pending> {
        match self.flow.top() {
            Some(Decision::Owed(p)) => Some(*p),
            _ => None,
        }
    }

    /// Whether no step is owed (the turn itself is asked).
    pub fn nothing_owed(&self) -> bool {
        self.owed().is_none()
    }

    /// The steps owed, first owed first (the top last).
    pub fn owed_steps(&self) -> Vec<Pending> {
        self.flow
            .iter()
            .filter_map(|d| match d {
                Decision::Owed(p) => Some(*p),
                _ => None,
            })
            .collect()
    }

    /// The seat whose turn it is (during `Phase::Turn`).
    pub fn active(&self) -> usize {
        (self.first + self.turn_index) % self.n
    }

    pub fn seat_on_start(&self) -> Option<usize> {
        (self.start_space != EMPTY).then(|| (self.start_space - 1) as usize)
    }

    /// Workers of `seat` on the gears (not the starting player space).
    pub fn on_gears(&self, seat: usize) -> u8 {
        let me = seat as u8 + 1;
        self.gears
            .iter()
            .map(|g| g.iter().filter(|&&o| o == me).count() as u8)
            .sum()
    }

    /// Workers of `seat` out of the supply: in hand, on gears, on the start space.
    pub fn active_workers(&self, seat: usize) -> u8 {
        let p = &self.players[seat];
        p.hand + self.on_gears(seat) + u8::from(self.start_space == seat as u8 + 1)
    }

    pub fn monuments_built(&self) -> u32 {
        self.players.iter().map(|p| p.monuments.count_ones()).sum()
    }

    pub fn skulls_on_chi(&self) -> u32 {
        self.chi_slots.count_ones()
    }

    /// The next food day still to resolve, if any.
    pub fn next_food_day(&self) -> Option<u8> {
        self.data
            .general
            .food_days
            .get(self.food_done as usize)
            .copied()
    }
}

/// The stored shape of a state (rules version 1, field for field): the flow
/// kept as the phase and the list of steps owed, bottom first.
#[derive(Serialize, Deserialize)]
struct Stored {
    #[serde(with = "crate::engine::shared::by_name")]
    data: Shared<Data>,
    rules: Rules,
    n: usize,
    rng: Rng,
    phase: Phase,
    day: u8,
    food_done: u8,
    age: u8,
    gears: [[u8; MAX_TEETH]; GEARS],
    start_space: u8,
    first: usize,
    turn_index: usize,
    mode: Mode,
    begged: bool,
    took_start: bool,
    declared: u8,
    pending: Vec<Pending>,
    accumulated: i32,
    jungle: [[u8; 2]; 4],
    burned: u8,
    chi_slots: u16,
    skull_supply: i32,
    display: [u8; 6],
    piles: [Vec<u8>; 2],
    monuments: Vec<u8>,
    dummy_tiles: Vec<u8>,
    players: Vec<Player>,
}

impl From<State> for Stored {
    fn from(s: State) -> Stored {
        let phase = s.phase();
        let pending = s.owed_steps();
        Stored {
            data: s.data,
            rules: s.rules,
            n: s.n,
            rng: s.rng,
            phase,
            day: s.day,
            food_done: s.food_done,
            age: s.age,
            gears: s.gears,
            start_space: s.start_space,
            first: s.first,
            turn_index: s.turn_index,
            mode: s.mode,
            begged: s.begged,
            took_start: s.took_start,
            declared: s.declared,
            pending,
            accumulated: s.accumulated,
            jungle: s.jungle,
            burned: s.burned,
            chi_slots: s.chi_slots,
            skull_supply: s.skull_supply,
            display: s.display,
            piles: s.piles,
            monuments: s.monuments,
            dummy_tiles: s.dummy_tiles,
            players: s.players,
        }
    }
}

impl TryFrom<Stored> for State {
    type Error = String;

    fn try_from(s: Stored) -> Result<State, String> {
        if s.phase != Phase::Turn && !s.pending.is_empty() {
            return Err(format!(
                "steps owed outside a turn ({:?} in {:?})",
                s.pending, s.phase
            ));
        }
        let owed = s.pending.into_iter().map(Decision::Owed);
        let flow = Flow::start(std::iter::once(Decision::of_phase(s.phase)).chain(owed));
        Ok(State {
            data: s.data,
            rules: s.rules,
            n: s.n,
            rng: s.rng,
            flow,
            day: s.day,
            food_done: s.food_done,
            age: s.age,
            gears: s.gears,
            start_space: s.start_space,
            first: s.first,
            turn_index: s.turn_index,
            mode: s.mode,
            begged: s.begged,
            took_start: s.took_start,
            declared: s.declared,
            accumulated: s.accumulated,
            jungle: s.jungle,
            burned: s.burned,
            chi_slots: s.chi_slots,
            skull_supply: s.skull_supply,
            display: s.display,
            piles: s.piles,
            monuments: s.monuments,
            dummy_tiles: s.dummy_tiles,
            players: s.players,
        })
    }
}
