//! The component data: the first-edition card set (`data/cards-2006.toml`),
//! the named card rules (`data/effects.toml`) and the player-board tables,
//! loaded and checked against the rulebook's deck totals at setup.

use crate::engine::{Named, Shared, Text};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

pub mod impact;

/// The card file shipped with the game (a copy of the project's
/// `data/tta/cards-2006.toml`; provenance in `data/README.md`).
pub const CARDS_FILE: &str = include_str!("data/cards-2006.toml");
/// Named rules for effects the card file gives only in words.
pub const EFFECTS_FILE: &str = include_str!("data/effects.toml");

/// Deck sizes the rulebook states (seed L98-110): 185 civil + 155 military
/// cards in the box; civil decks I-III hold 5 "3+" and 5 "4+" cards each.
pub const CIVIL_TOTAL: u32 = 185;
pub const MILITARY_TOTAL: u32 = 155;
pub const MARKED_PER_DECK: u32 = 5;
/// Civil cards per age deck at 4 players (seed L98-110 with the 3+/4+ rule:
/// the Age A deck is unmarked, decks I-III lose 5 cards per missing player).
pub const CIVIL_PER_AGE_4P: [u32; 4] = [20, 55, 55, 55];
/// Military cards per age at 4 players: 10 Age A cards (seed L141-150), and
/// the rest of the 155; pacts (3+ players only, seed L2372-2380) leave 2+4+4
/// cards out with 2 players (seed L1929-1936, L2883-2899).
pub const MILITARY_A: u32 = 10;
pub const PACTS_OUT_2P: u32 = 10;

/// The card row (seed L502-536): civil actions to take from each of the 13
/// slots.
pub const ROW_COSTS: [u8; 13] = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
/// Front slots cleared at each refill, by player count 2, 3, 4 (seed L734-740).
pub const ROW_REMOVAL: [usize; 3] = [3, 2, 1];

/// Starting layout of a player board (seed L181-200, L240-250, L289-301):
/// 25 yellow tokens of which 18 in the bank and 1 unused worker; 18 blue.
pub const YELLOW_TOKENS: u8 = 25;
pub const YELLOW_IN_BANK: u8 = 18;
pub const WORKERS_AT_START: u8 = 1;
pub const BLUE_TOKENS: u8 = 18;
/// Workers on the printed technologies at the start (seed L289-301).
pub const START_WORKERS: [(&str, u8); 5] = [
    ("board-A-agriculture", 2),
    ("board-A-bronze", 2),
    ("board-A-philosophy", 1),
    ("board-A-religion", 0),
    ("board-A-warriors", 1),
];
pub const START_GOVERNMENT: &str = "board-A-despotism";

/// One row of the yellow bank: from `min_left` tokens left upwards (until the
/// next row), the food to grow, the food eaten per turn and the happiness
/// required. Seed L215-239 gives the shape (first section: growth 2, eat 0;
/// empty bank: eat 6, no growth); the full numbers are the first-edition board
/// as given in the English spec §9.2 (external source E1).
#[derive(Clone, Copy, Debug)]
pub struct YellowRow {
    pub min_left: u8,
    pub growth_cost: Option<u8>,
    pub consumption: u8,
    pub required_happiness: u8,
}

pub const YELLOW_BANK: [YellowRow; 9] = [
    YellowRow {
        min_left: 17,
        growth_cost: Some(2),
        consumption: 0,
        required_happiness: 0,
    },
    YellowRow {
        min_left: 13,
        growth_cost: Some(3),
        consumption: 1,
        required_happiness: 1,
    },
    YellowRow {
        min_left: 11,
        growth_cost: Some(4),
        consumption: 2,
        required_happiness: 2,
    },
    YellowRow {
        min_left: 9,
        growth_cost: Some(4),
        consumption: 2,
        required_happiness: 3,
    },
    YellowRow {
        min_left: 7,
        growth_cost: Some(5),
        consumption: 3,
        required_happiness: 4,
    },
    YellowRow {
        min_left: 5,
        growth_cost: Some(5),
        consumption: 3,
        required_happiness: 5,
    },
    YellowRow {
        min_left: 3,
        growth_cost: Some(7),
        consumption: 4,
        required_happiness: 6,
    },
    YellowRow {
        min_left: 1,
        growth_cost: Some(7),
        consumption: 4,
        required_happiness: 7,
    },
    YellowRow {
        min_left: 0,
        growth_cost: None,
        consumption: 6,
        required_happiness: 8,
    },
];

/// Blue bank corruption (advanced/full only): from `min_left` tokens left, the
/// resources lost (seed L256-263 shape; numbers English spec §9.2, E1).
pub const BLUE_CORRUPTION: [(u8, u8); 4] = [(9, 0), (5, 2), (1, 4), (0, 6)];

/// Track limits (seed L332-447): science score 40, culture and science rate
/// 30, strength 60, happiness shown 0-8.
pub const SCIENCE_CAP: i32 = 40;
pub const RATE_CAP: i32 = 30;
pub const STRENGTH_CAP: i32 = 60;
pub const HAPPINESS_CAP: i32 = 8;
/// Famine: culture lost per food not paid (seed L1779-1784).
pub const FAMINE_CULTURE: i32 = 4;

/// The introductory final bonus (seed L1830-1845): culture per Age I
/// technology in play, per strength, per happiness (at most 16), per science
/// produced per round, per food and resource produced per round.
pub const BONUS_PER_AGE1_TECH: i32 = 2;
pub const BONUS_PER_STRENGTH: i32 = 2;
pub const BONUS_PER_HAPPY: i32 = 2;
pub const BONUS_HAPPY_MAX: i32 = 16;
pub const BONUS_PER_SCIENCE: i32 = 1;
pub const BONUS_PER_PRODUCE: i32 = 1;

/// Age A military card left out of the introductory game (seed L136-150);
/// the other 9 are its events.
pub const INTRO_REMOVED_EVENT: &str = "mil-A-development-of-politics";
pub const INTRO_EVENTS: usize = 9;
/// Military cards drawn at the end of a turn: one per unused military
/// action, at most 3 (seed L2016-2023).
pub const MILITARY_DRAW_MAX: u8 = 3;
/// Yellow tokens each civilization puts in the box from its yellow bank at
/// the end of Ages I, II and III in the full game (seed L3056-3064).
pub const YELLOW_LOST_AT_AGE_END: u8 = 2;

