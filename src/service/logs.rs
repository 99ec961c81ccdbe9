//! The daemon's log: the `tracing` subscriber `quipu serve` installs, and
//! the redactions every log line about a mail goes through (a hash for a
//! Message-ID, the domain for an address: no full address or token in logs).

use tracing::level_filters::LevelFilter;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;

/// Logs to stderr at the level RUST_LOG names (`info` when unset or not
/// understood, with a warning), e.g. `RUST_LOG=debug` or
/// `RUST_LOG=info,quipu::mail=debug`. Safe to call twice (the second does nothing).
pub fn init() {
    let asked = std::env::var("RUST_LOG").ok();
    let (filter, unreadable) = match asked.as_deref().map(str::parse::<Targets>) {
        None => (Targets::new().with_default(LevelFilter::INFO), false),
        Some(Ok(t)) => (t, false),
        Some(Err(_)) => (Targets::new().with_default(LevelFilter::INFO), true),
    };
    let installed = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_target(false),
        )
        .with(filter)
        .try_init()
        .is_ok();
    if installed && unreadable {
        tracing::warn!(rust_log = ?asked, "RUST_LOG not understood; logging at info");
    }
}

/// A Message-ID as 12 hex digits of its SHA-256: the same mail gives the
/// same value in every line, and the sender's text stays out of the log.
pub fn message_key(message_id: &str) -> String {
    let hash = ring::digest::digest(&ring::digest::SHA256, message_id.as_bytes());
    hash.as_ref()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The domain of an address, lower case ("" when it has none).
pub fn domain_of(address: &str) -> String {
    address
        .rsplit_once('@')
        .map(|(_, d)| d.trim_end_matches('>').to_lowercase())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_keeps_only_its_domain() {
        assert_eq!(domain_of("Alice.Smith+q1@Example.ORG"), "example.org");
        assert_eq!(domain_of("no address"), "");
    }

    #[test]
    fn a_message_id_becomes_a_short_stable_hash() {
        let k = message_key("<abc@x.test>");
        assert_eq!(k.len(), 12);
        assert_eq!(k, message_key("<abc@x.test>"));
        assert_ne!(k, message_key("<abd@x.test>"));
        assert!(!k.contains('@'));
    }
}
