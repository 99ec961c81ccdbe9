//! The game state: the board, the decks and piles, each player's holdings, and
//! the stack of pending steps and decisions that drives the flow of play;
//! and the rule arithmetic on it that the legal lists and the handlers share
//! (payments with gold as the joker, food and task counts of a placement,
//! task orders, tile places, soldiers).

use super::command::Bld;
use super::data::{
    Data, Effect, HpAction, SpaceColour, Task, ARCHITECT, ARTISAN, GOLD, PORTER, PRIEST, WARRIOR,
};
use crate::engine::{OnWrite, Rng, Shared};
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

/// A seat's secret deployment (A9) once chosen: the cards and the free cards.
pub type SecretDeploy = Option<(Vec<u8>, u8)>;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(with = "crate::engine::shared::by_name")]
    pub data: Shared<Data>,
    /// Seats (1 in solo).
    pub seats: usize,
    pub solo: bool,
    pub readings: Readings,
    /// Each player's part, shared by the state's copies until it changes.
    pub players: Vec<OnWrite<Player>>,
    /// Worker type on each hill space.
    pub hill: OnWrite<Vec<Option<u8>>>,
    /// Segments (section * 3 + terrace) where a worker was ever placed.
    pub segment_used: OnWrite<Vec<bool>>,
    pub steps: OnWrite<Vec<Option<u8>>>,
    pub rotation: usize,
    /// The Village queue; index 0 is the potato end.
    pub village: OnWrite<Vec<u8>>,
    pub nomads: OnWrite<Vec<u8>>,
    pub casualties: OnWrite<Vec<u8>>,
    pub bag: OnWrite<Vec<u8>>,
    /// Top is the last element.
    pub god_deck: OnWrite<Vec<u8>>,
    /// Oldest first.
    pub offerings: OnWrite<Vec<u8>>,
    /// Setup: the God cards used for their benefits, returned to the deck at the end.
    pub setup_used: OnWrite<Vec<u8>>,
    pub army_deck: OnWrite<Vec<u8>>,
    pub army_discard: OnWrite<Vec<u8>>,
    /// Top (face up) is the last element.
    pub weaving_pile: OnWrite<Vec<u8>>,
    pub start_weavings: OnWrite<Vec<u8>>,
    pub prod_pile: OnWrite<Vec<u8>>,
    pub pass_pile: OnWrite<Vec<u8>>,
    pub market_prod: OnWrite<Vec<u8>>,
    pub market_pass: OnWrite<Vec<u8>>,
    /// Statue supply per symbol: (small, large).
    pub statues: OnWrite<Vec<(u32, u32)>>,
    pub conquest: OnWrite<Vec<Option<u8>>>,
    pub festivals_done: usize,
    pub festival_holder: Option<usize>,
    /// A Festival is being resolved (its decisions are not part of a turn).
    pub festival_running: bool,
    /// A Festival was resolved at the start of the current turn.
    pub festival_held_this_turn: bool,
    pub current: usize,
    pub first_turn_done: OnWrite<Vec<bool>>,
    /// Seats that left the game: their decisions are taken by the timeout default.
    pub dropped: OnWrite<Vec<bool>>,
    pub turn: TurnState,
    pub offer: WeaveOffer,
    /// Weaving tiles put under the pile unseen by the others (Z08 discards,
    /// L577-578): (tile, the seat that saw it).
    pub weaving_secret: OnWrite<Vec<(u8, usize)>>,
    /// A9 option: the secret deployment choices (cards, free cards) until all have chosen.
    pub secret_deploy: OnWrite<Vec<SecretDeploy>>,
    pub stack: Vec<Item>,
    pub over: bool,
    pub final_scores: Option<Vec<u32>>,
    pub axo: OnWrite<SoloState>,
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

// What the state allows, as the rules count it: payments (gold as the
// joker), food and task counts of a placement, the market and open steps.
// Both the legal lists and the handlers rest on these.

/// Ring distance between two of the 5 sections: 0 same, 1 adjacent, 2 not adjacent.
pub fn section_distance(a: usize, b: usize) -> usize {
    let d = (a + 5 - b % 5) % 5;
    d.min(5 - d).min(2)
}

/// Can `have` pay `cost`, gold covering any shortfall (L177)?
pub fn can_pay(have: &[u32; 4], cost: &[u32; 4]) -> bool {
    pay(have, cost).is_some()
}

