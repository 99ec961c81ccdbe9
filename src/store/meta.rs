//! The meta table: single named values (the install id, markers the
//! service keeps between runs).

use super::{Result, Store, StoreError};
use rusqlite::{params, OptionalExtension};

impl Store {
    /// Made once, at the first open: a random part of every Message-ID
    /// this database mints, so that two installs never mint the same one.
    /// (Opened at once by two processes, the first write wins for both.)
    pub(super) fn make_install_id(&self) -> Result<()> {
        use ring::rand::SecureRandom;
        let mut b = [0u8; 6];
        ring::rand::SystemRandom::new()
            .fill(&mut b)
            .map_err(|_| StoreError::NoRandomness)?;
        let id: String = b.iter().map(|x| format!("{x:02x}")).collect();
        self.conn.execute(
            "INSERT OR IGNORE INTO meta(key, value) VALUES ('install_id', ?1)",
            [id],
        )?;
        Ok(())
    }

    /// This database's random part of its Message-IDs (see `make_install_id`).
    pub fn install_id(&self) -> Result<String> {
        self.meta("install_id")?
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_hexdigit()))
            .ok_or(StoreError::BadMeta("install_id"))
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn clear_meta(&self, key: &str) -> Result<()> {
        self.conn
            .execute("DELETE FROM meta WHERE key = ?1", [key])?;
        Ok(())
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }

    /// Proves the database can be written (a read-only file or directory,
    /// or a full disk, fails here rather than after the first mail).
    pub fn check_writable(&self, now: &str) -> Result<()> {
        self.in_transaction(|s| s.set_meta("serve_started_at", now))
    }
}
