//! `quipu arena`: the bots' strength benchmark. Seat-rotated games with
//! paired seeds (each deal played once per rotation of the seats), and per
//! kind of seat its wins (shared wins split), win rate with a 95 % Wilson
//! interval, mean rank, mean score and time per decision.
//!
//! Part of the binary (an operator's tool at the edge): it reads the clock.

use anyhow::{anyhow, bail, Result};
use quipu::engine::bot::{Budget, Level};
use quipu::engine::{Options, Seat, Table};
use quipu::games;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Moves after which a game counts as stuck and is left out.
const MOVE_LIMIT: usize = 20_000;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long)]
    game: String,
    /// Seats at the table (default: as many as `--seats` names).
    #[arg(long)]
    players: Option<usize>,
    /// The kind of each seat, comma-separated: random, greedy, ismcts, hard.
    #[arg(long, value_delimiter = ',')]
    seats: Vec<String>,
    /// Time for each `ismcts` decision, in milliseconds.
    #[arg(long)]
    budget_ms: Option<u64>,
    /// Iterations for each `ismcts` decision (with no `--budget-ms`: the
    /// same figures on every machine).
    #[arg(long)]
    iterations: Option<u32>,
    /// Random moves past the search tree before the evaluation judges
    /// (default: the bot's own).
    #[arg(long)]
    rollout: Option<u32>,
    #[arg(long, default_value_t = 20)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long = "option")]
    options: Vec<String>,
    #[arg(long)]
    json: bool,
}

/// What one kind of seat did over the run.
#[derive(Default)]
struct Tally {
    seats: usize,
    wins: f64,
    rank_sum: f64,
    score_sum: f64,
    decisions: Vec<f64>,
}

pub fn run(args: &Args) -> Result<i32> {
    let entry = games::find(&args.game).ok_or_else(|| anyhow!("no game '{}'", args.game))?;
    let players = args.players.unwrap_or(args.seats.len());
    if args.seats.len() != players || players == 0 {
        bail!("--seats must name one kind for each of the {players} seats");
    }
    let levels: Vec<Level> = args
        .seats
        .iter()
        .map(|k| level_of(k, args))
        .collect::<Result<_>>()?;
    let options = Options::parse_pairs(&args.options)?;
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut unfinished = 0;
    for g in 0..args.games {
        let deal = args.seed.wrapping_add((g / players) as u64);
        let rotation = g % players;
        // Seat i plays the kind `rotation` places further along the list.
        let kinds: Vec<usize> = (0..players).map(|i| (i + rotation) % players).collect();
        let mut table = (entry.new)(players, &options, deal)?;
        let times = play(table.as_mut(), &kinds, &levels, deal)?;
        let Some(outcome) = table.outcome() else {
            unfinished += 1;
            continue;
        };
        let winners = outcome.ranks.iter().filter(|&&r| r == 1).count().max(1);
        for (seat, &k) in kinds.iter().enumerate() {
            let t = tallies.entry(args.seats[k].clone()).or_default();
            t.seats += 1;
            let rank = outcome.ranks.get(seat).copied().unwrap_or(players);
            if rank == 1 {
                t.wins += 1.0 / winners as f64;
            }
            t.rank_sum += rank as f64;
            t.score_sum += outcome.scores.get(seat).copied().unwrap_or(0.0);
            t.decisions.extend(&times[seat]);
        }
    }
    if unfinished > 0 {
        eprintln!("warning: {unfinished} games did not finish and are left out");
    }
    report(args, players, &tallies);
    Ok(0)
}

fn level_of(kind: &str, args: &Args) -> Result<Level> {
    let level = Level::named(kind).ok_or_else(|| anyhow!("no bot kind '{kind}'"))?;
    let budget = match (args.budget_ms, args.iterations) {
        (Some(ms), cap) => Budget::time(Duration::from_millis(ms), cap.unwrap_or(1_000_000)),
        (None, Some(n)) => Budget::iterations(n),
        (None, None) => match level {
            Level::Ismcts(b) => b,
            _ => return Ok(level),
        },
    };
    let budget = Budget {
        rollout: args.rollout.unwrap_or(budget.rollout),
        ..budget
    };
    Ok(if kind == "hard" {
        level
    } else {
        level.with_budget(budget)
    })
}

