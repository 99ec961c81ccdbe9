//! Festivals (L492-539) and final scoring (L540-553): resolved at the start of
//! the token holder's next turn, in stages so that decisions can interleave.

use super::super::command::Cmd;
use super::super::data::GOLD;
use super::super::data::{Effect, POTATO};
use super::super::scoring;
use super::super::state::{self, Ask, Item, State, Step};
use super::effects::*;
use super::effects::{draw_god, refill_market, say, who};
use super::Solo;
use crate::engine::{Event, Text};

fn push(s: &mut State, p: usize, step: Step) {
    s.stack.push(Item::Do(p, step));
}

/// Stage `stage` of the Festival held by `h` (the current player).
pub fn run(s: &mut State, h: usize, stage: u8, ev: &mut Vec<Event>) {
    let k = s.festivals_done; // 0-based number of this Festival
    let order = s.order_from(h);
    match stage {
        0 => {
            s.festival_running = true;
            say(
                ev,
                format!("Festival {} begins.", k + 1),
                format!("축제 {}이(가) 시작됩니다.", k + 1),
            );
            push(s, h, Step::Festival(1));
            // Start-of-Festival passive income (A22), then Z12 offers.
            for &q in order.iter().rev() {
                if s.has_passive(q, "worship_or_festival_gold_temple") {
                    s.stack.push(Item::Ask(
                        q,
                        Ask::Optional {
                            pay: [0, 0, 0, 1],
                            effect: Effect {
                                temple: 1,
                                ..Effect::default()
                            },
                        },
                    ));
                }
            }
            for &q in &order {
                let mut e = Effect::default();
                if s.has_passive(q, "festival_4_potatoes_and_card_vp") {
                    e.res[POTATO] += 4;
                }
                if s.has_passive(q, "festival_income") {
                    e.res[0] += 2;
                    e.res[1] += 1;
                    e.res[2] += 1;
                }
                if s.has_passive(q, "festival_vp_longest_tapestry") {
                    e.vp += s
                        .players
                        .get(q)
                        .and_then(|x| x.tapestries.iter().map(Vec::len).max())
                        .unwrap_or(0) as u32;
                }
                if !e.is_empty() {
                    super::effects::gain_effect(s, q, &e, ev);
                }
            }
        }
        1 => {
            push(s, h, Step::Festival(2));
            for &q in order.iter().rev() {
                if s.is_bot(q) {
                    super::solo(s, q, Solo::FestivalWeavings, ev);
                } else {
                    push(s, q, Step::Merchant);
                }
            }
        }
        _ => run_stages_2_3(s, h, stage, ev),
    }
}

/// `run` continued: the arms after `run`.
fn run_stages_2_3(s: &mut State, h: usize, stage: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let order = s.order_from(h);
    match stage {
        2 => {
            push(s, h, Step::Festival(3));
            let mut rewards = Vec::new();
            for &q in &order {
                let at = s.players.get(q).map(|x| x.temple).unwrap_or(0);
                if let Some(t) = d.temple.get(at) {
                    if let Some(pl) = s.players.get_mut(q) {
                        pl.vp += t.festival_vp;
                    }
                    say(
                        ev,
                        format!("{} scores {} VP from the temple.", who(s, q), t.festival_vp),
                        format!(
                            "{}이(가) 신전에서 승점 {}점을 받습니다.",
                            who(s, q),
                            t.festival_vp
                        ),
                    );
                    if !t.reward.is_empty() {
                        rewards.push((q, t.reward.clone()));
                    }
                }
            }
            // The left-hand rewards, resolved in turn order.
            for (q, r) in rewards.into_iter().rev() {
                push(s, q, Step::Effect(r));
            }
        }
        3 => {
            let casualties = s.casualties.len() as u32;
            for r in 0..d.regions.len() {
                if let Some(w) = scoring::region_winner(&d, &s.conquest, r, s.np()) {
                    if let Some(pl) = s.players.get_mut(w) {
                        pl.vp += casualties;
                    }
                    say(
                        ev,
                        format!(
                            "{} holds {} and scores {casualties} VP.",
                            who(s, w),
                            d.regions.get(r).map(|x| x.id.as_str()).unwrap_or("?")
                        ),
                        format!(
                            "{}이(가) {}의 다수를 차지해 승점 {casualties}점을 받습니다.",
                            who(s, w),
                            d.regions.get(r).map(|x| x.ko.as_str()).unwrap_or("?")
                        ),
                    );
                }
            }
            push(s, h, Step::Festival(4));
            // Feeding the gods: 1 potato per God card in hand, -2 VP per
            // potato missing (L505-507); each seat decides in turn order how
            // much gold to give for the missing ones (A6). A single choice is
            // taken at once.
            for &q in order.iter().rev() {
                if !s.is_bot(q) {
                    s.stack.push(Item::Ask(q, Ask::Feed));
                }
            }
        }
        _ => run_stage_4(s, h, stage, ev),
    }
}

