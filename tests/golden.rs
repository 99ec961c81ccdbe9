//! The golden corpus: recorded whole games of every game, player count and
//! variant (`tests/golden/*.game`: seed, options, the canonical commands, the
//! final state's digest and the scores), replayed strictly under the current
//! engine. A rules change that alters a recorded game fails here on purpose:
//! raise the game's version in `games::RULES_VERSIONS` (games in progress go
//! on from their stored states) and record the new version's games beside
//! the old ones with `QUIPU_GOLDEN_RECORD=1 cargo test --release --test golden`;
//! recorded files are never edited.

use quipu::engine::{Options, Rng, Seat, Table};
use quipu::games::{engine_version, find, registry};
use std::path::{Path, PathBuf};

/// One recorded game.
#[derive(Debug, PartialEq)]
struct Golden {
    engine: String,
    game: String,
    options: String,
    players: usize,
    seed: u64,
    moves: Vec<(usize, String)>,
    digest: String,
    scores: Vec<String>,
}

impl Golden {
    fn to_text(&self) -> String {
        let mut out = format!(
            "engine {}\ngame {}\noptions {}\nplayers {}\nseed {}\n",
            self.engine, self.game, self.options, self.players, self.seed
        );
        for (seat, command) in &self.moves {
            out.push_str(&format!("move {seat} {command}\n"));
        }
        out.push_str(&format!(
            "digest {}\nscores {}\n",
            self.digest,
            self.scores.join(" ")
        ));
        out
    }

    fn parse(text: &str) -> Result<Golden, String> {
        let mut g = Golden {
            engine: String::new(),
            game: String::new(),
            options: String::new(),
            players: 0,
            seed: 0,
            moves: vec![],
            digest: String::new(),
            scores: vec![],
        };
        for line in text.lines() {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = |s: &str| s.parse::<u64>().map_err(|e| format!("{line}: {e}"));
            match key {
                "engine" => g.engine = rest.into(),
                "game" => g.game = rest.into(),
                "options" => g.options = rest.into(),
                "players" => g.players = number(rest)? as usize,
                "seed" => g.seed = number(rest)?,
                "move" => {
                    let (seat, command) = rest.split_once(' ').ok_or(line)?;
                    g.moves.push((number(seat)? as usize, command.into()));
                }
                "digest" => g.digest = rest.into(),
                "scores" => g.scores = rest.split(' ').map(String::from).collect(),
                _ => return Err(format!("unknown line: {line}")),
            }
        }
        Ok(g)
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn table(game: &str, options: &str, players: usize, seed: u64) -> Box<dyn Table> {
    let pairs: Vec<&str> = options.split_whitespace().collect();
    let options = Options::parse_pairs(&pairs).expect("options are KEY=VALUE");
    let entry = find(game).expect("a registered game");
    (entry.new)(players, &options, seed).expect("set up")
}

fn scores(t: &dyn Table) -> Vec<String> {
    t.outcome()
        .map(|o| o.scores.iter().map(|s| format!("{s}")).collect())
        .unwrap_or_default()
}

/// Plays a whole random game and records it.
fn record(game: &str, options: &str, players: usize, seed: u64) -> Golden {
    let mut t = table(game, options, players, seed);
    let mut rng = Rng::new(seed ^ 0x601D);
    let mut moves = Vec::new();
    while t.outcome().is_none() {
        let (seat, played) = t.play_random(&mut rng).expect("a legal move");
        moves.push((seat.0, played.command));
    }
    Golden {
        engine: engine_version(game),
        game: game.into(),
        options: options.into(),
        players,
        seed,
        moves,
        digest: t.digest().expect("a stored form"),
        scores: scores(t.as_ref()),
    }
}

/// Every game, player count and variant, as (game, options, players).
fn cases() -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for entry in registry() {
        let info = (entry.info)();
        let mut modes = vec![(String::new(), info.min_players, info.max_players)];
        modes.extend(
            info.variants
                .iter()
                .map(|v| (v.options.to_string(), v.min_players, v.max_players)),
        );
        for (options, min, max) in modes {
            for players in min..=max {
                out.push((entry.name.to_string(), options.clone(), players));
            }
        }
    }
    out
}

/// `tikal-rules-1-auction-on-3p.game`: the engine version names the game.
fn file_name(options: &str, players: usize, engine: &str) -> String {
    let mode = if options.is_empty() {
        "base".to_string()
    } else {
        options.replace([' ', '='], "-")
    };
    let version = engine
        .split(", ")
        .next()
        .unwrap_or(engine)
        .replace(' ', "-");
    format!("{version}-{mode}-{players}p.game")
}

fn corpus() -> Vec<(String, Golden)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/golden")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let g = Golden::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, g)
        })
        .collect()
}

#[test]
fn every_game_player_count_and_variant_has_a_recorded_game_of_the_current_engine() {
    if std::env::var_os("QUIPU_GOLDEN_RECORD").is_some() {
        for (game, options, players) in cases() {
            let g = record(&game, &options, players, 1);
            let name = file_name(&options, players, &g.engine);
            let path = dir().join(name);
            if !path.exists() {
                std::fs::write(path, g.to_text()).expect("writable");
            }
        }
    }
    let corpus = corpus();
    let missing: Vec<String> = cases()
        .into_iter()
        .filter(|(game, options, players)| {
            !corpus.iter().any(|(_, g)| {
                g.game == *game
                    && g.options == *options
                    && g.players == *players
                    && g.engine == engine_version(game)
            })
        })
        .map(|(g, o, p)| format!("{g} [{o}] {p}p"))
        .collect();
    assert!(missing.is_empty(), "no recorded game for {missing:?}");
}

#[test]
fn recorded_games_replay_to_their_digests_and_scores() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, g) in corpus() {
        if g.engine != engine_version(&g.game) {
            // Recorded under an older version of the rules: games of that
            // version go on from their stored states and are not replayed.
            continue;
        }
        let mut t = table(&g.game, &g.options, g.players, g.seed);
        let refused = g.moves.iter().enumerate().find_map(|(i, (seat, command))| {
            t.play_exact(Seat(*seat), command)
                .err()
                .map(|e| format!("move {} '{command}': {e}", i + 1))
        });
        if let Some(why) = refused {
            failures.push(format!("{name}: {why}"));
            continue;
        }
        if t.digest().ok().as_ref() != Some(&g.digest) {
            failures.push(format!("{name}: the final state differs"));
        }
        if scores(t.as_ref()) != g.scores {
            failures.push(format!(
                "{name}: scores {:?}, recorded {:?}",
                scores(t.as_ref()),
                g.scores
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= cases().len(), "only {checked} games checked");
}

#[test]
fn a_recorded_game_read_back_is_what_was_written() {
    let g = record("tikal", "", 2, 5);
    assert!(g.moves.len() > 10 && g.scores.len() == 2);
    assert_eq!(Golden::parse(&g.to_text()), Ok(g));
}
