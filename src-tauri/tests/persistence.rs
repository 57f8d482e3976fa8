//! Persistence under hostile conditions, with real processes: a writer killed with `SIGKILL` at
//! random moments of every write path (appending a match, storing a review, saving and clearing
//! the unfinished match, saving preferences, deleting a match, upgrading a data folder of an
//! earlier version), and two writers appending to one history at once. Nothing acknowledged is
//! ever lost, and the database always passes SQLite's integrity check.
//!
//! The child processes are this test binary run again with `BRISCOLA_TEST_CHILD` set, which
//! makes the `child_process` test act as the writer instead of returning at once.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions: a panic is the failure report

use std::collections::HashSet;
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
use briscola_app::history::{HistoryQuery, MatchSummary, Outcome, SeatPlayer};
use briscola_app::preferences::Preferences;
use briscola_app::store::{HistoryEntry, Store};
use briscola_store::db::DATABASE_FILE;
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
            seats: vec![
                SeatPlayer::Person {
                    name: String::new(),
                },
                SeatPlayer::Ai {
                    level: if n % 3 == 0 { Level::Hard } else { Level::Easy },
                    name: "Alice".into(),
                },
            ],
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
    match parts[0] {
        // Write forever through every write path, acknowledging each on stdout, until killed.
        "crash" => {
            let mut store = Store::open(dir);
            let start: i64 = parts[2].parse().unwrap();
            println!("ready");
            for n in start.. {
                let id = format!("c{n}");
                assert!(store.append_match(&entry(&id, n, 2000)).unwrap());
                println!("appended {id}");
                assert!(
                    store
                        .append_review(&id, &json!({ "n": n }), &json!(n))
                        .unwrap()
                );
                println!("reviewed {id}");
                store
                    .save_unfinished(&json!({ "n": n, "padding": "y".repeat(3000) }))
                    .unwrap();
                println!("saved {n}");
                let prefs = Preferences {
                    card_size_percent: 50 + (n % 150) as u16,
                    ..Preferences::default()
                };
                store.set_preferences(prefs).unwrap();
                if n % 3 == 0 {
                    store.delete_match(&id).unwrap();
                    println!("deleted {id}");
                }
                store.clear_unfinished().unwrap();
                println!("cleared {n}");
                assert!(store.is_saving(), "{:?}", store.warnings());
            }
        }
        // Open the data folder (which upgrades it), then say so.
        "upgrade" => {
            println!("ready");
            let store = Store::open(dir);
            assert!(store.is_saving(), "{:?}", store.warnings());
            println!("upgraded");
        }
        // Append `count` matches named `<prefix><n>` as fast as possible, then exit.
        "append" => {
            let mut store = Store::open(dir);
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
            assert!(store.is_saving(), "{:?}", store.warnings());
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

/// Runs a child with `role`, kills it after a random delay once it is ready, and returns what it
/// acknowledged (its stdout lines after "ready").
fn run_and_kill(role: &str, rng: &mut Rng, max_delay_us: u64) -> Vec<String> {
    let mut child = spawn_child(role);
    let stdout = child.stdout.take().unwrap();
    let acks = Arc::new(Mutex::new(Vec::new()));
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let reader = {
        let acks = Arc::clone(&acks);
        thread::spawn(move || {
            let mut ready = false;
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                // libtest may print "test child_process ... " before it.
                if line.ends_with("ready") {
                    ready = true;
                    let _ = ready_tx.send(());
                } else if ready && !line.is_empty() {
                    acks.lock().unwrap().push(line);
                }
            }
        })
    };
    ready_rx
        .recv_timeout(Duration::from_secs(30))
        .expect("child never got ready");
    thread::sleep(Duration::from_micros(rng.next(max_delay_us)));
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    std::mem::take(&mut *acks.lock().unwrap())
}

fn seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1
}

/// SQLite's own check of the database file.
fn assert_intact(dir: &Path) {
    let conn = rusqlite::Connection::open(dir.join(DATABASE_FILE)).unwrap();
    let verdict: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(verdict, "ok");
}

/// Every id in the history.
fn ids(store: &mut Store) -> HashSet<String> {
    let mut ids = HashSet::new();
    let mut offset = 0;
    loop {
        let page = store
            .history_page(&HistoryQuery {
                offset,
                limit: HistoryQuery::MAX_LIMIT,
                ..HistoryQuery::default()
            })
            .unwrap();
        if page.items.is_empty() {
            return ids;
        }
        offset += page.items.len() as u32;
        ids.extend(page.items.into_iter().map(|s| s.id));
    }
}

