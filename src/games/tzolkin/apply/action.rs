//! The actions of the gear spaces, with their tech bonuses: fishing and
//! the jungle, resources, tech and building actions, temples, the market,
//! and the skull offerings of Chichen Itza.

use super::super::command::{Act, Mode as ActMode};
use super::super::data::{ActionKind, Effect, AGRI, RESO, THEO, WOOD};
use super::super::state::{Decision, Pending, State};
use super::effects::{apply_effect, owe, take_skulls, temple_up};
use crate::engine::Moves;

/// Performs a gear action (already reached and paid for).
pub(super) fn perform(s: &mut State, seat: usize, act: Act, next: &mut Moves<Decision>) {
    let (gear, n) = (act.gear as usize, act.n as usize);
    let Some(kind) = s
        .data
        .gears
        .get(gear)
        .and_then(|g| g.actions.get(n.wrapping_sub(1)))
        .copied()
    else {
        return;
    };
    let data = s.data.clone();
    let lv = &data.levels;
    match kind {
        ActionKind::Fish { corn } => {
            let p = &mut s.players[seat];
            p.corn += corn
                + lv.agri_fishing
                    .get(p.tech[AGRI] as usize)
                    .copied()
                    .unwrap_or(0);
        }
        ActionKind::Harvest => harvest(s, seat, n, act.mode),
        ActionKind::Gain(goods) => {
            let p = &mut s.players[seat];
            p.corn += goods.corn;
            let bonus = [lv.res_wood_level, lv.res_stone_level, lv.res_gold_level];
            for (r, &level) in bonus.iter().enumerate() {
                if goods.res[r] > 0 {
                    p.res[r] += goods.res[r] + i32::from(p.tech[RESO] >= level);
                }
            }
            if goods.skull > 0 {
                let extra = i32::from(p.tech[THEO] >= lv.theo_skull_level);
                take_skulls(s, seat, goods.skull + extra);
            }
        }
        ActionKind::Tech { count } => owe(
            next,
            Pending::Tech {
                left: count,
                free: false,
                optional: false,
            },
        ),
        ActionKind::Build { count } => owe(
            next,
            Pending::Build {
                left: count,
                monument: count >= 2,
                corn: false,
                arch: true,
                optional: false,
            },
        ),
        ActionKind::Temples { resources, .. } => owe(
            next,
            Pending::Temples {
                pay: resources.clamp(0, 255) as u8,
            },
        ),
        ActionKind::Temple { corn } => {
            s.players[seat].corn -= corn;
            owe(next, Pending::Temple);
        }
        ActionKind::Market => owe(next, Pending::Market { sold: 0, bought: 0 }),
        ActionKind::Worker => apply_effect(s, seat, Effect::Worker, next),
        ActionKind::BuildCorn { .. } => owe(
            next,
            Pending::Build {
                left: 1,
                monument: false,
                corn: true,
                arch: true,
                optional: false,
            },
        ),
        ActionKind::AnyAction { corn } => {
            s.players[seat].corn -= corn;
            owe(
                next,
                Pending::Action {
                    pay: 0,
                    optional: false,
                },
            );
        }
        ActionKind::Offer {
            vp,
            temple,
            resources,
        } => offer_skull(s, seat, n, vp, temple, resources, next),
    }
}

/// Palenque 2-5: corn from the jungle, wood, or corn by burning the forest.
fn harvest(s: &mut State, seat: usize, n: usize, mode: ActMode) {
    let data = s.data.clone();
    let lv = &data.levels;
    let k = n.wrapping_sub(2);
    let (Some(&corn), Some(&wood)) = (data.jungle_corn.get(k), data.jungle_wood.get(k)) else {
        return;
    };
    let p = &mut s.players[seat];
    let agri = lv
        .agri_harvest
        .get(p.tech[AGRI] as usize)
        .copied()
        .unwrap_or(0);
    let group = &mut s.jungle[k];
    match mode {
        ActMode::Wood => {
            group[0] -= 1;
            group[1] += 1;
            p.wood_tiles += 1;
            p.res[WOOD] += wood + i32::from(p.tech[RESO] >= lv.res_wood_level);
        }
        ActMode::Corn | ActMode::Plain => {
            if group[1] > 0 {
                group[1] -= 1;
                p.corn_tiles += 1;
            }
            p.corn += corn + agri;
        }
        ActMode::Burn(t) => {
            group[0] -= 1;
            s.burned += 1;
            p.corn_tiles += 1;
            p.corn += corn + agri;
            p.temple[t as usize] = p.temple[t as usize].saturating_sub(1);
        }
    }
}

/// Chichen Itza: a skull offered on slot `n`, its points, temple step and
/// resources, and Theology 2's offering after it.
fn offer_skull(
    s: &mut State,
    seat: usize,
    n: usize,
    vp: i32,
    temple: usize,
    resources: u8,
    next: &mut Moves<Decision>,
) {
    let p = &mut s.players[seat];
    p.skulls -= 1;
    p.vp += vp;
    s.chi_slots |= 1 << (n - 1);
    temple_up(s, seat, temple);
    if s.players[seat].tech[THEO] >= s.data.levels.theo_offer_level {
        owe(next, Pending::Offer);
    }
    if resources > 0 {
        owe(next, Pending::Gain { n: resources });
    }
}