/// `have` after paying `cost`: each resource from its own kind first, gold
/// replacing what is missing (only when necessary).
pub fn pay(have: &[u32; 4], cost: &[u32; 4]) -> Option<[u32; 4]> {
    let mut out = *have;
    let mut gold_needed = cost[GOLD];
    for i in 0..3 {
        if out[i] >= cost[i] {
            out[i] -= cost[i];
        } else {
            gold_needed += cost[i] - out[i];
            out[i] = 0;
        }
    }
    if out[GOLD] < gold_needed {
        return None;
    }
    out[GOLD] -= gold_needed;
    Some(out)
}

/// One way to pay a food cost: potatoes, corn and gold given (gold is the
/// joker, L177: the player may give it for any part).
pub type FoodMix = [u32; 3];

/// Every way to pay `food` (potatoes or corn) plus `potato` (potatoes only),
/// gold replacing any part (L177), from `have` keeping `reserve_gold` back
/// for another part of the same cost. Potatoes-first comes first (the old
/// automatic payment, the timeout default).
pub fn food_mixes(have: &[u32; 4], food: u32, potato: u32, reserve_gold: u32) -> Vec<FoodMix> {
    let total = food + potato;
    let Some(gold) = have[GOLD].checked_sub(reserve_gold) else {
        return vec![];
    };
    let mut out = Vec::new();
    for g in 0..=total.min(gold) {
        for c in 0..=(total - g).min(food).min(have[1]) {
            let p = total - g - c;
            if p <= have[0] {
                out.push([p, c, g]);
            }
        }
    }
    out
}

/// Can `have` pay `food` plus `potato` in some mix (`food_mixes` not empty)?
pub fn can_pay_food(have: &[u32; 4], food: u32, potato: u32, reserve_gold: u32) -> bool {
    let Some(gold) = have[GOLD].checked_sub(reserve_gold) else {
        return false;
    };
    have[0] + gold >= potato && have[0] + have[1].min(food) + gold >= food + potato
}

/// `have` after paying `mix`, if it holds that much.
pub fn pay_mix(have: &[u32; 4], mix: &FoodMix) -> Option<[u32; 4]> {
    let mut out = *have;
    out[0] = out[0].checked_sub(mix[0])?;
    out[1] = out[1].checked_sub(mix[1])?;
    out[GOLD] = out[GOLD].checked_sub(mix[2])?;
    Some(out)
}

/// Festival feeding (L505-506): the potatoes owed for the God cards in hand.
pub fn festival_need(d: &Data, pl: &Player) -> u32 {
    pl.gods.len() as u32 * d.rules.festival_potato_per_card
}

/// The potatoes owed that the potatoes held cannot pay (gold may, A6).
pub fn festival_short(d: &Data, pl: &Player) -> u32 {
    festival_need(d, pl).saturating_sub(pl.res[0])
}

/// The food cost of placing on `space` for player `p` (section + descent −
/// steps − porter).
pub fn food(s: &State, p: usize, space: usize, porter: bool) -> u32 {
    food_parts(s, p, space, porter, |_| {})
}

/// The food cost of placing on `space` for player `p`, and the owners of the
/// steps used (one entry per step).
pub fn food_cost(s: &State, p: usize, space: usize, porter: bool) -> (u32, Vec<u8>) {
    let mut owners = Vec::new();
    let total = food_parts(s, p, space, porter, |o| owners.push(o));
    (total, owners)
}

/// The food cost (L194-207, L270-272), telling `step_owner` the owner of
/// each step that lowers it.
fn food_parts(
    s: &State,
    p: usize,
    space: usize,
    porter: bool,
    mut step_owner: impl FnMut(u8),
) -> u32 {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return 0;
    };
    let priest = s
        .players
        .get(p)
        .and_then(|pl| pl.priest)
        .unwrap_or(sp.section);
    let section = d.rules.section_cost[section_distance(priest, sp.section)];
    let mut descent = d.rules.descent_cost[sp.terrace.min(2)];
    for (i, st) in d.steps.iter().enumerate() {
        if st.section == sp.section && st.discounts.contains(&sp.terrace) {
            if let Some(Some(owner)) = s.steps.get(i) {
                descent = descent.saturating_sub(d.rules.step_discount);
                step_owner(*owner);
            }
        }
    }
    let total = section + descent;
    if porter {
        total.saturating_sub(d.rules.porter_discount)
    } else {
        total
    }
}

