//! God cards and the High Priest's actions: where a God card comes from, choices, worship, sacrifice, production and recovery.

use super::super::command::{Bld, Cmd, Item as FlipItem, Names};
use super::super::data::{HpAction, GOLD, POTATO};
use super::super::state::{Ask, Item, State, Step};
use super::{build::*, effects::*, high_priest::*};
use crate::engine::{Event, Text};

/// Answers `Ask::GodSource`.
pub(super) fn on_god_source(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::GodSource, Cmd::God(src)) = (a, c) {
        let card = match src {
            None => draw_god(s),
            Some(g) => {
                let i = s.offerings.iter().position(|&x| x == g);
                i.map(|i| s.offerings.remove(i))
            }
        };
        if let Some(g) = card {
            if let Some(pl) = s.players.get_mut(p) {
                pl.gods.push(g);
            }
            if src.is_none() {
                reveal(
                    ev,
                    format!("{me} takes a God card from the deck."),
                    format!("{me_ko}이(가) 신 카드 더미에서 1장을 가져옵니다."),
                );
                ev.push(Event::private(
                    crate::engine::Seat(p),
                    Text::new(
                        format!("You drew God card {}.", names.god(g).to_uppercase()),
                        format!("신 카드 {}을(를) 뽑았습니다.", names.god(g).to_uppercase()),
                    ),
                ));
            } else {
                say(
                    ev,
                    format!(
                        "{me} takes God card {} from the Offerings.",
                        names.god(g).to_uppercase()
                    ),
                    format!(
                        "{me_ko}이(가) 제물에서 신 카드 {}을(를) 가져옵니다.",
                        names.god(g).to_uppercase()
                    ),
                );
            }
        }
    }
}

/// Answers `Ask::Choice`.
pub(super) fn on_choice(s: &mut State, p: usize, a: Ask, c: Cmd, _ev: &mut Vec<Event>) {
    if let (Ask::Choice { alts }, Cmd::Choose(i)) = (a, c) {
        if let Some(e) = alts.get(i) {
            push(s, p, Step::Effect(e.clone()));
        }
    }
}

/// Answers `Ask::Optional`.
pub(super) fn on_optional(s: &mut State, p: usize, a: Ask, c: Cmd, _ev: &mut Vec<Event>) {
    match (a, c) {
        (Ask::Optional { pay, effect }, Cmd::Pay(true)) => {
            pay_or_keep(s, p, &pay);
            push(s, p, Step::Effect(effect));
        }
        (Ask::Optional { .. }, Cmd::Pay(false)) => {}
        _ => {}
    }
}

/// Answers `Ask::HpChoice`.
pub(super) fn on_hp_choice(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::HpChoice { action }, Cmd::Gold) => {
            if let Some(pl) = s.players.get_mut(p) {
                pl.res[GOLD] += d.rules.priest_gold_instead;
            }
            // Production still counts as activated (L387-388): Z16 still recovers.
            if action == HpAction::Production && s.has_passive(p, "production_recover_1") {
                ask(s, p, Ask::Z16Recover { late: true });
            }
            say(
                ev,
                format!("{me} takes 1 gold instead of {}.", action.word()),
                format!("{me_ko}이(가) {} 대신 금덩이 1개를 받습니다.", action.ko()),
            );
            push(
                s,
                p,
                Step::HpOthers {
                    action,
                    active_did: false,
                },
            );
        }
        (Ask::HpChoice { action }, Cmd::Perform) => {
            push(
                s,
                p,
                Step::HpOthers {
                    action,
                    active_did: true,
                },
            );
            match action {
                HpAction::Worship => ask(s, p, Ask::Worship { active: true }),
                HpAction::Sacrifice => ask(s, p, Ask::Sacrifice { active: true }),
                HpAction::Recover => ask(
                    s,
                    p,
                    Ask::Recover {
                        left: 99,
                        free: d.rules.recover_active_free as u8,
                        cost: [d.rules.recover_active_extra_food, 0, 0, 0],
                        buildings_only: false,
                    },
                ),
                HpAction::Production => ask_production(s, p, true),
                HpAction::Conquest => {}
            }
        }
        _ => {}
    }
}

/// Answers `Ask::Worship`.
pub(super) fn on_worship(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Worship { .. }, Cmd::Worship(large, small)) => {
            let mut steps = 0;
            if let Some(l) = large {
                remove_statue(s, p, l, true);
                steps += d.rules.worship_large;
            }
            if let Some(sm) = small {
                remove_statue(s, p, sm, false);
                steps += d.rules.worship_small;
            }
            say(
                ev,
                format!("{me} worships, discarding statue(s)."),
                format!("{me_ko}이(가) 조각상을 버리고 숭배합니다."),
            );
            advance_temple(s, p, steps, ev);
        }
        (Ask::Worship { .. }, Cmd::JoinWorship(large, sym)) => {
            remove_statue(s, p, sym, large);
            say(
                ev,
                format!("{me} joins the worship."),
                format!("{me_ko}이(가) 숭배에 참여합니다."),
            );
            advance_temple(s, p, d.rules.worship_other, ev);
        }
        (Ask::Worship { .. } | Ask::Sacrifice { .. }, Cmd::Pass) => {}
        _ => {}
    }
}

