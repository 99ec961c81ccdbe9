//! Workers: hiring, dismissing, the bonus of a card, paying food, warriors, task orders and Nomads.

use super::super::command::{Cmd, Names};
use super::super::data::{Task, WORKER_IDS};
use super::super::state::{self, Ask, State, Step};
use super::{effects::*, turn::*};
use crate::engine::Event;

/// Answers `Ask::Hire`.
pub(super) fn on_hire(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Hire, Cmd::Hire(None)) => {}
        (Ask::Hire, Cmd::Hire(Some(corn))) => {
            let cost = if corn { [0, 1, 0, 0] } else { [1, 0, 0, 0] };
            let w = if corn {
                s.village.pop()
            } else if s.village.is_empty() {
                None
            } else {
                Some(s.village.remove(0))
            };
            if let Some(w) = w {
                pay_or_keep(s, p, &cost);
                if let Some(pl) = s.players.get_mut(p) {
                    pl.workers.push(w);
                }
                let name = WORKER_IDS.get(w as usize).copied().unwrap_or("?");
                say(
                    ev,
                    format!("{me} hires {} {name} from the Village.", article(name)),
                    format!("{me_ko}이(가) 마을에서 {name}을(를) 고용합니다."),
                );
                check_village(s, ev);
            }
        }
        (Ask::Hire, cmd) => {
            // A free action before deciding on the hire.
            ask(s, p, Ask::Hire);
            free_action(s, p, cmd, ev);
        }
        _ => {}
    }
}

/// Answers `Ask::Dismiss`.
pub(super) fn on_dismiss(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    if let (Ask::Dismiss, Cmd::Dismiss(t)) = (a, c) {
        if let Some(pl) = s.players.get_mut(p) {
            if let Some(i) = pl.workers.iter().position(|&x| x == t) {
                pl.workers.remove(i);
            }
        }
        let name = WORKER_IDS.get(t as usize).copied().unwrap_or("?");
        say(
            ev,
            format!(
                "{me} returns {} {name} to the box (worker limit).",
                article(name)
            ),
            format!("{me_ko}이(가) {name}을(를) 상자로 돌려보냅니다 (일꾼 제한)."),
        );
    }
}

/// Answers `Ask::Bonus`.
pub(super) fn on_bonus(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let (me, me_ko) = actor(s, p);
    match (a, c) {
        (Ask::Bonus { card }, Cmd::Bonus(true)) => take_bonus(s, p, card, None, ev),
        (Ask::Bonus { .. }, Cmd::Bonus(false)) => {
            s.turn.bonus = None;
            say(
                ev,
                format!("{me} does not take the statue bonus."),
                format!("{me_ko}은(는) 조각상 보너스를 받지 않습니다."),
            );
        }
        (Ask::Bonus { card }, Cmd::BonusParts(kinds)) => take_bonus(s, p, card, Some(kinds), ev),
        _ => {}
    }
}

/// Answers `Ask::Food`.
pub(super) fn on_food(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::Food { .. }, Cmd::Food(m)) = (a, c) {
        pay_food_mix(s, p, &m, ev)
    }
}

/// Answers `Ask::WarriorTake`.
pub(super) fn on_warrior_take(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let (me, me_ko) = actor(s, p);
    if let (Ask::WarriorTake { .. }, Cmd::Take(sp)) = (a, c) {
        if let Some(Some(w)) = s.hill.get(sp as usize).copied() {
            if let Some(x) = s.hill.get_mut(sp as usize) {
                *x = None;
            }
            if let Some(pl) = s.players.get_mut(p) {
                pl.workers.push(w);
            }
            say(
                ev,
                format!(
                    "{me}'s Warrior takes the worker on {}.",
                    names.space(sp).to_uppercase()
                ),
                format!(
                    "{me_ko}의 전사가 {}의 일꾼을 데려옵니다.",
                    names.space(sp).to_uppercase()
                ),
            );
        }
    }
}

/// Answers `Ask::Tasks`.
pub(super) fn on_tasks(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    match (a, c) {
        (a @ Ask::Tasks { .. }, Cmd::Bonus(true)) => {
            // Before the tasks (L242): the tasks are asked again afterwards.
            ask(s, p, a);
            if let Some(card) = s.turn.bonus {
                take_bonus(s, p, card, None, ev);
            }
        }
        (a @ Ask::Tasks { .. }, Cmd::BonusParts(kinds)) => {
            ask(s, p, a);
            if let Some(card) = s.turn.bonus {
                take_bonus(s, p, card, Some(kinds), ev);
            }
        }
        (Ask::Tasks { space, count }, Cmd::Tasks(seq)) => {
            answer_tasks(s, p, (space, count), Vec::new(), seq, ev)
        }
        _ => {}
    }
}

