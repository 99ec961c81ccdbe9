//! Issue 28 end to end: a mail whose handling fails (here a move in a game
//! whose stored clock would overflow the date arithmetic) reaches `quipu
//! serve` ahead of an ordinary move of another game. The failing mail is
//! recorded `failed` and answered once; the daemon lives on and the
//! ordinary move is applied and its news mail delivered.

mod support;

use quipu::store::Store;
use std::time::{Duration, Instant};
use support::records::wait_inbound;
use support::{reply, Mailbox, Quipu, Received, Stack};

/// A Tikal game between two mail-stack users; returns its number and the
/// user who moves first with that user's turn mail.
fn game(q: &Quipu, stack: &Stack, users: [&str; 2]) -> (i64, String, String) {
    let players = format!("{},{}", stack.addr(users[0]), stack.addr(users[1]));
    let id: i64 = q
        .ok(&["new", "tikal", "--players", &players, "--seed", "4"])
        .trim()
        .parse()
        .unwrap();
    let first = q.show_json(id)["to_act"][0].as_str().unwrap().to_string();
    let mover = users.into_iter().find(|u| stack.addr(u) == first).unwrap();
    let other = users.into_iter().find(|u| *u != mover).unwrap();
    (id, mover.to_string(), other.to_string())
}

fn turn_mail(q: &Quipu, mailbox: &mut Mailbox, id: i64) -> Received {
    let tag = format!("#{id}]");
    mailbox
        .wait_for(120, |m| m.from == q.address && m.subject.contains(&tag))
        .into_iter()
        .find(|m| m.from == q.address && !m.move_links().is_empty())
        .expect("a turn mail with move links")
}

#[test]
fn a_failing_mail_ahead_of_an_ordinary_one_stops_nothing() {
    let stack = Stack::get();
    for u in ["q9", "alice", "bob", "carol", "dave"] {
        stack.purge_inbox(u);
    }
    let mut q = Quipu::new(&stack, "q9");
    let (broken, b_mover, _) = game(&q, &stack, ["alice", "bob"]);
    let (fine, f_mover, f_other) = game(&q, &stack, ["carol", "dave"]);
    // The broken game's clock: a deadline no calendar holds (what a game by
    // mail with `deadline=100000000d` stored before the edge refused it).
    let db = rusqlite::Connection::open(q.db()).unwrap();
    db.execute(
        "UPDATE games SET clock = ?1 WHERE id = ?2",
        rusqlite::params![
            r#"{"deadline":9223372036854775807,"skip_weekends":false,"timeout":"wait","reminders":[]}"#,
            broken
        ],
    )
    .unwrap();
    // No deadline open, so the next move opens one from that clock.
    db.execute("DELETE FROM deadlines WHERE game_id = ?1", [broken])
        .unwrap();
    drop(db);
    q.serve();
    let mut b_box = Mailbox::new(&stack, &b_mover);
    let mut f_box = Mailbox::new(&stack, &f_mover);
    let mut other_box = Mailbox::new(&stack, &f_other);
    let b_turn = turn_mail(&q, &mut b_box, broken);
    let f_turn = turn_mail(&q, &mut f_box, fine);
    other_box.skip_existing();

    let pid = std::process::id();
    let (b_mid, f_mid) = (format!("fails.{pid}@t.test"), format!("fine.{pid}@t.test"));
    for (user, turn, mid) in [(&b_mover, &b_turn, &b_mid), (&f_mover, &f_turn, &f_mid)] {
        let from = stack.addr(user);
        let to = turn.reply_to.clone().unwrap();
        let choice = turn.move_links()[0].clone();
        stack.send(&from, &to, &reply(&from, &to, turn, &choice, mid));
    }

    let failed = wait_inbound(&mut q, &b_mid, 120);
    assert_eq!(failed.outcome, "failed", "{failed:?}");
    let applied = wait_inbound(&mut q, &f_mid, 120);
    assert_eq!(applied.outcome, "applied", "{applied:?}");
    // The ordinary move's mail goes out: the next turn mail to whichever of
    // its two players decides now (by default nobody gets news of a move
    // that is not their turn).
    let tag = format!("#{fine}]");
    let start = Instant::now();
    let mailed = |m: &Received| m.from == q.address && m.subject.contains(&tag);
    loop {
        let got: Vec<Received> = other_box.fresh().into_iter().chain(f_box.fresh()).collect();
        if got.iter().any(mailed) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no mail of game #{fine} within 120 s"
        );
        std::thread::sleep(Duration::from_secs(1));
    }
    // The failing mail's sender is told once, and its game did not move.
    let told = b_box.wait_for(60, |m| m.says("internal error"));
    std::thread::sleep(Duration::from_secs(3));
    let more: Vec<Received> = b_box.fresh();
    let answers = told
        .iter()
        .chain(&more)
        .filter(|m| m.says("internal error"))
        .count();
    assert_eq!(answers, 1);
    let store = Store::open(&q.db()).unwrap();
    assert!(store
        .moves(broken)
        .unwrap()
        .iter()
        .all(|m| m.kind != "move"));
    assert_eq!(
        store
            .inbound_log(100)
            .unwrap()
            .iter()
            .filter(|r| r.message_id == b_mid)
            .count(),
        1
    );
    assert!(q.alive(), "the daemon died; log:\n{}", q.log());
}
