//! Open tables and queue entries in the store, and the operator's views of
//! them: a table opened with its opener seated, sat at, left, started or
//! closed; entries waiting, matched and left; the limit's count; and
//! `quipu tables --json` and `quipu ratings GAME --json` (names, never
//! addresses).

use quipu::engine::Options;
use quipu::public_name::PublicName;
use quipu::rating::Finish;
use quipu::store::{
    FinalResult, GameStatus, NewGame, NewQueueEntry, NewTable, QueueStatus, SeatResult, Store,
    TableFill, TableLanguage, TableStatus,
};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("quipu-lobby-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn table(opener: &str, at: &str) -> NewTable {
    let mut options = Options::default();
    options.0.insert("auction".into(), "on".into());
    NewTable {
        game: "tikal".into(),
        min_seats: 3,
        max_seats: 4,
        options,
        pace_hours: 72,
        rated: true,
        lang: TableLanguage::Korean,
        min_ontime: Some(90),
        fill: TableFill::Bot,
        opened_by: opener.into(),
        opened_at: at.into(),
    }
}

fn game(s: &Store) -> i64 {
    s.create_game(&NewGame {
        game: "tikal".into(),
        seed: 9,
        options: "{}".into(),
        clock: "{}".into(),
        status: GameStatus::Active,
        created_by: None,
        created_at: "2026-12-02T00:00:00Z".into(),
    })
    .unwrap()
}

#[test]
fn a_table_is_opened_sat_at_left_and_started() {
    let s = Store::open(&dir("tables").join("quipu.db")).unwrap();
    let id = s
        .open_table(&table("Opener@x.test", "2026-12-01T00:00:00Z"))
        .unwrap();
    let t = s.table(id).unwrap().unwrap();
    assert_eq!(t.status, TableStatus::Open);
    assert_eq!(t.seated, vec!["opener@x.test".to_string()]);
    assert_eq!(
        (
            t.table.min_seats,
            t.table.max_seats,
            t.table.pace_hours,
            t.table.rated
        ),
        (3, 4, 72, true)
    );
    assert_eq!(
        (t.table.lang, t.table.fill, t.table.min_ontime),
        (TableLanguage::Korean, TableFill::Bot, Some(90))
    );
    assert_eq!(t.table.options.get("auction"), Some("on"));

    s.sit_at_table(id, "b@x.test", "2026-12-01T01:00:00Z")
        .unwrap();
    s.sit_at_table(id, "c@x.test", "2026-12-01T02:00:00Z")
        .unwrap();
    assert!(
        s.sit_at_table(id, "B@x.test", "2026-12-01T03:00:00Z")
            .is_err(),
        "one seat per player"
    );
    assert!(s.leave_table(id, "c@x.test").unwrap());
    assert!(!s.leave_table(id, "c@x.test").unwrap());
    assert_eq!(s.table(id).unwrap().unwrap().seated.len(), 2);
    assert_eq!(s.lobby_commitments("b@x.test").unwrap(), 1);

    let g = game(&s);
    s.start_table(id, g, "2026-12-01T04:00:00Z").unwrap();
    let started = s.table(id).unwrap().unwrap();
    assert_eq!(
        (started.status, started.game_id),
        (TableStatus::Started, Some(g))
    );
    assert!(
        s.close_table(id, "2026-12-02T00:00:00Z").is_err(),
        "a started table does not close"
    );
    assert_eq!(
        s.lobby_commitments("b@x.test").unwrap(),
        0,
        "a started table is no open commitment"
    );
    assert!(s
        .tables_with_status(TableStatus::Open, None)
        .unwrap()
        .is_empty());

    let other = s
        .open_table(&table("d@x.test", "2026-12-01T05:00:00Z"))
        .unwrap();
    s.close_table(other, "2026-12-11T05:00:00Z").unwrap();
    assert_eq!(s.table(other).unwrap().unwrap().status, TableStatus::Closed);
    assert!(s.table(999).unwrap().is_none());
}

