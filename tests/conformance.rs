//! The shared conformance suite, run for every registered game, at every
//! player count and in every variant the game declares. One test per game,
//! so that games run in parallel and fail separately.
//! `QUIPU_CONFORMANCE_SEEDS` sets how many games per case (default 6).

use quipu::engine::conformance::{run, Depth};
use quipu::engine::Options;
use quipu::games::{find, registry};

fn seeds() -> u64 {
    std::env::var("QUIPU_CONFORMANCE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

fn conforms(name: &str) {
    let entry = find(name).unwrap_or_else(|| panic!("{name} is not registered"));
    let info = (entry.info)();
    let mut failures = Vec::new();
    let mut cases: Vec<(String, usize, usize)> =
        vec![(String::new(), info.min_players, info.max_players)];
    cases.extend(
        info.variants
            .iter()
            .map(|v| (v.options.to_string(), v.min_players, v.max_players)),
    );
    for (opts, min, max) in cases {
        let pairs: Vec<&str> = opts.split_whitespace().collect();
        let options = Options::parse_pairs(&pairs).expect("variant options are KEY=VALUE");
        for players in min..=max {
            let make = |seed| (entry.new)(players, &options, seed);
            match run(&make, 1..1 + seeds(), &Depth::default()) {
                Ok(r) => eprintln!(
                    "{name} [{opts}] {players}p: {} games, {} moves",
                    r.games, r.moves
                ),
                Err(e) => failures.push(format!("{name} [{opts}] {players}p: {e}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "conformance failures:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_registered_game_has_a_conformance_test_here() {
    let names: Vec<&str> = registry().iter().map(|e| e.name).collect();
    assert_eq!(names, ["tzolkin", "tikal", "tawantinsuyu", "cuzco", "tta"]);
}

#[test]
fn tzolkin() {
    conforms("tzolkin");
}

#[test]
fn tikal() {
    conforms("tikal");
}

#[test]
fn tawantinsuyu() {
    conforms("tawantinsuyu");
}

#[test]
fn cuzco() {
    conforms("cuzco");
}

#[test]
fn tta() {
    conforms("tta");
}
