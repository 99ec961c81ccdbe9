//! Axomama's action cells (L720-744 and the personality cells): what each
//! cell does for it, and how it picks buildings, statues and weaving tiles.

use super::super::command::Bld;
use super::super::data::{Effect, CORN, GOLD, STONE};
use super::super::state::{self, Item, State, Step};
use super::axomama::*;
use super::effects;
use super::{build::*, effects::*, weave::*};
use crate::engine::Event;

pub(super) fn fail_gold(s: &mut State, p: usize) {
    let g = s.d().solo.middle_fail_gold;
    if let Some(ax) = s.players.get_mut(p) {
        ax.res[GOLD] += g;
    }
}

pub(super) fn pay(s: &mut State, p: usize, cost: &[u32; 4]) -> bool {
    let Some(ax) = s.players.get_mut(p) else {
        return false;
    };
    match state::pay(&ax.res, cost) {
        Some(r) => {
            ax.res = r;
            true
        }
        None => false,
    }
}

/// One cell of the Axomama board (L720-737).
pub(super) fn cell_action(s: &mut State, p: usize, c: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(cell) = d.solo.cells.get(c) else {
        return;
    };
    bot_ev(
        ev,
        format!("Axomama performs its action '{}'.", cell.action),
        format!("악소마마가 '{}' 액션을 합니다.", cell.action),
    );
    match cell.action.as_str() {
        "gain" => gain_effect(s, p, &cell.gain, ev),
        "gain_fewer_of" => {
            let ax = s.players.get(p).map(|x| x.res).unwrap_or([0; 4]);
            let mut e = Effect::default();
            if ax[STONE] <= ax[CORN] {
                e.res[STONE] = cell.gain.res[STONE];
            } else {
                e.res[CORN] = cell.gain.res[CORN];
            }
            gain_effect(s, p, &e, ev);
        }
        "personality" => personality(s, p, ev),
        "build_building" => {
            let mut cost = cell.pay;
            if s.readings.difficulty < 0 {
                cost[STONE] = d.solo.easier_building_stone;
            }
            let pick = pick_building(s, true);
            if pick.is_some() && pay(s, p, &cost) {
                take_building(s, p, pick, ev);
            } else {
                fail_gold(s, p);
            }
        }
        "build_step" => {
            let open = state::open_steps(s);
            let has = s.players.get(p).is_some_and(|x| x.steps_left > 0);
            if let (Some(&i), true) = (open.first(), has) {
                if s.players
                    .get(p)
                    .is_some_and(|x| state::can_pay(&x.res, &d.rules.step_cost))
                {
                    build_step(s, p, i, ev);
                    return;
                }
            }
            fail_gold(s, p);
        }
        _ => cell_action_more(s, p, c, ev),
    }
}

/// `cell_action` continued: the arms after `cell_action`.
pub(super) fn cell_action_more(s: &mut State, p: usize, c: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(cell) = d.solo.cells.get(c) else {
        return;
    };
    match cell.action.as_str() {
        "build_statue" => {
            let res = s.players.get(p).map(|x| x.res).unwrap_or([0; 4]);
            let large = state::can_pay(&res, &d.rules.statue_large_cost)
                && s.statues.iter().any(|x| x.1 > 0);
            let small = state::can_pay(&res, &d.rules.statue_small_cost)
                && s.statues.iter().any(|x| x.0 > 0);
            if !large && !small {
                fail_gold(s, p);
                return;
            }
            let (large, sym) = statue_choice(s, large, small, ev);
            pay(
                s,
                p,
                if large {
                    &d.rules.statue_large_cost
                } else {
                    &d.rules.statue_small_cost
                },
            );
            give_statue(s, p, large, sym, ev);
        }
        _ => cell_action_last(s, p, c, ev),
    }
}

