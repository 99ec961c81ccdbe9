//! `Table`: a game in progress with its rules erased, which is all the
//! service sees. `Typed<G>` wraps any `Game` and its state as a `Table`.

use super::rng::draws_on_this_thread;
use super::{
    Event, Game, GameInfo, InternalError, MoveSummary, Outcome, ParseError, Rng, RuleError, Seat,
    Text, View,
};
use serde::Serialize;
use std::collections::HashSet;
use std::sync::Arc;
use thiserror::Error;

/// A decision that was applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The canonical text of the command, as it goes into the history.
    pub command: String,
    /// The game's events; when the move revealed something, every one of
    /// them says so (see `Typed`), so that an undo can be refused.
    pub events: Vec<Event>,
    /// The move drew on chance or made something hidden known (derived by
    /// the engine layer, not taken on the game's word).
    pub reveals: bool,
    /// The game's own events said the move revealed something (the
    /// conformance suite checks this agrees with `reveals`).
    pub said_reveals: bool,
}

/// A state could not be written or read back in its stored form.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{game} state: {reason}")]
pub struct StateError {
    pub game: &'static str,
    pub reason: String,
}

/// A state in its stored form: canonical JSON and its SHA-256.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub state: String,
    pub digest: String,
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
    /// Replay reads stored commands strictly: only the exact canonical text
    /// of a legal command is accepted.
    #[error("'{0}' is not the exact text of a legal command")]
    NotCanonical(String),
    /// A legal command met an impossible state: the engine's defect, not
    /// the player's; the state is unchanged.
    #[error("{0}")]
    Internal(InternalError),
}

