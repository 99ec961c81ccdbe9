//! Test support for the end-to-end tests: the real local mail stack
//! (Postfix + Dovecot from `deploy/mailstack/start.sh`), a quipu daemon as a
//! child process, and scripted players who only send and read mail.
#![allow(dead_code)]

pub mod imap;
pub mod letters;
pub mod planted;
pub mod play;
pub mod records;
pub mod shapes;
pub mod smtp;
pub mod standings;

// Not every test starts a game.
#[allow(unused_imports)]
pub use play::start_game;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The running mail stack, as `start.sh` describes it in its env file.
#[derive(Clone, Debug)]
pub struct Stack {
    pub domain: String,
    pub password: String,
    pub smtp: (String, u16),
    pub imap: (String, u16),
    pub ca: String,
}

fn host_port(s: &str) -> (String, u16) {
    let (h, p) = s.rsplit_once(':').expect("host:port");
    (h.to_string(), p.parse().expect("port"))
}

impl Stack {
    pub fn get() -> Stack {
        let dir = std::env::var("MAILSTACK_DIR").unwrap_or_else(|_| "/tmp/mailstack".into());
        let text = std::fs::read_to_string(format!("{dir}/env")).unwrap_or_else(|_| {
            panic!("the mail stack is not running ({dir}/env missing): start it with `bash deploy/mailstack/start.sh`")
        });
        let get = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .map(|v| v.trim_matches('"').to_string())
                .unwrap_or_else(|| panic!("{k} missing in {dir}/env"))
        };
        Stack {
            domain: get("MAILSTACK_DOMAIN"),
            password: get("MAILSTACK_PASSWORD"),
            smtp: host_port(&get("MAILSTACK_SMTP")),
            imap: host_port(&get("MAILSTACK_IMAP")),
            ca: get("MAILSTACK_CA"),
        }
    }

    pub fn addr(&self, user: &str) -> String {
        format!("{user}@{}", self.domain)
    }

    /// The SMTP server as "host:port".
    pub fn smtp_addr(&self) -> String {
        format!("{}:{}", self.smtp.0, self.smtp.1)
    }

    /// Empties an account's INBOX so that an earlier run's leftovers are not
    /// read by this run's fresh database.
    pub fn purge_inbox(&self, account: &str) {
        imap::purge(self, &self.addr(account));
    }

    /// Sends a raw message over plain SMTP from loopback (no AUTH needed there).
    pub fn send(&self, from: &str, to: &str, raw: &str) {
        smtp::SmtpClient::new(&self.smtp_addr()).send(from, to, raw);
    }
}

/// One mail a player received, as the test reads it.
#[derive(Clone, Debug)]
pub struct Received {
    pub uid: u32,
    pub message_id: String,
    pub in_reply_to: String,
    pub from: String,
    pub subject: String,
    pub reply_to: Option<String>,
    pub text: String,
    pub html: String,
    pub raw: Vec<u8>,
}

impl Received {
    /// Reads a mail quipu sent, checking first that it carries no planted secret.
    pub fn parse(uid: u32, raw: Vec<u8>) -> Received {
        planted::assert_clean(&raw, &[]);
        Received::read(uid, raw)
    }

    /// Reads a mail as a player's client shows it.
    pub fn read(uid: u32, raw: Vec<u8>) -> Received {
        let m = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("a mail");
        let addr = |a: Option<&mail_parser::Address>| {
            a.and_then(|a| a.first())
                .and_then(|a| a.address())
                .map(|s| s.to_lowercase())
        };
        Received {
            uid,
            message_id: m.message_id().unwrap_or_default().to_string(),
            in_reply_to: m.in_reply_to().as_text().unwrap_or_default().to_string(),
            from: addr(m.from()).unwrap_or_default(),
            subject: m.subject().unwrap_or_default().to_string(),
            reply_to: addr(m.reply_to()),
            text: m.body_text(0).map(|t| t.to_string()).unwrap_or_default(),
            html: m.body_html(0).map(|t| t.to_string()).unwrap_or_default(),
            raw,
        }
    }

    /// Whether the plain-text part says `phrase`, its lines read as the
    /// sentences they wrap (the text keeps to 78 columns, so a sentence may
    /// run over a line break).
    pub fn says(&self, phrase: &str) -> bool {
        let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        flat(&self.text).contains(&flat(phrase))
    }

    /// The commands offered as `mailto:` links (what one click would send).
    pub fn move_links(&self) -> Vec<String> {
        let mut out = Vec::new();
        for part in self.html.split("href=\"mailto:").skip(1) {
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
                out.push(percent_decode(body));
            }
        }
        out
    }

    pub fn header(&self, name: &str) -> Option<String> {
        smtp::header(&String::from_utf8_lossy(&self.raw), name)
    }
}

