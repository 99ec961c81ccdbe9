//! A game by mail from its first move: a fresh daemon on a service account,
//! the game begun with the operator's `quipu new`, and its players'
//! mailboxes read from that moment on. The end-to-end games
//! (`tests/e2e_game.rs`, `tests/e2e_turns.rs`) differ only in how their
//! players answer.

use super::{Mailbox, Quipu, Received, Stack};
use std::time::{Duration, Instant};

/// A game begun on a fresh daemon, with its players' mailboxes.
pub struct Started {
    pub stack: Stack,
    pub q: Quipu,
    pub id: i64,
    /// The players' addresses, in the order given to `new`.
    pub emails: Vec<String>,
    /// Each player's mailbox, in the same order, read from the start on.
    pub boxes: Vec<Mailbox>,
    /// In the Subject of every mail of this game ("#ID]").
    pub tag: String,
    pub started: Instant,
}

/// Starts `game` for `players` (account names of the stack) on a new daemon
/// on `account`, whose inbox is emptied first so that an earlier run's mail
/// is not read by this run's fresh database.
pub fn start_game(
    game: &str,
    account: &str,
    players: &[&str],
    options: &[&str],
    seed: u64,
) -> Started {
    let stack = Stack::get();
    stack.purge_inbox(account);
    let mut q = Quipu::new(&stack, account);
    // The scripted players answer every mail at once, one command a mail:
    // a whole game is far above any person's pace, and the per-sender limit
    // (tested in hostile_limits) would stop it halfway.
    q.configure("[limits]\nper_sender_per_hour = 2000\n");
    let mut boxes: Vec<Mailbox> = players.iter().map(|p| Mailbox::new(&stack, p)).collect();
    for b in &mut boxes {
        b.skip_existing();
    }
    q.serve();
    let emails: Vec<String> = players.iter().map(|p| stack.addr(p)).collect();
    let joined = emails.join(",");
    let seed_text = seed.to_string();
    let mut args = vec!["new", game, "--players", &joined, "--seed", &seed_text];
    for o in options {
        args.extend(["--option", o]);
    }
    let id: i64 = q.ok(&args).trim().parse().expect("a game number");
    Started {
        stack,
        q,
        id,
        emails,
        boxes,
        tag: format!("#{id}]"),
        started: Instant::now(),
    }
}

impl Started {
    /// Whether `m` is a mail of this game from quipu.
    pub fn is_ours(&self, m: &Received) -> bool {
        m.from == self.q.address && m.subject.contains(&self.tag)
    }

    /// The mails of this game that reached each player since the last look:
    /// (player's index, mail), oldest first.
    pub fn fresh_mail(&mut self) -> Vec<(usize, Received)> {
        let mut out = Vec::new();
        for (i, b) in self.boxes.iter_mut().enumerate() {
            out.extend(b.fresh().into_iter().map(|m| (i, m)));
        }
        out.retain(|(_, m)| self.is_ours(m));
        out
    }

    /// Fails the test (with the daemon's log) once `minutes` have passed
    /// since the start, or if the daemon has died.
    pub fn assert_running(&mut self, minutes: u64, progress: &str) {
        assert!(
            self.started.elapsed() < Duration::from_secs(minutes * 60),
            "the game by mail did not finish in {minutes} min{progress}; log:\n{}",
            self.q.log()
        );
        assert!(self.q.alive(), "the daemon died; log:\n{}", self.q.log());
    }

    /// Waits until every player has been told the result by mail;
    /// `latest(i)` is the last mail of the game player `i` has read.
    pub fn wait_for_game_over<'a>(&mut self, latest: impl Fn(usize) -> Option<&'a Received>) {
        let (address, tag) = (self.q.address.clone(), self.tag.clone());
        let over = |m: &Received| {
            m.from == address && m.subject.contains(&tag) && m.text.contains("The game is over")
        };
        for (i, b) in self.boxes.iter_mut().enumerate() {
            if !latest(i).is_some_and(over) {
                b.wait_for(60, over);
            }
        }
    }
}
