//! `quipu serve`: one process, four loops, each on its own thread. The
//! inbox loop reads new mail (IDLE, or polling), handles each in one
//! transaction, then moves it to the processed folder; the outbox loop sends
//! what was committed, each recipient's mail in order, waiting out the
//! server's outages; the clock loop ticks, whatever the inbox is busy with;
//! the bot loop plays bot seats. Network errors never end the process; a
//! loop that cannot go on (its database unusable) does, so that the
//! supervisor starts it afresh.

use super::{logs, stamp, Service};
use crate::config::Config;
use crate::mail::imap;
use crate::mail::smtp::{SendError, Smtp};
use crate::store::{OutboxRow, ServeLock, Store, StoreError};
use anyhow::{anyhow, Context};
use chrono::{Duration as ChronoDuration, Utc};
use futures::StreamExt;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

/// Runs the daemon until SIGINT/SIGTERM (Ok), or until one of its loops
/// stops (Err, so the process ends and systemd restarts it).
pub fn serve(config: Config) -> anyhow::Result<()> {
    // One serve per database: two would send every mail twice.
    let _lock = ServeLock::acquire(&config.db)?;
    // Open and write once up front, so that configuration and database
    // problems stop us at start rather than after the first mail.
    let cannot_write = || {
        format!(
            "quipu serve must write the database {}, and cannot (check the permissions of the file and its folder, and the free space)",
            config.db.display()
        )
    };
    Store::open(&config.db)
        .and_then(|store| store.check_writable(&stamp(Utc::now())))
        .with_context(cannot_write)?;
    let svc = Service::open(config.clone())?;
    // Every active game must load; one that does not is reported by number
    // and reason, and the others are served.
    for g in svc.check_active_games(false)? {
        if let Err(why) = &g.loads {
            tracing::warn!("game {} ({}) does not load: {why}", g.id, g.game);
        }
    }
    drop(svc);
    // The inbox has this thread; the outbox and the clock have one each, so
    // answers leave while the next mail is handled and a long batch of mail
    // (a large picture in each) never holds up a deadline.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let local = tokio::task::LocalSet::new();
    let wake_outbox = Arc::new(Notify::new());
    let (ended, mut other_ended) = mpsc::unbounded_channel::<(&'static str, String)>();
    {
        let (config, wake) = (config.clone(), wake_outbox.clone());
        spawn_loop("outbox", ended.clone(), move || outbox_loop(config, wake))?;
    }
    {
        let (config, wake) = (config.clone(), wake_outbox.clone());
        spawn_loop("clock", ended.clone(), move || clock_loop(config, wake))?;
    }
    {
        let (config, wake) = (config.clone(), wake_outbox.clone());
        // The bot loop blocks its thread between passes: it has no other task.
        spawn_loop("bots", ended, move || async move { bot_loop(config, wake) })?;
    }
    local.block_on(&rt, async move {
        let mut inbox = tokio::task::spawn_local(inbox_loop(config.clone(), wake_outbox.clone()));
        tracing::info!(
            "serving {} (IMAP {}:{}, SMTP {}:{})",
            config.address,
            config.imap.server.host,
            config.imap.server.port,
            config.smtp.host,
            config.smtp.port
        );
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        let stopped = tokio::select! {
            _ = tokio::signal::ctrl_c() => { tracing::info!("interrupted; stopping"); None }
            _ = term.recv() => { tracing::info!("terminated; stopping"); None }
            r = &mut inbox => Some(("inbox", ended_why(r))),
            // Every loop holds a sender, so the channel closes without a word
            // only if all of them ended at once: name none.
            other = other_ended.recv() => Some(other.unwrap_or(("background", String::from("every loop's channel closed")))),
        };
        inbox.abort();
        match stopped {
            None => Ok(()),
            Some((name, why)) => {
                tracing::error!(
                    "the {name} loop stopped ({why}); ending so that the service is started again"
                );
                Err(anyhow!("the {name} loop stopped: {why}"))
            }
        }
    })
}

/// Runs one loop on a thread of its own, with its own runtime; its end, a
/// panic included, is reported on `ended` under `name`.
fn spawn_loop<F, L>(
    name: &'static str,
    ended: mpsc::UnboundedSender<(&'static str, String)>,
    make: L,
) -> std::io::Result<()>
where
    L: FnOnce() -> F + Send + 'static,
    F: std::future::Future<Output = anyhow::Error>,
{
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let _report = EndReport(name, ended.clone());
            let why = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt.block_on(make()),
                Err(e) => anyhow!("cannot start: {e}"),
            };
            let _ = ended.send((name, format!("{why:#}")));
        })
        .map(|_| ())
}

