//! The outbox's bookkeeping on a real SQLite file: which mail is due (each
//! recipient's in order, a refusal holding back nothing), the server's
//! return making waiting mail due at once, the rows in doubt after a stop,
//! and the upgrade of refusals recorded by older versions.

use quipu::store::{MailKind, NewMail, Store};

const T0: &str = "2026-11-20T10:00:00Z";
const T1: &str = "2026-11-20T10:00:05Z";
const LATER: &str = "2026-11-20T11:00:00Z";

fn store(name: &str) -> (Store, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("quipu-outbox-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("quipu.db");
    (Store::open(&db).unwrap(), db)
}

fn mail(s: &Store, to: &str, id: &str) {
    s.enqueue(&NewMail {
        created_at: T0.into(),
        game_id: None,
        recipient: to.into(),
        message_id: id.into(),
        kind: MailKind::Turn,
        raw: format!("Message-ID: <{id}>\r\n\r\nhello\r\n").into_bytes(),
        plain_text: "hello".into(),
        html_text: None,
    })
    .unwrap();
}

fn due(s: &Store, now: &str) -> Vec<String> {
    s.pending_mail(now, 100)
        .unwrap()
        .into_iter()
        .map(|m| m.message_id)
        .collect()
}

fn row_id(s: &Store, message_id: &str) -> i64 {
    s.outbox(None)
        .unwrap()
        .into_iter()
        .find(|m| m.message_id == message_id)
        .unwrap()
        .id
}

#[test]
fn a_recipients_later_mail_waits_behind_an_earlier_one_that_waits() {
    let (s, _) = store("order");
    mail(&s, "a@x.test", "a1");
    mail(&s, "b@x.test", "b1");
    mail(&s, "a@x.test", "a2");
    mail(&s, "a@x.test", "a3");
    assert_eq!(due(&s, T1), ["a1", "b1", "a2", "a3"]);
    // a1 deferred by the server for a minute: a2 and a3 wait behind it, b1 not.
    s.mark_failed(row_id(&s, "a1"), "452 mailbox full", LATER)
        .unwrap();
    assert_eq!(due(&s, T1), ["b1"]);
    assert_eq!(due(&s, LATER), ["a1", "b1", "a2", "a3"]);
    // A refusal for good holds back nothing, and is never due again.
    s.mark_refused(row_id(&s, "a1"), "550 no such user", T1)
        .unwrap();
    assert_eq!(due(&s, T1), ["b1", "a2", "a3"]);
    assert_eq!(s.unsent_count().unwrap(), 3);
    s.mark_sent(row_id(&s, "b1"), T1).unwrap();
    assert_eq!(due(&s, T1), ["a2", "a3"]);
    // Recording twice what can happen once is an error, not a silent no-op.
    assert!(s.mark_sent(row_id(&s, "b1"), T1).is_err());
}

#[test]
fn the_servers_return_makes_every_retried_mail_due_at_once() {
    let (s, _) = store("back");
    mail(&s, "a@x.test", "a1");
    mail(&s, "b@x.test", "b1");
    mail(&s, "c@x.test", "c1");
    s.mark_failed(row_id(&s, "a1"), "452 later", LATER).unwrap();
    s.mark_failed(row_id(&s, "b1"), "452 later", LATER).unwrap();
    assert_eq!(due(&s, T1), ["c1"]);
    // Only mail that failed before is moved; c1 was due anyway.
    assert_eq!(s.retry_now(T1).unwrap(), 2);
    assert_eq!(due(&s, T1), ["a1", "b1", "c1"]);
}

#[test]
fn mail_handed_over_but_not_recorded_as_sent_is_in_doubt() {
    let (s, db) = store("doubt");
    mail(&s, "a@x.test", "a1");
    mail(&s, "a@x.test", "a2");
    mail(&s, "b@x.test", "b1");
    for m in ["a1", "a2", "b1"] {
        s.mark_handed(row_id(&s, m), T1).unwrap();
    }
    s.mark_sent(row_id(&s, "a1"), T1).unwrap();
    // b1: the server said no, so it is not in doubt.
    s.mark_failed(row_id(&s, "b1"), "451 try later", T1)
        .unwrap();
    drop(s);
    let s = Store::open(&db).unwrap();
    let doubt: Vec<String> = s
        .mail_in_doubt()
        .unwrap()
        .into_iter()
        .map(|m| m.message_id)
        .collect();
    assert_eq!(doubt, ["a2"]);
    // It is sent again first, with the same bytes (and so the same Message-ID).
    let pending = s.pending_mail(T1, 100).unwrap();
    assert_eq!(pending[0].message_id, "a2");
    assert!(String::from_utf8_lossy(&pending[0].raw).contains("Message-ID: <a2>"));
}

#[test]
fn an_older_databases_refusals_become_refusals_on_upgrade() {
    let dir = std::env::temp_dir().join(format!("quipu-outbox-{}-upgrade", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("quipu.db");
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch(include_str!("../db/001_init.sql")).unwrap();
        c.execute_batch(include_str!("../db/002_deadline_next.sql"))
            .unwrap();
        c.pragma_update(None, "user_version", 2).unwrap();
        c.execute_batch(
            "INSERT INTO outbox(created_at, recipient, message_id, kind, raw, attempts, next_try_at, last_error)
             VALUES ('2026-11-01T00:00:00Z', 'a@x.test', 'old-refused', 'turn', x'00', 1, '9999-12-31T00:00:00Z', '550 no'),
                    ('2026-11-01T00:00:00Z', 'a@x.test', 'old-waiting', 'turn', x'00', 2, '2026-11-01T00:05:00Z', '451 later');",
        )
        .unwrap();
    }
    let s = Store::open(&db).unwrap();
    let rows = s.outbox(None).unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| (r.message_id.as_str(), r.refused_at.is_some()))
            .collect::<Vec<_>>(),
        [("old-refused", true), ("old-waiting", false)]
    );
    assert_eq!(due(&s, T1), ["old-waiting"]);
}
