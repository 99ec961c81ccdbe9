//! The history benchmark (issue 13): the service's per-move time and peak
//! memory with 100 and with 100,000 active games in one database (table
//! cache at its default size), and the time to load a game that is not
//! cached at 10 and at 1,000 moves (it loads from its stored state, so the
//! two should cost the same; the two games are loaded in turn, and the median
//! is the figure to compare). No mail stack: moves go through
//! `Service::in_transaction_play`, which composes every mail they cause.
//! Run: `cargo bench --bench history` (`QUIPU_BENCH_QUICK=1`: 10,000 games).

use quipu::config::Config;
use quipu::engine::Rng;
use quipu::service::{NewGameRequest, Service};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/clone.rs"]
mod clone;
#[path = "support/proc.rs"]
mod proc;
use clone::clone_games;

const SMALL: i64 = 100;
const HISTORY_MOVES: usize = 10;
const TIMED_ROUNDS: usize = 3;
/// Uncached loads of each long and short game, taken in turn.
const LOAD_ROUNDS: usize = 200;

fn config(db: &Path) -> Config {
    Config {
        db: db.to_path_buf(),
        address: "quipu@bench.example.test".into(),
        secret: "bench-history".into(),
        ..Config::default()
    }
}

fn new_game(svc: &Service, game: &str, players: usize, i: i64) -> i64 {
    let req = NewGameRequest {
        game: game.into(),
        players: (0..players)
            .map(|p| format!("h{i}p{p}@players.example.test"))
            .collect(),
        seed: Some(100 + i as u64),
        ..Default::default()
    };
    svc.create_game(&req, chrono::Utc::now())
        .expect("a new game")
}

/// One random legal move in game `id`; false when nobody can move.
fn random_move(svc: &Service, id: i64, rng: &mut Rng) -> bool {
    let Some(email) = svc.to_act(id).ok().and_then(|v| v.into_iter().next()) else {
        return false;
    };
    let legal = svc.legal(id, &email).unwrap_or_default();
    if legal.is_empty() {
        return false;
    }
    let cmd = legal[rng.below(legal.len())].clone();
    svc.in_transaction_play(id, &email, &[cmd], chrono::Utc::now())
        .expect("a legal move is applied");
    true
}

fn mean_ms(v: &[f64]) -> f64 {
    1000.0 * v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// Mean time of one move, round-robin over `games`, after an untimed round.
fn per_move_ms(db: &Path, games: &[i64]) -> f64 {
    let svc = Service::open(config(db)).expect("db");
    let mut rng = Rng::new(9);
    for &id in games {
        random_move(&svc, id, &mut rng);
    }
    let mut times = Vec::new();
    for _ in 0..TIMED_ROUNDS {
        for &id in games {
            let t = Instant::now();
            if random_move(&svc, id, &mut rng) {
                times.push(t.elapsed().as_secs_f64());
            }
        }
    }
    mean_ms(&times)
}

/// Times to load each of `ids` with nothing cached, in ms: the games taken in
/// turn, round after round, so that a busy machine slows them alike (a mean
/// of a few loads right after a game was played is ruled by the odd
/// preempted load, not by the game's length).
fn uncached_loads_ms(svc: &Service, ids: &[i64], rounds: usize) -> Vec<Vec<f64>> {
    let mut times = vec![Vec::with_capacity(rounds); ids.len()];
    for _ in 0..rounds {
        for (k, &id) in ids.iter().enumerate() {
            svc.forget();
            let t = Instant::now();
            svc.table(id).expect("the game loads");
            times[k].push(1000.0 * t.elapsed().as_secs_f64());
        }
    }
    times
}

/// The `q` quantile (0..=1) of `v`.
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(((v.len().max(1) - 1) as f64 * q).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}

/// Mean time to replay game `id`'s whole history from its seed, which is
/// what a load would cost without stored states.
fn full_replay_ms(svc: &Service, id: i64) -> f64 {
    let game = svc.store.game(id).expect("the game row");
    let moves = svc.store.moves(id).expect("its moves");
    let players = svc.emails(id).expect("its seats").len();
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        quipu::service::history::replay(&game, players, &moves).expect("the history replays");
        times.push(t.elapsed().as_secs_f64());
    }
    mean_ms(&times)
}

fn main() {
    let quick = std::env::var("QUIPU_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let large: i64 = if quick { 10_000 } else { 100_000 };
    let dir: PathBuf =
        std::env::temp_dir().join(format!("quipu-bench-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (small_db, large_db) = (dir.join("small.db"), dir.join("large.db"));

    let t = Instant::now();
    {
        let svc = Service::open(config(&small_db)).expect("db");
        let mut rng = Rng::new(3);
        for i in 0..SMALL {
            let id = new_game(&svc, "tikal", 2, i);
            for _ in 0..HISTORY_MOVES {
                random_move(&svc, id, &mut rng);
            }
        }
    }
    std::fs::copy(&small_db, &large_db).expect("copy db");
    clone_games(&large_db, SMALL, large);
    println!(
        "# databases of {SMALL} and {large} active tikal games built in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let small_ms = per_move_ms(&small_db, &(1..=SMALL).collect::<Vec<_>>());
    // The same number of games, spread over the large database.
    let spread: Vec<i64> = (0..SMALL).map(|i| 1 + i * (large / SMALL)).collect();
    let large_ms = per_move_ms(&large_db, &spread);
    let rss = proc::peak_rss_mb("self");

    let loads_db = dir.join("loads.db");
    let svc = Service::open(config(&loads_db)).expect("db");
    let mut rng = Rng::new(5);
    let mut lengths = Vec::new();
    for (i, target) in [(0, 10usize), (1, 1_000)] {
        // Cuzco at four players has the longest random games (about 700
        // decisions); the count reached is printed.
        let id = new_game(&svc, "cuzco", 4, 1_000 + i);
        let mut n = 0;
        while n < target && random_move(&svc, id, &mut rng) {
            n += 1;
        }
        lengths.push((id, n, full_replay_ms(&svc, id)));
    }
    let ids: Vec<i64> = lengths.iter().map(|(id, _, _)| *id).collect();
    let loads = uncached_loads_ms(&svc, &ids, LOAD_ROUNDS);

    println!("per-move time, {SMALL} active games:      {small_ms:.2} ms");
    println!("per-move time, {large} active games:  {large_ms:.2} ms");
    let ratio = large_ms / small_ms;
    println!(
        "  ratio {ratio:.2} (at most 1.2): {}",
        if ratio <= 1.2 { "ok" } else { "OVER" }
    );
    println!(
        "peak RSS with {large} games: {rss:.1} MB (at most 100): {}",
        if rss <= 100.0 { "ok" } else { "OVER" }
    );
    for ((id, n, replay), times) in lengths.iter().zip(&loads) {
        println!(
            "uncached load of game {id} (cuzco, 4 players) at {n} moves: median {:.3} ms, \
             90th percentile {:.3} ms, mean {:.3} ms over {LOAD_ROUNDS} loads (replaying its \
             history instead: {replay:.3} ms)",
            quantile(times, 0.5),
            quantile(times, 0.9),
            mean_ms(times) / 1000.0
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
