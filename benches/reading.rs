//! What reading a reply costs: every reply of the corpus (`tests/mail/corpus/`)
//! and every client fixture (`tests/mail/`), read knowing twelve sent mails
//! (as the service does: the set is built per reply), many times. Every
//! single read is timed, by this thread's CPU time and by the wall clock;
//! the budget holds for the 99th percentile of those single reads (not of
//! per-reply medians): CPU time p99 under 5 ms, else it fails. The wall
//! clock is printed beside it: on a shared machine it also counts the time
//! other processes held the core.
//! Run: `taskset -c 0 cargo bench --bench reading`.

use quipu::mail::inbound::{read_knowing, sent_texts, Known};
use std::path::Path;
use std::time::Instant;

/// How many earlier mails to the player are recognised (the service reads up to twelve).
const SENT_MAILS: usize = 12;
const ROUNDS: usize = 200;
const P99_LIMIT_MS: f64 = 5.0;

/// The mails of `dir` (not the mails we sent, `sent*.eml`), by name.
fn eml_files(dir: &Path) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .filter(|p| {
            !p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("sent"))
        })
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

/// This thread's CPU time in milliseconds (Linux `CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    assert!(ok, "the thread's CPU clock cannot be read");
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1_000_000.0
}

/// The `q` quantile (0 to 1) of `values` (sorted here).
fn percentile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values
        .get(((values.len().max(1) - 1) as f64 * q).ceil() as usize)
        .copied()
        .unwrap_or(0.0)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail");
    let sent: Vec<Vec<u8>> = ["sent.eml", "sent_earlier.eml"]
        .iter()
        .map(|n| std::fs::read(root.join("corpus").join(n)).expect("a sent mail of the corpus"))
        .collect();
    let mut replies = eml_files(&root.join("corpus"));
    replies.extend(eml_files(&root));
    let mut reads: Vec<f64> = Vec::with_capacity(ROUNDS * replies.len());
    let mut walls: Vec<f64> = Vec::with_capacity(ROUNDS * replies.len());
    for _ in 0..ROUNDS {
        for raw in &replies {
            let cpu = thread_cpu_ms();
            let t = Instant::now();
            let texts: Vec<String> = (0..SENT_MAILS)
                .flat_map(|i| sent_texts(&sent[i % sent.len()]))
                .collect();
            let known = Known::new(texts.iter().map(String::as_str));
            let mail = read_knowing(raw, &known);
            std::hint::black_box(mail);
            walls.push(t.elapsed().as_secs_f64() * 1000.0);
            reads.push(thread_cpu_ms() - cpu);
        }
    }
    let count = reads.len();
    let p50 = percentile(&mut reads, 0.50);
    let p99 = percentile(&mut reads, 0.99);
    let max = reads.last().copied().unwrap_or(0.0);
    let wall_p50 = percentile(&mut walls, 0.50);
    let wall_p99 = percentile(&mut walls, 0.99);
    println!(
        "reading one reply ({} replies x {ROUNDS} rounds = {count} single reads, {SENT_MAILS} sent mails known): CPU time p50 {p50:.3} ms, p99 {p99:.3} ms, max {max:.3} ms; wall clock p50 {wall_p50:.3} ms, p99 {wall_p99:.3} ms",
        replies.len(),
    );
    if p99 >= P99_LIMIT_MS {
        eprintln!(
            "p99 {p99:.3} ms (CPU time) of single reads is over the {P99_LIMIT_MS} ms budget"
        );
        std::process::exit(1);
    }
}
