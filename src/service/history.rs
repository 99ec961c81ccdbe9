//! A game's history as the engine sees it, and the table it replays to.
//! The moves table is append-only: an undo is a row of its own that takes
//! back the game move before it, a drop is a row that removes a seat, and a
//! return is a row that gives a dropped seat back (to a newcomer).

use crate::engine::{Options, Seat, Table};
use crate::games;
use crate::store::{GameRow, MoveRow};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum HistoryError {
    #[error("game {0} uses '{1}', which this quipu does not know")]
    UnknownGame(i64, String),
    #[error("game {0} cannot be set up again: {1}")]
    Setup(i64, String),
    #[error("game {0}: move {1} ('{2}') no longer replays: {3}")]
    Replay(i64, i64, String, String),
}

/// One step the engine replays.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Play { n: i64, seat: Seat, command: String },
    Drop { n: i64, seat: Seat },
    Return { n: i64, seat: Seat },
}

/// The steps that count: moves minus the ones taken back.
pub fn effective(moves: &[MoveRow]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for m in moves {
        match (m.kind.as_str(), m.seat) {
            ("move", Some(s)) => steps.push(Step::Play {
                n: m.n,
                seat: Seat(s),
                command: m.command.clone(),
            }),
            ("drop", Some(s)) => steps.push(Step::Drop {
                n: m.n,
                seat: Seat(s),
            }),
            ("return", Some(s)) => steps.push(Step::Return {
                n: m.n,
                seat: Seat(s),
            }),
            ("undo", _) => {
                if let Some(i) = steps.iter().rposition(|s| matches!(s, Step::Play { .. })) {
                    steps.remove(i);
                }
            }
            _ => {}
        }
    }
    steps
}

/// The game's options as stored (a JSON object).
pub fn options_of(game: &GameRow) -> Options {
    serde_json::from_str(&game.options).unwrap_or_default()
}

/// Sets the game up and replays its history.
pub fn replay(
    game: &GameRow,
    players: usize,
    moves: &[MoveRow],
) -> Result<Box<dyn Table>, HistoryError> {
    let entry = games::find(&game.game)
        .ok_or_else(|| HistoryError::UnknownGame(game.id, game.game.clone()))?;
    let mut table = (entry.new)(players, &options_of(game), game.seed)
        .map_err(|e| HistoryError::Setup(game.id, e.to_string()))?;
    apply_steps(table.as_mut(), moves)
        .map_err(|(n, command, e)| HistoryError::Replay(game.id, n, command, e))?;
    Ok(table)
}

/// Plays the effective steps of `moves` on `table`; on a refusal, the move's
/// number, command and the reason.
pub fn apply_steps(table: &mut dyn Table, moves: &[MoveRow]) -> Result<(), (i64, String, String)> {
    for step in effective(moves) {
        match step {
            Step::Play { n, seat, command } => {
                if let Err(e) = table.play(seat, &command) {
                    return Err((n, command, e.to_string()));
                }
            }
            Step::Drop { seat, .. } => {
                table.drop_seat(seat);
            }
            Step::Return { seat, .. } => {
                table.restore_seat(seat);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: i64, seat: Option<usize>, kind: &str, command: &str) -> MoveRow {
        MoveRow {
            game_id: 1,
            n,
            seat,
            email: None,
            kind: kind.into(),
            command: command.into(),
            events: "[]".into(),
            source: "cli".into(),
            at: String::new(),
        }
    }

    #[test]
    fn undo_takes_back_the_last_game_move_only_and_seats_leave_and_return() {
        let moves = vec![
            row(1, Some(0), "move", "a"),
            row(2, Some(1), "say", "hello"),
            row(3, Some(1), "move", "b"),
            row(4, Some(1), "undo", ""),
            row(5, Some(1), "move", "c"),
            row(6, Some(0), "drop", ""),
            row(7, Some(0), "return", ""),
        ];
        let steps = effective(&moves);
        assert_eq!(
            steps,
            vec![
                Step::Play {
                    n: 1,
                    seat: Seat(0),
                    command: "a".into()
                },
                Step::Play {
                    n: 5,
                    seat: Seat(1),
                    command: "c".into()
                },
                Step::Drop {
                    n: 6,
                    seat: Seat(0)
                },
                Step::Return {
                    n: 7,
                    seat: Seat(0)
                },
            ]
        );
    }
}
