//! The answers to pending steps: tech advances, buildings and monuments,
//! temple choices, resources of one's choice, offerings, the market, and the
//! action of one's choice. The driver has already popped the step answered.

use super::super::command::Act;
use super::super::data::ARCH;
use super::super::legal::{corn_price, uxm4_rate};
use super::super::state::{Decision, Pending, State, NONE};
use super::action::perform;
use super::effects::{advance_tech, apply_effect, owe, temple_up};
use crate::engine::{Move, Moves};

/// A tech advance, paid with `pay`; a second advance stays pending (Tikal 3).
pub(super) fn tech(
    s: &mut State,
    seat: usize,
    top: Option<Pending>,
    (tech, pay): (u8, [u8; 3]),
    next: &mut Moves<Decision>,
) {
    let Some(Pending::Tech { left, free, .. }) = top else {
        return;
    };
    for (r, &k) in pay.iter().enumerate() {
        s.players[seat].res[r] -= i32::from(k);
    }
    if left > 1 {
        owe(
            next,
            Pending::Tech {
                left: left - 1,
                free,
                optional: !free,
            },
        );
    }
    advance_tech(s, seat, tech as usize, next);
}

/// A monument bought at Tikal 4.
pub(super) fn monument(s: &mut State, seat: usize, m: u8) {
    let Some(md) = s.data.monuments.get(m as usize).cloned() else {
        return;
    };
    let p = &mut s.players[seat];
    p.corn -= md.cost.corn;
    for r in 0..3 {
        p.res[r] -= md.cost.res[r];
    }
    p.skulls -= md.cost.skull;
    s.skull_supply += md.cost.skull;
    p.monuments |= 1 << m;
    s.monuments.retain(|&x| x != m);
}

/// Two temples up, paying resource `pay` (Tikal 5).
pub(super) fn temples(s: &mut State, seat: usize, top: Option<Pending>, ab: [u8; 2], pay: u8) {
    let n = match top {
        Some(Pending::Temples { pay }) => i32::from(pay),
        _ => 1,
    };
    s.players[seat].res[pay as usize] -= n;
    for t in ab {
        temple_up(s, seat, t as usize);
    }
}

/// Resources of the player's choice.
pub(super) fn gain(s: &mut State, seat: usize, g: [u8; 3]) {
    for (have, &k) in s.players[seat].res.iter_mut().zip(g.iter()) {
        *have += i32::from(k);
    }
}

/// Theology 2: one resource for one temple step.
pub(super) fn offer(s: &mut State, seat: usize, res: u8, temple: u8) {
    s.players[seat].res[res as usize] -= 1;
    temple_up(s, seat, temple as usize);
}

/// One market trade; the market stays open, remembering what was traded.
pub(super) fn trade(
    s: &mut State,
    seat: usize,
    (buy, res, n): (bool, u8, u8),
    next: &mut Moves<Decision>,
) {
    let rate = s.data.market[res as usize];
    let (r, n) = (res as usize, i32::from(n));
    let p = &mut s.players[seat];
    if buy {
        p.corn -= rate * n;
        p.res[r] += n;
    } else {
        p.corn += rate * n;
        p.res[r] -= n;
    }
    if let Some(Pending::Market {
        mut sold,
        mut bought,
    }) = s.owed()
    {
        if buy {
            bought |= 1 << res;
        } else {
            sold |= 1 << res;
        }
        let open = Decision::Owed(Pending::Market { sold, bought });
        next.push(Move::Goto(open));
    }
}

/// The action of the player's choice, paying the step's corn first.
pub(super) fn any_action(
    s: &mut State,
    seat: usize,
    top: Option<Pending>,
    act: Act,
    next: &mut Moves<Decision>,
) {
    if let Some(Pending::Action { pay, .. }) = top {
        s.players[seat].corn -= i32::from(pay);
    }
    perform(s, seat, act, next);
}

/// Builds building `b` for the pending build action.
pub(super) fn build(
    s: &mut State,
    seat: usize,
    top: Option<Pending>,
    (b, save, arch): (usize, Option<u8>, bool),
    next: &mut Moves<Decision>,
) {
    let Some(Pending::Build {
        left,
        corn,
        arch: arch_free,
        ..
    }) = top
    else {
        return;
    };
    let data = s.data.clone();
    let Some(bd) = data.buildings.get(b) else {
        return;
    };
    let lv = &data.levels;
    if corn {
        let price = corn_price(s, seat, b, uxm4_rate(s), arch);
        s.players[seat].corn -= price;
    } else {
        let mut c = bd.cost;
        if let Some(r) = save {
            c.res[r as usize] -= 1;
        }
        let p = &mut s.players[seat];
        p.corn -= c.corn;
        for r in 0..3 {
            p.res[r] -= c.res[r];
        }
    }
    for slot in s.display.iter_mut() {
        if *slot == b as u8 {
            *slot = NONE;
        }
    }
    // Architecture counts as used only if it gave something (level 1 or more).
    let arch_used = arch && s.players[seat].tech[ARCH] >= 1;
    let p = &mut s.players[seat];
    p.buildings |= 1 << b;
    if arch {
        if p.tech[ARCH] >= lv.arch_corn_level {
            p.corn += lv.arch_corn;
        }
        if p.tech[ARCH] >= lv.arch_vp_level {
            p.vp += lv.arch_vp;
        }
    }
    if left > 1 {
        owe(
            next,
            Pending::Build {
                left: left - 1,
                monument: false,
                corn,
                arch: arch_free && !arch_used,
                optional: true,
            },
        );
    }
    // Effects resolve in printed order: immediate ones now, choices stacked
    // so that the first printed choice is decided first.
    let mut choices = Moves::stay();
    for &e in &bd.effects {
        apply_effect(s, seat, e, &mut choices);
    }
    next.append(choices.first_asked_first());
}