/// The advanced and full games deal as many Age A events as players plus 2
/// (seed L1926-1932, L2888-2891); the rest of Age A goes to the box unseen.
pub const EVENTS_OVER_PLAYERS: usize = 2;
/// The advanced game scores the first 4 Age III events turned up (seed L1945-1951).
pub const ADVANCED_SCORING_EVENTS: usize = 4;

/// An age: A = 0 (level 0), I = 1, II = 2, III = 3.
pub type Age = u8;

pub fn age_name(age: Age) -> &'static str {
    ["A", "I", "II", "III", "IV"]
        .get(age as usize)
        .copied()
        .unwrap_or("?")
}

/// The age as the Korean rulebook writes it (A, 1, 2, 3).
pub fn age_name_ko(age: Age) -> &'static str {
    ["A", "1", "2", "3", "4"]
        .get(age as usize)
        .copied()
        .unwrap_or("?")
}

fn parse_age(s: &str) -> Option<Age> {
    match s {
        "A" => Some(0),
        "I" => Some(1),
        "II" => Some(2),
        "III" => Some(3),
        _ => None,
    }
}

/// Copies of a 3+/4+-marked civil card (first edition).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Marks {
    pub unmarked: u32,
    pub plus3: u32,
    pub plus4: u32,
}

/// A territory's bonus (`permanent` while held, `immediate` once).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct TerritoryBonus {
    pub population: i32,
    pub military_cards: i32,
    pub food: i32,
    pub resources: i32,
    pub science: i32,
    pub culture: i32,
    pub yellow_tokens: i32,
    pub blue_tokens: i32,
    pub happy: i32,
    pub strength: i32,
}

/// Culture per worker on each kind of card (Fast Food Chains on completion).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct WorkerCulture {
    pub farm: i32,
    pub mine: i32,
    /// Urban buildings.
    pub urban: i32,
    /// Military units.
    pub unit: i32,
}

/// What one side of a pact gets while the pact is in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct PactSideBonus {
    pub red_tokens: i32,
    pub strength: i32,
    /// Culture produced each turn (in the culture rate).
    pub culture: i32,
    pub resources_per_turn: i32,
    pub food_per_turn: i32,
    /// Trade Routes Agreement: once per turn 1 food paid for 1 resource
    /// (side A), or 1 resource for 1 food (side B).
    pub food_for_resource: i32,
    pub resource_for_food: i32,
    /// Scientific Cooperation: science a technology costs less, and the
    /// science the partner pays when this side plays one.
    pub tech_science_discount: i32,
    pub partner_science_per_tech: i32,
    /// International Tourism: culture per turn per wonder the partner owns.
    pub culture_per_partner_wonder: i32,
}

/// The units of each type one army of a tactic needs.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Army {
    pub infantry: i32,
    pub cavalry: i32,
    pub artillery: i32,
}

/// `immediate`: a territory's one-time bonus, or a wonder's flag that its
/// effect happens once on completion.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Immediate {
    Flag(bool),
    Bonus(TerritoryBonus),
}

