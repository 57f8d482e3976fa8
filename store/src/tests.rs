//! The store through its public face: history log repair, index rebuilds, unreadable and
//! future entries, import checks, read-only future documents and the unfinished match.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::*;
use crate::summary::Outcome;
use crate::summary::examples::summary;
use crate::test_prefs::{Preferences, Store};

pub(super) fn entry(n: i64) -> HistoryEntry<Value> {
    HistoryEntry {
        summary: summary(
            n,
            briscola::Preset::Briscola,
            briscola::ai::Level::Easy,
            Outcome::Won,
        ),
        record: json!({ "moves": (0..n).collect::<Vec<_>>() }),
    }
}

fn records(dir: &Path) -> PathBuf {
    dir.join("history/records.jsonl")
}

fn index(dir: &Path) -> PathBuf {
    dir.join("history/index.jsonl")
}

fn ids(store: &mut Store) -> Vec<String> {
    store
        .summaries()
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect()
}

pub(super) fn kinds(store: &Store) -> Vec<WarningKind> {
    store.warnings().iter().map(StoreWarning::kind).collect()
}

/// Appends raw bytes to a store file, as a crash or an outside edit would leave them.
pub(super) fn append_bytes(path: &Path, bytes: &[u8]) {
    OpenOptions::new()
        .append(true)
        .open(path)
        .unwrap()
        .write_all(bytes)
        .unwrap();
}

pub(super) fn side_files(dir: &Path, marker: &str) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(marker))
        .collect()
}

#[test]
fn append_list_read_and_reject_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert!(store.summaries().unwrap().is_empty());
    for n in 1..=3 {
        assert!(store.append_match(&entry(n)).unwrap());
    }
    assert!(
        !store.append_match(&entry(2)).unwrap(),
        "duplicate id refused"
    );
    assert_eq!(ids(&mut store), ["m1", "m2", "m3"]);
    let read: HistoryEntry<Value> = store.history_entry("m3").unwrap().unwrap();
    assert_eq!(read, entry(3));
    assert!(store.history_entry::<Value>("m9").unwrap().is_none());
    assert!(store.warnings().is_empty());
}

#[test]
fn torn_last_line_is_kept_aside_and_the_log_continues() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    store.append_match(&entry(2)).unwrap();
    let full = fs::read(records(dir.path())).unwrap();
    let torn = b"{\"v\":1,\"summary\":{\"id\":\"m3\",\"sta";
    append_bytes(&records(dir.path()), torn);
    let mut reopened = Store::open(dir.path());
    assert_eq!(kinds(&reopened), [WarningKind::TornLine]);
    let StoreWarning::TornLine { moved_to, .. } = &reopened.warnings()[0] else {
        panic!("{:?}", reopened.warnings());
    };
    let side = PathBuf::from(moved_to);
    assert_eq!(fs::read(&side).unwrap(), torn, "torn bytes kept exactly");
    assert_eq!(fs::read(records(dir.path())).unwrap(), full);
    reopened.append_match(&entry(3)).unwrap();
    assert_eq!(ids(&mut reopened), ["m1", "m2", "m3"]);
}

#[test]
fn corrupt_and_future_lines_stay_in_the_log_and_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    let mut file = OpenOptions::new()
        .append(true)
        .open(records(dir.path()))
        .unwrap();
    file.write_all(b"this is not json\n").unwrap();
    file.write_all(b"{\"v\":7,\"summary\":{\"totally\":\"new\"},\"record\":1}\n")
        .unwrap();
    drop(file);
    store.append_match(&entry(2)).unwrap();
    assert_eq!(ids(&mut store), ["m1", "m2"]);
    let first_at = fs::read(records(dir.path()))
        .unwrap()
        .iter()
        .position(|&b| b == b'\n')
        .unwrap() as u64
        + 1;
    assert_eq!(
        store.warnings(),
        [StoreWarning::UnreadableLines { lines: 2, first_at }],
        "one warning for all of them"
    );
    // Reported once per run, not on every listing.
    store.summaries().unwrap();
    assert_eq!(store.warnings().len(), 1);
    let text = fs::read_to_string(records(dir.path())).unwrap();
    assert!(text.contains("this is not json"), "never dropped");
}

