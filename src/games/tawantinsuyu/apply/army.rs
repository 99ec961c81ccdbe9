//! The army: cards kept and deployed (openly or in secret), conquest and casualties of war.

use super::super::command::{Cmd, Names};
use super::super::data::WORKER_IDS;
use super::super::state::{Ask, Item, State, Step};
use super::effects::*;
use crate::engine::{Event, Text};

/// Answers `Ask::TrainKeep`.
pub(super) fn on_train_keep(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    if let (Ask::TrainKeep { cards }, Cmd::KeepArmy(a)) = (a, c) {
        if let Some(pl) = s.players.get_mut(p) {
            pl.army_hand.push(a);
        }
        for &x in &cards {
            if x != a {
                s.army_discard.push(x);
            }
        }
        say(
            ev,
            format!("{me} keeps one army card and discards the other."),
            format!("{me_ko}이(가) 군대 카드 1장을 갖고 1장을 버립니다."),
        );
    }
}

/// Answers `Ask::Casualty`.
pub(super) fn on_casualty(s: &mut State, _p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::Casualty, Cmd::Casualty(nomad, corn)) = (a, c) {
        casualty(s, nomad, corn, ev)
    }
}

/// Answers `Ask::Deploy`.
pub(super) fn on_deploy(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Deploy { free }, Cmd::Deploy(Some(a))) => {
            if free == 0 {
                pay_or_keep(s, p, &[d.rules.conquest_deploy_potato, 0, 0, 0]);
            }
            if let Some(pl) = s.players.get_mut(p) {
                pl.army_hand.retain(|&x| x != a);
                pl.army_front.push((a, true));
            }
            reveal(
                ev,
                format!(
                    "{me} lays army card {} face up.",
                    names.army(a).to_uppercase()
                ),
                format!(
                    "{me_ko}이(가) 군대 카드 {}을(를) 앞면으로 내려놓습니다.",
                    names.army(a).to_uppercase()
                ),
            );
            ask(
                s,
                p,
                Ask::Deploy {
                    free: free.saturating_sub(1),
                },
            );
        }
        (Ask::Deploy { .. }, Cmd::Deploy(None)) => {}
        _ => {}
    }
}

/// Answers `Ask::DeploySecret`.
pub(super) fn on_deploy_secret(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::DeploySecret { free }, Cmd::DeployAll(cards)) = (a, c) {
        if let Some(x) = s.secret_deploy.get_mut(p) {
            *x = Some((cards.clone(), free));
        }
        say(
            ev,
            format!("{me} has chosen the army cards to lay."),
            format!("{me_ko}이(가) 내려놓을 군대 카드를 정했습니다."),
        );
        let ids: Vec<String> = cards
            .iter()
            .map(|&a| names.army(a).to_uppercase())
            .collect();
        ev.push(Event::private(
            crate::engine::Seat(p),
            Text::new(
                format!("You will lay: {}.", ids.join(", ")),
                format!("내려놓을 카드: {}.", ids.join(", ")),
            ),
        ));
        let waiting = s
            .stack
            .iter()
            .any(|i| matches!(i, Item::Ask(_, Ask::DeploySecret { .. })));
        if !waiting {
            reveal_deploys(s, ev);
        }
    }
}

/// Answers `Ask::Conquer`.
pub(super) fn on_conquer(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    match (a, c) {
        (
            Ask::Conquer,
            Cmd::Conquer {
                space,
                flip,
                discard,
            },
        ) => conquer(s, p, space, &flip, &discard, ev),
        (Ask::Conquer, Cmd::Pass) => {}
        _ => {}
    }
}

/// Moves worker `w` from the Village end or the Nomads to the Casualties of War.
pub(super) fn casualty(s: &mut State, nomad: Option<u8>, corn_end: bool, ev: &mut Vec<Event>) {
    let w = match nomad {
        None if !s.village.is_empty() => {
            if corn_end {
                s.village.pop()
            } else {
                Some(s.village.remove(0))
            }
        }
        Some(t) => {
            let i = s.nomads.iter().position(|&x| x == t);
            let w = i.map(|i| s.nomads.remove(i));
            refill_nomads(s);
            w
        }
        None => None,
    };
    if let Some(w) = w {
        s.casualties.push(w);
        let name = WORKER_IDS.get(w as usize).copied().unwrap_or("?");
        // A Nomad taken is replaced from the bag: random, so it reveals.
        let tell = if nomad.is_some() { reveal } else { say };
        tell(
            ev,
            format!(
                "{} {name} goes to the Casualties of War ({} there).",
                if article(name) == "an" { "An" } else { "A" },
                s.casualties.len()
            ),
            format!(
                "{name} 일꾼이 전쟁 사상자 지역으로 갑니다 ({}명).",
                s.casualties.len()
            ),
        );
        check_village(s, ev);
    }
}

/// All secret deployments are in: lay them, in turn order from the current player.
pub(super) fn reveal_deploys(s: &mut State, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    for q in s.order_from(s.current) {
        let Some(Some((cards, free))) = s.secret_deploy.get_mut(q).map(Option::take) else {
            continue;
        };
        let cost =
            (cards.len() as u32).saturating_sub(u32::from(free)) * d.rules.conquest_deploy_potato;
        pay_or_keep(s, q, &[cost, 0, 0, 0]);
        if let Some(pl) = s.players.get_mut(q) {
            pl.army_hand.retain(|a| !cards.contains(a));
            pl.army_front.extend(cards.iter().map(|&a| (a, true)));
        }
        let ids: Vec<String> = cards
            .iter()
            .filter_map(|&a| d.army.get(a as usize))
            .map(|a| a.id.clone())
            .collect();
        // Cards from a hand turn face up: the move cannot be taken back.
        let tell = if cards.is_empty() { say } else { reveal };
        tell(
            ev,
            format!(
                "{} lays {} army card(s) face up: {}.",
                who(s, q),
                cards.len(),
                ids.join(", ")
            ),
            format!(
                "{}이(가) 군대 카드 {}장을 앞면으로 내려놓습니다: {}.",
                who_ko(s, q),
                cards.len(),
                ids.join(", ")
            ),
        );
    }
}

/// Places a conquest marker: the benefit first, then the soldiers (A10).
pub(super) fn conquer(
    s: &mut State,
    p: usize,
    space: u8,
    flip: &[u8],
    discard: &[u8],
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let Some(c) = d.conquest.get(space as usize) else {
        return;
    };
    if let Some(x) = s.conquest.get_mut(space as usize) {
        *x = Some(p as u8);
    }
    if let Some(pl) = s.players.get_mut(p) {
        pl.markers_left = pl.markers_left.saturating_sub(1);
        for a in flip {
            if let Some(x) = pl.army_front.iter_mut().find(|x| x.0 == *a) {
                x.1 = false;
            }
        }
        pl.army_front.retain(|x| !discard.contains(&x.0));
    }
    s.army_discard.extend_from_slice(discard);
    say(
        ev,
        format!(
            "{} conquers {} ({}), flipping {} and discarding {} card(s).",
            who(s, p),
            c.id,
            c.benefit.describe(),
            flip.len(),
            discard.len()
        ),
        format!(
            "{}이(가) {}을(를) 정복합니다: 카드 {}장 뒤집기, {}장 버리기.",
            who_ko(s, p),
            c.id,
            flip.len(),
            discard.len()
        ),
    );
    push(s, p, Step::Effect(c.benefit.clone()));
}