/// `cell_action` continued: the arms after `cell_action_more`.
pub(super) fn cell_action_last(s: &mut State, p: usize, c: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(cell) = d.solo.cells.get(c) else {
        return;
    };
    match cell.action.as_str() {
        "buy_weavings" => buy_weavings(s, p, ev),
        "temple_for_corn" => {
            if pay(s, p, &cell.pay) {
                advance_temple(s, p, cell.gain.temple.max(1), ev);
            } else {
                fail_gold(s, p);
            }
        }
        "hire_village" if !s.village.is_empty() => {
            let w = s.village.remove(0);
            effects::check_village(s, ev);
            take_worker(s, p, w, ev);
        }
        "free_weaving" => {
            if let Some(t) = s.weaving_pile.pop() {
                let target = best_target(s, p, t);
                put_tile(s, p, t, target, ev);
            }
        }
        "production_1" => {
            let best = s.players.get(p).and_then(|x| {
                x.production
                    .iter()
                    .filter(|b| b.1)
                    .filter_map(|b| d.production.get(b.0 as usize).map(|bd| (bd, b.0)))
                    .filter(|(bd, _)| state::can_pay(&x.res, &bd.input))
                    .max_by_key(|(bd, id)| {
                        (
                            bd.output.vp * 3 + bd.output.res.iter().sum::<u32>(),
                            std::cmp::Reverse(*id),
                        )
                    })
                    .map(|(bd, _)| (bd.input, bd.output.clone()))
            });
            if let Some((input, out)) = best {
                pay(s, p, &input);
                gain_effect(s, p, &out, ev);
            }
        }
        "merchant" => s.stack.push(Item::Do(p, Step::Merchant)),
        "recover" => {
            if let Some(ax) = s.players.get_mut(p) {
                if let Some(b) = ax.production.iter_mut().find(|b| !b.1) {
                    b.1 = true;
                } else if let Some(a) = ax.army_front.iter_mut().find(|a| !a.1) {
                    a.1 = true;
                }
            }
        }
        _ => {}
    }
}

/// Axomama's "buy weavings" cell: it draws, buys what its corn allows and
/// places the best tiles; what it leaves is offered to you.
pub(super) fn buy_weavings(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let mut tiles = Vec::new();
    for _ in 0..d.rules.weavings_drawn {
        if let Some(t) = s.weaving_pile.pop() {
            tiles.push(t);
        }
    }
    let corn = s.players.get(p).map(|x| x.res).unwrap_or([0; 4]);
    let price2 = d.rules.weaving_prices_corn.get(1).copied().unwrap_or(3);
    let price1 = d.rules.weaving_prices_corn.first().copied().unwrap_or(1);
    let n = if tiles.len() >= 2 && state::can_pay(&corn, &[0, price2, 0, 0]) {
        2
    } else if !tiles.is_empty() && state::can_pay(&corn, &[0, price1, 0, 0]) {
        1
    } else {
        0
    };
    // Axomama decides at once: what it leaves is offered to you (public).
    s.offer = super::super::state::WeaveOffer {
        buyer: p,
        tiles,
        top: None,
        public: true,
    };
    s.stack.push(Item::Do(p, Step::WeaveEnd));
    s.stack.push(Item::Do(p, Step::WeaveLeftovers));
    if n == 0 {
        fail_gold(s, p);
        return;
    }
    pay(s, p, &[0, if n == 2 { price2 } else { price1 }, 0, 0]);
    if n == 1 {
        fail_gold(s, p);
    }
    for _ in 0..n {
        let t = best_tile(s, p, &s.offer.tiles.clone());
        if let Some(t) = t {
            s.offer.tiles.retain(|&x| x != t);
            let target = best_target(s, p, t);
            put_tile(s, p, t, target, ev);
        }
    }
}

pub(super) fn pick_building(s: &mut State, production_first: bool) -> Option<Bld> {
    let prod: Vec<Bld> = s.market_prod.iter().map(|&b| Bld::Prod(b)).collect();
    let pass: Vec<Bld> = s.market_pass.iter().map(|&b| Bld::Pass(b)).collect();
    let (a, b) = if production_first {
        (prod, pass)
    } else {
        (pass, prod)
    };
    let from = if a.is_empty() { b } else { a };
    if from.is_empty() {
        return None;
    }
    let i = s.rng.below(from.len());
    from.get(i).copied()
}

