//! The mail-flow benchmark (issue 2, section 7), through the real local
//! Postfix + Dovecot: a bare IMAP→SMTP echo loop as the mail server's limit,
//! quipu's sustained rate of moves by mail, its latency at a steady 5 moves
//! per second, per-move time with 100 and 10,000 active games, and the
//! daemon's peak memory. Run: `cargo bench --bench mailflow`
//! (`QUIPU_BENCH_QUICK=1` for a short run).

use futures::StreamExt;
use quipu::config::Config;
use quipu::engine::Rng;
use quipu::mail::{imap as qimap, smtp::Smtp};
use quipu::service::{token, NewGameRequest, Service};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

#[path = "support/clone.rs"]
mod clone;
use clone::clone_games;

/// quipu's service account for this benchmark, and the echo loop's.
const SERVICE: &str = "q8";
const ECHO: &str = "q9";
/// The shared player mailboxes; everything we read is filtered by sender.
const PLAYERS: [&str; 6] = ["alice", "bob", "carol", "dave", "erin", "frank"];
/// The game played by mail: two players, long games, cheap moves.
const GAME: &str = "tikal";

/// How long each part runs.
struct Plan {
    quick: bool,
    /// Mails in flight at once: echo clients, and games by mail.
    parallel: usize,
    warm: Duration,
    echo: Duration,
    rate: Duration,
    latency: Duration,
    pace_per_s: f64,
    scale_small: i64,
    scale_large: i64,
    /// Moves made in every game before timing, so the history is not empty.
    history_moves: usize,
    /// Timed moves per database size.
    timed_moves: usize,
}

impl Plan {
    fn from_env() -> Plan {
        let quick = std::env::var("QUIPU_BENCH_QUICK")
            .map(|v| !v.is_empty() && v != "0")
            .unwrap_or(false);
        let s = Duration::from_secs;
        // Mails in flight: enough that neither loop waits on the mail server's
        // round trip (about 1 s through two IDLE notifications) rather than on itself.
        let parallel = std::env::var("QUIPU_BENCH_PARALLEL")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        if quick {
            Plan {
                quick,
                parallel,
                warm: s(2),
                echo: s(8),
                rate: s(10),
                latency: s(12),
                pace_per_s: 5.0,
                scale_small: 100,
                scale_large: 10_000,
                history_moves: 2,
                timed_moves: 60,
            }
        } else {
            Plan {
                quick,
                parallel,
                warm: s(4),
                echo: s(30),
                rate: s(40),
                latency: s(60),
                pace_per_s: 5.0,
                scale_small: 100,
                scale_large: 10_000,
                history_moves: 10,
                timed_moves: 300,
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The mail stack

/// The running mail stack, from the env file its start script writes.
#[derive(Clone, Debug)]
struct Stack {
    domain: String,
    password: String,
    smtp: String,
    imap: (String, u16),
    ca: String,
}

impl Stack {
    fn get() -> Stack {
        let dir = std::env::var("MAILSTACK_DIR").unwrap_or_else(|_| "/tmp/mailstack".into());
        let text = std::fs::read_to_string(format!("{dir}/env"))
            .unwrap_or_else(|_| panic!("the mail stack is not running ({dir}/env missing)"));
        let get = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .map(|v| v.trim_matches('"').to_string())
                .unwrap_or_else(|| panic!("{k} missing in {dir}/env"))
        };
        let imap = get("MAILSTACK_IMAP");
        let (h, p) = imap.rsplit_once(':').expect("host:port");
        Stack {
            domain: get("MAILSTACK_DOMAIN"),
            password: get("MAILSTACK_PASSWORD"),
            smtp: get("MAILSTACK_SMTP"),
            imap: (h.to_string(), p.parse().expect("IMAP port")),
            ca: get("MAILSTACK_CA"),
        }
    }

    fn addr(&self, user: &str) -> String {
        format!("{user}@{}", self.domain)
    }
}

// ---------------------------------------------------------------------------
// SMTP: a client that notes the moment of acceptance, and a recording relay

/// One message the SMTP server accepted: the moment its "250 ... queued as"
/// came back, by Message-ID and Postfix queue id.
#[derive(Clone, Debug)]
struct Accepted {
    message_id: String,
    qid: String,
    at: Instant,
    wall: SystemTime,
}

/// A plain SMTP session kept open for many messages (as the players' side).
struct SmtpClient {
    addr: String,
    conn: Option<(BufReader<TcpStream>, TcpStream)>,
}

impl SmtpClient {
    fn new(addr: &str) -> SmtpClient {
        SmtpClient {
            addr: addr.to_string(),
            conn: None,
        }
    }

    fn expect(r: &mut BufReader<TcpStream>, code: &str) -> std::io::Result<String> {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            if r.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("SMTP connection closed"));
            }
            all.push_str(&line);
            if !line.starts_with(code) {
                return Err(std::io::Error::other(format!(
                    "SMTP: expected {code}, got {line:?}"
                )));
            }
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok(all);
            }
        }
    }

    fn open(&mut self) -> std::io::Result<()> {
        let s = TcpStream::connect(&self.addr)?;
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        s.set_nodelay(true)?;
        let mut r = BufReader::new(s.try_clone()?);
        Self::expect(&mut r, "220")?;
        let mut w = s;
        write!(w, "EHLO players.example.test\r\n")?;
        Self::expect(&mut r, "250")?;
        self.conn = Some((r, w));
        Ok(())
    }

    fn transaction(&mut self, from: &str, to: &str, raw: &str) -> std::io::Result<Accepted> {
        if self.conn.is_none() {
            self.open()?;
        }
        let (r, w) = self.conn.as_mut().expect("connected");
        write!(w, "MAIL FROM:<{from}>\r\n")?;
        Self::expect(r, "250")?;
        write!(w, "RCPT TO:<{to}>\r\n")?;
        Self::expect(r, "250")?;
        write!(w, "DATA\r\n")?;
        Self::expect(r, "354")?;
        let mut body = String::with_capacity(raw.len() + 64);
        for line in raw.replace("\r\n", "\n").lines() {
            if line.starts_with('.') {
                body.push('.');
            }
            body.push_str(line);
            body.push_str("\r\n");
        }
        body.push_str(".\r\n");
        w.write_all(body.as_bytes())?;
        let answer = Self::expect(r, "250")?;
        let at = Instant::now();
        Ok(Accepted {
            message_id: header(raw, "Message-ID").unwrap_or_default(),
            qid: queued_as(&answer),
            at,
            wall: SystemTime::now(),
        })
    }

    /// Sends one message; reconnects once if the kept session broke.
    fn send(&mut self, from: &str, to: &str, raw: &str) -> Accepted {
        match self.transaction(from, to, raw) {
            Ok(a) => a,
            Err(_) => {
                self.conn = None;
                self.transaction(from, to, raw)
                    .unwrap_or_else(|e| panic!("SMTP send to {to}: {e}"))
            }
        }
    }
}