/// Answers `Ask::MoreTasks`.
pub(super) fn on_more_tasks(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::MoreTasks { space, count, done }, Cmd::Tasks(seq)) = (a, c) {
        answer_tasks(s, p, (space, count), done, seq, ev)
    }
}

/// Answers `Ask::Nomad`.
pub(super) fn on_nomad(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    if let (Ask::Nomad, Cmd::Worker(t)) = (a, c) {
        take_nomad(s, p, t, ev);
    }
}

/// The tasks chosen now (after `done`); when some are left they are asked
/// again once these are done, so a player may look before choosing (L225-232).
pub(super) fn answer_tasks(
    s: &mut State,
    p: usize,
    (space, count): (u8, u8),
    mut done: Vec<Task>,
    seq: Vec<Task>,
    ev: &mut Vec<Event>,
) {
    let (me, me_ko) = (who(s, p), who_ko(s, p));
    let words: Vec<&str> = seq.iter().map(|t| t.word()).collect();
    let kos: Vec<&str> = seq.iter().map(|t| t.ko()).collect();
    if seq.is_empty() {
        say(
            ev,
            format!("{me} does no more tasks."),
            format!("{me_ko}은(는) 업무를 더 하지 않습니다."),
        );
        return;
    }
    say(
        ev,
        format!("{me} performs the tasks: {}.", words.join(", ")),
        format!("{me_ko}이(가) 업무를 수행합니다: {}.", kos.join(", ")),
    );
    done.extend(seq.iter().copied());
    if done.len() < usize::from(count) {
        ask(s, p, Ask::MoreTasks { space, count, done });
    }
    push(s, p, Step::Tasks(seq));
}

/// Pays a chosen food mix (potatoes, corn, gold).
pub(super) fn pay_food_mix(s: &mut State, p: usize, m: &[u32; 3], ev: &mut Vec<Event>) {
    if m.iter().all(|&x| x == 0) {
        return;
    }
    let Some(pl) = s.players.get_mut(p) else {
        return;
    };
    if let Some(r) = state::pay_mix(&pl.res, m) {
        pl.res = r;
    }
    let (me, me_ko) = actor(s, p);
    let m = *m;
    say_with(ev, move || {
        (
            format!(
                "{me} pays {} potato(es), {} corn and {} gold as food.",
                m[0], m[1], m[2]
            ),
            format!(
                "{me_ko}이(가) 음식으로 감자 {}개, 옥수수 {}개, 금덩이 {}개를 냅니다.",
                m[0], m[1], m[2]
            ),
        )
    });
}

/// Takes the statue bonus of `card` (all of it, or the parts `kinds`), once (L241-244).
pub(super) fn take_bonus(
    s: &mut State,
    p: usize,
    card: u8,
    kinds: Option<Vec<u8>>,
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let Some(g) = d.gods.get(card as usize) else {
        return;
    };
    s.turn.bonus = None;
    pay_or_keep(s, p, &g.cost);
    let (me, me_ko) = (who(s, p), who_ko(s, p));
    let benefit = match &kinds {
        None => g.benefit.clone(),
        Some(k) => g.benefit.only(k),
    };
    let part = if kinds.is_some() { "part of " } else { "" };
    let part_ko = if kinds.is_some() { " 일부" } else { "" };
    say(
        ev,
        format!(
            "{me} takes {part}the statue bonus of {}: {}.",
            g.id,
            benefit.describe()
        ),
        format!(
            "{me_ko}이(가) {}의 조각상 보너스{part_ko}를 받습니다: {}.",
            g.id,
            benefit.describe()
        ),
    );
    push(s, p, Step::Effect(benefit));
}

pub(super) fn take_nomad(s: &mut State, p: usize, t: u8, ev: &mut Vec<Event>) {
    if let Some(i) = s.nomads.iter().position(|&x| x == t) {
        s.nomads.remove(i);
        if let Some(pl) = s.players.get_mut(p) {
            pl.workers.push(t);
        }
        refill_nomads(s);
        let name = WORKER_IDS.get(t as usize).copied().unwrap_or("?");
        reveal(
            ev,
            format!(
                "{} takes {} {name} from the Nomads.",
                who(s, p),
                article(name)
            ),
            format!(
                "{}이(가) 유목민 지역에서 {name}을(를) 데려옵니다.",
                who_ko(s, p)
            ),
        );
    }
}