/// One card as the TOML holds it (fields the engine reads; others ignored).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct RawCard {
    pub id: String,
    pub deck: String,
    pub age: String,
    pub kind: String,
    pub name: String,
    pub name_ko: Option<String>,
    pub aliases: Vec<String>,
    pub copies: Option<Vec<u32>>,
    pub marks: Option<Marks>,
    pub science_cost: i32,
    pub revolution_science_cost: Option<i32>,
    pub build_cost: i32,
    pub stages: Vec<i32>,
    pub food: i32,
    pub resources: i32,
    pub science: i32,
    pub culture: i32,
    pub happy: i32,
    pub strength: i32,
    pub white_tokens: i32,
    pub red_tokens: i32,
    /// Blue tokens taken from the box while the card is in play (Justice
    /// System, Civil Service).
    pub blue_tokens: i32,
    pub urban_limit: i32,
    pub urban_discount: Vec<i32>,
    pub wonder_stages_per_action: i32,
    pub civil_hand_limit: i32,
    pub strength_per_infantry: i32,
    pub strength_per_artillery: i32,
    pub strength_per_cavalry: i32,
    pub strength_per_unit: i32,
    pub happiness_multiplier: i32,
    pub science_per_tech_taken: i32,
    pub military_resources_per_turn: i32,
    pub culture_per_warriors: i32,
    pub culture_warriors_max: i32,
    pub culture_per_cavalry: i32,
    /// James Cook: culture per colony each turn, and the extra each
    /// colonization bonus card he lets one play gives (a field added here,
    /// read from the card's text).
    pub culture_per_colony: i32,
    pub colonize_bonus_card_extra: i32,
    /// Christopher Columbus: territories colonized from the hand without an
    /// auction or units, once per game (a field added here, from the text).
    pub colonize_from_hand: i32,
    /// Genghis Khan: the tactic card is ignored.
    pub ignores_tactics: bool,
    /// Joan of Arc: culture scored when an aggression or war is played
    /// against this civilization.
    pub culture_when_attacked: i32,
    /// Library of Alexandria: the military hand limit rises.
    pub military_hand_limit: i32,
    pub growth_food_discount: i32,
    /// Age III wonders scored once on completion (`immediate = true`):
    /// culture per level of each building (each worker) on the kinds of
    /// card `levels_of` names (Hollywood, Internet; fields added here from
    /// the cards' texts, but Internet's factor).
    pub culture_per_level: i32,
    pub levels_of: Vec<String>,
    /// First Space Flight: culture per level of each technology card.
    pub culture_per_tech_level: i32,
    /// Fast Food Chains: culture per worker on each kind of card.
    pub culture_per_worker: Option<WorkerCulture>,
    /// Ocean Liner Service: growths a turn without a civil action, each
    /// costing its `growth_food_discount` less (that discount is of these
    /// growths only).
    pub free_growth_per_turn: i32,
    /// Transcontinental Railroad: one worker on the best mine with a worker
    /// produces 2 blue tokens instead of 1 (a field added here from the
    /// card's text).
    pub best_mine_doubled: bool,
    pub strength_per_temple_happy: i32,
    pub resources_per_tech_played: i32,
    pub population: i32,
    /// Military cards each player draws (Development of Politics).
    pub military_cards: i32,
    /// Territories: the bonus while held and the one at colonizing.
    pub permanent: Option<TerritoryBonus>,
    pub immediate: Option<Immediate>,
    /// Colonization bonus: permanent (Colossus, Cartography, …) or of a
    /// bonus card; `defense` is a bonus card's defence value.
    pub colonize: i32,
    pub defense: i32,
    pub action: Option<String>,
    pub amount: i32,
    /// Action cards whose magnitude depends on the number of players:
    /// [2 players, 3 players, 4 players].
    pub amount_by_players: Vec<i32>,
    pub removed_in_2p: bool,
    /// Tactics: the units one army needs, its bonus, and the bonus of an
    /// army with a unit more than one age older than the card (L2790-2826).
    pub army: Option<Army>,
    pub bonus: i32,
    pub bonus_obsolete: Option<i32>,
    /// Aggressions and wars: military actions spent (`red_cost_rule`: the
    /// level of the target leader or wonder instead).
    pub red_cost: i32,
    pub red_cost_rule: Option<String>,
    /// What a successful aggression does (see `apply/aggression.rs`).
    pub target_population: i32,
    pub attacker_resources: i32,
    pub steal_food_or_resources: i32,
    pub steal_science: i32,
    pub steal_culture: i32,
    pub buildings_destroyed: i32,
    pub culture_per_red: i32,
    /// Annex: colonies the winner takes (a field added here, read from the
    /// card's text).
    pub colonies_taken: i32,
    /// Pacts (seed L2373-2472): what sides A and B get while in force;
    /// `no_attack`, `ends_on_attack` and Open Borders' `attacker_strength`
    /// are fields added here, read from the cards' texts.
    pub symmetric: bool,
    pub a: Option<PactSideBonus>,
    pub b: Option<PactSideBonus>,
    pub no_attack: bool,
    pub ends_on_attack: bool,
    pub attacker_strength: i32,
    /// Wars: what the winner takes from the loser (a field added here, read
    /// from the card's text; see `apply/war.rs`).
    pub war: Option<WarSpoil>,
    /// Loss of Sovereignty: nobody may declare war on side B (from the
    /// card's text).
    pub no_war_on_b: bool,
    /// Cards of the full game only: the Age II wars leave the advanced game (seed L1921-1922).
    pub removed_in_advanced: bool,
    /// An Age III event scored at the end (its terms: `[[impact]]`).
    pub scoring: Option<bool>,
    pub effect: Option<String>,
    /// The effect in our own Korean wording.
    pub effect_ko: Option<String>,
}

/// What a war's winner takes from the loser, scaled by the difference of
/// strengths (seed L2997-3005; the cards' texts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarSpoil {
    /// Culture equal to the difference (War over Culture).
    Culture,
    /// Food and resources totalling the difference (War over Resources).
    FoodAndResources,
    /// Science equal to the difference, or special technologies counted at
    /// their science cost (War over Technology).
    Science,
    /// One yellow token plus one per 3 of the difference (War over Territory).
    Yellow,
    /// One population per 3 of the difference, 3 culture each to the winner
    /// (Holy War).
    Population,
}

#[derive(Deserialize)]
struct RawFile {
    edition: String,
    card: Vec<RawCard>,
}

