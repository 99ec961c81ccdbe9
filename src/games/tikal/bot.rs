//! What the bots need of Tikal: a world consistent with a seat's view (the
//! face-down stack re-shuffled, the generator's draws unknown) and a value
//! of each seat's position.

use super::scoring::{temples_scored, treasure_points};
use super::state::State;
use crate::engine::{Rng, Seat};

/// The stack's order and the unseen discs' draws are unknown to every seat:
/// both dealt anew. Everything else is open.
pub fn determinize(s: &State, _seat: Seat, rng: &mut Rng) -> State {
    let mut w = s.clone();
    w.stack.sort_unstable();
    rng.shuffle(&mut w.stack);
    w.rng = Rng::new(rng.next_u64());
    w
}

/// Points so far, plus what a scoring now would give (the temples each seat
/// holds and its treasures), weighted by the scoring rounds still to come.
pub fn evaluate(s: &State) -> Vec<f64> {
    let rounds_left = (3u8.saturating_sub(s.rounds_scored)).max(1);
    (0..s.people.len())
        .map(|seat| {
            let p = &s.people[seat];
            let temples: i32 = temples_scored(s, seat).iter().map(|&v| i32::from(v)).sum();
            let now = temples + treasure_points(&p.treasures);
            f64::from(p.score) + f64::from(now) * (0.5 + 0.25 * f64::from(rounds_left))
        })
        .collect()
}
