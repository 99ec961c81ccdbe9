//! The bots at the service's tables: the level and budget the service
//! plays a seat with, and a seat's whole decision (several commands in a
//! game like Tikal) played by the bot. The search is `engine::bot`'s.

use crate::engine::bot::{Budget, Level};
use crate::engine::{Seat, Table};
use std::time::Duration;

/// At most this much search for one command of a seat the service plays
/// (about 2 s of one core), and never more iterations than `ITERATIONS`.
const DECISION_TIME: Duration = Duration::from_millis(2000);
/// The iteration cap: on an idle machine most decisions stop here, so the
/// same position and seed usually give the same move.
const ITERATIONS: u32 = 400;
/// More commands than any game's one turn: a bound against a rule that
/// never ends a turn.
const MAX_COMMANDS: usize = 60;

/// The standard level as the service plays it.
pub fn standard() -> Level {
    Level::Ismcts(Budget::time(DECISION_TIME, ITERATIONS))
}

/// The commands the bot plays for `seat` until its decision is complete,
/// applied to `table` as it goes; empty when the seat may not act.
pub fn play_turn(table: &mut dyn Table, seat: Seat, level: Level, seed: u64) -> Vec<String> {
    let mut lines = Vec::new();
    while lines.len() < MAX_COMMANDS && table.to_act().contains(&seat) && table.outcome().is_none()
    {
        let salt = (lines.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(cmd) = table.bot_command(seat, level, seed ^ salt) else {
            break;
        };
        if table.play_exact(seat, &cmd).is_err() {
            break;
        }
        lines.push(cmd);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Options;

    #[test]
    fn a_bot_turn_in_tikal_is_whole_and_legal_and_repeatable() {
        let table = crate::games::find("tikal")
            .map(|e| (e.new)(2, &Options::default(), 4).unwrap())
            .unwrap();
        let seat = table.to_act()[0];
        let level = Level::Ismcts(Budget::iterations(50));
        let mut a = table.clone_table();
        let lines = play_turn(a.as_mut(), seat, level, 9);
        assert!(!lines.is_empty());
        // The turn passed on: the seat is no longer the one to act.
        assert!(!a.to_act().contains(&seat), "{lines:?}");
        let mut b = table.clone_table();
        assert_eq!(play_turn(b.as_mut(), seat, level, 9), lines);
        assert_eq!(a.digest(), b.digest());
    }
}
