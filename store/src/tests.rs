//! The store through its public face: the history as SQL pages, checks on the way in and out,
//! deletion, archiving at the cap, documents, and the disk refusing (a held database, a full
//! one, a damaged one, a folder in the way) with play going on in memory and catching up.

use std::fs;
use std::path::Path;

use briscola::ai::Level;
use briscola::{Preset, Ruleset};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::*;
use crate::rows::Caps;
use crate::summary::examples::summary;
use crate::summary::{MAX_NAME_BYTES, MatchSummary, SeatPlayer};
use crate::test_prefs::{Preferences, Store};

pub(crate) fn entry(n: i64) -> HistoryEntry<Value> {
    HistoryEntry {
        summary: summary(n, Preset::Briscola, Level::Easy, Outcome::Won),
        record: json!({ "moves": (0..n).collect::<Vec<_>>() }),
    }
}

/// A person's seat.
fn person(name: &str) -> SeatPlayer {
    SeatPlayer::Person { name: name.into() }
}

/// An AI seat, unnamed.
fn ai(level: Level) -> SeatPlayer {
    SeatPlayer::Ai {
        level,
        name: String::new(),
    }
}

/// Every stored id, newest first.
pub(crate) fn ids(store: &mut Store) -> Vec<String> {
    let query = HistoryQuery {
        limit: HistoryQuery::MAX_LIMIT,
        ..HistoryQuery::default()
    };
    let page = store.history_page(&query).unwrap();
    assert_eq!(page.total as usize, page.items.len());
    page.items.into_iter().map(|s| s.id).collect()
}

pub(crate) fn kinds(store: &Store) -> Vec<WarningKind> {
    store.warnings().iter().map(StoreWarning::kind).collect()
}

/// A second connection to the store's database, as another process would have.
fn other_connection(dir: &Path) -> Connection {
    let conn = Connection::open(dir.join(db::DATABASE_FILE)).unwrap();
    conn.busy_timeout(std::time::Duration::ZERO).unwrap();
    conn
}

#[test]
fn append_page_read_and_reject_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert!(ids(&mut store).is_empty());
    for n in 1..=3 {
        assert!(store.append_match(&entry(n)).unwrap());
    }
    assert!(
        !store.append_match(&entry(2)).unwrap(),
        "duplicate id refused"
    );
    assert_eq!(ids(&mut store), ["m3", "m2", "m1"]);
    let read: HistoryEntry<Value> = store.history_entry("m3").unwrap().unwrap();
    assert_eq!(read, entry(3));
    assert!(store.history_entry::<Value>("m9").unwrap().is_none());
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
    drop(store);
    let mut reopened = Store::open(dir.path());
    assert_eq!(ids(&mut reopened), ["m3", "m2", "m1"]);
}

/// The History screen's filters as SQL give what the same filters in memory give.
#[test]
fn sql_pages_and_filters_match_the_in_memory_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let mut all = Vec::new();
    for n in 1..=40 {
        let preset = [Preset::Briscola, Preset::Bisca, Preset::Brisca][n as usize % 3];
        let level = [Level::Easy, Level::Medium, Level::Hard][n as usize % 4 % 3];
        let outcome = [Outcome::Won, Outcome::Lost, Outcome::Drawn][n as usize % 5 % 3];
        let mut s = summary(n / 2, preset, level, outcome);
        s.id = format!("x{n}");
        if n % 7 == 0 {
            s.ruleset = Ruleset::preset(preset, 4).unwrap_or(s.ruleset);
            s.seats = vec![person(""), person("Ben"), ai(level), ai(Level::Hard)];
        }
        store
            .append_match(&HistoryEntry {
                summary: s.clone(),
                record: json!(n),
            })
            .unwrap();
        all.push(s);
    }
    let mut queries = vec![HistoryQuery::default()];
    for preset in [Preset::Briscola, Preset::Bisca] {
        for level in [None, Some(Level::Medium), Some(Level::Hard)] {
            for people in [None, Some(true), Some(false)] {
                queries.push(HistoryQuery {
                    preset: Some(preset),
                    level,
                    with_people: people,
                    offset: 1,
                    limit: 4,
                    ..HistoryQuery::default()
                });
            }
        }
    }
    queries.push(HistoryQuery {
        players: Some(4),
        ..HistoryQuery::default()
    });
    queries.push(HistoryQuery {
        outcome: Some(Outcome::Drawn),
        from_ms: Some(5_000),
        to_ms: Some(15_000),
        offset: 2,
        limit: 3,
        ..HistoryQuery::default()
    });
    for query in queries {
        assert_eq!(
            store.history_page(&query).unwrap(),
            query.apply(all.clone()),
            "{query:?}"
        );
    }
}

