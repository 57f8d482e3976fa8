//! Inter-process exclusion for the data folder: every read-modify-write of a store file
//! happens while holding an exclusive advisory lock on `<data dir>/.lock`, so two app
//! instances (or the app and the CLI) never interleave their writes.
//!
//! The lock is `flock(2)` through `std::fs::File::lock` (the same call the `fs4` crate wraps,
//! see [`super::disk::RealDisk`]), taken per operation and released when the guard drops, so a
//! crashed holder never leaves it stuck. Readers of atomically replaced documents do not need it.

use std::io;
use std::path::{Path, PathBuf};

use super::disk::{Disk, LockToken};

/// The lock file of one data folder.
#[derive(Debug, Clone)]
pub struct DirLock {
    path: PathBuf,
}

/// Holds the exclusive lock until dropped.
#[derive(Debug)]
pub struct LockGuard {
    _token: LockToken,
}

impl DirLock {
    /// The lock for `dir` (the file is created on first use).
    pub fn new(dir: &Path) -> Self {
        Self {
            path: dir.join(".lock"),
        }
    }

    /// Blocks until this process holds the exclusive lock.
    pub fn acquire(&self, disk: &dyn Disk) -> io::Result<LockGuard> {
        Ok(LockGuard {
            _token: disk.lock(&self.path)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::disk::RealDisk;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::new(dir.path());
        let guard = lock.acquire(&RealDisk).unwrap();
        let (sender, receiver) = mpsc::channel();
        let other = lock.clone();
        let waiter = std::thread::spawn(move || {
            let _guard = other.acquire(&RealDisk).unwrap();
            sender.send(()).unwrap();
        });
        assert!(receiver.recv_timeout(Duration::from_millis(200)).is_err());
        drop(guard);
        receiver.recv_timeout(Duration::from_secs(5)).unwrap();
        waiter.join().unwrap();
    }
}
