//! The first decisions: God cards kept, cards used, the first weaving, the High Priest's start.

use super::super::command::{Cmd, Names};
use super::super::state::{Ask, State, Step};
use super::effects::*;
use super::Solo;
use crate::engine::Event;

/// Answers `Ask::Keep`.
pub(super) fn on_keep(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    if let (Ask::Keep, Cmd::Keep(v)) = (a, c) {
        if let Some(pl) = s.players.get_mut(p) {
            pl.dealt.retain(|g| !v.contains(g));
            pl.gods = v;
        }
        say(
            ev,
            format!("{me} keeps 3 God cards."),
            format!("{me_ko}이(가) 신 카드 3장을 손에 쥡니다."),
        );
    }
}

/// Answers `Ask::UseCards`.
pub(super) fn on_use_cards(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::UseCards { festival, left }, Cmd::Use(g)) => {
            let Some(card) = d.gods.get(g as usize) else {
                return;
            };
            pay_or_keep(s, p, &card.cost);
            if let Some(pl) = s.players.get_mut(p) {
                if festival {
                    if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                        pl.gods.remove(i);
                    }
                } else if let Some(i) = pl.dealt.iter().position(|&x| x == g) {
                    pl.dealt.remove(i);
                }
            }
            if festival {
                s.god_deck.push(g);
                let mut deck = std::mem::take(&mut s.god_deck);
                s.rng.shuffle(&mut deck);
                s.god_deck = deck;
            } else {
                s.setup_used.push(g);
            }
            let more = if festival {
                left > 1
            } else {
                s.players.get(p).is_some_and(|x| !x.dealt.is_empty())
            };
            if more {
                ask(
                    s,
                    p,
                    Ask::UseCards {
                        festival,
                        left: left.saturating_sub(1),
                    },
                );
            }
            let data = d.clone();
            reveal_with(ev, move || {
                let card = data.gods.get(g as usize);
                let id = card.map_or("?", |c| c.id.as_str());
                let benefit = card.map(|c| c.benefit.describe()).unwrap_or_default();
                (
                    format!("{me} uses God card {id}: {benefit}."),
                    format!("{me_ko}이(가) 신 카드 {id}의 혜택을 받습니다."),
                )
            });
            push(s, p, Step::Effect(card.benefit.clone()));
        }
        (
            Ask::UseCards {
                festival: false, ..
            },
            Cmd::UseDone,
        ) => {
            if let Some(pl) = s.players.get_mut(p) {
                let rest = std::mem::take(&mut pl.dealt);
                s.setup_used.extend(rest);
            }
        }
        _ => {}
    }
}

/// Answers `Ask::StartWeaving`.
pub(super) fn on_start_weaving(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::StartWeaving, Cmd::Start(t)) = (a, c) {
        s.start_weavings.retain(|&x| x != t);
        if let Some(pl) = s.players.get_mut(p) {
            pl.tapestries.push(vec![t]);
        }
        say(
            ev,
            format!(
                "{me} takes starting weaving {}.",
                names.weaving(t).to_uppercase()
            ),
            format!(
                "{me_ko}이(가) 시작 직조물 {}을(를) 가져갑니다.",
                names.weaving(t).to_uppercase()
            ),
        );
    }
}

/// Answers `Ask::PriestStart`.
pub(super) fn on_priest_start(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    if let (Ask::PriestStart, Cmd::Begin(action)) = (a, c) {
        let sec = s.section_of(action);
        if let Some(pl) = s.players.get_mut(p) {
            pl.priest = Some(sec);
        }
        say(
            ev,
            format!("{me} places the High Priest on {}.", action.word()),
            format!("{me_ko}이(가) 대제사장을 {}에 놓습니다.", action.ko()),
        );
        if s.solo {
            super::solo(s, 1, Solo::PlacePriest(sec), ev);
        }
    }
}