/// A friends' match stored by an earlier build (a format-2 summary: a person's seat under a stand-in
/// level) is listed, filtered, exported and counted as seats, its person by name.
#[test]
fn a_friends_match_of_an_earlier_format_reads_as_seats() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let mut stored = summary(1, Preset::Briscola, Level::Hard, Outcome::Won);
    stored.ruleset = Ruleset::preset(Preset::Briscola, 4).unwrap();
    stored.seats = vec![person(""), person("Ben"), ai(Level::Hard), person("Cy")];
    store
        .append_match(&HistoryEntry {
            summary: stored.clone(),
            record: json!(1),
        })
        .unwrap();
    // What an earlier build wrote for that match: its three lists, and the same index columns.
    let mut old = serde_json::to_value(&stored).unwrap();
    let object = old.as_object_mut().unwrap();
    object.remove("seats");
    object.insert("opponents".into(), json!(["medium", "hard", "medium"]));
    object.insert("opponent_names".into(), json!(["Ben", "", "Cy"]));
    object.insert("people".into(), json!([1, 3]));
    let conn = other_connection(dir.path());
    let levels: String = conn
        .query_row("SELECT levels FROM matches WHERE id = 'm1'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(levels, ",hard,", "people are not levels");
    conn.execute(
        "UPDATE matches SET summary = ?1 WHERE id = 'm1'",
        [old.to_string()],
    )
    .unwrap();
    drop(conn);
    let mut reopened = Store::open(dir.path());
    let page = reopened.history_page(&HistoryQuery::default()).unwrap();
    assert_eq!(page.items, [stored.clone()]);
    let with_people = HistoryQuery {
        with_people: Some(true),
        level: Some(Level::Hard),
        ..HistoryQuery::default()
    };
    assert_eq!(reopened.history_page(&with_people).unwrap().total, 1);
    let medium = HistoryQuery {
        level: Some(Level::Medium),
        ..HistoryQuery::default()
    };
    assert_eq!(reopened.history_page(&medium).unwrap().total, 0);
    let read: HistoryEntry<Value> = reopened.history_entry("m1").unwrap().unwrap();
    assert_eq!(read.summary, stored);
    // Exported, the line is of this build's format, with the seats.
    let mut out = Vec::new();
    reopened.export(&mut out).unwrap();
    let line: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(line["v"], json!(crate::history::HISTORY_VERSION));
    assert_eq!(
        line["summary"]["seats"][1],
        json!({"kind": "person", "name": "Ben"})
    );
    assert!(line["summary"].get("opponents").is_none());
}

