//! Effects shared by many decisions: skulls from the supply, temple steps,
//! tech levels and their bonuses, and the printed effects of tiles and
//! buildings (immediate ones now, choices as pending steps).

use super::super::data::{Bonus, Effect};
use super::super::state::{Decision, Pending, State};
use crate::engine::{Move, Moves};

/// The handlers' way to ask for a step: owed on top of what is pending.
pub(super) fn owe(next: &mut Moves<Decision>, p: Pending) {
    next.push(Move::Call(Decision::Owed(p)));
}

/// Skulls from the supply, as many as are left.
pub(super) fn take_skulls(s: &mut State, seat: usize, n: i32) {
    let n = n.min(s.skull_supply).max(0);
    s.skull_supply -= n;
    s.players[seat].skulls += n;
}

/// One step up a temple: not past the top, and the top holds one player (rb L724-732).
pub fn temple_up(s: &mut State, seat: usize, t: usize) {
    let Some(temple) = s.data.temples.get(t) else {
        return;
    };
    let top = temple.top() as u8;
    let cur = s.players[seat].temple[t];
    if cur >= top {
        return;
    }
    if cur + 1 == top && s.players.iter().any(|p| p.temple[t] == top) {
        return;
    }
    s.players[seat].temple[t] = cur + 1;
    if cur + 1 == top {
        s.players[seat].light = true;
    }
}

/// One tech level, or the track's bonus at level 3 (rb L434, L814-816).
pub(super) fn advance_tech(s: &mut State, seat: usize, tech: usize, next: &mut Moves<Decision>) {
    let Some(t) = s.data.techs.get(tech) else {
        return;
    };
    let bonus = t.bonus;
    let p = &mut s.players[seat];
    if (p.tech[tech] as usize) < t.costs.len() {
        p.tech[tech] += 1;
        return;
    }
    match bonus {
        Bonus::AnyTemple => owe(next, Pending::Temple),
        Bonus::Resources(n) => owe(next, Pending::Gain { n }),
        Bonus::Vp(v) => p.vp += v,
        Bonus::Skull(n) => take_skulls(s, seat, n),
    }
}

/// Effects of tiles and buildings: immediate ones now, choices as pending.
pub(super) fn apply_effect(s: &mut State, seat: usize, e: Effect, next: &mut Moves<Decision>) {
    let p = &mut s.players[seat];
    match e {
        Effect::Corn(n) => p.corn += n,
        Effect::Res(r, n) => p.res[r] += n,
        Effect::Vp(n) => p.vp += n,
        Effect::Skull(n) => take_skulls(s, seat, n),
        Effect::Temple(Some(t)) => temple_up(s, seat, t),
        Effect::Temple(None) => owe(next, Pending::Temple),
        Effect::Tech(Some(t)) => advance_tech(s, seat, t, next),
        Effect::Tech(None) => owe(
            next,
            Pending::Tech {
                left: 1,
                free: true,
                optional: false,
            },
        ),
        Effect::TechTwo => owe(
            next,
            Pending::Tech {
                left: 2,
                free: true,
                optional: false,
            },
        ),
        Effect::Worker => {
            if p.supply > 0 {
                p.supply -= 1;
                p.hand += 1;
            }
        }
        Effect::Exempt(n) => p.exempt += n,
        Effect::EatLess => p.eat_less += 1,
        Effect::Market => owe(next, Pending::Market { sold: 0, bought: 0 }),
        Effect::Build => owe(
            next,
            Pending::Build {
                left: 1,
                monument: false,
                corn: false,
                arch: true,
                optional: true,
            },
        ),
        Effect::Action => owe(
            next,
            Pending::Action {
                pay: 1,
                optional: true,
            },
        ),
    }
}
