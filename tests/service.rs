//! The service without the network: real SQLite files, real MIME, a real
//! game (Tikal), mails handed to `Service::handle_mail` as they would come
//! from IMAP. Checks outcomes in the database and the outbox.

#[path = "support/driving.rs"]
mod driving;
mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::service::{NewGameRequest, Service};
use support::planted::Checked;

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn service(name: &str) -> Checked {
    let dir = std::env::temp_dir().join(format!("quipu-svc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Checked::open(&dir, "quipu@example.test")
}

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #1] Tikal\r\nMessage-ID: <{id}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n\r\nOn Sun, 22 Nov 2026, quipu <quipu@example.test> wrote:\r\n> Your turn in game #1.\r\n> place A5 r0\r\n"
    )
    .into_bytes()
}

fn new_tikal(s: &Service, now: DateTime<Utc>) -> i64 {
    s.create_game(
        &NewGameRequest {
            game: "tikal".into(),
            players: vec![ALICE.into(), BOB.into()],
            seed: Some(3),
            ..Default::default()
        },
        now,
    )
    .unwrap()
}

/// A mail's text read as sentences: the plain part wraps at 78 columns.
fn flat(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The plain-text part of a raw mail, its transfer encoding undone.
fn plain(raw: &str) -> String {
    mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .and_then(|m| m.body_text(0).map(|t| t.to_string()))
        .unwrap_or_default()
}

fn outbox_to(s: &Service, who: &str) -> Vec<(String, String)> {
    s.store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|r| r.recipient == who)
        .map(|r| {
            (
                r.kind.to_string(),
                String::from_utf8_lossy(&r.raw).to_string(),
            )
        })
        .collect()
}

#[test]
fn a_reply_with_the_token_moves_that_seat_once() {
    let s = service("token");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    // Only the seat to act is mailed at the start (a turn mail); the other
    // hears of the start in its first turn mail (the floor of issue 29).
    let to_act = s.to_act(id).unwrap();
    assert_eq!(to_act, vec![ALICE.to_string()]);
    assert_eq!(outbox_to(&s, ALICE)[0].0, "turn");
    assert!(outbox_to(&s, BOB).is_empty());
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let raw = mail(ALICE, &reply_to, "m1@client.test", &first);
    let out = s.handle_mail(&raw, t0).unwrap();
    assert_eq!((out.outcome.as_str(), out.game_id), ("applied", Some(id)));
    assert_eq!(out.reason, first);
    let moves: Vec<_> = s
        .store
        .moves(id)
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == "move")
        .collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].source, "m1@client.test");
    // The same mail again (a redelivery) changes nothing.
    let again = s.handle_mail(&raw, t0).unwrap();
    assert_eq!(again.outcome, "duplicate");
    assert_eq!(
        s.store
            .moves(id)
            .unwrap()
            .iter()
            .filter(|m| m.kind == "move")
            .count(),
        1
    );
}

/// A seat that does not act first gets no mail at the start; its first
/// mail is its first turn mail, which tells of the start ("has started",
/// the seats in order) and of the moves before it, with its token.
#[test]
fn a_seat_that_does_not_act_first_hears_of_the_start_in_its_first_turn_mail() {
    let s = service("first-turn");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    assert!(outbox_to(&s, BOB).is_empty());
    for _ in 0..30 {
        if s.to_act(id).unwrap() != vec![ALICE.to_string()] {
            break;
        }
        let legal = s.legal(id, ALICE).unwrap();
        let cmd = legal
            .iter()
            .find(|c| *c == "end")
            .unwrap_or(&legal[0])
            .clone();
        s.in_transaction_play(id, ALICE, &[cmd], t0).unwrap();
    }
    assert_eq!(s.to_act(id).unwrap(), vec![BOB.to_string()]);
    let to_bob = outbox_to(&s, BOB);
    assert_eq!(to_bob.len(), 1, "one mail: the turn mail");
    let (kind, raw) = &to_bob[0];
    assert_eq!(kind, "turn");
    let msg = mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .unwrap();
    let text = msg
        .body_text(0)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("Your turn in game #1 of Tikal."), "{text}");
    assert!(
        text.contains("Game #1 of Tikal has started. Seats in order:"),
        "{text}"
    );
    assert!(
        text.contains("ends the turn."),
        "the moves before it: {text}"
    );
    let token = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    assert!(
        msg.reply_to()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            == Some(token.as_str())
    );
}