#[test]
fn crafted_values_are_refused_on_the_way_in_and_skipped_on_the_way_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    // Within the byte caps of earlier versions, but not what two players can have.
    let mut crafted = entry(2);
    crafted.summary.hand_scores = vec![Vec::new(); 349_000];
    let error = store.append_match(&crafted).unwrap_err();
    assert!(error.to_string().contains("hands"), "{error}");
    let mut names = entry(3);
    names.summary.seats = vec![person(""), person(&"x".repeat(MAX_NAME_BYTES + 1))];
    assert!(store.append_match(&names).is_err());
    let mut big = entry(4);
    big.record = json!("x".repeat(rows::MAX_RECORD_BYTES));
    assert!(store.append_match(&big).is_err());
    assert!(store.is_saving(), "a refused value is not a disk problem");
    // Rows written behind the store's back: too large, or failing the checks.
    let conn = other_connection(dir.path());
    let huge = serde_json::to_string(&crafted.summary).unwrap();
    for (seq, id, json) in [(10, "huge", huge), (11, "bad", "{\"id\":1}".into())] {
        conn.execute(
            "INSERT INTO matches VALUES (?1, ?2, 5, 'briscola', 2, ',easy,', 0, 'won', 0, ?3)",
            rusqlite::params![seq, id, json],
        )
        .unwrap();
        conn.execute("INSERT INTO records VALUES (?1, '{}')", [seq])
            .unwrap();
    }
    let page = store.history_page(&HistoryQuery::default()).unwrap();
    assert_eq!(page.items.len(), 1, "only the real match");
    assert_eq!(page.total, 3, "the others are counted, not shown");
    assert_eq!(
        store.warnings(),
        [StoreWarning::UnreadableMatches { matches: 2 }]
    );
    assert!(store.history_entry::<Value>("huge").is_err());
    assert!(store.history_entry::<Value>("bad").is_err());
}

#[test]
fn deleting_a_match_removes_its_record_and_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    for n in 1..=3 {
        store.append_match(&entry(n)).unwrap();
    }
    assert!(
        store
            .append_review("m2", &json!({"accuracy": 90}), &json!(90))
            .unwrap()
    );
    assert!(store.delete_match("m2").unwrap());
    assert!(!store.delete_match("m2").unwrap(), "already gone");
    assert_eq!(ids(&mut store), ["m3", "m1"]);
    assert!(store.history_entry::<Value>("m2").unwrap().is_none());
    assert!(store.review::<Value>("m2").unwrap().is_none());
    let conn = other_connection(dir.path());
    let left: i64 = conn
        .query_row("SELECT count(*) FROM records", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 2);
    assert_eq!(rows::totals(&conn).unwrap().0, 2, "totals kept");
}

#[test]
fn reviews_are_stored_once_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    store.append_match(&entry(2)).unwrap();
    assert!(
        store
            .append_review("m1", &json!({"accuracy": 80}), &json!(80))
            .unwrap()
    );
    assert!(
        !store
            .append_review("m1", &json!({"accuracy": 10}), &json!(10))
            .unwrap()
    );
    assert!(
        store.append_review("m9", &json!({}), &json!(0)).is_err(),
        "no such match"
    );
    assert_eq!(
        store.review::<Value>("m1").unwrap(),
        Some(json!({"accuracy": 80}))
    );
    let huge = json!("x".repeat(rows::MAX_REVIEW_BYTES));
    assert!(store.append_review("m2", &huge, &json!(0)).is_err());
    let huge_digest = json!("x".repeat(rows::MAX_DIGEST_BYTES));
    assert!(store.append_review("m2", &json!({}), &huge_digest).is_err());
    assert_eq!(store.review::<Value>("m2").unwrap(), None, "nothing kept");
}

