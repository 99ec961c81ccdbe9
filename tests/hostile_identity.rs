//! Issue 28: one mailbox, one identity. `stop`, the weekly invitation
//! limit, "a player named twice" and seats compare addresses in their
//! canonical form (domain case, IDN and punycode, quoted local parts, plus
//! tags, dots where the provider ignores them), and an address whose
//! letters mix look-alike scripts is refused. Each test asserts the mails
//! out and the outcome recorded.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::{NewGameRequest, Service};
use support::letters::{at, outbox_to, Letter};
use support::planted::Checked;

const SERVICE: &str = "quipu@example.test";
const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@bücher.example";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn service(name: &str) -> Checked {
    Checked::fresh("identity", name, SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

/// The Reply-To address of the latest mail to `who`.
fn latest_reply_address(s: &Service, who: &str) -> String {
    let row = outbox_to(s, who).pop().expect("a mail");
    let raw = String::from_utf8_lossy(&row.raw).to_string();
    let line = raw
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("a Reply-To");
    let start = line.find('<').map_or(0, |i| i + 1);
    line[start..].trim_end_matches('>').to_string()
}

/// `creator` asks for a Tikal game with `others` and, if a confirmation
/// comes, confirms it: the outcome and reason of the request.
fn request(
    s: &Service,
    creator: &str,
    others: &str,
    id: &str,
    now: DateTime<Utc>,
) -> (String, String) {
    let before = outbox_to(s, creator).len();
    let out = s
        .handle_mail(
            &mail(creator, SERVICE, id, &format!("new tikal with {others}")),
            now,
        )
        .unwrap();
    if out.outcome == "answered" && outbox_to(s, creator).len() > before {
        let confirm_to = latest_reply_address(s, creator);
        let yes = s
            .handle_mail(
                &mail(creator, &confirm_to, &format!("yes-{id}"), "confirm"),
                now,
            )
            .unwrap();
        return (yes.outcome.to_string(), yes.reason);
    }
    (out.outcome.to_string(), out.reason)
}

/// Every mail in the outbox to anyone but the creator.
fn invitations(s: &Service, creator: &str) -> Vec<String> {
    s.store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|r| r.recipient != creator)
        .map(|r| r.recipient)
        .collect()
}

#[test]
fn after_stop_no_spelling_of_the_mailbox_is_invited() {
    let s = service("stop");
    let (outcome, reason) = request(&s, ALICE, BOB, "ask0@x", t0());
    assert_eq!(outcome, "applied", "{reason}");
    assert_eq!(invitations(&s, ALICE), vec![BOB.to_string()]);
    let stop_to = latest_reply_address(&s, BOB);
    let out = s
        .handle_mail(&mail(BOB, &stop_to, "stop@x", "stop"), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    let spellings = [
        "Bob@Bücher.Example",
        "bob@xn--bcher-kva.example",
        "BOB@XN--BCHER-KVA.EXAMPLE",
        "\"bob\"@bücher.example",
        "bob+games@bücher.example",
        "bob+x@xn--bcher-kva.example",
        "\"bob+games\"@Bücher.example",
        "BOB+Q@BÜCHER.EXAMPLE",
    ];
    // Each from its own creator on its own day: no other limit stands in the way.
    for (i, spelling) in spellings.iter().enumerate() {
        let creator = format!("creator{i}@example.test");
        let day = t0() + Duration::days(30 + i as i64);
        let (outcome, reason) = request(&s, &creator, spelling, &format!("ask{i}@x"), day);
        assert_eq!(outcome, "rejected", "{spelling}: {reason}");
        assert!(
            reason.contains("asked not to be invited"),
            "{spelling}: {reason}"
        );
    }
    // Only the first invitation and the stop's answer ever went to Bob's mailbox.
    let to_bob: Vec<_> = s
        .store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|r| !r.recipient.starts_with("creator") && r.recipient != ALICE)
        .map(|r| r.recipient)
        .collect();
    assert_eq!(to_bob, vec![BOB.to_string(), BOB.to_string()]);
    // Someone else is still invited: the refusal is about Bob's mailbox.
    let (outcome, reason) = request(
        &s,
        "creator9@example.test",
        "carol@example.test",
        "ask9@x",
        t0() + Duration::days(60),
    );
    assert_eq!(outcome, "applied", "{reason}");
}

#[test]
fn the_weekly_invitation_limit_counts_the_mailbox_not_the_spelling() {
    let s = service("weekly");
    let (outcome, reason) = request(&s, ALICE, "bob.smith@gmail.com", "ask0@x", t0());
    assert_eq!(outcome, "applied", "{reason}");
    for (i, spelling) in [
        "bobsmith@gmail.com",
        "B.O.B.Smith@Gmail.com",
        "bob.smith+games@gmail.com",
        "\"bob.smith\"@gmail.com",
    ]
    .iter()
    .enumerate()
    {
        let creator = format!("creator{i}@example.test");
        let day = t0() + Duration::days(1 + i as i64);
        let (outcome, reason) = request(&s, &creator, spelling, &format!("ask{i}@x"), day);
        assert_eq!(outcome, "rejected", "{spelling}: {reason}");
        assert!(reason.contains("last week"), "{spelling}: {reason}");
    }
    assert_eq!(
        invitations(&s, ALICE)
            .iter()
            .filter(|r| !r.starts_with("creator"))
            .count(),
        1
    );
    // A week later the mailbox may be invited again, under any spelling.
    let (outcome, reason) = request(
        &s,
        "creator9@example.test",
        "bobsmith@gmail.com",
        "ask9@x",
        t0() + Duration::days(8),
    );
    assert_eq!(outcome, "applied", "{reason}");
}