/// `run` continued: the arms after `run_stages_2_3`.
fn run_stage_4(s: &mut State, h: usize, stage: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let k = s.festivals_done; // 0-based number of this Festival
    let order = s.order_from(h);
    match stage {
        4 => {
            if k + 1 >= d.rules.festivals {
                // Solo: Axomama's last Recover and Worship first (L787-789);
                // their temple rewards resolve before the scoring (stage 9).
                push(s, h, Step::Festival(9));
                if s.solo {
                    super::solo(s, 1, Solo::LastActions, ev);
                }
                return;
            }
            s.festivals_done += 1;
            s.festival_holder = None;
            let size = d.village_size[s.np().min(4)];
            if s.bag.is_empty() {
                // L514-518: the next Festival is triggered at once.
                let vp = d
                    .rules
                    .festival_trigger_vp
                    .get(s.festivals_done)
                    .copied()
                    .unwrap_or(0);
                s.festival_holder = Some(h);
                if let Some(pl) = s.players.get_mut(h) {
                    pl.vp += vp;
                }
                say(
                    ev,
                    format!(
                        "The bag is empty: {} takes the Festival token again and {vp} VP.",
                        who(s, h)
                    ),
                    format!(
                        "주머니가 비어 {}이(가) 다시 축제 토큰과 승점 {vp}점을 받습니다.",
                        who(s, h)
                    ),
                );
            } else {
                while s.village.len() < size {
                    match super::effects::draw_worker(s) {
                        Some(w) => s.village.push(w),
                        None => break,
                    }
                }
                ev.push(Event::reveal(Text::new(
                    "The Village is refilled from the bag.",
                    "주머니에서 마을을 채웁니다.",
                )));
            }
            if s.np() == 2 && k == 0 {
                for (i, sp) in d.spaces.iter().enumerate() {
                    if sp.two_player_festival && s.hill.get(i) == Some(&None) {
                        if let Some(w) = super::effects::draw_worker(s) {
                            if let Some(x) = s.hill.get_mut(i) {
                                *x = Some(w);
                            }
                            if let Some(seg) = s.segment_used.get_mut(sp.section * 3 + sp.terrace) {
                                *seg = true;
                            }
                        }
                    }
                }
            }
            card_draw(s, h, ev);
            push(s, h, Step::Festival(5));
            for &q in order.iter().rev() {
                if !s.is_bot(q) {
                    s.stack.push(Item::Ask(
                        q,
                        Ask::UseCards {
                            festival: true,
                            left: d.rules.festival_god_cards_usable,
                        },
                    ));
                }
            }
        }
        _ => run_last_stage(s, stage, ev),
    }
}

/// `run` continued: the arms after `run_stage_4`.
fn run_last_stage(s: &mut State, stage: u8, ev: &mut Vec<Event>) {
    match stage {
        9 => final_scoring(s, ev),
        _ => {
            // Stage 5: the building market is re-dealt (L537-539).
            s.festival_running = false;
            // The holder now takes a normal turn even if an empty bag gave it the
            // token again (L514-518: that Festival waits for its next turn).
            s.festival_held_this_turn = true;
            let mp = std::mem::take(&mut s.market_prod);
            let ms = std::mem::take(&mut s.market_pass);
            for b in mp {
                s.prod_pile.insert(0, b);
            }
            for b in ms {
                s.pass_pile.insert(0, b);
            }
            refill_market(s);
            ev.push(Event::reveal(Text::new(
                "The building market is dealt anew.",
                "건물 시장을 새로 깝니다.",
            )));
        }
    }
}