/// What statistics over every review read: each reviewed match's summary and its review's digest,
/// oldest first, never the reviews; a digest is set where an imported review has none, and one
/// too large is refused.
#[test]
fn statistics_read_the_digests_of_the_reviewed_matches_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    for n in 1..=3 {
        store.append_match(&entry(n)).unwrap();
    }
    assert!(
        store
            .append_review("m3", &json!({"big": "review"}), &json!({"d": 3}))
            .unwrap()
    );
    let conn = other_connection(dir.path());
    // A review imported from an earlier version's files comes without a digest.
    let tx = conn.unchecked_transaction().unwrap();
    assert_eq!(
        rows::insert_review(&tx, "m1", r#"{"old":1}"#, None).unwrap(),
        Some(true)
    );
    tx.commit().unwrap();
    let digests = |store: &mut Store| {
        let mut seen = Vec::new();
        store
            .for_each_review_digest::<Value>(|reviewed, digest| seen.push((reviewed.id, digest)))
            .unwrap();
        seen
    };
    assert_eq!(
        digests(&mut store),
        [
            ("m1".to_string(), None),
            ("m3".to_string(), Some(json!({"d": 3})))
        ]
    );
    assert!(store.set_review_digest("m1", &json!({"d": 1})).unwrap());
    assert!(
        !store.set_review_digest("m2", &json!({"d": 2})).unwrap(),
        "no review"
    );
    let huge = json!("x".repeat(rows::MAX_DIGEST_BYTES));
    assert!(store.set_review_digest("m1", &huge).is_err());
    assert_eq!(
        digests(&mut store),
        [
            ("m1".to_string(), Some(json!({"d": 1}))),
            ("m3".to_string(), Some(json!({"d": 3})))
        ]
    );
    // A digest over the cap written behind the store's back reads as none, never loaded.
    conn.execute(
        "UPDATE reviews SET digest = ?1 WHERE seq = (SELECT seq FROM matches WHERE id = 'm3')",
        [huge.to_string()],
    )
    .unwrap();
    assert_eq!(digests(&mut store)[1], ("m3".to_string(), None));
    // The index columns read back as the summary they were made from has them.
    let other = HistoryEntry {
        summary: summary(4, Preset::Brisca, Level::Hard, Outcome::Lost),
        record: json!({}),
    };
    store.append_match(&other).unwrap();
    assert!(store.append_review("m4", &json!({}), &json!(4)).unwrap());
    let mut rows = Vec::new();
    store
        .for_each_review_digest::<Value>(|reviewed, _| rows.push(reviewed))
        .unwrap();
    let of = |entry: &HistoryEntry<Value>| crate::ReviewedRow::of(&entry.summary);
    assert_eq!(rows, [of(&entry(1)), of(&entry(3)), of(&other)]);
    assert_ne!(rows[0], rows[2], "two kinds of match");
}

/// A full history moves its oldest matches to an archive file; the new match is stored.
#[test]
fn a_full_history_archives_its_oldest_matches_and_takes_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).with_caps(Caps {
        matches: 10,
        bytes: u64::MAX,
    });
    for n in 1..=25 {
        assert!(store.append_match(&entry(n)).unwrap(), "match {n} taken");
    }
    let kept = ids(&mut store);
    assert!(kept.len() <= 10 && kept[0] == "m25", "{kept:?}");
    let archived: Vec<String> = fs::read_dir(dir.path().join(archive::ARCHIVE_DIR))
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let lines: Vec<Value> = archived
        .iter()
        .flat_map(|text| text.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut all: Vec<String> = lines
        .iter()
        .map(|line| line["summary"]["id"].as_str().unwrap().to_string())
        .chain(kept.iter().cloned())
        .collect();
    all.sort();
    let mut expected: Vec<String> = (1..=25).map(|n| format!("m{n}")).collect();
    expected.sort();
    assert_eq!(all, expected, "every match is in one place, once");
    let first = lines.iter().find(|l| l["summary"]["id"] == "m1").unwrap();
    assert_eq!(first["record"], entry(1).record, "archived whole");
    // The byte cap works the same way.
    let mut store = Store::open(dir.path()).with_caps(Caps {
        matches: u64::MAX,
        bytes: 4_000,
    });
    for n in 26..=40 {
        assert!(store.append_match(&entry(n)).unwrap());
    }
    let conn = other_connection(dir.path());
    assert!(rows::totals(&conn).unwrap().1 <= 4_000);
}

#[test]
fn export_writes_the_json_lines_of_earlier_versions() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    store.append_match(&entry(2)).unwrap();
    let mut out = Vec::new();
    assert_eq!(store.export(&mut out).unwrap(), 2);
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    for (line, n) in lines.iter().zip(1..) {
        let summary = crate::summary::read_summary(3, line.as_bytes()).unwrap();
        assert_eq!(summary, entry(n).summary);
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["v"], 3);
        assert_eq!(value["record"], entry(n).record);
    }
}

