//! Players watching their inboxes with IMAP IDLE: each mail from a watched
//! sender reaches the benchmark the moment the player's client would see it.

use crate::support::imap::{self, Session};
use crate::support::{Received, Stack};
use crate::PLAYERS;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// One mail from a watched sender, as a player's client reads it.
#[derive(Clone, Debug)]
pub struct Arrival {
    pub user: String,
    pub at: Instant,
    pub mail: Received,
    /// The commands offered as `mailto:` links.
    pub links: Vec<String>,
}

/// True if the server announced new mail that no IDLE will report again.
fn drain_exists(s: &Session) -> bool {
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

/// One player's inbox: the mail of the watched senders after UID `last`.
struct Inbox {
    user: String,
    filter: String,
    last: u32,
    /// UIDs read (and mail of ours left by an interrupted run): deleted at the end.
    read: Vec<u32>,
    tx: mpsc::Sender<Arrival>,
}

impl Inbox {
    /// Fetches and passes on what arrived since the last look.
    async fn take_new(&mut self, s: &mut Session) -> Result<(), String> {
        let found = s
            .uid_search(format!("UID {}:* {}", self.last + 1, self.filter))
            .await
            .map_err(|e| e.to_string())?;
        let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > self.last).collect();
        uids.sort_unstable();
        let got = imap::fetch(s, &uids).await?;
        let at = Instant::now();
        for (uid, raw) in got {
            self.last = self.last.max(uid);
            self.read.push(uid);
            let mail = Received::read(uid, raw);
            let links = mail.move_links();
            let _ = self.tx.send(Arrival {
                user: self.user.clone(),
                at,
                mail,
                links,
            });
        }
        Ok(())
    }
}

/// Watches `user`'s INBOX for mail from `senders` (new mail only), sends each
/// to `tx`, and at the end deletes what it read, to keep shared inboxes small.
async fn watch_inbox(
    stack: &Stack,
    user: &str,
    senders: &[String],
    tx: mpsc::Sender<Arrival>,
    ready: mpsc::Sender<()>,
    stop: &AtomicBool,
) -> Result<(), String> {
    let mut s = imap::login(stack, user).await?;
    let mb = s.select("INBOX").await.map_err(|e| e.to_string())?;
    let last = mb.uid_next.unwrap_or(1).saturating_sub(1);
    let filter = senders
        .iter()
        .map(|f| format!("FROM \"{f}\""))
        .reduce(|a, b| format!("OR {a} {b}"))
        .unwrap_or_default();
    // Mail our service accounts left here in an earlier, interrupted run
    // is deleted with this run's at the end.
    let read: Vec<u32> = if last > 0 {
        s.uid_search(format!("UID 1:{last} {filter}"))
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .collect()
    } else {
        Vec::new()
    };
    let mut inbox = Inbox {
        user: user.to_string(),
        filter,
        last,
        read,
        tx,
    };
    let _ = ready.send(());
    let mut again = true;
    while !stop.load(Ordering::Relaxed) {
        if again {
            inbox.take_new(&mut s).await?;
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
    imap::delete(&mut s, &inbox.read).await?;
    let _ = s.logout().await;
    Ok(())
}

/// Every player's inbox, watched.
pub struct Watchers {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
    pub rx: mpsc::Receiver<Arrival>,
}

impl Watchers {
    pub fn start(stack: &Stack, senders: &[String]) -> Watchers {
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
                std::thread::spawn(move || {
                    let watched =
                        imap::block_on(watch_inbox(&stack, &user, &senders, tx, ready, &stop));
                    if let Err(e) = watched {
                        eprintln!("watcher {user}: {e}");
                    }
                })
            })
            .collect();
        for _ in PLAYERS {
            ready_rx
                .recv_timeout(Duration::from_secs(30))
                .expect("a player's inbox watcher did not start");
        }
        Watchers { stop, threads, rx }
    }

    pub fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads {
            let _ = t.join();
        }
    }
}
