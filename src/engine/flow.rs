//! The flow of play: a stack of pending decisions, the one mechanism every
//! game uses to say what is asked next and of whom.
//!
//! A *decision* is a value of a game's own enum (keep tiles, place workers,
//! answer a build): the top of the stack is the decision asked now; those
//! beneath wait for it. A decision may also be a *step* the game runs at
//! once without asking anybody (end a round, score a festival); the driver
//! runs steps until a decision waits for a seat.
//!
//! Who moves the stack: only a game's driver (its `apply/mod.rs`), through
//! `Flow::follow` and `Flow::run`. Handlers, setup and scoring never touch
//! it; a handler says what should happen next by returning `Moves` (call a
//! decision on top, go to another in its place, end the current one), and
//! the driver follows them. Setup builds the first stack with `Flow::start`.
//! `tests/shape.rs` checks that no other file moves it.
//!
//! Stored as the plain list of decisions, bottom first, so a game that kept
//! its stack as a `Vec` reads its stored states unchanged.

use super::InternalError;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// How many moves of the stack one command may cause before the driver
/// calls it a runaway: far above any real chain of steps (a festival with
/// every seat answering), far below an endless loop's cost.
pub const RUNAWAY: usize = 10_000;

/// One change of the stack, as a handler asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move<D> {
    /// Put `D` on top: it is decided first, then the current one comes back.
    Call(D),
    /// Replace the current (top) decision with `D`.
    Goto(D),
    /// The current (top) decision is done: take it off.
    End,
}

/// The moves a handler asks for, in the order the driver follows them.
/// Empty: the current decision stays and is asked again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves<D>(Vec<Move<D>>);

impl<D> Default for Moves<D> {
    fn default() -> Self {
        Moves(Vec::new())
    }
}

impl<D> Moves<D> {
    /// Nothing changes: the current decision is asked again.
    pub fn stay() -> Moves<D> {
        Moves(Vec::new())
    }

    /// The current decision is done.
    pub fn end() -> Moves<D> {
        Moves(vec![Move::End])
    }

    /// The current decision gives way to `next`.
    pub fn goto(next: D) -> Moves<D> {
        Moves(vec![Move::Goto(next)])
    }

    /// `next` is decided first, then the current one again.
    pub fn call(next: D) -> Moves<D> {
        Moves(vec![Move::Call(next)])
    }

    /// These moves, then `then`'s.
    pub fn and(mut self, then: Moves<D>) -> Moves<D> {
        self.0.extend(then.0);
        self
    }

    /// These moves, then a call of `next` (decided before what is beneath).
    pub fn and_call(mut self, next: D) -> Moves<D> {
        self.0.push(Move::Call(next));
        self
    }

    /// Adds one move after those already asked for (a handler that asks
    /// as it goes).
    pub fn push(&mut self, m: Move<D>) {
        self.0.push(m);
    }

    /// Adds `then`'s moves after these.
    pub fn append(&mut self, then: Moves<D>) {
        self.0.extend(then.0);
    }

    /// Calls asked in the order they arose, turned so that the first one
    /// is decided first (it ends up on top).
    pub fn first_asked_first(mut self) -> Moves<D> {
        self.0.reverse();
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Move<D>> {
        self.0.iter()
    }
}

/// What the driver finds on top when it runs the flow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<D> {
    /// The top decision waits for a seat's command: the driver stops.
    Waits,
    /// The top was a step; running it asked for these moves.
    Ran(Moves<D>),
}

/// A stack of pending decisions, bottom first; the top is asked now.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Flow<D> {
    stack: Vec<D>,
}

impl<D> Default for Flow<D> {
    fn default() -> Self {
        Flow { stack: Vec::new() }
    }
}

impl<D: Clone + Debug + PartialEq> Flow<D> {
    /// The first stack of a game, bottom first (setup; a stored state read
    /// back in an older shape).
    pub fn start(bottom_first: impl IntoIterator<Item = D>) -> Flow<D> {
        Flow {
            stack: bottom_first.into_iter().collect(),
        }
    }

    /// The decision asked now; `None` once nothing is pending (game over).
    pub fn top(&self) -> Option<&D> {
        self.stack.last()
    }

    /// The decision at the bottom: what the game as a whole is doing
    /// (a round, a turn) beneath whatever it asks on the way.
    pub fn bottom(&self) -> Option<&D> {
        self.stack.first()
    }