#[test]
fn documents_round_trip_repair_and_future_versions() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let prefs = Preferences {
        card_size_percent: 130,
        sound: false,
    };
    store.set_preferences(prefs.clone()).unwrap();
    assert!(store.save_unfinished(&json!({"hand": 1})).unwrap());
    drop(store);
    let mut store = Store::open(dir.path());
    assert_eq!(store.preferences(), &prefs);
    assert_eq!(store.load_unfinished::<Value>(), Some(json!({"hand": 1})));
    store.clear_unfinished().unwrap();
    drop(store);
    assert_eq!(Store::open(dir.path()).load_unfinished::<Value>(), None);
    // Out of range: repaired on load with a warning; newer: left alone, this run in memory.
    let conn = other_connection(dir.path());
    conn.execute(
        "UPDATE documents SET data = '{\"card_size_percent\":9999}' WHERE name = 'preferences.json'",
        [],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO documents VALUES ('unfinished-match.json', 7, '{\"new\":1}')",
        [],
    )
    .unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.preferences().card_size_percent, 200);
    assert_eq!(kinds(&store), [WarningKind::Repaired]);
    assert_eq!(store.load_unfinished::<Value>(), None);
    assert!(!store.save_unfinished(&json!({"hand": 2})).unwrap());
    assert_eq!(
        kinds(&store),
        [WarningKind::Repaired, WarningKind::FutureVersion]
    );
    let version: i64 = conn
        .query_row(
            "SELECT version FROM documents WHERE name = 'unfinished-match.json'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, 7, "never overwritten");
    // Unreadable: set aside under another name, kept.
    conn.execute(
        "UPDATE documents SET data = '[1,2]', version = 2 WHERE name = 'preferences.json'",
        [],
    )
    .unwrap();
    let store = Store::open(dir.path());
    assert_eq!(store.preferences(), &Preferences::default());
    assert_eq!(kinds(&store), [WarningKind::Quarantined]);
    let aside: i64 = conn
        .query_row(
            "SELECT count(*) FROM documents WHERE name LIKE 'preferences.json.corrupt-%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(aside, 1);
}

/// Plays on while the disk refuses: everything is accepted in memory and listed.
fn plays_in_memory(store: &mut Store) {
    assert!(!store.is_saving(), "{:?}", store.warnings());
    let mut prefs = store.preferences().clone();
    prefs.sound = !prefs.sound;
    store.set_preferences(prefs.clone()).unwrap();
    assert_eq!(store.preferences(), &prefs);
    assert!(!store.save_unfinished(&json!({ "hand": 1 })).unwrap());
    assert_eq!(store.load_unfinished::<Value>(), Some(json!({ "hand": 1 })));
    assert!(store.append_match(&entry(7)).unwrap());
    assert!(!store.append_match(&entry(7)).unwrap());
    store.clear_unfinished().unwrap();
    assert!(ids(store).contains(&"m7".to_string()));
    let read: HistoryEntry<Value> = store.history_entry("m7").unwrap().unwrap();
    assert_eq!(read, entry(7));
    assert!(
        store
            .append_review("m7", &json!({"a": 1}), &json!({"d": 1}))
            .unwrap()
    );
    assert_eq!(store.review::<Value>("m7").unwrap(), Some(json!({"a": 1})));
    assert!(!store.is_saving());
}

/// After the disk accepts again, one change writes everything that waited.
fn catches_up(store: &mut Store, dir: &Path) {
    store.append_match(&entry(8)).unwrap();
    assert!(store.is_saving(), "{:?}", store.warnings());
    let mut reopened = Store::open(dir);
    let ids = ids(&mut reopened);
    assert!(ids.contains(&"m7".to_string()) && ids.contains(&"m8".to_string()));
    assert_eq!(
        reopened.review::<Value>("m7").unwrap(),
        Some(json!({"a": 1}))
    );
    assert_eq!(reopened.preferences(), store.preferences());
    assert_eq!(
        reopened.load_unfinished::<Value>(),
        None,
        "the removal was written too"
    );
}

#[test]
fn a_database_held_by_another_process_means_playing_in_memory_then_catching_up() {
    let dir = tempfile::tempdir().unwrap();
    drop(Store::open(dir.path()));
    let holder = other_connection(dir.path());
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mut store = Store::open(dir.path());
    let [StoreWarning::NotSaving { problem, .. }] = store.warnings() else {
        panic!("{:?}", store.warnings());
    };
    assert_eq!(*problem, FolderProblem::InUse);
    plays_in_memory(&mut store);
    holder.execute_batch("COMMIT").unwrap();
    catches_up(&mut store, dir.path());
}

#[test]
fn a_lock_taken_after_start_up_keeps_moves_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.append_match(&entry(1)).unwrap();
    let holder = other_connection(dir.path());
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    assert!(!store.save_unfinished(&json!({"hand": 0})).unwrap());
    assert_eq!(kinds(&store), [WarningKind::NotSaving]);
    plays_in_memory(&mut store);
    holder.execute_batch("COMMIT").unwrap();
    catches_up(&mut store, dir.path());
}