/// The number of tasks of a worker of type `colour` placed on `space` in the
/// role `role` (L216-218, L262-278).
pub fn task_count(
    s: &State,
    p: usize,
    space: usize,
    colour: u8,
    role: u8,
    priest_potato: bool,
) -> u8 {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return 1;
    };
    let mut n: u8 = 1;
    let swap = s.has_passive(p, "artisan_architect_swap");
    let on_blue = sp.colour == SpaceColour::Blue;
    let on_green = sp.colour == SpaceColour::Green;
    match role {
        ARCHITECT if on_blue || (swap && on_green) => n += 1,
        ARTISAN if on_green || (swap && on_blue) => n += 1,
        PORTER if porter_first(s, space) => n += 1,
        PRIEST if priest_potato => n += 1,
        WARRIOR if s.has_passive(p, "warrior_plus_2_tasks") => n += 2,
        _ => {}
    }
    for &a in &sp.adjacent {
        if s.hill.get(a).copied().flatten() == Some(colour) {
            n += 1;
        }
    }
    n
}

/// Is a Porter on `space` the first worker of its segment (A3)?
pub fn porter_first(s: &State, space: usize) -> bool {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return false;
    };
    let seg = sp.section * 3 + sp.terrace;
    if s.readings.porter_first_ever {
        !s.segment_used.get(seg).copied().unwrap_or(true)
    } else {
        !d.spaces.iter().enumerate().any(|(i, o)| {
            o.section == sp.section
                && o.terrace == sp.terrace
                && s.hill.get(i).copied().flatten().is_some()
        })
    }
}

/// The four market buildings.
pub fn market(s: &State) -> Vec<Bld> {
    s.market_prod
        .iter()
        .map(|&b| Bld::Prod(b))
        .chain(s.market_pass.iter().map(|&b| Bld::Pass(b)))
        .collect()
}

pub fn bld_cost(s: &State, b: Bld) -> [u32; 4] {
    let d = s.d();
    match b {
        Bld::Prod(i) => d
            .production
            .get(i as usize)
            .map(|x| x.cost)
            .unwrap_or([99; 4]),
        Bld::Pass(i) => d.passive.get(i as usize).map(|x| x.cost).unwrap_or([99; 4]),
    }
}

/// Step spaces that may be built now (empty; the upper one first, L290-291).
pub fn open_steps(s: &State) -> Vec<u8> {
    let d = s.d();
    (0..d.steps.len())
        .filter(|&i| {
            s.steps.get(i) == Some(&None)
                && d.steps[i]
                    .requires
                    .is_none_or(|r| matches!(s.steps.get(r), Some(Some(_))))
        })
        .map(|i| i as u8)
        .collect()
}

/// Is `seq` a legal order of at most `n` tasks on the three icons: each full
/// round of three uses every icon once, a last partial round uses different
/// icons (L225-232)? Stopping early is allowed (A7).
pub fn valid_task_sequence(icons: &[Task; 3], n: usize, seq: &[Task]) -> bool {
    if seq.len() > n {
        return false;
    }
    seq.chunks(3).all(|round| {
        round.iter().all(|t| icons.contains(t))
            && round
                .iter()
                .enumerate()
                .all(|(i, t)| !round[..i].contains(t))
    })
}

