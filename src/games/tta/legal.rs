//! What is allowed now: action tokens left, limits, costs and whether they
//! can be paid, and the complete list of legal commands of a seat.

use super::command::{named, Command, Target};
use super::data::{
    self, ActionCode, Card, CardId, Data, Kind, RuleName, Special, Urban, ROW_COSTS,
};
use super::scoring::{self, permanent_cards, techs};
use super::state::{EventChoiceKind, Mode, Phase, Player, State, Tech, WonderWork};

/// Civil (white) action tokens the civilization owns: the government's plus
/// the changes of leader, wonders and special technologies (seed L1128-1153).
pub fn white_total(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.white_tokens)
        .sum();
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Military (red) action tokens, with this turn's extra ones.
pub fn red_total(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.red_tokens)
        .sum::<i32>()
        + i32::from(p.red_bonus);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Blue tokens the civilization owns: the 18 of the board plus those that
/// cards in play brought from the box (Justice System, Civil Service; spec
/// §5.11: a replaced special technology's tokens do not stack).
pub fn blue_owned(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.blue_tokens)
        .sum::<i32>()
        + i32::from(data::BLUE_TOKENS)
        + i32::from(p.blue_moved)
        + scoring::colony_bonus(data, p, |b| b.blue_tokens);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Yellow tokens the civilization owns: the 25 of the board and those
/// moved to or from it (Uncertain Borders).
pub fn yellow_owned(data: &Data, p: &Player) -> u8 {
    let n = i32::from(data::YELLOW_TOKENS)
        + i32::from(p.yellow_moved)
        + scoring::colony_bonus(data, p, |b| b.yellow_tokens);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// The civil hand limit: the number of white tokens (used or not, spec §11.11)
/// plus card bonuses (Library of Alexandria).
pub fn hand_limit(data: &Data, p: &Player, mode: Mode) -> usize {
    let bonus: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.civil_hand_limit)
        .sum();
    (i32::from(white_total(data, p, mode)) + bonus).max(0) as usize
}

/// Buildings of each urban type allowed by the government (seed L881-928).
pub fn urban_limit(data: &Data, p: &Player) -> i32 {
    data.card(p.government)
        .map(|c| c.raw.urban_limit)
        .unwrap_or(0)
}

/// Buildings of an urban type, all levels together.
pub fn urban_count(data: &Data, p: &Player, urban: Urban) -> i32 {
    techs(data, p)
        .filter(|(_, c)| c.kind == Kind::Urban(urban))
        .map(|(t, _)| i32::from(t.workers))
        .sum()
}

/// The cost to build on `card`, after construction-technology discounts for
/// urban buildings of level I and up (seed L2701-2729).
pub fn build_cost(data: &Data, p: &Player, card: &Card) -> i32 {
    let mut cost = card.raw.build_cost;
    if matches!(card.kind, Kind::Urban(_)) && card.age > 0 {
        let discount: i32 = p
            .specials
            .iter()
            .filter_map(|&id| data.card(id))
            .filter(|c| c.kind == Kind::Special(Special::Construction))
            .filter_map(|c| c.raw.urban_discount.get(usize::from(card.age) - 1).copied())
            .sum();
        cost -= discount;
    }
    cost.max(0)
}

/// An upgrade costs the difference of the (discounted) build costs.
pub fn upgrade_cost(data: &Data, p: &Player, from: &Card, to: &Card) -> i32 {
    (build_cost(data, p, to) - build_cost(data, p, from)).max(0)
}

/// Wonder stages one civil action builds (Masonry: 2).
pub fn stages_per_action(data: &Data, p: &Player) -> u8 {
    let n = p
        .specials
        .iter()
        .filter_map(|&id| data.card(id))
        .map(|c| c.raw.wonder_stages_per_action)
        .max()
        .unwrap_or(1)
        .max(1);
    u8::try_from(n).unwrap_or(1)
}

/// Food to increase population now, after leader discounts; `None` when the
/// yellow bank is empty.
pub fn growth_cost(data: &Data, p: &Player, mode: Mode) -> Option<i32> {
    let base = i32::from(data::yellow_row(p.yellow_bank).growth_cost?);
    let discount: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.growth_food_discount)
        .sum();
    Some((base - discount).max(0))
}