/// The queue id in Postfix's "250 2.0.0 Ok: queued as 2BACA98E3B6".
fn queued_as(line: &str) -> String {
    line.split("queued as ")
        .nth(1)
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// A header's value (first occurrence, unfolded lines only), `<>` stripped.
fn header(raw: &str, name: &str) -> Option<String> {
    let head = raw.split("\r\n\r\n").next().unwrap_or(raw);
    let prefix = format!("{}:", name.to_lowercase());
    head.lines()
        .find(|l| l.to_lowercase().starts_with(&prefix))
        .map(|l| {
            l[prefix.len()..]
                .trim()
                .trim_matches(['<', '>'])
                .to_string()
        })
}

/// A relay between a sender and the SMTP server that records, for every
/// message, the moment the server's acceptance came back. quipu and the echo
/// loop send through it (plain SMTP on loopback), so "accepted by the SMTP
/// server" is timed to the millisecond instead of the log's whole seconds.
struct Recorder {
    port: u16,
    accepted: Arc<Mutex<Vec<Accepted>>>,
}

impl Recorder {
    fn start(upstream: &str) -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the recorder");
        let port = listener.local_addr().expect("addr").port();
        let accepted = Arc::new(Mutex::new(Vec::new()));
        let store = accepted.clone();
        let upstream = upstream.to_string();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(&upstream) else {
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                Self::relay(client, server, store.clone());
            }
        });
        Recorder { port, accepted }
    }

    fn relay(client: TcpStream, server: TcpStream, store: Arc<Mutex<Vec<Accepted>>>) {
        // Message-IDs of finished DATA sections, waiting for the server's answer.
        let waiting: Arc<Mutex<VecDeque<String>>> = Arc::new(Mutex::new(VecDeque::new()));
        let (c_in, s_out) = (
            client.try_clone().expect("clone"),
            server.try_clone().expect("clone"),
        );
        let queue = waiting.clone();
        std::thread::spawn(move || {
            let mut r = BufReader::with_capacity(64 * 1024, c_in);
            let mut w = std::io::BufWriter::with_capacity(64 * 1024, s_out);
            let (mut in_data, mut in_head, mut mid) = (false, false, String::new());
            let mut line = Vec::new();
            loop {
                line.clear();
                if r.buffer().is_empty() && w.flush().is_err() {
                    return;
                }
                if r.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
                    let _ = w.flush();
                    let _ = w.get_ref().shutdown(std::net::Shutdown::Write);
                    return;
                }
                let text = String::from_utf8_lossy(&line);
                if in_data {
                    if text == ".\r\n" || text == ".\n" {
                        in_data = false;
                        queue.lock().unwrap().push_back(std::mem::take(&mut mid));
                    } else if in_head {
                        if text.trim().is_empty() {
                            in_head = false;
                        } else if text.to_lowercase().starts_with("message-id:") {
                            mid = text[11..].trim().trim_matches(['<', '>']).to_string();
                        }
                    }
                } else if text.trim().eq_ignore_ascii_case("DATA") {
                    in_data = true;
                    in_head = true;
                }
                if w.write_all(&line).is_err() {
                    return;
                }
            }
        });
        std::thread::spawn(move || {
            let mut r = BufReader::new(server);
            let mut w = client;
            let mut line = Vec::new();
            loop {
                line.clear();
                if r.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
                    let _ = w.shutdown(std::net::Shutdown::Write);
                    return;
                }
                let text = String::from_utf8_lossy(&line);
                if text.starts_with("250") && text.contains("queued as ") {
                    let at = Instant::now();
                    let message_id = waiting.lock().unwrap().pop_front().unwrap_or_default();
                    store.lock().unwrap().push(Accepted {
                        message_id,
                        qid: queued_as(&text),
                        at,
                        wall: SystemTime::now(),
                    });
                }
                if w.write_all(&line).is_err() {
                    return;
                }
            }
        });
    }

    fn by_message_id(&self) -> HashMap<String, Accepted> {
        self.accepted
            .lock()
            .unwrap()
            .iter()
            .map(|a| (a.message_id.clone(), a.clone()))
            .collect()
    }
}

// ---------------------------------------------------------------------------
// IMAP: players watching their inboxes with IDLE

/// One mail from a watched sender, as a player's client reads it.
#[derive(Clone, Debug)]
struct Arrival {
    user: String,
    at: Instant,
    from: String,
    subject: String,
    message_id: String,
    in_reply_to: String,
    reply_to: Option<String>,
    text: String,
    links: Vec<String>,
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).to_string()
}

fn read_arrival(user: &str, at: Instant, raw: &[u8]) -> Arrival {
    let m = mail_parser::MessageParser::default()
        .parse(raw)
        .unwrap_or_default();
    let addr = |a: Option<&mail_parser::Address>| {
        a.and_then(|a| a.first())
            .and_then(|a| a.address())
            .map(|s| s.to_lowercase())
    };
    let html = m.body_html(0).map(|t| t.to_string()).unwrap_or_default();
    let mut links = Vec::new();
    for part in html.split("href=\"mailto:").skip(1) {
        let url = part
            .split('"')
            .next()
            .unwrap_or("")
            .replace("&amp;", "&")
            .replace("&#38;", "&");
        if let Some(body) = url
            .split(['?', '&'])
            .find_map(|kv| kv.strip_prefix("body="))
        {
            links.push(percent_decode(body));
        }
    }
    Arrival {
        user: user.to_string(),
        at,
        from: addr(m.from()).unwrap_or_default(),
        subject: m.subject().unwrap_or_default().to_string(),
        message_id: m.message_id().unwrap_or_default().to_string(),
        in_reply_to: m.in_reply_to().as_text().unwrap_or_default().to_string(),
        reply_to: addr(m.reply_to()),
        text: m.body_text(0).map(|t| t.to_string()).unwrap_or_default(),
        links,
    }
}

