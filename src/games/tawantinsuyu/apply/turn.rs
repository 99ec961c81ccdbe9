//! The main decision of a turn and its free actions, and placing a worker.

use super::super::command::{Cmd, Names};
use super::super::data::{res_text, res_text_ko, GOLD, PORTER, PRIEST, WARRIOR, WORKER_IDS};
use super::super::state::{self, Ask, State, Step};
use super::{effects::*, workers::*};
use crate::engine::Event;

/// Answers `Ask::Main`.
pub(super) fn on_main(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::Main, cmd) = (a, c) {
        main_command(s, p, cmd, ev)
    }
}

pub(super) fn main_command(s: &mut State, p: usize, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    let after_sub = |s: &mut State| {
        if s.turn.subs.len() >= 2 {
            push(s, p, Step::EndTurn);
        } else {
            ask(s, p, Ask::Main);
        }
    };
    match c {
        Cmd::Place {
            worker,
            role,
            space,
            card,
            extra,
            food,
        } => place(s, p, worker, role, space, card, extra, food, ev),
        Cmd::Priest(action) => {
            let sec = s.section_of(action);
            if let Some(pl) = s.players.get_mut(p) {
                pl.priest = Some(sec);
            }
            s.turn.subs.push(0);
            after_sub(s);
            push(s, p, Step::Activate(action));
        }
        Cmd::Pray => {
            s.turn.subs.push(1);
            after_sub(s);
            say_with(ev, move || {
                (format!("{me} prays."), format!("{me_ko}이(가) 기도합니다."))
            });
            for _ in 0..d.rules.pray_cards {
                ask(s, p, Ask::GodSource);
            }
        }
        Cmd::Train => {
            s.turn.subs.push(2);
            after_sub(s);
            push(s, p, Step::Train);
        }
        Cmd::Recruit(t) => {
            s.turn.subs.push(3);
            after_sub(s);
            match t {
                Some(t) => take_nomad(s, p, t, ev),
                None => say(
                    ev,
                    format!("{me} recruits, but the Nomads are empty."),
                    format!("{me_ko}이(가) 모집하지만 유목민 지역이 비어 있습니다."),
                ),
            }
        }
        other => {
            ask(s, p, Ask::Main);
            free_action(s, p, other, ev);
        }
    }
}