/// Sends a last word when a loop's thread ends, also by a panic.
struct EndReport(&'static str, mpsc::UnboundedSender<(&'static str, String)>);

impl Drop for EndReport {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.1.send((self.0, "it panicked".into()));
        }
    }
}

fn ended_why(r: Result<anyhow::Error, tokio::task::JoinError>) -> String {
    match r {
        Ok(e) => format!("{e:#}"),
        Err(e) => e.to_string(),
    }
}

/// The longest wait between two attempts to reach a mail server that is
/// away: players' mail should move within seconds of its return.
const RECONNECT_CAP_SECS: u64 = 5;

/// Reads and handles mail forever, reconnecting with a short backoff.
async fn inbox_loop(config: Config, wake_outbox: Arc<Notify>) -> anyhow::Error {
    let service = match Service::open(config.clone()) {
        Ok(s) => s,
        Err(e) => return anyhow!("cannot open the database: {e}"),
    };
    let mut backoff = 1u64;
    let mut failures = Failures::default();
    loop {
        match imap::connect(&config.imap).await {
            Ok(mut session) => {
                backoff = 1;
                let idle = config.imap.idle && imap::has_idle(&mut session).await;
                if config.imap.idle && !idle {
                    tracing::info!("inbox: the server offers no IDLE; polling instead");
                }
                loop {
                    match process_inbox(
                        &service,
                        &config,
                        &mut session,
                        &wake_outbox,
                        &mut failures,
                    )
                    .await
                    {
                        // Mail may have come while this batch was handled,
                        // and its announcement may be lost behind the
                        // batch's own (one per mail moved): look again
                        // before waiting.
                        Ok(moved) if moved > 0 => continue,
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!("inbox: {e}");
                            break;
                        }
                    }
                    let wait = Duration::from_secs(config.imap.poll_seconds.max(1));
                    if idle {
                        match imap::idle(session, Duration::from_secs(300).min(wait * 10)).await {
                            Ok(s) => session = s,
                            Err(e) => {
                                tracing::warn!("inbox: {e}");
                                break;
                            }
                        }
                    } else {
                        tokio::time::sleep(wait).await;
                    }
                }
            }
            Err(e) => tracing::warn!("inbox: {e}; retrying in {backoff} s"),
        }
        tokio::time::sleep(Duration::from_secs(backoff)).await;
        backoff = (backoff * 2).min(RECONNECT_CAP_SECS);
    }
}

/// Handles every mail in the inbox; returns how many were moved out of it.
async fn process_inbox(
    service: &Service,
    config: &Config,
    session: &mut imap::ImapSession,
    wake_outbox: &Notify,
    failures: &mut Failures,
) -> Result<usize, String> {
    let mails = imap::fetch_all(session, config.limits.max_mail_bytes).await?;
    let mut handled = Vec::with_capacity(mails.len());
    for m in mails {
        // handle_mail_sized catches a panic inside one mail's handling; this
        // catches one outside it too, so no mail can end the loop.
        let done =
            super::mailin::isolated(|| service.handle_mail_sized(&m.raw, m.size, Utc::now()));
        match done {
            // handle_mail_sized logs the mail's line (outcome, game, elapsed).
            Ok(_) => {
                wake_outbox.notify_one();
                failures.0.remove(&m.uid);
                handled.push(m.uid);
            }
            Err(e) => {
                service.forget();
                if failures.give_up(m.uid, &e) {
                    // Out of the way, so the mails behind it are handled.
                    tracing::error!(
                        "mail uid {}: not handled ({e}); moved to {} unrecorded",
                        m.uid,
                        config.imap.processed
                    );
                    handled.push(m.uid);
                } else {
                    // Not committed: leave the mail where it is and try it again later.
                    tracing::warn!("mail uid {}: not handled: {e}", m.uid);
                }
            }
        }
    }
    // Committed mail only; one MOVE for the batch (a crash before it only
    // means reading those mails again, and their Message-IDs are known).
    imap::move_to(session, &handled, &config.imap.processed).await?;
    Ok(handled.len())
}