/// The value of one blue token on a card of this produce kind.
pub fn token_value(card: &Card, food: bool) -> i32 {
    if food {
        card.raw.food
    } else {
        card.raw.resources
    }
}

pub fn is_producer(card: &Card, food: bool) -> bool {
    card.kind == if food { Kind::Farm } else { Kind::Mine }
}

/// Food (or resources) the civilization holds: the value of its blue tokens.
pub fn stock(data: &Data, p: &Player, food: bool) -> i32 {
    techs(data, p)
        .filter(|(_, c)| is_producer(c, food))
        .map(|(t, c)| i32::from(t.blue) * token_value(c, food))
        .sum()
}

/// The producing cards of one kind as (index in `techs`, token value), best first.
pub fn producers(data: &Data, p: &Player, food: bool) -> Vec<(usize, i32)> {
    let mut v: Vec<(usize, i32)> = p
        .techs
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            data.card(t.card)
                .filter(|c| is_producer(c, food))
                .map(|c| (i, token_value(c, food)))
        })
        .filter(|&(_, v)| v > 0)
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// Whether `price` food (or resources) can be paid.
pub fn can_pay(data: &Data, p: &Player, food: bool, price: i32) -> bool {
    price <= 0 || pay_plan(data, p, food, price).is_some()
}

pub struct PayPlan {
    pub deltas: Vec<(usize, i32)>,
    pub bank: u8,
}

pub fn pay_plan(data: &Data, p: &Player, food: bool, price: i32) -> Option<PayPlan> {
    let mut cards = producers(data, p, food);
    cards.reverse(); // lowest value first
    let mut deltas: Vec<(usize, i32)> = Vec::new();
    let mut paid = 0;
    let mut bank = i32::from(p.blue_bank);
    let mut largest = 0;
    'outer: for &(i, v) in &cards {
        let have = p.techs.get(i).map(|t| i32::from(t.blue)).unwrap_or(0);
        let mut taken = 0;
        while taken < have && paid < price {
            taken += 1;
            paid += v;
            largest = largest.max(v);
        }
        if taken > 0 {
            deltas.push((i, -taken));
            bank += taken;
        }
        if paid >= price {
            break 'outer;
        }
    }
    if paid < price {
        return None;
    }
    // Change: the overshoot as tokens on cards worth less than the largest
    // token paid, best first.
    let mut change = paid - price;
    for &(i, v) in cards.iter().rev() {
        if v >= largest {
            continue;
        }
        while change >= v {
            if bank == 0 {
                return None;
            }
            bank -= 1;
            change -= v;
            deltas.push((i, 1));
        }
    }
    if change != 0 {
        return None;
    }
    Some(PayPlan {
        deltas,
        bank: u8::try_from(bank).ok()?,
    })
}

/// The index in `techs` of a card, if developed.
pub fn tech_index(p: &Player, card: CardId) -> Option<usize> {
    p.techs.iter().position(|t| t.card == card)
}

/// Whether the card (or one of the same name) is in hand or in play: such a
/// technology cannot be taken again (seed L1268-1273).
pub fn owns_same_tech(data: &Data, p: &Player, card: &Card) -> bool {
    let same = |id: CardId| data.card(id).is_some_and(|c| c.raw.name == card.raw.name);
    p.techs.iter().any(|t| same(t.card))
        || p.specials.iter().any(|&s| same(s))
        || same(p.government)
        || p.hand.iter().any(|h| same(h.card))
}

/// Military resources a leader grants each turn (Homer).
pub fn military_resources_per_turn(data: &Data, p: &Player, mode: Mode) -> i32 {
    permanent_cards(data, p, mode)
        .map(|c| c.raw.military_resources_per_turn)
        .sum()
}

/// Civil actions still available to the active player (round 1: 1, 2, 3, 4
/// by position instead of the government's, seed L517-531).
pub fn white_left(s: &State, seat: usize) -> u8 {
    let Some(p) = s.players.get(seat) else {
        return 0;
    };
    let cap = if s.round == 1 {
        u8::try_from(s.position(seat) + 1).unwrap_or(u8::MAX)
    } else {
        white_total(&s.data, p, s.rules.mode)
    };
    cap.saturating_sub(p.white_used)
}

