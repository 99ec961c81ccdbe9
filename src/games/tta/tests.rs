//! Unit tests beside the code: the speed measurement.

use crate::engine::{Options, Rng};
use crate::games::new_table;

#[test]
#[ignore]
fn speed() {
    let options = Options::parse_pairs(&["mode=intro"]).unwrap_or_default();
    let start = std::time::Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    let mut rng = Rng::new(1);
    while start.elapsed().as_secs_f64() < 5.0 {
        let Ok(mut table) = new_table::<super::TheGame>(4, &options, games) else {
            panic!("setup failed")
        };
        while table.play_random(&mut rng).is_some() {
            moves += 1;
        }
        assert!(table.outcome().is_some(), "a random game did not end");
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "tta intro, 4 players: {:.0} games/s, {:.0} moves/s ({games} games)",
        games as f64 / secs,
        moves as f64 / secs
    );
}