/// Mails that could not be handled, by IMAP UID, with how often.
#[derive(Default)]
struct Failures(std::collections::HashMap<u32, u32>);

impl Failures {
    /// How often a mail may fail (the database busy, say) before it is
    /// moved out of the way unrecorded.
    const TRIES: u32 = 3;

    /// Counts a failure; true when the mail must be moved out of the way:
    /// a panic at once (it would panic again), anything else after `TRIES`.
    fn give_up(&mut self, uid: u32, e: &super::ServiceError) -> bool {
        let n = self.0.entry(uid).or_insert(0);
        *n += 1;
        let give_up = matches!(e, super::ServiceError::Panicked(_)) || *n >= Self::TRIES;
        if give_up {
            self.0.remove(&uid);
        }
        give_up
    }
}

/// How many outbox rows one pass reads.
const BATCH: i64 = 100;

/// How many SMTP connections the outbox uses at once.
const SENDS_AT_ONCE: usize = 4;

/// Sends committed mail until a send cannot be recorded (then the process
/// must stop: going on would send the same mail again and again).
async fn outbox_loop(config: Config, wake: Arc<Notify>) -> anyhow::Error {
    // A service of its own (own connection): the hourly cap mails the operator.
    let service = match Service::open(config.clone()) {
        Ok(s) => s,
        Err(e) => return anyhow!("cannot open the database: {e}"),
    };
    let store = &service.store;
    let (_, domain) = config.address_parts();
    let smtp = match Smtp::new(&config.smtp, &domain) {
        Ok(s) => s,
        Err(e) => return anyhow!("bad SMTP settings: {e}"),
    };
    match store.mail_in_doubt() {
        Ok(rows) if !rows.is_empty() => tracing::warn!(
            "outbox: {} mails were being handed to the SMTP server when quipu stopped; \
             sending them again with the same Message-ID (the server may hold them already)",
            rows.len()
        ),
        Ok(_) => {}
        Err(e) => return anyhow!("cannot read the outbox: {e}"),
    }
    let mut server = ServerHealth::default();
    loop {
        if server.away() {
            tokio::time::sleep(server.wait()).await;
            match smtp.check().await {
                Ok(()) => {
                    if let Err(e) = server_back(store) {
                        return e;
                    }
                }
                Err(e) => {
                    server.failed();
                    tracing::warn!("outbox: SMTP server still away ({e})");
                    continue;
                }
            }
        }
        let pending = match service.mail_to_send(Utc::now(), BATCH) {
            Ok(p) => p,
            Err(e) => {
                // A read that fails (busy for long) is worth another try.
                tracing::warn!("outbox: {e}");
                vec![]
            }
        };
        let pass = match send_pass(store, &smtp, &config, &pending).await {
            Ok(p) => p,
            Err(e) => return e,
        };
        // A server that greets a probe but fails every send stays away, its
        // probes further apart; one that takes mail again is fine.
        if pass.unreachable {
            server.failed();
            continue;
        }
        server = ServerHealth::default();
        if (pending.len() as i64) < BATCH {
            let _ = tokio::time::timeout(Duration::from_secs(2), wake.notified()).await;
        }
    }
}

/// The SMTP server answers again: whatever waited is due now.
fn server_back(store: &Store) -> Result<(), anyhow::Error> {
    let due = store
        .retry_now(&stamp(Utc::now()))
        .map_err(|e| anyhow!("cannot reschedule the outbox: {e}"))?;
    tracing::info!("outbox: SMTP server answers again; {due} mails that had failed are due now");
    Ok(())
}

