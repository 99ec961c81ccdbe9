//! Crash and outage safety end to end: a burst of moves by mail in several
//! games while the daemon is killed with SIGKILL at random moments and
//! restarted; then the SMTP and IMAP servers going away and coming back
//! (through a proxy the test switches off and on) while the daemon runs.

mod support;

use quipu::engine::Rng;
use quipu::store::Store;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{reply, Mailbox, Quipu, Received, Stack};

fn outbox(q: &Quipu) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(&q.ok(&["outbox", "--json"])).unwrap();
    v.as_array().unwrap().clone()
}

/// Waits until every outbox row has been accepted by the SMTP server.
fn wait_drained(q: &mut Quipu, secs: u64) -> Vec<serde_json::Value> {
    let start = Instant::now();
    loop {
        let rows = outbox(q);
        if rows.iter().all(|r| !r["sent_at"].is_null()) {
            return rows;
        }
        assert!(q.alive(), "the daemon died; log:\n{}", q.log());
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "outbox not drained in {secs} s: {:?}",
            rows.iter()
                .filter(|r| r["sent_at"].is_null())
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Every outbox row's Message-ID is in its recipient's mailbox.
fn assert_delivered(stack: &Stack, rows: &[serde_json::Value], secs: u64) {
    let mut by_to: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in rows {
        by_to
            .entry(r["to"].as_str().unwrap().to_string())
            .or_default()
            .insert(r["message_id"].as_str().unwrap().to_string());
    }
    let start = Instant::now();
    for (to, want) in by_to {
        let user = to.split('@').next().unwrap();
        loop {
            let have: BTreeSet<String> = Mailbox::new(stack, user)
                .all()
                .into_iter()
                .map(|m| m.message_id)
                .collect();
            let missing: Vec<&String> = want.iter().filter(|m| !have.contains(*m)).collect();
            if missing.is_empty() {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "{to} never got {missing:?}"
            );
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}

/// The highest IMAP UID in each user's INBOX (0 when empty).
fn last_uids(stack: &Stack, users: &[&str]) -> BTreeMap<String, u32> {
    users
        .iter()
        .map(|u| {
            let last = Mailbox::new(stack, u).all().iter().map(|m| m.uid).max();
            (stack.addr(u), last.unwrap_or(0))
        })
        .collect()
}

/// Per recipient, how many extra copies of the outbox's mails from `from`
/// arrived after `since` (a resend after a kill delivers the same Message-ID
/// again; other daemons and earlier runs make the same Message-IDs, hence
/// `from` and `since`).
fn delivered_twice(
    stack: &Stack,
    from: &str,
    rows: &[serde_json::Value],
    since: &BTreeMap<String, u32>,
) -> BTreeMap<String, usize> {
    let mut want: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in rows {
        want.entry(r["to"].as_str().unwrap().to_string())
            .or_default()
            .insert(r["message_id"].as_str().unwrap().to_string());
    }
    let mut twice = BTreeMap::new();
    for (to, ids) in want {
        let user = to.split('@').next().unwrap();
        let mut copies: BTreeMap<String, usize> = BTreeMap::new();
        let after = since.get(&to).copied().unwrap_or(0);
        for m in Mailbox::new(stack, user).all() {
            if m.uid > after && m.from == from && ids.contains(&m.message_id) {
                *copies.entry(m.message_id).or_default() += 1;
            }
        }
        let extra: usize = copies.values().map(|n| n - 1).sum();
        twice.insert(to, extra);
    }
    twice
}

#[test]
fn a_burst_of_moves_by_mail_survives_kill_9_at_random_moments() {
    const TARGET: usize = 200;
    // Enough kills during active play to measure how often a mail is delivered twice.
    const MIN_KILLS: usize = 30;
    let stack = Stack::get();
    stack.purge_inbox("q7");
    let mut q = Quipu::new(&stack, "q7");
    let users = ["alice", "bob", "carol", "dave", "erin", "frank"];
    let emails: Vec<String> = users.iter().map(|u| stack.addr(u)).collect();
    let since = last_uids(&stack, &users);
    let mut boxes: Vec<Mailbox> = users.iter().map(|u| Mailbox::new(&stack, u)).collect();
    for b in &mut boxes {
        b.skip_existing();
    }
    // Six games, two players each, every player in two games.
    let mut games: Vec<i64> = Vec::new();
    for (k, (name, a, b)) in [
        ("tikal", 0, 1),
        ("tikal", 2, 3),
        ("tikal", 4, 5),
        ("tzolkin", 1, 2),
        ("tzolkin", 3, 4),
        ("tzolkin", 5, 0),
    ]
    .into_iter()
    .enumerate()
    {
        let players = format!("{},{}", emails[a], emails[b]);
        let seed = (31 + k).to_string();
        games.push(
            q.ok(&["new", name, "--players", &players, "--seed", &seed])
                .trim()
                .parse()
                .unwrap(),
        );
    }
    q.serve();
    let mut rng = Rng::new(2026);
    // The newest mail with move links per (game, player), and what was answered.
    let mut latest: BTreeMap<(i64, usize), Received> = BTreeMap::new();
    let mut answered: BTreeSet<String> = BTreeSet::new();
    // Every reply sent: Message-ID → (game, player, command).
    let mut sent: BTreeMap<String, (i64, String, String)> = BTreeMap::new();
    let mut kills = 0usize;
    let mut next_kill = Instant::now() + Duration::from_millis(1500 + rng.below(3000) as u64);
    let mut last_progress = Instant::now();
    let start = Instant::now();
    let playing = |sent: usize, kills: usize| sent < TARGET || kills < MIN_KILLS;
    while playing(sent.len(), kills) {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "only {} replies and {kills} kills in 10 min; log:\n{}",
            sent.len(),
            q.log()
        );
        if Instant::now() >= next_kill {
            q.kill9();
            kills += 1;
            if rng.below(2) == 0 {
                std::thread::sleep(Duration::from_millis(rng.below(800) as u64));
            }
            q.serve();
            next_kill = Instant::now() + Duration::from_millis(1000 + rng.below(4000) as u64);
        }
        for (i, b) in boxes.iter_mut().enumerate() {
            for m in b.fresh() {
                if m.from != q.address || m.move_links().is_empty() {
                    continue;
                }
                let Some(g) = games
                    .iter()
                    .copied()
                    .find(|g| m.subject.contains(&format!("#{g}]")))
                else {
                    continue;
                };
                latest.insert((g, i), m);
            }
        }
        let mut progressed = false;
        for ((g, i), m) in &latest {
            if answered.contains(&m.message_id) || !playing(sent.len(), kills) {
                continue;
            }
            let links = m.move_links();
            let choice = links[rng.below(links.len())].clone();
            let me = &emails[*i];
            let to = m.reply_to.clone().expect("a Reply-To with the token");
            let mid = format!(
                "crash.{}.{g}.{}.{}@tester.example.test",
                std::process::id(),
                sent.len(),
                rng.next_u64() % 100_000
            );
            stack.send(me, &to, &reply(me, &to, m, &choice, &mid));
            answered.insert(m.message_id.clone());
            sent.insert(mid, (*g, me.clone(), choice));
            progressed = true;
        }
        if progressed {
            last_progress = Instant::now();
        } else if last_progress.elapsed() > Duration::from_secs(45) {
            panic!(
                "no new turn mail for 45 s after {} replies and {kills} kills; log:\n{}",
                sent.len(),
                q.log()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // One last crash right after the burst, then let the daemon finish.
    q.kill9();
    kills += 1;
    q.serve();
    let deadline = Instant::now() + Duration::from_secs(120);
    let inbound = loop {
        let rows = Store::open(&q.db())
            .unwrap()
            .inbound_log(1_000_000)
            .unwrap();
        let seen: BTreeSet<&str> = rows.iter().map(|r| r.message_id.as_str()).collect();
        if sent.keys().all(|m| seen.contains(m.as_str())) {
            break rows;
        }
        assert!(
            Instant::now() < deadline,
            "replies never processed; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(300));
    };
    // The inbound table holds each Message-ID once.
    let ids: Vec<&str> = inbound.iter().map(|r| r.message_id.as_str()).collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(ids.len(), unique.len(), "a Message-ID recorded twice");
    let outcome: BTreeMap<&str, &str> = inbound
        .iter()
        .map(|r| (r.message_id.as_str(), r.outcome.as_str()))
        .collect();
    // Each reply's Message-ID is the source of at most one move, and of one
    // exactly when it was applied; no move comes from anywhere else.
    let mut applied = 0usize;
    let mut all_moves = 0usize;
    for g in &games {
        let e: serde_json::Value =
            serde_json::from_str(&q.ok(&["export", &g.to_string()])).unwrap();
        let moves: Vec<&serde_json::Value> = e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["kind"] == "move")
            .collect();
        all_moves += moves.len();
        let mut by_source: BTreeMap<&str, Vec<&serde_json::Value>> = BTreeMap::new();
        for m in &moves {
            by_source
                .entry(m["source"].as_str().unwrap())
                .or_default()
                .push(m);
        }
        for (src, ms) in &by_source {
            let (sg, who, cmd) = sent
                .get(*src)
                .unwrap_or_else(|| panic!("move from unknown source {src}"));
            assert_eq!(ms.len(), 1, "{src} applied {} times", ms.len());
            assert_eq!(
                (
                    *sg,
                    ms[0]["seat"].as_str().unwrap(),
                    ms[0]["command"].as_str().unwrap()
                ),
                (*g, who.as_str(), cmd.as_str())
            );
        }
        for (mid, (sg, _, _)) in sent.iter().filter(|(_, (sg, _, _))| sg == g) {
            let o = outcome[mid.as_str()];
            assert_eq!(
                o == "applied",
                by_source.contains_key(mid.as_str()),
                "{mid} in game {sg}: outcome {o}"
            );
            applied += usize::from(o == "applied");
        }
        // The record replays to the recorded state.
        let file = q.dir.join(format!("export-{g}.json"));
        std::fs::write(&file, serde_json::to_string(&e).unwrap()).unwrap();
        let out = q.cli(&["replay", file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "replay of {g} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(all_moves, applied);
    assert!(
        applied >= TARGET * 95 / 100,
        "only {applied} of {} replies applied",
        sent.len()
    );
    assert!(kills >= MIN_KILLS, "only {kills} kills");
    let rows = wait_drained(&mut q, 180);
    assert_delivered(&stack, &rows, 60);
    let twice = delivered_twice(&stack, &q.address, &rows, &since);
    let extra: usize = twice.values().sum();
    eprintln!(
        "crash burst: {} replies, {applied} moves applied once each, {kills} kills, {} outbox rows sent, {extra} delivered twice {twice:?}, {:.0} s",
        sent.len(),
        rows.len(),
        start.elapsed().as_secs_f64()
    );
}

/// A TCP relay the test can switch off (connections refused and cut) and on.
/// It notes each Message-ID header the client sends, in the order the
/// messages pass (for SMTP: the order quipu hands mail to the server).
struct Relay {
    port: u16,
    up: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<TcpStream>>>,
    message_ids: Arc<Mutex<Vec<String>>>,
}

/// Notes the Message-ID headers in the bytes a client sends; `line` keeps
/// the part of a line that a read cut off.
fn note_message_ids(line: &mut Vec<u8>, bytes: &[u8], ids: &Mutex<Vec<String>>) {
    for &b in bytes {
        if b != b'\n' {
            line.push(b);
            continue;
        }
        if line.len() > 11 && line[..11].eq_ignore_ascii_case(b"message-id:") {
            let text = String::from_utf8_lossy(&line[11..]);
            let id = text.trim().trim_start_matches('<').trim_end_matches('>');
            ids.lock().unwrap().push(id.to_string());
        }
        line.clear();
    }
}

impl Relay {
    fn start(target: (String, u16)) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(AtomicBool::new(true));
        let conns: Arc<Mutex<Vec<TcpStream>>> = Arc::new(Mutex::new(Vec::new()));
        let message_ids: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
        let (u, c, ids) = (up.clone(), conns.clone(), message_ids.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if !u.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect((target.0.as_str(), target.1)) else {
                    continue;
                };
                c.lock()
                    .unwrap()
                    .extend([client.try_clone().unwrap(), server.try_clone().unwrap()]);
                for (mut from, mut to, from_client) in [
                    (
                        client.try_clone().unwrap(),
                        server.try_clone().unwrap(),
                        true,
                    ),
                    (server, client, false),
                ] {
                    let ids = ids.clone();
                    std::thread::spawn(move || {
                        let mut buf = [0u8; 16384];
                        let mut line = Vec::new();
                        while let Ok(n) = from.read(&mut buf) {
                            if from_client {
                                note_message_ids(&mut line, &buf[..n], &ids);
                            }
                            if n == 0 || to.write_all(&buf[..n]).is_err() {
                                break;
                            }
                        }
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
            }
        });
        Relay {
            port,
            up,
            conns,
            message_ids,
        }
    }

    fn down(&self) {
        self.up.store(false, Ordering::SeqCst);
        for c in self.conns.lock().unwrap().drain(..) {
            let _ = c.shutdown(Shutdown::Both);
        }
    }

    fn up(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

/// Starts `quipu serve` for `q` with its SMTP and IMAP ports replaced, and
/// any other settings in `env`.
fn serve_via(q: &mut Quipu, smtp: u16, imap: u16, env: &[(&str, &str)]) {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(q.dir.join("serve.log"))
        .unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .envs(q.env())
        .env_remove("QUIPU_CONFIG")
        .env("QUIPU_SMTP_PORT", smtp.to_string())
        .env("QUIPU_IMAP_PORT", imap.to_string())
        .envs(env.iter().copied())
        .arg("serve")
        .stdin(std::process::Stdio::null())
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    q.child = Some(child);
}

#[test]
fn smtp_and_imap_outages_wait_reconnect_and_never_end_the_daemon() {
    let stack = Stack::get();
    stack.purge_inbox("q4");
    let mut q = Quipu::new(&stack, "q4");
    let smtp = Relay::start(stack.smtp.clone());
    let imap = Relay::start(stack.imap.clone());
    let mut erin = Mailbox::new(&stack, "erin");
    let mut frank = Mailbox::new(&stack, "frank");
    erin.skip_existing();
    frank.skip_existing();

    // SMTP down from the start: the game's first mails wait in the outbox.
    smtp.down();
    serve_via(&mut q, smtp.port, imap.port, &[]);
    let players = format!("{},{}", stack.addr("erin"), stack.addr("frank"));
    let id: i64 = q
        .ok(&["new", "tikal", "--players", &players, "--seed", "3"])
        .trim()
        .parse()
        .unwrap();
    let start = Instant::now();
    loop {
        let rows = outbox(&q);
        // The start mails only the seat to act (Erin, by the seed); Frank
        // hears of the start in his first turn mail.
        assert_eq!(rows.len(), 1, "{rows:?}");
        // While the server is away the outbox only looks for it: a mail
        // or two may have been tried, the others wait untouched.
        if rows.iter().any(|r| r["attempts"].as_i64().unwrap() >= 1) {
            assert!(rows.iter().all(|r| r["sent_at"].is_null()), "{rows:?}");
            assert!(
                rows.iter()
                    .all(|r| (r["attempts"] == 0) == r["error"].is_null()),
                "{rows:?}"
            );
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no send attempt: {rows:?}; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        q.alive(),
        "the daemon exited with SMTP down; log:\n{}",
        q.log()
    );
    let tag = format!("#{id}]");
    assert!(
        erin.fresh()
            .iter()
            .all(|m| !(m.from == q.address && m.subject.contains(&tag))),
        "mail got through a closed SMTP port"
    );
    // SMTP back: the outbox drains (within seconds) and the mail arrives.
    smtp.up();
    let rows = wait_drained(&mut q, 90);
    assert_delivered(&stack, &rows, 30);
    let turn = erin.wait_for(30, |m| {
        m.from == q.address && m.subject.contains(&tag) && m.says("Your turn")
    });
    let turn = turn
        .into_iter()
        .rfind(|m| m.from == q.address && m.says("Your turn"))
        .unwrap();

    // IMAP down: the daemon's session is cut and reconnecting fails for a while.
    imap.down();
    let me = stack.addr("erin");
    let to = turn.reply_to.clone().unwrap();
    let cmd = turn.move_links()[0].clone();
    let mid = format!("outage.{}.1@tester.example.test", std::process::id());
    stack.send(&me, &to, &reply(&me, &to, &turn, &cmd, &mid));
    // Long enough for a doubling backoff to grow past half a minute.
    std::thread::sleep(Duration::from_secs(30));
    assert!(
        q.alive(),
        "the daemon exited with IMAP down; log:\n{}",
        q.log()
    );
    assert!(
        !Store::open(&q.db())
            .unwrap()
            .inbound_seen_from(&mid, Some(&me))
            .unwrap(),
        "read a mail through a closed IMAP port"
    );
    assert!(
        q.log().contains("inbox:"),
        "no inbox error logged:\n{}",
        q.log()
    );
    // IMAP back: the daemon reconnects within seconds and plays the reply.
    imap.up();
    let start = Instant::now();
    while !Store::open(&q.db())
        .unwrap()
        .inbound_seen_from(&mid, Some(&me))
        .unwrap()
    {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the reply was not read within 15 s of IMAP's return; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    eprintln!(
        "imap outage: the reply sent meanwhile was handled {:.1} s after the server came back",
        start.elapsed().as_secs_f64()
    );
    let e: serde_json::Value = serde_json::from_str(&q.ok(&["export", &id.to_string()])).unwrap();
    let moves: Vec<&serde_json::Value> = e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "move")
        .collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (
            moves[0]["command"].as_str().unwrap(),
            moves[0]["source"].as_str().unwrap()
        ),
        (cmd.as_str(), mid.as_str())
    );
    let rows = wait_drained(&mut q, 60);
    assert_delivered(&stack, &rows, 30);
    assert!(q.alive());
    let _ = frank.fresh();
}

/// Makes the first legal move of whichever player must act in `game`.
fn play_first_legal(q: &Quipu, game: i64, players: &[String]) {
    for p in players {
        let legal = q.ok(&["legal", &game.to_string(), "--as", p]);
        if let Some(cmd) = legal.lines().next() {
            q.ok(&["move", &game.to_string(), "--as", p, cmd]);
            return;
        }
    }
    panic!("nobody can move in game {game}");
}

#[test]
fn after_an_smtp_outage_every_players_mail_leaves_in_order_within_seconds() {
    let stack = Stack::get();
    stack.purge_inbox("q9");
    let mut q = Quipu::new(&stack, "q9");
    let smtp = Relay::start(stack.smtp.clone());
    let imap = Relay::start(stack.imap.clone());
    let emails: Vec<String> = ["alice", "bob", "carol"]
        .iter()
        .map(|u| stack.addr(u))
        .collect();
    smtp.down();
    // Plain SMTP (loopback needs no login), so that the relay can read the
    // Message-IDs as they pass.
    serve_via(
        &mut q,
        smtp.port,
        imap.port,
        &[("QUIPU_SMTP_TLS", "none"), ("QUIPU_SMTP_USER", "")],
    );
    // Three games, every player in two; moves keep composing mail for
    // each of them while the server is away (about 20 s).
    let mut games = Vec::new();
    for (k, (a, b)) in [(0, 1), (1, 2), (2, 0)].into_iter().enumerate() {
        let players = format!("{},{}", emails[a], emails[b]);
        let seed = (40 + k).to_string();
        let id: i64 = q
            .ok(&["new", "tikal", "--players", &players, "--seed", &seed])
            .trim()
            .parse()
            .unwrap();
        games.push((id, vec![emails[a].clone(), emails[b].clone()]));
    }
    for _ in 0..4 {
        std::thread::sleep(Duration::from_secs(5));
        for (id, players) in &games {
            play_first_legal(&q, *id, players);
        }
    }
    std::thread::sleep(Duration::from_secs(2));
    let rows = outbox(&q);
    assert!(rows.iter().all(|r| r["sent_at"].is_null()), "{rows:?}");
    assert!(
        rows.iter().any(|r| r["attempts"].as_i64().unwrap() >= 1),
        "no send was tried during the outage: {rows:?}; log:\n{}",
        q.log()
    );
    assert!(q.alive(), "{}", q.log());
    // The server back: everything leaves at once.
    smtp.up();
    let back = Instant::now();
    let rows = wait_drained(&mut q, 60);
    let drained = back.elapsed();
    assert_delivered(&stack, &rows, 30);
    // Each recipient's mail reached the server in the order it was composed.
    let handed = smtp.message_ids.lock().unwrap().clone();
    let mut per_player = BTreeMap::new();
    for to in &emails {
        let mut composed: Vec<(i64, &str)> = rows
            .iter()
            .filter(|r| r["to"] == to.as_str())
            .map(|r| (r["id"].as_i64().unwrap(), r["message_id"].as_str().unwrap()))
            .collect();
        composed.sort();
        let composed: Vec<&str> = composed.into_iter().map(|(_, m)| m).collect();
        let mut order: Vec<&str> = Vec::new();
        for m in &handed {
            if composed.contains(&m.as_str()) && !order.contains(&m.as_str()) {
                order.push(m);
            }
        }
        assert_eq!(order, composed, "{to}: handed over out of order");
        per_player.insert(to.clone(), composed.len());
    }
    eprintln!(
        "smtp outage: {} mails for {per_player:?} sent {:.1} s after the server came back",
        rows.len(),
        drained.as_secs_f64()
    );
    assert!(
        drained < Duration::from_secs(10),
        "the outbox took {drained:?} to drain after the outage; log:\n{}",
        q.log()
    );
}
