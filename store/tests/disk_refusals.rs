//! The disk refusing under a real file system: a data folder made read-only, and a disk that
//! fills in the middle of a run. As root (the project's machines and CI), each runs on its own
//! small tmpfs, remounted read-only or filled to its last byte; otherwise the folder's permissions
//! make it read-only (root ignores them), and the full disk is left to the unit test that caps
//! SQLite's page count (`tests::a_full_database_keeps_moves_in_memory_then_catches_up`).
//!
//! Each time, play goes on in memory with `not-saving`, and the store catches up once the disk
//! accepts writes again.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests: a panic is the failure report

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use briscola_store::summary::SeatPlayer;
use briscola_store::{
    FolderProblem, HistoryEntry, HistoryQuery, MatchSummary, NoPreferences, Outcome, Store,
    StoreWarning,
};
use serde_json::{Value, json};

fn entry(n: i64, padding: usize) -> HistoryEntry<Value> {
    let ruleset = Ruleset::preset(Preset::Briscola, 2).unwrap();
    HistoryEntry {
        summary: MatchSummary {
            id: format!("m{n}"),
            started_at_ms: n * 1000,
            finished_at_ms: n * 1000 + 500,
            duration_ms: 500,
            format: MatchFormat::usual(&ruleset),
            ruleset,
            seats: vec![
                SeatPlayer::Person {
                    name: String::new(),
                },
                SeatPlayer::Ai {
                    level: Level::Easy,
                    name: String::new(),
                },
            ],
            hand_scores: vec![vec![61, 59]],
            outcome: Outcome::Won,
            resigned: false,
            undos: 0,
        },
        record: json!({ "n": n, "padding": "x".repeat(padding) }),
    }
}

fn ids(store: &mut Store<NoPreferences>) -> Vec<String> {
    let query = HistoryQuery {
        limit: HistoryQuery::MAX_LIMIT,
        ..HistoryQuery::default()
    };
    let page = store.history_page(&query).unwrap();
    page.items.into_iter().map(|s| s.id).collect()
}

fn problem(store: &Store<NoPreferences>) -> Option<FolderProblem> {
    store.warnings().iter().find_map(|w| match w {
        StoreWarning::NotSaving { problem, .. } => Some(*problem),
        _ => None,
    })
}

/// Whether this process runs as root (its effective user id, from `/proc/self/status`).
fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let uids = status.lines().find(|l| l.starts_with("Uid:"))?.to_owned();
            uids.split_whitespace().nth(2).map(|euid| euid == "0")
        })
        .unwrap_or(false)
}

/// A tmpfs of `size` mounted on a fresh folder (`0`), unmounted when dropped; `_parent` holds the
/// mount point.
struct Tmpfs(PathBuf, #[allow(dead_code)] tempfile::TempDir);

impl Tmpfs {
    fn new(size: &str) -> Self {
        let root = tempfile::tempdir().unwrap();
        let point = root.path().join("mnt");
        fs::create_dir(&point).unwrap();
        let mounted = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(&point)
            .status()
            .unwrap();
        assert!(mounted.success(), "mounting a tmpfs as root");
        Self(point, root)
    }

    fn remount(&self, mode: &str) {
        let done = Command::new("mount")
            .args(["-o", &format!("remount,{mode}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(done.success(), "remount {mode}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Makes `dir` read-only (`true`) or writable again.
fn read_only(dir: &Path, tmpfs: Option<&Tmpfs>, on: bool) {
    match tmpfs {
        Some(fs) => fs.remount(if on { "ro" } else { "rw" }),
        None => {
            use std::os::unix::fs::PermissionsExt;
            let mode = if on { 0o500 } else { 0o700 };
            fs::set_permissions(dir, fs::Permissions::from_mode(mode)).unwrap();
        }
    }
}

#[test]
fn a_folder_made_read_only_keeps_play_in_memory_then_catches_up() {
    let tmpfs = is_root().then(|| Tmpfs::new("8m"));
    let scratch = tempfile::tempdir().unwrap();
    let dir = tmpfs
        .as_ref()
        .map_or_else(|| scratch.path().join("data"), |fs| fs.0.join("data"));
    let mut store = Store::<NoPreferences>::open(&dir);
    assert!(store.append_match(&entry(1, 100)).unwrap());
    assert!(store.is_saving());
    // Made read-only while the app was closed (a file system cannot be remounted read-only
    // under a file open for writing).
    drop(store);
    read_only(&dir, tmpfs.as_ref(), true);
    let mut store = Store::<NoPreferences>::open(&dir);
    assert_eq!(
        problem(&store),
        Some(FolderProblem::ReadOnly),
        "{:?}",
        store.warnings()
    );
    assert!(
        store.append_match(&entry(2, 100)).unwrap(),
        "accepted in memory"
    );
    assert!(!store.save_unfinished(&json!({"hand": 1})).unwrap());
    assert_eq!(ids(&mut store), ["m2"], "this run's matches, from memory");
    read_only(&dir, tmpfs.as_ref(), false);
    assert!(store.append_match(&entry(3, 100)).unwrap());
    assert!(store.is_saving(), "{:?}", store.warnings());
    assert_eq!(ids(&mut store), ["m3", "m2", "m1"]);
    drop(store);
    let mut reopened = Store::<NoPreferences>::open(&dir);
    assert_eq!(ids(&mut reopened), ["m3", "m2", "m1"]);
    assert_eq!(
        reopened.load_unfinished::<Value>(),
        Some(json!({"hand": 1}))
    );
}

#[test]
fn a_disk_that_fills_keeps_play_in_memory_then_catches_up() {
    if !is_root() {
        // Without a file system of our own to fill, SQLite's full-database path is the unit
        // test's (a capped page count).
        return;
    }
    let tmpfs = Tmpfs::new("1m");
    let dir = tmpfs.0.join("data");
    let mut store = Store::<NoPreferences>::open(&dir);
    // Most of the disk taken by another file: a few matches fit, then the disk is full.
    let filler = tmpfs.0.join("filler");
    fs::write(&filler, vec![0u8; 640 * 1024]).unwrap();
    let mut accepted = 0;
    for n in 1..=40 {
        assert!(
            store.append_match(&entry(n, 20_000)).unwrap(),
            "match {n} accepted"
        );
        accepted += 1;
        if !store.is_saving() {
            break;
        }
    }
    assert!(
        !store.is_saving(),
        "the disk filled: {:?}",
        store.warnings()
    );
    assert_eq!(problem(&store), Some(FolderProblem::ReadOnly));
    assert!(
        accepted > 2,
        "some matches were stored before the disk filled: {accepted}"
    );
    assert_eq!(
        ids(&mut store).len(),
        accepted,
        "the stored ones and the one in memory"
    );
    fs::remove_file(&filler).unwrap();
    assert!(store.append_match(&entry(100, 100)).unwrap());
    assert!(store.is_saving(), "{:?}", store.warnings());
    drop(store);
    let mut reopened = Store::<NoPreferences>::open(&dir);
    assert_eq!(ids(&mut reopened).len(), accepted + 1, "nothing lost");
}
