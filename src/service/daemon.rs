//! `quipu serve`: one process, three loops. The inbox loop reads new mail
//! (IDLE, or polling), handles each in one transaction, then moves it to the
//! processed folder; the outbox loop sends what was committed, with retries
//! and backoff; the clock loop ticks. Network errors never end the process.

use super::{stamp, Service};
use crate::config::Config;
use crate::mail::{imap, smtp::Smtp};
use crate::store::{OutboxRow, Store};
use chrono::{Duration as ChronoDuration, Utc};
use futures::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

fn log(what: &str) {
    eprintln!("{} quipu: {what}", stamp(Utc::now()));
}

/// Runs the daemon until SIGINT/SIGTERM.
pub fn serve(config: Config) -> anyhow::Result<()> {
    // Open once up front so configuration and database problems stop us at start.
    Service::open(config.clone())?;
    // The inbox and the clock share one thread (SQLite work is short); the
    // outbox has its own, so answers leave while the next mail is handled.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let local = tokio::task::LocalSet::new();
    let wake_outbox = Arc::new(Notify::new());
    {
        let (config, wake) = (config.clone(), wake_outbox.clone());
        std::thread::Builder::new()
            .name("outbox".into())
            .spawn(move || {
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt.block_on(outbox_loop(config, wake)),
                    Err(e) => log(&format!("outbox: cannot start: {e}")),
                }
            })?;
    }
    local.block_on(&rt, async move {
        let inbox = tokio::task::spawn_local(inbox_loop(config.clone(), wake_outbox.clone()));
        let clock = tokio::task::spawn_local(clock_loop(config.clone(), wake_outbox));
        log(&format!(
            "serving {} (IMAP {}:{}, SMTP {}:{})",
            config.address,
            config.imap.server.host,
            config.imap.server.port,
            config.smtp.host,
            config.smtp.port
        ));
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        tokio::select! {
            _ = tokio::signal::ctrl_c() => log("interrupted; stopping"),
            _ = term.recv() => log("terminated; stopping"),
        }
        inbox.abort();
        clock.abort();
        Ok(())
    })
}

/// Reads and handles mail forever, reconnecting with backoff.
async fn inbox_loop(config: Config, wake_outbox: Arc<Notify>) {
    let service = match Service::open(config.clone()) {
        Ok(s) => s,
        Err(e) => return log(&format!("inbox: cannot open the database: {e}")),
    };
    let mut backoff = 1u64;
    loop {
        match imap::connect(&config.imap).await {
            Ok(mut session) => {
                backoff = 1;
                let idle = config.imap.idle && imap::has_idle(&mut session).await;
                if config.imap.idle && !idle {
                    log("inbox: the server offers no IDLE; polling instead");
                }
                loop {
                    match process_inbox(&service, &config, &mut session, &wake_outbox).await {
                        Ok(_) => {}
                        Err(e) => {
                            log(&format!("inbox: {e}"));
                            break;
                        }
                    }
                    let wait = Duration::from_secs(config.imap.poll_seconds.max(1));
                    if idle {
                        match imap::idle(session, Duration::from_secs(300).min(wait * 10)).await {
                            Ok(s) => session = s,
                            Err(e) => {
                                log(&format!("inbox: {e}"));
                                break;
                            }
                        }
                    } else {
                        tokio::time::sleep(wait).await;
                    }
                }
            }
            Err(e) => log(&format!("inbox: {e}; retrying in {backoff} s")),
        }
        tokio::time::sleep(Duration::from_secs(backoff)).await;
        backoff = (backoff * 2).min(60);
    }
}

async fn process_inbox(
    service: &Service,
    config: &Config,
    session: &mut imap::ImapSession,
    wake_outbox: &Notify,
) -> Result<usize, String> {
    let mails = imap::fetch_all(session, config.limits.max_mail_bytes).await?;
    let n = mails.len();
    let mut handled = Vec::with_capacity(n);
    for m in mails {
        match service.handle_mail_sized(&m.raw, m.size, Utc::now()) {
            Ok(outcome) => {
                log(&format!(
                    "mail {}: {} {}",
                    outcome.message_id, outcome.outcome, outcome.reason
                ));
                wake_outbox.notify_one();
                handled.push(m.uid);
            }
            Err(e) => {
                // Not committed: leave the mail where it is and try it again later.
                log(&format!("mail uid {}: not handled: {e}", m.uid));
                service.forget();
            }
        }
    }
    // Committed mail only; one MOVE for the batch (a crash before it only
    // means reading those mails again, and their Message-IDs are known).
    imap::move_to(session, &handled, &config.imap.processed).await?;
    Ok(n)
}

