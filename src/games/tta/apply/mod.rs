//! Applying a decision: the driver checks it against the legal list, then
//! hands it to the handler of its kind on a copy of the state.

mod action;
pub mod age;
mod aggression;
pub mod colonize;
pub mod event;
mod event_choice;
pub mod event_effects;
pub mod event_loss;
pub mod military;
pub mod pact;
mod politics;
mod report;
pub mod resign;
mod tactics;
pub mod tokens;
pub mod turn;
mod war;

pub use aggression::{attack_total, defence_total};

use super::command::Command;
use super::legal::legal;
use super::state::{Phase, State};
use crate::engine::{Event, RuleError};

fn refuse() -> RuleError {
    RuleError::new(
        "That is not possible now; write one of the legal commands listed in the mail.",
        "지금은 할 수 없는 행동입니다. 메일에 나온 가능한 명령 중 하나를 쓰세요.",
    )
}

/// Applies a legal command; refuses (unchanged state) anything not legal.
pub fn apply(s: &mut State, seat: usize, cmd: &Command) -> Result<Vec<Event>, RuleError> {
    if !legal(s, seat).contains(cmd) {
        return Err(refuse());
    }
    let mut next = s.clone();
    let mut out = Vec::new();
    run(&mut next, seat, cmd, &mut out).ok_or_else(refuse)?;
    *s = next;
    Ok(out)
}

/// Applies a command known to be legal, in place (the engine copies
/// once); `None` when a handler meets a state it cannot go on from.
pub fn apply_legal(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    run(s, seat, cmd, out)
}

fn run(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    match s.phase {
        Phase::EventChoice { .. } => return event::answer(s, seat, cmd, out),
        Phase::Discard => return military::discard(s, seat, cmd, out),
        Phase::Auction { .. } => return colonize::bid(s, seat, cmd, out),
        Phase::Colonize { .. } => return colonize::pay(s, seat, cmd, out),
        Phase::Political if *cmd == Command::Resign => return resign::resign(s, seat, out),
        Phase::Aggression(_) => return aggression::answer(s, seat, cmd, out),
        Phase::Spoils { .. } => return aggression::take(s, seat, cmd, out),
        Phase::PactOffer { .. } => return pact::answer(s, seat, *cmd == Command::Accept, out),
        Phase::War(_) => return war::answer(s, seat, cmd, out),
        Phase::WarLoss { .. } => return war::pay(s, seat, cmd, out),
        Phase::Political if politics::is_political(cmd) => return politics::act(s, seat, cmd, out),
        // An action written in the political phase passes the political
        // action first (the legal list offers it only when no discard is due).
        Phase::Political => military::after_politics(s),
        _ => {}
    }
    if s.phase != Phase::Actions {
        return None;
    }
    match cmd {
        Command::Done => {
            out.push(report::said(
                seat,
                "ends the turn.".into(),
                "턴을 마칩니다.".into(),
            ));
            turn::end_turn(s, None, out);
            Some(())
        }
        Command::DoneSpare(mine) => {
            let (en, ko) = report::name_of(&s.data, mine.id);
            out.push(report::said(
                seat,
                format!("ends the turn, producing one token fewer from {en}."),
                format!("턴을 마치고 {ko}에서 토큰 하나를 덜 생산합니다."),
            ));
            turn::end_turn(s, Some(mine.id), out);
            Some(())
        }
        Command::Take(slot) => action::take(s, seat, *slot, out),
        Command::Tactic(n) => tactics::play(s, seat, n.id, out),
        _ => action::act(s, seat, cmd, out),
    }
}