#[test]
fn a_full_database_keeps_moves_in_memory_then_catches_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    // SQLite's own "database or disk is full", without a file system to fill: the page count
    // of this connection is capped at what the database has now. (A real full disk, on a tmpfs:
    // `tests/disk_refusals.rs`.)
    let conn = store.connection().unwrap();
    let pages: i64 = conn
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    conn.pragma_update(None, "max_page_count", pages).unwrap();
    let mut filler = entry(100);
    filler.record = json!("x".repeat(64 * 1024));
    assert!(store.append_match(&filler).unwrap(), "accepted in memory");
    let [
        StoreWarning::NotSaving {
            problem, detail, ..
        },
    ] = store.warnings()
    else {
        panic!("{:?}", store.warnings());
    };
    assert_eq!(*problem, FolderProblem::ReadOnly, "{detail}");
    assert!(detail.contains("full"), "{detail}");
    assert_eq!(ids(&mut store), ["m100"], "listed from memory");
    // The refusing connection was closed; the next change opens a fresh one (no cap: the
    // disk has room again) and writes what waited first.
    store.append_match(&entry(101)).unwrap();
    assert!(store.is_saving(), "{:?}", store.warnings());
    assert_eq!(ids(&mut Store::open(dir.path())), ["m101", "m100"]);
}

#[test]
fn memory_is_bounded_while_nothing_can_be_written() {
    let mut store = Store::without_folder("no home folder".into());
    for n in 0..(MAX_MEMORY_MATCHES as i64 + 50) {
        store.append_match(&entry(n + 1)).unwrap();
    }
    let page = store
        .history_page(&HistoryQuery {
            limit: HistoryQuery::MAX_LIMIT,
            ..HistoryQuery::default()
        })
        .unwrap();
    assert_eq!(page.total as usize, MAX_MEMORY_MATCHES);
    assert_eq!(page.items[0].id, format!("m{}", MAX_MEMORY_MATCHES + 50));
}

#[test]
fn things_in_the_way_mean_playing_in_memory() {
    type Damage = fn(&Path);
    let cases: [(&str, Damage, FolderProblem); 3] = [
        (
            "a folder named like the database",
            |d| fs::create_dir_all(d.join(db::DATABASE_FILE).join("x")).unwrap(),
            FolderProblem::WrongKind,
        ),
        (
            "a symlinked database",
            |d| {
                let outside = d.parent().unwrap().join("outside.sqlite");
                fs::write(&outside, b"unrelated").unwrap();
                std::os::unix::fs::symlink(&outside, d.join(db::DATABASE_FILE)).unwrap();
            },
            FolderProblem::Symlink,
        ),
        (
            "a database of a newer schema",
            |d| {
                let conn = Connection::open(d.join(db::DATABASE_FILE)).unwrap();
                conn.pragma_update(None, "user_version", db::SCHEMA_VERSION + 1)
                    .unwrap();
            },
            FolderProblem::Other,
        ),
    ];
    for (name, damage, problem) in cases {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("data");
        fs::create_dir(&dir).unwrap();
        damage(&dir);
        let mut store = Store::open(&dir);
        let [StoreWarning::NotSaving { problem: found, .. }] = store.warnings() else {
            panic!("{name}: {:?}", store.warnings());
        };
        assert_eq!(*found, problem, "{name}");
        plays_in_memory(&mut store);
    }
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("data");
    fs::write(&file, b"a file").unwrap();
    let mut store = Store::open(&file);
    assert_eq!(kinds(&store), [WarningKind::NotSaving]);
    plays_in_memory(&mut store);
    assert_eq!(fs::read(&file).unwrap(), b"a file");
}