#[test]
fn the_from_address_alone_never_moves_and_bad_tokens_are_answered() {
    let s = service("forged");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let before = s.store.move_count(id).unwrap();
    // From alice, to the bare address: no token, so no game.
    let out = s
        .handle_mail(&mail(ALICE, "quipu@example.test", "f1@x", &first), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    // Bob using alice's token moves alice's seat? No: the token is alice's, and
    // it is the token that speaks; but a mistyped token is refused.
    let bad = format!("quipu+g{id}.aaaaaaaaaaaa@example.test");
    let out = s
        .handle_mail(&mail(ALICE, &bad, "f2@x", &first), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(out.reason.contains("not valid"), "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before);
    let answers = outbox_to(&s, ALICE)
        .into_iter()
        .filter(|(k, _)| k == "answer")
        .count();
    assert_eq!(answers, 2);
}

#[test]
fn machines_are_never_answered() {
    let s = service("auto");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let rows = s.store.outbox(None).unwrap().len();
    let auto = format!(
        "From: <{ALICE}>\r\nTo: <{reply_to}>\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <a1@x>\r\n\r\nI am away.\r\n"
    );
    assert_eq!(
        s.handle_mail(auto.as_bytes(), t0).unwrap().outcome,
        "ignored"
    );
    let bounce = "From: MAILER-DAEMON@example.test\r\nTo: <quipu@example.test>\r\nSubject: Undelivered\r\nMessage-ID: <b1@x>\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b--\r\n";
    assert_eq!(
        s.handle_mail(bounce.as_bytes(), t0).unwrap().outcome,
        "ignored"
    );
    let junk: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let out = s.handle_mail(&junk, t0).unwrap();
    assert_eq!(out.outcome, "ignored");
    assert_eq!(
        s.store.outbox(None).unwrap().len(),
        rows,
        "nothing was answered"
    );
}

#[test]
fn a_turn_of_several_lines_is_all_or_nothing() {
    let s = service("atomic");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    // A near miss (a command's word with nonsense after it) is part of the turn.
    let verb = first.split(' ').next().unwrap().to_string();
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before = s.store.move_count(id).unwrap();
    let out = s
        .handle_mail(
            &mail(
                ALICE,
                &reply_to,
                "at1@x",
                &format!("{first}\n{verb} to the moon"),
            ),
            t0,
        )
        .unwrap();
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert!(
        out.reason
            .starts_with(&format!("line 2 '{verb} to the moon'")),
        "{}",
        out.reason
    );
    assert_eq!(
        s.store.move_count(id).unwrap(),
        before,
        "the good first line was not applied either"
    );
    let (kind, raw) = outbox_to(&s, ALICE).pop().unwrap();
    assert_eq!(kind, "answer");
    assert!(
        raw.contains("Closest legal commands"),
        "the answer suggests moves"
    );
    // Too many lines are refused outright.
    let many = vec![first.as_str(); 61].join("\n");
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "at2@x", &many), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(out.reason.contains("61 command lines"), "{}", out.reason);
}

#[test]
fn undo_say_and_settings() {
    let s = service("meta");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let bob_reply = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    let legal = s.legal(id, ALICE).unwrap();
    let first = legal[0].clone();
    // Placing the drawn hex reveals nothing new: it can be taken back.
    s.handle_mail(&mail(ALICE, &reply_to, "u1@x", &first), t0)
        .unwrap();
    let n = s.store.move_count(id).unwrap();
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "u2@x", "undo"), t0)
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.legal(id, ALICE).unwrap(), legal, "back where we were");
    assert_eq!(
        s.store.move_count(id).unwrap(),
        n + 1,
        "the history keeps the move and the undo"
    );
    // Ending the turn draws the next hex for bob: that cannot be taken back.
    s.handle_mail(&mail(ALICE, &reply_to, "u2b@x", &first), t0)
        .unwrap();
    s.handle_mail(&mail(ALICE, &reply_to, "u2c@x", "end"), t0)
        .unwrap();
    assert_eq!(s.to_act(id).unwrap(), vec![BOB.to_string()]);
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "u2d@x", "undo"), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert_eq!(s.to_act(id).unwrap(), vec![BOB.to_string()]);
    // Bob talks; alice hears it in her next mail.
    let out = s
        .handle_mail(&mail(BOB, &bob_reply, "u3@x", "say good luck!"), t0)
        .unwrap();
    assert_eq!(out.outcome, "answered");
    let (kind, raw) = outbox_to(&s, ALICE).pop().unwrap();
    assert_eq!(kind, "update");
    assert!(
        plain(&raw).contains("Blue (seat 2, bob@example.test) says: \u{201C}good luck!\u{201D}"),
        "{raw}"
    );
    assert!(
        !raw.contains("Content-ID"),
        "a talk mail carries no board: {raw}"
    );
    let (kind, raw) = outbox_to(&s, BOB).pop().unwrap();
    assert_eq!(kind, "answer", "bob is told his words went out");
    assert!(
        raw.contains("Sent to Red (seat 1, alice@example.test): good luck!"),
        "{raw}"
    );
    // Bob switches to Korean: a reply with only that line is answered, in
    // Korean, and his next mail is in Korean.
    let before = outbox_to(&s, BOB).len();
    let out = s
        .handle_mail(&mail(BOB, &bob_reply, "u4@x", "set language ko"), t0)
        .unwrap();
    assert_eq!(out.outcome, "answered");
    assert_eq!(out.reason, "Your language is now ko.");
    assert_eq!(s.store.find_player(BOB).unwrap().unwrap().lang, "ko");
    let answers = outbox_to(&s, BOB);
    assert_eq!(answers.len(), before + 1, "one answer to the setting");
    let (kind, raw) = answers.last().unwrap();
    assert_eq!(kind, "answer");
    let parsed = mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .unwrap();
    let text = parsed.body_text(0).unwrap();
    assert!(text.contains("설정했습니다 — 언어: 한국어"), "{text}");
    s.handle_mail(&mail(BOB, &bob_reply, "u5@x", "board"), t0)
        .unwrap();
    let (_, raw) = outbox_to(&s, BOB).pop().unwrap();
    let parsed = mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .unwrap();
    assert!(
        parsed
            .body_text(0)
            .unwrap()
            .contains("게임에서 당신의 차례입니다"),
        "Korean turn mail"
    );
}