/// True if the server announced new mail that no IDLE will report again.
fn drain_exists(s: &async_imap::Session<tokio::net::TcpStream>) -> bool {
    let mut new = false;
    while let Ok(u) = s.unsolicited_responses.try_recv() {
        new |= matches!(
            u,
            async_imap::types::UnsolicitedResponse::Exists(_)
                | async_imap::types::UnsolicitedResponse::Recent(_)
        );
    }
    new
}

/// Watches `user`'s INBOX for mail from `senders` (new mail only), sends each
/// to `tx`, and at the end deletes what it read, to keep shared inboxes small.
fn watch(
    stack: Stack,
    user: String,
    senders: Vec<String>,
    tx: mpsc::Sender<Arrival>,
    ready: mpsc::Sender<()>,
    stop: Arc<AtomicBool>,
) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let result: Result<(), String> = rt.block_on(async {
        let tcp = tokio::net::TcpStream::connect((stack.imap.0.as_str(), stack.imap.1))
            .await
            .map_err(|e| e.to_string())?;
        let mut client = async_imap::Client::new(tcp);
        client.read_response().await.map_err(|e| e.to_string())?;
        let mut s = client
            .login(&user, &stack.password)
            .await
            .map_err(|e| e.0.to_string())?;
        let mb = s.select("INBOX").await.map_err(|e| e.to_string())?;
        let mut last = mb.uid_next.unwrap_or(1).saturating_sub(1);
        let filter = senders
            .iter()
            .map(|f| format!("FROM \"{f}\""))
            .reduce(|a, b| format!("OR {a} {b}"))
            .unwrap_or_default();
        // Mail our service accounts left here in an earlier, interrupted run
        // is deleted with this run's at the end.
        let mut read: Vec<u32> = if last > 0 {
            s.uid_search(format!("UID 1:{last} {filter}"))
                .await
                .map_err(|e| e.to_string())?
                .into_iter()
                .collect()
        } else {
            Vec::new()
        };
        let _ = ready.send(());
        let mut again = true;
        while !stop.load(Ordering::Relaxed) {
            if again {
                let found = s
                    .uid_search(format!("UID {}:* {filter}", last + 1))
                    .await
                    .map_err(|e| e.to_string())?;
                let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > last).collect();
                uids.sort_unstable();
                if !uids.is_empty() {
                    let set = uids
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(",");
                    let mut got = Vec::new();
                    {
                        let mut st = s
                            .uid_fetch(&set, "(UID BODY.PEEK[])")
                            .await
                            .map_err(|e| e.to_string())?;
                        while let Some(f) = st.next().await {
                            let f = f.map_err(|e| e.to_string())?;
                            if let (Some(uid), Some(b)) = (f.uid, f.body()) {
                                got.push((uid, b.to_vec()));
                            }
                        }
                    }
                    let at = Instant::now();
                    got.sort_by_key(|g| g.0);
                    for (uid, raw) in got {
                        last = last.max(uid);
                        read.push(uid);
                        let _ = tx.send(read_arrival(&user, at, &raw));
                    }
                }
            }
            if drain_exists(&s) {
                again = true;
                continue;
            }
            let mut idle = s.idle();
            idle.init().await.map_err(|e| e.to_string())?;
            let (wait, _interrupt) = idle.wait_with_timeout(Duration::from_millis(400));
            let woke = wait.await.map_err(|e| e.to_string())?;
            again = matches!(woke, async_imap::extensions::idle::IdleResponse::NewData(_));
            s = idle.done().await.map_err(|e| e.to_string())?;
            again |= drain_exists(&s);
        }
        for chunk in read.chunks(500) {
            let set = chunk
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            {
                let mut st = s
                    .uid_store(&set, "+FLAGS.SILENT (\\Deleted)")
                    .await
                    .map_err(|e| e.to_string())?;
                while st.next().await.is_some() {}
            }
            let ex = s.uid_expunge(&set).await.map_err(|e| e.to_string())?;
            let mut ex = std::pin::pin!(ex);
            while ex.next().await.is_some() {}
        }
        let _ = s.logout().await;
        Ok(())
    });
    if let Err(e) = result {
        eprintln!("watcher {user}: {e}");
    }
}

/// Every player's inbox, watched.
struct Watchers {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
    rx: mpsc::Receiver<Arrival>,
}

impl Watchers {
    fn start(stack: &Stack, senders: &[String]) -> Watchers {
        let (tx, rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let threads = PLAYERS
            .iter()
            .map(|p| {
                let (stack, user, senders, tx, ready, stop) = (
                    stack.clone(),
                    stack.addr(p),
                    senders.to_vec(),
                    tx.clone(),
                    ready_tx.clone(),
                    stop.clone(),
                );
                std::thread::spawn(move || watch(stack, user, senders, tx, ready, stop))
            })
            .collect();
        for _ in PLAYERS {
            ready_rx
                .recv_timeout(Duration::from_secs(30))
                .expect("a player's inbox watcher did not start");
        }
        Watchers { stop, threads, rx }
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads {
            let _ = t.join();
        }
    }
}

// ---------------------------------------------------------------------------
// (1) The echo loop

/// The bare loop on q9: IDLE, fetch, one answer per mail (to its From, found
/// by a byte scan, no parsing), move it away; quipu's own IMAP and SMTP code.
fn echo_server(config: Config, stop: Arc<AtomicBool>) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let smtp = Smtp::new(&config.smtp, "example.test").expect("SMTP settings");
        let mut session = qimap::connect(&config.imap).await.expect("echo: IMAP");
        let mut n = 0u64;
        while !stop.load(Ordering::Relaxed) {
            let mails = qimap::fetch_all(&mut session, usize::MAX).await.expect("echo: fetch");
            let uids: Vec<u32> = mails.iter().map(|m| m.uid).collect();
            for m in mails {
                let text = String::from_utf8_lossy(&m.raw);
                let from = header(&text, "From").unwrap_or_default();
                let from = from.rsplit('<').next().unwrap_or(&from).trim_end_matches('>').to_string();
                let request = header(&text, "Message-ID").unwrap_or_default();
                n += 1;
                let raw = format!(
                    "From: <{me}>\r\nTo: <{from}>\r\nSubject: echo\r\nMessage-ID: <echo.{n}.{}@example.test>\r\nIn-Reply-To: <{request}>\r\n\r\necho\r\n",
                    std::process::id(),
                    me = config.address
                );
                if from.contains('@') {
                    let _ = smtp.send(&config.address, &from, raw.as_bytes()).await;
                }
            }
            qimap::move_to(&mut session, &uids, &config.imap.processed).await.expect("echo: move");
            session = qimap::idle(session, Duration::from_millis(500)).await.expect("echo: IDLE");
        }
    });
}

