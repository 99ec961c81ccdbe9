//! The global cap on outgoing mail per hour, through the outbox's choice of
//! what to send on a real SQLite file: past the cap mail waits in order,
//! nothing is dropped, and the operator is told once per stretch over it.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::Service;
use quipu::store::{MailKind, NewMail};
use support::planted;

const OPERATOR: &str = "op@quipu.test";

fn service(name: &str, cap: i64) -> Service {
    let dir = std::env::temp_dir().join(format!("quipu-cap-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = planted::config(&dir, "play@quipu.test");
    c.operator = Some(OPERATOR.into());
    c.limits.mails_per_hour = cap;
    Service::open(c).unwrap()
}

fn at(minutes: i64) -> DateTime<Utc> {
    "2026-11-20T10:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::minutes(minutes)
}

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

fn mail(s: &Service, to: &str, id: &str, now: DateTime<Utc>) {
    s.store
        .enqueue(&NewMail {
            created_at: stamp(now),
            game_id: None,
            recipient: to.into(),
            message_id: id.into(),
            kind: MailKind::Turn,
            raw: format!("Message-ID: <{id}>\r\n\r\nhello\r\n").into_bytes(),
            plain_text: "hello".into(),
            html_text: None,
        })
        .unwrap();
}

/// One outbox pass: what it may send now, recorded as sent (the server
/// accepting everything). Returns (recipient, Message-ID) in sending order.
fn pass(s: &Service, now: DateTime<Utc>) -> Vec<(String, String)> {
    let going = s.mail_to_send(now, 100).unwrap();
    for m in &going {
        s.store.mark_handed(m.id, &stamp(now)).unwrap();
        s.store.mark_sent(m.id, &stamp(now)).unwrap();
    }
    going
        .into_iter()
        .map(|m| (m.recipient, m.message_id))
        .collect()
}

/// The players' mail among `sent` (the operator's notices left out).
fn ids(sent: &[(String, String)]) -> Vec<String> {
    sent.iter()
        .filter(|(r, _)| r != OPERATOR)
        .map(|(_, id)| id.clone())
        .collect()
}

fn notices(sent: &[(String, String)]) -> usize {
    sent.iter().filter(|(r, _)| r == OPERATOR).count()
}

#[test]
fn past_the_cap_mail_waits_in_order_and_the_operator_is_told_once() {
    let s = service("cap", 3);
    for (to, id) in [
        ("a@x.test", "a1"),
        ("b@x.test", "b1"),
        ("a@x.test", "a2"),
        ("c@x.test", "c1"),
        ("a@x.test", "a3"),
    ] {
        mail(&s, to, id, at(0));
    }
    // Three go; the other two wait; the operator hears of it in the same pass.
    let first = pass(&s, at(0));
    assert_eq!(ids(&first), ["a1", "b1", "a2"]);
    assert_eq!(notices(&first), 1);
    let notice = s
        .store
        .outbox(None)
        .unwrap()
        .into_iter()
        .find(|m| m.recipient == OPERATOR)
        .unwrap();
    let text = String::from_utf8_lossy(&notice.raw).into_owned();
    assert!(text.contains("hourly cap"), "{text}");
    planted::assert_clean(&notice.raw, &[]);
    // Still over the cap: nothing goes, more mail queues, and no second notice.
    assert!(pass(&s, at(10)).is_empty());
    mail(&s, "b@x.test", "b2", at(20));
    assert!(pass(&s, at(30)).is_empty());
    assert_eq!(s.store.unsent_count().unwrap(), 3);
    // An hour after the first sends there is room again: the waiting mail
    // goes, oldest first, and nothing was dropped.
    let later = pass(&s, at(61));
    assert_eq!(ids(&later), ["c1", "a3", "b2"]);
    assert_eq!(notices(&later), 0);
    assert_eq!(s.store.unsent_count().unwrap(), 0);
    let sent: Vec<String> = s
        .store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|m| m.recipient != OPERATOR)
        .map(|m| m.message_id)
        .collect();
    assert_eq!(sent, ["a1", "b1", "a2", "c1", "a3", "b2"]);
    // A new stretch over the cap (all three of the hour used) is told again, once.
    mail(&s, "c@x.test", "c2", at(62));
    let again = pass(&s, at(62));
    assert!(ids(&again).is_empty());
    assert_eq!(notices(&again), 1);
    assert!(pass(&s, at(63)).is_empty());
    let told = s
        .store
        .outbox(None)
        .unwrap()
        .iter()
        .filter(|m| m.recipient == OPERATOR)
        .count();
    assert_eq!(told, 2);
}

#[test]
fn a_recipients_mail_never_overtakes_under_the_cap() {
    // a1 waits for the cap; a2 queued after must not go before it, even
    // when the cap would allow exactly one more mail.
    let s = service("order", 2);
    mail(&s, "a@x.test", "a1", at(0));
    mail(&s, "b@x.test", "b1", at(0));
    mail(&s, "b@x.test", "b2", at(0));
    mail(&s, "a@x.test", "a2", at(0));
    assert_eq!(ids(&pass(&s, at(0))), ["a1", "b1"]);
    assert_eq!(ids(&pass(&s, at(61))), ["b2", "a2"]);
}
