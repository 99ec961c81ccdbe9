//! A game driven through the service without mail: a service on a fresh
//! database, two players reading one language, and the deterministic walk
//! the text and screen tests share (each step, the first seat to act and a
//! move picked from its legal ones by the step number).
#![allow(dead_code)]

use chrono::{DateTime, Utc};
use quipu::config::Config;
use quipu::service::{NewGameRequest, Service};
use std::path::Path;

pub const ALICE: &str = "alice@example.test";
pub const BOB: &str = "bob@example.test";

/// The fixed time every step happens at.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z")
        .map(|t| t.with_timezone(&Utc))
        .expect("a fixed time")
}

/// A service on a new database in `dir`.
pub fn service(dir: &Path) -> Service {
    Service::open(Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .expect("service opens")
}

/// A game of `game` between Alice and Bob, both reading `lang`; its id.
pub fn start(s: &Service, game: &str, lang: &str, seed: u64, options: &[&str]) -> i64 {
    for who in [ALICE, BOB] {
        s.setting(who, &format!("language {lang}"), now())
            .expect("language set");
    }
    s.create_game(
        &NewGameRequest {
            game: game.into(),
            players: vec![ALICE.into(), BOB.into()],
            seed: Some(seed),
            options: options.iter().map(|o| o.to_string()).collect(),
            ..Default::default()
        },
        now(),
    )
    .expect("game created")
}

/// Walks game `id` for at most `steps` steps: at each, `play` gets the
/// step, the first seat to act, its legal moves and the one picked (none
/// when it has none), makes it as it likes and says whether to go on. Ends
/// early when nobody is to act.
pub fn drive(
    s: &Service,
    id: i64,
    steps: usize,
    mut play: impl FnMut(usize, &str, &[String], Option<&str>) -> bool,
) {
    for step in 0..steps {
        let to_act = s.to_act(id).expect("to act");
        let Some(who) = to_act.first() else { break };
        let legal = s.legal(id, who).expect("legal moves");
        let pick = legal
            .get(step.wrapping_mul(7919) % legal.len().max(1))
            .map(String::as_str);
        if !play(step, who, &legal, pick) {
            break;
        }
    }
}
