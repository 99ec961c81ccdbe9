//! Sent mail after housekeeping: its bodies emptied, its record kept, a
//! seat's newest mail of a game going on kept whole, and a reply read
//! knowing what we sent from the texts kept when it was composed.

#[path = "support/driving.rs"]
mod driving;

use chrono::{DateTime, Duration, Utc};
use quipu::service::Service;
use std::path::PathBuf;

fn fresh(name: &str) -> (PathBuf, Service) {
    let dir = std::env::temp_dir().join(format!("quipu-prune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let s = driving::service(&dir);
    (dir, s)
}

/// Moves by mail in game `id`, each the first legal one.
fn play(s: &Service, id: i64, moves: usize) {
    for n in 0..moves {
        let raw = driving::reply_to_turn(s, id, &format!("m{id}.{n}@example.test"));
        let o = s.handle_mail(&raw, driving::now()).expect("handled");
        assert_eq!(o.outcome, "applied", "{o:?}");
    }
}

/// Every mail in the outbox marked sent, as the outbox would after SMTP.
fn all_sent(s: &Service) {
    for row in s.store.outbox(None).unwrap() {
        s.store.mark_sent(row.id, &row.created_at).unwrap();
    }
}

/// Ticks the clock across one housekeeping run, `days` after the game.
fn housekeeping_after(s: &Service, days: i64) -> DateTime<Utc> {
    let day = driving::now() + Duration::days(days);
    let before = day.date_naive().and_hms_opt(3, 0, 0).unwrap().and_utc();
    s.tick(before).unwrap();
    let after = before + Duration::hours(1);
    let report = s.tick(after).unwrap();
    assert!(
        report.jobs.iter().any(|j| j == "housekeeping"),
        "{report:?}"
    );
    after
}

#[test]
fn a_finished_games_mail_keeps_its_record_and_loses_its_bodies() {
    let (dir, s) = fresh("finished");
    let id = driving::start(&s, "tikal", "en", 3, &[]);
    play(&s, id, 6);
    let resign = driving::reply_to_newest(&s, id, "resign@example.test", Some("resign confirm"));
    let o = s.handle_mail(&resign, driving::now()).unwrap();
    assert_eq!(o.outcome, "applied", "{o:?}");
    all_sent(&s);
    let before = s.store.outbox(Some(id)).unwrap();
    s.store.vacuum().unwrap();
    let bytes_before = std::fs::metadata(dir.join("quipu.db")).unwrap().len();

    // Within keep_days nothing changes.
    housekeeping_after(&s, 10);
    assert_eq!(s.store.outbox(Some(id)).unwrap(), before);

    housekeeping_after(&s, 31);
    let after = s.store.outbox(Some(id)).unwrap();
    assert_eq!(after.len(), before.len(), "every mail's record stays");
    for (a, b) in after.iter().zip(&before) {
        assert_eq!(
            (&a.message_id, &a.recipient, a.kind, &a.sent_at),
            (&b.message_id, &b.recipient, b.kind, &b.sent_at)
        );
        assert!(a.raw.is_empty() && a.plain_text.is_none() && a.html_text.is_none());
        assert!(a.body_pruned_at.is_some());
    }
    // Housekeeping vacuums: what is left beside an empty database's pages
    // (4 KB for each table and index, more as the schema grows) is the
    // game's history, tens of KB.
    let (empty_dir, empty) = fresh("empty");
    empty.store.vacuum().unwrap();
    let bytes_empty = std::fs::metadata(empty_dir.join("quipu.db")).unwrap().len();
    let bytes_after = std::fs::metadata(dir.join("quipu.db")).unwrap().len();
    let game_bytes = bytes_after.saturating_sub(bytes_empty);
    assert!(
        game_bytes < 100_000 && bytes_after * 3 < bytes_before,
        "{bytes_before} bytes before pruning, {bytes_after} after, {bytes_empty} empty"
    );
}

#[test]
fn a_game_going_on_keeps_each_seats_newest_mail_and_a_late_reply_is_read() {
    let (_dir, s) = fresh("going-on");
    let id = driving::start(&s, "tikal", "en", 3, &[]);
    play(&s, id, 4);
    all_sent(&s);
    housekeeping_after(&s, 31);
    let rows = s.store.outbox(Some(id)).unwrap();
    for who in [driving::ALICE, driving::BOB] {
        let mine: Vec<_> = rows.iter().filter(|r| r.recipient == who).collect();
        let (newest, older) = mine.split_last().expect("mail to each seat");
        assert!(
            !newest.raw.is_empty() && newest.plain_text.is_some(),
            "{who}"
        );
        assert!(newest.body_pruned_at.is_none());
        assert!(!older.is_empty());
        assert!(older
            .iter()
            .all(|r| r.raw.is_empty() && r.body_pruned_at.is_some()));
    }
    // The seat to act replies to its newest mail, a month late, with a copy
    // of that mail pasted without quote marks under its move: the move is
    // played, and nothing of the copy is taken for a command.
    let who = s.to_act(id).unwrap()[0].clone();
    let newest = rows.iter().rev().find(|r| r.recipient == who).unwrap();
    let legal = s.legal(id, &who).unwrap();
    let pasted = newest.plain_text.clone().unwrap();
    let body = format!("{}\r\n\r\n{pasted}", legal[0]);
    let raw = driving::reply_to_newest(&s, id, "late@example.test", Some(&body));
    let o = s
        .handle_mail(&raw, driving::now() + Duration::days(32))
        .unwrap();
    assert_eq!(o.outcome, "applied", "{o:?}");
    let moves = s.store.moves(id).unwrap();
    let last = moves.last().unwrap();
    assert_eq!(last.command, legal[0], "{last:?}");
}