#[test]
fn a_game_made_by_mail_starts_when_everyone_joined() {
    let s = service("lobby");
    let t0 = at("2026-11-22T10:00:00Z");
    let out = s
        .handle_mail(
            &mail(
                ALICE,
                "quipu@example.test",
                "n1@x",
                &format!("new tikal with {BOB} deadline=48h"),
            ),
            t0,
        )
        .unwrap();
    // Nothing is made until alice answers the confirmation sent to her address.
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    assert!(s.store.games().unwrap().is_empty());
    assert!(outbox_to(&s, BOB).is_empty());
    let (kind, raw) = outbox_to(&s, ALICE).pop().unwrap();
    assert_eq!(kind, "answer");
    let line = raw
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("the confirmation carries its token");
    let confirm_to = line[line.find('<').unwrap() + 1..].trim_end_matches('>');
    assert!(confirm_to.starts_with("quipu+n"), "{confirm_to}");
    let out = s
        .handle_mail(&mail(ALICE, confirm_to, "n1c@x", "confirm"), t0)
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let games = s.store.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].status, "forming");
    let id = games[0].id;
    let (kind, raw) = outbox_to(&s, BOB).pop().unwrap();
    assert_eq!(kind, "notice");
    assert!(raw.contains("invites you"));
    let bob_reply = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    let out = s
        .handle_mail(
            &mail(BOB, &bob_reply, "n2@x", "join"),
            t0 + Duration::minutes(5),
        )
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    assert_eq!(s.game(id).unwrap().status, "active");
    assert_eq!(s.to_act(id).unwrap().len(), 1);
    // The clock option went to the clock, not to the game.
    assert_eq!(s.clock_of(id).unwrap().deadline, 48 * 3600);
    let deadline = s.deadline_of(id).unwrap().unwrap();
    assert_eq!(deadline, t0 + Duration::minutes(5) + Duration::hours(48));
}

