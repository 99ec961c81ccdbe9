//! The game state: the board, the decks and piles, each player's holdings, and
//! the stack of pending steps and decisions that drives the flow of play.

use super::data::{Data, Effect, HpAction, Task};
use crate::engine::{Rng, Shared};
use serde::{Deserialize, Serialize};

/// One player's holdings (in solo, index 1 is Axomama).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Player {
    pub vp: u32,
    pub res: [u32; 4],
    /// Worker types in supply, oldest first.
    pub workers: Vec<u8>,
    /// God cards in hand.
    pub gods: Vec<u8>,
    /// Setup: the 8 dealt cards before keeping 3; then the 5 to use.
    pub dealt: Vec<u8>,
    pub army_hand: Vec<u8>,
    /// Army cards laid in front: (card, face up).
    pub army_front: Vec<(u8, bool)>,
    /// Production buildings: (building, face up).
    pub production: Vec<(u8, bool)>,
    pub passive: Vec<u8>,
    /// Statues: (symbol, large).
    pub statues: Vec<(u8, bool)>,
    /// Tapestries, each left to right.
    pub tapestries: Vec<Vec<u8>>,
    pub steps_left: u32,
    pub markers_left: u32,
    pub temple: usize,
    /// The section of the High Priest on the Coricancha (None before the first turn).
    pub priest: Option<usize>,
}

/// Readings of the open points (NOTES.md), fixed at setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Readings {
    /// A3: the Porter's "first worker in its segment" means first ever (true) or segment empty now.
    pub porter_first_ever: bool,
    /// A2: the Priest's God card is taken whether or not the potato was paid.
    pub priest_card_always: bool,
    /// A9: Conquest deployment simultaneous and secret (else seat by seat in turn order).
    pub simultaneous_deploy: bool,
    /// Solo difficulty: -1 easier, 0 normal, 1 harder.
    pub difficulty: i8,
}

/// What the active player has done this turn.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct TurnState {
    /// The God card paid to place a worker (goes to the Offerings at the end).
    pub used_card: Option<u8>,
    pub placed: bool,
    /// Sub-actions done: 0 priest, 1 pray, 2 train, 3 recruit.
    pub subs: Vec<u8>,
    pub built: bool,
    /// The God card whose statue bonus may still be taken (L241-244: before
    /// or after the tasks, once).
    pub bonus: Option<u8>,
}

/// The weaving tiles on offer during a Buy weavings task.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct WeaveOffer {
    pub buyer: usize,
    pub tiles: Vec<u8>,
    /// The tile that lay face up on the pile when they were drawn (public).
    pub top: Option<u8>,
    /// The buyer has decided: the leftovers are shown to everyone (L322-324).
    pub public: bool,
}

