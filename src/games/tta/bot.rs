//! What the bots need of Through the Ages: a world consistent with a seat's
//! view (the other seats' military cards and the decks dealt anew) and a
//! value of each seat's position.

use super::data::CardId;
use super::scoring::seat_stats;
use super::state::State;
use crate::engine::{Rng, Seat};

/// The other seats' military cards go back with their age's deck and are
/// dealt again in the same numbers and ages; every civil and military deck
/// is shuffled; the generator's draws are new. (Civil cards in hand were
/// taken from the open row in everyone's sight, and stay.)
pub fn determinize(s: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut w = s.clone();
    let ages = w.military_decks.len();
    let age_of = |c: CardId| s.data.card(c).map(|x| usize::from(x.age));
    let mut pools: Vec<Vec<CardId>> = w.military_decks.clone();
    for (q, p) in w.players.iter().enumerate() {
        if q == seat.0 {
            continue;
        }
        for &c in &p.military_hand {
            if let Some(pool) = age_of(c).and_then(|a| pools.get_mut(a)) {
                pool.push(c);
            }
        }
    }
    for pool in pools.iter_mut() {
        pool.sort_unstable();
        rng.shuffle(pool);
    }
    for q in 0..w.players.len() {
        if q == seat.0 {
            continue;
        }
        let hand = w.players[q].military_hand.clone();
        let dealt: Vec<CardId> = hand
            .iter()
            .map(|&c| {
                age_of(c)
                    .filter(|&a| a < ages)
                    .and_then(|a| pools[a].pop())
                    .unwrap_or(c)
            })
            .collect();
        w.players[q].military_hand = dealt;
    }
    w.military_decks = pools;
    for deck in w.civil_decks.iter_mut() {
        deck.sort_unstable();
        rng.shuffle(deck);
    }
    w.rng = Rng::new(rng.next_u64());
    w
}

/// Culture so far, and what the civilisation makes of it: culture and
/// science per round, strength and happiness, weighted for the rounds a
/// game usually has left.
pub fn evaluate(s: &State) -> Vec<f64> {
    (0..s.players.len())
        .map(|seat| {
            let p = &s.players[seat];
            let st = seat_stats(s, seat);
            f64::from(p.culture)
                + 3.0 * f64::from(st.culture_rate)
                + 0.8 * f64::from(st.science_rate)
                + 0.3 * f64::from(st.strength)
                + 0.5 * f64::from(st.food_rate + st.resource_rate)
                + 0.2 * f64::from(p.science)
        })
        .collect()
}