#[test]
fn a_stale_reply_is_judged_against_the_current_state() {
    let s = service("stale");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    s.handle_mail(&mail(ALICE, &reply_to, "s1@x", &first), t0)
        .unwrap();
    // The same command again, from the old mail: the hex is placed already.
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "s2@x", &first), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    let (kind, raw) = outbox_to(&s, ALICE).pop().unwrap();
    assert_eq!(kind, "answer");
    assert!(raw.contains("Nothing was applied"));
    assert!(
        raw.contains("image/png"),
        "the answer carries the current board"
    );
}

#[test]
fn two_installs_never_mint_the_same_message_id() {
    let now = at("2026-11-23T10:00:00Z");
    let (a, b) = (service("install-a"), service("install-b"));
    // The same game from the same seed at the same time: everything but the
    // install's random part is the same in both.
    new_tikal(&a, now);
    new_tikal(&b, now);
    let ids = |s: &Service| -> std::collections::BTreeSet<String> {
        s.store
            .outbox(None)
            .unwrap()
            .into_iter()
            .map(|m| m.message_id)
            .collect()
    };
    let (from_a, from_b) = (ids(&a), ids(&b));
    assert!(!from_a.is_empty());
    assert!(from_a.is_disjoint(&from_b), "{from_a:?} {from_b:?}");
    let install = a.store.install_id().unwrap();
    assert_ne!(install, b.store.install_id().unwrap());
    assert!(
        from_a.iter().all(|m| m.contains(&format!(".{install}."))),
        "{from_a:?}"
    );
    // The part is made once: the database opened again keeps it.
    let dir = std::env::temp_dir().join(format!("quipu-svc-{}-install-a", std::process::id()));
    let again = quipu::store::Store::open(&dir.join("quipu.db")).unwrap();
    assert_eq!(again.install_id().unwrap(), install);
}

#[test]
fn talk_with_a_move_goes_out_in_the_move_mails_one_per_recipient() {
    let s = service("talkmove");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before_alice = outbox_to(&s, ALICE).len();
    let before_bob = outbox_to(&s, BOB).len();
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let body = format!("{first}\nsay your move, Bob\nend");
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "t1@x", &body), t0)
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let alice = outbox_to(&s, ALICE);
    let bob = outbox_to(&s, BOB);
    // The mover hears of the move in their next turn mail (the default).
    assert_eq!(alice.len(), before_alice, "no mail to the mover");
    assert_eq!(bob.len(), before_bob + 1, "one mail to the other seat");
    let (kind, raw) = bob.last().unwrap();
    assert_eq!(kind, "turn", "bob's turn mail carries the talk");
    assert!(
        flat(&plain(raw))
            .contains("Red (seat 1, alice@example.test) says: \u{201C}your move, Bob\u{201D}"),
        "{raw}"
    );
    // A refused turn sends no talk.
    let bob_reply = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    let out = s
        .handle_mail(
            &mail(BOB, &bob_reply, "t2@x", "place Z99 r9\nsay hello"),
            t0,
        )
        .unwrap();
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert_eq!(outbox_to(&s, ALICE).len(), before_alice, "no talk relayed");
    let (_, raw) = outbox_to(&s, BOB).pop().unwrap();
    assert!(
        flat(&plain(&raw)).contains("table talk was not sent"),
        "{raw}"
    );
    // Bob's move: Alice's next turn mail tells her what she said and did.
    for n in 0..20 {
        if s.to_act(id).unwrap() != vec![BOB.to_string()] {
            break;
        }
        let legal = s.legal(id, BOB).unwrap();
        let bobs = legal.iter().find(|c| *c == "end").unwrap_or(&legal[0]);
        let out = s
            .handle_mail(&mail(BOB, &bob_reply, &format!("t3.{n}@x"), bobs), t0)
            .unwrap();
        assert_eq!(out.outcome, "applied", "{}", out.reason);
    }
    let alice = outbox_to(&s, ALICE);
    assert_eq!(alice.len(), before_alice + 1);
    let (kind, raw) = alice.last().unwrap();
    assert_eq!(kind, "turn");
    assert!(
        flat(&plain(raw)).contains("You said to the table: your move, Bob"),
        "{raw}"
    );
    assert!(raw.contains(&format!("You played: {first}")), "{raw}");
}