#[test]
fn a_damaged_or_missing_index_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    for n in 1..=4 {
        store.append_match(&entry(n)).unwrap();
    }
    let good = fs::read(index(dir.path())).unwrap();
    for damage in [
        &good[..good.len() - 7],
        b"garbage\n",
        b"{\"k\":\"header\",\"index\":99,\"history\":1}\n",
        b"",
    ] {
        fs::write(index(dir.path()), damage).unwrap();
        assert_eq!(ids(&mut store), ["m1", "m2", "m3", "m4"]);
        assert_eq!(fs::read(index(dir.path())).unwrap(), good);
    }
    fs::remove_file(index(dir.path())).unwrap();
    assert_eq!(ids(&mut store), ["m1", "m2", "m3", "m4"]);
}

#[test]
fn appends_by_another_instance_are_picked_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = Store::open(dir.path());
    let mut second = Store::open(dir.path());
    first.append_match(&entry(1)).unwrap();
    second.append_match(&entry(2)).unwrap();
    assert!(!first.append_match(&entry(2)).unwrap());
    assert_eq!(ids(&mut first), ["m1", "m2"]);
    // A log line written without its index line (a crash between the two) is indexed later.
    let mut line = fs::read(records(dir.path())).unwrap();
    let last = line[..line.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap();
    let copy = String::from_utf8(line.split_off(last + 1))
        .unwrap()
        .replace("\"m2\"", "\"m3\"");
    append_bytes(&records(dir.path()), copy.as_bytes());
    assert_eq!(ids(&mut second), ["m1", "m2", "m3"]);
}

#[test]
fn future_preferences_are_read_only_for_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let future = br#"{"version":5,"data":{"hologram_cards":true}}"#;
    fs::write(dir.path().join("preferences.json"), future).unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(kinds(&store), [WarningKind::FutureVersion]);
    assert_eq!(store.preferences(), &Preferences::default());
    let mut changed = store.preferences().clone();
    changed.sound = false;
    store.set_preferences(changed.clone()).unwrap();
    assert_eq!(store.preferences(), &changed, "applies to this run");
    assert_eq!(
        fs::read(dir.path().join("preferences.json")).unwrap(),
        future
    );
}

#[test]
fn unfinished_match_save_load_clear() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.load_unfinished::<Value>(), None);
    let game = json!({ "hand": 2, "trick": ["1C", "3S"] });
    assert!(store.save_unfinished(&game).unwrap());
    let mut reopened = Store::open(dir.path());
    assert_eq!(reopened.load_unfinished::<Value>(), Some(game));
    reopened.clear_unfinished().unwrap();
    assert_eq!(reopened.load_unfinished::<Value>(), None);
}

#[test]
fn future_unfinished_match_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(UNFINISHED_MATCH.file_name);
    let future = br#"{"version":3,"data":{}}"#;
    fs::write(&path, future).unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.load_unfinished::<Value>(), None);
    assert!(!store.save_unfinished(&json!({ "hand": 1 })).unwrap());
    assert_eq!(fs::read(&path).unwrap(), future);
    assert_eq!(side_files(dir.path(), "corrupt"), Vec::<PathBuf>::new());
}

/// Plays through a store that cannot save: everything works in memory, nothing is written.
fn plays_without_saving(store: &mut Store) {
    assert!(!store.is_saving());
    let mut prefs = store.preferences().clone();
    prefs.sound = !prefs.sound;
    store.set_preferences(prefs.clone()).unwrap();
    assert_eq!(store.preferences(), &prefs);
    assert!(!store.save_unfinished(&json!({ "hand": 1 })).unwrap());
    assert!(store.append_match(&entry(1)).unwrap());
    assert!(!store.append_match(&entry(1)).unwrap());
    store.clear_unfinished().unwrap();
    assert_eq!(ids(store), ["m1"]);
    let read: HistoryEntry<Value> = store.history_entry("m1").unwrap().unwrap();
    assert_eq!(read, entry(1));
}

fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && !path.is_symlink() {
            found.push((path.clone(), Vec::new()));
            found.extend(tree(&path));
        } else {
            found.push((path.clone(), fs::read(&path).unwrap_or_default()));
        }
    }
    found.sort();
    found
}

