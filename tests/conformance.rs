//! The shared conformance suite, run for every registered game, at every
//! player count and in every variant the game declares.
//! `QUIPU_CONFORMANCE_SEEDS` sets how many games per case (default 6).

use quipu::engine::conformance::{run, Depth};
use quipu::engine::Options;
use quipu::games::registry;

fn seeds() -> u64 {
    std::env::var("QUIPU_CONFORMANCE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(6)
}

#[test]
fn every_game_at_every_player_count_and_variant() {
    let mut failures = Vec::new();
    let mut covered = 0;
    for entry in registry() {
        let info = (entry.info)();
        let mut cases: Vec<(String, usize, usize)> = vec![(String::new(), info.min_players, info.max_players)];
        cases.extend(info.variants.iter().map(|v| (v.options.to_string(), v.min_players, v.max_players)));
        for (opts, min, max) in cases {
            let pairs: Vec<&str> = opts.split_whitespace().collect();
            let options = Options::parse_pairs(&pairs).expect("variant options are KEY=VALUE");
            for players in min..=max {
                let make = |seed| (entry.new)(players, &options, seed);
                match run(&make, 1..1 + seeds(), &Depth::default()) {
                    Ok(r) => {
                        covered += 1;
                        eprintln!("{} [{opts}] {players}p: {} games, {} moves", info.name, r.games, r.moves);
                    }
                    Err(e) => failures.push(format!("{} [{opts}] {players}p: {e}", info.name)),
                }
            }
        }
    }
    assert!(failures.is_empty(), "conformance failures:\n{}", failures.join("\n"));
    eprintln!("{covered} cases passed");
}