/// What sort of card, as the rules treat it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Farm,
    Mine,
    Urban(Urban),
    Unit(Unit),
    Government,
    Special(Special),
    Wonder,
    Leader,
    Action,
    Event,
    /// Military cards of the advanced and full games.
    Territory,
    Tactic,
    Aggression,
    War,
    Pact,
    /// Defence / colonization bonus cards.
    Bonus,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Urban {
    Lab,
    Temple,
    Arena,
    Library,
    Theater,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Unit {
    Infantry,
    Cavalry,
    Artillery,
    AirForce,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Special {
    Military,
    Civil,
    Colonization,
    Construction,
}

impl Kind {
    fn from_str(s: &str) -> Option<Kind> {
        Some(match s {
            "farm" => Kind::Farm,
            "mine" => Kind::Mine,
            "lab" => Kind::Urban(Urban::Lab),
            "temple" => Kind::Urban(Urban::Temple),
            "arena" => Kind::Urban(Urban::Arena),
            "library" => Kind::Urban(Urban::Library),
            "theater" => Kind::Urban(Urban::Theater),
            "infantry" => Kind::Unit(Unit::Infantry),
            "cavalry" => Kind::Unit(Unit::Cavalry),
            "artillery" => Kind::Unit(Unit::Artillery),
            "air_force" => Kind::Unit(Unit::AirForce),
            "government" => Kind::Government,
            "special_military" => Kind::Special(Special::Military),
            "special_civil" => Kind::Special(Special::Civil),
            "special_colonization" => Kind::Special(Special::Colonization),
            "special_construction" => Kind::Special(Special::Construction),
            "wonder" => Kind::Wonder,
            "leader" => Kind::Leader,
            "action" => Kind::Action,
            "event" => Kind::Event,
            "territory" => Kind::Territory,
            "tactic" => Kind::Tactic,
            "aggression" => Kind::Aggression,
            "war" => Kind::War,
            "pact" => Kind::Pact,
            "bonus" => Kind::Bonus,
            _ => return None,
        })
    }

    /// The word commands use for the kind of a building or unit.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Farm => "farm",
            Kind::Mine => "mine",
            Kind::Urban(Urban::Lab) => "lab",
            Kind::Urban(Urban::Temple) => "temple",
            Kind::Urban(Urban::Arena) => "arena",
            Kind::Urban(Urban::Library) => "library",
            Kind::Urban(Urban::Theater) => "theater",
            Kind::Unit(Unit::Infantry) => "infantry",
            Kind::Unit(Unit::Cavalry) => "cavalry",
            Kind::Unit(Unit::Artillery) => "artillery",
            Kind::Unit(Unit::AirForce) => "air-force",
            Kind::Government => "government",
            Kind::Special(_) => "special",
            Kind::Wonder => "wonder",
            Kind::Leader => "leader",
            Kind::Action => "action",
            Kind::Event => "event",
            Kind::Territory => "territory",
            Kind::Tactic => "tactic",
            Kind::Aggression => "aggression",
            Kind::War => "war",
            Kind::Pact => "pact",
            Kind::Bonus => "bonus",
        }
    }

    /// The Korean word for the same.
    pub fn word_ko(self) -> &'static str {
        match self {
            Kind::Farm => "농장",
            Kind::Mine => "광산",
            Kind::Urban(Urban::Lab) => "연구실",
            Kind::Urban(Urban::Temple) => "신전",
            Kind::Urban(Urban::Arena) => "경기장",
            Kind::Urban(Urban::Library) => "도서관",
            Kind::Urban(Urban::Theater) => "극장",
            Kind::Unit(Unit::Infantry) => "보병",
            Kind::Unit(Unit::Cavalry) => "기병",
            Kind::Unit(Unit::Artillery) => "포병",
            Kind::Unit(Unit::AirForce) => "전투기",
            Kind::Government => "정부",
            Kind::Special(_) => "특수 기술",
            Kind::Wonder => "문화 유산",
            Kind::Leader => "지도자",
            Kind::Action => "행동 카드",
            Kind::Event => "이벤트",
            Kind::Territory => "영토",
            Kind::Tactic => "전술",
            Kind::Aggression => "침략",
            Kind::War => "전쟁",
            Kind::Pact => "조약",
            Kind::Bonus => "방어/식민지 점령 보너스",
        }
    }

    /// Technologies a worker stands on (farms, mines, urban buildings, units).
    pub fn holds_workers(self) -> bool {
        matches!(
            self,
            Kind::Farm | Kind::Mine | Kind::Urban(_) | Kind::Unit(_)
        )
    }

    /// Cards of the military decks.
    pub fn is_military(self) -> bool {
        matches!(
            self,
            Kind::Event
                | Kind::Territory
                | Kind::Tactic
                | Kind::Aggression
                | Kind::War
                | Kind::Pact
                | Kind::Bonus
        )
    }

    /// Cards a political action may prepare as a future event (seed L2085-2100).
    pub fn is_future_event(self) -> bool {
        matches!(self, Kind::Event | Kind::Territory)
    }

    pub fn is_technology(self) -> bool {
        self.holds_workers() || matches!(self, Kind::Government | Kind::Special(_))
    }
}

/// The action an action card performs (the `action` code of the card file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionCode {
    WonderStageDiscount,
    GrowThenFood,
    NewUrbanDiscount,
    MilitaryBoost,
    ScoreScience,
    ScoreCulture,
    NewFarmMineDiscount,
    ProduceFood,
    ProduceResources,
    DevelopThenScience,
    UpgradeDiscount,
    /// Culture for each civilization with more culture (Endowment for the Arts).
    CulturePerRicher,
    /// Resources for military units this turn for each stronger
    /// civilization (Wave of Nationalism, Military Build-Up).
    MilitaryResourcesPerStronger,
    /// Action cards of later ages not yet implemented.
    Other,
}

impl ActionCode {
    fn from_str(s: &str) -> ActionCode {
        match s {
            "wonder_stage_discount" => ActionCode::WonderStageDiscount,
            "grow_then_food" => ActionCode::GrowThenFood,
            "new_urban_discount" => ActionCode::NewUrbanDiscount,
            "military_boost" => ActionCode::MilitaryBoost,
            "score_science" => ActionCode::ScoreScience,
            "score_culture" => ActionCode::ScoreCulture,
            "new_farm_mine_discount" => ActionCode::NewFarmMineDiscount,
            "produce_food" => ActionCode::ProduceFood,
            "produce_resources" => ActionCode::ProduceResources,
            "develop_then_science" => ActionCode::DevelopThenScience,
            "upgrade_discount" => ActionCode::UpgradeDiscount,
            "culture_per_richer" => ActionCode::CulturePerRicher,
            "military_resources_per_stronger" => ActionCode::MilitaryResourcesPerStronger,
            _ => ActionCode::Other,
        }
    }
}

/// Whom a military event touches. Rankings break ties in turn order from
/// the active player, who is favoured (NOTES.md; seed L2113-2122).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    All,
    Strongest,
    Weakest,
    /// The two strongest; with two players the stronger (seed L2113-2120).
    TwoStrongest,
    TwoWeakest,
    MostCulture,
    LeastCulture,
    /// Every civilization with the most happy faces (ties all count).
    MostHappy,
    /// The civilization with the most culture, if it is one of the two weakest.
    MostCultureIfTwoWeakest,
}

/// What a military event does to each civilization it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// Culture (a loss when negative; culture stays at 0 or more).
    Culture,
    Science,
    Food,
    Resources,
    /// Population: grow for free, or lose workers (unused ones first).
    Population,
    /// Blue tokens lost from the bank to the box.
    BlueTokens,
    /// A yellow token from the weakest's yellow bank to the strongest's.
    YellowToStrongest,
    CultureFromCultureRate,
    ScienceFromScienceRate,
    CultureFromScienceRate,
    /// Farms produce now, no consumption.
    FarmsProduce,
    /// Mines produce now, no corruption.
    MinesProduce,
    /// Farms and mines produce now, with consumption and corruption.
    FarmsAndMinesWithUpkeep,
    LoseAllFood,
    /// Culture per discontent worker (negative value: a loss).
    CulturePerDiscontent,
    /// Half the discontent workers, rounded up, go back to the yellow bank.
    LoseHalfDiscontent,
    /// Leaders not of the current age are discarded.
    OldLeadersLeave,
    /// A total of food and resources, split as the seat chooses: produced
    /// (positive value) or lost (negative) (Foray, Raiders).
    FoodOrResourcesChoice,
    /// Civil actions lost on the seat's next turn per discontent worker
    /// (`value` negative; Rebellion).
    CivilActionsPerDiscontent,
    /// The seat destroys a farm, mine or urban building of its choice
    /// (Border Conflict).
    LoseBuildingChoice,
    /// The seat gives up a colony of its choice (Independence Declaration).
    LoseColonyChoice,
    /// The seat may take civil cards from the row worth up to `value` civil
    /// actions, giving up its next political action (International
    /// Agreement).
    TakeCardsChoice,
    /// The seat turns an Age A or I wonder face down (Ravages of Time).
    RavageWonderChoice,
    /// The seat destroys an urban building of each other civilization
    /// (Terrorism).
    DestroyUrbanChoice,
}