/// The Festival card draw (L522-531): from the lowest score up; ties count the
/// current player, then the nearest clockwise, as ahead.
fn card_draw(s: &mut State, h: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let np = s.np();
    // rank key: (vp, closeness to h reversed): the current player is "ahead" in ties.
    let mut seats: Vec<usize> = (0..np).collect();
    seats.sort_by_key(|&q| {
        (
            s.players.get(q).map(|x| x.vp).unwrap_or(0),
            np - (q + np - h) % np,
        )
    });
    let table = d.rules.festival_card_draw[np.min(4)].clone();
    for (rank, &q) in seats.iter().enumerate() {
        let n = table.get(rank).copied().unwrap_or(0);
        if s.is_bot(q) {
            super::solo(s, q, Solo::FestivalDraw, ev);
            continue;
        }
        let mut got = Vec::new();
        for _ in 0..n {
            if let Some(g) = draw_god(s) {
                got.push(g);
            }
        }
        if let Some(pl) = s.players.get_mut(q) {
            pl.gods.extend(got.iter().copied());
        }
        ev.push(Event::reveal(Text::new(
            format!("{} draws {} God card(s).", who(s, q), got.len()),
            format!("{}이(가) 신 카드 {}장을 뽑습니다.", who_ko(s, q), got.len()),
        )));
        let ids: Vec<String> = got
            .iter()
            .filter_map(|&g| d.gods.get(g as usize))
            .map(|g| g.id.clone())
            .collect();
        if !ids.is_empty() {
            ev.push(Event::private(
                crate::engine::Seat(q),
                Text::new(
                    format!("You drew {}.", ids.join(", ")),
                    format!("{}을(를) 뽑았습니다.", ids.join(", ")),
                ),
            ));
        }
    }
}

/// Final scoring (L540-553), after the third Festival's steps 1-4.
pub fn final_scoring(s: &mut State, ev: &mut Vec<Event>) {
    let mut totals = Vec::new();
    for q in 0..s.np() {
        let items = scoring::final_items(s, q);
        let add: u32 = items.iter().map(|x| x.2).sum();
        if let Some(pl) = s.players.get_mut(q) {
            pl.vp += add;
        }
        if s.solo && q == 1 {
            super::solo(s, q, Solo::FinalBonus, ev);
        }
        let vp = s.players.get(q).map(|x| x.vp).unwrap_or(0);
        let parts: Vec<String> = items.iter().map(|x| format!("{} {}", x.0, x.2)).collect();
        say(
            ev,
            format!(
                "Final scoring: {} +{add} ({}) = {vp} VP.",
                who(s, q),
                parts.join(", ")
            ),
            format!("최종 점수: {} +{add} = 승점 {vp}점.", who(s, q)),
        );
        totals.push(vp);
    }
    let totals: Vec<u32> = s.players.iter().map(|x| x.vp).collect();
    s.final_scores = Some(totals);
    s.over = true;
}

/// Answers `Ask::Feed`.
pub(super) fn on_feed(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let (me, me_ko) = actor(s, p);
    if let (Ask::Feed, Cmd::Feed(k)) = (a, c) {
        // Potatoes as far as they go, then `k` gold, the rest -2 VP each (L505-507, A6).
        let Some(pl) = s.players.get_mut(p) else {
            return;
        };
        let need = state::festival_need(&d, pl);
        let potatoes = need.min(pl.res[POTATO]);
        pl.res[POTATO] -= potatoes;
        let gold = k.min(pl.res[GOLD]).min(need - potatoes);
        pl.res[GOLD] -= gold;
        let unpaid = need - potatoes - gold;
        let lost = unpaid * d.rules.festival_unpaid_vp;
        lose_vp(s, p, lost);
        say(
            ev,
            format!(
                "{me} feeds the gods of {need} God card(s): {potatoes} potato(es), {gold} gold; {lost} VP lost."
            ),
            format!(
                "{me_ko}이(가) 신 카드 {need}장에 감자 {potatoes}개, 금덩이 {gold}개를 내고 승점 {lost}점을 잃습니다."
            ),
        );
    }
}
