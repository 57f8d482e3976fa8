//! The history's costs at scale: builds a data folder of `--matches N` real-sized matches (and
//! `--reviews R` stored reviews), or a crafted one (`--crafted`: every summary at its list bounds,
//! every record at its size cap, up to the history's byte cap), then measures in a fresh process:
//! opening the store, the History screen's first page and a filtered page, the Statistics query,
//! appending (p50/p99 over 200 appends) and the process's peak resident memory after the open and
//! the first page — beside the same figures for an empty data folder.
//!
//! ```text
//! cargo run --release -p briscola-store --example bench_history -- --matches 200000 --reviews 1000
//! cargo run --release -p briscola-store --example bench_history -- --crafted
//! cargo run --release -p briscola-store --example bench_history -- --keep /tmp/histories
//! ```
//!
//! `--keep DIR` leaves the two folders in `DIR/empty` and `DIR/full` for `ui/e2e/startup.mjs`, which
//! measures the real app's start-up on them.
//!
//! Figures are in `docs/persistence.md`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark: a failure is the report

use std::env;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use briscola_store::db;
use briscola_store::rows::{self, NewMatch};
use briscola_store::summary::SeatPlayer;
use briscola_store::{HistoryEntry, HistoryQuery, MatchSummary, NoPreferences, Outcome, Store};
use serde_json::{Value, json};

/// A real-sized match: a summary like the app's and a record of about 3 KB.
fn real(n: i64) -> HistoryEntry<Value> {
    let preset = [Preset::Briscola, Preset::Bisca, Preset::Brisca][(n % 3) as usize];
    let ruleset = Ruleset::preset(preset, 2).unwrap();
    HistoryEntry {
        summary: MatchSummary {
            id: format!("m{n:09}"),
            started_at_ms: 1_500_000_000_000 + n * 60_000,
            finished_at_ms: 1_500_000_000_000 + n * 60_000 + 300_000,
            duration_ms: 300_000,
            format: MatchFormat::usual(&ruleset),
            ruleset,
            seats: vec![
                SeatPlayer::Person {
                    name: String::new(),
                },
                SeatPlayer::Ai {
                    level: [Level::Easy, Level::Medium, Level::Hard][(n / 3 % 3) as usize],
                    name: "Alice".into(),
                },
            ],
            hand_scores: vec![vec![61, 59]],
            outcome: if n % 2 == 0 {
                Outcome::Won
            } else {
                Outcome::Lost
            },
            resigned: false,
            undos: 0,
        },
        record: json!({ "seed": n, "moves": "x".repeat(3000) }),
    }
}

/// A crafted match within every cap: 512 hands of scores, the longest names, a 1 MiB record.
fn crafted(n: i64) -> HistoryEntry<Value> {
    let mut entry = real(n);
    entry.summary.hand_scores = vec![vec![u32::MAX, u32::MAX]; briscola_store::summary::MAX_HANDS];
    let name = "n".repeat(briscola_store::summary::MAX_NAME_BYTES);
    entry.summary.seats = vec![
        SeatPlayer::Person { name: name.clone() },
        SeatPlayer::Person { name },
    ];
    entry.record = json!("r".repeat(rows::MAX_RECORD_BYTES - 16));
    entry
}

