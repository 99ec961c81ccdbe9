//! The game state: the shared board (card row, decks, events, round and
//! turn), each civilization's board, and where the turn machine stands.

use super::data::{Age, CardId, Data};
use crate::engine::{Rng, Shared};
use serde::{Deserialize, Serialize};

/// The three modes of the first edition (seed L33-83). Only the introductory
/// game is playable yet; the others are refused at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    Intro,
    Advanced,
    Full,
}

impl Mode {
    pub fn key(self) -> &'static str {
        match self {
            Mode::Intro => "intro",
            Mode::Advanced => "advanced",
            Mode::Full => "full",
        }
    }
}

/// When the introductory game's events are revealed (spec §11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventTiming {
    /// At the start of the start player's turn, every round from round 3
    /// (the recommended reading; default).
    EachRound,
    /// At the start of every player's turn from round 3.
    EachTurn,
    /// Only once, at the start of the start player's turn in round 3 (the
    /// literal reading of seed L1361-1366).
    Once,
}

/// The open points of the rules, as chosen by options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub mode: Mode,
    pub events: EventTiming,
    /// The start player's seat, or `None` to draw it (spec §11.3).
    pub start: Option<usize>,
    /// `resign=off`: the full game's resignation (seed L3076-3094) is not
    /// offered (the group agrees to play to the end).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_resign: bool,
    /// `corruption_variant=on` (advanced and full games, seed L2619-2637):
    /// at the end of its turn a seat may produce one blue token fewer from a
    /// mine (`done spare …`). Off by default, so stored games read the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub corruption_variant: bool,
}

/// A technology on a player's board with its workers and the blue tokens
/// standing on it (food or resources for farms and mines).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tech {
    pub card: CardId,
    pub workers: u8,
    pub blue: u8,
}

/// A card in a civil hand; `fresh` when taken this turn (action cards cannot
/// be played the turn they are taken, seed L605-615).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandCard {
    pub card: CardId,
    pub fresh: bool,
}

/// The wonder under construction and how many stages are built (one blue
/// token from the bank stands on each built stage, seed L1026-1034).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WonderWork {
    pub card: CardId,
    pub built: u8,
}

/// One civilization.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub government: CardId,
    /// Farms, mines, urban buildings and units, in the order developed.
    pub techs: Vec<Tech>,
    /// Special (blue) technologies, at most one per family.
    pub specials: Vec<CardId>,
    pub leader: Option<CardId>,
    /// Ages whose leader this player has taken (one per age, seed L553-565).
    pub leader_ages: Vec<Age>,
    pub wonder: Option<WonderWork>,
    pub wonders: Vec<CardId>,
    pub hand: Vec<HandCard>,
    pub yellow_bank: u8,
    pub blue_bank: u8,
    pub workers: u8,
    pub culture: i32,
    pub science: i32,
    /// Civil and military actions used this turn.
    pub white_used: u8,
    pub red_used: u8,
    /// Military actions gained for this turn only (Patriotism).
    pub red_bonus: u8,
    /// Resources usable only for military units this turn (Homer, Patriotism).
    pub military_resources: u8,
    /// Culture scored by the introductory final bonus (shown after the end).
    pub final_bonus: i32,
    /// Civil cards this civilization put out of play (played action cards,
    /// replaced leaders, governments and special technologies).
    pub discarded: u32,
    /// The military hand (advanced and full games), private to the seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub military_hand: Vec<CardId>,
    /// Yellow tokens gained from (or, negative, lost to) others or the box
    /// other than through cards in play (Uncertain Borders).
    #[serde(default, skip_serializing_if = "is_zero_i16")]
    pub yellow_moved: i16,
    /// Territories colonized and held (seed L2177-2190).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colonies: Vec<CardId>,
    /// Blue tokens lost to the box (Crime Wave), negative.
    #[serde(default, skip_serializing_if = "is_zero_i16")]
    pub blue_moved: i16,
    /// The civilization resigned (seed L3076-3094): it is skipped in turn
    /// order, touched by nothing and not scored.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resigned: bool,
    /// The tactic card in play, open to all (seed L2730-2745).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactic: Option<CardId>,
    /// The pacts this civilization takes part in, open to all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pacts: Vec<PactSide>,
    /// Completed wonders turned face down by Ravages of Time (still among
    /// `wonders`): no effect but culture, open to all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ravaged: Vec<CardId>,
    /// Civil actions lost on this seat's next turn (Rebellion revealed on
    /// its own turn); they count as used when its tokens come back.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub white_lost: u8,
    /// The next political action is given up (International Agreement).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_politics: bool,
    /// Trade Routes Agreement's exchange was used this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swap_used: bool,
    /// A territory was colonized from the hand with the leader's special
    /// ability (Christopher Columbus: once per game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub colonized_from_hand: bool,
    /// Growths without a civil action made this turn (Ocean Liner Service).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub free_growths: u8,
}