/// Round trips per second of `plan.parallel` clients, each sending its next
/// mail to the echo loop as soon as the answer to the last one arrives.
fn run_echo(plan: &Plan, stack: &Stack, recorder: &Recorder, dir: &Path) -> f64 {
    let config = service_config(
        stack,
        ECHO,
        recorder.port,
        &dir.join("echo-unused.db"),
        "none",
    );
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let stop = stop.clone();
        std::thread::spawn(move || echo_server(config, stop))
    };
    let echo_addr = stack.addr(ECHO);
    let watchers = Watchers::start(stack, std::slice::from_ref(&echo_addr));
    std::thread::sleep(Duration::from_millis(800)); // let the loop drain old mail
    let mut smtp = SmtpClient::new(&stack.smtp);
    let run = format!(
        "{}.{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis()
    );
    let mut seq = 0u64;
    let mut in_flight: HashMap<String, usize> = HashMap::new();
    let send = |client: usize,
                smtp: &mut SmtpClient,
                seq: &mut u64,
                in_flight: &mut HashMap<String, usize>| {
        *seq += 1;
        let from = stack.addr(PLAYERS[client % PLAYERS.len()]);
        let mid = format!("echo-req.{run}.{seq}@players.example.test");
        let raw = format!("From: <{from}>\r\nTo: <{echo_addr}>\r\nSubject: ping {client}\r\nMessage-ID: <{mid}>\r\n\r\nping\r\n");
        smtp.send(&from, &echo_addr, &raw);
        in_flight.insert(mid, client);
    };
    for c in 0..plan.parallel {
        send(c, &mut smtp, &mut seq, &mut in_flight);
    }
    let start = Instant::now();
    let (mut done, mut done_at_warm, mut warm_at) = (0u64, 0u64, None);
    while start.elapsed() < plan.warm + plan.echo {
        if warm_at.is_none() && start.elapsed() >= plan.warm {
            warm_at = Some(Instant::now());
            done_at_warm = done;
        }
        let Ok(a) = watchers.rx.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        if let Some(client) = in_flight.remove(&a.in_reply_to) {
            done += 1;
            send(client, &mut smtp, &mut seq, &mut in_flight);
        }
    }
    let secs = warm_at.map(|w| w.elapsed().as_secs_f64()).unwrap_or(1.0);
    let rate = (done - done_at_warm) as f64 / secs;
    stop.store(true, Ordering::Relaxed);
    // Let the last answers land, so nothing of ours is left behind in the inboxes.
    let until = Instant::now() + Duration::from_secs(3);
    while !in_flight.is_empty() && Instant::now() < until {
        if let Ok(a) = watchers.rx.recv_timeout(Duration::from_millis(200)) {
            in_flight.remove(&a.in_reply_to);
        }
    }
    watchers.stop();
    let _ = server.join();
    rate
}

// ---------------------------------------------------------------------------
// quipu by mail: the daemon, the games, the players

/// A service configuration for `account`, sending through the recorder.
fn service_config(stack: &Stack, account: &str, smtp_port: u16, db: &Path, secret: &str) -> Config {
    let toml = config_toml(stack, account, smtp_port, db, secret);
    toml::from_str(&toml).expect("bench config")
}

fn config_toml(stack: &Stack, account: &str, smtp_port: u16, db: &Path, secret: &str) -> String {
    let address = stack.addr(account);
    format!(
        "db = {db:?}\naddress = {address:?}\nsecret = {secret:?}\n\
         [imap]\nhost = {ih:?}\nport = {ip}\nuser = {address:?}\npassword = {pw:?}\ntls = \"starttls\"\nca_file = {ca:?}\n\
         [smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\ntls = \"none\"\n\
         [limits]\nper_sender_per_hour = 1000000\nanswers_per_hour = 1000000\n",
        db = db.display().to_string(),
        ih = stack.imap.0,
        ip = stack.imap.1,
        pw = stack.password,
        ca = stack.ca,
    )
}

/// `quipu serve` as a child process.
struct Daemon {
    child: Child,
}

impl Daemon {
    fn start(config_file: &Path, log: &Path) -> Daemon {
        let log = std::fs::File::create(log).expect("daemon log");
        let mut command = Command::new(env!("CARGO_BIN_EXE_quipu"));
        // If the benchmark is killed, the daemon goes with it.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        let child = command
            .args(["serve", "--config", &config_file.display().to_string()])
            .env_remove("QUIPU_CONFIG")
            .envs(
                std::env::vars()
                    .filter(|(k, _)| k.starts_with("QUIPU_") && k != "QUIPU_BENCH_QUICK")
                    .map(|(k, _)| (k, String::new())),
            )
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("start quipu serve");
        Daemon { child }
    }

    /// The peak resident set (VmHWM) so far, in MB.
    fn peak_rss_mb(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
            .unwrap_or(f64::NAN)
    }

    /// CPU time the daemon used so far (user + system), in seconds.
    fn cpu_secs(&self) -> f64 {
        cpu_secs_of(&format!("/proc/{}/stat", self.child.id()))
    }

