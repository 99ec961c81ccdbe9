//! Issue 28: nothing a stranger sends is kept for ever. Housekeeping
//! prunes the rows of strangers' mail (ignored, rate-limited, answered),
//! the contact log and unconfirmed game requests once they are a week old,
//! and a request confirmed after its week makes no game and says so.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::Service;
use support::letters::{at, outbox_to, Letter};
use support::planted::Checked;

const SERVICE: &str = "quipu@example.test";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn service(name: &str) -> Checked {
    Checked::fresh("retention", name, SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

fn count(s: &Service, sql: &str) -> i64 {
    let c = rusqlite::Connection::open(&s.config.db).unwrap();
    c.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn reply_address(s: &Service, who: &str) -> String {
    let row = outbox_to(s, who).pop().expect("a mail");
    let raw = String::from_utf8_lossy(&row.raw).to_string();
    let line = raw
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("a Reply-To")
        .to_string();
    let start = line.find('<').map_or(0, |i| i + 1);
    line[start..].trim_end_matches('>').to_string()
}

/// Ticks the clock every half hour from `from` to `to` (housekeeping runs at 03:30).
fn tick_through(s: &Service, from: DateTime<Utc>, to: DateTime<Utc>) {
    let mut t = from;
    while t < to {
        s.tick(t).unwrap();
        t += Duration::minutes(30);
    }
}

#[test]
fn housekeeping_forgets_strangers_after_a_week() {
    let s = service("prune");
    // One stranger floods (answered once, then limited), twenty others each
    // send one, and three ask for games they never confirm.
    for i in 0..60 {
        s.handle_mail(
            &mail("flood@evil.test", SERVICE, &format!("f{i}@evil"), "help"),
            t0(),
        )
        .unwrap();
    }
    for i in 0..20 {
        s.handle_mail(
            &mail(
                &format!("s{i}@evil.test"),
                SERVICE,
                &format!("s{i}@evil"),
                "hello",
            ),
            t0(),
        )
        .unwrap();
    }
    for i in 0..3 {
        s.handle_mail(
            &mail(
                &format!("r{i}@evil.test"),
                SERVICE,
                &format!("r{i}@evil"),
                "new tikal with v@example.test",
            ),
            t0(),
        )
        .unwrap();
    }
    let inbound = count(&s, "SELECT COUNT(*) FROM inbound");
    assert_eq!(inbound, 83);
    assert!(count(&s, "SELECT COUNT(*) FROM contact_log") > 0);
    assert_eq!(count(&s, "SELECT COUNT(*) FROM game_requests"), 3);
    // Six days on, housekeeping keeps everything: the limits still look back at it.
    tick_through(&s, t0(), t0() + Duration::days(6));
    assert_eq!(count(&s, "SELECT COUNT(*) FROM inbound"), inbound);
    assert_eq!(count(&s, "SELECT COUNT(*) FROM game_requests"), 3);
    // After the week nothing of theirs is left.
    tick_through(&s, t0() + Duration::days(6), t0() + Duration::days(8));
    assert_eq!(count(&s, "SELECT COUNT(*) FROM inbound"), 0);
    assert_eq!(count(&s, "SELECT COUNT(*) FROM contact_log"), 0);
    assert_eq!(count(&s, "SELECT COUNT(*) FROM game_requests"), 0);
}

#[test]
fn a_confirmation_after_the_week_makes_no_game_and_says_so() {
    let s = service("expiry");
    let alice = "alice@example.test";
    s.handle_mail(
        &mail(alice, SERVICE, "ask@x", "new tikal with bob@example.test"),
        t0(),
    )
    .unwrap();
    let confirm_to = reply_address(&s, alice);
    let late = t0() + Duration::days(8);
    let out = s
        .handle_mail(&mail(alice, &confirm_to, "late@x", "confirm"), late)
        .unwrap();
    assert_eq!(out.outcome.to_string(), "rejected", "{}", out.reason);
    assert!(out.reason.contains("expired"), "{}", out.reason);
    assert!(s.store.games().unwrap().is_empty());
    assert!(
        outbox_to(&s, "bob@example.test").is_empty(),
        "nobody invited"
    );
    let answer = String::from_utf8_lossy(&outbox_to(&s, alice).pop().unwrap().raw).to_string();
    assert!(answer.contains("expired"), "{answer}");
}
