//! Storage faults of `quipu serve` (issue 12): it refuses a database it
//! cannot write and a database another serve already uses; a sent mail that
//! cannot be recorded stops the outbox and ends the process (no resend loop),
//! and the restarted daemon sends the mail that was in doubt again under the
//! same Message-ID. Real SQLite files, the real mail stack.

mod support;

use std::collections::BTreeMap;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use support::{Mailbox, Quipu, Stack};

/// Waits for `child` to end, at most `secs`; None if it is still running.
fn ended_within(child: &mut Child, secs: u64) -> Option<ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}

/// `quipu serve` for `q`, with stderr captured; `as_nobody` runs it as an
/// unprivileged user (root may write any file, so a read-only database needs one).
fn serve_cmd(q: &Quipu, as_nobody: bool) -> Command {
    let bin = env!("CARGO_BIN_EXE_quipu");
    // SAFETY: geteuid has no preconditions and cannot fail.
    let mut c = if as_nobody && unsafe { libc::geteuid() } == 0 {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    c.envs(q.env())
        .env_remove("QUIPU_CONFIG")
        .arg("serve")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    c
}

fn stderr_of(child: Child) -> String {
    String::from_utf8_lossy(&child.wait_with_output().unwrap().stderr).into_owned()
}

/// Runs `cmd` until it ends, at most `secs` (then kills it); asserts that
/// it ended in failure, and returns what it wrote to stderr.
fn fails_within(mut cmd: Command, secs: u64, what: &str) -> String {
    let mut child = cmd.spawn().unwrap();
    let status = ended_within(&mut child, secs);
    if status.is_none() {
        let _ = child.kill();
    }
    let err = stderr_of(child);
    assert!(
        status.is_some_and(|s| !s.success()),
        "{what} ({status:?}):\n{err}"
    );
    err
}

fn wait_for_log(q: &Quipu, what: &str, secs: u64) {
    let start = Instant::now();
    while !q.log().contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "no {what:?} in the log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn serve_refuses_a_database_it_cannot_write() {
    use std::os::unix::fs::PermissionsExt;
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q1");
    let players = format!("{},{}", stack.addr("alice"), stack.addr("bob"));
    q.ok(&["new", "tikal", "--players", &players, "--seed", "1"]);
    let before = q.ok(&["outbox", "--json"]);
    // The folder stays writable (for SQLite's side files); the file is not.
    std::fs::set_permissions(&q.dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(q.db(), std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = fails_within(serve_cmd(&q, true), 20, "serve ran on a read-only database");
    assert!(
        err.contains("must write the database") && err.contains(&q.db().display().to_string()),
        "{err}"
    );
    assert!(!err.contains("serving"), "{err}");
    std::fs::set_permissions(q.db(), std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(q.ok(&["outbox", "--json"]), before, "the outbox changed");
}

#[test]
fn a_second_serve_on_the_same_database_refuses_and_a_crash_leaves_no_lock() {
    let stack = Stack::get();
    stack.purge_inbox("q2");
    let mut q = Quipu::new(&stack, "q2");
    q.serve();
    wait_for_log(&q, "serving", 20);
    let pid = q.child.as_ref().unwrap().id();
    let err = fails_within(serve_cmd(&q, false), 20, "a second serve started");
    assert!(
        err.contains(&format!("another quipu serve (process {pid})")),
        "{err}"
    );
    assert!(q.alive(), "the first serve ended:\n{}", q.log());
    // A crashed holder leaves no lock behind: the next serve starts.
    q.kill9();
    let mut third = serve_cmd(&q, false).spawn().unwrap();
    let status = ended_within(&mut third, 5);
    let _ = third.kill();
    let err = stderr_of(third);
    assert!(
        status.is_none(),
        "serve after a crash ended ({status:?}):\n{err}"
    );
    assert!(err.contains("serving"), "{err}");
}

/// The highest IMAP UID in each player's INBOX, so that mail from earlier
/// runs (whose databases made the same Message-IDs) is not counted.
fn last_uids(stack: &Stack) -> BTreeMap<&'static str, u32> {
    ["carol", "dave"]
        .into_iter()
        .map(|u| {
            let all = Mailbox::new(stack, u).all();
            (u, all.iter().map(|m| m.uid).max().unwrap_or(0))
        })
        .collect()
}

/// Copies of each outbox Message-ID from `q` that reached the players since `since`.
fn copies(
    stack: &Stack,
    q: &Quipu,
    since: &BTreeMap<&'static str, u32>,
    rows: &[serde_json::Value],
) -> BTreeMap<String, usize> {
    let mut n: BTreeMap<String, usize> = rows
        .iter()
        .map(|r| (r["message_id"].as_str().unwrap().to_string(), 0))
        .collect();
    for (user, last) in since {
        for m in Mailbox::new(stack, user).all() {
            if m.uid <= *last || m.from != q.address {
                continue;
            }
            if let Some(c) = n.get_mut(&m.message_id) {
                *c += 1;
            }
        }
    }
    n
}

#[test]
fn a_sent_mail_that_cannot_be_recorded_stops_the_outbox_and_ends_the_daemon() {
    let stack = Stack::get();
    stack.purge_inbox("q8");
    let mut q = Quipu::new(&stack, "q8");
    let since = last_uids(&stack);
    let players = format!("{},{}", stack.addr("carol"), stack.addr("dave"));
    q.ok(&["new", "tzolkin", "--players", &players, "--seed", "5"]);
    // The disk refuses exactly the record of a sent mail.
    let db = rusqlite::Connection::open(q.db()).unwrap();
    db.execute_batch(
        "CREATE TRIGGER refuse_sent BEFORE UPDATE OF sent_at ON outbox
         WHEN NEW.sent_at IS NOT NULL
         BEGIN SELECT RAISE(ABORT, 'disk I/O error (made by the test)'); END;",
    )
    .unwrap();
    q.serve();
    let status = {
        let child = q.child.as_mut().unwrap();
        ended_within(child, 30)
    };
    assert!(
        status.is_some_and(|s| !s.success()),
        "the daemon went on ({status:?}); log:\n{}",
        q.log()
    );
    let log = q.log();
    assert!(log.contains("the outbox loop stopped"), "{log}");
    assert!(log.contains("could not be recorded"), "{log}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&q.ok(&["outbox", "--json"])).unwrap();
    assert!(rows.iter().all(|r| r["sent_at"].is_null()), "{rows:?}");
    let handed: Vec<&serde_json::Value> =
        rows.iter().filter(|r| !r["handed_at"].is_null()).collect();
    assert!(!handed.is_empty(), "{rows:?}");
    // Sent once each, not again and again: give Postfix time to deliver.
    std::thread::sleep(Duration::from_secs(4));
    let seen = copies(&stack, &q, &since, &rows);
    for r in &rows {
        let id = r["message_id"].as_str().unwrap();
        let want = usize::from(!r["handed_at"].is_null());
        assert_eq!(seen[id], want, "{id}: {seen:?}");
    }
    // Repaired, the daemon sends the mail in doubt again, same Message-ID.
    db.execute_batch("DROP TRIGGER refuse_sent").unwrap();
    q.serve();
    wait_for_log(&q, "were being handed to the SMTP server", 20);
    let start = Instant::now();
    loop {
        let rows: Vec<serde_json::Value> =
            serde_json::from_str(&q.ok(&["outbox", "--json"])).unwrap();
        if rows.iter().all(|r| !r["sent_at"].is_null()) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{rows:?}");
        std::thread::sleep(Duration::from_millis(200));
    }
    let start = Instant::now();
    loop {
        let seen = copies(&stack, &q, &since, &rows);
        let done = rows.iter().all(|r| {
            let id = r["message_id"].as_str().unwrap();
            seen[id] == 1 + usize::from(!r["handed_at"].is_null())
        });
        if done {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{seen:?}");
        std::thread::sleep(Duration::from_millis(300));
    }
    assert!(q.alive(), "{}", q.log());
}
