//! The mail path's cost does not grow with the database: a reply to a turn
//! mail is handled in a database of one game and in a copy holding
//! thousands more (each with its history, stored states and sent mail), and
//! no statement on the way steps through more rows of a table in full in
//! the larger one.

#[path = "../benches/support/clone.rs"]
mod clone;
#[path = "support/driving.rs"]
mod driving;

use quipu::config::Config;
use quipu::service::Service;
use std::collections::BTreeMap;
use std::path::Path;

const MORE_GAMES: i64 = 2_000;

fn open(db: &Path) -> Service {
    Service::open(Config {
        db: db.to_path_buf(),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .expect("service opens")
}

/// Handles the mails in a fresh service on `db`, each with the outcome
/// given; the rows each statement stepped through in full scans.
fn scans_handling(db: &Path, mails: &[(Vec<u8>, &str)]) -> BTreeMap<String, i64> {
    let mut s = open(db);
    let counts = s.store.count_scans().expect("trace");
    for (raw, expected) in mails {
        let outcome = s.handle_mail(raw, driving::now()).expect("handled");
        assert_eq!(outcome.outcome, *expected, "{outcome:?}");
    }
    counts.taken()
}

/// A stranger's mail to the service address.
fn stranger(body: &str, mid: &str) -> Vec<u8> {
    format!(
        "From: <someone@elsewhere.example>\r\nTo: <quipu@example.test>\r\nSubject: hello\r\nMessage-ID: <{mid}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

#[test]
fn a_reply_scans_no_more_rows_among_thousands_of_games_than_beside_one() {
    let dir = std::env::temp_dir().join(format!("quipu-scale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (small, large) = (dir.join("small.db"), dir.join("large.db"));
    // One game a few moves in, every mail of it sent.
    let id = {
        let s = open(&small);
        let id = driving::start(&s, "tikal", "en", 3, &[]);
        for n in 0..4 {
            let raw = driving::reply_to_turn(&s, id, &format!("warm{n}@example.test"));
            let o = s.handle_mail(&raw, driving::now()).expect("handled");
            assert_eq!(o.outcome, "applied", "{o:?}");
        }
        id
    };
    rusqlite::Connection::open(&small)
        .and_then(|c| c.execute_batch("UPDATE outbox SET sent_at = created_at"))
        .expect("sent");
    std::fs::copy(&small, &large).expect("copy");
    clone::clone_games(&large, 1, 1 + MORE_GAMES);
    // A move, then a line that is no command in the same game, then a
    // stranger asking for help.
    let service = open(&small);
    let mails = [
        (
            driving::reply_to_turn(&service, id, "timed@example.test"),
            "applied",
        ),
        (
            driving::reply_to_newest(
                &service,
                id,
                "nonsense@example.test",
                Some("please fly to the moon"),
            ),
            "rejected",
        ),
        (stranger("help", "stranger@elsewhere.example"), "answered"),
    ];
    drop(service);

    let beside_one = scans_handling(&small, &mails);
    let among_many = scans_handling(&large, &mails);
    let grown: Vec<String> = among_many
        .iter()
        .filter(|(sql, rows)| **rows > beside_one.get(*sql).copied().unwrap_or(0))
        .map(|(sql, rows)| {
            format!(
                "{rows} rows (beside one game: {}): {sql}",
                beside_one.get(sql).copied().unwrap_or(0)
            )
        })
        .collect();
    assert!(
        grown.is_empty(),
        "statements whose full scans grow with the database:\n{}",
        grown.join("\n")
    );
}