/// Whether the SMTP server is away, and when to look for it again. The
/// backoff belongs to the server: while it is away no mail is tried, and
/// when it answers again everything waiting goes at once.
#[derive(Default)]
struct ServerHealth {
    failures: u32,
}

impl ServerHealth {
    fn away(&self) -> bool {
        self.failures > 0
    }
    fn failed(&mut self) {
        self.failures = self.failures.saturating_add(1);
    }
    /// 1, 2, 4 ... seconds, at most `RECONNECT_CAP_SECS`.
    fn wait(&self) -> Duration {
        let secs = 1u64 << self.failures.saturating_sub(1).min(6);
        Duration::from_secs(secs.min(RECONNECT_CAP_SECS))
    }
}

/// What one pass over the due mail found.
struct Pass {
    /// A send got no usable answer: the server is away.
    unreachable: bool,
}

/// Sends the due rows: each recipient's in order, one after the other and
/// stopping at the first that does not go (the rest waits behind it),
/// several recipients at once, since each message waits on the server's disk.
async fn send_pass(
    store: &Store,
    smtp: &Smtp,
    config: &Config,
    pending: &[OutboxRow],
) -> anyhow::Result<Pass> {
    let mut by_recipient: Vec<Vec<&OutboxRow>> = Vec::new();
    for m in pending {
        match by_recipient
            .iter_mut()
            .find(|g| g[0].recipient == m.recipient)
        {
            Some(g) => g.push(m),
            None => by_recipient.push(vec![m]),
        }
    }
    let unreachable = Cell::new(false);
    let fault: RefCell<Option<StoreError>> = RefCell::new(None);
    futures::stream::iter(by_recipient)
        .for_each_concurrent(SENDS_AT_ONCE, |group| {
            let (unreachable, fault) = (&unreachable, &fault);
            async move {
                for m in group {
                    if unreachable.get() || fault.borrow().is_some() {
                        return;
                    }
                    match send_one(store, smtp, config, m).await {
                        // Sent, or refused for good: neither holds back the next.
                        Ok(None | Some(SendError::Refused(_))) => {}
                        Ok(Some(SendError::Deferred(_))) => return,
                        Ok(Some(SendError::Unreachable(_))) => return unreachable.set(true),
                        Err(e) => return *fault.borrow_mut() = Some(e),
                    }
                }
            }
        })
        .await;
    if let Some(e) = fault.into_inner() {
        return Err(anyhow!(
            "a send could not be recorded, so the outbox stops rather than send it again: {e}"
        ));
    }
    Ok(Pass {
        unreachable: unreachable.get(),
    })
}

/// Sends one outbox row and records the result: None when the server
/// accepted it, else why not. The row is marked handed over before the
/// server can accept it, and sent as soon as it has; an Err means the
/// record failed and the caller must stop sending.
async fn send_one(
    store: &Store,
    smtp: &Smtp,
    config: &Config,
    m: &OutboxRow,
) -> Result<Option<SendError>, StoreError> {
    let started = std::time::Instant::now();
    store.mark_handed(m.id, &stamp(Utc::now()))?;
    let e = match smtp.send(&config.address, &m.recipient, &m.raw).await {
        Ok(()) => {
            store.mark_sent(m.id, &stamp(Utc::now()))?;
            tracing::info!(
                outbox = m.id,
                kind = %m.kind,
                game = m.game_id,
                recipient_domain = logs::domain_of(&m.recipient),
                attempts = m.attempts + 1,
                elapsed_ms = started.elapsed().as_millis() as u64,
                "mail sent"
            );
            return Ok(None);
        }
        Err(e) => e,
    };
    let now = Utc::now();
    let note = match &e {
        SendError::Refused(_) => {
            store.mark_refused(m.id, &e.to_string(), &stamp(now))?;
            "not retried".to_string()
        }
        SendError::Deferred(_) => {
            let wait = (5i64 << m.attempts.clamp(0, 10)).min(3600);
            let next = stamp(now + ChronoDuration::seconds(wait));
            store.mark_failed(m.id, &e.to_string(), &next)?;
            format!("retry in {wait} s")
        }
        // Due again as soon as the server is back.
        SendError::Unreachable(_) => {
            store.mark_failed(m.id, &e.to_string(), &stamp(now))?;
            "waiting for the server".to_string()
        }
    };
    tracing::warn!(
        outbox = m.id,
        kind = %m.kind,
        game = m.game_id,
        recipient_domain = logs::domain_of(&m.recipient),
        error = %e,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "outbox: mail not sent; {note}"
    );
    Ok(Some(e))
}

