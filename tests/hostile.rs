//! Every attack of issue 12 against a real SQLite database, through the
//! service as IMAP would hand it mail (and `quipu receive` for one): what
//! a stranger with nothing but the service's address can make quipu do.
//! Each test asserts the state after (unchanged where it must be), the
//! exact number of outgoing mails, and the outcome recorded.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::{NewGameRequest, Service};
use quipu::store::{GameRow, MoveRow, Player, SeatRow};
use support::letters::{at, outbox_to, Letter};
use support::planted::{self, Checked};

const SERVICE: &str = "quipu@example.test";
const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";
const MALLORY: &str = "mallory@evil.test";

fn t0() -> DateTime<Utc> {
    at("2026-11-22T10:00:00Z")
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("quipu-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn service(name: &str) -> Checked {
    Checked::open(&dir(name), SERVICE)
}

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    Letter::new(from, to, id).body(body).raw()
}

/// Everything a mail could change: games, seats, moves, players.
#[derive(Debug, PartialEq)]
struct Snapshot {
    games: Vec<GameRow>,
    seats: Vec<SeatRow>,
    moves: Vec<MoveRow>,
    players: Vec<Player>,
}

fn snapshot(s: &Service) -> Snapshot {
    let games = s.store.games().unwrap();
    let mut seats = Vec::new();
    let mut moves = Vec::new();
    for g in &games {
        seats.extend(s.store.seats(g.id).unwrap());
        moves.extend(s.store.moves(g.id).unwrap());
    }
    Snapshot {
        games,
        seats,
        moves,
        players: s.store.players().unwrap(),
    }
}

fn outbox_len(s: &Service) -> usize {
    s.store.outbox(None).unwrap().len()
}

fn mails_to(s: &Service, who: &str) -> Vec<String> {
    outbox_to(s, who)
        .into_iter()
        .map(|r| String::from_utf8_lossy(&r.raw).to_string())
        .collect()
}

/// The outcome recorded for a mail, read back from the database.
fn recorded(s: &Service, message_id: &str) -> Vec<(String, String)> {
    s.store
        .inbound_log(100_000)
        .unwrap()
        .into_iter()
        .filter(|r| r.message_id == message_id)
        .map(|r| (r.outcome.to_string(), r.reason))
        .collect()
}

/// A two-player Tikal game between alice and bob, made by the operator.
fn game(s: &Service) -> i64 {
    s.create_game(
        &NewGameRequest {
            game: "tikal".into(),
            players: vec![ALICE.into(), BOB.into()],
            seed: Some(3),
            ..Default::default()
        },
        t0(),
    )
    .unwrap()
}

fn reply_to(s: &Service, id: i64, who: &str) -> String {
    format!("quipu+{}@example.test", s.reply_token(id, who))
}

/// The Reply-To address of the latest mail to `who`.
fn latest_reply_address(s: &Service, who: &str) -> String {
    let raw = mails_to(s, who).pop().expect("a mail");
    let line = raw
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("a Reply-To");
    let start = line.find('<').map_or(0, |i| i + 1);
    line[start..].trim_end_matches('>').to_string()
}

#[test]
fn a_file_option_in_a_mail_reads_no_file_and_quotes_nothing() {
    let s = service("fileopt");
    let before = snapshot(&s);
    for (n, line) in [
        "new tzolkin with x@y.test data=/proc/self/environ",
        "new tta with x@y.test cards=/dev/zero",
        "new tikal with x@y.test tiles=/etc/passwd",
        "new tawantinsuyu with x@y.test components=/proc/self",
        "new cuzco with x@y.test board=/proc/self/environ",
    ]
    .iter()
    .enumerate()
    {
        let id = format!("file{n}@evil.test");
        let from = format!("m{n}@evil.test");
        let out = s
            .handle_mail(&mail(&from, SERVICE, &id, line), t0())
            .unwrap();
        assert_eq!(out.outcome, "rejected", "{line}: {}", out.reason);
        assert!(
            out.reason.contains("only by the operator"),
            "{}",
            out.reason
        );
        assert_eq!(recorded(&s, &id).len(), 1);
        let answers = mails_to(&s, &from);
        assert_eq!(answers.len(), 1, "one answer to {from}");
        assert!(!answers[0].contains("PATH=") && !answers[0].contains("root:"));
    }
    assert_eq!(snapshot(&s), before);
    assert_eq!(outbox_len(&s), 5);
    assert_eq!(s.store.game_request(1).unwrap(), None);
}

