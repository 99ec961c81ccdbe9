//! What the daemon recorded, read from its database while it runs.

use super::Quipu;
use quipu::store::{InboundRow, Store};
use std::time::{Duration, Instant};

/// The inbound record of `mid`, waiting (up to `secs`) for the daemon to
/// write it; fails the test if the daemon dies first.
pub fn wait_inbound(q: &mut Quipu, mid: &str, secs: u64) -> InboundRow {
    let start = Instant::now();
    loop {
        let store = Store::open(&q.db()).expect("open the db");
        if let Some(r) = store
            .inbound_log(100_000)
            .expect("inbound")
            .into_iter()
            .find(|r| r.message_id == mid)
        {
            return r;
        }
        assert!(q.alive(), "the daemon died; log:\n{}", q.log());
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "{mid} not recorded within {secs} s; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(150));
    }
}
