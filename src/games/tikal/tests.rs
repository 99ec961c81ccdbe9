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

/// CPU seconds this process has used (Linux `/proc/self/stat`, 100 ticks a
/// second); the machine is shared, so wall time alone understates the speed.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Random games per second for 4 players: (games, per wall second, moves per wall second, per CPU second).
fn games_per_second(opts: &[&str], secs: f64) -> (u64, f64, f64, Option<f64>) {
    let cpu_start = cpu_seconds();
    let start = std::time::Instant::now();
    let mut games = 0u64;
    let mut moves = 0u64;
    let mut rng = Rng::new(7);
    while start.elapsed().as_secs_f64() < secs {
        let mut t = table(4, opts, games);
        while t.outcome().is_none() {
            assert!(t.play_random(&mut rng).is_some(), "random play got stuck");
            moves += 1;
        }
        games += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = cpu_start
        .zip(cpu_seconds())
        .map(|(a, b)| games as f64 / (b - a).max(0.01));
    (games, games as f64 / elapsed, moves as f64 / elapsed, cpu)
}

#[test]
#[ignore]
fn speed() {
    for opts in [&[][..], &["auction=on"][..]] {
        let (games, gps, mps, cpu) = games_per_second(opts, 3.0);
        let cpu = cpu.map(|c| format!("{c:.0}")).unwrap_or_else(|| "?".into());
        println!("tikal 4p {opts:?}: {games} games, {gps:.0} games/s wall, {mps:.0} moves/s wall, {cpu} games per CPU second");
    }
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

/// Prints a few auction decisions with their events in both languages (for reading).
#[test]
#[ignore]
fn show_auction_events() {
    let mut t = table(3, &["auction=on"], 2);
    let mut rng = Rng::new(1);
    for _ in 0..25 {
        if let Some((seat, p)) = t.play_random(&mut rng) {
            println!("{seat}: {}", p.command);
            for e in p.events {
                println!("   {} / {}", e.text.en, e.text.ko);
            }
        }
    }
    let v = t.view(None);
    for s in &v.sections[..1] {
        if let crate::engine::Block::Lines(lines) = &s.body {
            for l in lines {
                println!("{} / {}", l.en, l.ko);
            }
        }
    }
}
