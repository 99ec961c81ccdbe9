//! `quipu archive` over a database of 1,000 finished games: the first run's
//! time and the site's size, a rerun with nothing changed, and how long the
//! index page takes to load in headless Chromium (the page's own
//! navigation timing). Run with `cargo bench --bench archive`.

use chrono::{DateTime, Duration, Utc};
use quipu::config::Config;
use quipu::engine::Rng;
use quipu::service::archive::ArchiveRun;
use quipu::service::{NewGameRequest, Service};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

#[path = "support/clone.rs"]
mod clone;
use clone::clone_games;

const TOTAL: i64 = 1_000;

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-02T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// One whole game of each game, by random legal moves.
fn template(db: &Path) -> i64 {
    let s = Service::open(Config {
        db: db.to_path_buf(),
        address: "quipu@example.test".into(),
        secret: "bench-secret".into(),
        ..Config::default()
    })
    .expect("service");
    let games = [
        ("tzolkin", None),
        ("tikal", None),
        ("tawantinsuyu", None),
        ("cuzco", None),
        ("tta", Some("mode=intro")),
    ];
    for (k, (game, option)) in games.iter().enumerate() {
        let id = s
            .create_game(
                &NewGameRequest {
                    game: game.to_string(),
                    players: vec![
                        format!("ann{k}@example.test"),
                        format!("ben{k}@example.test"),
                    ],
                    seed: Some(k as u64 + 1),
                    options: option.iter().map(|o| o.to_string()).collect(),
                    ..Default::default()
                },
                t0(),
            )
            .expect("game");
        let mut rng = Rng::new(k as u64);
        for m in 0..20_000 {
            let to_act = s.to_act(id).expect("to act");
            let Some(who) = rng.pick(&to_act).cloned() else {
                break;
            };
            let legal = s.legal(id, &who).expect("legal");
            let command = rng.pick(&legal).expect("a move").clone();
            s.in_transaction_play(id, &who, &[command], t0() + Duration::minutes(m))
                .expect("move");
        }
    }
    games.len() as i64
}

fn folder_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .expect("site")
        .filter_map(|e| e.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// Milliseconds from navigation start to the end of the load event, with the
/// index's script run, as the page itself measures them.
fn index_load_ms(index: &Path) -> String {
    let probe = index.with_file_name("index-probe.html");
    let html = std::fs::read_to_string(index).expect("index");
    let script = "<script>addEventListener('load',function(){setTimeout(function(){var t=performance.getEntriesByType('navigation')[0];document.title='T'+Math.round(t.loadEventEnd)},0)});</script>";
    std::fs::write(
        &probe,
        html.replacen("</body>", &format!("{script}</body>"), 1),
    )
    .expect("probe");
    let out = Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(&probe)
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    dom.split("<title>T")
        .nth(1)
        .and_then(|t| t.split("</title>").next())
        .unwrap_or("?")
        .to_string()
}

fn main() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("quipu-bench-archive-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let db = dir.join("quipu.db");
    let made = template(&db);
    clone_games(&db, made, TOTAL);
    let s = Service::open(Config {
        db: db.clone(),
        address: "quipu@example.test".into(),
        secret: "bench-secret".into(),
        ..Config::default()
    })
    .expect("service");
    let site = dir.join("site");
    let run = ArchiveRun {
        all: false,
        lang: "en",
    };
    let started = Instant::now();
    let first = s.write_archive(&site, &run).expect("archive");
    let first_time = started.elapsed();
    let started = Instant::now();
    let again = s.write_archive(&site, &run).expect("archive again");
    let again_time = started.elapsed();
    let index = site.join("index.html");
    println!(
        "archive of {TOTAL} finished games: {} pages in {:.1} s ({:.1} ms a game), site {} bytes ({} a page), index {} bytes",
        first.written,
        first_time.as_secs_f64(),
        first_time.as_secs_f64() * 1000.0 / first.written.max(1) as f64,
        folder_bytes(&site),
        folder_bytes(&site) / first.written.max(1) as u64,
        std::fs::metadata(&index).map(|m| m.len()).unwrap_or(0)
    );
    println!(
        "rerun, nothing changed: {} written, {} unchanged in {:.2} s",
        again.written,
        again.unchanged,
        again_time.as_secs_f64()
    );
    println!(
        "index page loaded in Chromium in {} ms",
        index_load_ms(&index)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
