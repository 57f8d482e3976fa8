//! Persistence under hostile conditions, with real processes: a writer killed at random
//! moments (≥ 200 times) and two writers appending to one history at once.
//!
//! The child processes are this test binary run again with `BRISCOLA_TEST_CHILD` set, which
//! makes the `child_process` test act as the writer instead of returning at once.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions: a panic is the failure report

use std::env;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use briscola_app::history::{HistoryQuery, MatchSummary, Outcome};
use briscola_app::preferences::Preferences;
use briscola_app::store::{HistoryEntry, Store, WarningKind};
use serde_json::{Value, json};

const CHILD_ENV: &str = "BRISCOLA_TEST_CHILD";

fn entry(id: &str, n: i64, padding: usize) -> HistoryEntry<Value> {
    HistoryEntry {
        summary: MatchSummary {
            id: id.into(),
            started_at_ms: 1_700_000_000_000 + n * 1000,
            finished_at_ms: 1_700_000_000_000 + n * 1000 + 600,
            duration_ms: 600,
            ruleset: Ruleset::preset(
                if n % 2 == 0 {
                    Preset::Briscola
                } else {
                    Preset::Bisca
                },
                2,
            )
            .unwrap(),
            format: MatchFormat::SingleHand,
            opponents: vec![if n % 3 == 0 { Level::Hard } else { Level::Easy }],
            opponent_names: vec!["Alice".into()],
            people: Vec::new(),
            hand_scores: vec![vec![70, 50], vec![55, 65]],
            outcome: if n % 2 == 0 {
                Outcome::Won
            } else {
                Outcome::Lost
            },
            resigned: false,
            undos: 0,
        },
        record: json!({ "moves": "x".repeat(padding), "n": n }),
    }
}

/// Entry point of the child processes; a no-op in a normal test run.
#[test]
fn child_process() {
    let Ok(role) = env::var(CHILD_ENV) else {
        return;
    };
    let parts: Vec<&str> = role.split('|').collect();
    let dir = Path::new(parts[1]);
    let mut store = Store::open(dir);
    match parts[0] {
        // Write forever, acknowledging each finished append on stdout, until killed.
        "crash" => {
            let start: i64 = parts[2].parse().unwrap();
            println!("ready");
            for n in start.. {
                store
                    .append_match(&entry(&format!("c{n}"), n, 2000))
                    .unwrap();
                println!("appended c{n}");
                store
                    .save_unfinished(&json!({ "n": n, "padding": "y".repeat(3000) }))
                    .unwrap();
                let prefs = Preferences {
                    card_size_percent: 50 + (n % 150) as u16,
                    ..Preferences::default()
                };
                store.set_preferences(prefs).unwrap();
            }
        }
        // Append `count` matches named `<prefix><n>` as fast as possible, then exit.
        "append" => {
            let count: i64 = parts[3].parse().unwrap();
            for n in 0..count {
                let id = format!("{}{n}", parts[2]);
                assert!(store.append_match(&entry(&id, n, 500)).unwrap());
                let prefs = Preferences {
                    card_size_percent: 50 + (n % 150) as u16,
                    ..Preferences::default()
                };
                store.set_preferences(prefs).unwrap();
            }
        }
        other => panic!("unknown child role {other}"),
    }
}