/// Culture a wonder turned face down by Ravages of Time produces each turn,
/// instead of all its effects (the card's text).
pub const RAVAGED_WONDER_CULTURE: i32 = 2;

/// One effect of a military event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventEffect {
    pub who: Who,
    pub gain: Gain,
    pub value: i32,
}

#[derive(Deserialize)]
struct RawEvent {
    card: String,
    who: String,
    gain: String,
    #[serde(default)]
    value: i32,
}

fn read_event(r: &RawEvent) -> Result<EventEffect, String> {
    let who = match r.who.as_str() {
        "all" => Who::All,
        "strongest" => Who::Strongest,
        "weakest" => Who::Weakest,
        "two_strongest" => Who::TwoStrongest,
        "two_weakest" => Who::TwoWeakest,
        "most_culture" => Who::MostCulture,
        "least_culture" => Who::LeastCulture,
        "most_happy" => Who::MostHappy,
        "most_culture_if_two_weakest" => Who::MostCultureIfTwoWeakest,
        other => return Err(format!("effects: {}: unknown who {other}", r.card)),
    };
    let gain = match r.gain.as_str() {
        "culture" => Gain::Culture,
        "science" => Gain::Science,
        "food" => Gain::Food,
        "resources" => Gain::Resources,
        "population" => Gain::Population,
        "blue_tokens" => Gain::BlueTokens,
        "yellow_to_strongest" => Gain::YellowToStrongest,
        "culture_from_culture_rate" => Gain::CultureFromCultureRate,
        "science_from_science_rate" => Gain::ScienceFromScienceRate,
        "culture_from_science_rate" => Gain::CultureFromScienceRate,
        "farms_produce" => Gain::FarmsProduce,
        "mines_produce" => Gain::MinesProduce,
        "farms_and_mines_with_upkeep" => Gain::FarmsAndMinesWithUpkeep,
        "lose_all_food" => Gain::LoseAllFood,
        "culture_per_discontent" => Gain::CulturePerDiscontent,
        "lose_half_discontent" => Gain::LoseHalfDiscontent,
        "old_leaders_leave" => Gain::OldLeadersLeave,
        "food_or_resources_choice" => Gain::FoodOrResourcesChoice,
        "civil_actions_per_discontent" => Gain::CivilActionsPerDiscontent,
        "lose_building_choice" => Gain::LoseBuildingChoice,
        "lose_colony_choice" => Gain::LoseColonyChoice,
        "take_cards_choice" => Gain::TakeCardsChoice,
        "ravage_wonder_choice" => Gain::RavageWonderChoice,
        "destroy_urban_choice" => Gain::DestroyUrbanChoice,
        other => return Err(format!("effects: {}: unknown gain {other}", r.card)),
    };
    Ok(EventEffect {
        who,
        gain,
        value: r.value,
    })
}

/// Puts each `[[event]]` effect on its card, in the file's order.
fn attach_events(cards: &mut [Card], events: &[RawEvent]) -> Result<(), String> {
    for r in events {
        let effect = read_event(r)?;
        let card = cards
            .iter_mut()
            .find(|c| c.raw.id == r.card)
            .ok_or_else(|| format!("effects: no card {}", r.card))?;
        card.events.push(effect);
    }
    Ok(())
}

/// A named rule from `effects.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleName {
    Inactive,
    BestLabLevelBonus,
    CulturePerHappyFace,
    WonderTakeDiscount,
    RecruitFoodDiscount,
    RecruitResourceDiscount,
    RedTokensThisTurn,
    ChooseFoodOrResources,
    FreeBuild,
    /// Spent civil actions given back when a technology is played (Newton).
    CivilActionsBackPerTechnology,
    /// Culture scored when a technology is played (Einstein).
    CulturePerTechnology,
    /// Culture per library building, and per library-theater pair (Shakespeare).
    CulturePerLibrary,
    CulturePerLibraryTheaterPair,
    /// Each lab building makes culture equal to its level and this much
    /// science less (Alex Randolph).
    LabCultureForScience,
    /// The best theater with a worker makes its culture once more (Elvis
    /// Presley).
    BestTheaterTwice,
    /// J. S. Bach: theater technologies cost this much science less, a
    /// theater this many resources less to build, each theater building
    /// this much more culture.
    TheaterScienceDiscount,
    TheaterBuildDiscount,
    CulturePerTheater,
    /// Winston Churchill: unit technologies cost this much science less;
    /// defence bonus cards count this many times; while a war is declared
    /// on the civilization, a new unit costs this many resources less.
    UnitScienceDiscount,
    DefenceCardMultiplier,
    UnitBuildDiscountAtWar,
    /// Bill Gates: each lab building makes this many resources per level;
    /// every other civilization pays this much more to build or upgrade a
    /// lab or a library.
    ResourcesPerLabLevel,
    LabLibrarySurchargeForOthers,
}

