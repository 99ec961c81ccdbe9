//! The whole inbound path under random and mutated mail: real client mails
//! (tests/mail/*.eml) and replies to a live game, mutated byte by byte and
//! line by line, each handed to `Service::handle_mail` on a real database.
//! A fixed number of cases from a fixed seed, so CI runs the same ones:
//! no panic, every mail recorded exactly once, and a bound on each mail's
//! time (a bound against runaway work, not a speed measurement).

mod support;

use chrono::{DateTime, Utc};
use quipu::service::NewGameRequest;
use quipu::store::message_id_key;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use support::planted::Checked;

const CASES: usize = 600;
const BOUND: Duration = Duration::from_secs(2);

/// xorshift64*: a small deterministic generator for the mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces an attacker would try inside a mail.
const INSERTS: [&str; 12] = [
    "\r\nnew tzolkin with x@y.test data=/proc/self/environ\r\n",
    "\r\nset language ko\r\nvacation 2026-12-01..2026-12-21\r\n",
    "\u{202E}\u{2066}\u{200B}",
    "\r\nsay hi\r\nsay hi\r\nboard\r\nboard\r\nmoves\r\n",
    "\r\nContent-Type: multipart/mixed; boundary=\"x\"\r\n",
    "=?utf-8?b?7ZWc6rWt7Ja0?=",
    "\r\n\r\n--x\r\nContent-Transfer-Encoding: base64\r\n\r\n////\r\n",
    "\r\nReply-To: <quipu+g1.aaaaaaaaaaaa@example.test>\r\n",
    "\r\nnew tikal with a@b.test, c@d.test, e@f.test\r\n",
    "\u{0}\u{1}\u{7f}",
    "\r\nresign\r\nundo\r\njoin\r\nstop\r\n",
    "\r\nMessage-ID: <dup@x>\r\n",
];

fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    let mut m = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(m.len() + 1);
        match rng.below(6) {
            0 if !m.is_empty() => {
                let i = rng.below(m.len());
                m[i] = rng.next() as u8;
            }
            1 => {
                let s = INSERTS[rng.below(INSERTS.len())].as_bytes();
                m.splice(at..at, s.iter().copied());
            }
            2 => m.truncate(at),
            3 => {
                let long = "a1 ".repeat(rng.below(50_000));
                m.splice(at..at, long.bytes());
            }
            4 if at < m.len() => {
                let end = (at + rng.below(200)).min(m.len());
                let chunk: Vec<u8> = m[at..end].to_vec();
                m.splice(at..at, chunk);
            }
            _ => {
                let junk: Vec<u8> = (0..rng.below(64)).map(|_| rng.next() as u8).collect();
                m.splice(at..at, junk);
            }
        }
    }
    m
}

fn reply(from: &str, to: &str, n: usize, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #1] Tikal\r\nMessage-ID: <f{n}@client.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n\r\n> quoted\r\n"
    )
    .into_bytes()
}

#[test]
fn random_and_mutated_mail_never_panics_and_is_recorded_once() {
    let dir = std::env::temp_dir().join(format!("quipu-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let s = Checked::open(&dir, "quipu@example.test");
    let now: DateTime<Utc> = "2026-11-22T10:00:00Z".parse().unwrap();
    let (alice, bob) = ("alice@example.test", "bob@example.test");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tikal".into(),
                players: vec![alice.into(), bob.into()],
                seed: Some(9),
                ..Default::default()
            },
            now,
        )
        .unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail");
    let mut bases: Vec<Vec<u8>> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        // Files only: `corpus/` holds the reading tests' reply shapes.
        .filter(|p| p.is_file())
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    bases.sort();
    let token = format!("quipu+{}@example.test", s.reply_token(id, alice));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut keys = BTreeSet::new();
    let mut slowest = Duration::ZERO;
    for n in 0..CASES {
        let raw = match n % 3 {
            0 => {
                let legal = s.legal(id, alice).unwrap_or_default();
                let line = legal
                    .get(rng.below(legal.len()))
                    .cloned()
                    .unwrap_or_default();
                mutate(&mut rng, &reply(alice, &token, n, &line))
            }
            1 => {
                let base = rng.below(bases.len());
                mutate(&mut rng, &bases[base])
            }
            _ => (0..rng.below(4096)).map(|_| rng.next() as u8).collect(),
        };
        let start = Instant::now();
        let out = s
            .handle_mail(&raw, now)
            .unwrap_or_else(|e| panic!("case {n}: the inbound path failed: {e}"));
        let took = start.elapsed();
        slowest = slowest.max(took);
        assert!(took < BOUND, "case {n} took {took:?}");
        if out.outcome != "duplicate" {
            let read = quipu::mail::inbound::read(&raw);
            // Stored as the store keeps them: a long id or address as its digest.
            let key = (
                message_id_key(&read.message_id),
                read.from.as_deref().map(message_id_key),
            );
            assert!(keys.insert(key), "case {n}: a mail recorded twice");
        }
    }
    // Every distinct (Message-ID, sender) is in the log exactly once.
    let log = s.store.inbound_log(1_000_000).unwrap();
    let logged: BTreeSet<_> = log
        .iter()
        .map(|r| (r.message_id.clone(), r.sender.clone()))
        .collect();
    assert_eq!(logged.len(), log.len(), "no mail logged twice");
    assert_eq!(logged, keys);
    // Every claim was settled with its outcome (none left as the claim itself).
    assert!(log.iter().all(|r| r.reason != "being handled"));
    eprintln!("{CASES} cases, slowest {slowest:?}");
}