/// A decision one seat must take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// Setup: keep 3 of the dealt God cards (simultaneous).
    Keep,
    /// Use God cards for their benefits: setup (all dealt, `left` = 5) or Festival (up to `left` from hand).
    UseCards {
        festival: bool,
        left: usize,
    },
    /// Setup: choose a starting weaving.
    StartWeaving,
    /// First turn: place the High Priest.
    PriestStart,
    /// The turn's main choice (place, or a sub-action), plus free actions.
    Main,
    /// Statue bonus of the God card used for placement.
    Bonus {
        card: u8,
    },
    /// Warrior: take an adjacent non-Warrior worker.
    WarriorTake {
        space: u8,
    },
    /// Choose the tasks of a placed worker.
    Tasks {
        space: u8,
        count: u8,
    },
    /// The tasks left after those already chosen and done (L225-232): the
    /// next ones may be chosen after seeing what the first gave.
    MoreTasks {
        space: u8,
        count: u8,
        done: Vec<Task>,
    },
    StepSpace,
    Build {
        swapped: bool,
    },
    /// Statue: `paid` = the Build statue task; else a free statue of the given size.
    Statue {
        paid: bool,
        large: bool,
    },
    /// Buy weavings: discard extra tiles first (Z08).
    DropTile {
        left: u8,
    },
    Buy,
    /// Where to add a weaving tile.
    PutTile {
        tile: u8,
    },
    Leftover,
    TrainKeep {
        cards: Vec<u8>,
    },
    Produce1,
    GodSource,
    FreeWeaving,
    Nomad,
    /// Flip face-down items up: `left` more, `free` of them free, then `cost` each.
    Recover {
        left: u8,
        free: u8,
        cost: [u32; 4],
        buildings_only: bool,
    },
    Choice {
        alts: Vec<Effect>,
    },
    /// Z16 (L590-591): recover 1 item free, before the production (`late`
    /// false; if not used, asked again after it) or after it.
    Z16Recover {
        late: bool,
    },
    /// An optional paid reward (merchant "pay 1 gold: temple", Z12).
    Optional {
        pay: [u32; 4],
        effect: Effect,
    },
    /// The active player: perform the activated action or take gold.
    HpChoice {
        action: HpAction,
    },
    Worship {
        active: bool,
    },
    Sacrifice {
        active: bool,
    },
    Produce {
        active: bool,
        flip_left: bool,
        /// A building was used: a flip now ends the action (L457).
        used: bool,
    },
    Casualty,
    Deploy {
        free: u8,
    },
    /// A9 option: every seat chooses its army cards at once, in secret.
    DeploySecret {
        free: u8,
    },
    Conquer,
    Hire,
    Dismiss,
    /// Festival: 1 potato per God card in hand; how much gold for the
    /// missing ones (A6). Computed when answered (free actions may change it).
    Feed,
    /// Pay `food` (potatoes or corn) plus `potato` (potatoes only), gold
    /// replacing any part (L177): which mix.
    Food {
        food: u32,
        potato: u32,
    },
}

/// An automatic step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    Effect(Effect),
    /// Perform tasks in order; a task that cannot be done loses the rest.
    Tasks(Vec<Task>),
    /// The Priest's compulsory God card.
    PriestCard,
    /// Draw the tiles for a Buy weavings task.
    WeaveDraw,
    /// Return unbought tiles to the bottom and reveal the new top.
    WeaveEnd,
    /// Offer the leftovers to the others in turn order from the buyer.
    WeaveLeftovers,
    Train,
    Merchant,
    /// Activation triggers and the HP choice of a High Priest move.
    Activate(HpAction),
    /// After the active choice: the others join, in turn order.
    HpOthers {
        action: HpAction,
        active_did: bool,
    },
    ConquestPlace {
        active_did: bool,
    },
    EndSetup,
    TurnStart,
    EndTurn,
    LimitCheck,
    Offerings,
    NextTurn,
    Festival(u8),
    Solo,
    /// After the tasks: the statue bonus not yet taken is offered (L242).
    BonusLate,
    /// After a Production: the Z16 recovery not taken before it is offered.
    Z16After,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Ask(usize, Ask),
    Do(usize, Step),
}

