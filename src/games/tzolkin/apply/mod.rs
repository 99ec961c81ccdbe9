//! Applying a decision known to be legal. This file is the driver: the
//! only code that moves the flow of decisions (`engine::Flow`). It hands a
//! command to its handler, which does the work and says what comes next
//! (`Moves`: steps owed, the next phase); the driver ends the answered step
//! first, then follows them. Every decision of Tzolk'in waits for a seat:
//! the calendar runs inside the handler of the command that ends a turn.

mod action;
mod answer;
mod calendar;
mod effects;
pub mod event;
mod turn;

pub use calendar::{advance_days, food_day};
pub use effects::temple_up;

use super::command::Command;
use super::state::{Decision, State};
use crate::engine::{InternalError, Moves};

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

/// Applies a decision known to be legal, and moves the flow as its handler says.
pub fn exec(s: &mut State, seat: usize, cmd: &Command) -> Result<(), InternalError> {
    let top = s.owed();
    let mut next = if answers_pending(cmd) {
        if top.is_none() {
            return Err(InternalError::new(format!(
                "'{cmd}' answers a step, but none is owed"
            )));
        }
        Moves::end()
    } else {
        Moves::stay()
    };
    handle(s, seat, cmd, top, &mut next);
    s.flow.follow(next)
}

/// Hands `cmd` to its handler; `top` is the step it answers, if any.
fn handle(
    s: &mut State,
    seat: usize,
    cmd: &Command,
    top: Option<super::state::Pending>,
    next: &mut Moves<Decision>,
) {
    match *cmd {
        Command::Keep(tiles, _) => turn::keep(s, seat, tiles, next),
        Command::Beg(t) => turn::beg(s, seat, t),
        Command::Place { targets, n } => {
            for &t in targets.iter().take(n as usize) {
                turn::place_one(s, seat, t);
            }
        }
        Command::Pity(t) => turn::pity(s, seat, t),
        Command::Retrieve { gear, pos, act } => turn::retrieve(s, seat, (gear, pos, act), next),
        Command::End => calendar::end_turn(s, next),
        Command::Advance(k) => calendar::advance(s, k, next),
        Command::Tech { tech, pay } => answer::tech(s, seat, top, (tech, pay), next),
        Command::Build { b, save, arch, .. } => {
            answer::build(s, seat, top, (b as usize, save, arch), next)
        }
        Command::Monument { m, .. } => answer::monument(s, seat, m),
        Command::Temple(t) => temple_up(s, seat, t as usize),
        Command::Temples { a, b, pay } => answer::temples(s, seat, top, [a, b], pay),
        Command::Gain(g) => answer::gain(s, seat, g),
        Command::Offer { res, temple } => answer::offer(s, seat, res, temple),
        Command::Trade { buy, res, n } => answer::trade(s, seat, (buy, res, n), next),
        Command::Done | Command::Skip => {}
        Command::Do(act) => answer::any_action(s, seat, top, act, next),
    }
}
