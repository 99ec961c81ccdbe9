//! What a board picture costs: for each game, a board after some random
//! moves, drawn (rasterised) and encoded as PNG many times; prints the
//! milliseconds of each part and the PNG's size. Run: `cargo bench --bench render`.

use quipu::engine::{Options, Rng, Seat};
use quipu::games;
use quipu::render::{canvas, encode};
use std::time::Instant;

/// Random moves played before the board is drawn, so it is not the empty setup.
const MOVES: usize = 60;
const ROUNDS: u32 = 40;

fn main() {
    for entry in games::registry() {
        let pairs: &[&str] = if entry.name == "tta" {
            &["mode=intro"]
        } else {
            &[]
        };
        let Ok(options) = Options::parse_pairs(pairs) else {
            continue;
        };
        let Ok(mut table) = (entry.new)(4, &options, 7) else {
            println!("{}: cannot set up 4 players", entry.name);
            continue;
        };
        let mut rng = Rng::new(11);
        for _ in 0..MOVES {
            if table.play_random(&mut rng).is_none() {
                break;
            }
        }
        let sketch = table.view(Some(Seat(0))).picture;
        let t = Instant::now();
        let mut drawn = None;
        for _ in 0..ROUNDS {
            drawn = Some(canvas::rasterise(&sketch));
        }
        let draw_ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(ROUNDS);
        let Some(drawn) = drawn else { continue };
        let t = Instant::now();
        let mut bytes = 0;
        for _ in 0..ROUNDS {
            bytes = encode::encode(&drawn).expect("the picture encodes").len();
        }
        let encode_ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(ROUNDS);
        println!(
            "{:<13} {}x{} px: draw {draw_ms:.2} ms, encode {encode_ms:.2} ms, {bytes} bytes",
            entry.name,
            drawn.width(),
            drawn.height()
        );
    }
}
