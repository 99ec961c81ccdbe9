//! (4) Per-move time against the size of the database: replies handed
//! straight to `Service::handle_mail` (no mail server) in a database of 100
//! games and in one grown to 10,000, and the clock's tick in each.

use crate::bymail::service_config;
use crate::clone::clone_games;
use crate::support::Stack;
use crate::{Plan, GAME, SERVICE};
use quipu::engine::Rng;
use quipu::service::{token, NewGameRequest, Service};
use std::path::Path;
use std::time::Instant;

/// A reply to game `id` as `email`, straight to the service (no mail server).
fn direct_reply(
    service_addr: &str,
    secret: &str,
    id: i64,
    email: &str,
    command: &str,
    mid: &str,
) -> String {
    let (local, domain) = service_addr
        .split_once('@')
        .unwrap_or((service_addr, "example.test"));
    let to = format!("{local}+{}@{domain}", token::token(secret, id, email));
    format!(
        "From: <{email}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #{id}]\r\nMessage-ID: <{mid}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{command}\r\n"
    )
}

/// One random legal move in game `id` by mail through `handle_mail`, its
/// Message-ID made after the move is chosen: the time `handle_mail` took,
/// or `None` when no one is to act.
fn move_by_mail(
    service: &Service,
    secret: &str,
    id: i64,
    rng: &mut Rng,
    mid: impl FnOnce(&mut Rng) -> String,
) -> Option<(f64, quipu::service::MailOutcome)> {
    let email = service.to_act(id).ok()?.into_iter().next()?;
    let legal = service.legal(id, &email).unwrap_or_default();
    if legal.is_empty() {
        return None;
    }
    let cmd = legal[rng.below(legal.len())].clone();
    let mid = mid(rng);
    let raw = direct_reply(&service.config.address, secret, id, &email, &cmd, &mid);
    let t = Instant::now();
    let o = service
        .handle_mail(raw.as_bytes(), chrono::Utc::now())
        .expect("handle a reply");
    Some((t.elapsed().as_secs_f64(), o))
}

/// Makes `rounds` moves in each of `games` by mail; returns seconds per move.
fn timed_moves(
    service: &Service,
    secret: &str,
    games: &[i64],
    rounds: usize,
    seed: u64,
    tag: &str,
) -> Vec<f64> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for round in 0..rounds {
        for &id in games {
            let mid = |_: &mut Rng| format!("{tag}.{round}.{id}@players.example.test");
            if let Some((secs, o)) = move_by_mail(service, secret, id, &mut rng, mid) {
                assert_eq!(o.outcome, "applied", "a timed move was not applied: {o:?}");
                out.push(secs);
            }
        }
    }
    out
}

pub struct ScaleFigures {
    pub small_ms: f64,
    pub large_ms: f64,
    pub small_tick_ms: f64,
    pub large_tick_ms: f64,
    pub games_large: i64,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The small database: `plan.scale_small` games, each with a little history.
fn build_small(plan: &Plan, service: &Service, secret: &str, db: &Path) {
    let mut rng = Rng::new(3);
    for i in 0..plan.scale_small {
        let req = NewGameRequest {
            game: GAME.into(),
            players: vec![
                format!("s{i}a@players.example.test"),
                format!("s{i}b@players.example.test"),
            ],
            seed: Some(100 + i as u64),
            options: vec![],
            invited_by: None,
        };
        let id = service.create_game(&req, chrono::Utc::now()).expect("game");
        // A little history in every game, as in a running service.
        for _ in 0..plan.history_moves {
            let mid = |rng: &mut Rng| format!("hist.{id}.{}@players.example.test", rng.next_u64());
            if move_by_mail(service, secret, id, &mut rng, mid).is_none() {
                break;
            }
        }
    }
    let c = rusqlite::Connection::open(db).expect("db");
    c.execute_batch("UPDATE outbox SET sent_at = created_at; PRAGMA wal_checkpoint(TRUNCATE);")
        .expect("sent");
}

pub fn run_scale(plan: &Plan, stack: &Stack, dir: &Path) -> ScaleFigures {
    let secret = "bench-scale";
    let small = dir.join("scale-small.db");
    let large = dir.join("scale-large.db");
    let config = |db: &Path| service_config(stack, SERVICE, 1, db, secret);
    let t = Instant::now();
    build_small(
        plan,
        &Service::open(config(&small)).expect("db"),
        secret,
        &small,
    );
    std::fs::copy(&small, &large).expect("copy db");
    clone_games(&large, plan.scale_small, plan.scale_large);
    println!(
        "# per-move time: databases built in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let timed: Vec<i64> = (1..=20.min(plan.scale_small)).collect();
    let rounds = plan.timed_moves / timed.len();
    let mut figures = [0.0f64; 4];
    for (k, db) in [&small, &large].into_iter().enumerate() {
        let service = Service::open(config(db)).expect("db");
        // One untimed round: the first move of a game replays it (cold cache).
        timed_moves(&service, secret, &timed, 1, 5, &format!("warm{k}"));
        let v = timed_moves(&service, secret, &timed, rounds, 9, &format!("timed{k}"));
        figures[k] = mean(&v) * 1000.0;
        let t = Instant::now();
        service.tick(chrono::Utc::now()).expect("tick");
        figures[2 + k] = t.elapsed().as_secs_f64() * 1000.0;
    }
    let c = rusqlite::Connection::open(&large).expect("db");
    let games_large: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'active'",
            [],
            |r| r.get(0),
        )
        .unwrap_or(0);
    ScaleFigures {
        small_ms: figures[0],
        large_ms: figures[1],
        small_tick_ms: figures[2],
        large_tick_ms: figures[3],
        games_large,
    }
}
