//! Stale replies, on a real SQLite file through `handle_mail`: a reply to a
//! mail composed before the seat's last move applies nothing and answers
//! with the current board, asking to reply to that newer mail; the same
//! commands sent again under new Message-IDs never move twice; a reply
//! that names no mail of ours behaves as before.

use quipu::config::Config;
use quipu::mail::inbound::sent_texts;
use quipu::service::{NewGameRequest, Service};

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

fn service(name: &str) -> Service {
    let dir = std::env::temp_dir().join(format!("quipu-stale-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Service::open(Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .unwrap()
}

fn at(s: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(s)
        .unwrap()
        .with_timezone(&chrono::Utc)
}

fn reply(to: &str, id: &str, in_reply_to: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{ALICE}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #1] Tikal\r\nMessage-ID: <{id}>\r\nIn-Reply-To: <{in_reply_to}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// A two-seat Tikal game; Alice is to act. Returns (game, Alice's reply address).
fn tikal(s: &Service) -> (i64, String) {
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), BOB.into()],
                seed: Some(3),
                ..Default::default()
            },
            at("2026-11-22T09:00:00Z"),
        )
        .unwrap();
    (
        id,
        format!("quipu+{}@example.test", s.reply_token(id, ALICE)),
    )
}

/// The mails to Alice, oldest first: (Message-ID, kind, their decoded text).
fn alices_mails(s: &Service) -> Vec<(String, String, String)> {
    s.store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|r| r.recipient == ALICE)
        .map(|r| (r.message_id, r.kind, sent_texts(&r.raw).join("\n")))
        .collect()
}

#[test]
fn a_reply_to_a_mail_from_before_the_seats_move_is_confirmed_not_applied() {
    let s = service("confirm");
    let (id, to) = tikal(&s);
    let (first_mail, _, _) = alices_mails(&s).remove(0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let out = s
        .handle_mail(
            &reply(&to, "r1@x", &first_mail, &first),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let moved = s.store.move_count(id).unwrap();
    let legal_now = s.legal(id, ALICE).unwrap();
    assert!(!legal_now.is_empty(), "Alice still acts this turn");

    // The same command again under a new Message-ID, still answering the
    // first mail: nothing moves, and one answer goes, showing the board.
    for (n, msg) in ["r2@x", "r3@x"].iter().enumerate() {
        let mails_before = alices_mails(&s).len();
        let out = s
            .handle_mail(
                &reply(&to, msg, &first_mail, &first),
                at(&format!("2026-11-22T10:0{}:00Z", 5 + n)),
            )
            .unwrap();
        assert_eq!(out.outcome, "rejected", "{}", out.reason);
        assert_eq!(
            out.reason,
            format!("stale reply: the seat moved after the mail it answers; not applied: {first}")
        );
        assert_eq!(s.store.move_count(id).unwrap(), moved);
        assert_eq!(s.legal(id, ALICE).unwrap(), legal_now);
        let mails = alices_mails(&s);
        assert_eq!(mails.len(), mails_before + 1, "exactly one answer");
        let (_, kind, raw) = mails.last().unwrap();
        assert_eq!(kind, "answer");
        assert!(
            raw.contains("Nothing was applied: you answered an earlier mail"),
            "{raw}"
        );
        assert!(raw.contains("reply to this mail with them"), "{raw}");
        let sent = s.store.outbox(Some(id)).unwrap();
        let answer = &sent.last().unwrap().raw;
        assert!(
            String::from_utf8_lossy(answer).contains("image/png"),
            "the answer shows the current board's picture"
        );
    }
    assert_eq!(
        s.store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|m| m.recipient == BOB)
            .count(),
        s.store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|m| m.recipient == BOB && m.created_at.as_str() <= "2026-11-22T10:00:00Z")
            .count(),
        "Bob hears nothing of the stale replies"
    );

    // Confirming: the same kind of reply to the newest mail applies.
    let (newest, _, _) = alices_mails(&s).pop().unwrap();
    let next = legal_now[0].clone();
    let out = s
        .handle_mail(
            &reply(&to, "r4@x", &newest, &next),
            at("2026-11-22T10:10:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moved + 1);
}

#[test]
fn a_reply_naming_no_mail_of_ours_applies_as_before() {
    let s = service("unnamed");
    let (id, to) = tikal(&s);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let out = s
        .handle_mail(
            &reply(&to, "u1@x", "elsewhere@x", &first),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let next = s.legal(id, ALICE).unwrap()[0].clone();
    let before = s.store.move_count(id).unwrap();
    let out = s
        .handle_mail(
            &reply(&to, "u2@x", "elsewhere@x", &next),
            at("2026-11-22T10:05:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
}