#[test]
fn a_file_option_through_quipu_receive_is_refused_by_name() {
    let d = dir("receive");
    let eml = d.join("attack.eml");
    std::fs::write(
        &eml,
        mail(
            MALLORY,
            SERVICE,
            "recv@evil.test",
            "new tzolkin with x@y.test data=/proc/self/environ",
        ),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .env_remove("QUIPU_CONFIG")
        .env("QUIPU_DB", d.join("quipu.db"))
        .env("QUIPU_ADDRESS", SERVICE)
        .env("QUIPU_SECRET", planted::SECRET)
        .env("QUIPU_SMTP_PASSWORD", planted::SMTP_PASSWORD)
        .args(["receive", eml.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("rejected"), "{stdout}");
    assert!(!stdout.contains(planted::SECRET), "{stdout}");
    let s = Checked::open(&d, SERVICE);
    assert!(s.store.games().unwrap().is_empty());
    let answers = mails_to(&s, MALLORY);
    assert_eq!(answers.len(), 1);
    assert!(answers[0].contains("data"));
}

#[test]
fn a_forged_from_changes_no_setting_and_no_vacation() {
    let s = service("forged");
    let id = game(&s);
    let before = snapshot(&s);
    let mails = outbox_len(&s);
    let body = "set language ko\nvacation 2026-12-01..2026-12-21\nset notify digest";
    let out = s
        .handle_mail(&mail(ALICE, SERVICE, "forged@evil.test", body), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered");
    assert_eq!(snapshot(&s), before, "nothing changed for alice");
    // One answer, to the real alice, saying a token is needed.
    assert_eq!(outbox_len(&s), mails + 1);
    assert!(mails_to(&s, ALICE)
        .pop()
        .unwrap()
        .contains("carries your token"));
    // With her token the same lines do change her settings.
    let out = s
        .handle_mail(&mail(ALICE, &reply_to(&s, id, ALICE), "real@x", body), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    let alice = s.store.find_player(ALICE).unwrap().unwrap();
    assert_eq!((alice.lang.as_str(), alice.vacation_used), ("ko", 21));
}

#[test]
fn a_token_of_another_game_or_player_is_refused() {
    let s = service("badtoken");
    let id = game(&s);
    let before = snapshot(&s);
    let mails = outbox_len(&s);
    let wrong = format!("quipu+g{id}.aaaaaaaaaaaa@example.test");
    let legal = s.legal(id, ALICE).unwrap()[0].clone();
    let out = s
        .handle_mail(&mail(ALICE, &wrong, "bad@evil.test", &legal), t0())
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert_eq!(snapshot(&s), before);
    assert_eq!(outbox_len(&s), mails + 1);
}

#[test]
fn sixty_new_lines_cause_one_confirmation_and_no_invitation() {
    let s = service("sixty");
    let body: Vec<String> = (0..60)
        .map(|i| format!("new tikal with v{i}a@x.test, v{i}b@x.test, v{i}c@x.test"))
        .collect();
    let out = s
        .handle_mail(
            &mail(MALLORY, SERVICE, "sixty@evil.test", &body.join("\n")),
            t0(),
        )
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    assert!(s.store.games().unwrap().is_empty());
    // One confirmation, to the From address only.
    let all = s.store.outbox(None).unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].recipient, MALLORY);
    assert_eq!(recorded(&s, "sixty@evil.test").len(), 1);
}

#[test]
fn a_game_by_mail_is_made_only_from_the_confirmation_and_invites_once_a_week() {
    let s = service("confirm");
    let ask = |id: &str, t| {
        s.handle_mail(
            &mail(ALICE, SERVICE, id, &format!("new tikal with {BOB}")),
            t,
        )
        .unwrap()
    };
    ask("ask1@x", t0());
    let confirm_to = latest_reply_address(&s, ALICE);
    // A forged confirmation (right request number, wrong mac) makes nothing.
    let forged = confirm_to.replacen(".", ".x", 1);
    let out = s
        .handle_mail(
            &mail(ALICE, &forged, "forged-confirm@evil.test", "confirm"),
            t0(),
        )
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(s.store.games().unwrap().is_empty());
    let out = s
        .handle_mail(&mail(ALICE, &confirm_to, "yes1@x", "confirm"), t0())
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.games().unwrap().len(), 1);
    assert_eq!(mails_to(&s, BOB).len(), 1, "one invitation");
    assert!(mails_to(&s, BOB)[0].contains("'stop'"));
    // The confirmation works once.
    let out = s
        .handle_mail(&mail(ALICE, &confirm_to, "yes2@x", "confirm"), t0())
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert_eq!(s.store.games().unwrap().len(), 1);
    // Bob never joined: a second invitation within the week is refused at the request.
    let out = ask("ask2@x", t0() + Duration::days(2));
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert!(out.reason.contains("last week"), "{}", out.reason);
    assert_eq!(mails_to(&s, BOB).len(), 1);
    // Bob says stop: the open invitation is declined and none comes again, ever.
    let bob_reply = latest_reply_address(&s, BOB);
    let out = s
        .handle_mail(
            &mail(BOB, &bob_reply, "stop@x", "stop"),
            t0() + Duration::days(3),
        )
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    assert_eq!(s.store.games().unwrap()[0].status, "abandoned");
    let bob_mails = mails_to(&s, BOB).len();
    let out = ask("ask3@x", t0() + Duration::days(30));
    assert_eq!(out.outcome, "rejected");
    assert!(
        out.reason.contains("asked not to be invited"),
        "{}",
        out.reason
    );
    assert_eq!(mails_to(&s, BOB).len(), bob_mails);
}

#[test]
fn a_stranger_gets_one_answer_a_day_however_many_mails() {
    let s = service("stranger");
    for i in 0..10 {
        let out = s
            .handle_mail(
                &mail(MALLORY, SERVICE, &format!("h{i}@evil.test"), "help"),
                t0(),
            )
            .unwrap();
        assert_eq!(out.outcome, "answered");
    }
    assert_eq!(mails_to(&s, MALLORY).len(), 1);
    s.handle_mail(
        &mail(MALLORY, SERVICE, "next-day@evil.test", "help"),
        t0() + Duration::hours(25),
    )
    .unwrap();
    assert_eq!(mails_to(&s, MALLORY).len(), 2);
    assert_eq!(s.store.inbound_log(100).unwrap().len(), 11);
}

#[test]
fn repeated_lines_in_one_mail_cause_one_mail_each() {
    let s = service("repeat");
    let id = game(&s);
    let token = reply_to(&s, id, BOB);
    let mails = outbox_len(&s);
    let mut body = Vec::new();
    for _ in 0..12 {
        body.extend([
            "vacation 2026-12-01..2026-12-03",
            "vacation off",
            "board",
            "moves",
            "say hi",
        ]);
    }
    let out = s
        .handle_mail(&mail(BOB, &token, "rep@x", &body.join("\n")), t0())
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    // One vacation (alice told once), one board, one moves, one relay of
    // the joined say lines to alice, one answer to bob.
    let new: Vec<_> = s.store.outbox(None).unwrap()[mails..].to_vec();
    let to_alice = new.iter().filter(|r| r.recipient == ALICE).count();
    let to_bob = new.iter().filter(|r| r.recipient == BOB).count();
    assert_eq!(
        (to_alice, to_bob),
        (2, 3),
        "{:?}",
        new.iter()
            .map(|r| (&r.recipient, &r.kind))
            .collect::<Vec<_>>()
    );
    let says: Vec<_> = s
        .store
        .moves(id)
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == "say")
        .collect();
    assert_eq!(says.len(), 1);
    assert_eq!(says[0].command.lines().count(), 12);
    assert_eq!(s.store.find_player(BOB).unwrap().unwrap().vacation_used, 3);
}