/// Every legal task order of `n` tasks that uses them all, or as many as the
/// distribution allows.
pub fn task_sequences(icons: &[Task; 3], n: usize) -> Vec<Vec<Task>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..n.min(12) {
        let mut next = Vec::new();
        for seq in &frontier {
            for t in icons {
                let mut s2: Vec<Task> = seq.clone();
                s2.push(*t);
                if valid_task_sequence(icons, n, &s2) {
                    next.push(s2);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
        if out.len() > 5000 {
            break;
        }
    }
    out
}

/// The places a tile may go: `None` = a new tapestry, `Some((i, right))` = an
/// end of tapestry `i` whose patterns all differ from the tile's (L332-338).
pub fn tile_targets(d: &Data, tapestries: &[Vec<u8>], tile: u8) -> Vec<Option<(usize, bool)>> {
    let Some(w) = d.weavings.get(tile as usize) else {
        return vec![];
    };
    let mut out = vec![None];
    for (i, t) in tapestries.iter().enumerate() {
        if t.iter()
            .all(|&x| d.weavings.get(x as usize).map(|o| o.pattern) != Some(w.pattern))
        {
            out.push(Some((i, false)));
            out.push(Some((i, true)));
        }
    }
    out
}

/// Is paying with `flip` and `discard` (army cards, by soldiers) a minimal
/// way to meet `need_flip` / `need_discard` (A8)? `discount` (Z13) lowers one
/// part by 1, at least 1 soldier in total.
pub fn soldiers_ok(
    flip: &[u32],
    discard: &[u32],
    need_flip: u32,
    need_discard: u32,
    discount: bool,
) -> bool {
    let f: u32 = flip.iter().sum();
    let dsum: u32 = discard.iter().sum();
    let meets = |nf: u32, nd: u32| {
        let cover = f >= nf && dsum >= nd;
        // minimal: dropping any card breaks the requirement
        let min_f = flip.iter().all(|&c| f - c < nf);
        let min_d = discard.iter().all(|&c| dsum - c < nd);
        cover && min_f && min_d && (nf > 0 || flip.is_empty()) && (nd > 0 || discard.is_empty())
    };
    if !discount {
        return meets(need_flip, need_discard);
    }
    let total = need_flip + need_discard;
    if total <= 1 {
        return meets(need_flip, need_discard);
    }
    (need_flip > 0 && meets(need_flip - 1, need_discard))
        || (need_discard > 0 && meets(need_flip, need_discard - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_on_the_ring() {
        assert_eq!(section_distance(0, 0), 0);
        assert_eq!(section_distance(0, 4), 1);
        assert_eq!(section_distance(0, 2), 2);
        assert_eq!(section_distance(3, 1), 2);
    }

    #[test]
    fn gold_replaces_only_what_is_missing() {
        assert_eq!(pay(&[1, 0, 3, 2], &[0, 1, 3, 0]), Some([1, 0, 0, 1]));
        assert_eq!(pay(&[0, 0, 1, 1], &[0, 0, 3, 0]), None);
    }

    #[test]
    fn food_mixes_list_every_split_with_gold_as_joker() {
        // 2 food from 1 potato, 2 corn, 1 gold: pp/pc/cc/pg/cg (L177).
        assert_eq!(
            food_mixes(&[1, 2, 0, 1], 2, 0, 0),
            vec![[1, 1, 0], [0, 2, 0], [1, 0, 1], [0, 1, 1]]
        );
        // 1 food + the Priest's potato: corn may not pay the potato part.
        assert_eq!(food_mixes(&[1, 2, 0, 0], 1, 1, 0), vec![[1, 1, 0]]);
        // The placement's gold is kept back.
        assert!(food_mixes(&[0, 0, 0, 1], 1, 0, 1).is_empty());
        assert!(can_pay_food(&[0, 1, 0, 1], 1, 1, 0));
        assert!(!can_pay_food(&[0, 2, 0, 0], 1, 1, 0));
    }

    #[test]
    fn even_distribution_of_tasks() {
        use Task::*;
        let icons = [Building, Potato, Stone];
        // Example 4 (L235-239): 5 tasks = the three once, then two different ones.
        assert!(valid_task_sequence(
            &icons,
            5,
            &[Building, Potato, Stone, Potato, Stone]
        ));
        assert!(!valid_task_sequence(
            &icons,
            5,
            &[Building, Potato, Stone, Stone, Stone]
        ));
        assert!(!valid_task_sequence(&icons, 2, &[Potato, Potato]));
        assert!(!valid_task_sequence(&icons, 2, &[Potato, Stone, Building]));
        // 0 (stop at once) .. 5 tasks: 1 + 3 + 6 + 6 + 18 + 36
        assert_eq!(task_sequences(&icons, 5).len(), 70);
    }

    #[test]
    fn minimal_soldiers() {
        // Example 8: flip 2 + discard 1 with a 2-soldier card flipped and a 1 discarded.
        assert!(soldiers_ok(&[2], &[1], 2, 1, false));
        assert!(!soldiers_ok(&[2, 1], &[1], 2, 1, false));
        assert!(soldiers_ok(&[1, 1], &[2], 2, 2, false));
        assert!(!soldiers_ok(&[], &[], 0, 1, false));
        assert!(soldiers_ok(&[1], &[], 2, 1, true) || soldiers_ok(&[2], &[], 2, 1, true));
    }
}
