//! `Table`: a game in progress with its rules erased, which is all the
//! service sees. `Typed<G>` wraps any `Game` and its state as a `Table`.

use super::{Event, Game, GameInfo, Outcome, ParseError, Rng, RuleError, Seat, View};
use std::fmt::Debug;
use std::sync::Arc;
use thiserror::Error;

/// A decision that was applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The canonical text of the command, as it goes into the history.
    pub command: String,
    pub events: Vec<Event>,
}

/// Why a decision was refused. The state is unchanged.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum PlayError {
    #[error("it is not {0}'s turn to decide")]
    NotYourTurn(Seat),
    #[error("{0}")]
    Parse(ParseError),
    #[error("{0}")]
    Rule(RuleError),
    #[error("the game is over")]
    Finished,
}

/// A game in progress, rules erased.
pub trait Table: Send + Sync {
    fn info(&self) -> GameInfo;
    fn players(&self) -> usize;
    fn to_act(&self) -> Vec<Seat>;
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// Parses and applies one command for `seat`; all or nothing.
    fn play(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError>;
    /// Applies a random legal command of a random seat that may act
    /// (self-play, bots); `None` when nobody can act.
    fn play_random(&mut self, rng: &mut Rng) -> Option<(Seat, Played)>;
    /// A random legal command for `seat` (the timeout bot), canonical form.
    fn random_command(&self, seat: Seat, rng: &mut Rng) -> Option<String>;
    fn default_command(&self, seat: Seat) -> Option<String>;
    fn drop_seat(&mut self, seat: Seat) -> bool;
    fn restore_seat(&mut self, seat: Seat) -> bool;
    fn view(&self, seat: Option<Seat>) -> View;
    fn outcome(&self) -> Option<Outcome>;
    fn hidden_items(&self, viewer: Option<Seat>) -> Vec<String>;
    fn invariants(&self) -> Result<(), String>;
    /// Checks that every legal command of `seat` prints and re-parses to itself.
    fn check_round_trip(&self, seat: Seat) -> Result<(), String>;
    /// A stable fingerprint of the whole state, for replay equality.
    fn digest(&self) -> String;
    fn clone_table(&self) -> Box<dyn Table>;
}

/// A `Game` with its state, as a `Table`.
pub struct Typed<G: Game> {
    game: Arc<G>,
    state: G::State,
    players: usize,
}

impl<G: Game> Typed<G> {
    pub fn new(game: Arc<G>, state: G::State, players: usize) -> Typed<G> {
        Typed {
            game,
            state,
            players,
        }
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    fn apply_checked(&mut self, seat: Seat, cmd: &G::Command) -> Result<Played, PlayError> {
        let mut next = self.state.clone();
        let events = self
            .game
            .apply(&mut next, seat, cmd)
            .map_err(PlayError::Rule)?;
        self.state = next;
        Ok(Played {
            command: cmd.to_string(),
            events,
        })
    }
}

/// The stable fingerprint of any state: FNV-1a of its `Debug` form, in hex.
pub fn digest_of<T: Debug>(value: &T) -> String {
    let text = format!("{value:?}");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl<G: Game> Table for Typed<G> {
    fn info(&self) -> GameInfo {
        self.game.info()
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Vec<Seat> {
        self.game.to_act(&self.state)
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        self.game
            .legal(&self.state, seat)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        if self.game.outcome(&self.state).is_some() {
            return Err(PlayError::Finished);
        }
        if !self.game.to_act(&self.state).contains(&seat) {
            return Err(PlayError::NotYourTurn(seat));
        }
        let cmd = self
            .game
            .parse(&self.state, seat, text)
            .map_err(PlayError::Parse)?;
        // Games apply all-or-nothing themselves; applying to a copy makes it
        // true whatever a game does on its error paths.
        self.apply_checked(seat, &cmd)
    }

    fn play_random(&mut self, rng: &mut Rng) -> Option<(Seat, Played)> {
        let seats = self.game.to_act(&self.state);
        let seat = *rng.pick(&seats)?;
        let legal = self.game.legal(&self.state, seat);
        let cmd = rng.pick(&legal)?.clone();
        let events = self.game.apply(&mut self.state, seat, &cmd).ok()?;
        Some((
            seat,
            Played {
                command: cmd.to_string(),
                events,
            },
        ))
    }

    fn random_command(&self, seat: Seat, rng: &mut Rng) -> Option<String> {
        let legal = self.game.legal(&self.state, seat);
        rng.pick(&legal).map(ToString::to_string)
    }

    fn default_command(&self, seat: Seat) -> Option<String> {
        self.game
            .default_command(&self.state, seat)
            .map(|c| c.to_string())
    }

    fn drop_seat(&mut self, seat: Seat) -> bool {
        self.game.drop_seat(&mut self.state, seat)
    }

    fn restore_seat(&mut self, seat: Seat) -> bool {
        self.game.restore_seat(&mut self.state, seat)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.game.view(&self.state, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }

    fn hidden_items(&self, viewer: Option<Seat>) -> Vec<String> {
        self.game.hidden_items(&self.state, viewer)
    }

    fn invariants(&self) -> Result<(), String> {
        self.game.invariants(&self.state)
    }

    fn check_round_trip(&self, seat: Seat) -> Result<(), String> {
        for cmd in self.game.legal(&self.state, seat) {
            let text = cmd.to_string();
            match self.game.parse(&self.state, seat, &text) {
                Ok(back) if back == cmd => {}
                Ok(back) => {
                    return Err(format!(
                        "'{text}' re-parses to a different command: {back:?} vs {cmd:?}"
                    ))
                }
                Err(e) => return Err(format!("'{text}' does not re-parse: {e}")),
            }
        }
        Ok(())
    }

    fn digest(&self) -> String {
        digest_of(&self.state)
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(Typed {
            game: self.game.clone(),
            state: self.state.clone(),
            players: self.players,
        })
    }
}
