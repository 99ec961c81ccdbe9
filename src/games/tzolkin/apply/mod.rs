//! Applying a decision known to be legal: the driver hands each kind of
//! decision to its handler, and alone takes the answered step off the stack
//! of pending steps before the handler runs.

mod action;
mod answer;
mod calendar;
mod effects;
pub mod event;
mod turn;

pub use calendar::{advance_days, food_day};
pub use effects::temple_up;

use super::command::Command;
use super::state::State;

/// Whether `cmd` answers the pending step on top of the stack (which the
/// driver then pops); a market trade leaves the market open.
fn answers_pending(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Tech { .. }
            | Command::Build { .. }
            | Command::Monument { .. }
            | Command::Temple(_)
            | Command::Temples { .. }
            | Command::Gain(_)
            | Command::Offer { .. }
            | Command::Done
            | Command::Skip
            | Command::Do(_)
    )
}

/// Applies a decision known to be legal.
pub fn exec(s: &mut State, seat: usize, cmd: &Command) {
    let top = if answers_pending(cmd) {
        s.pending.pop()
    } else {
        None
    };
    match *cmd {
        Command::Keep(tiles, _) => turn::keep(s, seat, tiles),
        Command::Beg(t) => turn::beg(s, seat, t),
        Command::Place { targets, n } => {
            for &t in targets.iter().take(n as usize) {
                turn::place_one(s, seat, t);
            }
        }
        Command::Pity(t) => turn::pity(s, seat, t),
        Command::Retrieve { gear, pos, act } => turn::retrieve(s, seat, gear, pos, act),
        Command::End => calendar::end_turn(s),
        Command::Advance(k) => calendar::advance(s, k),
        Command::Tech { tech, pay } => answer::tech(s, seat, top, tech, pay),
        Command::Build { b, save, arch, .. } => answer::build(s, seat, top, b as usize, save, arch),
        Command::Monument { m, .. } => answer::monument(s, seat, m),
        Command::Temple(t) => temple_up(s, seat, t as usize),
        Command::Temples { a, b, pay } => answer::temples(s, seat, top, [a, b], pay),
        Command::Gain(g) => answer::gain(s, seat, g),
        Command::Offer { res, temple } => answer::offer(s, seat, res, temple),
        Command::Trade { buy, res, n } => answer::trade(s, seat, buy, res, n),
        Command::Done | Command::Skip => {}
        Command::Do(act) => answer::any_action(s, seat, top, act),
    }
}