#[test]
fn killed_writer_never_loses_what_was_acknowledged() {
    let reps: u64 = env::var("BRISCOLA_CRASH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed());
    let (mut present, mut deleted, mut reviewed) = (HashSet::new(), HashSet::new(), HashSet::new());
    let mut undecided = HashSet::new();
    let mut acknowledged = 0usize;
    let mut last_saved: Option<(i64, bool)> = None;
    let started = Instant::now();
    for rep in 0..reps {
        let acks = run_and_kill(
            &format!("crash|{}|{}", dir.path().display(), rep * 100_000),
            &mut rng,
            60_000,
        );
        acknowledged += acks.len();
        for ack in &acks {
            let (kind, what) = ack.split_once(' ').unwrap();
            match kind {
                // Every third match is deleted right after: until that is acknowledged, the
                // kill may have come before or after the deletion's commit.
                "appended" if what[1..].parse::<u64>().unwrap() % 3 == 0 => {
                    undecided.insert(what.to_string());
                }
                "appended" => {
                    present.insert(what.to_string());
                }
                "reviewed" => {
                    reviewed.insert(what.to_string());
                }
                "deleted" => {
                    undecided.remove(what);
                    reviewed.remove(what);
                    deleted.insert(what.to_string());
                }
                "saved" => last_saved = Some((what.parse().unwrap(), true)),
                "cleared" => last_saved = Some((what.parse().unwrap(), false)),
                other => panic!("unknown acknowledgement {other}"),
            }
        }
        assert_intact(dir.path());
        let mut store = Store::open(dir.path());
        assert!(store.warnings().is_empty(), "{:?}", store.warnings());
        assert!(store.preferences().validate().is_ok());
        let ids = ids(&mut store);
        for id in &present {
            assert!(ids.contains(id), "rep {rep}: finished match {id} was lost");
        }
        for id in &deleted {
            assert!(!ids.contains(id), "rep {rep}: deleted match {id} came back");
        }
        for id in reviewed.iter().filter(|id| !undecided.contains(*id)) {
            assert!(
                store.review::<Value>(id).unwrap().is_some(),
                "rep {rep}: the review of {id} was lost"
            );
        }
        // The unfinished match is never older than the last one acknowledged (a later save may
        // have been committed before the kill, and not yet acknowledged).
        let unfinished = store
            .load_unfinished::<Value>()
            .map(|v| v["n"].as_i64().unwrap());
        match (last_saved, unfinished) {
            (Some((n, true)), Some(found)) => assert!(found >= n, "rep {rep}: {found} < {n}"),
            (Some((n, false)), Some(found)) => {
                assert!(found > n, "rep {rep}: {found} after {n} was cleared")
            }
            _ => {}
        }
    }
    eprintln!(
        "crash test: {reps} kills, {acknowledged} writes acknowledged ({} matches kept, {} deleted, {} reviews), {:.1} s",
        present.len(),
        deleted.len(),
        reviewed.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(present.len() as u64 >= reps / 4, "the writer barely ran");
}

#[test]
fn an_upgrade_killed_at_any_moment_loses_nothing() {
    let reps: u64 = env::var("BRISCOLA_CRASH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .map_or(30, |r: u64| r.div_ceil(5));
    let count = 2000;
    let mut log = String::new();
    for n in 0..count {
        let e = entry(&format!("m{n}"), n, 1000);
        log += &json!({ "v": 2, "summary": e.summary, "record": e.record }).to_string();
        log.push('\n');
    }
    let mut rng = Rng(seed());
    let mut upgraded_before_kill = 0;
    for _ in 0..reps {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("history")).unwrap();
        fs::write(dir.path().join("history/records.jsonl"), &log).unwrap();
        let acks = run_and_kill(
            &format!("upgrade|{}", dir.path().display()),
            &mut rng,
            1_500_000,
        );
        if acks.iter().any(|a| a.ends_with("upgraded")) {
            upgraded_before_kill += 1;
        }
        let mut store = Store::open(dir.path());
        assert!(store.warnings().is_empty(), "{:?}", store.warnings());
        assert_eq!(ids(&mut store).len(), count as usize);
        assert_intact(dir.path());
        assert!(!dir.path().join("history/records.jsonl").exists());
        assert_eq!(
            fs::read_to_string(dir.path().join("pre-sqlite-backup/history-records.jsonl")).unwrap(),
            log,
            "the old log kept byte for byte"
        );
    }
    eprintln!("upgrade kills: {reps}, {upgraded_before_kill} finished before the kill");
}

#[test]
fn two_processes_append_at_once() {
    let dir = tempfile::tempdir().unwrap();
    drop(Store::open(dir.path()));
    let count = 150;
    let children: Vec<Child> = ["a", "b"]
        .iter()
        .map(|prefix| spawn_child(&format!("append|{}|{prefix}|{count}", dir.path().display())))
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success(), "a writer failed");
    }
    assert_intact(dir.path());
    let mut store = Store::open(dir.path());
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
    let ids = ids(&mut store);
    let expected: HashSet<String> = ["a", "b"]
        .iter()
        .flat_map(|p| (0..count).map(move |n| format!("{p}{n}")))
        .collect();
    assert_eq!(ids, expected);
    assert!(store.preferences().validate().is_ok());
}
