//! A flood of forged mail through the real Postfix + Dovecot stack while a
//! real game goes on: 500 mails from 500 From addresses (game requests with
//! file options, settings and vacations for a player, help) cause at most
//! the configured number of answers, change nothing, and the players' game
//! moves on through it.

mod support;

use quipu::config::Config;
use quipu::store::Store;
use std::time::{Duration, Instant};
use support::{reply, Mailbox, Quipu, Stack};

const FORGED: usize = 500;

fn plain(from: &str, to: &str, body: &str, mid: &str) -> String {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: hi\r\nMessage-ID: <{mid}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
}

#[test]
fn five_hundred_forged_mails_cause_bounded_mail_and_the_game_goes_on() {
    let stack = Stack::get();
    stack.purge_inbox("play");
    let mut q = Quipu::new(&stack, "play");
    let (erin, frank) = (stack.addr("erin"), stack.addr("frank"));
    q.serve();
    let players = format!("{erin},{frank}");
    let id: i64 = q
        .ok(&["new", "tikal", "--players", &players, "--seed", "4"])
        .trim()
        .parse()
        .unwrap();
    let tag = format!("#{id}]");
    let first = q.show_json(id)["to_act"][0].as_str().unwrap().to_string();
    let (mover, mover_user) = if first == erin {
        (erin.clone(), "erin")
    } else {
        (frank.clone(), "frank")
    };
    let mut mover_box = Mailbox::new(&stack, mover_user);
    let before_players = Store::open(&q.db()).unwrap().players().unwrap();

    let bodies = [
        format!("new tzolkin with {erin} data=/proc/self/environ"),
        format!("new tikal with {frank}, x@y.test"),
        "set language ko\nvacation 2026-12-01..2026-12-21".to_string(),
        "help".to_string(),
    ];
    for i in 0..FORGED {
        let from = format!("f{i}@forged.example.test");
        let body = &bodies[i % bodies.len()];
        let mid = format!("flood{i}.{}@forged.example.test", std::process::id());
        stack.send(&from, &q.address, &plain(&from, &q.address, body, &mid));
    }

    // A mail over the size limit: IMAP gives its size first, and only its
    // header is fetched; it is recorded and answered from that.
    let big = format!("big.{}@tester.example.test", std::process::id());
    let huge = ("x".repeat(76) + "\r\n").repeat(9_000);
    stack.send(&frank, &q.address, &plain(&frank, &q.address, &huge, &big));

    // Meanwhile the player to act answers their turn mail.
    let turn = mover_box
        .wait_for(120, |m| m.from == q.address && m.subject.contains(&tag))
        .into_iter()
        .find(|m| m.from == q.address && !m.move_links().is_empty())
        .expect("a turn mail with move links");
    let choice = turn.move_links()[0].clone();
    let to = turn.reply_to.clone().unwrap();
    let mid = format!("flood-move.{}@tester.example.test", std::process::id());
    stack.send(&mover, &to, &reply(&mover, &to, &turn, &choice, &mid));

    // Every mail is recorded once, the move included.
    let start = Instant::now();
    loop {
        let log = Store::open(&q.db()).unwrap().inbound_log(100_000).unwrap();
        if log.len() > FORGED + 1 && log.iter().any(|r| r.message_id == mid) {
            assert_eq!(log.len(), FORGED + 2);
            let over = log.iter().find(|r| r.message_id == big).unwrap();
            assert_eq!(over.outcome, "rejected", "{over:?}");
            assert!(
                over.reason.contains("too large") && over.size > 600_000,
                "{over:?}"
            );
            let moved = log.iter().find(|r| r.message_id == mid).unwrap();
            assert_eq!(moved.outcome, "applied", "{moved:?}");
            break;
        }
        assert!(q.alive(), "the daemon died; log:\n{}", q.log());
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "{} of {} mails recorded",
            log.len(),
            FORGED + 2
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    let store = Store::open(&q.db()).unwrap();
    let outbox = store.outbox(None).unwrap();
    let to_strangers = outbox
        .iter()
        .filter(|r| r.recipient != erin && r.recipient != frank)
        .count();
    let limit = Config::default().limits.stranger_answers_per_hour as usize;
    assert!(
        to_strangers <= limit,
        "{to_strangers} mails to forged addresses (limit {limit})"
    );
    assert!(to_strangers > 0, "strangers are answered up to the limit");
    // Nothing forged changed anything: one game, the players as they were.
    assert_eq!(store.games().unwrap().len(), 1);
    assert_eq!(store.players().unwrap(), before_players);
    // The game went on: the one real move is in its history.
    let moves = store.moves(id).unwrap();
    assert_eq!(moves.iter().filter(|m| m.kind == "move").count(), 1);
    assert_eq!(
        moves
            .iter()
            .find(|m| m.kind == "move")
            .unwrap()
            .email
            .as_deref(),
        Some(mover.as_str())
    );
}

/// A batch of more than a hundred mails fills the IMAP client's queue of
/// announcements with the batch's own (one EXPUNGE per mail moved, ahead of
/// the EXISTS for new mail); mail that comes while the batch is handled
/// must still be read at once, not after the next IDLE timeout (five
/// minutes with the default settings).
#[test]
fn mail_that_comes_while_a_large_batch_is_handled_is_read_at_once() {
    const WAITING: usize = 300;
    let stack = Stack::get();
    stack.purge_inbox("q8");
    let mut q = Quipu::new(&stack, "q8");
    let tag = std::process::id();
    let to = q.address.clone();
    let send = |i: usize| {
        let from = format!("t{i}@trickle.example.test");
        let mid = format!("trickle{i}.{tag}@trickle.example.test");
        stack.send(&from, &to, &plain(&from, &to, "help", &mid));
    };
    for i in 0..WAITING {
        send(i);
    }
    // All of them in the inbox before the daemon starts: its first batch
    // holds them all.
    let inbox = Mailbox::new(&stack, "q8");
    let start = Instant::now();
    while inbox.all().len() < WAITING {
        assert!(start.elapsed() < Duration::from_secs(120), "delivery");
        std::thread::sleep(Duration::from_millis(200));
    }
    q.serve();
    let db = q.db();
    let recorded = || {
        Store::open(&db)
            .and_then(|s| s.inbound_log(10_000))
            .map_or(0, |log| log.len())
    };
    // One more mail once the batch is being handled, and none after it
    // (a later one would wake the daemon and hide the loss).
    let start = Instant::now();
    while recorded() == 0 {
        assert!(start.elapsed() < Duration::from_secs(60), "no mail handled");
        std::thread::sleep(Duration::from_millis(20));
    }
    send(WAITING);
    let start = Instant::now();
    loop {
        let n = recorded();
        if n == WAITING + 1 {
            break;
        }
        assert!(q.alive(), "the daemon died; log:\n{}", q.log());
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{n} of {} mails recorded after a minute",
            WAITING + 1
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}
