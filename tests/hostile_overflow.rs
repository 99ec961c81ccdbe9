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
    Checked::fresh("overflow", name, SERVICE)
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

/// A mail's text with quoted-printable undone (soft breaks, `=XX`).
fn quoted_printable(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw)
        .replace("=\r\n", "")
        .replace("=\n", "");
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(v) if b[i] == b'=' => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).to_string()
}

/// `new … OPTION`, `confirm`, `join`: the three mails of the issue. Returns
/// the outcome of the `new` mail and, when a game was made, its status after
/// bob's join.
fn new_confirm_join(s: &Service, tag: &str, option: &str) -> (String, Option<String>) {
    let alice = format!("{tag}.{ALICE}");
    let alice = alice.as_str();
    let new = s
        .handle_mail(
            &mail(
                alice,
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
    let confirm_to = latest_reply_address(s, alice);
    let confirmed = s
        .handle_mail(
            &mail(alice, &confirm_to, &format!("yes-{tag}@x"), "confirm"),
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
fn the_issues_durations_are_refused_in_the_readers_words_and_nothing_panics() {
    let s = service("durations");
    for (n, option) in [
        "deadline=100000000d",
        "deadline=9999999999999999s",
        "reminders=9999999999999999s",
        "deadline=3000000d",
        "deadline=367d",
        "reminders=1h,2h,3h,4h,5h,6h",
    ]
    .into_iter()
    .enumerate()
    {
        let before = s.store.games().unwrap().len();
        let (outcome, status) = new_confirm_join(&s, &format!("refused{n}"), option);
        assert_eq!(outcome, "rejected", "{option}");
        assert_eq!(status, None, "{option}");
        assert_eq!(s.store.games().unwrap().len(), before, "{option}");
        let alice = format!("refused{n}.{ALICE}");
        let answer = quoted_printable(&outbox_to(&s, &alice).pop().unwrap().raw);
        let key = option.split('=').next().unwrap();
        assert!(answer.contains(key), "{option}: {answer}");
        assert!(
            answer.contains("at most a year") || answer.contains("at most 3 reminders"),
            "{option}: {answer}"
        );
    }
    // The longest allowed still makes a game that starts.
    let (outcome, status) = new_confirm_join(&s, "year", "deadline=366d");
    assert!(outcome.starts_with("answered / join"), "{outcome}");
    assert_eq!(status.as_deref(), Some("active"));
}

#[test]
fn a_game_whose_stored_clock_overflows_fails_one_mail_and_the_next_is_answered() {
    let s = service("stored");
    let id = s
        .create_game(
            &quipu::service::NewGameRequest {
                game: "tikal".into(),
                players: vec![ALICE.into(), BOB.into()],
                seed: Some(4),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let mover = s.to_act(id).unwrap().remove(0);
    let other = if mover == ALICE { BOB } else { ALICE };
    // A clock stored before the bounds: a deadline no calendar holds.
    let db = rusqlite::Connection::open(&s.config.db).unwrap();
    db.execute(
        "UPDATE games SET clock = ?1 WHERE id = ?2",
        rusqlite::params![
            r#"{"deadline":9223372036854775807,"skip_weekends":false,"timeout":"wait","reminders":[9223372036854775807]}"#,
            id
        ],
    )
    .unwrap();
    db.execute("DELETE FROM deadlines WHERE game_id = ?1", [id])
        .unwrap();
    drop(db);
    let moves = s.store.moves(id).unwrap();
    let to = format!("quipu+{}@example.test", s.reply_token(id, &mover));
    let legal = s.legal(id, &mover).unwrap().remove(0);
    let out = s
        .handle_mail(&mail(&mover, &to, "overflow@x", &legal), t0())
        .unwrap();
    assert_eq!(out.outcome, "failed", "{out:?}");
    assert_eq!(s.store.moves(id).unwrap(), moves, "rolled back");
    let told = outbox_to(&s, &mover);
    let last = String::from_utf8_lossy(&told.last().unwrap().raw).to_string();
    assert!(last.contains("internal error"), "{last}");
    // Once only, however often the mail comes again.
    let again = s
        .handle_mail(&mail(&mover, &to, "overflow@x", &legal), t0())
        .unwrap();
    assert_eq!(again.outcome, "duplicate");
    assert_eq!(outbox_to(&s, &mover).len(), told.len());
    // The next mail is handled as ever.
    let to_other = format!("quipu+{}@example.test", s.reply_token(id, other));
    let out = s
        .handle_mail(&mail(other, &to_other, "help@x", "help"), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{out:?}");
    // The clock, too, goes on: a tick with that game due fails nothing else.
    s.tick(t0() + Duration::days(400)).unwrap();
}

/// Extreme values for any option.
const EXTREMES: [&str; 10] = [
    "",
    "0",
    "-1",
    "99999999999999999999",
    "9223372036854775807",
    "1e309",
    "on",
    "٣",
    "ﬀ",
    "\u{202E}x",
];

/// Extreme values for the clock's options.
const CLOCK_EXTREMES: [(&str, &str); 14] = [
    ("deadline", "100000000d"),
    ("deadline", "9999999999999999s"),
    ("deadline", "3000000d"),
    ("deadline", "366d"),
    ("deadline", "1s"),
    ("deadline", "0"),
    ("deadline", "-5h"),
    ("reminders", "9999999999999999s"),
    ("reminders", "366d,1s,0"),
    ("reminders", "1s,2s,3s,4s,5s,6s,7s,8s"),
    ("reminders", ",,,,"),
    ("weekends", "maybe"),
    ("timeout", "bot"),
    ("timeout", "forever"),
];

#[test]
fn every_option_of_every_game_with_extreme_values_panics_nothing_and_strands_no_game() {
    let s = service("fuzz");
    let mut n = 0;
    let mut started = 0;
    for entry in quipu::games::registry() {
        let info = (entry.info)();
        let seats = info.min_players.max(2).min(info.max_players);
        let mut cases: Vec<String> = Vec::new();
        for doc in &info.options {
            for v in doc.values.iter().copied().chain(EXTREMES) {
                cases.push(format!("{}={v}", doc.key));
            }
        }
        if info.name == "tikal" {
            cases.extend(CLOCK_EXTREMES.iter().map(|(k, v)| format!("{k}={v}")));
        }
        for option in cases {
            n += 1;
            let now = t0() + Duration::hours(2 * n);
            let creator = format!("c{n}@example.test");
            let invitees: Vec<String> = (1..seats)
                .map(|i| format!("i{n}x{i}@example.test"))
                .collect();
            let body = format!("new {} with {} {option}", info.name, invitees.join(", "));
            let new = s
                .handle_mail(&mail(&creator, SERVICE, &format!("n{n}@x"), &body), now)
                .unwrap();
            assert_ne!(new.outcome, "failed", "{body}: {new:?}");
            if new.outcome != "answered" {
                continue;
            }
            let confirm_to = latest_reply_address(&s, &creator);
            let made = s
                .handle_mail(
                    &mail(&creator, &confirm_to, &format!("y{n}@x"), "confirm"),
                    now,
                )
                .unwrap();
            assert!(
                ["applied", "rejected"].contains(&made.outcome.to_string().as_str()),
                "{body}: {made:?}"
            );
            let Some(game) = made.game_id else { continue };
            for who in &invitees {
                let to = latest_reply_address(&s, who);
                let joined = s
                    .handle_mail(&mail(who, &to, &format!("j{n}{who}"), "join"), now)
                    .unwrap();
                assert!(
                    ["applied", "answered"].contains(&joined.outcome.to_string().as_str()),
                    "{body}: {joined:?}"
                );
            }
            assert_eq!(s.game(game).unwrap().status, "active", "{body}: stuck");
            started += 1;
        }
    }
    eprintln!("{n} option values tried, {started} games started");
    assert!(started > 10);
}
