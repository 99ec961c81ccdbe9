//! The closed sets of stored words: a database at migration 006 holding
//! every word of every set migrates to 007 (CHECK constraints) and reads
//! back as the same values; a word outside a set stops the migration, is
//! refused on write, and on read is an error that names table, row and word.

use quipu::store::{
    GameStatus, InboundOutcome, MailKind, MoveKind, RequestStatus, SeatStatus, Store, StoredWord,
};
use std::path::PathBuf;

const MIGRATIONS_TO_006: [&str; 6] = [
    include_str!("../db/001_init.sql"),
    include_str!("../db/002_deadline_next.sql"),
    include_str!("../db/003_security.sql"),
    include_str!("../db/004_outbox.sql"),
    include_str!("../db/005_history.sql"),
    include_str!("../db/006_outbox_moves_seen.sql"),
];

fn db(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("quipu-words-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("quipu.db")
}

/// A database as quipu left it at migration 006, with one row for every
/// word of every set (games 1..=4 carry the game statuses; game 1 holds
/// the seats, moves and outbox rows).
fn database_at_006(path: &PathBuf) -> rusqlite::Connection {
    let c = rusqlite::Connection::open(path).unwrap();
    for sql in MIGRATIONS_TO_006 {
        c.execute_batch(sql).unwrap();
    }
    c.pragma_update(None, "user_version", 6).unwrap();
    for (i, status) in GameStatus::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO games(id, game, seed, options, status, created_at, engine)
             VALUES (?1, 'tzolkin', 7, '{}', ?2, '2026-11-01T00:00:00Z', 'tzolkin 1')",
            rusqlite::params![i as i64 + 1, status.as_str()],
        )
        .unwrap();
    }
    for (i, status) in SeatStatus::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO seats(game_id, email, seat, status) VALUES (1, ?1, ?2, ?3)",
            rusqlite::params![format!("p{i}@x.test"), i as i64, status.as_str()],
        )
        .unwrap();
    }
    for (i, kind) in MoveKind::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO moves(game_id, n, seat, email, kind, command, source, at)
             VALUES (1, ?1, 0, 'p0@x.test', ?2, ?3, 'cli', '2026-11-01T00:00:00Z')",
            rusqlite::params![i as i64 + 1, kind.as_str(), format!("command {i}")],
        )
        .unwrap();
    }
    for (i, kind) in MailKind::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO outbox(created_at, game_id, recipient, message_id, kind, raw, next_try_at, moves_seen)
             VALUES ('2026-11-01T00:00:00Z', 1, 'p0@x.test', ?1, ?2, x'41', '2026-11-01T00:00:00Z', ?3)",
            rusqlite::params![format!("m{i}@quipu.test"), kind.as_str(), i as i64],
        )
        .unwrap();
    }
    for (i, outcome) in InboundOutcome::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO inbound(message_id, received_at, sender, game_id, outcome, reason, size)
             VALUES (?1, ?2, 'p0@x.test', 1, ?3, 'why', 100)",
            rusqlite::params![
                format!("in{i}@x.test"),
                format!("2026-11-01T00:0{i}:00Z"),
                outcome.as_str()
            ],
        )
        .unwrap();
    }
    for (i, status) in RequestStatus::ALL.iter().enumerate() {
        c.execute(
            "INSERT INTO game_requests(id, email, request, created_at, status)
             VALUES (?1, 'p0@x.test', 'tzolkin with q@x.test', '2026-11-01T00:00:00Z', ?2)",
            rusqlite::params![i as i64 + 1, status.as_str()],
        )
        .unwrap();
    }
    c.execute(
        "INSERT INTO deadlines(game_id, seat, started_at, due_at, next_at)
         VALUES (1, 0, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', '2026-11-01T12:00:00Z')",
        [],
    )
    .unwrap();
    c
}