#[test]
fn an_unusable_folder_means_playing_without_saving() {
    type Damage = fn(&Path);
    let cases: [(&str, Damage, FolderProblem); 5] = [
        (
            "a folder named preferences.json",
            |d| fs::create_dir_all(d.join("preferences.json/x")).unwrap(),
            FolderProblem::WrongKind,
        ),
        (
            "a file named history",
            |d| fs::write(d.join("history"), b"not a folder").unwrap(),
            FolderProblem::WrongKind,
        ),
        (
            "a folder named records.jsonl",
            |d| fs::create_dir_all(d.join("history/records.jsonl")).unwrap(),
            FolderProblem::WrongKind,
        ),
        (
            "a folder named .lock",
            |d| fs::create_dir_all(d.join(".lock")).unwrap(),
            FolderProblem::WrongKind,
        ),
        (
            "a symlinked log",
            |d| {
                fs::create_dir_all(d.join("history")).unwrap();
                let outside = d.parent().unwrap().join("outside.jsonl");
                fs::write(&outside, b"{\"unrelated\":true}").unwrap();
                std::os::unix::fs::symlink(&outside, d.join("history/records.jsonl")).unwrap();
            },
            FolderProblem::Symlink,
        ),
    ];
    for (name, damage, problem) in cases {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("data");
        fs::create_dir(&dir).unwrap();
        damage(&dir);
        // Saved preferences, where there is room for them, are still read.
        let saved = fs::write(
            dir.join("preferences.json"),
            br#"{"version":2,"data":{"card_size_percent":150}}"#,
        )
        .is_ok();
        let before = tree(root.path());
        let mut store = Store::open(&dir);
        let [
            StoreWarning::NotSaving {
                problem: found,
                path,
                ..
            },
        ] = store.warnings()
        else {
            panic!("{name}: {:?}", store.warnings());
        };
        assert_eq!(*found, problem, "{name}");
        assert!(
            !path.ends_with("records.jsonl") || name.contains("log") || name.contains("records"),
            "{name}: the path names what is in the way: {path}"
        );
        if saved && name != "a folder named .lock" {
            assert_eq!(store.preferences().card_size_percent, 150, "{name}");
        }
        assert_eq!(store.load_unfinished::<Value>(), None);
        plays_without_saving(&mut store);
        let mut after = tree(root.path());
        // Opening may have created the (empty) lock file before it found the problem.
        after.retain(|(path, bytes)| {
            !(path.ends_with(".lock") && bytes.is_empty()) || before.iter().any(|(p, _)| p == path)
        });
        assert_eq!(after, before, "{name}: nothing written");
    }
}

#[test]
fn a_folder_in_place_of_the_unfinished_match_stops_saving_at_load() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(UNFINISHED_MATCH.file_name)).unwrap();
    let mut store = Store::open(dir.path());
    assert!(store.is_saving());
    assert_eq!(store.load_unfinished::<Value>(), None);
    assert_eq!(kinds(&store), [WarningKind::NotSaving]);
    plays_without_saving(&mut store);
}

#[test]
fn a_data_folder_that_is_a_file_or_read_only_is_not_used() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("data");
    fs::write(&file, b"a file").unwrap();
    let mut store = Store::open(&file);
    assert_eq!(kinds(&store), [WarningKind::NotSaving]);
    plays_without_saving(&mut store);
    assert_eq!(fs::read(&file).unwrap(), b"a file");

    // Read-only (the tests may run as root, which ignores permissions: a simulated disk).
    let disk = sim_disk::SimDisk::new().read_only();
    let mut store = Store::open_on(std::sync::Arc::new(disk), "/ro/data");
    let [StoreWarning::NotSaving { problem, .. }] = store.warnings() else {
        panic!("{:?}", store.warnings());
    };
    assert_eq!(*problem, FolderProblem::ReadOnly);
    plays_without_saving(&mut store);
}

#[test]
fn out_of_range_preferences_are_repaired_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let original = br#"{"version":2,"data":{"card_size_percent":9999,"sound":false}}"#;
    fs::write(dir.path().join("preferences.json"), original).unwrap();
    let mut store = Store::open(dir.path());
    let [StoreWarning::Repaired { fields, .. }] = store.warnings() else {
        panic!("{:?}", store.warnings());
    };
    assert_eq!(fields, &["card_size_percent"]);
    assert_eq!(
        store.preferences().card_size_percent,
        200,
        "clamped into range"
    );
    assert!(!store.preferences().sound, "valid fields are kept");
    assert!(store.preferences().validate().is_ok());
    assert_eq!(
        fs::read(dir.path().join("preferences.json")).unwrap(),
        original,
        "opening rewrites nothing"
    );
    let mut changed = store.preferences().clone();
    changed.sound = true;
    store.set_preferences(changed.clone()).unwrap();
    assert_eq!(Store::open(dir.path()).preferences(), &changed);
}

