//! `quipu selfplay`: random legal games through the engine contract, the one
//! speed harness for every game, on the service path and on the lean path of
//! search (`--path`); `--profile` says where the time goes and which kinds of
//! command random play reaches.
//!
//! Part of the binary (an operator's tool at the edge), not of the library:
//! it reads the clock and this thread's CPU time from the OS.

use anyhow::{anyhow, Result};
use quipu::engine::{Options, Rng, Table};
use quipu::games::Entry;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Moves after which a random game counts as stuck.
const MOVE_LIMIT: usize = 100_000;

/// Which way of applying moves a run measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Path {
    /// The service's: a copy per move, events, the reveal check (`play_random`).
    Service,
    /// Search's: in place, no events, no reveal bookkeeping (`play_random_quiet`).
    Lean,
    /// The service path, then the same games on the lean path.
    Both,
}

/// What one selfplay run asks for.
pub struct Run<'a> {
    pub entry: Entry,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub options: &'a Options,
    pub path: Path,
}

/// The totals of a run: games, moves, games that hit the move limit, and the
/// wall and CPU time it took.
struct Totals {
    moves: usize,
    unfinished: usize,
    wall: f64,
    cpu: Option<f64>,
}

/// Time spent in each step of the engine contract, summed over a run.
#[derive(Default)]
struct Phases {
    setup: Duration,
    to_act: Duration,
    legal: Duration,
    play: Duration,
    outcome: Duration,
    view: Duration,
    /// Commands played, by their first word: which decisions random play reaches.
    kinds: BTreeMap<String, usize>,
}

/// Plays the run's games on the path it asks for (both: the service path
/// with `Table::play_random`, then the same games, move for move, on the lean
/// path with `Table::play_random_quiet`) and prints the rates of each;
/// returns the process exit code (1 if a game did not finish, or the two
/// paths played different games).
pub fn plain(run: &Run) -> Result<i32> {
    let service = (run.path != Path::Lean)
        .then(|| play_all(run, false))
        .transpose()?;
    if let Some(t) = &service {
        report(run, t);
    }
    let lean = (run.path != Path::Service)
        .then(|| play_all(run, true))
        .transpose()?;
    if let Some(t) = &lean {
        print!("lean path: ");
        report(run, t);
    }
    let unfinished = [&service, &lean]
        .iter()
        .any(|t| t.as_ref().is_some_and(|t| t.unfinished > 0));
    if let (Some(a), Some(b)) = (&service, &lean) {
        if a.moves != b.moves {
            eprintln!(
                "error: the lean path played {} moves, the service path {}",
                b.moves, a.moves
            );
            return Ok(1);
        }
    }
    Ok(i32::from(unfinished))
}

/// Plays the run's games, each to its end or the move limit, on the lean
/// path or the service path.
fn play_all(run: &Run, lean: bool) -> Result<Totals> {
    let cpu0 = thread_cpu_seconds();
    let start = Instant::now();
    let mut moves = 0usize;
    let mut unfinished = 0usize;
    for g in 0..run.games {
        let s = run.seed.wrapping_add(g as u64);
        let mut table = (run.entry.new)(run.players, run.options, s)?;
        let mut rng = Rng::new(s ^ 0xC0FFEE);
        let mut n = 0usize;
        while table.outcome().is_none() && n < MOVE_LIMIT {
            let moved = if lean {
                table.play_random_quiet(&mut rng).is_some()
            } else {
                table.play_random(&mut rng).is_some()
            };
            if !moved {
                break;
            }
            n += 1;
        }
        if table.outcome().is_none() {
            unfinished += 1;
        }
        moves += n;
    }
    Ok(Totals {
        moves,
        unfinished,
        wall: start.elapsed().as_secs_f64(),
        cpu: cpu_since(cpu0),
    })
}