/// One game to its end (or the move limit); the milliseconds of each
/// seat's decisions.
fn play(
    table: &mut dyn Table,
    kinds: &[usize],
    levels: &[Level],
    deal: u64,
) -> Result<Vec<Vec<f64>>> {
    let mut times = vec![Vec::new(); kinds.len()];
    // The last commands, printed if the game gets stuck (to see why).
    let mut last: std::collections::VecDeque<String> = Default::default();
    let mut run = (Seat(usize::MAX), 0usize);
    for n in 0..MOVE_LIMIT {
        if table.outcome().is_some() {
            break;
        }
        let Some(&seat) = table.to_act().first() else {
            bail!("nobody is to act in an unfinished game");
        };
        let level = levels[kinds[seat.0]];
        let t = Instant::now();
        let seed = deal.wrapping_mul(0x9E37_79B9).wrapping_add(n as u64);
        run = if run.0 == seat {
            (seat, run.1 + 1)
        } else {
            (seat, 1)
        };
        let stalled = run.1 > quipu::engine::bot::STALL_AFTER;
        let cmd = if stalled {
            table.default_command(seat)
        } else {
            table.bot_command(seat, level, seed)
        };
        let cmd = cmd.ok_or_else(|| anyhow!("{seat} is to act but has no move"))?;
        // Alone at the table (a solo game) every move is the one seat's, so
        // its run ends where it plays the rules' default (ending its turn):
        // free moves (Tawantinsuyu's trades) cannot go on for ever.
        if kinds.len() == 1 && (stalled || table.default_command(seat).as_ref() == Some(&cmd)) {
            run = (seat, 0);
        }
        times[seat.0].push(t.elapsed().as_secs_f64() * 1000.0);
        table
            .play_exact(Seat(seat.0), &cmd)
            .map_err(|e| anyhow!("the bot's '{cmd}' was refused: {e}"))?;
        if last.len() == 30 {
            last.pop_front();
        }
        last.push_back(format!("{seat}: {cmd}"));
    }
    if table.outcome().is_none() {
        eprintln!(
            "deal {deal}: stuck after {MOVE_LIMIT} moves; the last: {}",
            Vec::from(last).join(" | ")
        );
    }
    Ok(times)
}

/// The Wilson score interval at 95 % for `wins` of `n`.
fn wilson(wins: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (n as f64, 1.96);
    let p = wins / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The `q` quantile of `xs` (sorted here), 0 when empty.
fn quantile(xs: &[f64], q: f64) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let i = ((v.len() as f64 - 1.0) * q).round() as usize;
    v.get(i).copied().unwrap_or(0.0)
}

fn report(args: &Args, players: usize, tallies: &BTreeMap<String, Tally>) {
    let mut seats = serde_json::Map::new();
    for (kind, t) in tallies {
        let n = t.seats.max(1) as f64;
        let (lo, hi) = wilson(t.wins, t.seats);
        let mean_ms = t.decisions.iter().sum::<f64>() / t.decisions.len().max(1) as f64;
        seats.insert(
            kind.clone(),
            json!({
                "seats_played": t.seats,
                "wins": t.wins,
                "win_rate": t.wins / n,
                "ci95": [lo, hi],
                "mean_rank": t.rank_sum / n,
                "mean_score": t.score_sum / n,
                "ms_per_decision": mean_ms,
                "ms_median": quantile(&t.decisions, 0.5),
                "ms_p99": quantile(&t.decisions, 0.99),
            }),
        );
    }
    if args.json {
        println!(
            "{}",
            json!({ "game": args.game, "players": players, "games": args.games, "seats": seats })
        );
        return;
    }
    println!(
        "{} games of {}, {players} players, seats rotated (par {:.3})",
        args.games,
        args.game,
        1.0 / players as f64
    );
    println!(
        "{:<8} {:>6} {:>7} {:>8} {:>15} {:>9} {:>10} {:>9} {:>9} {:>9}",
        "seat",
        "played",
        "wins",
        "win_rate",
        "ci95",
        "mean_rank",
        "mean_score",
        "ms/dec",
        "ms_med",
        "ms_p99"
    );
    for (kind, v) in &seats {
        let f = |k: &str| v[k].as_f64().unwrap_or(0.0);
        println!(
            "{kind:<8} {:>6} {:>7.1} {:>8.3} {:>15} {:>9.2} {:>10.1} {:>9.1} {:>9.1} {:>9.1}",
            v["seats_played"],
            f("wins"),
            f("win_rate"),
            format!(
                "[{:.3}, {:.3}]",
                v["ci95"][0].as_f64().unwrap_or(0.0),
                v["ci95"][1].as_f64().unwrap_or(1.0)
            ),
            f("mean_rank"),
            f("mean_score"),
            f("ms_per_decision"),
            f("ms_median"),
            f("ms_p99"),
        );
    }
}
