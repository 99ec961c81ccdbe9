//! The automatic steps: tasks of a space and what the stack of pending steps runs.

use super::super::command::Names;
use super::super::data::{Effect, Task, CORN, GOLD, POTATO, STONE};
use super::super::scoring;
use super::super::state::{self, Ask, Item, State, Step, TurnState};
use super::Solo;
use super::{effects::*, high_priest::*};
use crate::engine::{Event, Text, Told};

/// Can task `t` be done now by `p`?
/// A God card in hand and a pile to refill from: the market swap (L308-309).
pub(super) fn swap_possible(s: &State, pl: &super::super::state::Player) -> bool {
    let piles_empty = s.prod_pile.is_empty() && s.pass_pile.is_empty();
    !pl.gods.is_empty() && !piles_empty
}

pub(super) fn task_possible(s: &State, p: usize, t: Task) -> bool {
    let d = s.d();
    let Some(pl) = s.players.get(p) else {
        return false;
    };
    match t {
        Task::Potato | Task::Corn | Task::Stone | Task::Gold | Task::Merchant => true,
        Task::Step => {
            pl.steps_left > 0
                && state::can_pay(&pl.res, &d.rules.step_cost)
                && !state::open_steps(s).is_empty()
        }
        // Before building, the market may be changed with a God card (L308-309)
        // and free actions may pay (L164-167, L589): the decision is then
        // reached, where `build none` remains possible.
        Task::Building => {
            state::market(s)
                .iter()
                .any(|&b| state::can_pay(&pl.res, &state::bld_cost(s, b)))
                || (!s.is_bot(p)
                    && (swap_possible(s, pl)
                        || !pl.army_hand.is_empty()
                        || s.has_passive(p, "exchange_2s_1g_2c")))
        }
        Task::Statue => {
            (s.statues.iter().any(|x| x.0 > 0)
                && state::can_pay(&pl.res, &d.rules.statue_small_cost))
                || (s.statues.iter().any(|x| x.1 > 0)
                    && state::can_pay(&pl.res, &d.rules.statue_large_cost))
        }
        Task::Weave => !s.weaving_pile.is_empty(),
        Task::Train => !s.army_deck.is_empty() || !s.army_discard.is_empty(),
        Task::Produce => pl.production.iter().any(|&(b, up)| {
            up && d
                .production
                .get(b as usize)
                .is_some_and(|x| state::can_pay(&pl.res, &x.input))
        }),
    }
}

pub(super) fn do_task(s: &mut State, p: usize, t: Task, ev: &mut Vec<Event>) {
    let gather = match t {
        Task::Potato => Some((POTATO, 3)),
        Task::Corn => Some((CORN, 2)),
        Task::Stone => Some((STONE, 2)),
        Task::Gold => Some((GOLD, 1)),
        _ => None,
    };
    if let Some((r, n)) = gather {
        let mut e = Effect::default();
        e.res[r] = n;
        if r != GOLD && s.has_passive(p, "gather_bonus") {
            e.res[r] += 1;
            e.vp += 1;
        }
        gain_effect(s, p, &e, ev);
        return;
    }
    match t {
        Task::Step => ask(s, p, Ask::StepSpace),
        Task::Building => ask(s, p, Ask::Build { swapped: false }),
        Task::Statue => ask(
            s,
            p,
            Ask::Statue {
                paid: true,
                large: false,
            },
        ),
        Task::Weave => push(s, p, Step::WeaveDraw),
        Task::Merchant => push(s, p, Step::Merchant),
        Task::Train => push(s, p, Step::Train),
        Task::Produce => ask(s, p, Ask::Produce1),
        _ => {}
    }
}

/// Runs one automatic step.
pub(super) fn run_step(s: &mut State, p: usize, step: Step, ev: &mut Vec<Event>) {
    match step {
        Step::Effect(e) => gain_effect(s, p, &e, ev),
        Step::Tasks(seq) => {
            let Some((&first, rest)) = seq.split_first() else {
                return;
            };
            if !task_possible(s, p, first) {
                // The rest is lost, including tasks still to be chosen (L232).
                if let Some(i) = s
                    .stack
                    .iter()
                    .rposition(|x| matches!(x, Item::Ask(q, Ask::MoreTasks { .. }) if *q == p))
                {
                    s.stack.remove(i);
                }
                say(
                    ev,
                    format!(
                        "{} cannot do the task '{}'; the remaining tasks are lost.",
                        who(s, p),
                        first.word()
                    ),
                    format!(
                        "{}은(는) '{}' 업무를 할 수 없어 남은 업무를 포기합니다.",
                        who_ko(s, p),
                        first.ko()
                    ),
                );
                return;
            }
            if !rest.is_empty() {
                push(s, p, Step::Tasks(rest.to_vec()));
            }
            do_task(s, p, first, ev);
        }
        Step::PriestCard => gain_effect(
            s,
            p,
            &Effect {
                god_cards: 1,
                ..Effect::default()
            },
            ev,
        ),
        _ => run_weaving_step(s, p, step, ev),
    }
}