    fn stop(mut self) {
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// User + system CPU seconds from a /proc/.../stat file.
fn cpu_secs_of(path: &str) -> f64 {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    // Fields after the command name (which is in parentheses): utime is the 14th field overall.
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / ticks.max(1.0)
}

/// A reply as a mail client writes it: the command on top, the mail quoted below.
fn reply_mail(from: &str, to: &str, original: &Arrival, body: &str, message_id: &str) -> String {
    let quoted: String = original
        .text
        .lines()
        .take(40)
        .map(|l| format!("> {l}\n"))
        .collect();
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: {subject}\r\nMessage-ID: <{message_id}>\r\nIn-Reply-To: <{irt}>\r\nReferences: <{irt}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n\r\nOn Sun, 22 Nov 2026 at 09:59, quipu <{to}> wrote:\r\n{quoted}",
        subject = original.subject,
        irt = original.message_id,
    )
}

/// One reply a player sent, for the latency figures.
#[derive(Clone, Debug)]
struct SentReply {
    game: i64,
    message_id: String,
    accepted: Accepted,
    /// The highest outbox row of the game before this reply: its answers come after.
    outbox_before: i64,
}

/// How the players pace their replies.
#[derive(Clone, Copy)]
enum Pace {
    /// Each reply as soon as its turn mail arrives.
    AsFast,
    /// One reply per slot, `n` per second, whichever turn mail waits longest.
    Steady(f64),
}

struct ByMail<'a> {
    stack: &'a Stack,
    db: PathBuf,
    games: Vec<i64>,
    smtp: SmtpClient,
    watchers: Watchers,
    seq: u64,
    run: String,
    rng: Rng,
    answered: std::collections::HashSet<String>,
    /// When each of quipu's mails reached a player's inbox (seen by IDLE).
    arrivals: HashMap<String, Instant>,
    /// Turn mails not answered yet, oldest first (one per game).
    ready: VecDeque<(i64, Arrival)>,
    /// Games with a reply sent and no turn mail since.
    waiting: std::collections::HashSet<i64>,
}

impl ByMail<'_> {
    fn read_db(&self) -> rusqlite::Connection {
        let c = rusqlite::Connection::open_with_flags(
            &self.db,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )
        .expect("open the daemon's db");
        c.busy_timeout(Duration::from_secs(10)).ok();
        c
    }

    fn moves_by_mail(&self, c: &rusqlite::Connection) -> i64 {
        c.query_row(
            "SELECT COUNT(*) FROM moves WHERE kind = 'move' AND source LIKE '%@%'",
            [],
            |r| r.get(0),
        )
        .unwrap_or(0)
    }

    fn game_of(&self, a: &Arrival) -> Option<i64> {
        let rest = a.subject.split("[quipu #").nth(1)?;
        let id: i64 = rest.split(']').next()?.parse().ok()?;
        self.games.contains(&id).then_some(id)
    }

    /// Plays for `secs` at `pace`; returns the replies sent (after warm-up) and
    /// the moves applied per second in the measured window.
    fn play(&mut self, warm: Duration, secs: Duration, pace: Pace) -> (Vec<SentReply>, f64) {
        let db = self.read_db();
        let mut sent = Vec::new();
        let start = Instant::now();
        let mut next_slot = start;
        let mut trace_at = start;
        let (mut warm_at, mut moves_at_warm) = (None, 0);
        loop {
            let now = Instant::now();
            if warm_at.is_none() && now >= start + warm {
                warm_at = Some(now);
                moves_at_warm = self.moves_by_mail(&db);
            }
            if now >= start + warm + secs {
                break;
            }
            if std::env::var_os("QUIPU_BENCH_TRACE").is_some() && now >= trace_at {
                trace_at = now + Duration::from_secs(1);
                println!(
                    "# t={:.1} ready={} waiting={} sent={}",
                    start.elapsed().as_secs_f64(),
                    self.ready.len(),
                    self.waiting.len(),
                    self.seq
                );
            }
            // Take in whatever arrived.
            let wait = match pace {
                Pace::AsFast if !self.ready.is_empty() => Duration::ZERO,
                Pace::Steady(_) if !self.ready.is_empty() => {
                    next_slot.saturating_duration_since(now)
                }
                _ => Duration::from_millis(100),
            };
            self.take_in(wait);
            let send_now = match pace {
                Pace::AsFast => self.ready.len(),
                Pace::Steady(per_s) => {
                    let now = Instant::now();
                    if now >= next_slot && !self.ready.is_empty() {
                        next_slot = (next_slot + Duration::from_secs_f64(1.0 / per_s))
                            .max(now - Duration::from_millis(50));
                        1
                    } else {
                        if now >= next_slot + Duration::from_secs(1) {
                            next_slot = now; // no turn waiting: do not bank missed slots
                        }
                        0
                    }
                }
            };
            for _ in 0..send_now {
                let Some((g, a)) = self.ready.pop_front() else {
                    break;
                };
                let outbox_before: i64 = db
                    .query_row(
                        "SELECT COALESCE(MAX(id), 0) FROM outbox WHERE game_id = ?1",
                        [g],
                        |r| r.get(0),
                    )
                    .unwrap_or(0);
                let choice = a.links[self.rng.below(a.links.len())].clone();
                self.seq += 1;
                let mid = format!("bench.{}.{g}.{}@players.example.test", self.run, self.seq);
                let to = a.reply_to.clone().unwrap_or_default();
                let raw = reply_mail(&a.user, &to, &a, &choice, &mid);
                let accepted = self.smtp.send(&a.user, &to, &raw);
                self.waiting.insert(g);
                if warm_at.is_some() {
                    sent.push(SentReply {
                        game: g,
                        message_id: mid,
                        accepted,
                        outbox_before,
                    });
                }
            }
        }
        let moves = self.moves_by_mail(&db) - moves_at_warm;
        let rate = moves as f64 / warm_at.map(|w| w.elapsed().as_secs_f64()).unwrap_or(1.0);
        // Let every reply be answered before the next part (or the figures) start.
        let until = Instant::now() + Duration::from_secs(30);
        while !self.waiting.is_empty() && Instant::now() < until {
            self.take_in(Duration::from_millis(100));
        }
        (sent, rate)
    }

    /// Takes in what arrived (waiting up to `wait` for the first): turn mails
    /// join the queue of replies to write.
    fn take_in(&mut self, wait: Duration) {
        let service = self.stack.addr(SERVICE);
        let first = self.watchers.rx.recv_timeout(wait).ok();
        let more: Vec<Arrival> = self.watchers.rx.try_iter().collect();
        for a in first.into_iter().chain(more) {
            if a.from != service {
                continue;
            }
            self.arrivals.insert(a.message_id.clone(), a.at);
            if !a.links.is_empty()
                && a.reply_to.is_some()
                && self.answered.insert(a.message_id.clone())
            {
                if let Some(g) = self.game_of(&a) {
                    self.waiting.remove(&g);
                    self.ready.retain(|(x, _)| *x != g);
                    self.ready.push_back((g, a));
                }
            }
        }
    }
}

