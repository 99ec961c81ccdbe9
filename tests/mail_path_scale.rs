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

/// A reply by the seat to act to its newest mail of game `id`: the first
/// legal move, to the mail's Reply-To, naming the mail it answers.
fn reply_to_turn(s: &Service, id: i64, mid: &str) -> Vec<u8> {
    let who = s.to_act(id).expect("to act")[0].clone();
    let legal = s.legal(id, &who).expect("legal");
    let sent = s.store.outbox(Some(id)).expect("outbox");
    let last = sent
        .iter()
        .rev()
        .find(|r| r.recipient == who)
        .expect("a mail to the seat to act");
    let parsed = mail_parser::MessageParser::default()
        .parse(&last.raw)
        .expect("our own mail parses");
    let reply_to = parsed
        .reply_to()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .expect("a Reply-To")
        .to_string();
    format!(
        "From: <{who}>\r\nTo: <{reply_to}>\r\nSubject: Re: [quipu #{id}]\r\nMessage-ID: <{mid}>\r\nIn-Reply-To: <{sent}>\r\nReferences: <{sent}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{cmd}\r\n",
        sent = last.message_id,
        cmd = legal[0],
    )
    .into_bytes()
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
            let raw = reply_to_turn(&s, id, &format!("warm{n}@example.test"));
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
        (reply_to_turn(&service, id, "timed@example.test"), "applied"),
        (
            String::from_utf8(reply_to_turn(&service, id, "nonsense@example.test"))
                .unwrap()
                .replace("\r\n\r\n", "\r\n\r\nplease fly to the moon\r\n")
                .into_bytes(),
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
