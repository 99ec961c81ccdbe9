//! Applying a decision: the driver hands it to the handler of its kind
//! (placing a hex, an action, the end of a turn, a bid, a choice), or says
//! what the phase asks for instead.

mod act;
mod auction;
mod place;
pub mod turn;

use super::command::Command;
use super::state::{Phase, State};
use crate::engine::{Event, RuleError};

fn err(en: impl Into<String>, ko: impl Into<String>) -> RuleError {
    RuleError::new(en, ko)
}

/// Applies a decision of `who`, the seat to act; on error nothing has changed.
pub fn apply(s: &mut State, who: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    match (&s.phase, c) {
        (Phase::Place { .. }, Command::Place { .. }) => place::place(s, who, c),
        (Phase::Act, Command::End) => Ok(turn::end_turn(s, who)),
        (Phase::Act, _) => act::apply_action(s, who, c),
        (Phase::Bid, Command::Bid(_) | Command::Pass) => auction::bid(s, who, c),
        (Phase::Choose, Command::Take(_)) => auction::take(s, who, c),
        (Phase::Place { .. }, _) => Err(err(
            "First place the hex you drew: 'place C4 r2' (see the list of legal places).",
            "먼저 뽑은 지형을 놓으세요: 'place C4 r2' (가능한 자리 목록 참고).",
        )),
        (Phase::Bid, _) => Err(err(
            "An auction is running: 'bid N' or 'pass'.",
            "경매 중입니다: 'bid N' 또는 'pass'.",
        )),
        (Phase::Choose, _) => Err(err(
            format!(
                "Choose a displayed hex first: 'take ID' with ID one of {}.",
                auction::displayed_ids(s)
            ),
            format!(
                "먼저 공개된 지형을 고르세요: 'take 번호' (번호는 {} 중 하나).",
                auction::displayed_ids(s)
            ),
        )),
        (Phase::Over, _) => Err(err("The game is over.", "게임이 끝났습니다.")),
    }
}