/// Military actions still available (none in round 1).
pub fn red_left(s: &State, seat: usize) -> u8 {
    let Some(p) = s.players.get(seat) else {
        return 0;
    };
    if s.round == 1 {
        return 0;
    }
    red_total(&s.data, p, s.rules.mode).saturating_sub(p.red_used)
}

/// Civil actions to take the card in `slot` (0-based); `None` if empty.
pub fn take_cost(s: &State, p: &Player, slot: usize) -> Option<u8> {
    let id = (*s.row.get(slot)?)?;
    let card = s.data.card(id)?;
    let base = i32::from(*ROW_COSTS.get(slot)?);
    let extra = if card.kind == Kind::Wonder {
        let discount: i32 = scoring::permanent_cards(&s.data, p, s.rules.mode)
            .filter_map(|c| c.rule(RuleName::WonderTakeDiscount, s.rules.mode.key()))
            .sum();
        p.wonders.len() as i32 - discount
    } else {
        0
    };
    u8::try_from((base + extra).max(0)).ok()
}

fn can_take(s: &State, seat: usize, slot: usize) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    let Some(card) = s
        .row
        .get(slot)
        .copied()
        .flatten()
        .and_then(|id| s.data.card(id))
    else {
        return false;
    };
    let Some(cost) = take_cost(s, p, slot) else {
        return false;
    };
    if cost > white_left(s, seat) {
        return false;
    }
    match card.kind {
        Kind::Wonder => p.wonder.is_none(),
        _ if p.hand.len() >= hand_limit(&s.data, p, s.rules.mode) => false,
        Kind::Leader => !p.leader_ages.contains(&card.age),
        k if k.is_technology() => !owns_same_tech(&s.data, p, card),
        _ => true,
    }
}

/// Resources payable for a military unit: this turn's military resources first.
pub fn can_pay_military(data: &Data, p: &Player, cost: i32) -> bool {
    can_pay(data, p, false, cost - i32::from(p.military_resources))
}

pub fn is_unit(c: &Card) -> bool {
    matches!(c.kind, Kind::Unit(_))
}

/// Whether a new building may go on `c` (urban limit for urban buildings).
fn room_for(data: &Data, p: &Player, c: &Card) -> bool {
    match c.kind {
        Kind::Urban(u) => urban_count(data, p, u) < urban_limit(data, p),
        _ => true,
    }
}

fn build_ok(data: &Data, p: &Player, c: &Card, discount: i32) -> bool {
    if p.workers == 0 || !room_for(data, p, c) {
        return false;
    }
    let cost = (build_cost(data, p, c) - discount).max(0);
    if is_unit(c) {
        can_pay_military(data, p, cost)
    } else {
        can_pay(data, p, false, cost)
    }
}

fn same_line(a: &Card, b: &Card) -> bool {
    a.kind == b.kind && a.kind.holds_workers()
}

fn upgrade_ok(data: &Data, p: &Player, from: &Tech, fc: &Card, tc: &Card, discount: i32) -> bool {
    if from.workers == 0 || !same_line(fc, tc) || tc.age <= fc.age {
        return false;
    }
    let cost = (upgrade_cost(data, p, fc, tc) - discount).max(0);
    if is_unit(fc) {
        can_pay_military(data, p, cost)
    } else {
        can_pay(data, p, false, cost)
    }
}

/// Resources for the next `n` wonder stages, less a discount on the first.
pub fn wonder_cost(data: &Data, w: &WonderWork, n: u8, discount: i32) -> Option<i32> {
    let c = data.card(w.card)?;
    let from = usize::from(w.built);
    let stages = c.raw.stages.get(from..from + usize::from(n))?;
    let total: i32 = stages.iter().sum();
    Some((total - discount.min(stages.first().copied().unwrap_or(0))).max(0))
}

fn wonder_ok(data: &Data, p: &Player, n: u8, discount: i32) -> bool {
    let Some(w) = &p.wonder else { return false };
    let Some(cost) = wonder_cost(data, w, n, discount) else {
        return false;
    };
    // Each built stage holds a blue token from the bank.
    if cost <= 0 {
        return p.blue_bank >= n;
    }
    pay_plan(data, p, false, cost).is_some_and(|plan| plan.bank >= n)
}

fn grow_ok(data: &Data, p: &Player, mode: Mode, discount: i32) -> bool {
    p.yellow_bank > 0
        && growth_cost(data, p, mode).is_some_and(|c| can_pay(data, p, true, (c - discount).max(0)))
}