    /// The decisions, bottom first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &D> + ExactSizeIterator {
        self.stack.iter()
    }

    pub fn len(&self) -> usize {
        self.stack.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// Follows a handler's moves in order. Ending or replacing the top of
    /// an empty stack is a defect of the game: an internal error, and the
    /// engine drops the half-applied copy.
    pub fn follow(&mut self, moves: Moves<D>) -> Result<(), InternalError> {
        for m in moves.0 {
            match m {
                Move::Call(d) => self.stack.push(d),
                Move::Goto(d) => match self.stack.last_mut() {
                    Some(top) => *top = d,
                    None => return Err(self.empty("go to", &d)),
                },
                Move::End => {
                    if self.stack.pop().is_none() {
                        return Err(InternalError::new(
                            "the flow was asked to end a decision with none pending",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs steps until the top decision waits for a seat or nothing is
    /// pending. `step` looks at the top (on `state`, which owns this flow
    /// and is handed back separately by `flow_of`) and either says it waits
    /// or runs it and returns its moves. A chain of more than `RUNAWAY`
    /// steps is an internal error, never an endless loop.
    pub fn run<S>(
        state: &mut S,
        flow_of: impl Fn(&mut S) -> &mut Flow<D>,
        mut step: impl FnMut(&mut S, &D) -> Result<Found<D>, InternalError>,
    ) -> Result<(), InternalError> {
        for _ in 0..RUNAWAY {
            let Some(top) = flow_of(state).top().cloned() else {
                return Ok(());
            };
            match step(state, &top)? {
                Found::Waits => return Ok(()),
                Found::Ran(moves) => {
                    if moves.is_empty() {
                        return Err(InternalError::new(format!(
                            "the step {top:?} ran and left itself on top: it would run for ever"
                        )));
                    }
                    flow_of(state).follow(moves)?;
                }
            }
        }
        Err(InternalError::new(format!(
            "the flow ran {RUNAWAY} steps without waiting for a decision (top: {:?})",
            flow_of(state).top()
        )))
    }

    fn empty(&self, what: &str, d: &D) -> InternalError {
        InternalError::new(format!(
            "the flow was asked to {what} {d:?} with no decision pending"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    enum D {
        Turn(u8),
        Answer,
        /// A step: counts down, calling `Answer` at zero.
        Count(u8),
        /// A step that never ends.
        Forever,
    }

    struct S {
        flow: Flow<D>,
        ran: u32,
    }

    fn flow_of(s: &mut S) -> &mut Flow<D> {
        &mut s.flow
    }

    fn step(s: &mut S, top: &D) -> Result<Found<D>, InternalError> {
        s.ran += 1;
        Ok(match *top {
            D::Turn(_) | D::Answer => Found::Waits,
            D::Count(0) => Found::Ran(Moves::goto(D::Answer)),
            D::Count(k) => Found::Ran(Moves::goto(D::Count(k - 1))),
            D::Forever => Found::Ran(Moves::goto(D::Forever)),
        })
    }

    #[test]
    fn call_goto_end_move_the_top_only() {
        let mut f = Flow::start([D::Turn(0)]);
        f.follow(Moves::call(D::Answer)).unwrap();
        assert_eq!(f.top(), Some(&D::Answer));
        assert_eq!(f.bottom(), Some(&D::Turn(0)));
        f.follow(Moves::end().and(Moves::goto(D::Turn(1)))).unwrap();
        assert_eq!(f.iter().cloned().collect::<Vec<_>>(), vec![D::Turn(1)]);
        f.follow(Moves::end()).unwrap();
        assert!(f.is_empty() && f.top().is_none());
        // Stay leaves it as it was.
        f.follow(Moves::stay()).unwrap();
        assert!(f.is_empty());
    }

    #[test]
    fn calls_are_answered_last_pushed_first() {
        let mut f = Flow::start([D::Turn(0)]);
        f.follow(Moves::call(D::Turn(1)).and_call(D::Turn(2)))
            .unwrap();
        assert_eq!(f.top(), Some(&D::Turn(2)));
        f.follow(Moves::end()).unwrap();
        assert_eq!(f.top(), Some(&D::Turn(1)));
        assert_eq!(f.len(), 2);
    }

    #[test]
    fn calls_asked_in_order_are_decided_first_asked_first() {
        let mut asked = Moves::stay();
        asked.push(Move::Call(D::Turn(1)));
        asked.push(Move::Call(D::Turn(2)));
        let mut f = Flow::start([D::Answer]);
        let mut all = Moves::end();
        all.append(asked.first_asked_first());
        f.follow(all).unwrap();
        assert_eq!(f.top(), Some(&D::Turn(1)));
        f.follow(Moves::end()).unwrap();
        assert_eq!(f.top(), Some(&D::Turn(2)));
    }

    #[test]
    fn ending_or_replacing_nothing_is_an_internal_error() {
        let mut f: Flow<D> = Flow::default();
        assert!(f.follow(Moves::end()).is_err());
        assert!(f.follow(Moves::goto(D::Answer)).is_err());
    }

    #[test]
    fn run_plays_steps_until_a_decision_waits() {
        let mut s = S {
            flow: Flow::start([D::Turn(0), D::Count(3)]),
            ran: 0,
        };
        Flow::run(&mut s, flow_of, step).unwrap();
        assert_eq!(s.flow.top(), Some(&D::Answer));
        assert_eq!(s.flow.len(), 2);
        // Count 3, 2, 1, 0, then Answer found waiting.
        assert_eq!(s.ran, 5);
    }

    #[test]
    fn run_stops_on_an_empty_stack() {
        let mut s = S {
            flow: Flow::default(),
            ran: 0,
        };
        Flow::run(&mut s, flow_of, step).unwrap();
        assert_eq!(s.ran, 0);
    }

    #[test]
    fn a_runaway_is_an_internal_error_not_a_hang() {
        let mut s = S {
            flow: Flow::start([D::Forever]),
            ran: 0,
        };
        let err = Flow::run(&mut s, flow_of, step).unwrap_err();
        assert!(err.0.contains("without waiting"), "{err}");
        assert_eq!(s.ran as usize, RUNAWAY);
    }

    #[test]
    fn a_step_that_stays_is_caught_at_once() {
        let mut s = S {
            flow: Flow::start([D::Count(1)]),
            ran: 0,
        };
        let err = Flow::run(&mut s, flow_of, |_, _| Ok(Found::Ran(Moves::stay()))).unwrap_err();
        assert!(err.0.contains("for ever"), "{err}");
    }

    #[test]
    fn stored_as_the_plain_list_bottom_first() {
        let f = Flow::start([D::Turn(2), D::Answer]);
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, r#"[{"Turn":2},"Answer"]"#);
        let back: Flow<D> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, f);
        // A stack stored as a Vec by an older version reads the same.
        let old: Vec<D> = serde_json::from_str(&json).unwrap();
        assert_eq!(Flow::start(old), f);
    }
}
