//! A game's history as the engine sees it, and the table it replays to.
//! The moves table is append-only: an undo is a row of its own that takes
//! back the game move before it, a drop is a row that removes a seat, and a
//! return is a row that gives a dropped seat back (to a newcomer).

use crate::engine::{Options, Seat, StateError, Table};
use crate::games;
use crate::store::{GameRow, GameStatus, MoveKind, MoveRow, SnapshotRow, Store, StoreError};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum HistoryError {
    #[error("game {0} uses '{1}', which this quipu does not know")]
    UnknownGame(i64, String),
    #[error("game {0} cannot be set up again: {1}")]
    Setup(i64, String),
    #[error("game {0}: move {1} ('{2}') no longer replays: {3}")]
    Replay(i64, i64, String, String),
    #[error("game {0}: its stored options are unreadable: {1}")]
    Options(i64, String),
    #[error("game {0}: its stored state after row {1} cannot be read: {2}")]
    State(i64, i64, StateError),
    #[error("game {0}: {1}")]
    Store(i64, StoreError),
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
    steps_of(moves).0
}

/// The effective steps, and whether an undo reached back before `moves`.
fn steps_of(moves: &[MoveRow]) -> (Vec<Step>, bool) {
    let mut steps: Vec<Step> = Vec::new();
    let mut reaches_back = false;
    for m in moves {
        match (m.kind, m.seat) {
            (MoveKind::Move, Some(s)) => steps.push(Step::Play {
                n: m.n,
                seat: Seat(s),
                command: m.command.clone(),
            }),
            (MoveKind::Drop, Some(s)) => steps.push(Step::Drop {
                n: m.n,
                seat: Seat(s),
            }),
            (MoveKind::Return, Some(s)) => steps.push(Step::Return {
                n: m.n,
                seat: Seat(s),
            }),
            (MoveKind::Undo, _) => match steps.iter().rposition(|s| matches!(s, Step::Play { .. }))
            {
                Some(i) => {
                    steps.remove(i);
                }
                None => reaches_back = true,
            },
            _ => {}
        }
    }
    (steps, reaches_back)
}

/// The game's options as stored (a JSON object); unreadable ones are an error.
pub fn options_of(game: &GameRow) -> Result<Options, HistoryError> {
    serde_json::from_str(&game.options).map_err(|e| HistoryError::Options(game.id, e.to_string()))
}

/// A freshly set-up table of the game: its rules, options and data sets.
fn set_up(game: &GameRow, players: usize) -> Result<Box<dyn Table>, HistoryError> {
    let entry = games::find(&game.game)
        .ok_or_else(|| HistoryError::UnknownGame(game.id, game.game.clone()))?;
    (entry.new)(players, &options_of(game)?, game.seed)
        .map_err(|e| HistoryError::Setup(game.id, e.to_string()))
}

/// A game's table as loaded by the service.
pub struct Loaded {
    pub table: Box<dyn Table>,
    /// False when rows that change the state were applied on top of the
    /// newest stored state (or there was none): the caller stores this one.
    pub stored: bool,
}

/// Loads a game from its newest stored state and the few rows after it
/// (normally none): the cost does not grow with the game's length, and an
/// engine upgrade cannot change what was already played. A game with no
/// stored state (begun before states were stored) is replayed from its seed.
pub fn load(store: &Store, game: &GameRow, players: usize) -> Result<Loaded, HistoryError> {
    let fresh = set_up(game, players)?;
    let db = |e| HistoryError::Store(game.id, e);
    let mut below = None;
    loop {
        let snapshot = store.latest_snapshot(game.id, below).map_err(db)?;
        let from = snapshot.as_ref().map_or(0, |s| s.n);
        let rows = store.moves_after(game.id, from).map_err(db)?;
        let (steps, reaches_back) = steps_of(&rows);
        if reaches_back && snapshot.is_some() {
            // An undo takes back a move the stored state already holds.
            below = Some(from);
            continue;
        }
        let mut table = match &snapshot {
            Some(s) => restore(fresh.as_ref(), game.id, s)?,
            None => fresh,
        };
        play_steps(table.as_mut(), &steps)
            .map_err(|(n, command, e)| HistoryError::Replay(game.id, n, command, e))?;
        let changed = rows.iter().any(|m| {
            matches!(
                m.kind,
                MoveKind::Move | MoveKind::Undo | MoveKind::Drop | MoveKind::Return
            )
        });
        return Ok(Loaded {
            table,
            stored: snapshot.is_some() && !changed,
        });
    }
}

fn restore(fresh: &dyn Table, id: i64, s: &SnapshotRow) -> Result<Box<dyn Table>, HistoryError> {
    let Some(state) = s.state.as_deref() else {
        let e = StateError {
            game: fresh.info().name,
            reason: "only its digest is kept".into(),
        };
        return Err(HistoryError::State(id, s.n, e));
    };
    fresh
        .restore(state)
        .map_err(|e| HistoryError::State(id, s.n, e))
}

