//! Producing and paying food and resources with blue tokens, feeding the
//! population, corruption, and the counts of tokens cards bring or take.

use crate::games::tta::data::{self as board, CardId, Data};
use crate::games::tta::legal::{self, blue_owned, pay_plan, producers};
use crate::games::tta::scoring;
use crate::games::tta::state::{Mode, Player};

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
/// first when the blue bank runs short (spec §11.6); Transcontinental
/// Railroad: one more on the best mine with a worker. Returns the value made.
pub fn produce_by_workers(data: &Data, p: &mut Player, food: bool) -> i32 {
    let mut made = 0;
    let mut extra = u8::from(!food && scoring::best_mine_doubled(data, p));
    for (i, v) in producers(data, p, food) {
        let workers = p.techs.get(i).map(|t| t.workers).unwrap_or(0);
        // Producers come best first: the first with a worker takes the extra.
        let bonus = if workers > 0 {
            std::mem::take(&mut extra)
        } else {
            0
        };
        for _ in 0..workers + bonus {
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

/// The mines' production under the corruption variant (seed L2619-2637):
/// one token fewer from the mine `spare`. Only a token the mine did produce
/// is spared: when the blue bank ran out before it, nothing is (a reading,
/// NOTES.md). Returns (value made, value spared).
pub fn produce_mines_sparing(data: &Data, p: &mut Player, spare: Option<CardId>) -> (i32, i32) {
    let at = spare.and_then(|card| p.techs.iter().position(|t| t.card == card));
    let before = at.and_then(|i| p.techs.get(i)).map(|t| t.blue);
    let made = produce_by_workers(data, p, false);
    let value = at.and_then(|i| {
        producers(data, p, false)
            .into_iter()
            .find(|&(j, _)| j == i)
            .map(|(_, v)| v)
    });
    let (Some(i), Some(before), Some(value)) = (at, before, value) else {
        return (made, 0);
    };
    match p.techs.get_mut(i) {
        Some(t) if t.blue > before => {
            t.blue -= 1;
            p.blue_bank += 1;
            (made - value, value)
        }
        _ => (made, 0),
    }
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

/// Pays a cost (building, growing): plainly if it can, else with Trade
/// Routes Agreement's exchange (`legal::pay_with_swap`).
pub fn pay_cost(data: &Data, p: &mut Player, food: bool, price: i32) -> Option<()> {
    if pay(data, p, food, price).is_some() {
        return Some(());
    }
    *p = legal::pay_with_swap(data, p, food, price)?;
    Some(())
}

/// Takes blue tokens from the box into the bank, or returns them, after the
/// cards in play that bring them changed (`before` = tokens owned before).
/// Tokens returned come from the bank first, then from the lowest-value
/// cards (spec §5.14: not necessarily the same tokens).
pub fn settle_blue(data: &Data, p: &mut Player, mode: Mode, before: u8) {
    let after = blue_owned(data, p, mode);
    if after >= before {
        p.blue_bank = p.blue_bank.saturating_add(after - before);
        return;
    }
    let mut owed = before - after;
    let from_bank = owed.min(p.blue_bank);
    p.blue_bank -= from_bank;
    owed -= from_bank;
    for food in [false, true] {
        let mut cards = producers(data, p, food);
        cards.reverse();
        for (i, _) in cards {
            if let Some(t) = p.techs.get_mut(i) {
                let n = owed.min(t.blue);
                t.blue -= n;
                owed -= n;
            }
        }
    }
}

/// The leader leaves for the discards (an old age, Iconoclasm,
/// Assassinate), and the action and blue tokens it granted with it.
pub fn lose_leader(data: &Data, p: &mut Player, mode: Mode) -> Option<board::CardId> {
    let (white, red) = (
        legal::white_total(data, p, mode),
        legal::red_total(data, p, mode),
    );
    let blue = blue_owned(data, p, mode);
    let leader = p.leader.take()?;
    p.discarded += 1;
    settle_tokens(data, p, mode, white, red);
    settle_blue(data, p, mode, blue);
    Some(leader)
}

/// Re-counts action tokens after the cards that grant them changed; a lost
/// token may be one already used (seed L1145-1153).
pub fn settle_tokens(data: &Data, p: &mut Player, mode: Mode, white_before: u8, red_before: u8) {
    let white_after = legal::white_total(data, p, mode);
    let red_after = legal::red_total(data, p, mode);
    if white_after < white_before {
        p.white_used = p.white_used.saturating_sub(white_before - white_after);
    }
    if red_after < red_before {
        p.red_used = p.red_used.saturating_sub(red_before - red_after);
    }
}

/// Pays the food the population eats (seed L1773-1784); each food short
/// costs 4 culture. Returns (food eaten, culture lost to famine).
pub fn feed(data: &Data, p: &mut Player) -> (i32, i32) {
    let eat = scoring::consumption(p);
    let paid = eat.min(legal::stock(data, p, true));
    // Paying what is held always succeeds (the value-1 farm gives change).
    let paid = if pay(data, p, true, paid).is_some() {
        paid
    } else {
        0
    };
    let famine = (eat - paid) * board::FAMINE_CULTURE;
    p.culture = (p.culture - famine).max(0);
    (eat, famine)
}

/// Pays corruption in resources only, as much as is held (advanced and
/// full games, seed L2580-2618). Returns the resources lost.
pub fn pay_corruption(data: &Data, p: &mut Player) -> i32 {
    let due = scoring::corruption(p).min(legal::stock(data, p, false));
    if pay(data, p, false, due).is_some() {
        due
    } else {
        0
    }
}

/// Returns a stock of food or resources worth up to `amount` (a loss);
/// returns the value lost.
pub fn lose(data: &Data, p: &mut Player, food: bool, amount: i32) -> i32 {
    let due = amount.min(legal::stock(data, p, food)).max(0);
    if pay(data, p, food, due).is_some() {
        due
    } else {
        0
    }
}
