//! The `greedy` level: every legal move tried on one world consistent with
//! what the seat sees, and the one after which the game's evaluation puts
//! the seat furthest ahead is played (ties: the first, in legal order, of
//! the best, picked at random).

use super::{rewards, At};
use crate::engine::{Game, Rng};

pub(super) fn choose<G: Game + ?Sized>(
    game: &G,
    state: &G::State,
    at: At,
    rng: &mut Rng,
) -> Option<G::Command> {
    let (seats, seat) = (at.seats, at.seat);
    let legal = game.legal(state, seat);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    let world = game.determinize(state, seat, rng);
    let mut best: Vec<usize> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for (i, cmd) in legal.iter().enumerate() {
        let mut next = world.clone();
        if game.apply_quiet(&mut next, seat, cmd).is_err() {
            continue;
        }
        let value = rewards(game, &next, seats)
            .get(seat.0)
            .copied()
            .unwrap_or(0.0);
        if value > best_value + 1e-12 {
            best_value = value;
            best.clear();
            best.push(i);
        } else if (value - best_value).abs() <= 1e-12 {
            best.push(i);
        }
    }
    let i = *rng.pick(&best)?;
    legal.into_iter().nth(i)
}