/// p-th percentile (0..=100) of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Latency figures of the steady part.
struct Latency {
    samples: Vec<f64>,
    missing: usize,
    delivered: Vec<f64>,
    log_checked: usize,
    log_agree: usize,
}

/// From each reply's acceptance to the acceptance of the last answer it caused.
fn latencies(
    replies: &[SentReply],
    db: &Path,
    recorder: &Recorder,
    arrivals_at: &HashMap<String, Instant>,
) -> Latency {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("db");
    let mut st = c
        .prepare("SELECT id, game_id, message_id FROM outbox WHERE game_id IS NOT NULL ORDER BY id")
        .expect("sql");
    let rows: Vec<(i64, i64, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("sql")
        .flatten()
        .collect();
    let applied = |mid: &str| -> bool {
        c.query_row(
            "SELECT outcome FROM inbound WHERE message_id = ?1",
            [mid],
            |r| r.get::<_, String>(0),
        )
        .map(|o| o == "applied")
        .unwrap_or(false)
    };
    let accepted = recorder.by_message_id();
    let mut by_game: BTreeMap<i64, Vec<&SentReply>> = BTreeMap::new();
    for r in replies {
        by_game.entry(r.game).or_default().push(r);
    }
    let mut out = Latency {
        samples: vec![],
        missing: 0,
        delivered: vec![],
        log_checked: 0,
        log_agree: 0,
    };
    for list in by_game.values() {
        for (i, r) in list.iter().enumerate() {
            let upper = list.get(i + 1).map(|n| n.outbox_before).unwrap_or(i64::MAX);
            let answers: Vec<&(i64, i64, String)> = rows
                .iter()
                .filter(|(id, g, _)| *g == r.game && *id > r.outbox_before && *id <= upper)
                .collect();
            if answers.is_empty() || !applied(&r.message_id) {
                out.missing += 1;
                continue;
            }
            let times: Option<Vec<Instant>> = answers
                .iter()
                .map(|(_, _, m)| accepted.get(m).map(|a| a.at))
                .collect();
            match times.and_then(|t| t.into_iter().max()) {
                Some(last) => out
                    .samples
                    .push(last.duration_since(r.accepted.at).as_secs_f64()),
                None => out.missing += 1,
            }
            let seen: Option<Vec<Instant>> = answers
                .iter()
                .map(|(_, _, m)| arrivals_at.get(m).copied())
                .collect();
            if let Some(last) = seen.and_then(|t| t.into_iter().max()) {
                out.delivered
                    .push(last.duration_since(r.accepted.at).as_secs_f64());
            }
        }
    }
    out.samples.sort_by(f64::total_cmp);
    out.delivered.sort_by(f64::total_cmp);
    // Cross-check the recorded moments against Postfix's own log (whole seconds).
    let log = std::fs::read_to_string("/tmp/mailstack/log/postfix.log").unwrap_or_default();
    let mut logged: HashMap<String, (String, u32)> = HashMap::new();
    for line in log
        .lines()
        .filter(|l| l.contains("postfix/cleanup") && l.contains("message-id="))
    {
        let mut parts = line.split_whitespace();
        let (_, _, time) = (parts.next(), parts.next(), parts.next().unwrap_or(""));
        let secs = time
            .split(':')
            .filter_map(|x| x.parse::<u32>().ok())
            .fold(0, |a, x| a * 60 + x);
        if let Some(rest) = line.split("]: ").nth(1) {
            if let Some((qid, mid)) = rest.split_once(": message-id=") {
                logged.insert(
                    qid.trim().to_string(),
                    (mid.trim().trim_matches(['<', '>']).to_string(), secs),
                );
            }
        }
    }
    let mut mine: Vec<Accepted> = replies.iter().map(|r| r.accepted.clone()).collect();
    mine.extend(recorder.accepted.lock().unwrap().iter().cloned());
    for a in mine.iter().filter(|a| !a.qid.is_empty()) {
        out.log_checked += 1;
        let day = a
            .wall
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| (d.as_secs() % 86_400) as i64)
            .unwrap_or(0);
        if let Some((mid, secs)) = logged.get(&a.qid) {
            let dt = (day - *secs as i64).rem_euclid(86_400);
            if *mid == a.message_id && (dt <= 1 || dt >= 86_399) {
                out.log_agree += 1;
            }
        }
    }
    out
}

fn avg_mail_kb(db: &Path) -> f64 {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("db");
    c.query_row("SELECT AVG(LENGTH(raw)) FROM outbox", [], |r| {
        r.get::<_, f64>(0)
    })
    .unwrap_or(0.0)
        / 1024.0
}

/// Games by mail for `plan.parallel` pairs of players, through the daemon.
fn new_games(service: &Service, n: usize, seed: u64) -> Vec<i64> {
    (0..n)
        .map(|i| {
            let a = PLAYERS[i % PLAYERS.len()];
            let b = PLAYERS[(i + 1 + i / PLAYERS.len()) % PLAYERS.len()];
            let b = if a == b {
                PLAYERS[(i + 2) % PLAYERS.len()]
            } else {
                b
            };
            let req = NewGameRequest {
                game: GAME.into(),
                players: vec![format!("{a}@example.test"), format!("{b}@example.test")],
                seed: Some(seed + i as u64),
                options: vec![],
                invited_by: None,
            };
            service
                .create_game(&req, chrono::Utc::now())
                .expect("a new game")
        })
        .collect()
}