/// Axomama's board and memory (solo only).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct SoloState {
    /// The 4 slid-in God cards.
    pub slots: Vec<u8>,
    /// Cell of each number token, in data order.
    pub tokens: Vec<usize>,
    /// Index into the personality list, None at the easier level.
    pub personality: Option<usize>,
    pub placed_once: bool,
    pub last_roll: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(with = "crate::engine::shared::by_name")]
    pub data: Shared<Data>,
    /// Seats (1 in solo).
    pub seats: usize,
    pub solo: bool,
    pub readings: Readings,
    pub players: Vec<Player>,
    /// Worker type on each hill space.
    pub hill: Vec<Option<u8>>,
    /// Segments (section * 3 + terrace) where a worker was ever placed.
    pub segment_used: Vec<bool>,
    pub steps: Vec<Option<u8>>,
    pub rotation: usize,
    /// The Village queue; index 0 is the potato end.
    pub village: Vec<u8>,
    pub nomads: Vec<u8>,
    pub casualties: Vec<u8>,
    pub bag: Vec<u8>,
    /// Top is the last element.
    pub god_deck: Vec<u8>,
    /// Oldest first.
    pub offerings: Vec<u8>,
    /// Setup: the God cards used for their benefits, returned to the deck at the end.
    pub setup_used: Vec<u8>,
    pub army_deck: Vec<u8>,
    pub army_discard: Vec<u8>,
    /// Top (face up) is the last element.
    pub weaving_pile: Vec<u8>,
    pub start_weavings: Vec<u8>,
    pub prod_pile: Vec<u8>,
    pub pass_pile: Vec<u8>,
    pub market_prod: Vec<u8>,
    pub market_pass: Vec<u8>,
    /// Statue supply per symbol: (small, large).
    pub statues: Vec<(u32, u32)>,
    pub conquest: Vec<Option<u8>>,
    pub festivals_done: usize,
    pub festival_holder: Option<usize>,
    /// A Festival is being resolved (its decisions are not part of a turn).
    pub festival_running: bool,
    /// A Festival was resolved at the start of the current turn.
    pub festival_held_this_turn: bool,
    pub current: usize,
    pub first_turn_done: Vec<bool>,
    /// Seats that left the game: their decisions are taken by the timeout default.
    pub dropped: Vec<bool>,
    pub turn: TurnState,
    pub offer: WeaveOffer,
    /// Weaving tiles put under the pile unseen by the others (Z08 discards,
    /// L577-578): (tile, the seat that saw it).
    pub weaving_secret: Vec<(u8, usize)>,
    /// A9 option: the secret deployment choices (cards, free cards) until all have chosen.
    pub secret_deploy: Vec<Option<(Vec<u8>, u8)>>,
    pub stack: Vec<Item>,
    pub over: bool,
    pub final_scores: Option<Vec<u32>>,
    pub axo: SoloState,
    pub rng: Rng,
}

/// Decisions taken by several seats at once.
pub fn simultaneous(a: &Ask) -> bool {
    matches!(a, Ask::Keep | Ask::DeploySecret { .. })
}

impl State {
    pub fn d(&self) -> &Data {
        &self.data
    }

    /// Players in the game (including Axomama in solo).
    pub fn np(&self) -> usize {
        self.players.len()
    }

    pub fn is_bot(&self, p: usize) -> bool {
        self.solo && p == 1
    }

    /// The action on the Coricancha space of `section`.
    pub fn action_at(&self, section: usize) -> HpAction {
        self.d().coricancha[(section + self.rotation) % 5]
    }

    pub fn section_of(&self, action: HpAction) -> usize {
        (0..5).find(|&s| self.action_at(s) == action).unwrap_or(0)
    }

    pub fn has_passive(&self, p: usize, code: &str) -> bool {
        let d = self.d();
        // The harder Axomama flips/discards 1 soldier fewer, as Z13 (L806).
        if self.is_bot(p) && self.readings.difficulty > 0 && code == "conquest_discount_1" {
            return true;
        }
        self.players.get(p).is_some_and(|pl| {
            pl.passive.iter().any(|&b| {
                d.passive.get(b as usize).and_then(|x| x.passive.as_deref()) == Some(code)
            })
        }) && (!self.is_bot(p) || {
            let id = d
                .passive_by_code(code)
                .and_then(|i| d.passive.get(i))
                .map(|b| b.id.clone())
                .unwrap_or_default();
            d.solo.uses_passives.contains(&id)
        })
    }

    /// Seats in turn order starting with `from`.
    pub fn order_from(&self, from: usize) -> Vec<usize> {
        (0..self.np()).map(|i| (from + i) % self.np()).collect()
    }

    pub fn offerings_capacity(&self) -> usize {
        self.d().rules.offerings_capacity[self.np().min(4)]
    }
}