/// `run_step` continued: the arms after `run_step`.
fn run_weaving_step(s: &mut State, p: usize, step: Step, ev: &mut Vec<Event>) {
    match step {
        Step::WeaveDraw => {
            let n = if s.has_passive(p, "weavings_draw_5_discard_2") {
                s.d().rules.weavings_drawn_z08
            } else {
                s.d().rules.weavings_drawn
            };
            // The face-up top tile is among them (L319); the others are seen
            // by the buyer only until the buyer decides (L320-324).
            let top = s.weaving_pile.last().copied();
            let mut tiles = Vec::new();
            for _ in 0..n {
                if let Some(t) = s.weaving_pile.pop() {
                    tiles.push(t);
                }
            }
            let pile = &s.weaving_pile;
            s.weaving_secret.retain(|(t, _)| pile.contains(t));
            let (me, me_ko) = actor(s, p);
            let (data, drawn) = (s.data.arc().clone(), tiles.len());
            reveal_with(ev, move || {
                let top_name = top
                    .map(|t| Names(&data).weaving(t).to_uppercase())
                    .unwrap_or_else(|| "-".into());
                (
                    format!("{me} draws {drawn} weavings (the face-up one was {top_name})."),
                    format!("{me_ko}이(가) 직조물 {drawn}개를 뽑습니다 (공개된 것: {top_name})."),
                )
            });
            let (data, drawn) = (s.data.arc().clone(), tiles.clone());
            ev.push(Event::private(
                crate::engine::Seat(p),
                Told::later(move || {
                    let names: Vec<String> = drawn
                        .iter()
                        .map(|&t| Names(&data).weaving(t).to_uppercase())
                        .collect();
                    Text::new(
                        format!("You drew the weavings {}.", names.join(", ")),
                        format!("직조물 {}을(를) 뽑았습니다.", names.join(", ")),
                    )
                }),
            ));
            let extra = tiles.len().saturating_sub(s.d().rules.weavings_drawn);
            s.offer = super::super::state::WeaveOffer {
                buyer: p,
                tiles,
                top,
                public: false,
            };
            push(s, p, Step::WeaveEnd);
            push(s, p, Step::WeaveLeftovers);
            ask(s, p, Ask::Buy);
            if extra > 0 {
                ask(s, p, Ask::DropTile { left: extra as u8 });
            }
        }
        Step::WeaveLeftovers => {
            if s.offer.tiles.is_empty() {
                return;
            }
            let order = s.order_from(p);
            for &q in order.iter().skip(1).rev() {
                ask(s, q, Ask::Leftover);
            }
        }
        Step::WeaveEnd => {
            let left = std::mem::take(&mut s.offer.tiles);
            for t in left {
                s.weaving_pile.insert(0, t);
            }
        }
        _ => run_action_step(s, p, step, ev),
    }
}

/// `run_step` continued: the arms after `run_weaving_step`.
fn run_action_step(s: &mut State, p: usize, step: Step, ev: &mut Vec<Event>) {
    match step {
        Step::Train => {
            let mut cards = Vec::new();
            // Axomama keeps the one card it draws (L652-655).
            let n = if s.is_bot(p) { 1 } else { 2 };
            for _ in 0..n {
                if let Some(a) = draw_army(s) {
                    cards.push(a);
                }
            }
            reveal(
                ev,
                format!("{} trains: draws {} army card(s).", who(s, p), cards.len()),
                format!(
                    "{}이(가) 훈련합니다: 군대 카드 {}장을 뽑습니다.",
                    who_ko(s, p),
                    cards.len()
                ),
            );
            if !s.is_bot(p) {
                let names: Vec<String> = cards
                    .iter()
                    .map(|&a| Names(s.d()).army(a).to_uppercase())
                    .collect();
                ev.push(Event::private(
                    crate::engine::Seat(p),
                    Text::new(
                        format!("You drew {}.", names.join(", ")),
                        format!("{}을(를) 뽑았습니다.", names.join(", ")),
                    ),
                ));
            }
            match cards.len() {
                0 => {}
                1 => {
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.army_hand.extend(cards);
                    }
                }
                _ => ask(s, p, Ask::TrainKeep { cards }),
            }
        }
        Step::Merchant => {
            let d = s.data.arc().clone();
            let taps = s
                .players
                .get(p)
                .map(|x| x.tapestries.clone())
                .unwrap_or_default();
            let mut got = Vec::new();
            for t in &taps {
                got.extend(scoring::matches(&d, t));
            }
            say(
                ev,
                format!(
                    "{} works as merchant: {} matching pair(s).",
                    who(s, p),
                    got.len()
                ),
                format!("{}이(가) 상인 업무: 일치 {}쌍.", who_ko(s, p), got.len()),
            );
            for r in got.into_iter().rev() {
                if let Some((_, e)) = d.rewards.get(r) {
                    push(s, p, Step::Effect(e.clone()));
                }
            }
        }
        Step::Activate(action) => activate(s, p, action, ev),
        Step::HpOthers { action, active_did } => hp_others(s, p, action, active_did),
        _ => run_turn_step(s, p, step, ev),
    }
}

