//! The calendar: the end of a turn and of a round, the starting player
//! space, turning the gears, and the food days with their temple rewards.

use super::super::data::Goods;
use super::super::legal::double_advance_ok;
use super::super::scoring::feeding;
use super::super::state::{Decision, Mode, Phase, State, DUMMY, EMPTY, NONE};
use super::effects::take_skulls;
use crate::engine::{Move, Moves};

/// The calendar choice: declared in advance during the turn, or made by the
/// starting-space worker's owner at the end of the round.
pub(super) fn advance(s: &mut State, k: u8, next: &mut Moves<Decision>) {
    if s.phase() == Phase::Turn {
        s.declared = k;
        return;
    }
    if k == 2 {
        if let Some(o) = s.seat_on_start() {
            s.players[o].light = false;
        }
    }
    return_start_worker(s);
    advance_days(s, k);
    begin_round(s, next);
}

pub(super) fn end_turn(s: &mut State, next: &mut Moves<Decision>) {
    let age = usize::from(s.age.clamp(1, 2) - 1);
    for i in 0..s.display.len().min(s.data.general.buildings_on_display) {
        if s.display[i] == NONE {
            s.display[i] = s.piles[age].pop().unwrap_or(NONE);
        }
    }
    if s.took_start {
        let seat = s.active();
        s.players[seat].corn += s.accumulated;
        s.accumulated = 0;
    }
    s.mode = Mode::Start;
    s.begged = false;
    s.took_start = false;
    s.turn_index += 1;
    if s.turn_index >= s.n {
        end_round(s, next);
    }
}

fn end_round(s: &mut State, next: &mut Moves<Decision>) {
    if let Some(fd) = s.next_food_day() {
        if s.day >= fd {
            food_day(s, fd);
            if s.next_food_day().is_none() {
                next.push(Move::Goto(Decision::Over));
                return;
            }
        }
    }
    match s.seat_on_start() {
        Some(owner) => {
            s.first = if s.first == owner {
                (owner + 1) % s.n
            } else {
                owner
            };
            let days = match (double_advance_ok(s, owner), s.declared) {
                (true, 0) => {
                    // The owner decides; the worker comes back with that decision.
                    next.push(Move::Goto(Decision::Advance));
                    return;
                }
                (true, 2) => {
                    s.players[owner].light = false;
                    2
                }
                _ => 1,
            };
            return_start_worker(s);
            advance_days(s, days);
        }
        None => {
            s.accumulated += 1;
            advance_days(s, 1);
        }
    }
    begin_round(s, next);
}

/// The starting-space worker goes back to its owner's hand (rb L679-681).
fn return_start_worker(s: &mut State) {
    if let Some(o) = s.seat_on_start() {
        s.players[o].hand += 1;
    }
    s.start_space = EMPTY;
    s.declared = 0;
}

pub(super) fn begin_round(s: &mut State, next: &mut Moves<Decision>) {
    next.push(Move::Goto(Decision::Turn));
    s.turn_index = 0;
    s.mode = Mode::Start;
    s.begged = false;
    s.took_start = false;
}

/// Turns every gear one space per day; workers beyond the last numbered
/// space return to hand without an action, dummies keep turning (rb L383-389).
pub fn advance_days(s: &mut State, k: u8) {
    for _ in 0..k {
        for (gear, row) in s.gears.iter_mut().enumerate() {
            let g = &s.data.gears[gear];
            let o = row[g.last];
            if o != EMPTY && o != DUMMY {
                if let Some(p) = s.players.get_mut(o as usize - 1) {
                    p.hand += 1;
                }
                row[g.last] = EMPTY;
            }
            row[..g.teeth].rotate_right(1);
        }
        s.day += 1;
    }
}

/// Resolves the food day of day `fd`: feeding, the Age change, temple rewards (rb L892-1000).
pub fn food_day(s: &mut State, fd: u8) {
    let data = s.data.clone();
    let g = &data.general;
    for seat in 0..s.n {
        let (pay, unfed) = feeding(s, seat);
        let p = &mut s.players[seat];
        p.corn -= pay;
        p.vp -= unfed * g.unfed_penalty;
    }
    if fd == g.age_change_day {
        s.display = [NONE; 6];
        s.age = 2;
        for slot in s.display.iter_mut().take(g.buildings_on_display) {
            *slot = s.piles[1].pop().unwrap_or(NONE);
        }
    }
    if g.mid_age_days.contains(&fd) {
        for (t, temple) in data.temples.iter().enumerate() {
            let gains: Vec<Goods> = s
                .players
                .iter()
                .map(|p| {
                    let mut sum = Goods::default();
                    for r in temple.reward.iter().take(p.temple[t] as usize + 1) {
                        for k in 0..3 {
                            sum.res[k] += r.res[k];
                        }
                        sum.skull += r.skull;
                    }
                    sum
                })
                .collect();
            let skulls_due: i32 = gains.iter().map(|g| g.skull).sum();
            let skulls_ok = skulls_due <= s.skull_supply;
            for (seat, gain) in gains.iter().enumerate() {
                for k in 0..3 {
                    s.players[seat].res[k] += gain.res[k];
                }
                if skulls_ok {
                    take_skulls(s, seat, gain.skull);
                }
            }
        }
    } else {
        let age_index = usize::from(fd > g.age_change_day);
        for (t, temple) in data.temples.iter().enumerate() {
            for p in s.players.iter_mut() {
                p.vp += temple.vp.get(p.temple[t] as usize).copied().unwrap_or(0);
            }
            let best = s.players.iter().map(|p| p.temple[t]).max().unwrap_or(0);
            let leaders = s.players.iter().filter(|p| p.temple[t] == best).count();
            let bonus = temple.bonus[age_index];
            let each = if leaders > 1 { bonus / 2 } else { bonus };
            for p in s.players.iter_mut().filter(|p| p.temple[t] == best) {
                p.vp += each;
            }
        }
    }
    s.food_done += 1;
}