#[test]
fn a_database_at_006_migrates_and_reads_back_every_word() {
    let path = db("every-word");
    drop(database_at_006(&path));
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), quipu::store::SCHEMA_VERSION);
    assert_eq!(s.integrity().unwrap(), "ok");

    let games: Vec<(i64, GameStatus)> = s
        .games()
        .unwrap()
        .iter()
        .map(|g| (g.id, g.status))
        .collect();
    assert_eq!(
        games,
        [
            (1, GameStatus::Forming),
            (2, GameStatus::Active),
            (3, GameStatus::Finished),
            (4, GameStatus::Abandoned)
        ]
    );
    assert_eq!(s.game_engine(1).unwrap(), "tzolkin 1");
    let seats: Vec<(Option<usize>, SeatStatus)> = s
        .seats(1)
        .unwrap()
        .iter()
        .map(|r| (r.seat, r.status))
        .collect();
    let expected: Vec<(Option<usize>, SeatStatus)> = SeatStatus::ALL
        .iter()
        .enumerate()
        .map(|(i, st)| (Some(i), *st))
        .collect();
    assert_eq!(seats, expected);
    let moves: Vec<(i64, MoveKind, String)> = s
        .moves(1)
        .unwrap()
        .into_iter()
        .map(|m| (m.n, m.kind, m.command))
        .collect();
    assert_eq!(moves.len(), MoveKind::ALL.len());
    assert_eq!(moves[0], (1, MoveKind::Move, "command 0".to_string()));
    assert_eq!(moves[5], (6, MoveKind::Note, "command 5".to_string()));
    let mails: Vec<(MailKind, Option<i64>, Vec<u8>)> = s
        .outbox(Some(1))
        .unwrap()
        .into_iter()
        .map(|m| (m.kind, m.moves_seen, m.raw))
        .collect();
    assert_eq!(
        mails,
        MailKind::ALL
            .iter()
            .enumerate()
            .map(|(i, k)| (*k, Some(i as i64), b"A".to_vec()))
            .collect::<Vec<_>>()
    );
    let mut inbound: Vec<(String, InboundOutcome)> = s
        .inbound_log(100)
        .unwrap()
        .into_iter()
        .map(|r| (r.message_id, r.outcome))
        .collect();
    inbound.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        inbound[0],
        ("in0@x.test".to_string(), InboundOutcome::Applied)
    );
    assert_eq!(
        inbound[5],
        ("in5@x.test".to_string(), InboundOutcome::Failed)
    );
    for (i, status) in RequestStatus::ALL.iter().enumerate() {
        let r = s.game_request(i as i64 + 1).unwrap().unwrap();
        assert_eq!(r.status, *status);
    }
    assert_eq!(s.deadlines(Some(1)).unwrap().len(), 1);
    // The rebuilt tables keep their keys, indexes and references.
    assert!(s
        .inbound_seen_from("in0@x.test", Some("p0@x.test"))
        .unwrap());
    assert_eq!(
        s.answers_since("p0@x.test", "2026-01-01T00:00:00Z")
            .unwrap(),
        2
    );
    drop(s);
    let c = rusqlite::Connection::open(&path).unwrap();
    let indexes: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name IN
             ('seats_by_email', 'inbound_once', 'inbound_by_sender', 'outbox_pending', 'outbox_waiting')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 5);
    c.pragma_update(None, "foreign_keys", "ON").unwrap();
    let orphan = c.execute(
        "INSERT INTO moves(game_id, n, kind, command, source, at) VALUES (99, 1, 'move', 'x', 'cli', 'now')",
        [],
    );
    assert!(orphan.is_err(), "moves still refer to games");
}

#[test]
fn a_word_outside_its_set_is_refused_on_write() {
    let path = db("refused-write");
    let s = Store::open(&path).unwrap();
    drop(s);
    let c = rusqlite::Connection::open(&path).unwrap();
    let err = c
        .execute(
            "INSERT INTO games(game, seed, options, status, created_at) VALUES ('tikal', 1, '{}', 'paused', 'now')",
            [],
        )
        .unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
}

#[test]
fn a_database_at_006_with_an_unknown_word_stays_at_006() {
    let path = db("unknown-at-006");
    let c = database_at_006(&path);
    c.execute("UPDATE moves SET kind = 'teleport' WHERE n = 2", [])
        .unwrap();
    drop(c);
    let err = Store::open(&path).err().expect("the migration stops");
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
    let c = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 6);
    let rows: i64 = c
        .query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, MoveKind::ALL.len() as i64);
}

#[test]
fn an_unknown_word_read_back_names_table_row_and_word() {
    let path = db("unknown-read");
    drop(database_at_006(&path));
    drop(Store::open(&path).unwrap());
    // Only a damaged file or a newer quipu gets past the CHECK.
    let c = rusqlite::Connection::open(&path).unwrap();
    c.pragma_update(None, "ignore_check_constraints", "ON")
        .unwrap();
    c.execute("UPDATE games SET status = 'paused' WHERE id = 3", [])
        .unwrap();
    c.execute("UPDATE seats SET status = 'ghost' WHERE seat = 2", [])
        .unwrap();
    c.execute("UPDATE moves SET kind = 'teleport' WHERE n = 4", [])
        .unwrap();
    c.execute("UPDATE outbox SET kind = 'fax' WHERE moves_seen = 1", [])
        .unwrap();
    drop(c);
    let s = Store::open(&path).unwrap();
    let text = |e: quipu::store::StoreError| e.to_string();
    let e = text(s.game(3).unwrap_err());
    assert!(
        e.contains("table games, row id 3") && e.contains("\"paused\""),
        "{e}"
    );
    assert_eq!(s.game(2).unwrap().status, GameStatus::Active);
    let e = text(s.seats(1).unwrap_err());
    assert!(
        e.contains("table seats, row game_id 1, seat 2") && e.contains("\"ghost\""),
        "{e}"
    );
    assert!(!e.contains("@"), "no address in the error: {e}");
    let e = text(s.moves(1).unwrap_err());
    assert!(
        e.contains("table moves, row game_id 1, n 4") && e.contains("\"teleport\""),
        "{e}"
    );
    let e = text(s.outbox(None).unwrap_err());
    assert!(
        e.contains("table outbox, row id 2") && e.contains("\"fax\""),
        "{e}"
    );
}