#[test]
fn queue_entries_wait_match_and_leave() {
    let s = Store::open(&dir("queue").join("quipu.db")).unwrap();
    let entry = |email: &str, at: &str| NewQueueEntry {
        email: email.into(),
        game: "tzolkin".into(),
        min_seats: 2,
        max_seats: 2,
        pace_hours: 48,
        entered_at: at.into(),
    };
    let a = s
        .add_queue_entry(&entry("a@x.test", "2026-12-01T00:00:00Z"))
        .unwrap();
    let b = s
        .add_queue_entry(&entry("B@x.test", "2026-12-01T01:00:00Z"))
        .unwrap();
    s.add_queue_entry(&entry("a@x.test", "2026-12-01T02:00:00Z"))
        .unwrap();
    let waiting = s.waiting_entries("tzolkin").unwrap();
    assert_eq!(
        waiting.iter().map(|e| e.id).collect::<Vec<_>>(),
        vec![a, b, b + 1]
    );
    assert_eq!(waiting[1].entry.email, "b@x.test");
    assert!(s.waiting_entries("tikal").unwrap().is_empty());
    assert_eq!(s.lobby_commitments("a@x.test").unwrap(), 2);

    let t = s
        .open_table(&table("a@x.test", "2026-12-01T03:00:00Z"))
        .unwrap();
    s.match_entry(a, t, "2026-12-01T03:00:00Z").unwrap();
    assert!(
        s.match_entry(a, t, "2026-12-01T03:00:00Z").is_err(),
        "an entry matches once"
    );
    assert_eq!(
        s.leave_queue("a@x.test", "2026-12-01T04:00:00Z").unwrap(),
        1
    );
    assert!(s.entries_of("a@x.test").unwrap().is_empty());
    assert_eq!(
        s.entries_of("b@x.test").unwrap()[0].status,
        QueueStatus::Waiting
    );
    // The matched entry is no longer waiting; the table it made counts.
    assert_eq!(s.lobby_commitments("a@x.test").unwrap(), 1);
}

fn quipu(d: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .env_remove("QUIPU_CONFIG")
        .env("QUIPU_DB", d.join("quipu.db"))
        .env("QUIPU_ADDRESS", "q@example.test")
        .env("QUIPU_SECRET", "a secret for the lobby store test only")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "quipu {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_operator_lists_tables_and_ratings_by_name_only() {
    let d = dir("cli");
    {
        let s = Store::open(&d.join("quipu.db")).unwrap();
        let id = s
            .open_table(&table("opener@x.test", "2020-01-01T00:00:00Z"))
            .unwrap();
        s.sit_at_table(id, "b@x.test", "2020-01-01T00:00:00Z")
            .unwrap();
        let g = game(&s);
        s.set_game_rated(g, true).unwrap();
        let name = PublicName::parse("민수").unwrap();
        s.set_public_name("winner@x.test", &name, "2026-12-01T00:00:00Z")
            .unwrap()
            .unwrap();
        let result = FinalResult {
            game_id: g,
            seats: [
                ("winner@x.test", Finish::Ranked(1)),
                ("loser@x.test", Finish::Left),
            ]
            .iter()
            .enumerate()
            .map(|(i, (e, f))| SeatResult {
                seat: i,
                email: e.to_string(),
                finish: *f,
                score: None,
            })
            .collect(),
            finished_at: "2026-12-02T00:00:00Z".into(),
        };
        assert!(s.in_transaction(|s| s.record_finish(&result)).unwrap());
    }
    let tables: serde_json::Value =
        serde_json::from_str(&quipu(&d, &["tables", "--json"])).unwrap();
    let t = &tables[0];
    assert_eq!(
        (
            t["game"].as_str(),
            t["seats_taken"].as_u64(),
            t["seats_total"].as_u64()
        ),
        (Some("tikal"), Some(2), Some(4))
    );
    assert_eq!(t["options"]["auction"], "on");
    assert_eq!(
        (t["pace_hours"].as_u64(), t["rated"].as_bool()),
        (Some(72), Some(true))
    );
    assert!(t["age_hours"].as_i64().unwrap() > 24 * 365);
    assert!(quipu(&d, &["tables"]).contains("tikal"));

    let out = quipu(&d, &["ratings", "tikal", "--json"]);
    assert!(!out.contains("@x.test"), "no address in {out}");
    let pools: serde_json::Value = serde_json::from_str(&out).unwrap();
    let players = &pools[0]["players"];
    assert_eq!(pools[0]["players_per_game"], "2");
    assert_eq!(players[0]["name"], "민수");
    assert!(players[1]["name"].is_null());
    assert!(players[0]["rating"].as_i64().unwrap() > players[1]["rating"].as_i64().unwrap());
    assert_eq!(players[0]["games"], 1);
    assert_eq!(players[0]["provisional"], true);
    assert!(
        players[0]["mu"].as_f64().unwrap() > 25.0
            && players[0]["sigma"].as_f64().unwrap() < 25.0 / 3.0
    );
    let before = out.clone();
    assert!(quipu(&d, &["ratings", "--rebuild"]).contains("from 1 rated games"));
    assert_eq!(quipu(&d, &["ratings", "tikal", "--json"]), before);
    assert!(!quipu(&d, &["ratings", "tikal"]).contains("@"));
}