/// A rule's name in `effects.toml` as the code knows it.
fn rule_name(word: &str) -> Result<RuleName, String> {
    Ok(match word {
        "inactive" => RuleName::Inactive,
        "best_lab_level_bonus" => RuleName::BestLabLevelBonus,
        "culture_per_happy_face" => RuleName::CulturePerHappyFace,
        "wonder_take_discount" => RuleName::WonderTakeDiscount,
        "recruit_food_discount" => RuleName::RecruitFoodDiscount,
        "recruit_resource_discount" => RuleName::RecruitResourceDiscount,
        "red_tokens_this_turn" => RuleName::RedTokensThisTurn,
        "choose_food_or_resources" => RuleName::ChooseFoodOrResources,
        "free_build" => RuleName::FreeBuild,
        "civil_actions_back_per_technology" => RuleName::CivilActionsBackPerTechnology,
        "culture_per_library" => RuleName::CulturePerLibrary,
        "culture_per_technology" => RuleName::CulturePerTechnology,
        "culture_per_library_theater_pair" => RuleName::CulturePerLibraryTheaterPair,
        "lab_culture_for_science" => RuleName::LabCultureForScience,
        "best_theater_twice" => RuleName::BestTheaterTwice,
        "theater_science_discount" => RuleName::TheaterScienceDiscount,
        "theater_build_discount" => RuleName::TheaterBuildDiscount,
        "culture_per_theater" => RuleName::CulturePerTheater,
        "unit_science_discount" => RuleName::UnitScienceDiscount,
        "defence_card_multiplier" => RuleName::DefenceCardMultiplier,
        "unit_build_discount_at_war" => RuleName::UnitBuildDiscountAtWar,
        "resources_per_lab_level" => RuleName::ResourcesPerLabLevel,
        "lab_library_surcharge_for_others" => RuleName::LabLibrarySurchargeForOthers,
        other => return Err(format!("effects: unknown rule {other}")),
    })
}

#[derive(Deserialize)]
struct RawRule {
    card: String,
    rule: String,
    #[serde(default)]
    value: i32,
    #[serde(default)]
    modes: Vec<String>,
    #[serde(default)]
    target: Option<String>,
}

#[derive(Deserialize)]
struct RawRules {
    rule: Vec<RawRule>,
    #[serde(default)]
    event: Vec<RawEvent>,
    #[serde(default)]
    impact: Vec<impact::RawImpact>,
}

/// A named rule attached to a card, with its parameter and modes.
#[derive(Clone, Debug)]
pub struct CardRule {
    pub name: RuleName,
    pub value: i32,
    /// Modes the rule applies in; empty = all.
    pub modes: Vec<String>,
    /// The card the rule names (the free building of an event).
    pub target: Option<CardId>,
}

/// A card as the engine uses it.
#[derive(Clone, Debug)]
pub struct Card {
    pub raw: RawCard,
    pub age: Age,
    pub kind: Kind,
    pub action: ActionCode,
    /// The word for this card in commands (`rich-land-a`, `iron`).
    pub token: Arc<str>,
    pub rules: Vec<CardRule>,
    /// The effects of a military event of ages I-III, in order.
    pub events: Vec<EventEffect>,
    /// The terms of an Age III scoring event.
    pub impact: Vec<impact::ImpactTerm>,
    /// The kinds of card whose buildings' levels a wonder scores on
    /// completion (`levels_of`, read at load).
    pub levels_of: Vec<Kind>,
}

impl Card {
    /// An action card's magnitude with `players` civilizations in the game:
    /// its `amount_by_players` entry when it has one, else its `amount`.
    pub fn amount_for(&self, players: usize) -> i32 {
        players
            .checked_sub(2)
            .and_then(|i| self.raw.amount_by_players.get(i))
            .copied()
            .unwrap_or(self.raw.amount)
    }

    /// The card's main numbers and its effect, short, in both languages.
    pub fn summary(&self) -> Text {
        let (c, r) = (self, &self.raw);
        let mut parts: Vec<(String, String)> = Vec::new();
        let mut both = |e: String, k: String| parts.push((e, k));
        if r.science_cost > 0 {
            match r.revolution_science_cost {
                Some(rev) => both(
                    format!("science cost {rev} ({} without revolution)", r.science_cost),
                    format!("과학 비용 {rev} (혁명 없이 {})", r.science_cost),
                ),
                None => both(
                    format!("science cost {}", r.science_cost),
                    format!("과학 비용 {}", r.science_cost),
                ),
            }
        }
        if r.build_cost > 0 && c.kind != Kind::Wonder {
            both(
                format!("build cost {}", r.build_cost),
                format!("건설 비용 {}", r.build_cost),
            );
        }
        if !r.stages.is_empty() {
            let st: Vec<String> = r.stages.iter().map(ToString::to_string).collect();
            both(
                format!("wonder stages cost {}", st.join("-")),
                format!("불가사의 단계 비용 {}", st.join("-")),
            );
        }
        for (v, field) in [
            (r.food, "food"),
            (r.resources, "resources"),
            (r.science, "science"),
            (r.culture, "culture"),
            (r.happy, "happy"),
            (r.strength, "strength"),
            (r.white_tokens, "white_tokens"),
            (r.red_tokens, "red_tokens"),
        ] {
            if v != 0 {
                let (e, k) = glossary_words(field, v);
                both(e, k);
            }
        }
        // An action card's amount is the number its effect states.
        if r.amount != 0 && r.effect.is_none() {
            both(
                format!("{} +{}", "value", r.amount),
                format!("값 +{}", r.amount),
            );
        }
        if let Some(e) = &r.effect {
            if c.kind != Kind::Action || parts.len() < 2 || r.amount != 0 {
                let k = r.effect_ko.clone().unwrap_or_else(|| e.clone());
                parts.push((e.clone(), k));
            }
        }
        let (en, ko): (Vec<String>, Vec<String>) = parts.into_iter().unzip();
        Text::new(en.join(", "), ko.join(", "))
    }

    /// Whether the card's effect happens once, when it is completed (the
    /// Age III wonders; a territory's `immediate` is its one-time bonus).
    pub fn on_completion(&self) -> bool {
        matches!(self.raw.immediate, Some(Immediate::Flag(true)))
    }

    /// A territory's immediate bonus.
    pub fn immediate_bonus(&self) -> Option<&TerritoryBonus> {
        match &self.raw.immediate {
            Some(Immediate::Bonus(b)) => Some(b),
            _ => None,
        }
    }

    pub fn name(&self) -> &str {
        &self.raw.name
    }

