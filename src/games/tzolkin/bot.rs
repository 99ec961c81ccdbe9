//! What the bots need of Tzolk'in: a world consistent with a seat's view
//! (the face-down building piles, the unseen monuments and the other seats'
//! secret wealth tiles dealt anew) and a value of each seat's position.

use super::scoring::finals;
use super::state::{Phase, State, NONE};
use crate::engine::{Rng, Seat};

/// The piles are shuffled within themselves; the generator's draws are new.
/// The wealth tiles another seat was dealt are known only once kept and
/// shown, so while seats choose, the other seats' dealt tiles come anew
/// from the tiles the seat has not seen.
pub fn determinize(s: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut w = s.clone();
    for pile in w.piles.iter_mut() {
        pile.sort_unstable();
        rng.shuffle(pile);
    }
    if w.phase() == Phase::Choose {
        redeal_wealth(&mut w, seat.0, rng);
    }
    w.rng = Rng::new(rng.next_u64());
    w
}

/// While seats choose their wealth tiles, the other seats' four each are
/// dealt anew from the tiles outside the seat's own hand (its kept choice,
/// if any, is the seat's own business and stays).
fn redeal_wealth(w: &mut State, seat: usize, rng: &mut Rng) {
    let mine: Vec<u8> = w
        .players
        .get(seat)
        .map(|p| p.dealt.to_vec())
        .unwrap_or_default();
    let shown = w.dummy_tiles.clone();
    let mut pool: Vec<u8> = (0..w.data.tiles.len() as u8)
        .filter(|t| !mine.contains(t) && !shown.contains(t))
        .collect();
    rng.shuffle(&mut pool);
    for (i, p) in w.players.iter_mut().enumerate() {
        if i == seat || pool.len() < 4 {
            continue;
        }
        let dealt: Vec<u8> = pool.drain(..4).collect();
        p.dealt.copy_from_slice(&dealt);
        if p.kept != [NONE, NONE] {
            p.kept = [dealt[0], dealt[1]];
        }
    }
}

/// What each seat would score if the game ended now (points, skulls,
/// monuments and resources at their corn value), plus a little for workers
/// and technology, which make points later.
pub fn evaluate(s: &State) -> Vec<f64> {
    finals(s)
        .iter()
        .zip(&s.players)
        .map(|(f, p)| {
            let tech: u32 = p.tech.iter().map(|&t| u32::from(t)).sum();
            f.quarters as f64 / 4.0 + 1.5 * f64::from(tech)
        })
        .collect()
}