/// Overwrites one page of the database file in the middle of the `records` table.
fn damage_a_page(path: &Path, page: u64) {
    use std::io::{Seek, SeekFrom, Write};
    let mut file = fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(page * 4096)).unwrap();
    file.write_all(&[0xA5; 4096]).unwrap();
}

#[test]
fn a_damaged_database_is_set_aside_and_its_readable_rows_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store
        .set_preferences(Preferences {
            card_size_percent: 150,
            sound: true,
        })
        .unwrap();
    for n in 1..=300 {
        let mut e = entry(n);
        e.record = json!("r".repeat(1000));
        store.append_match(&e).unwrap();
    }
    drop(store);
    let path = dir.path().join(db::DATABASE_FILE);
    {
        // Everything into the main file, so the damage is not hidden by the write-ahead log.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap();
    }
    let pages = fs::metadata(&path).unwrap().len() / 4096;
    damage_a_page(&path, pages / 2);
    let mut store = Store::open(dir.path());
    // Listing and opening every match reaches the damaged page, wherever it is.
    for id in ids(&mut store) {
        let _ = store.history_entry::<Value>(&id);
    }
    assert!(store.is_saving(), "{:?}", store.warnings());
    let quarantined: Vec<_> = store
        .warnings()
        .iter()
        .filter_map(|w| match w {
            StoreWarning::Quarantined { moved_to, .. } => Some(moved_to.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(quarantined.len(), 1, "{:?}", store.warnings());
    assert!(
        Path::new(&quarantined[0]).exists(),
        "the damaged file is kept"
    );
    let listed = ids(&mut store);
    assert!(
        listed.len() >= 250,
        "the readable rows are kept: {}",
        listed.len()
    );
    for id in &listed {
        assert!(store.history_entry::<Value>(id).unwrap().is_some(), "{id}");
    }
    // The kept counts are those of the rows that were kept.
    let stats = store.history_stats(false).unwrap();
    assert_eq!(stats.played as usize, listed.len());
    assert_eq!(
        stats.hand_points.iter().sum::<u32>() as usize,
        listed.len(),
        "one hand each"
    );
    assert_eq!(stats.hand_points[61] as usize, listed.len());
    assert_eq!(store.preferences().card_size_percent, 150);
    store.append_match(&entry(301)).unwrap();
    assert!(ids(&mut Store::open(dir.path())).contains(&"m301".to_string()));
}

#[test]
fn a_file_that_is_not_a_database_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(db::DATABASE_FILE);
    fs::write(&path, vec![0x42; 8192]).unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(kinds(&store), [WarningKind::Quarantined]);
    assert!(store.is_saving());
    store.append_match(&entry(1)).unwrap();
    let StoreWarning::Quarantined { moved_to, .. } = &store.warnings()[0] else {
        panic!();
    };
    assert_eq!(
        fs::read(moved_to).unwrap(),
        vec![0x42; 8192],
        "kept byte for byte"
    );
}

#[cfg(unix)]
#[test]
fn new_files_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    let mut store = Store::open(&dir);
    store.append_match(&entry(1)).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(
        mode(&dir.join(db::DATABASE_FILE)) & 0o077,
        0,
        "not readable by others"
    );
}

/// The Statistics figures as the UI computed them from every summary, for comparison.
fn stats_in_memory(all: &[MatchSummary], people: bool) -> HistoryStats {
    let mut chosen: Vec<&MatchSummary> = all.iter().filter(|s| s.with_people() == people).collect();
    chosen.sort_by(|a, b| {
        a.finished_at_ms
            .cmp(&b.finished_at_ms)
            .then(b.id.cmp(&a.id))
    });
    let mut stats = HistoryStats {
        hand_points: vec![0; HistoryStats::MAX_POINTS as usize + 1],
        ..HistoryStats::default()
    };
    rows::add_waiting(&mut stats, &chosen);
    stats.by_preset.retain(|p| p.played > 0);
    stats
}

