//! A simulated disk for tests: an in-memory [`Disk`] that knows which bytes and which folder
//! entries were made durable, and can lose the rest in a power failure.
//!
//! * A file's content is durable up to its last `sync_file`; a folder's entries (created,
//!   renamed, removed names) up to its last `sync_dir`. Folders themselves are durable once
//!   created (the data folder exists before the app runs).
//! * [`SimDisk::crash_at`] makes the `n`-th changing operation fail, and everything after it:
//!   the machine is off. [`SimDisk::after_crash`] is what a restart finds: the durable state,
//!   with each file's unsynced appended bytes kept whole, dropped, or torn at a random point.
//! * [`SimDisk::drop_syncs`] turns the `sync_file` of matching paths into a no-op: a store that
//!   forgot that `fsync`, which the power-loss test must catch.
//! * [`SimDisk::read_only`] refuses every change with `PermissionDenied` (a read-only folder,
//!   which a test running as root cannot make with permissions).
//!
//! Deliberately absent: timestamps (so the history index is re-read and re-checked on every
//! use), permissions, concurrency beyond a mutex.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::disk::{Disk, LockToken, WrongKind};

/// How a restart treats bytes written but not synced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tear {
    /// All of them are lost.
    DropAll,
    /// All of them made it.
    KeepAll,
    /// A prefix made it, cut at a point chosen by this seed.
    Random(u64),
}

#[derive(Debug, Clone, Default)]
struct Inode {
    data: Vec<u8>,
    synced: Vec<u8>,
}

#[derive(Debug, Default, Clone)]
struct State {
    names: BTreeMap<PathBuf, usize>,
    durable_names: BTreeMap<PathBuf, usize>,
    dirs: BTreeSet<PathBuf>,
    inodes: Vec<Inode>,
    changes: u64,
    crash_at: Option<u64>,
    crashed: bool,
    read_only: bool,
    drop_sync: Option<fn(&Path) -> bool>,
}

/// The simulated disk.
#[derive(Debug, Default)]
pub struct SimDisk {
    state: Mutex<State>,
}

fn off() -> io::Error {
    io::Error::other("the power is off")
}

fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!("{} not found", path.display()),
    )
}

impl SimDisk {
    /// An empty disk.
    pub fn new() -> Self {
        Self::default()
    }

    /// A disk whose `n`-th changing operation (0-based) and everything after it fail.
    pub fn crash_at(self, n: u64) -> Self {
        self.with(|state| state.crash_at = Some(n))
    }

    /// A disk that ignores `sync_file` on paths matching `matches`.
    pub fn drop_syncs(self, matches: fn(&Path) -> bool) -> Self {
        self.with(|state| state.drop_sync = Some(matches))
    }

    /// A disk that refuses every change.
    pub fn read_only(self) -> Self {
        self.with(|state| state.read_only = true)
    }

    fn with(self, change: impl FnOnce(&mut State)) -> Self {
        change(&mut self.lock_state());
        self
    }

    /// Changing operations done (or attempted) so far.
    pub fn changes(&self) -> u64 {
        self.lock_state().changes
    }

    /// Whether the simulated power failure happened.
    pub fn crashed(&self) -> bool {
        self.lock_state().crashed
    }

    /// The disk a restart finds: durable entries and content, unsynced bytes per `tear`.
    pub fn after_crash(&self, tear: Tear) -> Self {
        let state = self.lock_state();
        let mut seed = match tear {
            Tear::Random(seed) => seed | 1,
            _ => 1,
        };
        let inodes = state
            .inodes
            .iter()
            .map(|inode| {
                let mut data = inode.synced.clone();
                if let Some(extra) = inode.data.strip_prefix(&inode.synced[..]) {
                    let kept = match tear {
                        Tear::DropAll => 0,
                        Tear::KeepAll => extra.len(),
                        Tear::Random(_) => {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            usize::try_from(seed % (extra.len() as u64 + 1)).unwrap_or(0)
                        }
                    };
                    data.extend_from_slice(&extra[..kept]);
                }
                Inode {
                    synced: data.clone(),
                    data,
                }
            })
            .collect();
        Self {
            state: Mutex::new(State {
                names: state.durable_names.clone(),
                durable_names: state.durable_names.clone(),
                dirs: state.dirs.clone(),
                inodes,
                ..State::default()
            }),
        }
    }

    /// The current content of `path` (test inspection; no crash accounting).
    pub fn contents(&self, path: &Path) -> Option<Vec<u8>> {
        let state = self.lock_state();
        state
            .names
            .get(path)
            .map(|&inode| state.inodes[inode].data.clone())
    }

    fn lock_state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs a changing operation, unless the power is (or now goes) off.
    fn change<T>(&self, op: impl FnOnce(&mut State) -> io::Result<T>) -> io::Result<T> {
        let mut state = self.lock_state();
        if state.crashed {
            return Err(off());
        }
        if state.crash_at == Some(state.changes) {
            state.crashed = true;
            return Err(off());
        }
        state.changes += 1;
        if state.read_only {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "read-only file system",
            ));
        }
        op(&mut state)
    }

    fn read<T>(&self, op: impl FnOnce(&State) -> io::Result<T>) -> io::Result<T> {
        let state = self.lock_state();
        if state.crashed {
            return Err(off());
        }
        op(&state)
    }
}

impl State {
    fn inode(&self, path: &Path) -> io::Result<usize> {
        if self.dirs.contains(path) {
            return Err(WrongKind::error(path, "a folder, not a file", false));
        }
        self.names.get(path).copied().ok_or_else(|| not_found(path))
    }

    fn parent_exists(&self, path: &Path) -> io::Result<()> {
        match path.parent() {
            Some(dir) if self.dirs.contains(dir) => Ok(()),
            _ => Err(not_found(path)),
        }
    }

