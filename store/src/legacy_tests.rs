//! The upgrade from every earlier data folder format, on fixtures written in those formats:
//! history lines of version 1 and 2 (with an index), reviews, preferences and a saved match,
//! with the damage earlier versions could leave (a torn tail, unreadable lines).

use std::fs;
use std::path::Path;

use serde_json::{Value, json};

use crate::summary::SeatPlayer;
use crate::test_prefs::Store;
use crate::tests::{entry, ids, kinds};
use crate::{HistoryEntry, StoreWarning, WarningKind};

use super::BACKUP_DIR;

fn version_one_line() -> Value {
    let rules = briscola::Ruleset::preset(briscola::Preset::Bisca, 3).unwrap();
    json!({
        "v": 1,
        "summary": {
            "id": "old", "started_at_ms": 1000, "finished_at_ms": 2000, "duration_ms": 1000,
            "ruleset": "bisca-3p",
            "opponents": [{"name": "Seat 1", "level": "hard"}, {"name": "Seat 2", "level": "easy"}],
            "hand_scores": [[40, 50, 30]], "outcome": "lost", "resigned": true
        },
        "record": { "ruleset": rules, "format": {"kind": "first-to", "hands": 2}, "seed": 7 }
    })
}

/// A version-2 line of match `n` (the seats after yours as levels, names and people's seats).
fn version_two_line(n: i64) -> Value {
    let e = entry(n);
    let mut summary = serde_json::to_value(&e.summary).unwrap();
    let object = summary.as_object_mut().unwrap();
    object.remove("seats");
    object.insert("opponents".into(), json!(["easy"]));
    object.insert("opponent_names".into(), json!(["Alice"]));
    object.insert("people".into(), json!([]));
    json!({ "v": 2, "summary": summary, "record": e.record })
}

/// A version-2 line of a match at a friends' table: Bea at seat 1 (a Medium level stood for her),
/// a Hard AI at seat 2.
fn version_two_friends_line() -> Value {
    let mut line = version_two_line(4);
    let summary = line["summary"].as_object_mut().unwrap();
    summary.insert("id".into(), json!("friends"));
    summary.insert(
        "ruleset".into(),
        json!(briscola::Ruleset::preset(briscola::Preset::Briscola, 3).unwrap()),
    );
    summary.insert("opponents".into(), json!(["medium", "hard"]));
    summary.insert("opponent_names".into(), json!(["Bea", "Computer 2"]));
    summary.insert("people".into(), json!([1]));
    line
}

/// A data folder as the last JSON-Lines version left it.
fn old_folder(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fs::create_dir_all(dir.join("history")).unwrap();
    let mut records = String::new();
    records.push_str(&format!("{}\n", version_one_line()));
    records.push_str(&format!("{}\n", version_two_line(1)));
    records.push_str("this line is not json\n");
    records.push_str(&format!("{}\n", version_two_line(2)));
    records.push_str(&format!("{}\n", version_two_friends_line()));
    records.push_str("{\"v\":2,\"summary\":{\"id\":\"m3\",\"sta");
    let files = vec![
        ("history/records.jsonl".to_string(), records.into_bytes()),
        (
            "history/index.jsonl".to_string(),
            b"{\"k\":\"header\",\"index\":3,\"history\":2}\n".to_vec(),
        ),
        (
            "history/reviews.jsonl".to_string(),
            format!(
                "{}\n{}\nnot a review\n{}\n",
                json!({"v": 1, "match_id": "m1", "review": {"accuracy": 77}}),
                json!({"v": 1, "match_id": "m1", "review": {"accuracy": 1}}),
                json!({"v": 1, "match_id": "old", "review": {"accuracy": 55}}),
            )
            .into_bytes(),
        ),
        (
            "history/records.jsonl.torn-20260101T000000.000Z".to_string(),
            b"{\"v\":2,".to_vec(),
        ),
        (
            "preferences.json".to_string(),
            br#"{"version":2,"data":{"card_size_percent":130,"sound":false}}"#.to_vec(),
        ),
        (
            "unfinished-match.json".to_string(),
            br#"{"version":1,"data":{"hand":3}}"#.to_vec(),
        ),
        (".lock".to_string(), Vec::new()),
    ];
    for (name, bytes) in &files {
        fs::write(dir.join(name), bytes).unwrap();
    }
    files
}