fn spawn_child(role: &str) -> Child {
    Command::new(env::current_exe().unwrap())
        .args([
            "child_process",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, role)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// A small xorshift generator: random kill delays without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// Every store file parses as JSON, and so does every log line; with `torn_tail_allowed`, the
/// log may end in an incomplete line (a write cut short), which the next open moves aside.
fn assert_files_parse(dir: &Path, torn_tail_allowed: bool) {
    for name in ["preferences.json", "unfinished-match.json"] {
        if let Ok(bytes) = fs::read(dir.join(name)) {
            serde_json::from_slice::<Value>(&bytes)
                .unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
        }
    }
    let log = fs::read(dir.join("history/records.jsonl")).unwrap_or_default();
    for line in log.split_inclusive(|&b| b == b'\n') {
        if torn_tail_allowed && !line.ends_with(b"\n") {
            continue;
        }
        serde_json::from_slice::<Value>(line).expect("a history line does not parse");
    }
}

#[test]
fn killed_writer_never_corrupts_or_loses_finished_matches() {
    let reps: u64 = env::var("BRISCOLA_CRASH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let dir = tempfile::tempdir().unwrap();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut rng = Rng(seed | 1);
    let mut acknowledged: Vec<String> = Vec::new();
    let (mut torn, mut mid_run_kills) = (0, 0);
    let started = Instant::now();
    for rep in 0..reps {
        let mut child = spawn_child(&format!("crash|{}|{}", dir.path().display(), rep * 100_000));
        let stdout = child.stdout.take().unwrap();
        let acks = Arc::new(Mutex::new(Vec::new()));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let reader = {
            let acks = Arc::clone(&acks);
            thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    // libtest may print "test child_process ... " before it.
                    if line.ends_with("ready") {
                        let _ = ready_tx.send(());
                    } else if let Some(id) = line.strip_prefix("appended ") {
                        acks.lock().unwrap().push(id.to_string());
                    }
                }
            })
        };
        ready_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("child never got ready");
        thread::sleep(Duration::from_micros(rng.next(60_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        let acks = acks.lock().unwrap().clone();
        if !acks.is_empty() {
            mid_run_kills += 1;
        }
        acknowledged.extend(acks);

        assert_files_parse(dir.path(), true);
        let mut store = Store::open(dir.path());
        assert_files_parse(dir.path(), false);
        for warning in store.warnings() {
            assert_eq!(warning.kind(), WarningKind::TornLine, "{warning:?}");
            torn += 1;
        }
        assert!(store.preferences().validate().is_ok());
        store.load_unfinished::<Value>();
        assert!(
            store
                .warnings()
                .iter()
                .all(|w| w.kind() == WarningKind::TornLine)
        );
        let present: std::collections::HashSet<String> = store
            .summaries()
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect();
        for id in &acknowledged {
            assert!(
                present.contains(id),
                "rep {rep}: finished match {id} was lost"
            );
        }
    }
    eprintln!(
        "crash test: {reps} kills ({mid_run_kills} after at least one append), {} matches acknowledged, {torn} torn lines kept aside, {:.1} s",
        acknowledged.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        acknowledged.len() as u64 >= reps / 2,
        "the writer barely ran"
    );
}

#[test]
fn two_processes_append_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let count = 150;
    let children: Vec<Child> = ["a", "b"]
        .iter()
        .map(|prefix| spawn_child(&format!("append|{}|{prefix}|{count}", dir.path().display())))
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success(), "a writer failed");
    }
    assert_files_parse(dir.path(), false);
    let mut store = Store::open(dir.path());
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
    let mut ids: Vec<String> = store
        .summaries()
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    ids.sort();
    let mut expected: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|p| (0..count).map(move |n| format!("{p}{n}")))
        .collect();
    expected.sort();
    assert_eq!(ids, expected);
    // The index the two wrote together equals one rebuilt from the log alone.
    let index = dir.path().join("history/index.jsonl");
    let written = fs::read(&index).unwrap();
    fs::remove_file(&index).unwrap();
    assert_eq!(store.summaries().unwrap().len(), 2 * count as usize);
    assert_eq!(fs::read(&index).unwrap(), written);
    assert!(store.preferences().validate().is_ok());
}

#[test]
fn listing_thousands_of_matches_stays_fast() {
    let dir = tempfile::tempdir().unwrap();
    let count = 5000;
    let mut log = String::new();
    for n in 0..count {
        let e = entry(&format!("m{n}"), n, 3000);
        log += &json!({ "v": 2, "summary": e.summary, "record": e.record }).to_string();
        log.push('\n');
    }
    let data = dir.path().join("data");
    fs::create_dir_all(data.join("history")).unwrap();
    fs::write(data.join("history/records.jsonl"), log).unwrap();
    // The first open builds the index.
    let mut store = Store::open(&data);
    assert_eq!(store.summaries().unwrap().len(), count as usize);
    drop(store);

    let started = Instant::now();
    let mut store = Store::open(&data);
    let opened = started.elapsed();
    let started = Instant::now();
    let query = HistoryQuery {
        preset: Some(Preset::Briscola),
        level: Some(Level::Hard),
        offset: 40,
        limit: 20,
        ..HistoryQuery::default()
    };
    let page = query.apply(store.summaries().unwrap());
    let listed = started.elapsed();
    assert_eq!(page.total, 834);
    assert_eq!(page.items.len(), 20);
    // A rebuilt index (first run after losing it) costs one scan of the log.
    fs::remove_file(data.join("history/index.jsonl")).unwrap();
    let started = Instant::now();
    store.summaries().unwrap();
    let rebuilt = started.elapsed();
    eprintln!(
        "5000 matches ({} MB log): open {opened:?}, filtered page {listed:?}, index rebuild {rebuilt:?}",
        fs::metadata(data.join("history/records.jsonl"))
            .unwrap()
            .len()
            / 1_000_000
    );
    assert!(listed < Duration::from_secs(2), "listing took {listed:?}");
}