    pub fn name_ko(&self) -> &str {
        self.raw.name_ko.as_deref().unwrap_or(&self.raw.name)
    }

    /// The named rule in `mode`, if the card has it.
    pub fn rule_entry(&self, name: RuleName, mode: &str) -> Option<&CardRule> {
        self.rules
            .iter()
            .find(|r| r.name == name && (r.modes.is_empty() || r.modes.iter().any(|m| m == mode)))
    }

    /// The value of a named rule in `mode`, if the card has it.
    pub fn rule(&self, name: RuleName, mode: &str) -> Option<i32> {
        self.rule_entry(name, mode).map(|r| r.value)
    }

    /// Copies used with `players` players.
    pub fn copies(&self, players: usize) -> u32 {
        self.raw
            .copies
            .as_ref()
            .and_then(|c| c.get(players.saturating_sub(2)).copied())
            .unwrap_or(0)
    }
}

/// Index of a card in `Data::cards`.
pub type CardId = u16;

/// The loaded card set.
#[derive(Debug)]
pub struct Data {
    /// Where the cards came from (shown in `Debug` of the state).
    pub source: String,
    pub cards: Vec<Card>,
}

impl Data {
    pub fn card(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id as usize)
    }

    /// A card's name in both languages, for what players read.
    pub fn card_name(&self, id: CardId) -> Text {
        self.card(id)
            .map(|c| Text::new(c.name(), c.name_ko()))
            .unwrap_or_else(|| Text::same("?"))
    }

    pub fn find(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.raw.id == id)
            .and_then(|i| CardId::try_from(i).ok())
    }

    /// Parses and checks a card file and the effects file.
    pub fn load(source: &str, cards_text: &str, effects_text: &str) -> Result<Data, String> {
        let raw: RawFile = toml::from_str(cards_text).map_err(|e| format!("{source}: {e}"))?;
        if raw.edition != "2006" {
            return Err(format!(
                "{source}: edition {} is not the first edition (2006) the rulebook uses",
                raw.edition
            ));
        }
        let rules: RawRules = toml::from_str(effects_text).map_err(|e| format!("effects: {e}"))?;
        let mut name_count: BTreeMap<String, u32> = BTreeMap::new();
        for c in &raw.card {
            *name_count.entry(slug(&c.name)).or_default() += 1;
        }
        let mut cards = Vec::new();
        for c in raw.card {
            let age =
                parse_age(&c.age).ok_or_else(|| format!("{}: unknown age {}", c.id, c.age))?;
            let kind = Kind::from_str(&c.kind)
                .ok_or_else(|| format!("{}: unknown kind {}", c.id, c.kind))?;
            let base = slug(&c.name);
            let token: Arc<str> = if name_count.get(&base).copied().unwrap_or(0) > 1 {
                format!("{base}-{}", age_name(age).to_lowercase()).into()
            } else {
                base.into()
            };
            let action = c
                .action
                .as_deref()
                .map(ActionCode::from_str)
                .unwrap_or(ActionCode::Other);
            let levels_of = c
                .levels_of
                .iter()
                .map(|k| Kind::from_str(k).ok_or_else(|| format!("{}: unknown kind {k}", c.id)))
                .collect::<Result<Vec<Kind>, String>>()?;
            cards.push(Card {
                raw: c,
                age,
                kind,
                action,
                token,
                rules: Vec::new(),
                events: Vec::new(),
                impact: Vec::new(),
                levels_of,
            });
        }
        for r in rules.rule {
            let name = rule_name(&r.rule)?;
            let target = match &r.target {
                Some(t) => Some(
                    cards
                        .iter()
                        .position(|c| c.raw.id == *t)
                        .and_then(|i| CardId::try_from(i).ok())
                        .ok_or_else(|| format!("effects: no card {t}"))?,
                ),
                None => None,
            };
            let card = cards
                .iter_mut()
                .find(|c| c.raw.id == r.card)
                .ok_or_else(|| format!("effects: no card {}", r.card))?;
            card.rules.push(CardRule {
                name,
                value: r.value,
                modes: r.modes,
                target,
            });
        }
        attach_events(&mut cards, &rules.event)?;
        impact::attach(&mut cards, &rules.impact)?;
        let data = Data {
            source: source.to_string(),
            cards,
        };
        data.check_totals()?;
        for (id, _) in START_WORKERS.iter().chain([(START_GOVERNMENT, 0)].iter()) {
            data.find(id)
                .ok_or_else(|| format!("{source}: the board card {id} is missing"))?;
        }
        data.find(INTRO_REMOVED_EVENT)
            .ok_or_else(|| format!("{source}: {INTRO_REMOVED_EVENT} is missing"))?;
        Ok(data)
    }

    /// Checks every deck against the rulebook's totals (seed L98-110).
    /// The cards left out with 2 players (pacts, seed L1923-1925) are
    /// exactly the military cards with no copy at 2 players.
    fn check_removed_in_2p(&self) -> Result<(), String> {
        let none_at_2 = |c: &Card| c.raw.copies.as_ref().and_then(|v| v.first()) == Some(&0);
        match self
            .cards
            .iter()
            .find(|c| c.raw.deck == "military" && c.raw.removed_in_2p != none_at_2(c))
        {
            Some(c) => Err(format!(
                "{}: removed_in_2p does not match its copies at 2 players",
                c.raw.id
            )),
            None => Ok(()),
        }
    }

    pub fn check_totals(&self) -> Result<(), String> {
        let sum = |deck: &str, age: Option<Age>, players: usize| -> u32 {
            self.cards
                .iter()
                .filter(|c| c.raw.deck == deck && age.is_none_or(|a| c.age == a))
                .map(|c| c.copies(players))
                .sum()
        };
        let civil4 = sum("civil", None, 4);
        let military4 = sum("military", None, 4);
        if civil4 != CIVIL_TOTAL || military4 != MILITARY_TOTAL {
            return Err(format!(
                "deck totals {civil4} civil + {military4} military; the rulebook has {CIVIL_TOTAL} + {MILITARY_TOTAL}"
            ));
        }
        for (age, want) in CIVIL_PER_AGE_4P.iter().enumerate() {
            let age = age as Age;
            let got = sum("civil", Some(age), 4);
            if got != *want {
                return Err(format!(
                    "civil deck {} has {got} cards, the rulebook {want}",
                    age_name(age)
                ));
            }
            // The per-player-count rule: 3+ cards go with 2 players, 4+ cards
            // with 2 and 3 players; Age A is unmarked.
            let (mut p3, mut p4) = (0, 0);
            for c in self
                .cards
                .iter()
                .filter(|c| c.raw.deck == "civil" && c.age == age)
            {
                let m = c.raw.marks.clone().unwrap_or_default();
                let copies = c.raw.copies.clone().unwrap_or_default();
                let expect = if age == 0 {
                    vec![copies.first().copied().unwrap_or(0); 3]
                } else {
                    vec![
                        m.unmarked,
                        m.unmarked + m.plus3,
                        m.unmarked + m.plus3 + m.plus4,
                    ]
                };
                if copies != expect {
                    return Err(format!(
                        "{}: copies {copies:?} do not follow its marks {expect:?}",
                        c.raw.id
                    ));
                }
                p3 += m.plus3;
                p4 += m.plus4;
            }
            if age > 0 && (p3 != MARKED_PER_DECK || p4 != MARKED_PER_DECK) {
                return Err(format!(
                    "civil deck {} has {p3} \"3+\" and {p4} \"4+\" cards; the rulebook has {MARKED_PER_DECK} of each",
                    age_name(age)
                ));
            }
            for players in 2..=4 {
                let want_p = want
                    - if age == 0 {
                        0
                    } else {
                        MARKED_PER_DECK * (4 - players as u32)
                    };
                let got = sum("civil", Some(age), players);
                if got != want_p {
                    return Err(format!(
                        "civil deck {} at {players} players has {got} cards, not {want_p}",
                        age_name(age)
                    ));
                }
            }
        }
        if sum("military", Some(0), 4) != MILITARY_A {
            return Err(format!(
                "military deck A has {} cards, the rulebook {MILITARY_A}",
                sum("military", Some(0), 4)
            ));
        }
        self.check_removed_in_2p()?;
        for players in 2..=4 {
            let want = MILITARY_TOTAL - if players == 2 { PACTS_OUT_2P } else { 0 };
            let got = sum("military", None, players);
            if got != want {
                return Err(format!(
                    "military cards at {players} players: {got}, not {want}"
                ));
            }
        }
        Ok(())
    }
}