#[test]
fn statistics_are_sql_aggregates_equal_to_the_figures_over_every_summary() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let mut all = Vec::new();
    for n in 1..=60 {
        let preset = [Preset::Briscola, Preset::Chiamata, Preset::Bisca][n as usize % 3];
        let players = if preset == Preset::Chiamata { 5 } else { 2 };
        let outcome = [Outcome::Won, Outcome::Won, Outcome::Lost, Outcome::Drawn][n as usize % 4];
        let mut s = summary(n, Preset::Briscola, Level::Easy, outcome);
        s.ruleset = Ruleset::preset(preset, players).unwrap();
        s.seats = std::iter::once(person(""))
            .chain(
                (1..players).map(|_| ai([Level::Easy, Level::Medium, Level::Hard][n as usize % 3])),
            )
            .collect();
        s.hand_scores = vec![vec![(n as u32 * 7) % 121, 0], vec![200, 0]];
        if n % 5 == 0 {
            s.seats[1] = person("Ben");
        }
        store
            .append_match(&HistoryEntry {
                summary: s.clone(),
                record: json!(n),
            })
            .unwrap();
        all.push(s);
    }
    for gone in ["m7", "m30"] {
        store.delete_match(gone).unwrap();
        all.retain(|s| s.id != gone);
    }
    for people in [false, true] {
        let mut expected = stats_in_memory(&all, people);
        let found = store.history_stats(people).unwrap();
        // The database thins the running rate to at most RATE_POINTS points; here there are fewer.
        expected.current_streak = found.current_streak;
        assert_eq!(found, expected, "with people: {people}");
        assert!(
            found.hand_points[HistoryStats::MAX_POINTS as usize] > 0,
            "high scores capped"
        );
    }
    // Matches kept in memory while the disk refuses count too.
    let holder = other_connection(dir.path());
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mut extra = summary(100, Preset::Bisca, Level::Hard, Outcome::Won);
    extra.id = "extra".into();
    store
        .append_match(&HistoryEntry {
            summary: extra.clone(),
            record: json!(0),
        })
        .unwrap();
    assert!(!store.is_saving());
    all.push(extra);
    let in_memory = store.history_stats(false).unwrap();
    holder.execute_batch("COMMIT").unwrap();
    store.append_match(&entry(101)).unwrap();
    all.push(entry(101).summary);
    let stored = store.history_stats(false).unwrap();
    assert_eq!(in_memory.played + 1, stored.played);
    let mut expected = stats_in_memory(&all, false);
    expected.current_streak = stored.current_streak;
    assert_eq!(stored, expected);
}

#[test]
fn the_running_rate_is_thinned_to_its_point_budget() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let conn = store.connection().unwrap();
    let tx = conn.unchecked_transaction().unwrap();
    for n in 1..=1000 {
        let outcome = if n % 3 == 0 {
            Outcome::Lost
        } else {
            Outcome::Won
        };
        let new = rows::NewMatch::new(&HistoryEntry {
            summary: summary(n, Preset::Briscola, Level::Easy, outcome),
            record: json!(n),
        })
        .unwrap();
        rows::insert(&tx, &new).unwrap();
    }
    tx.commit().unwrap();
    let stats = store.history_stats(false).unwrap();
    assert_eq!(stats.played, 1000);
    assert!(
        stats.rate.len() <= HistoryStats::RATE_POINTS,
        "{}",
        stats.rate.len()
    );
    let last = stats.rate.last().unwrap();
    assert_eq!(
        last.finished_at_ms, 1_000_000,
        "the last match is always a point"
    );
    assert_eq!(u32::from(last.percent), stats.won * 100 / 1000);
    assert_eq!(stats.best_streak, 2);
}
