//! Upgrading a data folder of an earlier version costs bounded memory whatever its files' sizes:
//! sparse multi-GiB logs and review logs (over their caps: left untouched, unread), an index (never
//! read), and logs under the caps made of one endless line or one endless torn tail (streamed). The peak resident memory of this test process (Linux `VmHWM`) is
//! printed and checked; it is one test in its own binary so nothing else runs beside it.
//!
//! `cargo test -p briscola-store --test bounded_memory -- --nocapture` prints the figures quoted
//! in docs/robustness.md.

use std::fs::{self, File};
use std::path::Path;

use briscola_store::document::DocumentSpec;
use briscola_store::{FolderProblem, HistoryQuery, PreferencesDocument, Store, StoreWarning};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct NoPreferences {}

impl PreferencesDocument for NoPreferences {
    const DOCUMENT: DocumentSpec = DocumentSpec {
        file_name: "preferences.json",
        version: 1,
        migrations: &[],
    };

    fn repaired(self) -> (Self, Vec<&'static str>) {
        (self, Vec::new())
    }
}

const GIB: u64 = 1024 * 1024 * 1024;
const MIB: u64 = 1024 * 1024;

/// The process's peak resident memory in KiB (`VmHWM`), if the system says.
fn peak_kib() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A sparse file of `len` bytes (zeros, no blocks on disk), then `tail` written at its end.
fn sparse(path: &Path, len: u64, tail: &[u8]) {
    let file = File::create(path).expect("create");
    file.set_len(len).expect("sparse length");
    if !tail.is_empty() {
        use std::os::unix::fs::FileExt;
        file.write_all_at(tail, len - tail.len() as u64)
            .expect("tail");
    }
}

fn open(dir: &Path) -> Store<NoPreferences> {
    Store::<NoPreferences>::open(dir)
}

#[cfg(target_os = "linux")]
#[test]
fn opening_costs_bounded_memory_whatever_the_file_sizes() {
    let root = tempfile::tempdir().expect("temp");
    let mut peaks = Vec::new();
    let mut check = |name: &str, store: &mut Store<NoPreferences>| {
        let listed = store
            .history_page(&HistoryQuery::default())
            .map(|page| page.total)
            .unwrap_or(0);
        let peak = peak_kib().expect("VmHWM");
        eprintln!(
            "{name}: peak {:.1} MiB, {listed} listed, warnings {:?}",
            peak as f64 / 1024.0,
            store
                .warnings()
                .iter()
                .map(|w| w.kind())
                .collect::<Vec<_>>()
        );
        peaks.push(peak);
    };

    // Over the caps: left untouched and unread; the run saves nothing and says why.
    for (name, file) in [
        ("4 GiB sparse records.jsonl", "history/records.jsonl"),
        ("4 GiB sparse reviews.jsonl", "history/reviews.jsonl"),
    ] {
        let dir = root.path().join(name.replace(' ', "-"));
        fs::create_dir_all(dir.join("history")).expect("dir");
        sparse(&dir.join(file), 4 * GIB, b"");
        let mut store = open(&dir);
        assert!(
            matches!(
                store.warnings(),
                [StoreWarning::NotSaving {
                    problem: FolderProblem::TooLarge,
                    ..
                }]
            ),
            "{name}: {:?}",
            store.warnings()
        );
        assert_eq!(fs::metadata(dir.join(file)).expect("kept").len(), 4 * GIB);
        check(name, &mut store);
    }

    // The old index is not needed (the log is the source of truth): moved into the backup unread.
    let dir = root.path().join("index");
    fs::create_dir_all(dir.join("history")).expect("dir");
    sparse(&dir.join("history/index.jsonl"), 4 * GIB, b"");
    let mut store = open(&dir);
    assert!(store.is_saving());
    check("4 GiB sparse index.jsonl", &mut store);

    // Under the cap: a 128 MiB log that is one torn tail, left out (kept in the backup).
    let dir = root.path().join("torn");
    fs::create_dir_all(dir.join("history")).expect("dir");
    sparse(&dir.join("history/records.jsonl"), 128 * MIB, b"");
    let mut store = open(&dir);
    assert!(
        matches!(store.warnings(), [StoreWarning::TornLine { bytes, .. }] if *bytes == 128 * MIB),
        "{:?}",
        store.warnings()
    );
    check("128 MiB sparse records.jsonl, no newline", &mut store);

    // Under the cap: one 128 MiB line (skipped, streamed) and 200,000 garbage lines, then a
    // 32 MiB torn tail after them (left out).
    let dir = root.path().join("long");
    fs::create_dir_all(dir.join("history")).expect("dir");
    let mut garbage = vec![b'\n'];
    garbage.extend(b"garbage\n".repeat(200_000));
    sparse(&dir.join("history/records.jsonl"), 128 * MIB, &garbage);
    {
        use std::io::Write;
        let mut log = fs::OpenOptions::new()
            .append(true)
            .open(dir.join("history/records.jsonl"))
            .expect("log");
        let chunk = vec![b'x'; usize::try_from(MIB).expect("fits")];
        for _ in 0..32 {
            log.write_all(&chunk).expect("tail");
        }
    }
    let mut store = open(&dir);
    let unreadable = store.warnings().iter().find_map(|w| match w {
        StoreWarning::UnreadableLines { lines, first_at } => Some((*lines, *first_at)),
        _ => None,
    });
    assert_eq!(unreadable, Some((200_001, 0)), "{:?}", store.warnings());
    assert_eq!(
        store.warnings().len(),
        2,
        "torn tail + one unreadable-lines"
    );
    check(
        "128 MiB line + 200,000 garbage lines + 32 MiB torn tail",
        &mut store,
    );

    let peak = peaks.into_iter().max().unwrap_or(0);
    eprintln!("overall peak: {:.1} MiB", peak as f64 / 1024.0);
    assert!(peak < 16 * 1024, "peak {peak} KiB");
}
