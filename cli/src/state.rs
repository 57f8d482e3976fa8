//! `briscola serve --state FILE`: the table saved after every change and brought back on start, so a
//! host that restarts (or crashes) keeps its table, and people rejoin with their tokens. Each save is
//! atomic — a temporary file beside it, synced, then renamed over it — so a crash mid-write leaves the
//! previous save. The file holds every seat token and, during a match, every deal: it is written
//! readable by its owner only.
//!
//! Deliberately absent: several tables in one file, and history (only the latest state is kept).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// Writes `snapshot` to `path` atomically.
pub fn save(path: &Path, snapshot: &TableSnapshot) -> std::io::Result<()> {
    let json = serde_json::to_vec(snapshot).map_err(std::io::Error::other)?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temporary)?;
    file.write_all(&json)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)
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
