//! The `random` level: a uniformly random legal move (today's timeout bot).

use crate::engine::{Game, Rng, Seat};

pub(super) fn choose<G: Game + ?Sized>(
    game: &G,
    state: &G::State,
    seat: Seat,
    rng: &mut Rng,
) -> Option<G::Command> {
    let legal = game.legal(state, seat);
    rng.pick(&legal).cloned()
}