struct MailFigures {
    moves_per_s: f64,
    latency: Latency,
    achieved_pace: f64,
    peak_rss_mb: f64,
}

fn run_quipu(plan: &Plan, stack: &Stack, recorder: &Recorder, dir: &Path) -> MailFigures {
    let db = dir.join("mail.db");
    let secret = format!(
        "bench-{}-{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos()
    );
    let config_file = dir.join("quipu.toml");
    std::fs::write(
        &config_file,
        config_toml(stack, SERVICE, recorder.port, &db, &secret),
    )
    .expect("config");
    let config = service_config(stack, SERVICE, recorder.port, &db, &secret);
    let service = Service::open(config).expect("open the database");
    let service_addr = stack.addr(SERVICE);
    let watchers = Watchers::start(stack, std::slice::from_ref(&service_addr));
    // The games first; the daemon sends their first mails when it starts.
    let games = new_games(&service, plan.parallel, 7);
    drop(service);
    let daemon = Daemon::start(&config_file, &dir.join("serve.log"));
    let mut bm = ByMail {
        stack,
        db: db.clone(),
        games,
        smtp: SmtpClient::new(&stack.smtp),
        watchers,
        seq: 0,
        run: secret.clone(),
        rng: Rng::new(11),
        answered: Default::default(),
        arrivals: HashMap::new(),
        ready: VecDeque::new(),
        waiting: Default::default(),
    };
    println!(
        "# quipu by mail: {} games of {GAME} in parallel, players answer at once",
        bm.games.len()
    );
    let (cpu0, own0, t0) = (
        daemon.cpu_secs(),
        cpu_secs_of("/proc/self/stat"),
        Instant::now(),
    );
    let (_, moves_per_s) = bm.play(plan.warm, plan.rate, Pace::AsFast);
    let (cpu, own, secs) = (
        daemon.cpu_secs() - cpu0,
        cpu_secs_of("/proc/self/stat") - own0,
        t0.elapsed().as_secs_f64(),
    );
    println!("quipu_sustained_moves_per_s={moves_per_s:.1}");
    println!("# CPU during that part: daemon {:.0}% of a core, benchmark players {:.0}%; outbox mail size avg {:.0} KB", 100.0 * cpu / secs, 100.0 * own / secs, avg_mail_kb(&db));
    println!("# quipu by mail at a steady {} moves/s", plan.pace_per_s);
    let (sent, _) = bm.play(
        Duration::from_secs(2),
        plan.latency,
        Pace::Steady(plan.pace_per_s),
    );
    let achieved = sent.len() as f64 / plan.latency.as_secs_f64();
    let peak = daemon.peak_rss_mb();
    let latency = latencies(&sent, &db, recorder, &bm.arrivals);
    daemon.stop();
    bm.watchers.stop();
    MailFigures {
        moves_per_s,
        latency,
        achieved_pace: achieved,
        peak_rss_mb: peak,
    }
}

// ---------------------------------------------------------------------------
// (4) Per-move time against the size of the database

/// A reply to game `id` as `email`, straight to the service (no mail server).
fn direct_reply(
    service_addr: &str,
    secret: &str,
    id: i64,
    email: &str,
    command: &str,
    mid: &str,
) -> String {
    let (local, domain) = service_addr
        .split_once('@')
        .unwrap_or((service_addr, "example.test"));
    let to = format!("{local}+{}@{domain}", token::token(secret, id, email));
    format!(
        "From: <{email}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #{id}]\r\nMessage-ID: <{mid}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{command}\r\n"
    )
}

/// Makes `rounds` moves in each of `games` by mail through `handle_mail`; returns seconds per move.
fn timed_moves(
    service: &Service,
    secret: &str,
    games: &[i64],
    rounds: usize,
    seed: u64,
    tag: &str,
) -> Vec<f64> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let address = service.config.address.clone();
    for round in 0..rounds {
        for &id in games {
            let Some(email) = service.to_act(id).ok().and_then(|v| v.into_iter().next()) else {
                continue;
            };
            let legal = service.legal(id, &email).unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let cmd = legal[rng.below(legal.len())].clone();
            let raw = direct_reply(
                &address,
                secret,
                id,
                &email,
                &cmd,
                &format!("{tag}.{round}.{id}@players.example.test"),
            );
            let t = Instant::now();
            let o = service
                .handle_mail(raw.as_bytes(), chrono::Utc::now())
                .expect("handle a reply");
            out.push(t.elapsed().as_secs_f64());
            assert_eq!(o.outcome, "applied", "a timed move was not applied: {o:?}");
        }
    }
    out
}