/// The log's lines, each with its newline.
fn log_lines(dir: &Path) -> Vec<Vec<u8>> {
    fs::read(records(dir))
        .unwrap()
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn an_index_that_does_not_match_the_log_content_is_rebuilt() {
    type Edit = fn(&mut Vec<Vec<u8>>);
    let edits: [(&str, Edit, &[&str]); 4] = [
        (
            "a line inserted",
            |lines| {
                let copy = String::from_utf8(lines[1].clone())
                    .unwrap()
                    .replace("\"m2\"", "\"m9\"");
                lines.insert(1, copy.into_bytes());
            },
            &["m1", "m9", "m2", "m3", "m4"],
        ),
        (
            "a line removed",
            |lines| drop(lines.remove(1)),
            &["m1", "m3", "m4"],
        ),
        (
            "lines reordered",
            |lines| lines.swap(0, 2),
            &["m3", "m2", "m1", "m4"],
        ),
        (
            "a longer foreign log",
            |lines| {
                *lines = (11..=16)
                    .map(|n| {
                        let e = entry(n);
                        let mut line = serde_json::to_vec(
                            &json!({ "v": history::HISTORY_VERSION, "summary": e.summary, "record": e.record }),
                        )
                        .unwrap();
                        line.push(b'\n');
                        line
                    })
                    .collect();
            },
            &["m11", "m12", "m13", "m14", "m15", "m16"],
        ),
    ];
    for (name, edit, expected) in edits {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path());
        for n in 1..=4 {
            store.append_match(&entry(n)).unwrap();
        }
        drop(store);
        let mut lines = log_lines(dir.path());
        edit(&mut lines);
        fs::write(records(dir.path()), lines.concat()).unwrap();
        let mut reopened = Store::open(dir.path());
        assert_eq!(ids(&mut reopened), expected, "{name}");
        assert_eq!(kinds(&reopened), [WarningKind::IndexRebuilt], "{name}");
        for id in expected {
            let read = reopened.history_entry::<Value>(id).unwrap().unwrap();
            assert_eq!(&read.summary.id, id, "{name}");
        }
    }
}

#[test]
fn a_complete_last_line_without_its_newline_is_an_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    for n in 1..=3 {
        store.append_match(&entry(n)).unwrap();
    }
    drop(store);
    let mut log = fs::read(records(dir.path())).unwrap();
    log.pop();
    fs::write(records(dir.path()), &log).unwrap();
    let mut reopened = Store::open(dir.path());
    assert_eq!(ids(&mut reopened), ["m1", "m2", "m3"]);
    assert!(reopened.warnings().is_empty(), "{:?}", reopened.warnings());
    assert!(fs::read(records(dir.path())).unwrap().ends_with(b"}\n"));
    reopened.append_match(&entry(4)).unwrap();
    assert_eq!(ids(&mut reopened), ["m1", "m2", "m3", "m4"]);
}

#[test]
fn over_long_lines_are_left_unread_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    let huge = HistoryEntry {
        summary: entry(2).summary,
        record: json!("x".repeat(usize::try_from(history::MAX_LINE_BYTES).unwrap())),
    };
    let error = store.append_match(&huge).unwrap_err();
    assert!(error.to_string().contains("limit"), "{error}");
    let mut line =
        serde_json::to_vec(&json!({ "v": 1, "summary": huge.summary, "record": huge.record }))
            .unwrap();
    line.push(b'\n');
    append_bytes(&records(dir.path()), &line);
    assert_eq!(ids(&mut store), ["m1"]);
    assert_eq!(kinds(&store), [WarningKind::UnreadableLines]);
}

#[cfg(unix)]
#[test]
fn new_files_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    let mut store = Store::open(&dir);
    store.append_match(&entry(1)).unwrap();
    store.save_unfinished(&json!({ "hand": 1 })).unwrap();
    store.set_preferences(Preferences::default()).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(mode(&dir.join("history")), 0o700);
    for file in [
        records(&dir),
        index(&dir),
        dir.join("preferences.json"),
        dir.join(UNFINISHED_MATCH.file_name),
        dir.join(".lock"),
    ] {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
}
