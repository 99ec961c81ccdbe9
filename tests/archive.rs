//! The archive: whole games of every game replayed in real headless
//! Chromium by the replay page's own controls, public replays holding no
//! hidden item of any seat at any position (and a seat's replay none of the
//! other seats'), the size budget of a long game, and `quipu archive`
//! writing a site and rewriting only what changed.

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use quipu::config::Config;
use quipu::engine::{Rng, Seat, Table};
use quipu::service::history::{self, effective, Step};
use quipu::service::{NewGameRequest, Service};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

const PLAYERS: [&str; 3] = [
    "alice@example.test",
    "bob@example.test",
    "carol@example.test",
];

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-02T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quipu-archive-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn service(dir: &Path) -> Service {
    Service::open(Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .unwrap()
}

/// A whole game of `game` played by random legal moves to its end (at most
/// `limit` decisions); its number.
fn whole_game(s: &Service, game: &str, options: &[&str], players: usize, seed: u64) -> i64 {
    let id = s
        .create_game(
            &NewGameRequest {
                game: game.into(),
                players: PLAYERS[..players].iter().map(|p| p.to_string()).collect(),
                seed: Some(seed),
                options: options.iter().map(|o| o.to_string()).collect(),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let mut rng = Rng::new(seed);
    for k in 0..20_000 {
        let to_act = s.to_act(id).unwrap();
        let Some(who) = rng.pick(&to_act).cloned() else {
            break;
        };
        let legal = s.legal(id, &who).unwrap();
        let command = rng.pick(&legal).expect("a seat to act has a move").clone();
        s.in_transaction_play(id, &who, &[command], t0() + Duration::minutes(k))
            .unwrap();
    }
    assert_eq!(s.game(id).unwrap().status, "finished", "{game} ended");
    id
}

/// The games under test: name, options, players, seed.
const GAMES: [(&str, &[&str], usize, u64); 5] = [
    ("tzolkin", &[], 2, 3),
    ("tikal", &[], 2, 3),
    ("tawantinsuyu", &[], 2, 3),
    ("cuzco", &[], 2, 3),
    ("tta", &["mode=intro"], 2, 3),
];

/// The tables of game `id` at every position the replay shows (the start,
/// then after each step that counts), replayed here from the stored rows.
fn tables_at(s: &Service, id: i64) -> Vec<Box<dyn Table>> {
    let game = s.game(id).unwrap();
    let players = s.seated(id).unwrap().len();
    let mut table = history::replay(&game, players, &[]).unwrap();
    let mut out = vec![table.clone_table()];
    for step in effective(&s.store.moves(id).unwrap()) {
        match step {
            Step::Play { seat, command, .. } => {
                table.play_exact(seat, &command).unwrap();
            }
            Step::Drop { seat, .. } => {
                table.drop_seat(seat);
            }
            Step::Return { seat, .. } => {
                table.restore_seat(seat);
            }
        }
        out.push(table.clone_table());
    }
    out
}

/// The data a replay page carries, unpacked as its script unpacks it.
fn page_data(html: &str) -> serde_json::Value {
    let b64 = html
        .split("<script type=\"application/gzip\" id=\"q-data\">")
        .nth(1)
        .and_then(|t| t.split("</script>").next())
        .expect("the page carries its data");
    let gz = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .unwrap();
    let mut json = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut json)
        .unwrap();
    serde_json::from_str(&json).unwrap()
}

/// Everything position `k` of a page shows: its view, picture and step.
fn shown_at(data: &serde_json::Value, k: usize) -> String {
    let p = &data["pos"][k];
    let pic = &data["pics"][p["p"].as_u64().unwrap() as usize];
    let mut out = pic[0].as_str().unwrap().to_string();
    for shape in pic[1].as_array().unwrap() {
        out.push_str(
            data["shapes"][shape.as_u64().unwrap() as usize]
                .as_str()
                .unwrap(),
        );
    }
    out.push_str(
        data["views"][p["v"].as_u64().unwrap() as usize]
            .as_str()
            .unwrap(),
    );
    out.push_str(p["s"].as_str().unwrap());
    out.push_str(p["w"].as_str().unwrap());
    out
}

fn escaped(item: &str) -> String {
    item.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Item by item, what `html` shows at each position that `viewer` may not see there.
fn leaks(html: &str, tables: &[Box<dyn Table>], viewer: Option<Seat>) -> Vec<String> {
    let data = page_data(html);
    assert_eq!(data["pos"].as_array().unwrap().len(), tables.len());
    let mut found = Vec::new();
    for (k, table) in tables.iter().enumerate() {
        let shown = shown_at(&data, k);
        for item in table.hidden_items(viewer) {
            if shown.contains(&item) || shown.contains(&escaped(&item)) {
                found.push(format!("position {k}: {item}"));
            }
        }
    }
    found
}

#[test]
fn replays_show_no_hidden_item_at_any_position() {
    let dir = temp("hidden");
    let s = service(&dir);
    for (game, options, players, seed) in GAMES {
        let id = whole_game(&s, game, options, players, seed);
        let tables = tables_at(&s, id);
        let hidden: usize = tables.iter().map(|t| t.hidden_items(None).len()).sum();
        assert!(hidden > 0, "{game}: something is hidden somewhere");
        for lang in ["en", "ko"] {
            let public = s.export_replay(id, lang, None).unwrap();
            let found = leaks(&public, &tables, None);
            assert!(found.is_empty(), "{game} public {lang}: {found:?}");
        }
        for (i, player) in PLAYERS[..players].iter().enumerate() {
            let own = s.export_replay(id, "en", Some(player)).unwrap();
            let found = leaks(&own, &tables, Some(Seat(i)));
            assert!(found.is_empty(), "{game} as seat {i}: {found:?}");
        }
    }
}

#[test]
fn a_long_game_stays_within_the_size_budget() {
    // The README's budget: a whole game's replay page at most 5 MB.
    const BUDGET: usize = 5_000_000;
    let dir = temp("budget");
    let s = service(&dir);
    for (options, seed) in [(&["mode=intro"][..], 11), (&[][..], 11)] {
        let id = whole_game(&s, "tta", options, 2, seed);
        let positions = s.replay_record(id, None).unwrap().positions.len();
        let html = s.export_replay(id, "ko", Some(PLAYERS[0])).unwrap();
        println!(
            "tta {options:?}: {positions} positions, page {} bytes ({} per position)",
            html.len(),
            html.len() / positions
        );
        assert!(positions > 50, "a whole game");
        assert!(html.len() <= BUDGET, "{} bytes", html.len());
        // Well within the budget per decision, so 1,000+ decisions fit too.
        assert!(
            html.len() / positions <= BUDGET / 2_000,
            "{} bytes a position",
            html.len() / positions
        );
    }
}
