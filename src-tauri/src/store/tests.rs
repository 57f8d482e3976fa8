//! The store through its public face: history log repair, index rebuilds, unreadable and
//! future entries, import checks, read-only future documents and the unfinished match.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::*;
use crate::history::Outcome;
use crate::history::tests::summary;

fn entry(n: i64) -> HistoryEntry<Value> {
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

fn kinds(store: &Store) -> Vec<WarningKind> {
    store.warnings().iter().map(|w| w.kind).collect()
}

fn side_files(dir: &Path, marker: &str) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(marker))
        .collect()
}

#[test]
fn append_list_read_and_reject_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
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
    let mut store = Store::open(dir.path()).unwrap();
    store.append_match(&entry(1)).unwrap();
    store.append_match(&entry(2)).unwrap();
    let full = fs::read(records(dir.path())).unwrap();
    let torn = b"{\"v\":1,\"summary\":{\"id\":\"m3\",\"sta";
    OpenOptions::new()
        .append(true)
        .open(records(dir.path()))
        .unwrap()
        .write_all(torn)
        .unwrap();
    let mut reopened = Store::open(dir.path()).unwrap();
    assert_eq!(kinds(&reopened), [WarningKind::TornLine]);
    let side = PathBuf::from(&reopened.warnings()[0].path);
    assert_eq!(fs::read(&side).unwrap(), torn, "torn bytes kept exactly");
    assert_eq!(fs::read(records(dir.path())).unwrap(), full);
    reopened.append_match(&entry(3)).unwrap();
    assert_eq!(ids(&mut reopened), ["m1", "m2", "m3"]);
}

#[test]
fn corrupt_and_future_lines_stay_in_the_log_and_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
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
    let messages: Vec<&str> = store
        .warnings()
        .iter()
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(
        kinds(&store),
        [WarningKind::UnreadableLine, WarningKind::UnreadableLine]
    );
    assert!(messages[1].contains("newer version"), "{messages:?}");
    // Reported once per run, not on every listing.
    store.summaries().unwrap();
    assert_eq!(store.warnings().len(), 2);
    let text = fs::read_to_string(records(dir.path())).unwrap();
    assert!(text.contains("this is not json"), "never dropped");
}

#[test]
fn a_damaged_or_missing_index_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
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
    let mut first = Store::open(dir.path()).unwrap();
    let mut second = Store::open(dir.path()).unwrap();
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
    OpenOptions::new()
        .append(true)
        .open(records(dir.path()))
        .unwrap()
        .write_all(copy.as_bytes())
        .unwrap();
    assert_eq!(ids(&mut second), ["m1", "m2", "m3"]);
}

#[test]
fn import_checks_every_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.append_match(&entry(1)).unwrap();
    let file = dir.path().join("import.jsonl");
    let line = |n| {
        let e = entry(n);
        json!({ "v": history::HISTORY_VERSION, "summary": e.summary, "record": e.record })
            .to_string()
    };
    let mut bad_summary = entry(5).summary;
    bad_summary.finished_at_ms = 0;
    let lines = [
        r#"{"format":"briscola-history","version":1}"#.to_string(),
        line(1),
        line(2),
        String::new(),
        "{broken".into(),
        line(2),
        json!({ "v": 9, "summary": entry(4).summary, "record": 1 }).to_string(),
        json!({ "v": history::HISTORY_VERSION, "summary": bad_summary, "record": 1 }).to_string(),
        line(3),
    ];
    fs::write(&file, lines.join("\r\n")).unwrap();
    let report = store.import_history::<Value>(&file).unwrap();
    assert_eq!(report.imported, 2);
    assert_eq!(report.duplicates, 2);
    let rejected: Vec<u32> = report.rejected.iter().map(|r| r.line).collect();
    assert_eq!(rejected, [5, 7, 8]);
    assert_eq!(ids(&mut store), ["m1", "m2", "m3"]);
}

#[test]
fn import_refuses_files_that_are_not_history() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    for content in [
        "",
        "hello\n",
        "{\"format\":\"something-else\",\"version\":1}\n",
        "{\"format\":\"briscola-history\",\"version\":3}\n",
    ] {
        let file = dir.path().join("in.jsonl");
        fs::write(&file, content).unwrap();
        assert!(matches!(
            store.import_history::<Value>(&file),
            Err(StoreError::Import(ImportError::NotHistory(_)))
        ));
    }
    assert!(store.summaries().unwrap().is_empty());
}

#[test]
fn future_preferences_are_read_only_for_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let future = br#"{"version":5,"data":{"hologram_cards":true}}"#;
    fs::write(dir.path().join("preferences.json"), future).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    assert_eq!(kinds(&store), [WarningKind::FutureVersion]);
    assert_eq!(
        store.preferences(),
        &crate::preferences::Preferences::default()
    );
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
    let mut store = Store::open(dir.path()).unwrap();
    assert_eq!(store.load_unfinished::<Value>().unwrap(), None);
    let game = json!({ "hand": 2, "trick": ["1C", "3S"] });
    assert!(store.save_unfinished(&game).unwrap());
    let mut reopened = Store::open(dir.path()).unwrap();
    assert_eq!(reopened.load_unfinished::<Value>().unwrap(), Some(game));
    reopened.clear_unfinished().unwrap();
    assert_eq!(reopened.load_unfinished::<Value>().unwrap(), None);
}

#[test]
fn future_unfinished_match_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(UNFINISHED_MATCH.file_name);
    let future = br#"{"version":3,"data":{}}"#;
    fs::write(&path, future).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    assert_eq!(store.load_unfinished::<Value>().unwrap(), None);
    assert!(!store.save_unfinished(&json!({ "hand": 1 })).unwrap());
    assert_eq!(fs::read(&path).unwrap(), future);
    assert_eq!(side_files(dir.path(), "corrupt"), Vec::<PathBuf>::new());
}