/// Stores `table` as the state of `game` after history row `n`.
pub fn store_state(
    store: &Store,
    game: &GameRow,
    n: i64,
    table: &dyn Table,
) -> Result<(), HistoryError> {
    let snapshot = table
        .snapshot()
        .map_err(|e| HistoryError::State(game.id, n, e))?;
    store
        .put_snapshot(&SnapshotRow {
            game_id: game.id,
            n,
            engine: games::engine_version(&game.game),
            digest: snapshot.digest,
            state: Some(snapshot.state),
        })
        .map_err(|e| HistoryError::Store(game.id, e))
}

/// Sets the game up and replays its whole history strictly (verification
/// and export; the service loads from stored states).
pub fn replay(
    game: &GameRow,
    players: usize,
    moves: &[MoveRow],
) -> Result<Box<dyn Table>, HistoryError> {
    let mut table = set_up(game, players)?;
    apply_steps(table.as_mut(), moves)
        .map_err(|(n, command, e)| HistoryError::Replay(game.id, n, command, e))?;
    Ok(table)
}

/// Plays the effective steps of `moves` on `table`, each command exactly as
/// stored; on a refusal, the move's number, command and the reason.
pub fn apply_steps(table: &mut dyn Table, moves: &[MoveRow]) -> Result<(), (i64, String, String)> {
    play_steps(table, &effective(moves))
}

fn play_steps(table: &mut dyn Table, steps: &[Step]) -> Result<(), (i64, String, String)> {
    for step in steps {
        match step {
            Step::Play { n, seat, command } => {
                if let Err(e) = table.play_exact(*seat, command) {
                    return Err((*n, command.clone(), e.to_string()));
                }
            }
            Step::Drop { seat, .. } => {
                table.drop_seat(*seat);
            }
            Step::Return { seat, .. } => {
                table.restore_seat(*seat);
            }
        }
    }
    Ok(())
}

/// What replaying a game's recorded commands says about its stored state.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The commands replay to exactly the stored state.
    Agrees,
    /// No stored state yet (a game begun before states were stored, not loaded since).
    NothingStored,
    /// The commands replay, to another state: the engine changed since.
    Differs { engine: String },
    /// The commands no longer replay under this engine.
    NoLongerReplays { engine: String, reason: String },
}

/// Replays a game's history under this engine and compares it with its
/// newest stored state.
pub fn verify(store: &Store, game: &GameRow, players: usize) -> Result<Verdict, HistoryError> {
    let db = |e| HistoryError::Store(game.id, e);
    let moves = store.moves(game.id).map_err(db)?;
    let last = moves.last().map_or(0, |m| m.n);
    let Some(stored) = store.latest_snapshot(game.id, Some(last + 1)).map_err(db)? else {
        return Ok(Verdict::NothingStored);
    };
    let upto: Vec<MoveRow> = moves.into_iter().filter(|m| m.n <= stored.n).collect();
    let table = match replay(game, players, &upto) {
        Ok(t) => t,
        Err(e) => {
            return Ok(Verdict::NoLongerReplays {
                engine: stored.engine,
                reason: e.to_string(),
            })
        }
    };
    let digest = table
        .digest()
        .map_err(|e| HistoryError::State(game.id, stored.n, e))?;
    Ok(if digest == stored.digest {
        Verdict::Agrees
    } else {
        Verdict::Differs {
            engine: stored.engine,
        }
    })
}

/// How one active game fares at start: does it load, and does its recorded
/// history still replay to its stored state.
#[derive(Clone, Debug, PartialEq)]
pub struct GameHealth {
    pub id: i64,
    pub game: String,
    /// The engine version the game was started under.
    pub engine: String,
    /// `Err`: why it does not load.
    pub loads: Result<(), String>,
    /// `None` when it does not load.
    pub verdict: Option<Verdict>,
}

impl super::Service {
    /// Loads every active game (and, with `verify`, replays its history):
    /// what `quipu serve` and `quipu doctor` report at start.
    pub fn check_active_games(&self, verify: bool) -> super::Result<Vec<GameHealth>> {
        let mut out = Vec::new();
        for game in self.store.games_with_status(GameStatus::Active)? {
            let loads = self.table(game.id).map(|_| ()).map_err(|e| e.to_string());
            let verdict = match (&loads, verify) {
                (Ok(()), true) => {
                    let players = self.seated(game.id)?.len();
                    Some(self::verify(&self.store, &game, players)?)
                }
                _ => None,
            };
            out.push(GameHealth {
                id: game.id,
                engine: self.store.game_engine(game.id)?,
                game: game.game,
                loads,
                verdict,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: i64, seat: Option<usize>, kind: MoveKind, command: &str) -> MoveRow {
        MoveRow {
            game_id: 1,
            n,
            seat,
            email: None,
            kind,
            command: command.into(),
            events: "[]".into(),
            source: "cli".into(),
            at: String::new(),
        }
    }

    #[test]
    fn undo_takes_back_the_last_game_move_only_and_seats_leave_and_return() {
        let moves = vec![
            row(1, Some(0), MoveKind::Move, "a"),
            row(2, Some(1), MoveKind::Say, "hello"),
            row(3, Some(1), MoveKind::Move, "b"),
            row(4, Some(1), MoveKind::Undo, ""),
            row(5, Some(1), MoveKind::Move, "c"),
            row(6, Some(0), MoveKind::Drop, ""),
            row(7, Some(0), MoveKind::Return, ""),
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
