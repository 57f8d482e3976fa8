//! Crash-safe file replacement: write a temporary file in the same folder, flush it to disk,
//! rename it over the target and flush the folder, so a reader (or a restart after a crash)
//! sees either the whole old file or the whole new one, never a mix — and once the call
//! returns, the new one survives a power loss.
//!
//! Deliberately absent: any in-place rewrite. Append-only files are handled by `history`.

use std::io;
use std::path::Path;
use std::process;
use std::sync::atomic::{AtomicU64, Ordering};

use super::disk::Disk;

/// Distinguishes temporary files of concurrent writers in one process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces `path` with `bytes` atomically and durably.
///
/// The temporary file is `.<name>.tmp-<pid>-<n>` in the same folder (renames are only atomic
/// within one file system); it is removed again if any step fails.
pub fn write_atomic(disk: &dyn Disk, path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let temp = dir.join(format!(
        ".{}.tmp-{}-{}",
        name.to_string_lossy(),
        process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = disk
        .create_new(&temp, bytes)
        .and_then(|()| disk.sync_file(&temp))
        .and_then(|()| disk.rename(&temp, path));
    if result.is_err() {
        // Best effort: the temporary file holds nothing that is not still in memory.
        let _ = disk.remove(&temp);
    }
    result?;
    disk.sync_dir(dir)
}

/// Creates `path` (which must not exist yet) with `bytes`, durably; used for side files that
/// keep data aside, such as a torn history line.
pub fn create_new_durable(disk: &dyn Disk, path: &Path, bytes: &[u8]) -> io::Result<()> {
    disk.create_new(path, bytes)?;
    disk.sync_file(path)?;
    disk.sync_dir(parent_dir(path)?)
}

/// The folder holding `path` (`.` for a bare name).
pub fn parent_dir(path: &Path) -> io::Result<&Path> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => Ok(dir),
        Some(_) => Ok(Path::new(".")),
        None => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "path has no parent folder",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk::RealDisk;
    use std::fs;

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.json");
        write_atomic(&RealDisk, &path, b"one").unwrap();
        write_atomic(&RealDisk, &path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the target file remains");
    }

    #[test]
    fn failure_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sub");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("x"), b"keep").unwrap();
        // Renaming a file over a non-empty folder fails; the folder must be untouched.
        assert!(write_atomic(&RealDisk, &target, b"new").is_err());
        assert_eq!(fs::read(target.join("x")).unwrap(), b"keep");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn create_new_refuses_to_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("side");
        create_new_durable(&RealDisk, &path, b"a").unwrap();
        assert!(create_new_durable(&RealDisk, &path, b"b").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"a");
    }
}
