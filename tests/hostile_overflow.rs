//! Issue 28: no mail stops the service. Mails that used to panic the clock's
//! date arithmetic (huge durations in a game by mail) are refused at the
//! edge, and whatever still fails inside one mail's handling is recorded
//! `failed`, answered once, and the next mail is handled as usual.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::Service;
use support::letters::{at, outbox_to, Letter};
use support::planted::Checked;

const SERVICE: &str = "quipu@example.test";
const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn service(name: &str) -> Checked {
    let d = std::env::temp_dir().join(format!("quipu-overflow-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Checked::open(&d, SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

/// The Reply-To address of the latest mail to `who`.
fn latest_reply_address(s: &Service, who: &str) -> String {
    let raw = outbox_to(s, who).pop().expect("a mail").raw;
    let raw = String::from_utf8_lossy(&raw).to_string();
    let line = raw
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("a Reply-To");
    let start = line.find('<').map_or(0, |i| i + 1);
    line[start..].trim_end_matches('>').to_string()
}

/// `new … OPTION`, `confirm`, `join`: the three mails of the issue. Returns
/// the outcome of the `new` mail and, when a game was made, its status after
/// bob's join.
fn new_confirm_join(s: &Service, tag: &str, option: &str) -> (String, Option<String>) {
    let new = s
        .handle_mail(
            &mail(
                ALICE,
                SERVICE,
                &format!("new-{tag}@x"),
                &format!("new tikal with {BOB} {option}"),
            ),
            t0(),
        )
        .unwrap();
    if new.outcome != "answered" {
        return (new.outcome.to_string(), None);
    }
    let confirm_to = latest_reply_address(s, ALICE);
    let confirmed = s
        .handle_mail(
            &mail(ALICE, &confirm_to, &format!("yes-{tag}@x"), "confirm"),
            t0(),
        )
        .unwrap();
    assert_eq!(confirmed.outcome, "applied", "{option}: {confirmed:?}");
    let join_to = latest_reply_address(s, BOB);
    let joined = s
        .handle_mail(
            &mail(BOB, &join_to, &format!("join-{tag}@x"), "join"),
            t0() + Duration::minutes(1),
        )
        .unwrap();
    let game = s.store.games().unwrap().pop().unwrap();
    (
        format!("{} / join {}", new.outcome, joined.outcome),
        Some(game.status.to_string()),
    )
}

#[test]
fn an_enormous_deadline_by_mail_does_not_panic() {
    let s = service("deadline");
    let (outcome, status) = new_confirm_join(&s, "d", "deadline=100000000d");
    eprintln!("{outcome} {status:?}");
}