fn build(dir: &Path, matches: i64, reviews: i64, make: fn(i64) -> HistoryEntry<Value>) {
    std::fs::create_dir_all(dir).unwrap();
    let mut conn = db::open(&dir.join(db::DATABASE_FILE), db::BUSY_WAIT).unwrap();
    let started = Instant::now();
    let review = json!({ "accuracy": 80, "padding": "v".repeat(10_000) }).to_string();
    // The app's digest of a three-hand review with six habits shown (`ReviewDigest`).
    let habit = json!({"count": 3, "loss": 12.5, "win": 8.25, "points": 6.5, "with_points": 3});
    let habits: serde_json::Map<String, Value> = (0..6)
        .map(|h| (format!("habit-{h}"), habit.clone()))
        .collect();
    let digest =
        json!({ "version": 3, "accuracy": 80.5, "hands": [78.25, 81.5, 82.0], "habits": habits })
            .to_string();
    for chunk in (0..matches).collect::<Vec<_>>().chunks(5_000) {
        let tx = conn.transaction().unwrap();
        for &n in chunk {
            let entry = make(n);
            rows::insert(&tx, &NewMatch::new(&entry).unwrap()).unwrap();
            if n >= matches - reviews {
                rows::insert_review(&tx, &entry.summary.id, &review, Some(&digest)).unwrap();
            }
        }
        tx.commit().unwrap();
    }
    drop(conn);
    let size = std::fs::metadata(dir.join(db::DATABASE_FILE))
        .unwrap()
        .len();
    eprintln!(
        "built {matches} matches, {reviews} reviews: {:.0} MB database in {:.1} s",
        size as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
}

fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0)
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// Measures one data folder (run in its own process, so the peak memory is the open's).
fn measure(dir: &Path, make: fn(i64) -> HistoryEntry<Value>) {
    let started = Instant::now();
    let mut store = Store::<NoPreferences>::open(dir);
    let open = ms(started);
    let started = Instant::now();
    let page = store.history_page(&HistoryQuery::default()).unwrap();
    let first = ms(started);
    let peak = peak_mib();
    let started = Instant::now();
    let filtered = store
        .history_page(&HistoryQuery {
            preset: Some(Preset::Briscola),
            level: Some(Level::Hard),
            outcome: Some(Outcome::Won),
            offset: 40,
            limit: 20,
            ..HistoryQuery::default()
        })
        .unwrap();
    let filter = ms(started);
    let started = Instant::now();
    let figures = store.history_stats(false).unwrap();
    let stats = ms(started);
    let started = Instant::now();
    let mut reviewed = 0;
    store
        .for_each_review_digest::<Value>(|_, digest| reviewed += u32::from(digest.is_some()))
        .unwrap();
    let review_stats = ms(started);
    let mut appends: Vec<f64> = (0..200)
        .map(|k| {
            let mut entry = make(1_000_000_000 + k);
            entry.summary.id = format!("append-{k}-{}", std::process::id());
            let started = Instant::now();
            assert!(store.append_match(&entry).unwrap());
            ms(started)
        })
        .collect();
    appends.sort_by(f64::total_cmp);
    assert!(store.is_saving(), "{:?}", store.warnings());
    println!(
        "{}: open {open:.1} ms, first page {first:.1} ms ({} of {}), peak RSS after open + first page {peak:.1} MiB, \
         filtered page {filter:.1} ms ({} of {}), statistics {stats:.1} ms ({} matches), \
         reviewed matches {review_stats:.1} ms ({reviewed} reviews), \
         append p50 {:.2} ms p99 {:.2} ms max {:.2} ms; the disk's fsync alone: {}",
        dir.display(),
        page.items.len(),
        page.total,
        filtered.items.len(),
        filtered.total,
        figures.played,
        appends[100],
        appends[197],
        appends[199],
        fsync_floor(dir),
    );
}

/// p50 and p99 of writing 4 KiB to a file and `fsync`ing it, 200 times: the floor of a durable
/// commit on this disk.
fn fsync_floor(dir: &Path) -> String {
    use std::io::Write;
    let path = dir.join("fsync-probe");
    let mut file = std::fs::File::create(&path).unwrap();
    let mut times: Vec<f64> = (0..200)
        .map(|_| {
            let started = Instant::now();
            file.write_all(&[7; 4096]).unwrap();
            file.sync_data().unwrap();
            ms(started)
        })
        .collect();
    std::fs::remove_file(&path).unwrap();
    times.sort_by(f64::total_cmp);
    format!("p50 {:.2} ms p99 {:.2} ms", times[100], times[197])
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<i64>().expect("a number"))
    };
    let is_crafted = args.iter().any(|a| a == "--crafted");
    let make = if is_crafted { crafted } else { real };
    if let Some(i) = args.iter().position(|a| a == "--measure") {
        measure(Path::new(&args[i + 1]), make);
        return;
    }
    // The crafted history fills the byte cap (1 GiB of 1 MiB records) unless told otherwise.
    let matches = arg("--matches").unwrap_or(if is_crafted { 1000 } else { 200_000 });
    let reviews = arg("--reviews").unwrap_or(1000).min(matches);
    // `--keep DIR` builds the two folders in DIR (`DIR/empty`, `DIR/full`) and leaves them there,
    // for the app's own start-up measurement (`ui/e2e/startup.mjs`).
    let kept = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1));
    let root = tempfile::tempdir().unwrap();
    let root = kept.map_or(root.path(), Path::new);
    let empty = root.join("empty");
    let full = root.join("full");
    build(&empty, 0, 0, make);
    build(&full, matches, reviews, make);
    for dir in [&empty, &full] {
        let mut command = Command::new(env::current_exe().unwrap());
        command.arg("--measure").arg(dir);
        if is_crafted {
            command.arg("--crafted");
        }
        assert!(command.status().unwrap().success());
    }
}