#[test]
fn every_old_file_is_imported_and_kept_read_only_beside_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let files = old_folder(dir.path());
    let mut store = Store::open(dir.path());
    assert!(store.is_saving(), "{:?}", store.warnings());
    assert_eq!(ids(&mut store), ["friends", "m2", "old", "m1"]);
    let old: HistoryEntry<Value> = store.history_entry("old").unwrap().unwrap();
    let names: Vec<&str> = old.summary.seats.iter().map(SeatPlayer::name).collect();
    assert_eq!(names, ["", "Seat 1", "Seat 2"]);
    assert_eq!(old.summary.ruleset.players, 3, "version 1 upgraded");
    let friends: HistoryEntry<Value> = store.history_entry("friends").unwrap().unwrap();
    assert_eq!(
        friends.summary.seats,
        [
            SeatPlayer::Person {
                name: String::new()
            },
            SeatPlayer::Person { name: "Bea".into() },
            SeatPlayer::Ai {
                level: briscola::ai::Level::Hard,
                name: "Computer 2".into()
            },
        ],
        "version 2 upgraded: Bea is a person, not a Medium AI"
    );
    let with_people = crate::HistoryQuery {
        with_people: Some(true),
        ..crate::HistoryQuery::default()
    };
    assert_eq!(store.history_page(&with_people).unwrap().total, 1);
    let m2: HistoryEntry<Value> = store.history_entry("m2").unwrap().unwrap();
    assert_eq!(m2, entry(2));
    assert_eq!(
        store.review::<Value>("m1").unwrap(),
        Some(json!({"accuracy": 77})),
        "the first review of a match is its review"
    );
    assert_eq!(
        store.review::<Value>("old").unwrap(),
        Some(json!({"accuracy": 55}))
    );
    assert_eq!(store.preferences().card_size_percent, 130);
    assert!(!store.preferences().sound);
    assert_eq!(store.load_unfinished::<Value>(), Some(json!({"hand": 3})));
    assert_eq!(
        kinds(&store),
        [
            WarningKind::UnreadableLines,
            WarningKind::TornLine,
            WarningKind::UnreadableReviews
        ]
    );
    let StoreWarning::UnreadableLines { lines, .. } = store.warnings()[0] else {
        panic!();
    };
    assert_eq!(lines, 1);
    // Every old file is in the backup, byte for byte and read-only; none is left in place.
    let backup = dir.path().join(BACKUP_DIR);
    for (name, bytes) in &files {
        let kept = backup.join(name.replace('/', "-"));
        assert_eq!(&fs::read(&kept).unwrap(), bytes, "{name}");
        assert!(
            fs::metadata(&kept).unwrap().permissions().readonly(),
            "{name}"
        );
        assert!(!dir.path().join(name).exists(), "{name} moved");
    }
    assert!(!dir.path().join("history").exists());
    // The upgrade is done once: a second open finds nothing to do.
    drop(store);
    let mut again = Store::open(dir.path());
    assert!(again.warnings().is_empty(), "{:?}", again.warnings());
    assert_eq!(ids(&mut again), ["friends", "m2", "old", "m1"]);
}

#[test]
fn an_upgrade_cut_short_after_its_commit_only_moves_the_files() {
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    drop(Store::open(dir.path()));
    // As if the process died after the import's commit, before the files were moved: the files
    // are back in place, and must not be imported twice (nor replace newer preferences).
    let backup = dir.path().join(BACKUP_DIR);
    fs::create_dir_all(dir.path().join("history")).unwrap();
    let back = dir.path().join("history/records.jsonl");
    fs::copy(backup.join("history-records.jsonl"), &back).unwrap();
    fs::remove_file(backup.join("history-records.jsonl")).unwrap();
    fs::write(
        dir.path().join("preferences.json"),
        br#"{"version":2,"data":{"card_size_percent":50}}"#,
    )
    .unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(ids(&mut store), ["friends", "m2", "old", "m1"]);
    assert_eq!(
        store.preferences().card_size_percent,
        130,
        "not imported again"
    );
    assert!(backup.join("history-records.jsonl").exists());
    assert!(!back.exists());
}

#[test]
fn old_documents_that_cannot_be_read_stay_in_the_backup() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("preferences.json"), b"{not json").unwrap();
    fs::write(
        dir.path().join("unfinished-match.json"),
        br#"{"version":9,"data":{}}"#,
    )
    .unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(kinds(&store), [WarningKind::Quarantined]);
    let StoreWarning::Quarantined { moved_to, .. } = &store.warnings()[0] else {
        panic!();
    };
    assert_eq!(fs::read(moved_to).unwrap(), b"{not json");
    assert_eq!(store.load_unfinished::<Value>(), None);
    assert_eq!(
        kinds(&store),
        [WarningKind::Quarantined, WarningKind::FutureVersion]
    );
    assert!(
        !store.save_unfinished(&json!({})).unwrap(),
        "a newer saved match is not overwritten"
    );
}