/// A game in progress, rules erased.
pub trait Table: Send + Sync {
    fn info(&self) -> GameInfo;
    fn players(&self) -> usize;
    fn to_act(&self) -> Vec<Seat>;
    /// Whose turn the game is in (see `Game::turn_of`).
    fn turn_of(&self) -> Option<Seat>;
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// The legal moves as a mail offers them: listed, and summarised by kind.
    fn offer(&self, seat: Seat) -> (Vec<String>, Vec<MoveSummary>);
    /// Parses and applies one command for `seat`; all or nothing.
    fn play(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError>;
    /// The words of the game's commands (`Game::words`).
    fn words(&self) -> &'static crate::engine::parse::Vocabulary;
    /// Why the rules refuse `line` of `seat` now (`Game::why_illegal`), for
    /// a line that reads as no legal command of a seat that may act.
    fn why_illegal(&self, seat: Seat, line: &str) -> Option<Text>;
    /// Applies a stored command: `text` must be exactly the canonical form
    /// of one of `seat`'s legal commands (no prefixes, aliases or guesses).
    fn play_exact(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError>;
    /// Applies a random legal command of a random seat that may act
    /// (self-play, bots); `None` when nobody can act.
    fn play_random(&mut self, rng: &mut Rng) -> Option<(Seat, Played)>;
    /// The search path: the same choice as `play_random` from the same
    /// generator, applied in place by `Game::apply_quiet` (no copy, no
    /// events, no reveal bookkeeping); `None` when nobody can act or the
    /// engine failed (the table is then not to be used further).
    fn play_random_quiet(&mut self, rng: &mut Rng) -> Option<Seat>;
    /// A random legal command for `seat` (the timeout bot), canonical form.
    fn random_command(&self, seat: Seat, rng: &mut Rng) -> Option<String>;
    fn default_command(&self, seat: Seat) -> Option<String>;
    fn drop_seat(&mut self, seat: Seat) -> bool;
    fn restore_seat(&mut self, seat: Seat) -> bool;
    fn view(&self, seat: Option<Seat>) -> View;
    /// The game's names for its seats (see `Game::seat_names`).
    fn seat_names(&self) -> Vec<Text>;
    fn outcome(&self) -> Option<Outcome>;
    fn hidden_items(&self, viewer: Option<Seat>) -> Vec<String>;
    fn invariants(&self) -> Result<(), String>;
    /// Checks that every legal command of `seat` prints and re-parses to itself.
    fn check_round_trip(&self, seat: Seat) -> Result<(), String>;
    /// The whole state in its stored form (canonical JSON) with its digest.
    fn snapshot(&self) -> Result<Snapshot, StateError>;
    /// The SHA-256 of the stored form, in hex: stable across toolchains
    /// and platforms, for replay equality and exports.
    fn digest(&self) -> Result<String, StateError> {
        self.snapshot().map(|s| s.digest)
    }
    /// A table of this game holding the stored `state` instead. Called on a
    /// freshly set-up table of the game's options, whose data sets the
    /// stored state's names are linked back to.
    fn restore(&self, state: &str) -> Result<Box<dyn Table>, StateError>;
    fn clone_table(&self) -> Box<dyn Table>;
    /// Plays `command` (canonical text) of `seat` on a copy and checks that
    /// the game's `Game::revealed` gives the answer of the hidden-item lists.
    fn check_revealed(&self, seat: Seat, command: &str) -> Result<(), String>;
    /// Checks `Game::is_legal` against `legal` for `seat`: every legal
    /// command accepted, and each of `others` (command texts, e.g. played
    /// earlier or legal for another seat) that reads as a command answered
    /// exactly as the legal list answers it.
    fn check_is_legal(&self, seat: Seat, others: &[String]) -> Result<(), String>;
    /// The command a bot at `level` plays for `seat` now, canonical form,
    /// deterministic given `seed` (see `engine::bot`); `None` when the seat
    /// may not act.
    fn bot_command(&self, seat: Seat, level: super::bot::Level, seed: u64) -> Option<String>;
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

    /// Applies a command known to be legal: one copy of the state, the
    /// game's `apply_legal` on it, the reveal check; the copy replaces the
    /// state only when all went well.
    fn apply_known(&mut self, seat: Seat, cmd: &G::Command) -> Result<Played, PlayError> {
        let mut next = self.state.clone();
        let draws = draws_on_this_thread();
        let mut events = Vec::new();
        self.game
            .apply_legal(&mut next, seat, cmd, &mut events)
            .map_err(PlayError::Internal)?;
        let drew = draws_on_this_thread() != draws;
        let reveals = drew || self.game.revealed(&self.state, &next, seat);
        let said_reveals = events.iter().any(|e| e.reveals);
        self.state = next;
        Ok(Played {
            command: cmd.to_string(),
            events: mark_revealing(events, reveals, seat),
            reveals,
            said_reveals,
        })
    }

    /// Why the game refuses `cmd`, which `is_legal` refused: the game's own
    /// words, from its checked `apply` on a throwaway copy.
    fn refusal(&self, seat: Seat, cmd: &G::Command) -> PlayError {
        let mut scratch = self.state.clone();
        match self.game.apply(&mut scratch, seat, cmd) {
            Err(e) => PlayError::Rule(e),
            Ok(_) => PlayError::Rule(RuleError::new(
                "That is not possible now; write one of the legal commands listed in the mail.",
                "지금은 할 수 없는 행동입니다. 메일에 나온 가능한 명령 중 하나를 쓰세요.",
            )),
        }
    }

    fn error(&self, reason: impl std::fmt::Display) -> StateError {
        StateError {
            game: self.game.info().name,
            reason: reason.to_string(),
        }
    }
}

/// Whether anything hidden from `mover` before the move is no longer hidden,
/// by the two lists of hidden items: the meaning of `Game::revealed` and its
/// default.
pub fn revealed<G: Game + ?Sized>(
    game: &G,
    before: &G::State,
    after: &G::State,
    mover: Seat,
) -> bool {
    // Most moves change nothing hidden (the same list); otherwise a set, not a
    // list: a game may hide hundreds of items and this runs at every move.
    let after = game.hidden_items(after, Some(mover));
    let before = game.hidden_items(before, Some(mover));
    if before == after {
        return false;
    }
    let still: HashSet<&str> = after.iter().map(String::as_str).collect();
    before.iter().any(|item| !still.contains(item.as_str()))
}

/// Whether anything hidden from the mover before a move is no longer hidden,
/// by ids of the hidden items (a game's own, e.g. (kind, card)) instead of
/// their words: `revealed` for a game that lists its hidden items as ids.
pub fn revealed_ids<K: Ord>(before: Vec<K>, mut after: Vec<K>) -> bool {
    if before == after {
        return false;
    }
    after.sort_unstable();
    before.iter().any(|k| after.binary_search(k).is_err())
}

/// The game's events, every one marked as revealing when the move revealed
/// something, whatever the game said; a revealing move without events gets
/// one telling the mover why it cannot be taken back.
fn mark_revealing(mut events: Vec<Event>, reveals: bool, mover: Seat) -> Vec<Event> {
    if !reveals {
        return events;
    }
    if events.is_empty() {
        events.push(Event::private(
            mover,
            Text::new(
                "This decision made something hidden known, so it cannot be taken back.",
                "이 결정으로 숨겨진 것이 공개되어 무를 수 없습니다.",
            ),
        ));
    }
    for e in &mut events {
        e.reveals = true;
    }
    events
}

/// The SHA-256 of `value`'s canonical serialisation (JSON, fields in
/// declaration order, no maps with unordered keys), in hex.
pub fn digest_of<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
    serde_json::to_string(value).map(|json| sha256_hex(json.as_bytes()))
}

fn sha256_hex(bytes: &[u8]) -> String {
    ring::digest::digest(&ring::digest::SHA256, bytes)
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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

    fn turn_of(&self) -> Option<Seat> {
        self.game.turn_of(&self.state)
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        self.game
            .legal(&self.state, seat)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn offer(&self, seat: Seat) -> (Vec<String>, Vec<MoveSummary>) {
        let legal = self.game.legal(&self.state, seat);
        let (listed, summaries) = self.game.offer(&self.state, seat, legal);
        (listed.iter().map(ToString::to_string).collect(), summaries)
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        self.game.words()
    }

    fn why_illegal(&self, seat: Seat, line: &str) -> Option<Text> {
        if !self.game.to_act(&self.state).contains(&seat) {
            return None;
        }
        let vocabulary = self.game.words();
        let mut words = vocabulary.words(line);
        // A start of exactly one action word stands for it (`be` for `beg`).
        if let Some(first) = words.first_mut() {
            if let Some(verb) = crate::engine::parse::unique_start(first, vocabulary.verbs) {
                *first = verb.to_string();
            }
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        self.game.why_illegal(&self.state, seat, &words)
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
        // The one legality check; the game's apply then trusts the command.
        if !self.game.is_legal(&self.state, seat, &cmd) {
            return Err(self.refusal(seat, &cmd));
        }
        self.apply_known(seat, &cmd)
    }

    fn play_exact(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        if self.game.outcome(&self.state).is_some() {
            return Err(PlayError::Finished);
        }
        let cmd = self
            .game
            .legal(&self.state, seat)
            .into_iter()
            .find(|c| c.to_string() == text)
            .ok_or_else(|| PlayError::NotCanonical(text.to_string()))?;
        self.apply_known(seat, &cmd)
    }

    fn play_random(&mut self, rng: &mut Rng) -> Option<(Seat, Played)> {
        let seats = self.game.to_act(&self.state);
        let seat = *rng.pick(&seats)?;
        let legal = self.game.legal(&self.state, seat);
        let cmd = rng.pick(&legal)?.clone();
        let played = self.apply_known(seat, &cmd).ok()?;
        Some((seat, played))
    }

    fn play_random_quiet(&mut self, rng: &mut Rng) -> Option<Seat> {
        let seats = self.game.to_act(&self.state);
        let seat = *rng.pick(&seats)?;
        let legal = self.game.legal(&self.state, seat);
        let cmd = rng.pick(&legal)?;
        self.game.apply_quiet(&mut self.state, seat, cmd).ok()?;
        Some(seat)
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

    fn seat_names(&self) -> Vec<Text> {
        self.game.seat_names(&self.state)
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

    fn snapshot(&self) -> Result<Snapshot, StateError> {
        let state = serde_json::to_string(&self.state).map_err(|e| self.error(e))?;
        let digest = sha256_hex(state.as_bytes());
        Ok(Snapshot { state, digest })
    }

    fn restore(&self, state: &str) -> Result<Box<dyn Table>, StateError> {
        // Serialising the fresh state makes its data sets known by name, so
        // the stored state's names link back to them.
        serde_json::to_writer(std::io::sink(), &self.state).map_err(|e| self.error(e))?;
        let state: G::State = serde_json::from_str(state).map_err(|e| self.error(e))?;
        Ok(Box::new(Typed {
            game: self.game.clone(),
            state,
            players: self.players,
        }))
    }

    fn check_revealed(&self, seat: Seat, command: &str) -> Result<(), String> {
        let cmd = self
            .game
            .legal(&self.state, seat)
            .into_iter()
            .find(|c| c.to_string() == command)
            .ok_or_else(|| format!("'{command}' is not a legal command of {seat}"))?;
        let mut next = self.state.clone();
        self.game
            .apply_legal(&mut next, seat, &cmd, &mut Vec::new())
            .map_err(|e| format!("'{command}' by {seat} failed on a copy: {e}"))?;
        let fast = self.game.revealed(&self.state, &next, seat);
        let by_items = revealed(self.game.as_ref(), &self.state, &next, seat);
        if fast != by_items {
            return Err(format!(
                "'{command}' by {seat}: the game says revealed = {fast}, the hidden items say {by_items}"
            ));
        }
        Ok(())
    }

    fn check_is_legal(&self, seat: Seat, others: &[String]) -> Result<(), String> {
        let legal = self.game.legal(&self.state, seat);
        if let Some(c) = legal
            .iter()
            .find(|c| !self.game.is_legal(&self.state, seat, c))
        {
            return Err(format!(
                "is_legal refuses '{c}' of {seat}, which legal lists"
            ));
        }
        for text in others {
            let Ok(cmd) = self.game.parse(&self.state, seat, text) else {
                continue;
            };
            let listed = legal.contains(&cmd);
            if self.game.is_legal(&self.state, seat, &cmd) != listed {
                return Err(format!(
                    "is_legal says {} for '{cmd}' of {seat}, legal says {listed}",
                    !listed
                ));
            }
        }
        Ok(())
    }

    fn bot_command(&self, seat: Seat, level: super::bot::Level, seed: u64) -> Option<String> {
        if !self.game.to_act(&self.state).contains(&seat) {
            return None;
        }
        let game = self.game.as_ref();
        super::bot::choose(game, &self.state, self.players, seat, level, seed)
            .map(|c| c.to_string())
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(Typed {
            game: self.game.clone(),
            state: self.state.clone(),
            players: self.players,
        })
    }
}