#[test]
fn a_refusal_suggests_only_legal_commands() {
    let s = service("suggest");
    let t0 = at("2026-11-22T10:00:00Z");
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let legal = s.legal(id, ALICE).unwrap();
    assert!(
        !legal.iter().any(|c| c == "end"),
        "ending is not legal before the hex is placed"
    );
    let out = s
        .handle_mail(&mail(ALICE, &reply_to, "e1@x", "place Z99 r9"), t0)
        .unwrap();
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    let (_, raw) = outbox_to(&s, ALICE).pop().unwrap();
    let parsed = mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .unwrap();
    let text = parsed.body_text(0).unwrap().to_string();
    let line = text
        .lines()
        .find(|l| l.starts_with("Closest legal commands:"))
        .unwrap_or_else(|| panic!("no suggestions: {text}"));
    for c in line["Closest legal commands:".len()..].split(" | ") {
        assert!(
            legal.contains(&c.trim().to_string()),
            "'{c}' is not legal: {line}"
        );
    }
    // Nor does the reason offer `end` as an example.
    let reason = text
        .lines()
        .find(|l| l.starts_with("Nothing was applied"))
        .unwrap_or_else(|| panic!("no reason: {text}"));
    assert!(!reason.contains("'end'"), "{reason}");
}

#[test]
fn every_mail_of_a_game_to_a_player_is_one_thread_and_the_sender_says_what_it_is() {
    let s = service("thread");
    let t0 = at("2026-11-22T10:00:00Z");
    s.setting(BOB, "language ko", t0).unwrap();
    let id = new_tikal(&s, t0);
    let reply_to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let bob_reply = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    s.handle_mail(&mail(ALICE, &reply_to, "h1@x", &first), t0)
        .unwrap();
    s.handle_mail(&mail(ALICE, &reply_to, "h2@x", "xyzzy"), t0)
        .unwrap();
    s.handle_mail(&mail(BOB, &bob_reply, "h3@x", "say 안녕"), t0)
        .unwrap();
    s.handle_mail(&mail(BOB, &bob_reply, "h4@x", "help"), t0)
        .unwrap();
    for (who, subject) in [(ALICE, "[quipu #1] Tikal"), (BOB, "[quipu #1] 티칼")] {
        let mut roots = std::collections::BTreeSet::new();
        let mails = outbox_to(&s, who);
        assert!(mails.len() >= 2, "{who}: {}", mails.len());
        for (kind, raw) in mails {
            let m = mail_parser::MessageParser::default()
                .parse(raw.as_bytes())
                .unwrap();
            assert_eq!(m.subject(), Some(subject), "{who} {kind}");
            let refs: Vec<String> = match m.references() {
                mail_parser::HeaderValue::Text(t) => vec![t.to_string()],
                mail_parser::HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
                _ => vec![],
            };
            roots.insert(refs.first().cloned().unwrap_or_default());
            let name = m
                .from()
                .and_then(|f| f.first())
                .and_then(|a| a.name())
                .unwrap_or("")
                .to_string();
            let says = match (kind.as_str(), who) {
                ("turn", ALICE) => "your turn",
                ("turn", _) => "당신 차례",
                ("update", ALICE) => "news",
                ("update", _) => "소식",
                _ => "",
            };
            assert!(name.contains(says), "{who} {kind}: sender '{name}'");
        }
        assert_eq!(roots.len(), 1, "{who}: one thread root, got {roots:?}");
    }
}

