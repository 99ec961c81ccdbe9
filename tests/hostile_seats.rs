//! Issue 28: seats that left see nothing new. A resigned seat's `board`
//! shows the public board only (not its hand, nor what the rules' defaults
//! gave its seat after it left), a replaced seat's reply address no longer
//! works, and a withdrawn seat offer relays no talk.

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
    Checked::fresh("seats", name, SERVICE)
}

fn send(
    s: &Service,
    from: &str,
    id: i64,
    message_id: &str,
    body: &str,
    now: DateTime<Utc>,
) -> String {
    let to = format!("quipu+{}@example.test", s.reply_token(id, from));
    let out = s
        .handle_mail(&Letter::new(from, &to, message_id).body(body).raw(), now)
        .unwrap();
    format!("{} {}", out.outcome, out.reason)
}

/// The plain text of the latest mail to `who`.
fn latest_text(s: &Service, who: &str) -> String {
    let row = outbox_to(s, who).pop().expect("a mail");
    let m = mail_parser::MessageParser::default()
        .parse(&row.raw[..])
        .unwrap();
    m.body_text(0).unwrap_or_default().to_string()
}

fn create(s: &Service, game: &str, players: &[&str]) -> i64 {
    s.create_game(
        &NewGameRequest {
            game: game.into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            seed: Some(5),
            ..Default::default()
        },
        t0(),
    )
    .unwrap()
}

#[test]
fn a_resigned_seat_sees_the_public_board_only() {
    let s = service("resigned");
    let id = create(&s, "tawantinsuyu", &[ALICE, BOB, CAROL]);
    let before = send(&s, BOB, id, "b1@x", "board", t0());
    assert!(before.starts_with("answered"), "{before}");
    let seated = latest_text(&s, BOB);
    assert!(
        seated.contains("Your hand") && seated.contains("in hand:"),
        "{seated}"
    );
    let out = send(
        &s,
        BOB,
        id,
        "r1@x",
        "resign confirm",
        t0() + Duration::minutes(1),
    );
    assert!(
        out.starts_with("applied") || out.starts_with("answered"),
        "{out}"
    );
    assert_eq!(
        s.store.games().unwrap()[0].status,
        "active",
        "the game goes on"
    );
    let out = send(&s, BOB, id, "b2@x", "board", t0() + Duration::minutes(2));
    assert!(out.starts_with("answered"), "{out}");
    let left = latest_text(&s, BOB);
    assert!(
        left.contains("Tawantinsuyu"),
        "a board all the same: {left}"
    );
    assert!(!left.contains("Your hand"), "{left}");
    assert!(!left.contains("in hand:"), "{left}");
    assert!(!left.contains("army in hand"), "{left}");
}

#[test]
fn a_replaced_seat_gets_no_board_and_a_withdrawn_offer_relays_nothing() {
    let s = service("withdrawn");
    let id = create(&s, "tikal", &[ALICE, BOB]);
    // Bob's seat is offered to Carol, then to Dave: Carol's offer is withdrawn.
    s.offer_seat(id, BOB, CAROL, t0()).unwrap();
    s.offer_seat(id, BOB, "dave@example.test", t0()).unwrap();
    let heard = |who: &str| {
        outbox_to(&s, who)
            .iter()
            .filter(|r| String::from_utf8_lossy(&r.raw).contains("quipu is down, reply here"))
            .count()
    };
    let out = send(&s, CAROL, id, "c1@x", "say quipu is down, reply here", t0());
    assert!(out.starts_with("answered"), "{out}");
    for who in [ALICE, BOB, "dave@example.test"] {
        assert_eq!(heard(who), 0, "{who} heard a withdrawn offer's talk");
    }
    assert!(
        latest_text(&s, CAROL).contains("no seat"),
        "{}",
        latest_text(&s, CAROL)
    );
    assert!(s.store.moves(id).unwrap().iter().all(|m| m.kind != "say"));
    // A player at the table is heard: the refusal above is about Carol's offer.
    let out = send(&s, BOB, id, "b1@x", "say quipu is down, reply here", t0());
    assert!(out.starts_with("answered"), "{out}");
    assert_eq!(heard(ALICE), 1);
    // Once replaced, Bob's reply address shows him nothing more.
    s.replace_seat(id, BOB, CAROL, t0() + Duration::minutes(5))
        .unwrap();
    let bob_mails = outbox_to(&s, BOB).len();
    let out = send(&s, BOB, id, "b2@x", "board", t0() + Duration::minutes(6));
    assert!(out.starts_with("rejected"), "{out}");
    let after: Vec<_> = outbox_to(&s, BOB).into_iter().skip(bob_mails).collect();
    assert!(
        after
            .iter()
            .all(|r| !String::from_utf8_lossy(&r.raw).contains("Your tiles")),
        "no board for a replaced seat"
    );
}
