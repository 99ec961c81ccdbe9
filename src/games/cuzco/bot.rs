//! What the bots need of Cuzco: a world consistent with a seat's view (the
//! other seats' unseen cards and the deck dealt anew) and a value of each
//! seat's position.

use super::state::State;
use crate::engine::{Rng, Seat};

/// Every card the seat has not seen (the deck, and the cards in the other
/// seats' hands that nobody saw them take) is gathered, sorted, shuffled
/// and dealt back in the same numbers; the generator's draws are new.
pub fn determinize(s: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut w = s.clone();
    let mut unseen: Vec<u8> = w.deck.clone();
    for (i, p) in w.players.iter().enumerate() {
        if i != seat.0 {
            unseen.extend(secret_cards(&p.hand, &p.known));
        }
    }
    unseen.sort_unstable();
    rng.shuffle(&mut unseen);
    for (i, p) in w.players.iter_mut().enumerate() {
        if i == seat.0 {
            continue;
        }
        let secret = secret_cards(&p.hand, &p.known).len();
        let mut hand = known_cards(&p.hand, &p.known);
        hand.extend(unseen.drain(..secret.min(unseen.len())));
        hand.sort_unstable();
        p.hand = hand;
    }
    w.deck = unseen;
    w.rng = Rng::new(rng.next_u64());
    w
}

/// The cards of `hand` everyone saw taken (each `known` card once).
fn known_cards(hand: &[u8], known: &[u8]) -> Vec<u8> {
    let mut left = hand.to_vec();
    let mut out = Vec::new();
    for k in known {
        if let Some(i) = left.iter().position(|c| c == k) {
            out.push(left.remove(i));
        }
    }
    out
}

/// The cards of `hand` nobody but its holder saw.
fn secret_cards(hand: &[u8], known: &[u8]) -> Vec<u8> {
    let mut left = hand.to_vec();
    for k in known {
        if let Some(i) = left.iter().position(|c| c == k) {
            left.remove(i);
        }
    }
    left
}

/// Prestige points so far, a little for cards and tokens in hand, and a
/// little for each personal tile laid: laying tiles is what ends the game,
/// and a bot that judged only points would end its turns for ever.
pub fn evaluate(s: &State) -> Vec<f64> {
    s.players
        .iter()
        .map(|p| {
            let tiles_left: u32 = p.tiles.iter().map(|&t| u32::from(t)).sum();
            f64::from(p.pp) + 0.5 * p.hand.len() as f64 + 0.5 * f64::from(p.tokens)
                - 0.4 * f64::from(tiles_left)
        })
        .collect()
}
