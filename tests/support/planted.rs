//! Secrets planted in every test's configuration, and the check that no
//! outgoing mail carries one: the reply-token key and the IMAP and SMTP
//! passwords must never reach a player, however a mail asks for them.

use quipu::config::Config;
use quipu::service::Service;
use std::path::Path;

pub const SECRET: &str = "planted-secret-Vq84Kzw";
pub const IMAP_PASSWORD: &str = "planted-imap-pass-J3mx9";
pub const SMTP_PASSWORD: &str = "planted-smtp-pass-Rt62c";

/// A configuration for a test database in `dir` with the secrets planted.
pub fn config(dir: &Path, address: &str) -> Config {
    let mut c = Config {
        db: dir.join("quipu.db"),
        address: address.into(),
        secret: SECRET.into(),
        ..Config::default()
    };
    c.imap.server.password = IMAP_PASSWORD.into();
    c.smtp.password = SMTP_PASSWORD.into();
    c
}

/// Panics if `raw` (one complete mail) shows a planted secret, in its raw
/// bytes or in any part once its transfer encoding is undone.
pub fn assert_clean(raw: &[u8], extra: &[&str]) {
    let mut texts = vec![String::from_utf8_lossy(raw).into_owned()];
    if let Some(m) = mail_parser::MessageParser::default().parse(raw) {
        for part in m.parts.iter() {
            texts.push(String::from_utf8_lossy(part.contents()).into_owned());
        }
    }
    for secret in [SECRET, IMAP_PASSWORD, SMTP_PASSWORD].iter().chain(extra) {
        for t in &texts {
            assert!(
                !t.contains(secret),
                "an outgoing mail carries the configured secret {secret:?}"
            );
        }
    }
}

/// A service whose every outgoing mail is checked for the planted secrets
/// when the test ends.
pub struct Checked(pub Service);

impl Checked {
    pub fn open(dir: &Path, address: &str) -> Checked {
        Checked(Service::open(config(dir, address)).expect("open the test database"))
    }

    /// A service on a fresh folder of its own under the temp dir, named by
    /// the test file's `kind` and the test's `name`.
    pub fn fresh(kind: &str, name: &str, address: &str) -> Checked {
        let dir = std::env::temp_dir().join(format!("quipu-{kind}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a test folder");
        Checked::open(&dir, address)
    }

    /// Checks every mail in the outbox now.
    pub fn check(&self) {
        for row in self.0.store.outbox(None).expect("outbox") {
            assert_clean(&row.raw, &[]);
        }
    }
}

impl std::ops::Deref for Checked {
    type Target = Service;
    fn deref(&self) -> &Service {
        &self.0
    }
}

impl Drop for Checked {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            self.check();
        }
    }
}