#[test]
fn two_seats_for_one_mailbox_are_refused() {
    let s = service("twice");
    for (i, others) in [
        "alice+2@example.test",
        "\"Alice\"@EXAMPLE.test",
        "bob@bücher.example, bob@xn--bcher-kva.example",
    ]
    .iter()
    .enumerate()
    {
        let (outcome, reason) = request(&s, ALICE, others, &format!("twice{i}@x"), t0());
        assert_eq!(outcome, "rejected", "{others}: {reason}");
        assert!(reason.contains("named twice"), "{others}: {reason}");
    }
    assert!(s.store.games().unwrap().is_empty());
    assert!(invitations(&s, ALICE).is_empty());
    // The operator's own command is held to the same rule.
    let err = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), "alice+other@example.test".into()],
                seed: Some(1),
                ..Default::default()
            },
            t0(),
        )
        .unwrap_err();
    assert!(err.to_string().contains("named twice"), "{err}");
    // And a seat offered to another spelling of a seated player is refused.
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), BOB.into()],
                seed: Some(1),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let err = s
        .offer_seat(id, BOB, "Alice+Spare@Example.Test", t0())
        .unwrap_err();
    assert!(err.to_string().contains("one mailbox, one seat"), "{err}");
    let seats = s.store.seats(id).unwrap();
    assert_eq!(seats.len(), 2, "no offer recorded: {seats:?}");
    assert_eq!(
        s.offer_seat(id, BOB, "carol@example.test", t0()).unwrap(),
        1
    );
}

#[test]
fn an_address_of_look_alike_letters_is_refused() {
    let s = service("lookalike");
    // A Cyrillic 'а' in Latin 'alice', and a Greek 'ο' in a domain.
    for (i, fake) in ["\u{0430}lice@example.test", "carol@ex\u{03BF}mple.test"]
        .iter()
        .enumerate()
    {
        let (outcome, reason) = request(
            &s,
            "dave@example.test",
            fake,
            &format!("fake{i}@x"),
            t0() + Duration::days(i as i64 * 2),
        );
        assert_eq!(outcome, "rejected", "{fake}: {reason}");
        assert!(reason.contains("alphabets that look alike"), "{reason}");
        assert!(
            !reason.contains(fake),
            "the address is shown escaped: {reason}"
        );
        assert!(outbox_to(&s, fake).is_empty());
    }
    let err = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), "b\u{043E}b@example.test".into()],
                seed: Some(1),
                ..Default::default()
            },
            t0(),
        )
        .unwrap_err();
    assert!(err.to_string().contains("look alike"), "{err}");
    assert!(s.store.games().unwrap().is_empty());
}

/// A stranger who sends a mail first under the victim's From and the
/// Message-ID the victim's client will use (squatting it) does not make the
/// victim's real move, sent with its reply token, vanish as a duplicate:
/// the move is applied once, and the same mail fetched again is a duplicate.
#[test]
fn a_message_id_squatted_under_a_forged_from_does_not_drop_the_real_move() {
    let s = service("squat");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), "carol@example.test".into()],
                seed: Some(3),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let moves_before = s.store.move_count(id).unwrap();
    let to_alice_before = outbox_to(&s, ALICE).len();
    let legal = s.legal(id, ALICE).unwrap();
    let squat = "victim-1@client.example";
    // The stranger's forged mail to the bare address: no token, no move.
    let forged = s
        .handle_mail(&mail(ALICE, SERVICE, squat, &legal[0]), t0())
        .unwrap();
    assert_ne!(forged.outcome.to_string(), "applied");
    assert_eq!(s.store.move_count(id).unwrap(), moves_before);
    // Alice's real mail, same Message-ID, to her reply address.
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let real = s
        .handle_mail(&mail(ALICE, &to, squat, &legal[0]), t0())
        .unwrap();
    assert_eq!(real.outcome.to_string(), "applied", "{}", real.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moves_before + 1);
    // Fetched again, it is the duplicate it is, and changes nothing.
    let again = s
        .handle_mail(&mail(ALICE, &to, squat, &legal[0]), t0())
        .unwrap();
    assert_eq!(again.outcome.to_string(), "duplicate");
    assert_eq!(s.store.move_count(id).unwrap(), moves_before + 1);
    // The forged mail was answered at most once; the real move mailed nobody twice.
    assert!(outbox_to(&s, ALICE).len() <= to_alice_before + 2);
}

/// A mail that already acted in a game is never handled again, whatever
/// a later copy of it carries.
#[test]
fn a_mail_that_acted_is_a_duplicate_even_with_its_token() {
    let s = service("acted-once");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), "carol@example.test".into()],
                seed: Some(3),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let legal = s.legal(id, ALICE).unwrap();
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let first = s
        .handle_mail(&mail(ALICE, &to, "once@client.example", &legal[0]), t0())
        .unwrap();
    assert_eq!(first.outcome.to_string(), "applied", "{}", first.reason);
    let moves = s.store.move_count(id).unwrap();
    let legal = s.legal(id, ALICE).unwrap();
    let second = s
        .handle_mail(&mail(ALICE, &to, "once@client.example", &legal[0]), t0())
        .unwrap();
    assert_eq!(second.outcome.to_string(), "duplicate");
    assert_eq!(s.store.move_count(id).unwrap(), moves);
}