/// One civilization's side of a pact in force (seed L2373-2472): side A or
/// B, the partner, and whether it offered the pact (the card lies in front
/// of the one who offered it; one such pact each).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PactSide {
    pub card: CardId,
    pub a: bool,
    pub partner: usize,
    pub offered: bool,
}

/// An aggression under way (seed L2243-2330): the aggression card on the
/// table, the military actions it cost, each side's strength before its
/// sacrifices and the units it sent (their armies count together, L2766-2789).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clash {
    pub card: CardId,
    pub attacker: usize,
    pub target: usize,
    pub cost: u8,
    pub attack: i32,
    pub attack_sent: Vec<CardId>,
    /// The defender's strength, once it answers (`None` while the attacker
    /// still sends units).
    pub defence: Option<i32>,
    pub defence_sent: Vec<CardId>,
    /// Defence bonus cards played.
    pub defence_cards: i32,
}

/// A war declared (full game, seed L2968-2990): the card lies before the
/// declarer, open to all, until the start of the declarer's next turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct War {
    pub card: CardId,
    pub declarer: usize,
    pub target: usize,
}

/// A choice every player makes about an event, in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventChoiceKind {
    /// Produce some food or some resources (Development of Markets).
    FoodOrResources,
    /// Build a free building or unit on the named board card with an unused
    /// worker, or decline (Development of Religion / Warfare).
    FreeBuild(CardId),
    /// Produce (positive) or lose (negative) this total of food and
    /// resources, split as the seat chooses (Foray, Raiders); every touched
    /// seat may answer at once.
    FoodAndResources(i32),
    /// Destroy one of one's farms, mines or urban buildings (Border
    /// Conflict).
    LoseBuilding,
    /// Give up one of one's colonies (Independence Declaration).
    LoseColony,
    /// Turn one of one's Age A or I wonders face down (Ravages of Time);
    /// every touched seat may answer at once.
    RavageWonder,
    /// Destroy an urban building of each seat in `victims` (a bit per seat)
    /// (Terrorism).
    DestroyUrban { victims: u8 },
    /// Take civil cards from the row worth up to `left` more civil actions,
    /// or stop; `took` once a card is taken (International Agreement).
    TakeCards { left: u8, took: bool },
}

impl EventChoiceKind {
    /// Whether every seat in the queue may answer at once (the choices do
    /// not depend on each other).
    pub fn at_once(self) -> bool {
        matches!(
            self,
            EventChoiceKind::FoodAndResources(_) | EventChoiceKind::RavageWonder
        )
    }
}

/// What the winner of an aggression may take, as the card says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spoil {
    /// Plunder: this much food and these resources.
    Seize { food: u8, resources: u8 },
    /// Raid: urban buildings on this card.
    Destroy(CardId),
    /// Annex: this colony.
    Annex(CardId),
}

