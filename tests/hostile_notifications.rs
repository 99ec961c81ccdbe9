//! Issue 28: no free notifications. A vacation costs its days when it is
//! set (`vacation off` the same day gives none back), co-players hear of a
//! player's vacation changes once a day at most, and invitations to
//! addresses that never joined have a service-wide hourly cap. Mails in,
//! mails out.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::{NewGameRequest, Service};
use support::letters::{at, outbox_to, Letter};
use support::planted::Checked;

const SERVICE: &str = "quipu@example.test";
const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";
const CAROL: &str = "carol@example.test";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn service(name: &str) -> Checked {
    Checked::fresh("notif", name, SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

fn vacation_news(s: &Service, who: &str) -> usize {
    outbox_to(s, who)
        .iter()
        .filter(|r| {
            let raw = String::from_utf8_lossy(&r.raw);
            raw.contains("on vacation") || raw.contains("back from vacation")
        })
        .count()
}

#[test]
fn vacation_on_and_off_costs_days_and_tells_the_table_once_a_day() {
    let s = service("vacation");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), BOB.into(), CAROL.into()],
                seed: Some(2),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    // 40 mails: a six-day vacation set and called off, twenty times.
    for i in 0..20 {
        let now = t0() + Duration::seconds(2 * i);
        s.handle_mail(
            &mail(
                ALICE,
                &to,
                &format!("on{i}@x"),
                "vacation 2026-11-25..2026-11-30",
            ),
            now,
        )
        .unwrap();
        s.handle_mail(&mail(ALICE, &to, &format!("off{i}@x"), "vacation off"), now)
            .unwrap();
    }
    // Three vacations fit in the 21 days; nothing came back on `off`.
    let alice = s.store.find_player(ALICE).unwrap().unwrap();
    assert_eq!(alice.vacation_used, 18);
    assert_eq!(alice.vacation_from, None);
    // The table heard of it once.
    assert_eq!(vacation_news(&s, BOB), 1);
    assert_eq!(vacation_news(&s, CAROL), 1);
    // A day later a change is news again (and the last 3 days still fit).
    let later = t0() + Duration::days(1) + Duration::minutes(1);
    let out = s
        .handle_mail(
            &mail(ALICE, &to, "later@x", "vacation 2026-11-28..2026-11-30"),
            later,
        )
        .unwrap();
    assert_eq!(out.outcome.to_string(), "answered", "{}", out.reason);
    assert_eq!(vacation_news(&s, BOB), 2);
    assert_eq!(
        s.store.find_player(ALICE).unwrap().unwrap().vacation_used,
        21
    );
}

#[test]
fn invitations_to_strangers_stop_at_the_hourly_cap() {
    let s = service("invitations");
    let confirm_to = |who: &str| {
        let row = outbox_to(&s, who).pop().expect("a confirmation");
        let raw = String::from_utf8_lossy(&row.raw).to_string();
        let line = raw
            .lines()
            .find_map(|l| l.strip_prefix("Reply-To: "))
            .expect("a Reply-To")
            .to_string();
        let start = line.find('<').map_or(0, |i| i + 1);
        line[start..].trim_end_matches('>').to_string()
    };
    let invited = |s: &Service| {
        s.store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|r| r.recipient.starts_with("guest"))
            .count()
    };
    // Twelve strangers each ask for a game with three new addresses.
    let mut refused = 0;
    for i in 0..12 {
        let creator = format!("creator{i}@example.test");
        let guests: Vec<String> = (0..3)
            .map(|g| format!("guest{i}-{g}@example.test"))
            .collect();
        let now = t0() + Duration::seconds(i);
        let out = s
            .handle_mail(
                &mail(
                    &creator,
                    SERVICE,
                    &format!("ask{i}@x"),
                    &format!("new tikal with {}", guests.join(", ")),
                ),
                now,
            )
            .unwrap();
        if out.outcome == "rejected" {
            assert!(out.reason.contains("this hour"), "{}", out.reason);
            refused += 1;
            continue;
        }
        let yes = s
            .handle_mail(
                &mail(
                    &creator,
                    &confirm_to(&creator),
                    &format!("yes{i}@x"),
                    "confirm",
                ),
                now,
            )
            .unwrap();
        assert_eq!(yes.outcome.to_string(), "applied", "{}", yes.reason);
    }
    assert_eq!(invited(&s), 30, "the default cap");
    assert_eq!(refused, 2);
    // An hour later invitations go again.
    let later = t0() + Duration::hours(1) + Duration::minutes(1);
    let out = s
        .handle_mail(
            &mail(
                "late@example.test",
                SERVICE,
                "late@x",
                "new tikal with guestlate@example.test",
            ),
            later,
        )
        .unwrap();
    assert_eq!(out.outcome.to_string(), "answered", "{}", out.reason);
    s.handle_mail(
        &mail(
            "late@example.test",
            &confirm_to("late@example.test"),
            "late-yes@x",
            "confirm",
        ),
        later,
    )
    .unwrap();
    assert_eq!(invited(&s), 31);
}