#[test]
fn a_player_message_id_cannot_be_taken_first_by_another_sender() {
    let s = service("preempt");
    let id = game(&s);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    // Mallory guesses the Message-ID alice's client will use.
    s.handle_mail(
        &mail(MALLORY, SERVICE, "alice-next@client.test", "help"),
        t0(),
    )
    .unwrap();
    let out = s
        .handle_mail(
            &mail(
                ALICE,
                &reply_to(&s, id, ALICE),
                "alice-next@client.test",
                &first,
            ),
            t0(),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    // The very same mail again is a duplicate and moves nothing.
    let moves = s.store.move_count(id).unwrap();
    let mails = outbox_len(&s);
    let again = s
        .handle_mail(
            &mail(
                ALICE,
                &reply_to(&s, id, ALICE),
                "alice-next@client.test",
                &first,
            ),
            t0(),
        )
        .unwrap();
    assert_eq!(again.outcome, "duplicate");
    assert_eq!(s.store.move_count(id).unwrap(), moves);
    assert_eq!(outbox_len(&s), mails);
    assert_eq!(recorded(&s, "alice-next@client.test").len(), 2);
}

#[test]
fn one_mail_from_two_processes_at_once_is_applied_once() {
    let d = dir("twice");
    let a = Checked::open(&d, SERVICE);
    let id = game(&a);
    let first = a.legal(id, ALICE).unwrap()[0].clone();
    let raw = mail(ALICE, &reply_to(&a, id, ALICE), "race@client.test", &first);
    let moves = a.store.move_count(id).unwrap();
    let outcomes: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|_| {
                let (d, raw) = (d.clone(), raw.clone());
                scope.spawn(move || {
                    let s = Checked::open(&d, SERVICE);
                    s.handle_mail(&raw, t0()).unwrap().outcome.to_string()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut outcomes = outcomes;
    outcomes.sort();
    assert_eq!(
        outcomes,
        vec!["applied".to_string(), "duplicate".to_string()]
    );
    let b = Checked::open(&d, SERVICE);
    assert_eq!(b.store.move_count(id).unwrap(), moves + 1);
}

#[test]
fn a_huge_command_line_is_refused_before_any_matching() {
    let s = service("longline");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "cuzco".into(),
                players: vec![ALICE.into(), BOB.into()],
                seed: Some(5),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let who = s.to_act(id).unwrap()[0].clone();
    let before = snapshot(&s);
    let mails = outbox_len(&s);
    let line = "place ".to_string() + &"a1 ".repeat(160_000);
    let out = s
        .handle_mail(&mail(&who, &reply_to(&s, id, &who), "long@x", &line), t0())
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(
        out.reason.contains("line 1 is longer than 300"),
        "{}",
        out.reason
    );
    assert_eq!(snapshot(&s), before);
    assert_eq!(outbox_len(&s), mails + 1);
}

#[test]
fn relayed_talk_loses_direction_overrides_and_a_finished_game_takes_none() {
    let s = service("bidi");
    let id = game(&s);
    let out = s
        .handle_mail(
            &mail(
                BOB,
                &reply_to(&s, id, BOB),
                "bidi@x",
                "say pay \u{202E}0001\u{202C} now\u{200B}",
            ),
            t0(),
        )
        .unwrap();
    assert_eq!(out.outcome, "answered");
    let said = s.store.moves(id).unwrap().pop().unwrap();
    assert_eq!(said.command, "pay 0001 now");
    assert!(!mails_to(&s, ALICE).pop().unwrap().contains('\u{202E}'));
    // Bob resigns: a two-player game ends; its record is closed.
    s.handle_mail(
        &mail(BOB, &reply_to(&s, id, BOB), "resign@x", "resign confirm"),
        t0(),
    )
    .unwrap();
    assert_eq!(s.game(id).unwrap().status, "finished");
    let before = snapshot(&s);
    for (n, line) in ["say too late", "undo", "resign", "join"]
        .iter()
        .enumerate()
    {
        s.handle_mail(
            &mail(ALICE, &reply_to(&s, id, ALICE), &format!("late{n}@x"), line),
            t0(),
        )
        .unwrap();
    }
    assert_eq!(snapshot(&s), before);
}

#[test]
fn mail_over_the_size_limit_is_answered_from_its_headers_and_not_read() {
    let s = service("oversize");
    let id = game(&s);
    let before = snapshot(&s);
    let mails = outbox_len(&s);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let body = format!("{first}\n{}", "x".repeat(600 * 1024));
    let out = s
        .handle_mail(&mail(ALICE, &reply_to(&s, id, ALICE), "big@x", &body), t0())
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(out.reason.contains("too large"), "{}", out.reason);
    assert_eq!(snapshot(&s), before);
    assert_eq!(outbox_len(&s), mails + 1);
}

#[test]
fn an_invitee_address_mail_cannot_go_to_is_refused_at_the_request() {
    let s = service("badinvitee");
    let out = s
        .handle_mail(
            &mail(
                MALLORY,
                SERVICE,
                "weird@evil.test",
                "new tikal with bad\"quote@x.test",
            ),
            t0(),
        )
        .unwrap();
    assert_eq!(out.outcome, "rejected", "{out:?}");
    assert!(out.reason.contains("not a mail address"), "{}", out.reason);
    assert_eq!(s.store.game_request(1).unwrap(), None);
    assert_eq!(outbox_len(&s), 1);
}

#[test]
fn a_mail_that_cannot_be_answered_is_recorded_failed_once() {
    let s = service("failed");
    let id = game(&s);
    let before = snapshot(&s);
    let mails = outbox_len(&s);
    // A From address the composer cannot write to: the answer fails.
    let raw = mail("a\"b@evil.test", SERVICE, "weird@evil.test", "help");
    let out = s.handle_mail(&raw, t0()).unwrap();
    assert_eq!(out.outcome, "failed", "{out:?}");
    assert_eq!(recorded(&s, "weird@evil.test").len(), 1);
    // Handled again (as after a crash before the IMAP move): recorded once still.
    let again = s.handle_mail(&raw, t0()).unwrap();
    assert_eq!(again.outcome, "duplicate");
    assert_eq!(recorded(&s, "weird@evil.test").len(), 1);
    assert_eq!(snapshot(&s), before);
    assert_eq!(outbox_len(&s), mails);
    assert_eq!(s.game(id).unwrap().status, "active");
}

#[test]
fn one_player_may_have_three_games_with_bots_at_once() {
    let s = service("bot-games");
    let day = |n: i64| t0() + Duration::days(n);
    let ask = |id: &str, t| {
        let out = s
            .handle_mail(&mail(ALICE, SERVICE, id, "new tzolkin with bot"), t)
            .unwrap();
        let to = (out.outcome == "answered").then(|| latest_reply_address(&s, ALICE));
        (out, to.unwrap_or_default())
    };
    let confirm =
        |to: &str, id: &str, t| s.handle_mail(&mail(ALICE, to, id, "confirm"), t).unwrap();
    for n in 0..2 {
        let (out, to) = ask(&format!("bots-ask{n}@x"), day(n));
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let made = confirm(&to, &format!("bots-yes{n}@x"), day(n));
        assert_eq!(made.outcome, "applied", "{}", made.reason);
    }
    // Two more asked for before either is confirmed: the limit is checked
    // again at the confirmation, so only the first of them is made.
    let (third, to3) = ask("bots-ask2@x", day(2));
    let (fourth, to4) = ask("bots-ask3@x", day(2));
    assert_eq!(third.outcome, "answered", "{}", third.reason);
    assert_eq!(fourth.outcome, "answered", "{}", fourth.reason);
    let made = confirm(&to3, "bots-yes2@x", day(2));
    assert_eq!(made.outcome, "applied", "{}", made.reason);
    let before = snapshot(&s);
    let refused = confirm(&to4, "bots-yes3@x", day(2));
    assert_eq!(refused.outcome, "rejected", "{}", refused.reason);
    assert!(
        refused.reason.contains("3 games with bots"),
        "{}",
        refused.reason
    );
    let told = mails_to(&s, ALICE).pop().unwrap();
    assert!(told.contains("Finish or resign one of them"), "{told}");
    // A new request is refused at once, and nothing changes.
    let (asked, _) = ask("bots-ask4@x", day(3));
    assert_eq!(asked.outcome, "rejected", "{}", asked.reason);
    assert!(
        asked.reason.contains("3 games with bots"),
        "{}",
        asked.reason
    );
    let after = snapshot(&s);
    assert_eq!(before.games, after.games);
    assert_eq!(before.seats, after.seats);
    assert_eq!(s.store.games().unwrap().len(), 3);
    // A game with people only is not limited.
    let out = s
        .handle_mail(
            &mail(ALICE, SERVICE, "people@x", &format!("new tikal with {BOB}")),
            day(3),
        )
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
}