/// The command word for a card name: lower case, words joined by hyphens.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        } else if (ch == ' ' || ch == '-') && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

impl Named for Data {
    fn name(&self) -> &str {
        &self.source
    }
}

/// The rulebook's words for the numbers on a card, by the card data's field
/// name: (field, English for one, English for more, Korean). What players
/// read never shows the field names themselves.
pub const GLOSSARY: [(&str, &str, &str, &str); 8] = [
    ("food", "food", "food", "음식"),
    ("resources", "resource", "resources", "자원"),
    ("science", "science", "science", "과학"),
    ("culture", "culture", "culture", "문화"),
    ("happy", "happy face", "happy faces", "행복 얼굴"),
    ("strength", "strength", "strength", "군사력"),
    ("white_tokens", "civil action", "civil actions", "시민 행동"),
    (
        "red_tokens",
        "military action",
        "military actions",
        "군사 행동",
    ),
];

/// `v` of a card's `field` in the rulebook's words: "+1 strength",
/// "+2 civil actions"; Korean "군사력 +1".
pub fn glossary_words(field: &str, v: i32) -> (String, String) {
    let (one, many, ko) = GLOSSARY
        .iter()
        .find(|g| g.0 == field)
        .map_or((field, field, field), |g| (g.1, g.2, g.3));
    let word = if v.abs() == 1 { one } else { many };
    (format!("{v:+} {word}"), format!("{ko} {v:+}"))
}

/// The default card set, parsed once.
pub fn default_data() -> Result<Shared<Data>, String> {
    static CELL: OnceLock<Result<Arc<Data>, String>> = OnceLock::new();
    CELL.get_or_init(|| Data::load("cards-2006.toml", CARDS_FILE, EFFECTS_FILE).map(Arc::new))
        .clone()
        .map(Shared::new)
}

/// A card set from a file (the `cards` option).
pub fn data_from_path(path: &str) -> Result<Shared<Data>, String> {
    let text = crate::engine::read_data_file(path.as_ref())?;
    Data::load(path, &text, EFFECTS_FILE).map(|d| Shared::new(Arc::new(d)))
}

/// The yellow-bank row for the tokens left.
pub fn yellow_row(left: u8) -> YellowRow {
    YELLOW_BANK
        .iter()
        .copied()
        .find(|r| left >= r.min_left)
        .unwrap_or(YELLOW_BANK[YELLOW_BANK.len() - 1])
}

#[cfg(test)]
mod glossary_tests {
    use super::*;

    /// The data file's field names and shorthand, which no card text shows.
    const FIELD_WORDS: [&str; 8] = ["str", "red", "white", "amount", "cult", "sci", "res", "양"];

    #[test]
    fn every_card_text_uses_the_rulebook_words_in_both_languages() {
        let data = default_data().expect("the card set loads");
        let mut wrong = Vec::new();
        for c in &data.cards {
            let t = c.summary();
            for (lang, text) in [("en", &t.en), ("ko", &t.ko)] {
                for w in text.split([',', ' ', '(', ')', ':', ';']) {
                    if FIELD_WORDS.contains(&w) || w == "sci+" || w == "과학+" {
                        wrong.push(format!("{} {lang}: {w:?} in {text:?}", c.raw.id));
                    }
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "{} texts: {:#?}",
            wrong.len(),
            &wrong[..wrong.len().min(20)]
        );
        assert_eq!(glossary_words("strength", 1).0, "+1 strength");
        assert_eq!(glossary_words("white_tokens", 2).0, "+2 civil actions");
        assert_eq!(glossary_words("red_tokens", 1).1, "군사 행동 +1");
    }
}
