//! What the bots need of Tawantinsuyu: a world consistent with a seat's
//! view (the other seats' God and army cards, the decks, the bag and the
//! weaving pile under its top dealt anew) and a value of each seat's
//! position.

use super::state::State;
use crate::engine::{Rng, Seat};

/// The God cards and army cards in the other hands (Axomama's too, which
/// nobody sees) go back with their decks, are shuffled and dealt again in
/// the same numbers; the bag, the weaving pile under its top and the
/// generator's draws are new.
pub fn determinize(s: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut w = s.clone();
    let hidden = |q: usize| q != seat.0 || s.is_bot(q);
    let mut gods: Vec<u8> = w.god_deck.to_vec();
    let mut army: Vec<u8> = w.army_deck.to_vec();
    for (q, p) in w.players.iter().enumerate() {
        if hidden(q) {
            gods.extend(p.gods.iter().chain(&p.dealt));
            army.extend(&p.army_hand);
        }
    }
    deal(&mut gods, rng);
    deal(&mut army, rng);
    for q in 0..w.players.len() {
        if !hidden(q) {
            continue;
        }
        let p = &mut w.players[q];
        let (g, d, a) = (p.gods.len(), p.dealt.len(), p.army_hand.len());
        p.gods = take(&mut gods, g);
        p.dealt = take(&mut gods, d);
        p.army_hand = take(&mut army, a);
    }
    *w.god_deck = gods;
    *w.army_deck = army;
    deal(&mut w.bag, rng);
    let top = w.weaving_pile.pop();
    deal(&mut w.weaving_pile, rng);
    w.weaving_pile.extend(top);
    w.rng = Rng::new(rng.next_u64());
    w
}

/// Sorted, then shuffled: the old order says nothing.
fn deal(cards: &mut [u8], rng: &mut Rng) {
    cards.sort_unstable();
    rng.shuffle(cards);
}

/// The first `n` of `cards` (fewer if it runs short), taken off it.
fn take(cards: &mut Vec<u8>, n: usize) -> Vec<u8> {
    cards.drain(..n.min(cards.len())).collect()
}

/// Points so far (the final scores once counted), a little for resources
/// and the cards in hand.
pub fn evaluate(s: &State) -> Vec<f64> {
    if let Some(f) = &s.final_scores {
        return f.iter().map(|&x| x as f64).collect();
    }
    s.players
        .iter()
        .map(|p| {
            let res: u32 = p.res.iter().sum();
            f64::from(p.vp) + 0.3 * f64::from(res) + 0.5 * (p.gods.len() + p.army_hand.len()) as f64
        })
        .collect()
}
