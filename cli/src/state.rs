//! `briscola serve --state FILE`: the table saved after every change and brought back on start, so a
//! host that restarts (or crashes) keeps its table, and people rejoin with their tokens. Each save is
//! atomic — a temporary file beside it, synced, then renamed over it — so a crash mid-write leaves the
//! previous save. The file holds every seat token and, during a match, every deal: it is written
//! readable by its owner only (mode 0600). The temporary file has a name of its own each time and is
//! created exclusively, so a link or file planted at its name is never written through; the rename
//! replaces whatever is at the state file's path (a link included) without following it. The host's
//! token file ([`write_private`]) is written the same way.
//!
//! Deliberately absent: several tables in one file, and history (only the latest state is kept).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use briscola_table::TableSnapshot;
use tokio::sync::watch;

/// The saved table, if the file exists.
pub fn load(path: &Path) -> Result<Option<TableSnapshot>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = briscola_store::input::read_bytes(path).map_err(|e| e.to_string())?;
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| format!("{} is not a saved table: {e}", path.display()))
}

/// Writes `snapshot` to `path` atomically, readable by its owner only.
pub fn save(path: &Path, snapshot: &TableSnapshot) -> std::io::Result<()> {
    let json = serde_json::to_vec(snapshot).map_err(std::io::Error::other)?;
    write_private(path, &json)
}

/// Temporary files made so far by this process (with the process id, a name no other save uses).
static TEMPORARIES: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically, readable by its owner only: a temporary file created
/// exclusively beside it (never through a link), synced, then renamed over it.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let (temporary, mut file) = loop {
        let mut temporary = std::ffi::OsString::from(".");
        temporary.push(name);
        let count = TEMPORARIES.fetch_add(1, Ordering::Relaxed);
        temporary.push(format!(".{}.{count}.tmp", std::process::id()));
        let temporary = folder.join(temporary);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&temporary) {
            Ok(file) => break (temporary, file),
            // Something is there already (planted, or left by a crash): another name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    };
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&temporary, path)
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Saves every snapshot the table publishes, the current one first, until the table is gone.
pub async fn keep(path: PathBuf, mut snapshots: watch::Receiver<Arc<TableSnapshot>>) {
    loop {
        let snapshot = snapshots.borrow_and_update().clone();
        let target = path.clone();
        let saved = tokio::task::spawn_blocking(move || save(&target, &snapshot)).await;
        if let Ok(Err(e)) = saved {
            eprintln!("briscola serve: cannot save {}: {e}", path.display());
        }
        if snapshots.changed().await.is_err() {
            return;
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::{PermissionsExt, symlink};

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path)
            .expect("a file")
            .permissions()
            .mode()
            & 0o777
    }

    #[test]
    fn saves_never_write_through_a_planted_link_and_stay_private() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("table.json");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::write(&elsewhere, "untouched").expect("written");
        // Links planted at the name a save used to write through, and at the file itself.
        symlink(&elsewhere, dir.path().join("table.json.tmp")).expect("a link");
        symlink(&elsewhere, &path).expect("a link");
        write_private(&path, b"secret tokens").expect("saved");
        assert_eq!(
            std::fs::read_to_string(&elsewhere).expect("read"),
            "untouched"
        );
        assert!(std::fs::symlink_metadata(&path).expect("there").is_file());
        assert_eq!(std::fs::read(&path).expect("read"), b"secret tokens");
        assert_eq!(mode(&path), 0o600);
        write_private(&path, b"again").expect("saved again");
        assert_eq!(mode(&path), 0o600);
        // No temporary file is left behind.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("a folder")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp") && n.starts_with(".table.json."))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
