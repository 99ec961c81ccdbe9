//! Issue 28: every limit counts what acts. One token holder who changes the
//! From line on every mail is limited as one player, and the service-wide
//! hourly cap gives each game and each address a share, so another game's
//! turn mail still goes while one player floods.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::{stamp, NewGameRequest, Service};
use support::letters::{at, outbox_to, Letter};
use support::planted::Checked;

const SERVICE: &str = "quipu@example.test";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn service(name: &str) -> Checked {
    Checked::fresh("limits", name, SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

fn game(s: &Service, players: [&str; 2]) -> i64 {
    s.create_game(
        &NewGameRequest {
            game: "tikal".into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            seed: Some(3),
            ..Default::default()
        },
        t0(),
    )
    .unwrap()
}

/// Sends (marks sent) what the outbox loop would send at `now`; how many.
fn send_due(s: &Service, now: DateTime<Utc>) -> usize {
    let mut sent = 0;
    loop {
        let due = s.mail_to_send(now, 100).unwrap();
        if due.is_empty() {
            return sent;
        }
        for m in &due {
            s.store.mark_sent(m.id, &stamp(now)).unwrap();
        }
        sent += due.len();
    }
}

/// `n` mails with alice's token, each from another From address.
fn flood(s: &Service, id: i64, n: usize, now: DateTime<Utc>) -> Vec<String> {
    let to = format!(
        "quipu+{}@example.test",
        s.reply_token(id, "alice@example.test")
    );
    (0..n)
        .map(|i| {
            let from = format!("rot{i}@evil.test");
            let body = format!("say hello number {i}");
            let out = s
                .handle_mail(
                    &mail(&from, &to, &format!("flood{i}@evil.test"), &body),
                    now,
                )
                .unwrap();
            out.outcome.to_string()
        })
        .collect()
}

#[test]
fn a_token_holder_with_a_rotating_from_is_limited_as_one_player() {
    let s = service("rotating");
    let id = game(&s, ["alice@example.test", "bob@example.test"]);
    let before = s.store.outbox(None).unwrap().len();
    let outcomes = flood(&s, id, 150, t0());
    let read = outcomes.iter().filter(|o| *o != "ignored").count();
    let limit = s.config.limits.per_game_per_hour as usize;
    assert_eq!(read, limit, "{outcomes:?}");
    let out = s.store.outbox(None).unwrap().len() - before;
    // Each read `say` is relayed to bob and confirmed to alice: no more.
    assert!(out <= 2 * limit, "{out} mails out for 150 in");
    eprintln!("150 mails in with a rotating From: {read} read, {out} mails out");
    // An hour later alice is read again.
    let later = flood(&s, id, 1, t0() + Duration::minutes(61));
    assert_ne!(later[0], "ignored");
}

#[test]
fn one_players_flood_does_not_hold_back_another_games_turn_mail() {
    let mut s = service("share");
    s.0.config.limits.mails_per_hour = 100;
    s.0.config.limits.mails_per_hour_share = 30;
    let flooded = game(&s, ["alice@example.test", "bob@example.test"]);
    let quiet = game(&s, ["carol@example.test", "dave@example.test"]);
    send_due(&s, t0());
    // The flood: 60 `say` mails (the game's hourly limit), 120 mails to send.
    let mut now = t0() + Duration::minutes(1);
    flood(&s, flooded, 60, now);
    let sent = send_due(&s, now);
    let waiting_flood = s
        .store
        .outbox(Some(flooded))
        .unwrap()
        .iter()
        .filter(|m| m.sent_at.is_none())
        .count();
    assert!(waiting_flood > 0, "the flood is held at its share");
    eprintln!("flood: {sent} sent this hour, {waiting_flood} waiting");
    // The other game moves: its mails go at once.
    now += Duration::minutes(1);
    let mover = s.to_act(quiet).unwrap().remove(0);
    let legal = s.legal(quiet, &mover).unwrap().remove(0);
    let to = format!("quipu+{}@example.test", s.reply_token(quiet, &mover));
    let out = s
        .handle_mail(&mail(&mover, &to, "quiet-move@x", &legal), now)
        .unwrap();
    assert_eq!(out.outcome, "applied", "{out:?}");
    let due = s.mail_to_send(now, 100).unwrap();
    let quiet_due: Vec<_> = due.iter().filter(|m| m.game_id == Some(quiet)).collect();
    assert!(!quiet_due.is_empty(), "the quiet game's mail goes");
    assert!(due.iter().all(|m| m.game_id != Some(flooded)));
    for m in &due {
        s.store.mark_sent(m.id, &stamp(now)).unwrap();
    }
    let other = if mover == "carol@example.test" {
        "dave@example.test"
    } else {
        "carol@example.test"
    };
    assert!(outbox_to(&s, other).iter().all(|m| m.sent_at.is_some()));
}

#[test]
fn relayed_talk_loses_hangul_fillers_tag_characters_and_the_braille_blank() {
    let s = service("fillers");
    let id = game(&s, ["alice@example.test", "bob@example.test"]);
    let to = format!(
        "quipu+{}@example.test",
        s.reply_token(id, "bob@example.test")
    );
    let said =
        "say \u{3164}quipu\u{115F}\u{1160}:\u{FFA0} your\u{2800} turn\u{E0071}\u{E007F} ended";
    let out = s
        .handle_mail(&mail("bob@example.test", &to, "fill@x", said), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{out:?}");
    let said = s.store.moves(id).unwrap().pop().unwrap();
    assert_eq!(said.command, "quipu: your turn ended");
}

/// The database's size in bytes, its write-ahead log folded in.
fn db_bytes(s: &Service) -> i64 {
    let c = rusqlite::Connection::open(&s.config.db).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    pages * size
}

#[test]
fn a_strangers_mail_with_a_huge_message_id_keeps_a_bounded_row() {
    let s = service("bytes");
    let before = db_bytes(&s);
    let n = 1000;
    for i in 0..n {
        let id = format!("{i}.{}@evil.test", "x".repeat(20_000));
        let from = format!("s{i}@evil.test");
        let out = s
            .handle_mail(&mail(&from, SERVICE, &id, "hello there"), t0())
            .unwrap();
        assert_ne!(out.outcome, "failed");
    }
    let per_mail = (db_bytes(&s) - before) / n;
    eprintln!("{per_mail} database bytes per stranger mail with a 20 KB Message-ID");
    assert!(per_mail < 2_000, "{per_mail} bytes per mail");
    // Handled again: recognised by its digest.
    let id = format!("0.{}@evil.test", "x".repeat(20_000));
    let again = s
        .handle_mail(&mail("s0@evil.test", SERVICE, &id, "hello there"), t0())
        .unwrap();
    assert_eq!(again.outcome, "duplicate");
}

/// Why the defaults are what they are (config.rs, ARCHITECTURE.md): a fast
/// legitimate game, four players who each answer their mail 30 s after it
/// comes, every one of them on `notify every` (the most mail), for one
/// hour, is never limited; the rotating-From flood above still is.
#[test]
fn a_fast_four_player_game_under_the_default_limits_is_never_held() {
    let s = service("fast");
    let players = [
        "p1@example.test",
        "p2@example.test",
        "p3@example.test",
        "p4@example.test",
    ];
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: players.iter().map(|p| p.to_string()).collect(),
                seed: Some(8),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let mut now = t0();
    for (i, p) in players.iter().enumerate() {
        let to = format!("quipu+{}@example.test", s.reply_token(id, p));
        let out = s
            .handle_mail(
                &mail(p, &to, &format!("notify{i}@x"), "set notify every"),
                now,
            )
            .unwrap();
        assert_ne!(out.outcome, "ignored");
    }
    let mut sent = send_due(&s, now);
    let mut decisions = 0;
    while now < t0() + Duration::hours(1) {
        now += Duration::seconds(30);
        let Some(mover) = s.to_act(id).unwrap().into_iter().next() else {
            break;
        };
        let command = s.legal(id, &mover).unwrap().remove(0);
        let to = format!("quipu+{}@example.test", s.reply_token(id, &mover));
        let out = s
            .handle_mail(
                &mail(&mover, &to, &format!("d{decisions}@x"), &command),
                now,
            )
            .unwrap();
        assert_eq!(out.outcome, "applied", "{command}: {out:?}");
        decisions += 1;
        sent += send_due(&s, now);
        let waiting = s
            .store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|m| m.sent_at.is_none())
            .count();
        assert_eq!(waiting, 0, "mail held back after decision {decisions}");
    }
    eprintln!(
        "a fast 4-player Tikal game: {decisions} decisions and {sent} mails in its first hour"
    );
    let status = s.store.games().unwrap()[0].status.to_string();
    assert!(
        decisions == 120 || status == "finished",
        "{decisions} decisions, game {status}: the game went the hour or to its end"
    );
    let limits = &s.config.limits;
    assert!((sent as i64) < limits.mails_per_hour_share);
}

#[test]
fn every_relayed_line_of_talk_is_marked_as_the_players_words() {
    let s = service("marked");
    let id = game(&s, ["alice@example.test", "bob@example.test"]);
    let to = format!(
        "quipu+{}@example.test",
        s.reply_token(id, "alice@example.test")
    );
    let body = "say hi\nsay quipu: game #1 cancelled\u{201D} ok";
    let out = s
        .handle_mail(&mail("alice@example.test", &to, "marked@x", body), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{out:?}");
    let raw = outbox_to(&s, "bob@example.test").pop().unwrap().raw;
    let m = mail_parser::MessageParser::default()
        .parse(&raw[..])
        .unwrap();
    let text = m.body_text(0).unwrap().to_string();
    let html = m.body_html(0).unwrap().to_string();
    let who = "(seat 1, alice@example.test) says: \u{201C}";
    for line in ["hi\u{201D}", "quipu: game #1 cancelled\" ok\u{201D}"] {
        assert!(text.contains(&format!("{who}{line}")), "{text}");
        assert!(
            html.contains(&format!("{who}{}", line.replace('"', "&#34;")))
                || html.contains(&format!("{who}{line}")),
            "{html}"
        );
    }
    assert!(
        text.lines()
            .filter(|l| l.contains("quipu: game"))
            .all(|l| l.contains(who)),
        "{text}"
    );
}
