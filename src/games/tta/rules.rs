//! Small pure rule functions over one civilization: what its cards add up to
//! (rates, strength, happiness, action tokens, limits), what things cost, and
//! how food and resources are produced and paid with blue tokens and change.

use super::data::{
    Card, CardId, Data, Kind, RuleName, Special, Unit, Urban, YellowRow, BLUE_CORRUPTION,
    HAPPINESS_CAP, RATE_CAP, STRENGTH_CAP, YELLOW_BANK,
};
use super::state::{Mode, Player, Tech};

/// What a civilization's cards add up to now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub culture_rate: i32,
    pub science_rate: i32,
    pub strength: i32,
    /// Happiness before the cap of 8 (St. Peter's doubles this, seed L1856-1866).
    pub happiness_raw: i32,
    pub happiness: i32,
    /// Food and resources the farms and mines produce per round.
    pub food_rate: i32,
    pub resource_rate: i32,
}

/// The permanent cards in play whose numbers count while they lie there:
/// government, leader, completed wonders, special technologies. Cards with
/// the `inactive` rule in this mode are left out (seed L1154-1160).
pub fn permanent_cards<'a>(
    data: &'a Data,
    p: &'a Player,
    mode: Mode,
) -> impl Iterator<Item = &'a Card> + 'a {
    std::iter::once(p.government)
        .chain(p.leader)
        .chain(p.wonders.iter().copied())
        .chain(p.specials.iter().copied())
        .filter_map(move |id| data.card(id))
        .filter(move |c| c.rule(RuleName::Inactive, mode.key()).is_none())
}

/// The technologies with their cards.
pub fn techs<'a>(data: &'a Data, p: &'a Player) -> impl Iterator<Item = (&'a Tech, &'a Card)> + 'a {
    p.techs
        .iter()
        .filter_map(move |t| data.card(t.card).map(|c| (t, c)))
}

pub fn stats(data: &Data, p: &Player, mode: Mode) -> Stats {
    let mut s = Stats::default();
    let (mut units, mut temple_happy, mut faces) = (0, 0, 0);
    let mut per_unit = [0i32; 4];
    let mut warriors = 0;
    let mut best_lab_level = None::<i32>;
    for (t, c) in techs(data, p) {
        let w = i32::from(t.workers);
        s.culture_rate += c.raw.culture * w;
        s.science_rate += c.raw.science * w;
        s.happiness_raw += c.raw.happy * w;
        s.strength += c.raw.strength * w;
        s.food_rate += c.raw.food * w;
        s.resource_rate += c.raw.resources * w;
        match c.kind {
            Kind::Unit(u) => {
                units += w;
                per_unit[u as usize] += w;
                if u == Unit::Infantry && c.age == 0 {
                    warriors += w;
                }
            }
            Kind::Urban(Urban::Temple) => {
                temple_happy += c.raw.happy * w;
                faces += c.raw.happy * w;
            }
            Kind::Urban(Urban::Theater) => faces += c.raw.happy * w,
            Kind::Urban(Urban::Lab | Urban::Library) if w > 0 => {
                best_lab_level = best_lab_level.max(Some(i32::from(c.age)));
            }
            _ => {}
        }
    }
    let mut multiplier = 1;
    let perm: Vec<&Card> = permanent_cards(data, p, mode).collect();
    for c in &perm {
        s.culture_rate += c.raw.culture;
        s.science_rate += c.raw.science;
        s.happiness_raw += c.raw.happy;
        s.strength += c.raw.strength;
        if c.kind == Kind::Wonder {
            faces += c.raw.happy;
        }
    }
    for c in &perm {
        let r = &c.raw;
        s.strength += r.strength_per_unit * units
            + r.strength_per_infantry * per_unit[Unit::Infantry as usize]
            + r.strength_per_artillery * per_unit[Unit::Artillery as usize]
            + r.strength_per_cavalry * per_unit[Unit::Cavalry as usize]
            + r.strength_per_temple_happy * temple_happy;
        s.culture_rate += r.culture_per_cavalry * per_unit[Unit::Cavalry as usize]
            + r.culture_per_warriors * warriors.min(r.culture_warriors_max);
        if r.happiness_multiplier > 1 {
            multiplier *= r.happiness_multiplier;
        }
        if let Some(v) = c.rule(RuleName::CulturePerHappyFace, mode.key()) {
            s.culture_rate += v * faces;
        }
        if let (Some(v), Some(level)) = (
            c.rule(RuleName::BestLabLevelBonus, mode.key()),
            best_lab_level,
        ) {
            s.science_rate += v * level;
        }
    }
    s.happiness_raw = (s.happiness_raw * multiplier).max(0);
    s.happiness = s.happiness_raw.min(HAPPINESS_CAP);
    s.culture_rate = s.culture_rate.clamp(0, RATE_CAP);
    s.science_rate = s.science_rate.clamp(0, RATE_CAP);
    s.strength = s.strength.clamp(0, STRENGTH_CAP);
    s
}

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

