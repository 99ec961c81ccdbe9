//! The clock's mail through the real Postfix + Dovecot stack: a reminder, a
//! late notice and a daily digest made by `quipu tick --at` (a controlled
//! time, no sleeping for it), sent by `quipu flush`, read over IMAP.

mod support;

use chrono::{DateTime, Duration, Utc};
use support::{Mailbox, Quipu, Received, Stack};

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Runs the clock at `t`; returns its report.
fn tick(q: &Quipu, t: DateTime<Utc>) -> serde_json::Value {
    serde_json::from_str(&q.ok(&["tick", "--at", &stamp(t)])).expect("a tick report")
}

/// Mail from `from` read in `b` until `done` holds for all of it (60 s at most).
fn gather(b: &mut Mailbox, from: &str, done: impl Fn(&[Received]) -> bool) -> Vec<Received> {
    let start = std::time::Instant::now();
    let mut got: Vec<Received> = Vec::new();
    while start.elapsed() < std::time::Duration::from_secs(60) {
        got.extend(b.fresh().into_iter().filter(|m| m.from == from));
        if done(&got) {
            return got;
        }
        // Waiting for delivery by Postfix and Dovecot, not for the clock.
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    panic!(
        "{}: the expected mail did not come; got {:?}",
        b.user,
        got.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
}

fn count(got: &[Received], pred: impl Fn(&Received) -> bool) -> usize {
    got.iter().filter(|m| pred(m)).count()
}

#[test]
fn reminders_late_notices_and_a_digest_arrive_by_mail() {
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q5");
    let names = ["erin", "frank", "dave"];
    let mut boxes: Vec<Mailbox> = names.iter().map(|n| Mailbox::new(&stack, n)).collect();
    for b in &mut boxes {
        b.skip_existing();
    }
    let emails: Vec<String> = names.iter().map(|n| stack.addr(n)).collect();
    // Dave never decides first: his news waits for his daily digest, set to the
    // minute the reminder tick will reach, 24 h after the game starts (his zone is UTC).
    let hour = (Utc::now() + Duration::hours(24))
        .format("%H:%M")
        .to_string();
    q.ok(&["set", &emails[2], "digest", "daily", &hour]);
    let id: i64 = q
        .ok(&[
            "new",
            "tikal",
            "--players",
            &emails.join(","),
            "--seed",
            "3",
            "--option",
            "deadline=48h",
        ])
        .trim()
        .parse()
        .expect("a game number");
    let show = q.show_json(id);
    assert_eq!(show["to_act"], serde_json::json!([emails[0].clone()]));
    let due = at(show["deadline"].as_str().expect("a deadline"));
    let reminder_at = due - Duration::hours(24);
    q.ok(&["set", &emails[0], "timezone", "Asia/Seoul"]);

    // The clock runs every 50 minutes from just before the reminder to the deadline.
    let first = tick(&q, reminder_at - Duration::minutes(20));
    assert_eq!(first["reminders"], serde_json::json!(0));
    let r = tick(&q, reminder_at);
    assert_eq!(
        (r["reminders"].as_i64(), r["digests"].as_i64()),
        (Some(1), Some(1)),
        "{r}"
    );
    let mut t = reminder_at;
    let (mut reminders, mut late, mut summaries) = (0, 0, 0);
    loop {
        t = (t + Duration::minutes(50)).min(due);
        let r = tick(&q, t);
        reminders += r["reminders"].as_i64().unwrap();
        late += r["late_notices"].as_i64().unwrap();
        summaries += r["summaries"].as_i64().unwrap();
        if t == due {
            break;
        }
    }
    assert_eq!((reminders, late, summaries), (1, 1, 0));
    let sent = q.ok(&["flush"]);
    assert!(sent.trim().starts_with("sent "), "{sent}");

    let tag = format!("[quipu #{id}]");
    let local_due = due
        .with_timezone(&chrono_tz::Asia::Seoul)
        .format("%Y-%m-%d %H:%M KST")
        .to_string();
    let from = q.address.clone();
    // Erin: the reminder 24 h before (in her Seoul time) and one at the deadline.
    let want = [
        format!("Time left: 24 h (until {local_due})"),
        format!("Time left: 0 h (until {local_due})"),
    ];
    let is_reminder = |m: &Received| {
        m.text
            .contains(&format!("Reminder: game #{id} waits for your decision."))
    };
    let got = gather(&mut boxes[0], &from, |g| count(g, is_reminder) >= 2);
    let reminders: Vec<&Received> = got.iter().filter(|m| is_reminder(m)).collect();
    assert_eq!(reminders.len(), 2);
    assert!(
        reminders[0].subject.contains(&tag) && reminders[0].says(&want[0]),
        "{}",
        reminders[0].text
    );
    assert!(
        reminders[1].subject.contains(&tag) && reminders[1].says(&want[1]),
        "{}",
        reminders[1].text
    );
    assert!(reminders
        .iter()
        .all(|m| m.reply_to.as_deref().unwrap_or("").starts_with("q5+")));
    assert_eq!(count(&got, |m| m.says("has run out of time")), 0);
    // Frank and Dave: that Erin ran out of time, once each; Dave also his digest.
    let late_words = format!("{} has run out of time in game #{id}.", emails[0]);
    let is_late = |m: &Received| m.subject.contains(&tag) && m.says(&late_words);
    let is_digest = |m: &Received| m.subject == "[quipu] daily digest";
    let got = gather(&mut boxes[1], &from, |g| count(g, is_late) >= 1);
    assert_eq!((count(&got, is_late), count(&got, is_reminder)), (1, 0));
    let got = gather(&mut boxes[2], &from, |g| {
        count(g, is_late) >= 1 && count(g, is_digest) >= 1
    });
    assert_eq!((count(&got, is_late), count(&got, is_digest)), (1, 1));
    let digest = got.iter().find(|m| is_digest(m)).unwrap();
    // The game's start, which he was not mailed about one by one.
    assert!(digest.says("Your daily quipu digest:"), "{}", digest.text);
    assert!(
        digest
            .text
            .contains(&format!("#{id} Tikal: Game #{id} of Tikal has started.")),
        "{}",
        digest.text
    );
    // A second flush sends nothing: every mail went once.
    assert_eq!(q.ok(&["flush"]).trim(), "sent 0");
}

#[test]
fn two_days_down_bring_one_summary_mail_per_player_and_a_turn_mail_to_whoever_must_decide() {
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q6");
    let names = ["alice", "bob", "carol"];
    let mut boxes: Vec<Mailbox> = names.iter().map(|n| Mailbox::new(&stack, n)).collect();
    for b in &mut boxes {
        b.skip_existing();
    }
    let emails: Vec<String> = names.iter().map(|n| stack.addr(n)).collect();
    let id: i64 = q
        .ok(&[
            "new",
            "tikal",
            "--players",
            &emails.join(","),
            "--seed",
            "3",
            "--option",
            "deadline=24h",
            "--option",
            "timeout=bot",
        ])
        .trim()
        .parse()
        .expect("a game number");
    let due = at(q.show_json(id)["deadline"].as_str().expect("a deadline"));
    let start = due - Duration::hours(24);
    // The clock ran once after the start, then the service was down for two days.
    tick(&q, start + Duration::minutes(10));
    q.ok(&["flush"]);
    let from = q.address.clone();
    // Only the seat to act (Alice) is mailed at the start; the others hear
    // of it in their first turn mail (or here, in the summary).
    gather(&mut boxes[0], &from, |g| {
        count(g, |m| m.subject.contains(&format!("[quipu #{id}]"))) >= 1
    });
    let back = start + Duration::hours(50);
    let r = tick(&q, back);
    assert_eq!(
        (r["timeouts"].as_i64(), r["summaries"].as_i64()),
        (Some(1), Some(3)),
        "{r}"
    );
    // Three summaries, and Bob, whose turn it is now, also gets the board with its links.
    assert_eq!(q.ok(&["flush"]).trim(), "sent 4");
    for (i, b) in boxes.iter_mut().enumerate() {
        let turns = usize::from(i == 1);
        let got = gather(b, &from, |g| {
            count(g, |m| m.subject == "[quipu] summary") >= 1
                && count(g, |m| m.subject.contains(&format!("[quipu #{id}]"))) >= turns
        });
        assert_eq!(
            got.len(),
            1 + turns,
            "{}: {:?}",
            b.user,
            got.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
        if let Some(turn) = got.iter().find(|m| m.subject != "[quipu] summary") {
            assert!(
                turn.text
                    .contains(&format!("Your turn in game #{id} of Tikal.")),
                "{}",
                turn.text
            );
        }
        let Some(summary) = got.iter().find(|m| m.subject == "[quipu] summary") else {
            panic!("{}: no summary", b.user);
        };
        let text = &summary.text;
        assert!(text.contains("quipu was away for a while."), "{text}");
        if i > 0 {
            assert!(
                text.contains(&format!(
                    "#{id}: {} has run out of time in game #{id}.",
                    emails[0]
                )),
                "{text}"
            );
            // What the clock played is news, which the `turn` default keeps
            // for each player's next turn mail.
        }
    }
    // Bob decides next, with a full day from when the clock came back.
    let show = q.show_json(id);
    assert_eq!(show["to_act"], serde_json::json!([emails[1].clone()]));
    assert_eq!(
        show["deadline"],
        serde_json::json!(stamp(back + Duration::hours(24)))
    );
}
