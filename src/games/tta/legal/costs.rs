//! What things cost a seat and what it holds to pay with: limits, build
//! and upgrade costs, the food and resources on its cards and how a price
//! is paid from them, and the action tokens it has left.

use super::super::data::{self, Card, CardId, Data, Kind, RuleName, Special, Urban, ROW_COSTS};
use super::super::scoring::{self, permanent_cards, red_total, techs, white_total};
use super::super::state::{Mode, Player, State};
/// The civil hand limit: the number of white tokens (used or not, spec §11.11)
/// plus card bonuses (Library of Alexandria).
pub fn hand_limit(data: &Data, p: &Player, mode: Mode) -> usize {
    let bonus: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.civil_hand_limit)
        .sum();
    (i32::from(white_total(data, p, mode)) + bonus).max(0) as usize
}

/// The military hand limit (advanced and full games): the military action
/// tokens, used or not (seed L2032-2038), plus card bonuses (Library of
/// Alexandria).
pub fn military_hand_limit(data: &Data, p: &Player, mode: Mode) -> usize {
    let bonus: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.military_hand_limit)
        .sum();
    usize::try_from(i32::from(red_total(data, p, mode)) + bonus).unwrap_or(0)
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
/// yellow bank is empty. Ocean Liner Service's discount is of its own free
/// growths only (`free_growth_discount`).
pub fn growth_cost(data: &Data, p: &Player, mode: Mode) -> Option<i32> {
    let base = i32::from(data::yellow_row(p.yellow_bank).growth_cost?);
    let discount: i32 = permanent_cards(data, p, mode)
        .filter(|c| c.raw.free_growth_per_turn == 0)
        .map(|c| c.raw.growth_food_discount)
        .sum();
    Some((base - discount).max(0))
}

/// Ocean Liner Service: growths without a civil action left this turn.
pub fn free_growths_left(data: &Data, p: &Player, mode: Mode) -> i32 {
    let allowed: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.free_growth_per_turn)
        .sum();
    (allowed - i32::from(p.free_growths)).max(0)
}

/// The food such a growth costs less than `growth_cost`.
pub fn free_growth_discount(data: &Data, p: &Player, mode: Mode) -> i32 {
    permanent_cards(data, p, mode)
        .filter(|c| c.raw.free_growth_per_turn > 0)
        .map(|c| c.raw.growth_food_discount)
        .sum()
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

/// Whether a payment of food (or resources) is a cost (building, growing)
/// that Trade Routes Agreement may help with: side A pays 1 food for 1
/// resource, side B 1 resource for 1 food, once per turn.
pub fn swap_open(data: &Data, p: &Player, food: bool) -> bool {
    !p.swap_used && pact_bonus_open(data, p, food)
}

/// Whether the civilization's pacts give the exchange for payments of food
/// (`food`) or of resources, used or not.
pub fn pact_bonus_open(data: &Data, p: &Player, food: bool) -> bool {
    scoring::pact_bonus(data, p, |b| {
        if food {
            b.resource_for_food
        } else {
            b.food_for_resource
        }
    }) > 0
}

/// A cost paid with the pact's exchange (the other kind pays 1): the
/// civilization after paying, or `None` when the exchange is closed or
/// does not help. Used only when the price cannot be paid plainly (a
/// reading: the card says "may"; nobody gives up the kind it has enough of).
pub fn pay_with_swap(data: &Data, p: &Player, food: bool, price: i32) -> Option<Player> {
    if price <= 0 || !swap_open(data, p, food) {
        return None;
    }
    let mut after = p.clone();
    for (kind, amount) in [(!food, 1), (food, price - 1)] {
        if amount > 0 {
            let plan = pay_plan(data, &after, kind, amount)?;
            for (i, delta) in plan.deltas {
                if let Some(t) = after.techs.get_mut(i) {
                    t.blue = u8::try_from(i32::from(t.blue) + delta).ok()?;
                }
            }
            after.blue_bank = plan.bank;
        }
    }
    after.swap_used = true;
    Some(after)
}

/// Whether a cost of `price` food (or resources) can be paid, with the
/// exchange of Trade Routes Agreement if need be.
pub fn can_pay_cost(data: &Data, p: &Player, food: bool, price: i32) -> bool {
    can_pay(data, p, food, price) || pay_with_swap(data, p, food, price).is_some()
}

/// The science a technology costs this civilization: the card's cost (the
/// revolution cost in a revolution), less Scientific Cooperation's discount
/// and a leader's on its kind (Bach's theaters, Churchill's units).
pub fn science_cost(data: &Data, p: &Player, mode: Mode, c: &Card, revolution: bool) -> i32 {
    let printed = if revolution {
        c.raw.revolution_science_cost.unwrap_or(c.raw.science_cost)
    } else {
        c.raw.science_cost
    };
    let leader = match c.kind {
        Kind::Urban(Urban::Theater) => Some(RuleName::TheaterScienceDiscount),
        Kind::Unit(_) => Some(RuleName::UnitScienceDiscount),
        _ => None,
    }
    .and_then(|r| scoring::rule_total(data, p, mode, r))
    .unwrap_or(0);
    (printed - scoring::pact_bonus(data, p, |b| b.tech_science_discount) - leader).max(0)
}

/// What leaders and wars change in the resources a seat pays to build
/// (positive: less): J. S. Bach's theaters, Winston Churchill's new units
/// while a war is declared on him, and Bill Gates's surcharge on every
/// other civilization's labs and libraries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prices {
    theater: i32,
    unit: i32,
    lab_library: i32,
}

impl Prices {
    pub fn of(s: &State, seat: usize) -> Prices {
        let (data, mode) = (&s.data, s.rules.mode);
        let Some(p) = s.players.get(seat) else {
            return Prices::default();
        };
        let own = |r: RuleName| scoring::rule_total(data, p, mode, r).unwrap_or(0);
        let at_war = s.wars.iter().any(|w| w.target == seat);
        let surcharge: i32 = s
            .players
            .iter()
            .enumerate()
            .filter(|&(i, q)| i != seat && !q.resigned)
            .filter_map(|(_, q)| {
                scoring::rule_total(data, q, mode, RuleName::LabLibrarySurchargeForOthers)
            })
            .sum();
        Prices {
            theater: own(RuleName::TheaterBuildDiscount),
            unit: if at_war {
                own(RuleName::UnitBuildDiscountAtWar)
            } else {
                0
            },
            lab_library: -surcharge,
        }
    }

    /// Resources less to build on `c` (negative: more).
    pub fn build(&self, c: &Card) -> i32 {
        match c.kind {
            Kind::Urban(Urban::Theater) => self.theater,
            Kind::Urban(Urban::Lab | Urban::Library) => self.lab_library,
            Kind::Unit(_) => self.unit,
            _ => 0,
        }
    }

    /// Resources less to upgrade to `c`: only the surcharge, as the
    /// discounts are on new buildings and units.
    pub fn upgrade(&self, c: &Card) -> i32 {
        match c.kind {
            Kind::Urban(Urban::Lab | Urban::Library) => self.lab_library,
            _ => 0,
        }
    }
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
