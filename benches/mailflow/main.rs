//! The mail-flow benchmark (issue 2, section 7), through the real local
//! Postfix + Dovecot: a bare IMAP→SMTP echo loop as the mail server's limit,
//! quipu's sustained rate of moves by mail, its latency at a steady 5 moves
//! per second, per-move time with 100 and 10,000 active games, and the
//! daemon's peak memory. Run: `cargo bench --bench mailflow`
//! (`QUIPU_BENCH_QUICK=1` for a short run; `QUIPU_BENCH_PARTS` picks parts
//! of `echo,mail,scale`; `QUIPU_BENCH_SCALE_LARGE` sizes the large database).
//!
//! The mail stack, the SMTP client and the mailbox reader are the tests'
//! (`tests/support`); the parts of the benchmark are the modules below.

#[path = "../support/clone.rs"]
mod clone;
#[path = "../support/proc.rs"]
mod proc;
#[path = "../../tests/support/mod.rs"]
mod support;

mod bymail;
mod echo;
mod latency;
mod relay;
mod scale;
mod watch;

use bymail::MailFigures;
use latency::percentile;
use scale::ScaleFigures;
use std::time::{Duration, Instant};
use support::Stack;

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
        let (warm, echo, rate, latency) = if quick {
            (s(2), s(8), s(10), s(12))
        } else {
            (s(4), s(30), s(40), s(60))
        };
        Plan {
            quick,
            parallel,
            warm,
            echo,
            rate,
            latency,
            pace_per_s: 5.0,
            scale_small: 100,
            // QUIPU_BENCH_SCALE_LARGE=100000 for the largest size
            // (about 25 KB of disk per game copied in quick mode).
            scale_large: std::env::var("QUIPU_BENCH_SCALE_LARGE")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(10_000),
            history_moves: if quick { 2 } else { 10 },
            timed_moves: if quick { 60 } else { 300 },
        }
    }
}

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
    let recorder = relay::Recorder::start(&stack.smtp_addr());

    let parts = std::env::var("QUIPU_BENCH_PARTS").unwrap_or_else(|_| "echo,mail,scale".into());
    let echo = if parts.contains("echo") {
        println!(
            "# (1) echo loop on {}: {} clients in flight",
            stack.addr(ECHO),
            plan.parallel
        );
        let echo = echo::run_echo(&plan, &stack, &recorder, &dir);
        println!("echo_round_trips_per_s={echo:.1}");
        echo
    } else {
        f64::NAN
    };
    if !parts.contains("mail") {
        let scale = scale::run_scale(&plan, &stack, &dir);
        println!("per_move_ms_small={:.2} per_move_ms_large={:.2} tick_ms_small={:.1} tick_ms_large={:.1}", scale.small_ms, scale.large_ms, scale.small_tick_ms, scale.large_tick_ms);
        return;
    }
    let mail = bymail::run_quipu(&plan, &stack, &recorder, &dir);
    print_mail_figures(&mail);
    println!("# (4) per-move time (handle_mail of one reply, its answers into the outbox)");
    let scale = scale::run_scale(&plan, &stack, &dir);
    println!(
        "per_move_ms_{}_games={:.2} per_move_ms_{}_games={:.2} ratio={:.2}",
        plan.scale_small,
        scale.small_ms,
        scale.games_large,
        scale.large_ms,
        scale.large_ms / scale.small_ms
    );
    println!(
        "clock_tick_ms_{}_games={:.1} clock_tick_ms_{}_games={:.1}",
        plan.scale_small, scale.small_tick_ms, scale.games_large, scale.large_tick_ms
    );
    println!();
    println!("== summary ({:.0} s) ==", started.elapsed().as_secs_f64());
    print_summary(&plan, echo, &mail, &scale);
    if std::env::var_os("QUIPU_BENCH_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        println!("# kept {}", dir.display());
    }
}

/// The figures of the parts by mail, one line each.
fn print_mail_figures(mail: &MailFigures) {
    let l = &mail.latency;
    println!(
        "latency_samples={} missing={} achieved_moves_per_s={:.2} p50_s={:.3} p99_s={:.3} max_s={:.3}",
        l.samples.len(),
        l.missing,
        mail.achieved_pace,
        percentile(&l.samples, 50.0),
        percentile(&l.samples, 99.0),
        l.samples.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "delivered_to_inbox_p50_s={:.3} delivered_to_inbox_p99_s={:.3} (reply accepted -> last answer seen by the player's IMAP IDLE)",
        percentile(&l.delivered, 50.0),
        percentile(&l.delivered, 99.0)
    );
    println!("postfix_log_agreement={}/{} (accepted messages whose queue id, Message-ID and second match the Postfix log)", l.log_agree, l.log_checked);
    println!("daemon_peak_rss_mb={:.1}", mail.peak_rss_mb);
}

/// Each figure against its floor.
fn print_summary(plan: &Plan, echo: f64, mail: &MailFigures, scale: &ScaleFigures) {
    let l = &mail.latency;
    let (p50, p99) = (percentile(&l.samples, 50.0), percentile(&l.samples, 99.0));
    let ratio = scale.large_ms / scale.small_ms;
    let yes = |b: bool| if b { "met" } else { "NOT MET" };
    let rate_ok = mail.moves_per_s >= 0.5 * echo;
    let p99_ok = p99 <= 1.0 && l.samples.len() > 10;
    let ratio_ok = ratio <= 1.5;
    let rss_ok = mail.peak_rss_mb <= 200.0;
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
}