/// `run_step` continued: the arms after `run_action_step`.
fn run_turn_step(s: &mut State, p: usize, step: Step, ev: &mut Vec<Event>) {
    match step {
        Step::ConquestPlace { active_did } => {
            if active_did && !(s.is_bot(p) && s.readings.difficulty < 0) {
                ask(s, p, Ask::Conquer);
            }
            let order = s.order_from(p);
            // Every player with markers left may place (L427-429), Axomama too.
            for &q in order.iter().rev() {
                if q == p && !active_did {
                    continue;
                }
                ask(s, q, Ask::Conquer);
            }
        }
        Step::EndSetup => {
            let mut used = std::mem::take(&mut s.god_deck);
            used.append(&mut s.setup_used);
            for pl in &mut s.players {
                used.append(&mut pl.dealt);
            }
            s.rng.shuffle(&mut used);
            s.god_deck = used;
            refill_market(s);
            // The God deck was just shuffled: what comes next is new chance.
            reveal(ev, "Setup is complete.", "게임 준비가 끝났습니다.");
        }
        Step::TurnStart => {
            let p = s.current;
            if s.festival_holder == Some(p) && !s.festival_held_this_turn {
                push(s, p, Step::TurnStart);
                push(s, p, Step::Festival(0));
                return;
            }
            s.turn = TurnState::default();
            if s.is_bot(p) {
                push(s, p, Step::Solo);
                return;
            }
            ask(s, p, Ask::Main);
            if s.players.get(p).is_some_and(|x| x.priest.is_none()) {
                ask(s, p, Ask::PriestStart);
            }
        }
        Step::EndTurn => {
            push(s, p, Step::NextTurn);
            push(s, p, Step::Offerings);
            push(s, p, Step::LimitCheck);
            ask(s, p, Ask::Hire);
        }
        Step::LimitCheck => {
            let limit = s.d().rules.worker_limit;
            if s.players.get(p).is_some_and(|x| x.workers.len() > limit) {
                push(s, p, Step::LimitCheck);
                ask(s, p, Ask::Dismiss);
            }
        }
        Step::Offerings => {
            if let Some(card) = s.turn.used_card.take() {
                to_offerings(s, card, ev);
            }
        }
        Step::NextTurn => {
            let before = s.market_prod.len() + s.market_pass.len();
            refill_market(s);
            if s.market_prod.len() + s.market_pass.len() > before {
                let m: Vec<String> = state::market(s)
                    .iter()
                    .map(|&b| Names(s.d()).bld(b).to_uppercase())
                    .collect();
                reveal(
                    ev,
                    format!("The building market is refilled: {}.", m.join(", ")),
                    format!("건물 시장을 채웁니다: {}.", m.join(", ")),
                );
            }
            s.turn = TurnState::default();
            s.festival_held_this_turn = false;
            s.current = (s.current + 1) % s.np();
            push(s, s.current, Step::TurnStart);
        }
        Step::Festival(stage) => super::festival::run(s, p, stage, ev),
        Step::Solo => super::solo(s, p, Solo::Turn, ev),
        Step::Z16After => ask(s, p, Ask::Z16Recover { late: true }),
        Step::BonusLate => {
            if let Some(card) = s.turn.bonus.take() {
                ask(s, p, Ask::Bonus { card });
            }
        }
        // Every other step is run by `run_step` and the steps before this one.
        _ => {}
    }
}
