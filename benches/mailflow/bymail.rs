//! (2, 3) quipu by mail: the daemon as a child process, games between the
//! shared player mailboxes, and players who answer each turn mail with one
//! of its move links, as fast as they can or at a steady pace.

use crate::latency::{latencies, Latency, SentReply};
use crate::proc;
use crate::relay::Recorder;
use crate::support::smtp::SmtpClient;
use crate::support::{reply, Stack};
use crate::watch::{Arrival, Watchers};
use crate::{Plan, GAME, PLAYERS, SERVICE};
use quipu::config::Config;
use quipu::engine::Rng;
use quipu::service::{NewGameRequest, Service};
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// A service configuration for `account`, sending through the recorder.
pub fn service_config(
    stack: &Stack,
    account: &str,
    smtp_port: u16,
    db: &Path,
    secret: &str,
) -> Config {
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
        // SAFETY: prctl in the child before exec touches no shared state.
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

    fn pid(&self) -> String {
        self.child.id().to_string()
    }

    fn stop(mut self) {
        // SAFETY: a signal to our own child, by its id.
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
    answered: HashSet<String>,
    /// When each of quipu's mails reached a player's inbox (seen by IDLE).
    arrivals: HashMap<String, Instant>,
    /// Turn mails not answered yet, oldest first (one per game).
    ready: VecDeque<(i64, Arrival)>,
    /// Games with a reply sent and no turn mail since.
    waiting: HashSet<i64>,
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
        let rest = a.mail.subject.split("[quipu #").nth(1)?;
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
            for _ in 0..self.replies_due(pace, &mut next_slot) {
                let Some(reply) = self.reply_to_oldest(&db) else {
                    break;
                };
                if warm_at.is_some() {
                    sent.push(reply);
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

    /// How many replies to send now at `pace`.
    fn replies_due(&self, pace: Pace, next_slot: &mut Instant) -> usize {
        match pace {
            Pace::AsFast => self.ready.len(),
            Pace::Steady(per_s) => {
                let now = Instant::now();
                if now >= *next_slot && !self.ready.is_empty() {
                    *next_slot = (*next_slot + Duration::from_secs_f64(1.0 / per_s))
                        .max(now - Duration::from_millis(50));
                    1
                } else {
                    if now >= *next_slot + Duration::from_secs(1) {
                        *next_slot = now; // no turn waiting: do not bank missed slots
                    }
                    0
                }
            }
        }
    }

    /// Answers the turn mail that waits longest with one of its move links.
    fn reply_to_oldest(&mut self, db: &rusqlite::Connection) -> Option<SentReply> {
        let (g, a) = self.ready.pop_front()?;
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
        let to = a.mail.reply_to.clone().unwrap_or_default();
        let raw = reply(&a.user, &to, &a.mail, &choice, &mid);
        let accepted = self.smtp.send(&a.user, &to, &raw);
        self.waiting.insert(g);
        Some(SentReply {
            game: g,
            message_id: mid,
            accepted,
            outbox_before,
        })
    }

    /// Takes in what arrived (waiting up to `wait` for the first): turn mails
    /// join the queue of replies to write.
    fn take_in(&mut self, wait: Duration) {
        let service = self.stack.addr(SERVICE);
        let first = self.watchers.rx.recv_timeout(wait).ok();
        let more: Vec<Arrival> = self.watchers.rx.try_iter().collect();
        for a in first.into_iter().chain(more) {
            if a.mail.from != service {
                continue;
            }
            self.arrivals.insert(a.mail.message_id.clone(), a.at);
            if !a.links.is_empty()
                && a.mail.reply_to.is_some()
                && self.answered.insert(a.mail.message_id.clone())
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

fn avg_mail_kb(db: &Path) -> f64 {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("db");
    c.query_row("SELECT AVG(LENGTH(raw)) FROM outbox", [], |r| {
        r.get::<_, f64>(0)
    })
    .unwrap_or(0.0)
        / 1024.0
}

/// Games by mail for `n` pairs of players, through the daemon.
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

pub struct MailFigures {
    pub moves_per_s: f64,
    pub latency: Latency,
    pub achieved_pace: f64,
    pub peak_rss_mb: f64,
}

pub fn run_quipu(plan: &Plan, stack: &Stack, recorder: &Recorder, dir: &Path) -> MailFigures {
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
        smtp: SmtpClient::new(&stack.smtp_addr()),
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
        proc::cpu_secs(&daemon.pid()),
        proc::cpu_secs("self"),
        Instant::now(),
    );
    let (_, moves_per_s) = bm.play(plan.warm, plan.rate, Pace::AsFast);
    let (cpu, own, secs) = (
        proc::cpu_secs(&daemon.pid()) - cpu0,
        proc::cpu_secs("self") - own0,
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
    let peak = proc::peak_rss_mb(&daemon.pid());
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