/// The yellow-bank row for the tokens left.
pub fn yellow_row(left: u8) -> YellowRow {
    YELLOW_BANK
        .iter()
        .copied()
        .find(|r| left >= r.min_left)
        .unwrap_or(YELLOW_BANK[YELLOW_BANK.len() - 1])
}

/// Food to increase population now, after leader discounts; `None` when the
/// yellow bank is empty.
pub fn growth_cost(data: &Data, p: &Player, mode: Mode) -> Option<i32> {
    let base = i32::from(yellow_row(p.yellow_bank).growth_cost?);
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

fn is_producer(card: &Card, food: bool) -> bool {
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
fn producers(data: &Data, p: &Player, food: bool) -> Vec<(usize, i32)> {
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

/// Produces `amount` food or resources from the blue bank onto the best
/// cards that fit (a card effect; seed L1199-1204). Produces less when the
/// blue bank runs out. Returns the value produced.
pub fn produce_amount(data: &Data, p: &mut Player, food: bool, amount: i32) -> i32 {
    let mut left = amount;
    for (i, v) in producers(data, p, food) {
        while left >= v && p.blue_bank > 0 {
            if let Some(t) = p.techs.get_mut(i) {
                t.blue += 1;
                p.blue_bank -= 1;
                left -= v;
            } else {
                break;
            }
        }
    }
    amount - left
}

/// Production: one blue token per worker on each farm (or mine), best cards
/// first when the blue bank runs short (spec §11.6). Returns the value made.
pub fn produce_by_workers(data: &Data, p: &mut Player, food: bool) -> i32 {
    let mut made = 0;
    for (i, v) in producers(data, p, food) {
        let workers = p.techs.get(i).map(|t| t.workers).unwrap_or(0);
        for _ in 0..workers {
            if p.blue_bank == 0 {
                return made;
            }
            if let Some(t) = p.techs.get_mut(i) {
                t.blue += 1;
                p.blue_bank -= 1;
                made += v;
            }
        }
    }
    made
}

/// Whether `price` food (or resources) can be paid.
pub fn can_pay(data: &Data, p: &Player, food: bool, price: i32) -> bool {
    price <= 0 || pay_plan(data, p, food, price).is_some()
}

/// Pays `price`, returning tokens to the blue bank with change (seed
/// L1663-1743): the lowest-value tokens go first; an overshoot comes back as
/// change on the best lower cards, which keeps the most tokens in the bank.
/// `None` (and nothing changed) when it cannot be paid.
pub fn pay(data: &Data, p: &mut Player, food: bool, price: i32) -> Option<()> {
    if price <= 0 {
        return Some(());
    }
    let plan = pay_plan(data, p, food, price)?;
    for (i, delta) in plan.deltas {
        if let Some(t) = p.techs.get_mut(i) {
            t.blue = u8::try_from(i32::from(t.blue) + delta).unwrap_or(0);
        }
    }
    p.blue_bank = plan.bank;
    Some(())
}

struct PayPlan {
    deltas: Vec<(usize, i32)>,
    bank: u8,
}

fn pay_plan(data: &Data, p: &Player, food: bool, price: i32) -> Option<PayPlan> {
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

/// Food eaten at the end of each turn (seed L1773-1784).
pub fn consumption(p: &Player) -> i32 {
    i32::from(yellow_row(p.yellow_bank).consumption)
}

/// Happiness the yellow bank requires (advanced and full games; L2472-2525).
pub fn required_happiness(p: &Player) -> i32 {
    i32::from(yellow_row(p.yellow_bank).required_happiness)
}

/// Resources lost to corruption in production (advanced and full games;
/// L2580-2618): read at the leftmost empty section of the blue bank.
pub fn corruption(p: &Player) -> i32 {
    BLUE_CORRUPTION
        .iter()
        .find(|(min_left, _)| p.blue_bank >= *min_left)
        .map(|(_, loss)| i32::from(*loss))
        .unwrap_or(0)
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