    fn create(&mut self, path: &Path) -> io::Result<usize> {
        self.parent_exists(path)?;
        if self.names.contains_key(path) || self.dirs.contains(path) {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} exists", path.display()),
            ));
        }
        let inode = self.inodes.len();
        self.inodes.push(Inode::default());
        self.names.insert(path.to_path_buf(), inode);
        Ok(inode)
    }
}

impl Disk for SimDisk {
    fn file_len(&self, path: &Path) -> io::Result<Option<u64>> {
        self.read(|state| match state.inode(path) {
            Ok(inode) => Ok(Some(state.inodes[inode].data.len() as u64)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error),
        })
    }

    fn read_at(&self, path: &Path, at: u64, len: u64) -> io::Result<Vec<u8>> {
        self.read(|state| {
            let data = &state.inodes[state.inode(path)?].data;
            let start = usize::try_from(at).unwrap_or(usize::MAX).min(data.len());
            let end = usize::try_from(at.saturating_add(len))
                .unwrap_or(usize::MAX)
                .min(data.len());
            Ok(data[start..end].to_vec())
        })
    }

    fn create_new(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.change(|state| {
            let inode = state.create(path)?;
            state.inodes[inode].data = bytes.to_vec();
            Ok(())
        })
    }

    fn append(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.change(|state| {
            let inode = match state.inode(path) {
                Err(error) if error.kind() == io::ErrorKind::NotFound => state.create(path)?,
                other => other?,
            };
            state.inodes[inode].data.extend_from_slice(bytes);
            Ok(())
        })
    }

    fn truncate(&self, path: &Path, len: u64) -> io::Result<()> {
        self.change(|state| {
            let inode = state.inode(path)?;
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            state.inodes[inode].data.truncate(len);
            Ok(())
        })
    }

    fn sync_file(&self, path: &Path) -> io::Result<()> {
        self.change(|state| {
            let inode = state.inode(path)?;
            if !state.drop_sync.is_some_and(|matches| matches(path)) {
                let node = &mut state.inodes[inode];
                node.synced.clone_from(&node.data);
            }
            Ok(())
        })
    }

    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        self.change(|state| {
            let in_dir = |path: &PathBuf| path.parent() == Some(dir);
            state.durable_names.retain(|path, _| !in_dir(path));
            let current: Vec<(PathBuf, usize)> = state
                .names
                .iter()
                .filter(|(path, _)| in_dir(path))
                .map(|(path, &inode)| (path.clone(), inode))
                .collect();
            state.durable_names.extend(current);
            Ok(())
        })
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.change(|state| {
            let inode = state.inode(from)?;
            if state.dirs.contains(to) {
                return Err(WrongKind::error(to, "a folder", false));
            }
            state.names.remove(from);
            state.names.insert(to.to_path_buf(), inode);
            Ok(())
        })
    }

    fn hard_link(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.change(|state| {
            let inode = state.inode(from)?;
            state.parent_exists(to)?;
            if state.names.contains_key(to) || state.dirs.contains(to) {
                return Err(io::Error::new(io::ErrorKind::AlreadyExists, "exists"));
            }
            state.names.insert(to.to_path_buf(), inode);
            Ok(())
        })
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        self.change(|state| {
            state.inode(path)?;
            state.names.remove(path);
            Ok(())
        })
    }

    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        let exists = self.read(|state| {
            if state.names.contains_key(dir) {
                return Err(WrongKind::error(dir, "not a folder", false));
            }
            Ok(state.dirs.contains(dir))
        })?;
        if exists {
            return Ok(());
        }
        self.change(|state| {
            for ancestor in dir.ancestors() {
                if state.names.contains_key(ancestor) {
                    return Err(WrongKind::error(ancestor, "not a folder", false));
                }
                state.dirs.insert(ancestor.to_path_buf());
            }
            Ok(())
        })
    }

    fn exists(&self, path: &Path) -> bool {
        self.read(|state| Ok(state.names.contains_key(path) || state.dirs.contains(path)))
            .unwrap_or(false)
    }

    fn modified(&self, _path: &Path) -> Option<std::time::SystemTime> {
        None
    }

    fn lock(&self, _path: &Path) -> io::Result<LockToken> {
        // As with an existing `.lock` file in a read-only folder, locking itself still works.
        self.read(|_| Ok(Box::new(()) as LockToken))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_synced_bytes_and_entries_survive() {
        let disk = SimDisk::new();
        let dir = Path::new("/d");
        disk.create_dir_all(dir).unwrap();
        disk.create_new(&dir.join("a"), b"one").unwrap();
        disk.sync_file(&dir.join("a")).unwrap();
        // Content synced, entry not: lost.
        assert_eq!(
            disk.after_crash(Tear::KeepAll).contents(&dir.join("a")),
            None
        );
        disk.sync_dir(dir).unwrap();
        disk.append(&dir.join("a"), b"-two").unwrap();
        let kept = |tear| disk.after_crash(tear).contents(&dir.join("a")).unwrap();
        assert_eq!(kept(Tear::DropAll), b"one");
        assert_eq!(kept(Tear::KeepAll), b"one-two");
        let torn = kept(Tear::Random(7));
        assert!(b"one-two".starts_with(&torn) && torn.starts_with(b"one"));
    }

    #[test]
    fn the_crash_point_stops_everything() {
        let disk = SimDisk::new().crash_at(1);
        let dir = Path::new("/d");
        disk.create_dir_all(dir).unwrap();
        assert!(disk.create_new(&dir.join("a"), b"x").is_err());
        assert!(disk.crashed());
        assert!(disk.file_len(&dir.join("a")).is_err());
    }
}