struct ScaleFigures {
    small_ms: f64,
    large_ms: f64,
    small_tick_ms: f64,
    large_tick_ms: f64,
    games_large: i64,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn run_scale(plan: &Plan, stack: &Stack, dir: &Path) -> ScaleFigures {
    let secret = "bench-scale";
    let small = dir.join("scale-small.db");
    let large = dir.join("scale-large.db");
    let config = |db: &Path| service_config(stack, SERVICE, 1, db, secret);
    let t = Instant::now();
    {
        let service = Service::open(config(&small)).expect("db");
        let mut rng = Rng::new(3);
        let players: Vec<(String, String)> = (0..plan.scale_small)
            .map(|i| {
                (
                    format!("s{i}a@players.example.test"),
                    format!("s{i}b@players.example.test"),
                )
            })
            .collect();
        for (i, (a, b)) in players.iter().enumerate() {
            let req = NewGameRequest {
                game: GAME.into(),
                players: vec![a.clone(), b.clone()],
                seed: Some(100 + i as u64),
                options: vec![],
                invited_by: None,
            };
            let id = service.create_game(&req, chrono::Utc::now()).expect("game");
            // A little history in every game, as in a running service.
            for _ in 0..plan.history_moves {
                let Some(email) = service.to_act(id).ok().and_then(|v| v.into_iter().next()) else {
                    break;
                };
                let legal = service.legal(id, &email).unwrap_or_default();
                if legal.is_empty() {
                    break;
                }
                let cmd = legal[rng.below(legal.len())].clone();
                let raw = direct_reply(
                    &service.config.address,
                    secret,
                    id,
                    &email,
                    &cmd,
                    &format!("hist.{id}.{}@players.example.test", rng.next_u64()),
                );
                service
                    .handle_mail(raw.as_bytes(), chrono::Utc::now())
                    .expect("history");
            }
        }
        let c = rusqlite::Connection::open(&small).expect("db");
        c.execute_batch("UPDATE outbox SET sent_at = created_at; PRAGMA wal_checkpoint(TRUNCATE);")
            .expect("sent");
    }
    std::fs::copy(&small, &large).expect("copy db");
    clone_games(&large, plan.scale_small, plan.scale_large);
    println!(
        "# per-move time: databases built in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let timed: Vec<i64> = (1..=20.min(plan.scale_small)).collect();
    let rounds = plan.timed_moves / timed.len();
    let mut figures = [0.0f64; 4];
    for (k, db) in [&small, &large].into_iter().enumerate() {
        let service = Service::open(config(db)).expect("db");
        // One untimed round: the first move of a game replays it (cold cache).
        timed_moves(&service, secret, &timed, 1, 5, &format!("warm{k}"));
        let v = timed_moves(&service, secret, &timed, rounds, 9, &format!("timed{k}"));
        figures[k] = mean(&v) * 1000.0;
        let t = Instant::now();
        service.tick(chrono::Utc::now()).expect("tick");
        figures[2 + k] = t.elapsed().as_secs_f64() * 1000.0;
    }
    let c = rusqlite::Connection::open(&large).expect("db");
    let games_large: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'active'",
            [],
            |r| r.get(0),
        )
        .unwrap_or(0);
    ScaleFigures {
        small_ms: figures[0],
        large_ms: figures[1],
        small_tick_ms: figures[2],
        large_tick_ms: figures[3],
        games_large,
    }
}

// ---------------------------------------------------------------------------

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter we ignore.
    let plan = Plan::from_env();
    let stack = Stack::get();
    let dir = std::env::temp_dir().join(format!("quipu-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "# quipu mail-flow benchmark ({} mode), load average at start: {}",
        if plan.quick { "quick" } else { "full" },
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let started = Instant::now();
    let recorder = Recorder::start(&stack.smtp);

    let parts = std::env::var("QUIPU_BENCH_PARTS").unwrap_or_else(|_| "echo,mail,scale".into());
    let echo = if parts.contains("echo") {
        println!(
            "# (1) echo loop on {}: {} clients in flight",
            stack.addr(ECHO),
            plan.parallel
        );
        let echo = run_echo(&plan, &stack, &recorder, &dir);
        println!("echo_round_trips_per_s={echo:.1}");
        echo
    } else {
        f64::NAN
    };
    if !parts.contains("mail") {
        let scale = run_scale(&plan, &stack, &dir);
        println!("per_move_ms_small={:.2} per_move_ms_large={:.2} tick_ms_small={:.1} tick_ms_large={:.1}", scale.small_ms, scale.large_ms, scale.small_tick_ms, scale.large_tick_ms);
        return;
    }
    let mail = run_quipu(&plan, &stack, &recorder, &dir);
    let l = &mail.latency;
    let (p50, p99) = (percentile(&l.samples, 50.0), percentile(&l.samples, 99.0));
    println!(
        "latency_samples={} missing={} achieved_moves_per_s={:.2} p50_s={p50:.3} p99_s={p99:.3} max_s={:.3}",
        l.samples.len(),
        l.missing,
        mail.achieved_pace,
        l.samples.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "delivered_to_inbox_p50_s={:.3} delivered_to_inbox_p99_s={:.3} (reply accepted -> last answer seen by the player's IMAP IDLE)",
        percentile(&l.delivered, 50.0),
        percentile(&l.delivered, 99.0)
    );
    println!("postfix_log_agreement={}/{} (accepted messages whose queue id, Message-ID and second match the Postfix log)", l.log_agree, l.log_checked);
    println!("daemon_peak_rss_mb={:.1}", mail.peak_rss_mb);

    println!("# (4) per-move time (handle_mail of one reply, its answers into the outbox)");
    let scale = run_scale(&plan, &stack, &dir);
    let ratio = scale.large_ms / scale.small_ms;
    println!(
        "per_move_ms_{}_games={:.2} per_move_ms_{}_games={:.2} ratio={ratio:.2}",
        plan.scale_small, scale.small_ms, scale.games_large, scale.large_ms
    );
    println!(
        "clock_tick_ms_{}_games={:.1} clock_tick_ms_{}_games={:.1}",
        plan.scale_small, scale.small_tick_ms, scale.games_large, scale.large_tick_ms
    );

    let yes = |b: bool| if b { "met" } else { "NOT MET" };
    let rate_ok = mail.moves_per_s >= 0.5 * echo;
    let p99_ok = p99 <= 1.0 && l.samples.len() > 10;
    let ratio_ok = ratio <= 1.5;
    let rss_ok = mail.peak_rss_mb <= 200.0;
    println!();
    println!("== summary ({:.0} s) ==", started.elapsed().as_secs_f64());
    println!("echo loop round trips/s         {echo:8.1}");
    println!(
        "quipu sustained moves/s         {:8.1}   floor >= 0.5 x echo = {:.1}: {}",
        mail.moves_per_s,
        0.5 * echo,
        yes(rate_ok)
    );
    println!(
        "latency at {:.2} moves/s p50 s   {p50:8.3}",
        mail.achieved_pace
    );
    println!(
        "latency at {:.2} moves/s p99 s   {p99:8.3}   floor <= 1 s (IDLE): {}",
        mail.achieved_pace,
        yes(p99_ok)
    );
    println!(
        "per-move ms, {} games        {:8.2}",
        plan.scale_small, scale.small_ms
    );
    println!(
        "per-move ms, {} games      {:8.2}   ratio {ratio:.2}, floor <= 1.5: {}",
        scale.games_large,
        scale.large_ms,
        yes(ratio_ok)
    );
    println!(
        "daemon peak RSS MB              {:8.1}   floor <= 200: {}",
        mail.peak_rss_mb,
        yes(rss_ok)
    );
    if std::env::var_os("QUIPU_BENCH_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        println!("# kept {}", dir.display());
    }
}
