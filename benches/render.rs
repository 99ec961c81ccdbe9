//! What a board picture costs as a mail makes it: for each game, a board
//! after some random moves, drawn at the size a mail shows it
//! (`render::draw_picture`, in English and Korean) and encoded as PNG; prints
//! this thread's CPU milliseconds for each part, the canvas's size and the
//! PNG's bytes. Run: `cargo bench --bench render` (`-- cuzco` for one game).

use quipu::engine::{Options, Rng, Seat};
use quipu::games;
use quipu::render::{draw_picture, encode};

/// Random moves played before the board is drawn, so it is not the empty setup.
const MOVES: usize = 60;
const ROUNDS: u32 = 20;

/// This thread's CPU time in milliseconds (Linux `CLOCK_THREAD_CPUTIME_ID`):
/// other work on the machine does not count.
fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    assert!(ok, "the thread's CPU clock cannot be read");
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1_000_000.0
}

fn main() {
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("game          lang  canvas      shown      draw ms  encode ms  total ms  PNG bytes");
    for entry in games::registry() {
        if only.as_ref().is_some_and(|o| o != entry.name) {
            continue;
        }
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
        for lang in ["en", "ko"] {
            let t = thread_cpu_ms();
            let mut drawn = None;
            for _ in 0..ROUNDS {
                drawn = Some(draw_picture(&sketch, lang));
            }
            let draw_ms = (thread_cpu_ms() - t) / f64::from(ROUNDS);
            let Some((canvas, shown)) = drawn else {
                continue;
            };
            let t = thread_cpu_ms();
            let mut bytes = 0;
            for _ in 0..ROUNDS {
                bytes = encode::encode(&canvas).expect("the picture encodes").len();
            }
            let encode_ms = (thread_cpu_ms() - t) / f64::from(ROUNDS);
            println!(
                "{:<13} {lang:<5} {:<11} {:<10} {draw_ms:>7.2} {encode_ms:>10.2} {:>9.2} {bytes:>10}",
                entry.name,
                format!("{}x{}", canvas.width(), canvas.height()),
                format!("{}x{}", shown.0, shown.1),
                draw_ms + encode_ms,
            );
        }
    }
}