pub(super) fn free_action(s: &mut State, p: usize, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    match c {
        Cmd::Cash(a) => {
            let Some(card) = d.army.get(a as usize) else {
                return;
            };
            let (id, resources) = (card.id.clone(), card.resources);
            if let Some(pl) = s.players.get_mut(p) {
                pl.army_hand.retain(|&x| x != a);
                for i in 0..4 {
                    pl.res[i] += card.resources[i];
                }
            }
            s.army_discard.push(a);
            say_with(ev, move || {
                (
                    format!("{me} discards army card {id} for {}.", res_text(&resources)),
                    format!(
                        "{me_ko}이(가) 군대 카드 {id}을(를) 버리고 {}을(를) 받습니다.",
                        res_text_ko(&resources)
                    ),
                )
            });
        }
        Cmd::Trade(a, b) => {
            let unit = [0, 2, 2, 1];
            if let Some(pl) = s.players.get_mut(p) {
                pl.res[a] = pl.res[a].saturating_sub(unit[a]);
                pl.res[b] += unit[b];
            }
            say(
                ev,
                format!(
                    "{me} exchanges {} {} for {} {}.",
                    unit[a],
                    super::super::data::RES_NAMES[a],
                    unit[b],
                    super::super::data::RES_NAMES[b]
                ),
                format!("{me_ko}이(가) 자원을 교환합니다."),
            );
        }
        Cmd::BuyGod => {
            pay_or_keep(s, p, &[1, 0, 0, 0]);
            ask(s, p, Ask::GodSource);
        }
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn place(
    s: &mut State,
    p: usize,
    worker: u8,
    role: u8,
    space: u8,
    card: Option<u8>,
    extra: bool,
    mix: Option<[u32; 3]>,
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let sp_i = space as usize;
    let Some(sp) = d.spaces.get(sp_i) else { return };
    let (food, owners) = state::food_cost(s, p, sp_i, role == PORTER);
    let tasks = state::task_count(s, p, sp_i, worker, role, extra);
    let own_vp = s.has_passive(p, "own_step_vp");
    if let Some(pl) = s.players.get_mut(p) {
        if let Some(i) = pl.workers.iter().position(|&x| x == worker) {
            pl.workers.remove(i);
        }
        match card {
            Some(g) => {
                if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                    pl.gods.remove(i);
                }
            }
            None => pl.res[GOLD] = pl.res[GOLD].saturating_sub(1),
        }
    }
    // The food (and the Priest's potato) is paid before any task (L192-193):
    // the mix given, the only one possible, or a question asked first.
    let potato = if extra {
        d.rules.priest_extra_task_potato
    } else {
        0
    };
    let mixes = s
        .players
        .get(p)
        .map(|pl| state::food_mixes(&pl.res, food, potato, 0))
        .unwrap_or_default();
    let mix = mix.or_else(|| (mixes.len() == 1).then(|| mixes.first().copied()).flatten());
    s.turn.used_card = card;
    s.turn.placed = true;
    if let Some(h) = s.hill.get_mut(sp_i) {
        *h = Some(worker);
    }
    if let Some(seg) = s.segment_used.get_mut(sp.section * 3 + sp.terrace) {
        *seg = true;
    }
    let (me, me_ko) = actor(s, p);
    let wname = WORKER_IDS.get(worker as usize).copied().unwrap_or("?");
    let data = d.clone();
    say_with(ev, move || {
        let sp_id = data.spaces.get(sp_i).map_or("?", |sp| sp.id.as_str());
        let pay_en = card
            .map(|g| format!("God card {}", Names(&data).god(g).to_uppercase()))
            .unwrap_or_else(|| "1 gold".into());
        (
            format!(
                "{me} places {} {wname} on {sp_id} paying {pay_en} and {food} food: {tasks} task(s).",
                article(wname),
            ),
            format!("{me_ko}이(가) {sp_id}에 {wname}을(를) 배치합니다 (음식 {food}): 업무 {tasks}회."),
        )
    });
    if let Some(m) = mix {
        pay_food_mix(s, p, &m, ev);
    }
    score_steps_used(s, p, &owners, own_vp, ev);
    // Pending items, last pushed resolves first.
    push(s, p, Step::EndTurn);
    if role == PRIEST && (extra || s.readings.priest_card_always) {
        push(s, p, Step::PriestCard);
    }
    push(s, p, Step::BonusLate);
    ask(
        s,
        p,
        Ask::Tasks {
            space,
            count: tasks,
        },
    );
    if role == WARRIOR {
        warrior_extras(s, p, space, ev);
    }
    if let Some(g) = card {
        offer_statue_bonus(s, p, g);
    }
    if mix.is_none() {
        ask(s, p, Ask::Food { food, potato });
    }
}

/// The owners of the steps of the space used score for it (the placer only
/// with the passive that says so).
fn score_steps_used(s: &mut State, p: usize, owners: &[u8], own_vp: bool, ev: &mut Vec<Event>) {
    let step_use_vp = s.d().rules.step_use_vp;
    for &o in owners {
        let o = o as usize;
        if o != p || own_vp {
            add_vp(s, o, step_use_vp);
            let (them, them_ko) = actor(s, o);
            say_with(ev, move || {
                (
                    format!("{them} scores {step_use_vp} VP for the step used."),
                    format!("{them_ko}이(가) 계단 사용으로 승점 {step_use_vp}점을 받습니다."),
                )
            });
        }
    }
}

/// A Warrior placed also takes an army card and the Warrior's take (and the
/// recovery of the passive that gives one).
fn warrior_extras(s: &mut State, p: usize, space: u8, ev: &mut Vec<Event>) {
    if s.has_passive(p, "warrior_recover_2_buildings") {
        ask(
            s,
            p,
            Ask::Recover {
                left: 2,
                free: 2,
                cost: [0; 4],
                buildings_only: true,
            },
        );
    }
    ask(s, p, Ask::WarriorTake { space });
    take_army(s, p, ev);
}

/// A God card paid whose symbol matches one of the player's statues offers
/// its bonus with the tasks.
fn offer_statue_bonus(s: &mut State, p: usize, g: u8) {
    let d = s.data.arc().clone();
    let sym = d.gods.get(g as usize).map(|x| x.symbol as u8);
    if s.players
        .get(p)
        .is_some_and(|pl| pl.statues.iter().any(|st| Some(st.0) == sym))
    {
        // Offered with the tasks and, if not taken, after them (L241-244).
        s.turn.bonus = Some(g);
    }
}