pub(super) fn take_building(s: &mut State, p: usize, b: Option<Bld>, ev: &mut Vec<Event>) {
    let Some(b) = b else { return };
    match b {
        Bld::Prod(x) => {
            s.market_prod.retain(|&m| m != x);
            if let Some(ax) = s.players.get_mut(p) {
                ax.production.push((x, true));
            }
        }
        Bld::Pass(x) => {
            s.market_pass.retain(|&m| m != x);
            if let Some(ax) = s.players.get_mut(p) {
                ax.passive.push(x);
            }
        }
    }
    effects::refill_market(s);
    let name = super::super::command::Names(s.d()).bld(b).to_uppercase();
    bot_ev(
        ev,
        format!("Axomama builds {name}."),
        format!("악소마마가 {name}을(를) 건설합니다."),
    );
}

/// The statue Axomama builds (L755-762): the symbol of the die-chosen slid-in
/// card, else the next slots clockwise, large preferred when affordable; only
/// when no slot symbol has a statue left, a random one (large preferred).
pub(super) fn statue_choice(
    s: &mut State,
    can_large: bool,
    can_small: bool,
    ev: &mut Vec<Event>,
) -> (bool, u8) {
    let d = s.data.arc().clone();
    let r = statue_roll(s, ev);
    let n = s.axo.slots.len().max(1);
    for k in 0..s.axo.slots.len() {
        let slot = (r.saturating_sub(1) + k) % n;
        let Some(sym) = s
            .axo
            .slots
            .get(slot)
            .and_then(|&c| d.gods.get(c as usize))
            .map(|g| g.symbol)
        else {
            continue;
        };
        let (small_left, large_left) = s.statues.get(sym).copied().unwrap_or((0, 0));
        if can_large && large_left > 0 {
            return (true, sym as u8);
        }
        if can_small && small_left > 0 {
            return (false, sym as u8);
        }
    }
    let large = can_large && s.statues.iter().any(|x| x.1 > 0);
    let any: Vec<usize> = (0..d.symbols.len())
        .filter(|&x| {
            s.statues
                .get(x)
                .is_some_and(|y| if large { y.1 > 0 } else { y.0 > 0 })
        })
        .collect();
    let i = s.rng.below(any.len());
    (large, any.get(i).copied().unwrap_or(0) as u8)
}

/// The die roll that picks the slot a statue's symbol comes from (L755-762),
/// said: chance decides, so the move it happens in reveals (issue 13).
fn statue_roll(s: &mut State, ev: &mut Vec<Event>) -> usize {
    let r = roll(s) as usize;
    bot_ev(
        ev,
        format!("Axomama rolls {r} for the symbol of its statue."),
        format!("악소마마가 조각상의 심벌을 정하려고 {r}을(를) 굴립니다."),
    );
    r
}

/// The symbol of a statue of the given size Axomama receives: the die-chosen
/// slot's, then the next slots', else a random one with one left (L755-762).
pub(super) fn statue_symbol(s: &mut State, large: bool, ev: &mut Vec<Event>) -> u8 {
    let d = s.data.arc().clone();
    let r = statue_roll(s, ev);
    let avail = |s: &State, sym: usize| {
        s.statues
            .get(sym)
            .is_some_and(|x| if large { x.1 > 0 } else { x.0 > 0 })
    };
    for k in 0..s.axo.slots.len() {
        let slot = (r.saturating_sub(1) + k) % s.axo.slots.len().max(1);
        if let Some(sym) = s
            .axo
            .slots
            .get(slot)
            .and_then(|&c| d.gods.get(c as usize))
            .map(|g| g.symbol)
        {
            if avail(s, sym) {
                return sym as u8;
            }
        }
    }
    let any: Vec<usize> = (0..d.symbols.len()).filter(|&x| avail(s, x)).collect();
    let i = s.rng.below(any.len());
    any.get(i).copied().unwrap_or(0) as u8
}

/// The tile that extends Axomama's largest tapestry, higher reference number first (L746-751).
pub(super) fn best_tile(s: &State, p: usize, tiles: &[u8]) -> Option<u8> {
    let d = s.d();
    let taps = s
        .players
        .get(p)
        .map(|x| x.tapestries.clone())
        .unwrap_or_default();
    tiles.iter().copied().max_by_key(|&t| {
        let fits = state::tile_targets(d, &taps, t)
            .into_iter()
            .flatten()
            .map(|(i, _)| taps.get(i).map(Vec::len).unwrap_or(0))
            .max();
        (
            fits.map(|l| l + 1).unwrap_or(0),
            d.weavings.get(t as usize).map(|w| w.number).unwrap_or(0),
        )
    })
}