/// Where the turn machine stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// The active player takes civil and military actions until `done`.
    Actions,
    /// Players answer an event's choice, first seat of `queue` first; then
    /// the active player's actions go on.
    EventChoice {
        event: CardId,
        choice: EventChoiceKind,
        queue: Vec<usize>,
    },
    /// The start of a turn in the advanced and full games (from round 2):
    /// the active player takes one political action or none (seed
    /// L2049-2053).
    Political,
    /// A territory is auctioned (seed L2137-2176): `queue` holds the seats
    /// still bidding, the next first; `high` made the bid standing.
    Auction {
        territory: CardId,
        bid: u8,
        high: Option<usize>,
        queue: Vec<usize>,
    },
    /// The auction's winner pays: units sacrificed (at least one) and
    /// colonization bonus cards until `owed` is covered (seed L2150-2176).
    Colonize {
        territory: CardId,
        seat: usize,
        owed: i32,
        units: u8,
    },
    /// An aggression: the attacker sends units (`defence` is `None`), then
    /// the defender answers with defence cards and units.
    Aggression(Clash),
    /// A successful aggression whose card lets the attacker choose what it
    /// takes (Raid, Plunder, Annex), among `choices`.
    Spoils { clash: Clash, choices: Vec<Spoil> },
    /// A war resolved at the start of the declarer's turn (seed
    /// L2982-3012): the declarer (`attacker`) sends units while `defence`
    /// is `None`, then its opponent (`target`); no defence cards.
    War(Clash),
    /// A war was lost with something to choose (War over Resources: the
    /// split; War over Technology: special technologies or science): the
    /// loser chooses how to pay `owed`.
    WarLoss {
        clash: Clash,
        winner: usize,
        loser: usize,
        owed: i32,
    },
    /// A pact offered: `to` accepts or refuses; `from_a` when the one who
    /// offers takes side A (seed L2374-2420).
    PactOffer {
        card: CardId,
        from: usize,
        to: usize,
        from_a: bool,
    },
    /// The active player discards military cards down to its military
    /// action tokens, after the political action (seed L2032-2048).
    Discard,
    /// The game is over; the final bonus has been scored.
    Over,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(with = "crate::engine::shared::by_name")]
    pub data: Shared<Data>,
    pub rules: Rules,
    pub players: Vec<Player>,
    /// The 13 slots of the card row.
    pub row: Vec<Option<CardId>>,
    /// Civil decks by age, top card last; decks not in play are empty.
    pub civil_decks: Vec<Vec<CardId>>,
    /// The age whose civil deck refills the row.
    pub age: Age,
    /// Current events, top card last.
    pub events: Vec<CardId>,
    pub past_events: Vec<CardId>,
    /// Military decks by age, top card last (advanced and full games; Age A
    /// is dealt as events, so its deck stays empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub military_decks: Vec<Vec<CardId>>,
    /// Events prepared face down for the future (advanced and full games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub future_events: Vec<CardId>,
    /// The advanced game's four Age III events scored at the end, open to all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scoring_events: Vec<CardId>,
    /// Military cards put in the box unseen at setup (the Age A events not
    /// dealt, the Age III cards not turned up): nobody may see them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<CardId>,
    /// Military discard piles by age, face down (seed L2039-2048); a pile
    /// is shuffled into a new deck when its age's deck runs out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub military_discards: Vec<Vec<CardId>>,
    /// Military cards put in the box during the game (discards of an age
    /// already over, seed L2047-2048).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub military_boxed: u32,
    /// Played (or discarded) military cards of an age already over, put in
    /// the box after their names were told to all: open, unlike the cards
    /// boxed unseen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub military_boxed_open: Vec<CardId>,
    /// Wars declared and not yet resolved, open to all (full game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wars: Vec<War>,
    /// Development of Politics: the active player does not discard excess
    /// military cards this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_discard: bool,
    /// Civil cards put in the box by refills and the end of Age A.
    pub boxed: u32,
    /// Civil cards in the game at setup (for the conservation invariant).
    pub civil_cards: u32,
    pub round: u32,
    pub start_player: usize,
    /// The seat whose turn it is.
    pub turn: usize,
    pub phase: Phase,
    /// The last civil card entered the row this round: the game ends when
    /// the round does (seed L1819-1829).
    pub last_round: bool,
    /// The full game's Age III ended during a round begun by another seat
    /// than the start player: after this round one more is played (seed
    /// L3113-3119).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_round: bool,
    pub rng: Rng,
}

impl State {
    /// Seats in turn order from the start player.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.players.len();
        (0..n).map(move |i| (self.start_player + i) % n)
    }

    /// Seats still playing (not resigned), in turn order from `first`.
    pub fn playing_from(&self, first: usize) -> Vec<usize> {
        let n = self.players.len();
        (0..n)
            .map(|i| (first + i) % n)
            .filter(|&i| self.players.get(i).is_some_and(|p| !p.resigned))
            .collect()
    }

    /// 0 for `first`, 1 for the seat after it, …
    pub fn position_from(&self, first: usize, seat: usize) -> usize {
        let n = self.players.len().max(1);
        (seat + n - first % n) % n
    }

    /// 0 for the start player, 1 for the next, …
    pub fn position(&self, seat: usize) -> usize {
        let n = self.players.len().max(1);
        (seat + n - self.start_player % n) % n
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero_i16(n: &i16) -> bool {
    *n == 0
}