/// Sends committed mail; failed sends wait with growing backoff.
async fn outbox_loop(config: Config, wake: Arc<Notify>) {
    let store = match Store::open(&config.db) {
        Ok(s) => s,
        Err(e) => return log(&format!("outbox: cannot open the database: {e}")),
    };
    let (_, domain) = config.address_parts();
    let smtp = match Smtp::new(&config.smtp, &domain) {
        Ok(s) => s,
        Err(e) => return log(&format!("outbox: bad SMTP settings: {e}")),
    };
    loop {
        let now = Utc::now();
        let pending = store.pending_mail(&stamp(now), 100).unwrap_or_else(|e| {
            log(&format!("outbox: {e}"));
            vec![]
        });
        // Each recipient's mail in order, several recipients at once: the
        // server's answer to each message waits on its disk, so sending one
        // at a time would leave the connection idle most of the time.
        let mut by_recipient: Vec<Vec<&OutboxRow>> = Vec::new();
        for m in &pending {
            match by_recipient
                .iter_mut()
                .find(|g| g[0].recipient == m.recipient)
            {
                Some(g) => g.push(m),
                None => by_recipient.push(vec![m]),
            }
        }
        futures::stream::iter(by_recipient)
            .for_each_concurrent(SENDS_AT_ONCE, |group| {
                let (store, smtp, config) = (&store, &smtp, &config);
                async move {
                    for m in group {
                        send_one(store, smtp, config, m).await;
                    }
                }
            })
            .await;
        if pending.len() < 100 {
            let _ = tokio::time::timeout(Duration::from_secs(2), wake.notified()).await;
        }
    }
}

/// How many SMTP connections the outbox uses at once.
const SENDS_AT_ONCE: usize = 4;

/// Sends one outbox row and records the result.
async fn send_one(store: &Store, smtp: &Smtp, config: &Config, m: &OutboxRow) {
    match smtp.send(&config.address, &m.recipient, &m.raw).await {
        Ok(()) => {
            if let Err(e) = store.mark_sent(m.id, &stamp(Utc::now())) {
                log(&format!(
                    "outbox: sent {} but could not record it: {e}",
                    m.message_id
                ));
            }
        }
        Err(e) => {
            let (wait, next) = retry_after(&e, m.attempts);
            log(&format!(
                "outbox: {} to {} failed ({e}); {wait}",
                m.message_id, m.recipient
            ));
            let _ = store.mark_failed(m.id, &e.to_string(), &next);
        }
    }
}

/// Ticks the clock at start (catching up) and every 30 seconds.
async fn clock_loop(config: Config, wake_outbox: Arc<Notify>) {
    let imap_config = config.imap.clone();
    let keep_days = config.schedule.keep_days;
    let service = match Service::open(config) {
        Ok(s) => s,
        Err(e) => return log(&format!("clock: cannot open the database: {e}")),
    };
    loop {
        match service.tick(Utc::now()) {
            Ok(r) => {
                if r.reminders + r.late_notices + r.timeouts + r.digests + r.summaries > 0
                    || !r.jobs.is_empty()
                {
                    log(&format!("clock: {r:?}"));
                    wake_outbox.notify_one();
                }
                if r.jobs.iter().any(|j| j == "housekeeping") {
                    let before = (Utc::now() - chrono::Duration::days(keep_days)).date_naive();
                    match imap::prune_processed(&imap_config, before).await {
                        Ok(n) => log(&format!(
                            "housekeeping: {n} processed mails before {before} deleted"
                        )),
                        Err(e) => log(&format!("housekeeping: processed mail not pruned: {e}")),
                    }
                }
            }
            Err(e) => {
                service.forget();
                log(&format!("clock: {e}"));
            }
        }
        tokio::time::sleep(Duration::from_secs(30)).await;
    }
}

/// Sends everything due in the outbox once (for `quipu flush` and scripts).
pub fn flush_once(config: &Config) -> anyhow::Result<usize> {
    let store = Store::open(&config.db)?;
    let (_, domain) = config.address_parts();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    // The SMTP client's connection pool starts a task: it needs the runtime entered.
    let _entered = rt.enter();
    let smtp = Smtp::new(&config.smtp, &domain).map_err(anyhow::Error::msg)?;
    let mut sent = 0;
    // Everything unsent, also mail stamped later than the wall clock (made by
    // `tick --at` a future time): an explicit flush means "send it now".
    for m in store
        .outbox(None)?
        .into_iter()
        .filter(|m| m.sent_at.is_none())
    {
        match rt.block_on(smtp.send(&config.address, &m.recipient, &m.raw)) {
            Ok(()) => {
                store.mark_sent(m.id, &stamp(Utc::now()))?;
                sent += 1;
            }
            Err(e) => {
                let (_, next) = retry_after(&e, m.attempts);
                store.mark_failed(m.id, &e.to_string(), &next)?;
            }
        }
    }
    Ok(sent)
}

/// When to try a failed mail again: backoff doubling from 5 s to an hour for
/// temporary failures; never for permanent ones (kept, with the error, for the operator).
fn retry_after(e: &crate::mail::smtp::SendError, attempts: i64) -> (String, String) {
    match e {
        crate::mail::smtp::SendError::Permanent(_) => {
            ("not retried".into(), "9999-12-31T00:00:00Z".into())
        }
        crate::mail::smtp::SendError::Temporary(_) => {
            let wait = (5i64 << attempts.clamp(0, 10)).min(3600);
            (
                format!("retry in {wait} s"),
                stamp(Utc::now() + ChronoDuration::seconds(wait)),
            )
        }
    }
}