pub(super) fn best_target(s: &State, p: usize, t: u8) -> Option<(usize, bool)> {
    let d = s.d();
    let taps = s
        .players
        .get(p)
        .map(|x| x.tapestries.clone())
        .unwrap_or_default();
    state::tile_targets(d, &taps, t)
        .into_iter()
        .flatten()
        .max_by_key(|&(i, right)| (taps.get(i).map(Vec::len).unwrap_or(0), right))
}

/// The personality token: gold, then the first possible of its actions, free (L765-769).
pub(super) fn personality(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(pi) = s.axo.personality else { return };
    let Some(pers) = d.solo.personalities.get(pi) else {
        return;
    };
    if let Some(ax) = s.players.get_mut(p) {
        ax.res[GOLD] += pers.gold;
    }
    bot_ev(
        ev,
        format!(
            "A number token lands on Axomama's personality ({}): {} gold and its action.",
            pers.name, pers.gold
        ),
        format!(
            "숫자 토큰이 악소마마의 성격 토큰({}) 칸에 놓입니다: 금덩이 {}개와 그 액션.",
            super::super::data::personality_ko(&pers.name),
            pers.gold
        ),
    );
    for (kind, n) in &pers.options {
        let done = match kind.as_str() {
            "build_production" | "build_passive" => {
                let list = if kind == "build_production" {
                    s.market_prod.clone()
                } else {
                    s.market_pass.clone()
                };
                if list.is_empty() {
                    false
                } else {
                    let i = s.rng.below(list.len());
                    let b = list.get(i).map(|&x| {
                        if kind == "build_production" {
                            Bld::Prod(x)
                        } else {
                            Bld::Pass(x)
                        }
                    });
                    take_building(s, p, b, ev);
                    true
                }
            }
            "build_step" => {
                let open = state::open_steps(s);
                match open.first() {
                    Some(&i) if s.players.get(p).is_some_and(|x| x.steps_left > 0) => {
                        if let Some(ax) = s.players.get_mut(p) {
                            ax.res[STONE] += d.rules.step_cost[STONE];
                        }
                        build_step(s, p, i, ev);
                        true
                    }
                    _ => false,
                }
            }
            "statue_small" | "statue_large" => {
                let large = kind == "statue_large";
                if s.statues
                    .iter()
                    .any(|x| if large { x.1 > 0 } else { x.0 > 0 })
                {
                    let sym = statue_symbol(s, large, ev);
                    give_statue(s, p, large, sym, ev);
                    true
                } else {
                    false
                }
            }
            "weavings" => {
                let mut any = false;
                for _ in 0..*n {
                    if let Some(t) = s.weaving_pile.pop() {
                        let target = best_target(s, p, t);
                        put_tile(s, p, t, target, ev);
                        any = true;
                    }
                }
                any
            }
            "vp" => {
                if let Some(ax) = s.players.get_mut(p) {
                    ax.vp += n;
                }
                true
            }
            _ => false,
        };
        if done {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Options};

    #[test]
    fn axomama_statue_follows_the_slot_symbol_before_the_size_l755_762() {
        let mut s = super::super::super::Tawantinsuyu
            .setup(1, &Options::default(), 3)
            .unwrap_or_else(|e| panic!("{e}"));
        let d = s.data.arc().clone();
        // Every slot shows symbol 0; only small statues of it are left, a
        // large one of symbol 1 is.
        let zero: Vec<u8> = (0..d.gods.len() as u8)
            .filter(|&g| d.gods[g as usize].symbol == 0)
            .take(4)
            .collect();
        s.axo.slots = zero;
        for x in s.statues.iter_mut() {
            *x = (0, 0);
        }
        s.statues[0] = (2, 0);
        s.statues[1] = (0, 1);
        assert_eq!(
            statue_choice(&mut s, true, true, &mut Vec::new()),
            (false, 0)
        );
        // No slot symbol left at all: a random statue, large preferred.
        s.statues[0] = (0, 0);
        assert_eq!(
            statue_choice(&mut s, true, true, &mut Vec::new()),
            (true, 1)
        );
    }
}