/// An address is one player whatever its case: a seat added as
/// `Carol@Example.test` is found, changed and told under every spelling.
#[test]
fn a_seat_is_one_address_whatever_its_case() {
    use quipu::store::{GameStatus, NewGame, SeatStatus, Store};
    let dir = std::env::temp_dir().join(format!("quipu-svc-{}-case", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&dir.join("quipu.db")).unwrap();
    let id = store
        .create_game(&NewGame {
            game: "tikal".into(),
            seed: 1,
            options: String::new(),
            clock: String::new(),
            status: GameStatus::Active,
            created_by: None,
            created_at: "2026-11-27T10:00:00Z".into(),
        })
        .unwrap();
    store
        .add_seat(id, "Carol@Example.test", None, SeatStatus::Offered)
        .unwrap();
    store
        .set_seat(id, "CAROL@example.TEST", Some(0), SeatStatus::Joined)
        .unwrap();
    store
        .note_mail_sent(id, "carol@EXAMPLE.test", "<m1@x>", 3)
        .unwrap();
    let seats = store.seats(id).unwrap();
    assert_eq!(seats.len(), 1);
    let row = &seats[0];
    assert_eq!(row.email, "carol@example.test");
    assert_eq!((row.seat, row.status), (Some(0), SeatStatus::Joined));
    assert_eq!((row.mails_sent, row.seen_move), (1, 3));
    assert_eq!(store.games_of("CAROL@EXAMPLE.TEST").unwrap(), vec![id]);
    store.forget_news(id, "Carol@example.test").unwrap();
    let row = &store.seats(id).unwrap()[0];
    assert_eq!((row.last_message_id.as_deref(), row.seen_move), (None, 0));
}

/// A seat asked to answer on another seat's turn (Through the Ages: a
/// defence against an aggression) is told whose turn it is, in its
/// language, and not "your turn"; the attacker's mails said "your turn".
#[test]
fn a_defender_is_asked_for_an_answer_on_the_attackers_turn() {
    for (lang, asked, not) in [
        ("en", "Your answer is needed in game #1 of Through the Ages (first edition), on seat {attacker}'s turn.", "Your turn"),
        ("ko", "#1 게임, {attacker}번 자리의 차례에 당신의 응답이 필요합니다.", "당신의 차례입니다"),
    ] {
        let dir = std::env::temp_dir().join(format!("quipu-svc-{}-greet-{lang}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let s = driving::service(&dir);
        let id = driving::start(&s, "tta", lang, 5, &["mode=full", "resign=off"]);
        let mut defender = None;
        driving::drive(&s, id, 2000, |_, who, legal, pick| {
            if legal.iter().any(|m| m.starts_with("defend ")) {
                defender = Some(who.to_string());
                return false;
            }
            let attack = legal.iter().find(|m| m.starts_with("attack "));
            let play = attack.map(String::as_str).or(pick);
            play.is_some_and(|m| s.play(id, who, &[m.to_string()], "cli", driving::now()).is_ok())
        });
        let defender = defender.expect("a seat was asked to defend");
        let attacker = if defender == driving::ALICE { 2 } else { 1 };
        let text_of = |r: &quipu::store::OutboxRow| {
            let msg = mail_parser::MessageParser::default().parse(&r.raw).unwrap();
            // Read as sentences: the plain part wraps at 78 columns.
            let text = msg.body_text(0).unwrap().to_string();
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        };
        let turns: Vec<_> = s.store.outbox(Some(id)).unwrap().into_iter().filter(|r| r.kind == "turn").collect();
        let last = turns.last().unwrap();
        assert_eq!(last.recipient, defender);
        let text = text_of(last);
        assert!(text.contains(&asked.replace("{attacker}", &attacker.to_string())), "{text}");
        assert!(!text.contains(not), "{text}");
        let attacker_mail = turns.iter().rev().find(|r| r.recipient != defender).unwrap();
        assert!(text_of(attacker_mail).contains(not), "the attacker's last mail said its turn");
    }
}
