//! Unit tests beside the code: random play speed and scenario tests that
//! need the state's insides.

use super::*;
use crate::engine::{Rng, Table, Typed};
use std::sync::Arc;

fn table(players: usize, opts: &[&str], seed: u64) -> Box<dyn Table> {
    let options = Options::parse_pairs(opts).unwrap();
    let game = TheGame;
    let state = game.setup(players, &options, seed).unwrap();
    Box::new(Typed::new(Arc::new(game), state, players))
}

#[test]
#[ignore]
fn speed() {
    let start = std::time::Instant::now();
    let mut games = 0u64;
    let mut moves = 0u64;
    let mut rng = Rng::new(7);
    while start.elapsed().as_secs_f64() < 3.0 {
        let mut t = table(4, &[], games);
        while t.outcome().is_none() {
            if t.play_random(&mut rng).is_none() {
                panic!("stuck");
            }
            moves += 1;
        }
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "tikal 4p basic: {games} games in {secs:.2}s = {:.0} games/s, {:.0} moves/s",
        games as f64 / secs,
        moves as f64 / secs
    );
}

/// Writes a mid-game view as JSON to the path in `TIKAL_VIEW_JSON` (for looking at the picture).
#[test]
#[ignore]
fn dump_view() {
    let mut t = table(4, &[], 5);
    let mut rng = Rng::new(3);
    let moves: usize = std::env::var("TIKAL_VIEW_MOVES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(600);
    for _ in 0..moves {
        if t.outcome().is_some() {
            break;
        }
        t.play_random(&mut rng);
    }
    let json = serde_json::to_string_pretty(&t.view(Some(crate::engine::Seat(0)))).unwrap();
    if let Ok(path) = std::env::var("TIKAL_VIEW_JSON") {
        std::fs::write(path, json).unwrap();
    }
}
