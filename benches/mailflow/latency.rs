//! The latency figures of the steady part: from each reply's acceptance by
//! the SMTP server to the acceptance (and the arrival) of the last answer it
//! caused, cross-checked against Postfix's own log.

use crate::relay::Recorder;
use crate::support::smtp::Accepted;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::time::{Instant, SystemTime};

/// One reply a player sent, for the latency figures.
#[derive(Clone, Debug)]
pub struct SentReply {
    pub game: i64,
    pub message_id: String,
    pub accepted: Accepted,
    /// The highest outbox row of the game before this reply: its answers come after.
    pub outbox_before: i64,
}

/// Latency figures of the steady part.
pub struct Latency {
    pub samples: Vec<f64>,
    pub missing: usize,
    pub delivered: Vec<f64>,
    pub log_checked: usize,
    pub log_agree: usize,
}

/// p-th percentile (0..=100) of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// From each reply's acceptance to the acceptance of the last answer it caused.
pub fn latencies(
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
            let answers: Vec<&String> = rows
                .iter()
                .filter(|(id, g, _)| *g == r.game && *id > r.outbox_before && *id <= upper)
                .map(|(_, _, m)| m)
                .collect();
            if answers.is_empty() || !applied(&r.message_id) {
                out.missing += 1;
                continue;
            }
            let last_of = |at: &dyn Fn(&str) -> Option<Instant>| {
                let times: Option<Vec<Instant>> = answers.iter().map(|m| at(m)).collect();
                times.and_then(|t| t.into_iter().max())
            };
            match last_of(&|m| accepted.get(m).map(|a| a.at)) {
                Some(last) => out
                    .samples
                    .push(last.duration_since(r.accepted.at).as_secs_f64()),
                None => out.missing += 1,
            }
            if let Some(last) = last_of(&|m| arrivals_at.get(m).copied()) {
                out.delivered
                    .push(last.duration_since(r.accepted.at).as_secs_f64());
            }
        }
    }
    out.samples.sort_by(f64::total_cmp);
    out.delivered.sort_by(f64::total_cmp);
    let mut mine: Vec<Accepted> = replies.iter().map(|r| r.accepted.clone()).collect();
    mine.extend(recorder.accepted.lock().unwrap().iter().cloned());
    (out.log_checked, out.log_agree) = agreement_with_postfix_log(&mine);
    out
}

/// Postfix's log of accepted messages: queue id → (Message-ID, second of the day).
fn postfix_log() -> HashMap<String, (String, u32)> {
    let log = std::fs::read_to_string("/tmp/mailstack/log/postfix.log").unwrap_or_default();
    let mut logged = HashMap::new();
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
    logged
}

/// Cross-checks the recorded moments against Postfix's own log (whole
/// seconds): (messages checked, messages whose queue id, Message-ID and
/// second agree).
fn agreement_with_postfix_log(accepted: &[Accepted]) -> (usize, usize) {
    let logged = postfix_log();
    let (mut checked, mut agree) = (0, 0);
    for a in accepted.iter().filter(|a| !a.qid.is_empty()) {
        checked += 1;
        let day = a
            .wall
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| (d.as_secs() % 86_400) as i64)
            .unwrap_or(0);
        if let Some((mid, secs)) = logged.get(&a.qid) {
            let dt = (day - *secs as i64).rem_euclid(86_400);
            if *mid == a.message_id && (dt <= 1 || dt >= 86_399) {
                agree += 1;
            }
        }
    }
    (checked, agree)
}
