//! The mail reader (`mail::inbound::read`) on its own, two tools in one:
//!
//! - `cargo bench --bench inbound`: throughput over the mails of
//!   `tests/mail` (mails and megabytes read per second);
//! - `cargo bench --bench inbound -- fuzz [ROUNDS] [SEED]`: the mutation
//!   fuzzing of `tests/inbound.rs` for as long as wanted (default 100,000
//!   mutated mails from seed 7); it stops at the first input that breaks
//!   what must hold for any mail, and says which round and seed.

#[path = "../tests/support/mutate.rs"]
mod mutate;

use mutate::{check_invariants, fixture_mails, mutate, Rng};
use quipu::mail::inbound::read;
use std::time::Instant;

const THROUGHPUT_ROUNDS: usize = 200;

fn main() {
    // `cargo bench` passes `--bench`; the words after `--` choose the tool.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    match args.first().map(String::as_str) {
        Some("fuzz") => {
            let rounds = number(args.get(1), 100_000);
            let seed = number(args.get(2), 7);
            fuzz(rounds, seed as u64);
        }
        _ => throughput(),
    }
}

fn number(arg: Option<&String>, default: usize) -> usize {
    match arg {
        None => default,
        Some(a) => a
            .replace(['_', ','], "")
            .parse()
            .unwrap_or_else(|_| panic!("'{a}' is not a number")),
    }
}

/// Reads every fixture `THROUGHPUT_ROUNDS` times.
fn throughput() {
    let mails = fixture_mails();
    let bytes: usize = mails.iter().map(Vec::len).sum();
    let start = Instant::now();
    let mut commands = 0;
    for _ in 0..THROUGHPUT_ROUNDS {
        for mail in &mails {
            commands += read(mail).commands.len();
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let count = THROUGHPUT_ROUNDS * mails.len();
    println!(
        "# mail reader over tests/mail: {} mails, {} KB, {} rounds",
        mails.len(),
        bytes / 1024,
        THROUGHPUT_ROUNDS
    );
    println!(
        "mails={count} commands_per_round={} seconds={seconds:.3} mails_per_s={:.0} mb_per_s={:.1}",
        commands / THROUGHPUT_ROUNDS,
        count as f64 / seconds,
        (THROUGHPUT_ROUNDS * bytes) as f64 / seconds / 1e6
    );
}

/// `rounds` mutated fixtures from `seed`, each checked.
fn fuzz(rounds: usize, seed: u64) {
    let bases = fixture_mails();
    let mut rng = Rng(seed | 1);
    let start = Instant::now();
    for i in 0..rounds {
        let base = &bases[i % bases.len()];
        let raw = mutate(&mut rng, base);
        let checked = std::panic::catch_unwind(|| check_invariants(&raw, &read(&raw)));
        if checked.is_err() {
            eprintln!("round {i} of seed {seed} breaks the reader's invariants");
            std::process::exit(1);
        }
    }
    println!(
        "fuzz_rounds={rounds} seed={seed} seconds={:.1}: every mutated mail read within the invariants",
        start.elapsed().as_secs_f64()
    );
}