pub fn percent_decode(s: &str) -> String {
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

/// A player's (or the service's) mailbox, read over IMAP.
pub struct Mailbox {
    pub stack: Stack,
    pub user: String,
    seen: BTreeSet<u32>,
}

impl Mailbox {
    pub fn new(stack: &Stack, user: &str) -> Mailbox {
        Mailbox {
            stack: stack.clone(),
            user: stack.addr(user),
            seen: BTreeSet::new(),
        }
    }

    /// Every message now in INBOX.
    pub fn all(&self) -> Vec<Received> {
        imap::inbox(&self.stack, &self.user)
            .into_iter()
            .map(|(uid, raw)| Received::parse(uid, raw))
            .collect()
    }

    /// Messages not returned before, oldest first.
    pub fn fresh(&mut self) -> Vec<Received> {
        let new: Vec<Received> = imap::inbox_unseen(&self.stack, &self.user, &self.seen)
            .into_iter()
            .map(|(uid, raw)| Received::parse(uid, raw))
            .collect();
        self.seen.extend(new.iter().map(|m| m.uid));
        new
    }

    /// Marks everything now present as seen.
    pub fn skip_existing(&mut self) {
        let _ = self.fresh();
    }

    /// Waits (up to `secs`) for fresh mail satisfying `pred`; returns all fresh mail read meanwhile.
    pub fn wait_for(&mut self, secs: u64, pred: impl Fn(&Received) -> bool) -> Vec<Received> {
        let start = Instant::now();
        let mut got = Vec::new();
        while start.elapsed() < Duration::from_secs(secs) {
            got.extend(self.fresh());
            if got.iter().any(&pred) {
                return got;
            }
            std::thread::sleep(Duration::from_millis(150));
        }
        panic!(
            "{}: no matching mail within {secs} s; got {:?}",
            self.user,
            got.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
    }
}

/// A quipu daemon with its own database and service account.
pub struct Quipu {
    pub stack: Stack,
    pub account: String,
    pub address: String,
    pub dir: PathBuf,
    pub child: Option<Child>,
    /// A configuration file under the QUIPU_* variables, when one was written.
    pub config: Option<PathBuf>,
}

impl Quipu {
    pub fn new(stack: &Stack, account: &str) -> Quipu {
        // One folder per daemon, even when two tests of one binary share an
        // account: a second `new` must not delete the first one's database.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("quipu-e2e-{}-{account}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Quipu {
            stack: stack.clone(),
            account: account.into(),
            address: stack.addr(account),
            dir,
            child: None,
            config: None,
        }
    }

    pub fn db(&self) -> PathBuf {
        self.dir.join("quipu.db")
    }

    pub fn env(&self) -> Vec<(String, String)> {
        let s = &self.stack;
        let mut v = vec![
            ("QUIPU_DB".to_string(), self.db().display().to_string()),
            ("QUIPU_ADDRESS".into(), self.address.clone()),
            ("QUIPU_SECRET".into(), planted::SECRET.into()),
            ("QUIPU_CA_FILE".into(), s.ca.clone()),
        ];
        for (kind, (host, port)) in [("IMAP", &s.imap), ("SMTP", &s.smtp)] {
            v.push((format!("QUIPU_{kind}_HOST"), host.clone()));
            v.push((format!("QUIPU_{kind}_PORT"), port.to_string()));
            v.push((format!("QUIPU_{kind}_USER"), self.address.clone()));
            v.push((format!("QUIPU_{kind}_PASSWORD"), s.password.clone()));
            v.push((format!("QUIPU_{kind}_TLS"), "starttls".into()));
        }
        v
    }

    fn command(&self) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_quipu"));
        c.envs(self.env()).env_remove("QUIPU_CONFIG");
        if let Some(file) = &self.config {
            c.env("QUIPU_CONFIG", file);
        }
        c
    }

    /// Writes `toml` as this daemon's configuration file, read by every
    /// later command (the QUIPU_* variables still win).
    pub fn configure(&mut self, toml: &str) {
        let file = self.dir.join("quipu.toml");
        std::fs::write(&file, toml).expect("write the configuration");
        self.config = Some(file);
    }

    /// Runs a CLI command against this daemon's database.
    pub fn cli(&self, args: &[&str]) -> Output {
        self.command().args(args).output().expect("run quipu")
    }

    /// Runs a CLI command that must succeed; returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.cli(args);
        assert!(
            out.status.success(),
            "quipu {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    pub fn show_json(&self, id: i64) -> serde_json::Value {
        serde_json::from_str(&self.ok(&["show", &id.to_string(), "--json"])).expect("json")
    }

    pub fn serve(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("serve.log"))
            .unwrap();
        let child = self
            .command()
            .arg("serve")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("start quipu serve");
        self.child = Some(child);
    }

    /// True while the daemon process runs.
    pub fn alive(&mut self) -> bool {
        match self.child.as_mut() {
            Some(c) => c.try_wait().map(|s| s.is_none()).unwrap_or(false),
            None => false,
        }
    }

    /// SIGKILL, as a crash.
    pub fn kill9(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("serve.log")).unwrap_or_default()
    }
}

impl Drop for Quipu {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// A reply as a mail client would write it: the new text on top, the
/// original quoted below with an attribution line (Gmail's shape).
pub fn reply(from: &str, to: &str, original: &Received, body: &str, message_id: &str) -> String {
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