fn gov_ok(p: &Player, c: &Card, revolution: bool) -> bool {
    let cost = if revolution {
        c.raw.revolution_science_cost.unwrap_or(c.raw.science_cost)
    } else {
        c.raw.science_cost
    };
    c.kind == Kind::Government && p.science >= cost
}

fn develop_ok(p: &Player, c: &Card) -> bool {
    c.kind.is_technology() && c.kind != Kind::Government && p.science >= c.raw.science_cost
}

/// Every legal command of `seat` now.
pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::EventChoice { choice, queue, .. } => {
            let asked = if choice.at_once() {
                queue.contains(&seat)
            } else {
                queue.first() == Some(&seat)
            };
            if !asked {
                return Vec::new();
            }
            match *choice {
                EventChoiceKind::FoodAndResources(total) => splits(s, seat, total),
                EventChoiceKind::FoodOrResources => {
                    vec![Command::ChooseFood, Command::ChooseResources]
                }
                EventChoiceKind::FreeBuild(_) => vec![Command::ChooseBuild, Command::ChooseDecline],
            }
        }
        Phase::Auction { bid, queue, .. } => {
            if queue.first() != Some(&seat) {
                return Vec::new();
            }
            let cap = s
                .players
                .get(seat)
                .map(|p| scoring::colonize_capacity(&s.data, p, s.rules.mode))
                .unwrap_or(0);
            let mut out: Vec<Command> = (i32::from(*bid) + 1..=cap.min(i32::from(u8::MAX)))
                .filter_map(|n| u8::try_from(n).ok().map(Command::Bid))
                .collect();
            out.push(Command::NoBid);
            out
        }
        Phase::Colonize {
            seat: winner, owed, ..
        } => {
            if *winner != seat {
                return Vec::new();
            }
            payments(s, seat, *owed > 0)
        }
        _ if seat != s.turn => Vec::new(),
        Phase::Actions => actions(s, seat),
        Phase::Political => political(s, seat),
        Phase::Discard => discards(s, seat),
    }
}

/// The political actions of the active player, then (when no discard is
/// due after them) the civil and military actions, which pass the
/// political action (seed L2049-2053).
fn political(s: &State, seat: usize) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out = vec![Command::Skip];
    // Resigning, at the start of the turn, belongs to the full game (L3076).
    if s.rules.mode == Mode::Full && !s.rules.no_resign {
        out.push(Command::Resign);
    }
    let mut seen: Vec<CardId> = Vec::new();
    for &card in &p.military_hand {
        if seen.contains(&card) {
            continue;
        }
        seen.push(card);
        if s.data.card(card).is_some_and(|c| c.kind.is_future_event()) {
            out.push(Command::Event(named(&s.data, card)));
        }
    }
    let over = p.military_hand.len() > usize::from(red_total(&s.data, p, s.rules.mode));
    if s.no_discard || !over {
        out.extend(actions(s, seat));
    }
    out
}

