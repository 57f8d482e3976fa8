//! The store's file operations outside the database, behind one small trait: reading the files of
//! earlier versions for the upgrade, moving files aside, creating the data folder.
//!
//! Every operation is on a store file or folder by full path and never follows a symbolic link
//! to a file: [`RealDisk`] opens files with `O_NOFOLLOW` and checks `symlink_metadata` first, so
//! a `records.jsonl` pointing elsewhere is refused, never read (a folder may be a link the user
//! made). Files are created `0600` and folders `0700` (Unix).
//!
//! Deliberately absent: writing into files (the database does its own), directory listing and
//! permissions changes.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The file operations the store uses. Paths are store files or folders.
pub trait Disk: fmt::Debug + Send + Sync {
    /// The length of a regular file, `None` if it does not exist. A symbolic link, folder or
    /// other non-file is an error.
    fn file_len(&self, path: &Path) -> io::Result<Option<u64>>;
    /// Up to `len` bytes from offset `at` (fewer at the end of the file).
    fn read_at(&self, path: &Path, at: u64, len: u64) -> io::Result<Vec<u8>>;
    /// Creates a new file (failing if anything exists there) holding `bytes`, not yet durable.
    fn create_new(&self, path: &Path, bytes: &[u8]) -> io::Result<()>;
    /// Makes a folder's entries (new, renamed, removed files) durable.
    fn sync_dir(&self, dir: &Path) -> io::Result<()>;
    /// Renames `from` over `to` (atomic within one folder).
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Gives the file `from` the new name `to`, failing if `to` exists.
    fn hard_link(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Removes a file.
    fn remove(&self, path: &Path) -> io::Result<()>;
    /// Creates a folder and its parents; an existing non-folder (or link) is an error.
    fn create_dir_all(&self, dir: &Path) -> io::Result<()>;
    /// Whether anything (file, folder, link) exists at `path`.
    fn exists(&self, path: &Path) -> bool;
}

/// Whole-file read with a size cap: `None` if missing, an `InvalidData` error if larger.
pub fn read_capped(disk: &dyn Disk, path: &Path, cap: u64) -> io::Result<Option<Vec<u8>>> {
    match disk.file_len(path)? {
        None => Ok(None),
        Some(len) if len > cap => Err(too_large(len, cap)),
        Some(len) => disk.read_at(path, 0, len).map(Some),
    }
}

/// The error for a file (or a line) over its size cap: kind `InvalidData`, carrying a
/// [`TooLarge`].
pub fn too_large(len: u64, cap: u64) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, TooLarge { len, cap })
}

/// A file or line over its size cap.
#[derive(Debug, thiserror::Error)]
#[error("{len} bytes, more than the {cap}-byte limit")]
pub struct TooLarge {
    /// Its size.
    pub len: u64,
    /// The cap.
    pub cap: u64,
}

impl TooLarge {
    /// The [`TooLarge`] inside `error`, if that is what it is.
    pub fn of(error: &io::Error) -> Option<&Self> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<Self>())
    }
}

/// The operating system's file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealDisk;

/// Why a store path was refused: something other than a regular file (or folder) is there.
#[derive(Debug, thiserror::Error)]
#[error("{path} is {what}")]
pub struct WrongKind {
    /// The path.
    pub path: String,
    /// What is there instead.
    pub what: &'static str,
    /// Whether it is a symbolic link.
    pub link: bool,
}

impl WrongKind {
    /// The refusal of `path`, as an I/O error.
    pub fn error(path: &Path, what: &'static str, link: bool) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            Self {
                path: path.display().to_string(),
                what,
                link,
            },
        )
    }

    /// The refusal inside `error`, if that is what it is.
    pub fn of(error: &io::Error) -> Option<&Self> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<Self>())
    }
}

/// Checks, without following links, that `path` is a regular file if it exists.
fn regular_file_len(path: &Path) -> io::Result<Option<u64>> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            Err(WrongKind::error(path, "a symbolic link, not a file", true))
        }
        Ok(meta) if meta.is_dir() => Err(WrongKind::error(path, "a folder, not a file", false)),
        Ok(meta) if !meta.is_file() => Err(WrongKind::error(path, "not a regular file", false)),
        Ok(meta) => Ok(Some(meta.len())),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Open options that never follow a final symbolic link and create files `0600`.
fn options() -> OpenOptions {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW).mode(0o600);
    }
    options
}

fn open_existing(path: &Path, write: bool) -> io::Result<File> {
    regular_file_len(path)?;
    options().read(!write).write(write).open(path)
}

impl Disk for RealDisk {
    fn file_len(&self, path: &Path) -> io::Result<Option<u64>> {
        regular_file_len(path)
    }

    fn read_at(&self, path: &Path, at: u64, len: u64) -> io::Result<Vec<u8>> {
        let mut file = open_existing(path, false)?;
        file.seek(SeekFrom::Start(at))?;
        let mut bytes = Vec::new();
        file.take(len).read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    fn create_new(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        options()
            .write(true)
            .create_new(true)
            .open(path)?
            .write_all(bytes)
    }

    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        if cfg!(unix) {
            File::open(dir)?.sync_all()?;
        }
        Ok(())
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }

    fn hard_link(&self, from: &Path, to: &Path) -> io::Result<()> {
        regular_file_len(from)?;
        fs::hard_link(from, to)
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        fs::remove_file(path)
    }

    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        match fs::symlink_metadata(dir) {
            Ok(meta) if meta.is_dir() => return Ok(()),
            // A folder may be a link the user made (to keep the data elsewhere); files may not.
            Ok(meta) if meta.file_type().is_symlink() && dir.is_dir() => return Ok(()),
            Ok(meta) => {
                let link = meta.file_type().is_symlink();
                return Err(WrongKind::error(dir, "not a folder", link));
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(error),
        }
        let mut builder = fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::DirBuilderExt;
            builder.mode(0o700);
        }
        builder.create(dir)
    }

    fn exists(&self, path: &Path) -> bool {
        fs::symlink_metadata(path).is_ok()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};

    #[test]
    fn links_are_refused_and_their_targets_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.txt");
        fs::write(&outside, b"keep").unwrap();
        let link = dir.path().join("records.jsonl");
        symlink(&outside, &link).unwrap();
        let disk = RealDisk;
        assert!(disk.file_len(&link).is_err());
        assert!(disk.read_at(&link, 0, 4).is_err());
        assert_eq!(fs::read(&outside).unwrap(), b"keep");
        let folder_link = dir.path().join("history");
        symlink(dir.path(), &folder_link).unwrap();
        fs::remove_file(&folder_link).unwrap();
        fs::write(&folder_link, b"a file").unwrap();
        assert!(disk.create_dir_all(&folder_link).is_err());
    }

    #[test]
    fn files_are_private_to_the_user() {
        let dir = tempfile::tempdir().unwrap();
        let disk = RealDisk;
        let folder = dir.path().join("data/history");
        disk.create_dir_all(&folder).unwrap();
        disk.create_new(&folder.join("a"), b"1").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&folder), 0o700);
        assert_eq!(mode(&dir.path().join("data")), 0o700);
        assert_eq!(mode(&folder.join("a")), 0o600);
    }

    #[test]
    fn capped_reads_refuse_large_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.json");
        fs::write(&path, vec![b' '; 100]).unwrap();
        assert_eq!(
            read_capped(&RealDisk, &path, 100).unwrap().unwrap().len(),
            100
        );
        let error = read_capped(&RealDisk, &path, 99).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(
            read_capped(&RealDisk, &dir.path().join("none"), 1)
                .unwrap()
                .is_none()
        );
    }
}