/// Ticks the clock at start (catching up) and every 30 seconds.
async fn clock_loop(config: Config, wake_outbox: Arc<Notify>) -> anyhow::Error {
    let imap_config = config.imap.clone();
    let keep_days = config.schedule.keep_days;
    let service = match Service::open(config) {
        Ok(s) => s,
        Err(e) => return anyhow!("cannot open the database: {e}"),
    };
    loop {
        match super::mailin::isolated(|| service.tick(Utc::now())) {
            Ok(r) => {
                if r.reminders + r.late_notices + r.timeouts + r.digests + r.summaries > 0
                    || !r.jobs.is_empty()
                {
                    tracing::info!("clock: {r:?}");
                    wake_outbox.notify_one();
                }
                if r.jobs.iter().any(|j| j == "housekeeping") {
                    let before = (Utc::now() - chrono::Duration::days(keep_days)).date_naive();
                    match imap::prune_processed(&imap_config, before).await {
                        Ok(n) => tracing::info!(
                            "housekeeping: {n} processed mails before {before} deleted"
                        ),
                        Err(e) => tracing::warn!("housekeeping: processed mail not pruned: {e}"),
                    }
                }
            }
            Err(e) => {
                service.forget();
                tracing::warn!("clock: {e}");
            }
        }
        tokio::time::sleep(Duration::from_secs(30)).await;
    }
}

/// Bot decisions one pass plays before it looks again: with the standard
/// budget (about 2 s each) a pass stays within seconds.
const BOT_TURNS_PER_PASS: usize = 4;

/// Plays the bot seats that are to act, on their own thread and database
/// connection, so that a bot's seconds of search never delay reading mail
/// or the clock; looks again every second.
fn bot_loop(config: Config, wake_outbox: Arc<Notify>) -> anyhow::Error {
    let service = match Service::open(config) {
        Ok(s) => s,
        Err(e) => return anyhow!("cannot open the database: {e}"),
    };
    let mut failed = std::collections::BTreeSet::new();
    loop {
        let played = match service.play_bots(Utc::now(), BOT_TURNS_PER_PASS, &mut failed) {
            Ok(pass) => pass.turns,
            Err(e) => {
                service.forget();
                tracing::warn!("bots: {e}");
                0
            }
        };
        if played > 0 {
            wake_outbox.notify_one();
        } else {
            std::thread::sleep(Duration::from_secs(1));
        }
    }
}

/// Sends everything waiting in the outbox once (for `quipu flush` and
/// scripts), each recipient's mail in order; stops when the server is away.
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
    let mut held: std::collections::BTreeSet<String> = Default::default();
    // Everything unsent, also mail stamped later than the wall clock (made by
    // `tick --at` a future time): an explicit flush means "send it now".
    for m in store
        .outbox(None)?
        .into_iter()
        .filter(|m| m.sent_at.is_none() && m.refused_at.is_none())
    {
        if held.contains(&m.recipient) {
            continue;
        }
        match rt.block_on(send_one(&store, &smtp, config, &m))? {
            None => sent += 1,
            Some(SendError::Refused(_)) => {}
            Some(SendError::Deferred(_)) => {
                held.insert(m.recipient.clone());
            }
            Some(e @ SendError::Unreachable(_)) => {
                return Err(anyhow!("{e}; {sent} mails sent before it went away"))
            }
        }
    }
    Ok(sent)
}
