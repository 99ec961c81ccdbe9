//! The decisions of a turn itself: keeping starting tiles, begging for corn,
//! placing workers (and the gods' pity) and retrieving them.

use super::super::command::{Act, START};
use super::super::legal::{lowest_empty, placement_cost, reach_cost};
use super::super::state::{Decision, Mode, State, EMPTY, NONE};
use super::action::perform;
use super::calendar::begin_round;
use super::effects::{apply_effect, take_skulls};
use crate::engine::Moves;

/// Begging for corn: corn becomes the beggar's amount, one step down temple `t`.
pub(super) fn beg(s: &mut State, seat: usize, t: u8) {
    let p = &mut s.players[seat];
    p.corn = s.data.general.beg_corn;
    p.temple[t as usize] = p.temple[t as usize].saturating_sub(1);
    s.begged = true;
}

/// The gods' pity: one worker placed for free, and no more this turn.
pub(super) fn pity(s: &mut State, seat: usize, t: u8) {
    s.players[seat].corn = 0;
    place_one(s, seat, t);
    s.players[seat].corn = 0;
    s.mode = Mode::Placing {
        placed: 1,
        pity: true,
    };
}

/// Takes a worker back to hand and does the action it reaches, if any.
pub(super) fn retrieve(
    s: &mut State,
    seat: usize,
    (gear, pos, act): (u8, u8, Option<Act>),
    next: &mut Moves<Decision>,
) {
    let (gear, pos) = (gear as usize, pos as usize);
    if let Some(cell) = s.gears.get_mut(gear).and_then(|g| g.get_mut(pos)) {
        *cell = EMPTY;
    }
    s.players[seat].hand += 1;
    s.mode = Mode::Retrieving;
    if let Some(a) = act {
        let cost = reach_cost(s, seat, gear, pos, a.n as usize).unwrap_or(0);
        s.players[seat].corn -= cost;
        perform(s, seat, a, next);
    }
}

pub(super) fn place_one(s: &mut State, seat: usize, t: u8) {
    let placed = match s.mode {
        Mode::Placing { placed, .. } => placed,
        _ => 0,
    };
    let cost = if t == START {
        s.start_space = seat as u8 + 1;
        s.took_start = true;
        placement_cost(&s.data, 0, placed)
    } else {
        let Some(pos) = lowest_empty(s, t as usize) else {
            return;
        };
        s.gears[t as usize][pos] = seat as u8 + 1;
        placement_cost(&s.data, pos, placed)
    };
    let p = &mut s.players[seat];
    p.corn -= cost;
    p.hand = p.hand.saturating_sub(1);
    s.mode = Mode::Placing {
        placed: placed + 1,
        pity: false,
    };
}

pub(super) fn keep(s: &mut State, seat: usize, tiles: [u8; 2], next: &mut Moves<Decision>) {
    s.players[seat].kept = tiles;
    if s.players.iter().any(|p| p.kept[0] == NONE) {
        return;
    }
    // Everyone has chosen: the kept tiles are revealed and take effect; a
    // choice a tile's effect would ask is not asked in this reading (the
    // rounds begin at once), as in rules version 1.
    let data = s.data.clone();
    let mut unasked = Moves::stay();
    for seat in 0..s.n {
        for t in s.players[seat].kept {
            let Some(tile) = data.tiles.get(t as usize) else {
                continue;
            };
            let p = &mut s.players[seat];
            p.corn += tile.goods.corn;
            for r in 0..3 {
                p.res[r] += tile.goods.res[r];
            }
            take_skulls(s, seat, tile.goods.skull);
            for &e in &tile.effects {
                apply_effect(s, seat, e, &mut unasked);
            }
        }
    }
    begin_round(s, next);
}
