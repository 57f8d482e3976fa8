//! Inter-process exclusion for the data folder: every read-modify-write of a store file
//! happens while holding an exclusive advisory lock on `<data dir>/.lock`, so two app
//! instances (or the app and another process) never interleave their writes.
//!
//! The lock is `flock(2)` through `std::fs::File::lock`, taken per operation and released
//! when the guard drops, so a crashed holder never leaves it stuck. Taking it never waits
//! without bound: the blocking call runs on a helper thread (so waiters queue in the kernel, in
//! turn, instead of polling) and the caller waits for it only until a deadline, then fails with
//! a [`Busy`] error — a stopped second instance (or any process holding the file) cannot freeze
//! the app. A helper that gets the lock after its caller gave up releases it at once; until
//! then it stays blocked (one idle thread per timed-out attempt). Readers of atomically replaced
//! documents do not need it.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use crate::disk::{Disk, LockToken};

/// How long opening the store waits for the lock before it runs without saving.
pub const OPEN_WAIT: Duration = Duration::from_secs(2);

/// How long any later store operation waits for the lock before it fails.
pub const OPERATION_WAIT: Duration = Duration::from_secs(10);

/// The lock of one data folder.
#[derive(Debug, Clone)]
pub struct DirLock {
    path: PathBuf,
}

/// Holds the exclusive lock until dropped.
#[derive(Debug)]
pub struct LockGuard {
    _token: LockToken,
}

/// Why the lock was not taken: another holder kept it past the deadline.
#[derive(Debug, thiserror::Error)]
#[error("{path} is locked by another process (another Briscola?); waited {waited:?}")]
pub struct Busy {
    /// The lock file.
    pub path: String,
    /// How long this process waited.
    pub waited: Duration,
}

impl Busy {
    /// The [`Busy`] inside `error`, if that is what it is.
    pub fn of(error: &io::Error) -> Option<&Self> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<Self>())
    }
}

impl DirLock {
    /// The lock for `dir` (the file is created on first use).
    pub fn new(dir: &Path) -> Self {
        Self {
            path: dir.join(".lock"),
        }
    }

    /// Takes the exclusive lock, waiting at most `wait`; then fails with [`Busy`] (kind
    /// `WouldBlock`).
    pub fn acquire(&self, disk: &Arc<dyn Disk>, wait: Duration) -> io::Result<LockGuard> {
        let (send, receive) = mpsc::channel();
        let (disk, path) = (Arc::clone(disk), self.path.clone());
        // If the caller has given up, `send` fails and the token (the lock) is dropped at once.
        thread::spawn(move || {
            let _ = send.send(disk.lock(&path));
        });
        match receive.recv_timeout(wait) {
            Ok(token) => Ok(LockGuard { _token: token? }),
            Err(_) => Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                Busy {
                    path: self.path.display().to_string(),
                    waited: wait,
                },
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk::RealDisk;
    use std::process::{Child, Command, Stdio};
    use std::time::Instant;

    fn real() -> Arc<dyn Disk> {
        Arc::new(RealDisk)
    }

    /// `flock(1)` holding `path` in another process until killed (`-o`: the lock is the flock
    /// process's own, not inherited by its `sleep`).
    fn hold_elsewhere(path: &Path) -> Child {
        let mut child = Command::new("flock")
            .arg("-o")
            .arg(path)
            .args(["sleep", "30"])
            .stdout(Stdio::null())
            .spawn()
            .expect("flock(1) from util-linux");
        // Wait until the child holds it.
        let lock = DirLock::new(path.parent().unwrap());
        for _ in 0..250 {
            match lock.acquire(&real(), Duration::from_millis(100)) {
                Err(_) => return child,
                Ok(guard) => drop(guard),
            }
            thread::sleep(Duration::from_millis(20));
        }
        child.kill().ok();
        panic!("the other process never took the lock");
    }

    #[test]
    fn a_lock_held_by_another_process_is_waited_for_only_until_the_deadline() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::new(dir.path());
        let mut holder = hold_elsewhere(&dir.path().join(".lock"));
        let start = Instant::now();
        let error = lock
            .acquire(&real(), Duration::from_millis(300))
            .unwrap_err();
        let waited = start.elapsed();
        assert_eq!(error.kind(), io::ErrorKind::WouldBlock);
        assert!(Busy::of(&error).is_some(), "{error}");
        assert!(waited >= Duration::from_millis(300), "{waited:?}");
        assert!(waited < Duration::from_secs(5), "{waited:?}");
        holder.kill().unwrap();
        holder.wait().unwrap();
        lock.acquire(&real(), Duration::from_secs(5))
            .expect("free once the other process is gone");
    }

    #[test]
    fn a_second_holder_in_this_process_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::new(dir.path());
        let guard = lock.acquire(&real(), Duration::from_secs(5)).unwrap();
        assert!(lock.acquire(&real(), Duration::from_millis(50)).is_err());
        drop(guard);
        lock.acquire(&real(), Duration::from_secs(5)).unwrap();
    }
}