/// Answers `Ask::Sacrifice`.
pub(super) fn on_sacrifice(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Sacrifice { .. }, Cmd::Sacrifice(k)) => {
            if let Some(&(corn, temple)) = d.rules.sacrifice_active.get(k as usize - 1) {
                pay_or_keep(s, p, &[0, corn, 0, 0]);
                say(
                    ev,
                    format!("{me} sacrifices {corn} corn."),
                    format!("{me_ko}이(가) 옥수수 {corn}개를 공양합니다."),
                );
                advance_temple(s, p, temple, ev);
            }
        }
        (Ask::Sacrifice { .. }, Cmd::JoinSacrifice(n)) => {
            let (corn, temple) = d.rules.sacrifice_other;
            let (corn, temple) = (corn * u32::from(n), temple * u32::from(n));
            pay_or_keep(s, p, &[0, corn, 0, 0]);
            say(
                ev,
                format!("{me} joins the sacrifice with {corn} corn."),
                format!("{me_ko}이(가) 옥수수 {corn}개로 공양에 참여합니다."),
            );
            advance_temple(s, p, temple, ev);
        }
        _ => {}
    }
}

/// Answers `Ask::Produce1`.
pub(super) fn on_produce1(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    if let (Ask::Produce1, Cmd::Produce(Some(b))) = (a, c) {
        if let Some(bd) = d.production.get(b as usize) {
            pay_or_keep(s, p, &bd.input);
            say(
                ev,
                format!("{me} uses {} (it stays face up).", bd.id),
                format!("{me_ko}이(가) {}을(를) 사용합니다 (앞면 유지).", bd.id),
            );
            push(s, p, Step::Effect(bd.output.clone()));
        }
    }
}

/// Answers `Ask::Produce`.
pub(super) fn on_produce(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (
            Ask::Produce {
                active, flip_left, ..
            },
            Cmd::Produce(Some(b)),
        ) => {
            if let Some(bd) = d.production.get(b as usize) {
                pay_or_keep(s, p, &bd.input);
                if let Some(pl) = s.players.get_mut(p) {
                    if let Some(x) = pl.production.iter_mut().find(|x| x.0 == b && x.1) {
                        x.1 = false;
                    }
                }
                say(
                    ev,
                    format!("{me} uses {} and turns it face down.", bd.id),
                    format!("{me_ko}이(가) {}을(를) 사용하고 뒤집습니다.", bd.id),
                );
                ask(
                    s,
                    p,
                    Ask::Produce {
                        active,
                        flip_left,
                        used: true,
                    },
                );
                push(s, p, Step::Effect(bd.output.clone()));
            }
        }
        (Ask::Produce { active, used, .. }, Cmd::FlipUp(b)) => {
            // Before or after the production (L457): after it, the flip ends
            // the action, so no building is used twice.
            flip_up(s, p, FlipItem::Bld(b));
            say(
                ev,
                format!(
                    "{me} turns {} face up.",
                    names.bld(Bld::Prod(b)).to_uppercase()
                ),
                format!(
                    "{me_ko}이(가) {}을(를) 앞면으로 뒤집습니다.",
                    names.bld(Bld::Prod(b)).to_uppercase()
                ),
            );
            if !used {
                ask(
                    s,
                    p,
                    Ask::Produce {
                        active,
                        flip_left: false,
                        used,
                    },
                );
            }
        }
        (Ask::Produce { .. }, Cmd::Produce(None)) => {}
        _ => {}
    }
}

/// Answers `Ask::Recover`.
pub(super) fn on_recover(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (
            Ask::Recover {
                left,
                free,
                cost,
                buildings_only,
            },
            Cmd::Recover(Some(item)),
        ) => {
            let food_due = if free == 0 && cost[POTATO] > 0 {
                // 1 food per further item (L409): the mix is asked next.
                cost[POTATO]
            } else {
                if free == 0 {
                    pay_or_keep(s, p, &cost);
                }
                0
            };
            flip_up(s, p, item);
            let name = match item {
                FlipItem::Bld(b) => names.bld(Bld::Prod(b)),
                FlipItem::Army(a) => names.army(a),
            };
            say(
                ev,
                format!("{me} recovers {}.", name.to_uppercase()),
                format!("{me_ko}이(가) {}을(를) 회복합니다.", name.to_uppercase()),
            );
            if left > 1 {
                ask(
                    s,
                    p,
                    Ask::Recover {
                        left: left - 1,
                        free: free.saturating_sub(1),
                        cost,
                        buildings_only,
                    },
                );
            }
            if food_due > 0 {
                ask(
                    s,
                    p,
                    Ask::Food {
                        food: food_due,
                        potato: 0,
                    },
                );
            }
        }
        (Ask::Recover { .. }, Cmd::Recover(None)) => {}
        _ => {}
    }
}

/// Answers `Ask::Z16Recover`.
pub(super) fn on_z16_recover(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Z16Recover { late }, Cmd::Recover(Some(item))) => {
            flip_up(s, p, item);
            let name = match item {
                FlipItem::Bld(b) => names.bld(Bld::Prod(b)),
                FlipItem::Army(a) => names.army(a),
            };
            say(
                ev,
                format!("{me} recovers {} (Z16).", name.to_uppercase()),
                format!(
                    "{me_ko}이(가) {}을(를) 회복합니다 (Z16).",
                    name.to_uppercase()
                ),
            );
            if !late {
                // Taken before the production: not offered again after it.
                if let Some(i) = s
                    .stack
                    .iter()
                    .rposition(|x| matches!(x, Item::Do(q, Step::Z16After) if *q == p))
                {
                    s.stack.remove(i);
                }
            }
        }
        (Ask::Z16Recover { .. }, Cmd::Recover(None)) => {}
        _ => {}
    }
}

pub(super) fn flip_up(s: &mut State, p: usize, item: FlipItem) {
    if let Some(pl) = s.players.get_mut(p) {
        match item {
            FlipItem::Bld(b) => {
                if let Some(x) = pl.production.iter_mut().find(|x| x.0 == b && !x.1) {
                    x.1 = true;
                }
            }
            FlipItem::Army(a) => {
                if let Some(x) = pl.army_front.iter_mut().find(|x| x.0 == a && !x.1) {
                    x.1 = true;
                }
            }
        }
    }
}
