//! Building: the step space, buildings and swaps, statues.

use super::super::command::{Bld, Cmd, Names};
use super::super::state::{self, Ask, State};
use super::effects::*;
use crate::engine::Event;

/// Answers `Ask::StepSpace`.
pub(super) fn on_step_space(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::StepSpace, Cmd::Step(i)) = (a, c) {
        build_step(s, p, i, ev)
    }
}

/// Answers `Ask::Build`.
pub(super) fn on_build(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Build { .. }, Cmd::Build(Some(b))) => {
            pay_or_keep(s, p, &state::bld_cost(s, b));
            match b {
                Bld::Prod(x) => {
                    s.market_prod.retain(|&m| m != x);
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.production.push((x, true));
                    }
                }
                Bld::Pass(x) => {
                    s.market_pass.retain(|&m| m != x);
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.passive.push(x);
                    }
                }
            }
            s.turn.built = true;
            say(
                ev,
                format!("{me} builds {}.", names.bld(b).to_uppercase()),
                format!(
                    "{me_ko}이(가) {}을(를) 건설합니다.",
                    names.bld(b).to_uppercase()
                ),
            );
        }
        (Ask::Build { .. }, Cmd::Build(None)) => say(
            ev,
            format!("{me} builds nothing."),
            format!("{me_ko}은(는) 건설하지 않습니다."),
        ),
        (Ask::Build { .. }, Cmd::Swap(g, blds)) => {
            if let Some(pl) = s.players.get_mut(p) {
                if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                    pl.gods.remove(i);
                }
            }
            s.god_deck.insert(0, g);
            for &b in &blds {
                match b {
                    Bld::Prod(x) => {
                        s.market_prod.retain(|&m| m != x);
                        s.prod_pile.insert(0, x);
                    }
                    Bld::Pass(x) => {
                        s.market_pass.retain(|&m| m != x);
                        s.pass_pile.insert(0, x);
                    }
                }
            }
            refill_market(s);
            let list: Vec<String> = blds.iter().map(|&b| names.bld(b).to_uppercase()).collect();
            reveal(
                ev,
                format!(
                    "{me} puts God card {} under the deck and replaces {} in the market.",
                    names.god(g).to_uppercase(),
                    list.join(", ")
                ),
                format!(
                    "{me_ko}이(가) 신 카드 {}을(를) 더미 아래에 넣고 시장의 {}을(를) 교체합니다.",
                    names.god(g).to_uppercase(),
                    list.join(", ")
                ),
            );
            ask(s, p, Ask::Build { swapped: true });
        }
        _ => {}
    }
}

/// Answers `Ask::Statue`.
pub(super) fn on_statue(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    if let (Ask::Statue { paid, .. }, Cmd::Statue(large, sym)) = (a, c) {
        if paid {
            let cost = if large {
                d.rules.statue_large_cost
            } else {
                d.rules.statue_small_cost
            };
            pay_or_keep(s, p, &cost);
        }
        give_statue(s, p, large, sym, ev);
    }
}

pub(super) fn build_step(s: &mut State, p: usize, i: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(st) = d.steps.get(i as usize) else {
        return;
    };
    pay_or_keep(s, p, &d.rules.step_cost);
    if let Some(x) = s.steps.get_mut(i as usize) {
        *x = Some(p as u8);
    }
    if let Some(pl) = s.players.get_mut(p) {
        pl.steps_left = pl.steps_left.saturating_sub(1);
    }
    say(
        ev,
        format!("{} builds the step {}.", who(s, p), st.id),
        format!("{}이(가) 계단 {}을(를) 만듭니다.", who_ko(s, p), st.id),
    );
    gain_effect(s, p, &d.rules.step_reward, ev);
    if let Some(Some(owner)) = st.requires.and_then(|r| s.steps.get(r).copied()) {
        add_vp(s, owner as usize, d.rules.lower_step_bonus_vp);
        say(
            ev,
            format!(
                "{} scores {} VP for the step below theirs.",
                who(s, owner as usize),
                d.rules.lower_step_bonus_vp
            ),
            format!(
                "{}이(가) 아래 계단으로 승점 {}점을 받습니다.",
                who_ko(s, owner as usize),
                d.rules.lower_step_bonus_vp
            ),
        );
    }
}

pub(super) fn give_statue(s: &mut State, p: usize, large: bool, sym: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(supply) = s.statues.get_mut(sym as usize) else {
        return;
    };
    let left = if large { &mut supply.1 } else { &mut supply.0 };
    if *left == 0 {
        return;
    }
    *left -= 1;
    let vp = if large {
        d.rules.statue_large_vp
    } else {
        d.rules.statue_small_vp
    };
    if let Some(pl) = s.players.get_mut(p) {
        pl.statues.push((sym, large));
        pl.vp += vp;
    }
    let size = if large { "large" } else { "small" };
    say(
        ev,
        format!(
            "{} makes a {size} {} statue: {vp} VP.",
            who(s, p),
            d.symbol_name(sym as usize)
        ),
        format!(
            "{}이(가) {} {} 조각상을 만듭니다: 승점 {vp}점.",
            who_ko(s, p),
            if large { "큰" } else { "작은" },
            super::super::data::symbol_ko(&d, sym as usize)
        ),
    );
}

pub(super) fn remove_statue(s: &mut State, p: usize, sym: u8, large: bool) {
    if let Some(pl) = s.players.get_mut(p) {
        if let Some(i) = pl.statues.iter().position(|&x| x == (sym, large)) {
            pl.statues.remove(i);
        }
    }
}