/// The winner's payments: a unit to send, or (while something is owed) a
/// colonization bonus card.
fn payments(s: &State, seat: usize, owing: bool) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out: Vec<Command> = techs(&s.data, p)
        .filter(|(t, c)| is_unit(c) && t.workers > 0)
        .map(|(t, _)| Command::Sacrifice(named(&s.data, t.card)))
        .collect();
    if owing {
        for &card in &p.military_hand {
            let c = Command::Bonus(named(&s.data, card));
            if s.data.card(card).is_some_and(|x| x.kind == Kind::Bonus) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// The military cards the active player may discard, one at a time.
fn discards(s: &State, seat: usize) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out: Vec<Command> = Vec::new();
    for &card in &p.military_hand {
        let c = Command::Discard(named(&s.data, card));
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn actions(s: &State, seat: usize) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for slot in 0..s.row.len() {
        if can_take(s, seat, slot) {
            out.push(Command::Take(u8::try_from(slot + 1).unwrap_or(0)));
        }
    }
    if s.round == 1 {
        out.push(Command::Done);
        return out;
    }
    let tokens = Tokens {
        white: white_left(s, seat),
        red: red_left(s, seat),
    };
    let techs: Vec<(&Tech, &Card)> = scoring::techs(&s.data, p).collect();
    board_actions(s, p, tokens, &techs, &mut out);
    hand_actions(s, p, tokens, &techs, &mut out);
    if tokens.white > 0 {
        recruit_actions(s, p, &techs, &mut out);
    }
    out.push(Command::Done);
    out
}

/// The civil (white) and military (red) actions a seat has left.
#[derive(Clone, Copy)]
struct Tokens {
    white: u8,
    red: u8,
}

impl Tokens {
    /// The actions left of the kind a card's action takes.
    fn for_card(self, c: &Card) -> u8 {
        if is_unit(c) {
            self.red
        } else {
            self.white
        }
    }
}

/// Growing, building, wonder stages, upgrades and taking down, on the board.
fn board_actions(
    s: &State,
    p: &Player,
    tokens: Tokens,
    techs: &[(&Tech, &Card)],
    out: &mut Vec<Command>,
) {
    let data = &s.data;
    if tokens.white > 0 && grow_ok(data, p, s.rules.mode, 0) {
        out.push(Command::Grow);
    }
    for &(t, c) in techs {
        if tokens.for_card(c) > 0 && build_ok(data, p, c, 0) {
            out.push(Command::Build(named(data, t.card)));
        }
    }
    if tokens.white > 0 {
        if let Some(w) = &p.wonder {
            for n in 1..=stages_per_action(data, p) {
                if wonder_ok(data, p, n, 0) {
                    out.push(Command::Wonder(named(data, w.card), n));
                }
            }
        }
    }
    for &(t, fc) in techs {
        for &(u, tc) in techs {
            if tokens.for_card(fc) > 0 && upgrade_ok(data, p, t, fc, tc, 0) {
                out.push(Command::Upgrade(named(data, t.card), named(data, u.card)));
            }
        }
    }
    for &(t, c) in techs {
        if t.workers == 0 || tokens.for_card(c) == 0 {
            continue;
        }
        if is_unit(c) {
            out.push(Command::Disband(named(data, t.card)));
        } else {
            out.push(Command::Destroy(named(data, t.card)));
        }
    }
}

/// Electing, developing, revolting and playing action cards from the hand.
fn hand_actions(
    s: &State,
    p: &Player,
    tokens: Tokens,
    techs: &[(&Tech, &Card)],
    out: &mut Vec<Command>,
) {
    let data = &s.data;
    let white = tokens.white;
    let mut seen: Vec<CardId> = Vec::new();
    for h in &p.hand {
        if seen.contains(&h.card) {
            continue;
        }
        seen.push(h.card);
        let Some(c) = data.card(h.card) else { continue };
        let n = named(data, h.card);
        match c.kind {
            Kind::Leader if white > 0 => out.push(Command::Elect(n)),
            Kind::Government => {
                if white > 0 && gov_ok(p, c, false) {
                    out.push(Command::Develop(n.clone()));
                }
                if white > 0 && p.white_used == 0 && gov_ok(p, c, true) {
                    out.push(Command::Revolution(n));
                }
            }
            k if k.is_technology() && white > 0 && develop_ok(p, c) => {
                out.push(Command::Develop(n))
            }
            Kind::Action if white > 0 && !h.fresh => {
                for t in action_targets(s, p, c, techs) {
                    out.push(Command::Play(n.clone(), t));
                }
            }
            _ => {}
        }
    }
}

/// Recruiting with a leader's discount (Hammurabi-like leaders).
fn recruit_actions(s: &State, p: &Player, techs: &[(&Tech, &Card)], out: &mut Vec<Command>) {
    let data = &s.data;
    let mode = s.rules.mode;
    let Some(leader) = p.leader.and_then(|l| data.card(l)) else {
        return;
    };
    let Some(food_off) = leader.rule(RuleName::RecruitFoodDiscount, mode.key()) else {
        return;
    };
    let res_off = leader
        .rule(RuleName::RecruitResourceDiscount, mode.key())
        .unwrap_or(0);
    for &(t, c) in techs {
        if is_unit(c) && recruit_ok(data, p, mode, c, food_off, res_off) {
            out.push(Command::Recruit(named(data, t.card)));
        }
    }
}

fn recruit_ok(
    data: &Data,
    p: &Player,
    mode: Mode,
    unit: &Card,
    food_off: i32,
    res_off: i32,
) -> bool {
    let Some(food) = growth_cost(data, p, mode) else {
        return false;
    };
    let food = (food - food_off).max(0);
    let res = (build_cost(data, p, unit) - res_off).max(0);
    p.yellow_bank > 0 && can_pay(data, p, true, food) && can_pay_military(data, p, res)
}

/// The targets an action card can be played on now (empty: not playable).
fn action_targets(s: &State, p: &Player, c: &Card, techs: &[(&Tech, &Card)]) -> Vec<Target> {
    let data = &s.data;
    let mode = s.rules.mode;
    let amount = c.raw.amount;
    let mut out = Vec::new();
    match c.action {
        ActionCode::WonderStageDiscount => {
            if let Some(w) = &p.wonder {
                if wonder_ok(data, p, 1, amount) {
                    out.push(Target::Card(named(data, w.card)));
                }
            }
        }
        ActionCode::GrowThenFood => {
            if grow_ok(data, p, mode, 0) {
                out.push(Target::None);
            }
        }
        ActionCode::NewUrbanDiscount | ActionCode::NewFarmMineDiscount => {
            for &(t, tc) in techs {
                let fits = match c.action {
                    ActionCode::NewUrbanDiscount => matches!(tc.kind, Kind::Urban(_)),
                    _ => matches!(tc.kind, Kind::Farm | Kind::Mine),
                };
                if fits && build_ok(data, p, tc, amount) {
                    out.push(Target::Card(named(data, t.card)));
                }
            }
        }
        ActionCode::UpgradeDiscount => {
            for &(t, fc) in techs {
                for &(u, tc) in techs {
                    if !is_unit(fc) && upgrade_ok(data, p, t, fc, tc, amount) {
                        out.push(Target::Upgrade(named(data, t.card), named(data, u.card)));
                    }
                }
            }
        }
        ActionCode::DevelopThenScience => {
            let mut seen = Vec::new();
            for h in &p.hand {
                if seen.contains(&h.card) {
                    continue;
                }
                seen.push(h.card);
                let Some(tc) = data.card(h.card) else {
                    continue;
                };
                if tc.kind == Kind::Government {
                    if gov_ok(p, tc, false) {
                        out.push(Target::Card(named(data, h.card)));
                    }
                    if p.white_used == 0 && gov_ok(p, tc, true) {
                        out.push(Target::Revolution(named(data, h.card)));
                    }
                } else if develop_ok(p, tc) {
                    out.push(Target::Card(named(data, h.card)));
                }
            }
        }
        ActionCode::MilitaryBoost
        | ActionCode::ScoreScience
        | ActionCode::ScoreCulture
        | ActionCode::ProduceFood
        | ActionCode::ProduceResources => out.push(Target::None),
        ActionCode::Other => {}
    }
    out
}

/// Whether a seat has anything to choose for an event.
pub fn can_choose(s: &State, seat: usize, choice: EventChoiceKind) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    match choice {
        EventChoiceKind::FoodOrResources => true,
        EventChoiceKind::FreeBuild(card) => free_build_allowed(&s.data, p, card),
        EventChoiceKind::FoodAndResources(total) => splits(s, seat, total).len() > 1,
    }
}

/// The ways to split a total of food and resources: produced (`total` > 0,
/// any split) or lost (`total` < 0: as much as the seat has, up to the
/// total, each kind at most its stock).
pub fn splits(s: &State, seat: usize, total: i32) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let (food, res, due) = if total >= 0 {
        (total, total, total)
    } else {
        let food = stock(&s.data, p, true);
        let res = stock(&s.data, p, false);
        (food, res, (-total).min(food + res))
    };
    (0..=due.min(food))
        .filter(|f| due - f <= res)
        .filter_map(|f| {
            Some(Command::ChooseSplit {
                food: u8::try_from(f).ok()?,
                resources: u8::try_from(due - f).ok()?,
            })
        })
        .collect()
}

/// A free building needs an unused worker, and the urban limit still holds.
pub fn free_build_allowed(data: &Data, p: &Player, card: CardId) -> bool {
    let Some(c) = data.card(card) else {
        return false;
    };
    if p.workers == 0 || tech_index(p, card).is_none() {
        return false;
    }
    match c.kind {
        Kind::Urban(u) => urban_count(data, p, u) < urban_limit(data, p),
        _ => true,
    }
}
