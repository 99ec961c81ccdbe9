//! Weaving: tiles dropped, bought, left over, put and taken for free.

use super::super::command::{Cmd, Names};
use super::super::scoring;
use super::super::state::{Ask, State, Step};
use super::effects::*;
use crate::engine::{Event, Text};

/// Answers `Ask::DropTile`.
pub(super) fn on_drop_tile(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::DropTile { left }, Cmd::Drop(t)) = (a, c) {
        // Z08: under the pile unseen by the others (L577-578).
        s.offer.tiles.retain(|&x| x != t);
        s.weaving_pile.insert(0, t);
        if s.offer.top != Some(t) {
            s.weaving_secret.push((t, p));
        }
        say(
            ev,
            format!("{me} puts a weaving under the pile."),
            format!("{me_ko}이(가) 직조물 1개를 더미 맨 밑에 넣습니다."),
        );
        ev.push(Event::private(
            crate::engine::Seat(p),
            Text::new(
                format!(
                    "You put {} under the pile.",
                    names.weaving(t).to_uppercase()
                ),
                format!(
                    "{}을(를) 더미 맨 밑에 넣었습니다.",
                    names.weaving(t).to_uppercase()
                ),
            ),
        ));
        if left > 1 {
            ask(s, p, Ask::DropTile { left: left - 1 });
        }
    }
}

/// Answers `Ask::Buy`.
pub(super) fn on_buy(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::Buy, Cmd::Buy(tiles)) = (a, c) {
        let price = if tiles.is_empty() {
            0
        } else {
            d.rules
                .weaving_prices_corn
                .get(tiles.len() - 1)
                .copied()
                .unwrap_or(0)
        };
        pay_or_keep(s, p, &[0, price, 0, 0]);
        s.offer.tiles.retain(|t| !tiles.contains(t));
        // Decided: what is left is offered to the others, face up (L322-324).
        s.offer.public = true;
        if !s.offer.tiles.is_empty() {
            let left: Vec<String> = s
                .offer
                .tiles
                .iter()
                .map(|&t| names.weaving(t).to_uppercase())
                .collect();
            reveal(
                ev,
                format!("Left over for the others: {}.", left.join(", ")),
                format!(
                    "다른 플레이어가 살 수 있는 남은 직조물: {}.",
                    left.join(", ")
                ),
            );
        }
        let list: Vec<String> = tiles
            .iter()
            .map(|&t| names.weaving(t).to_uppercase())
            .collect();
        say(
            ev,
            format!(
                "{me} buys {} weaving(s) for {price} corn {}.",
                tiles.len(),
                list.join(" ")
            ),
            format!(
                "{me_ko}이(가) 옥수수 {price}개로 직조물 {}개를 삽니다 {}.",
                tiles.len(),
                list.join(" ")
            ),
        );
        for &t in tiles.iter().rev() {
            ask(s, p, Ask::PutTile { tile: t });
        }
    }
}

/// Answers `Ask::Leftover`.
pub(super) fn on_leftover(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Leftover, Cmd::Buy(tiles)) => {
            pay_or_keep(s, p, &[0, d.rules.weaving_leftover_price_corn, 0, 0]);
            s.offer.tiles.retain(|t| !tiles.contains(t));
            for &t in &tiles {
                say(
                    ev,
                    format!(
                        "{me} buys leftover weaving {}.",
                        names.weaving(t).to_uppercase()
                    ),
                    format!(
                        "{me_ko}이(가) 남은 직조물 {}을(를) 삽니다.",
                        names.weaving(t).to_uppercase()
                    ),
                );
                ask(s, p, Ask::PutTile { tile: t });
            }
        }
        (Ask::Leftover, Cmd::Pass) => {}
        _ => {}
    }
}

/// Answers `Ask::PutTile`.
pub(super) fn on_put_tile(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::PutTile { tile }, Cmd::Put(_, target)) = (a, c) {
        put_tile(s, p, tile, target, ev)
    }
}

/// Answers `Ask::FreeWeaving`.
pub(super) fn on_free_weaving(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::FreeWeaving, Cmd::Weaving(below)) = (a, c) {
        let n = s.weaving_pile.len();
        let idx = if below {
            n.checked_sub(2)
        } else {
            n.checked_sub(1)
        };
        if let Some(i) = idx {
            let t = s.weaving_pile.remove(i);
            reveal(
                ev,
                format!("{me} takes weaving {}.", names.weaving(t).to_uppercase()),
                format!(
                    "{me_ko}이(가) 직조물 {}을(를) 받습니다.",
                    names.weaving(t).to_uppercase()
                ),
            );
            ask(s, p, Ask::PutTile { tile: t });
        }
    }
}

pub(super) fn put_tile(
    s: &mut State,
    p: usize,
    tile: u8,
    target: Option<(usize, bool)>,
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let Some(pl) = s.players.get_mut(p) else {
        return;
    };
    let before: Vec<usize> = pl
        .tapestries
        .iter()
        .flat_map(|t| scoring::matches(&d, t))
        .collect();
    match target {
        None => pl.tapestries.push(vec![tile]),
        Some((i, right)) => match pl.tapestries.get_mut(i) {
            Some(t) if right => t.push(tile),
            Some(t) => t.insert(0, tile),
            None => pl.tapestries.push(vec![tile]),
        },
    }
    let after: Vec<usize> = pl
        .tapestries
        .iter()
        .flat_map(|t| scoring::matches(&d, t))
        .collect();
    let id = d
        .weavings
        .get(tile as usize)
        .map(|w| w.id.clone())
        .unwrap_or_default();
    say(
        ev,
        format!("{} adds weaving {id} to a tapestry.", who(s, p)),
        format!(
            "{}이(가) 직조물 {id}을(를) 태피스트리에 붙입니다.",
            who_ko(s, p)
        ),
    );
    if s.has_passive(p, "match_reward_immediately") && after.len() > before.len() {
        // The new pair is the one not matched before.
        let mut rest = before.clone();
        for m in after {
            if let Some(i) = rest.iter().position(|&x| x == m) {
                rest.remove(i);
            } else if let Some((_, e)) = d.rewards.get(m) {
                push(s, p, Step::Effect(e.clone()));
            }
        }
    }
}
