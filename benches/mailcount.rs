//! How much mail a whole game sends each player (issue 29): for each game at
//! 2 and 4 players, a scripted whole game through the service on a real
//! SQLite file, every move a reply mail carrying the seat's token handed to
//! `Service::handle_mail` (as the daemon would), each seat's players under
//! the default settings. Counts every mail in the outbox per player: mails
//! and bytes per player per game, how many carry a picture, the median size
//! of those that do not, and the floor of the issue (no player gets more
//! than one mail per decision of theirs plus one per game end).
//! Not a timed test: a measurement to compare before and after a change.
//! Run: `cargo bench --bench mailcount` (`-- GAME` for one game; the games
//! are seeded, so two builds play the same games move for move).

use chrono::{DateTime, Duration, Utc};
use quipu::config::Config;
use quipu::engine::Rng;
use quipu::service::{NewGameRequest, Service};
use std::collections::BTreeMap;
use std::path::Path;

const GAMES: [(&str, &[&str]); 5] = [
    ("tzolkin", &[]),
    ("tikal", &[]),
    ("tawantinsuyu", &[]),
    ("cuzco", &[]),
    ("tta", &[]),
];
/// Moves after which a game counts as stuck (none is, at these seeds).
const MOVE_LIMIT: usize = 5_000;
const SEED: u64 = 29;

fn config(db: &Path) -> Config {
    Config {
        db: db.to_path_buf(),
        address: "quipu@bench.example.test".into(),
        secret: "bench-mailcount".into(),
        ..Config::default()
    }
}

/// What one player received in one game.
#[derive(Default)]
struct Tally {
    mails: usize,
    bytes: usize,
    with_picture: usize,
    decisions: usize,
}

fn reply(from: &str, to: &str, n: usize, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: game\r\nMessage-ID: <m{n}@players.bench.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// Plays one whole game by mail; returns each player's tally, the moves
/// made and whether the game ended.
fn play(game: &str, options: &[&str], players: usize) -> (Vec<Tally>, usize, bool) {
    let dir = std::env::temp_dir().join(format!(
        "quipu-mailcount-{}-{game}-{players}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench dir");
    let svc = Service::open(config(&dir.join("quipu.db"))).expect("service opens");
    let emails: Vec<String> = (0..players)
        .map(|i| format!("p{i}@bench.example.test"))
        .collect();
    let mut now: DateTime<Utc> = DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z")
        .expect("time")
        .with_timezone(&Utc);
    let id = svc
        .create_game(
            &NewGameRequest {
                game: game.into(),
                players: emails.clone(),
                seed: Some(SEED),
                options: options.iter().map(|o| o.to_string()).collect(),
                ..Default::default()
            },
            now,
        )
        .expect("game created");
    let mut rng = Rng::new(SEED);
    let mut decisions: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    let mut ended = false;
    while moves < MOVE_LIMIT {
        let to_act = svc.to_act(id).expect("to act");
        let Some(who) = to_act.first() else {
            ended = true;
            break;
        };
        // Leaving is no part of a scripted whole game.
        let legal: Vec<String> = svc
            .legal(id, who)
            .expect("legal")
            .into_iter()
            .filter(|c| c != "resign")
            .collect();
        let Some(cmd) = rng.pick(&legal).cloned() else {
            break;
        };
        let to = format!("quipu+{}@bench.example.test", svc.reply_token(id, who));
        now += Duration::minutes(3);
        let out = svc
            .handle_mail(&reply(who, &to, moves, &cmd), now)
            .expect("mail handled");
        assert_eq!(
            out.outcome.as_str(),
            "applied",
            "{game}: {cmd}: {}",
            out.reason
        );
        *decisions.entry(who.clone()).or_default() += 1;
        moves += 1;
    }
    let mut tallies: Vec<Tally> = emails.iter().map(|_| Tally::default()).collect();
    let mut plain_sizes = Vec::new();
    for row in svc.store.outbox(Some(id)).expect("outbox") {
        let Some(i) = emails.iter().position(|e| *e == row.recipient) else {
            continue;
        };
        let t = &mut tallies[i];
        t.mails += 1;
        t.bytes += row.raw.len();
        if contains(&row.raw, b"image/png") {
            t.with_picture += 1;
        } else {
            plain_sizes.push(row.raw.len());
        }
    }
    for (i, e) in emails.iter().enumerate() {
        tallies[i].decisions = decisions.get(e).copied().unwrap_or(0);
    }
    plain_sizes.sort_unstable();
    let median = plain_sizes.get(plain_sizes.len() / 2).copied().unwrap_or(0);
    report(
        game,
        players,
        moves,
        ended,
        &tallies,
        median,
        plain_sizes.len(),
    );
    let _ = std::fs::remove_dir_all(&dir);
    (tallies, moves, ended)
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn report(
    game: &str,
    players: usize,
    moves: usize,
    ended: bool,
    tallies: &[Tally],
    median_plain: usize,
    plain: usize,
) {
    let n = tallies.len() as f64;
    let mails: f64 = tallies.iter().map(|t| t.mails as f64).sum::<f64>() / n;
    let kb: f64 = tallies.iter().map(|t| t.bytes as f64).sum::<f64>() / n / 1024.0;
    let pictures: f64 = tallies.iter().map(|t| t.with_picture as f64).sum::<f64>() / n;
    let decisions: f64 = tallies.iter().map(|t| t.decisions as f64).sum::<f64>() / n;
    // The floor: mails ≤ decisions + 1 (the game end) for every player.
    let over = tallies
        .iter()
        .map(|t| t.mails as i64 - (t.decisions as i64 + 1))
        .max()
        .unwrap_or(0);
    println!(
        "{game:<13} players={players} moves={moves:<5} ended={ended:<5} decisions/player={decisions:<6.1} mails/player={mails:<6.1} KB/player={kb:<8.0} with_picture/player={pictures:<6.1} plain_mails={plain:<5} median_plain_KB={:<5.1} worst_over_floor={over}",
        median_plain as f64 / 1024.0
    );
}

fn main() {
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    for (game, options) in GAMES {
        if only.as_deref().is_some_and(|o| o != game) {
            continue;
        }
        for players in [2, 4] {
            play(game, options, players);
        }
    }
}
