//! The lock that lets one `quipu serve` at a time use a database: an
//! exclusive advisory lock (flock) on a file beside it. The kernel drops the
//! lock when the holder ends, however it ends, so a crash leaves nothing stuck.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum LockError {
    #[error("another quipu serve ({0}) is already using the database {1}; stop it first")]
    Held(String, PathBuf),
    #[error("cannot lock the database {0} for quipu serve: {1}")]
    Io(PathBuf, std::io::Error),
}

/// Held for as long as the process serves; dropping it releases the lock.
#[derive(Debug)]
pub struct ServeLock {
    _file: File,
}

/// The lock file of the database at `db`.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".serve-lock");
    PathBuf::from(name)
}

impl ServeLock {
    /// Takes the lock for `db` or says who holds it.
    pub fn acquire(db: &Path) -> Result<ServeLock, LockError> {
        let path = lock_path(db);
        let io = |e| LockError::Io(db.to_path_buf(), e);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        // SAFETY: flock only reads the descriptor, which `file` keeps open.
        // (std's File::try_lock is newer than this crate's minimum Rust.)
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::WouldBlock {
                return Err(io(e));
            }
            // The holder wrote its process id; a short read is only for the message.
            let mut holder = String::new();
            let _ = file.take(32).read_to_string(&mut holder);
            let holder = match holder.trim() {
                "" => "process id not recorded".to_string(),
                pid => format!("process {pid}"),
            };
            return Err(LockError::Held(holder, db.to_path_buf()));
        }
        file.set_len(0).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        writeln!(file, "{}", std::process::id()).map_err(io)?;
        Ok(ServeLock { _file: file })
    }
}
