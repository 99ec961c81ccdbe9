//! Producing and paying food and resources with blue tokens.

use crate::games::tta::data::Data;
use crate::games::tta::legal::{pay_plan, producers};
use crate::games::tta::state::Player;

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
