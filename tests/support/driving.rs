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

/// A reply by the seat to act to its newest mail of game `id`: the first
/// legal move, to the mail's Reply-To, naming the mail it answers.
pub fn reply_to_turn(s: &Service, id: i64, mid: &str) -> Vec<u8> {
    reply_to_newest(s, id, mid, None)
}

/// A reply by the seat to act to its newest mail of game `id`, carrying
/// `body` (the first legal move when `None`).
pub fn reply_to_newest(s: &Service, id: i64, mid: &str, body: Option<&str>) -> Vec<u8> {
    let who = s.to_act(id).expect("to act")[0].clone();
    let legal = s.legal(id, &who).expect("legal");
    let sent = s.store.outbox(Some(id)).expect("outbox");
    let last = sent
        .iter()
        .rev()
        .find(|r| r.recipient == who)
        .expect("a mail to the seat to act");
    let parsed = mail_parser::MessageParser::default()
        .parse(&last.raw)
        .expect("our own mail parses");
    let reply_to = parsed
        .reply_to()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .expect("a Reply-To")
        .to_string();
    format!(
        "From: <{who}>\r\nTo: <{reply_to}>\r\nSubject: Re: [quipu #{id}]\r\nMessage-ID: <{mid}>\r\nIn-Reply-To: <{sent}>\r\nReferences: <{sent}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{cmd}\r\n",
        sent = last.message_id,
        cmd = body.unwrap_or(&legal[0]),
    )
    .into_bytes()
}