/// Plays the run's games step by step through the contract (who acts, the
/// legal commands as text, playing one as a player's mail would, the
/// outcome, and each seat's view at the end), timing each step.
pub fn profile(run: &Run) -> Result<i32> {
    let cpu0 = thread_cpu_seconds();
    let start = Instant::now();
    let mut phases = Phases::default();
    let mut moves = 0usize;
    let mut unfinished = 0usize;
    for g in 0..run.games {
        let s = run.seed.wrapping_add(g as u64);
        let t = Instant::now();
        let mut table = (run.entry.new)(run.players, run.options, s)?;
        phases.setup += t.elapsed();
        let mut rng = Rng::new(s ^ 0xC0FFEE);
        let n = profile_one(table.as_mut(), &mut rng, &mut phases)?;
        if n >= MOVE_LIMIT {
            unfinished += 1;
        }
        moves += n;
        let t = Instant::now();
        for seat in 0..run.players {
            table.view(Some(quipu::engine::Seat(seat)));
        }
        table.view(None);
        phases.view += t.elapsed();
    }
    let totals = Totals {
        moves,
        unfinished,
        wall: start.elapsed().as_secs_f64(),
        cpu: cpu_since(cpu0),
    };
    let code = report(run, &totals);
    print_phases(&phases, totals.wall);
    Ok(code)
}

/// One game to its end (or the move limit), timing each step; the moves made.
fn profile_one(table: &mut dyn Table, rng: &mut Rng, phases: &mut Phases) -> Result<usize> {
    let mut n = 0usize;
    while n < MOVE_LIMIT {
        let t = Instant::now();
        let over = table.outcome().is_some();
        phases.outcome += t.elapsed();
        if over {
            return Ok(n);
        }
        let t = Instant::now();
        let seats = table.to_act();
        phases.to_act += t.elapsed();
        let Some(&seat) = rng.pick(&seats) else {
            return Err(anyhow!("no seat is to act in an unfinished game"));
        };
        let t = Instant::now();
        let legal = table.legal(seat);
        phases.legal += t.elapsed();
        let Some(text) = rng.pick(&legal) else {
            return Err(anyhow!("seat {seat} must act but has no legal command"));
        };
        let t = Instant::now();
        table
            .play(seat, text)
            .map_err(|e| anyhow!("legal command '{text}' was refused: {e}"))?;
        phases.play += t.elapsed();
        let kind = text.split(' ').next().unwrap_or_default();
        *phases.kinds.entry(kind.to_string()).or_default() += 1;
        n += 1;
    }
    Ok(n)
}

fn report(run: &Run, totals: &Totals) -> i32 {
    if totals.unfinished > 0 {
        eprintln!("warning: {} games did not finish", totals.unfinished);
    }
    let wall = totals.wall.max(1e-9);
    println!(
        "games={} moves={} games_per_s={:.1} moves_per_s={:.0}",
        run.games,
        totals.moves,
        run.games as f64 / wall,
        totals.moves as f64 / wall
    );
    if let Some(cpu) = totals.cpu {
        // The machine may be shared: CPU time of this thread is the steadier figure.
        let cpu = cpu.max(0.01);
        println!(
            "cpu_s={cpu:.2} games_per_cpu_s={:.1} moves_per_cpu_s={:.0}",
            run.games as f64 / cpu,
            totals.moves as f64 / cpu
        );
    }
    i32::from(totals.unfinished > 0)
}

fn print_phases(phases: &Phases, wall: f64) {
    let rows = [
        ("setup", phases.setup),
        ("to_act", phases.to_act),
        ("legal (as text)", phases.legal),
        ("play (parse + apply)", phases.play),
        ("outcome", phases.outcome),
        ("view (every seat, at the end)", phases.view),
    ];
    let counted: f64 = rows.iter().map(|(_, d)| d.as_secs_f64()).sum();
    for (name, d) in rows {
        let secs = d.as_secs_f64();
        println!(
            "{name:<30} {secs:>9.3} s {:>5.1} %",
            100.0 * secs / wall.max(1e-9)
        );
    }
    println!(
        "{:<30} {:>9.3} s {:>5.1} %",
        "(harness and timers)",
        (wall - counted).max(0.0),
        100.0 * (wall - counted).max(0.0) / wall.max(1e-9)
    );
    println!("commands played, by first word:");
    for (kind, n) in &phases.kinds {
        println!("  {kind:<28} {n:>9}");
    }
}

/// CPU seconds since `start`, when both readings exist.
fn cpu_since(start: Option<f64>) -> Option<f64> {
    Some(thread_cpu_seconds()? - start?)
}

/// CPU seconds this thread has used (Linux `/proc`, 100 ticks a second);
/// `None` where there is no such file.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name in parentheses may hold spaces: count after the ')'.
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of stat, 12th and 13th after ')'.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
