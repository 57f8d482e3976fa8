//! Moving an unreadable file aside instead of overwriting it: `<name>` becomes
//! `<name>.corrupt-<UTC timestamp>` in the same folder, never replacing an existing file.

use std::io;
use std::path::{Path, PathBuf};

use super::disk::Disk;
use super::stamp::{now_ms, utc_stamp};

/// Renames `path` to a fresh `<name>.<label>-<timestamp>[-n]` and returns the new path.
pub fn move_aside(disk: &dyn Disk, path: &Path, label: &str) -> io::Result<PathBuf> {
    let target = fresh_side_path(disk, path, label)?;
    // A hard link fails if the target exists, so concurrent quarantines cannot clobber one
    // another; the original name is removed only once the content is safe under the new one.
    disk.hard_link(path, &target)?;
    disk.remove(path)?;
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        disk.sync_dir(dir)?;
    }
    Ok(target)
}

/// A path `<name>.<label>-<timestamp>[-n]` beside `path` that does not exist yet.
pub fn fresh_side_path(disk: &dyn Disk, path: &Path, label: &str) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?
        .to_string_lossy()
        .into_owned();
    let base = format!("{name}.{label}-{}", utc_stamp(now_ms()));
    (0..1000)
        .map(|n| {
            if n == 0 {
                path.with_file_name(&base)
            } else {
                path.with_file_name(format!("{base}-{n}"))
            }
        })
        .find(|candidate| !disk.exists(candidate))
        .ok_or_else(|| io::Error::new(io::ErrorKind::AlreadyExists, "no free side-file name"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk::RealDisk;
    use std::fs;

    #[test]
    fn moves_the_file_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("preferences.json");
        fs::write(&path, b"first").unwrap();
        let first = move_aside(&RealDisk, &path, "corrupt").unwrap();
        fs::write(&path, b"second").unwrap();
        let second = move_aside(&RealDisk, &path, "corrupt").unwrap();
        assert_ne!(first, second);
        assert!(!path.exists());
        assert_eq!(fs::read(&first).unwrap(), b"first");
        assert_eq!(fs::read(&second).unwrap(), b"second");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("preferences.json.corrupt-"), "{name}");
    }
}
