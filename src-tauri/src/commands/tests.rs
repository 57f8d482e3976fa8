//! The commands as the UI calls them: through Tauri's IPC with a mock runtime, including
//! bad input, which must yield `{ kind, message }` and leave the state unchanged.

use std::fs;
use std::path::Path;

use serde_json::json;

use crate::history::Outcome;
use crate::history::tests::summary;
use crate::ipc_harness::harness;
use crate::store::{HistoryEntry, Store};

fn seed_history(dir: &Path, count: i64) {
    let mut store = Store::open(dir).unwrap();
    for n in 1..=count {
        let outcome = if n % 2 == 0 {
            Outcome::Won
        } else {
            Outcome::Lost
        };
        let entry = HistoryEntry {
            summary: summary(
                n,
                briscola::Preset::Briscola,
                briscola::ai::Level::Easy,
                outcome,
            ),
            record: record(n as u64),
        };
        assert!(store.append_match(&entry).unwrap());
    }
}

/// A real (unplayed) match record with seed `n`: history lines hold the engine's record type.
fn record(n: u64) -> briscola::MatchRecord {
    let rules = briscola::Ruleset::preset(briscola::Preset::Briscola, 2).unwrap();
    briscola::Match::new(rules, briscola::MatchFormat::SingleHand, 0, n)
        .unwrap()
        .record()
}

#[test]
fn preferences_round_trip_and_persist() {
    let dir = tempfile::tempdir().unwrap();
    let app = harness(dir.path());
    let mut prefs = app.ok("get_preferences", json!({}));
    assert_eq!(prefs["deck_style"], "italian");
    prefs["deck_style"] = json!("french-4color");
    prefs["card_size_percent"] = json!(150);
    let saved = app.ok("set_preferences", json!({ "preferences": prefs }));
    assert_eq!(saved, prefs);
    assert_eq!(app.ok("get_preferences", json!({})), prefs);
    drop(app);
    let reopened = harness(dir.path());
    assert_eq!(reopened.ok("get_preferences", json!({})), prefs);
}

#[test]
fn bad_preferences_are_refused_without_change() {
    let dir = tempfile::tempdir().unwrap();
    let app = harness(dir.path());
    let before = app.ok("get_preferences", json!({}));
    let mut out_of_range = before.clone();
    out_of_range["card_size_percent"] = json!(999);
    let mut unknown_style = before.clone();
    unknown_style["deck_style"] = json!("tarot");
    for args in [
        json!({}),
        json!({ "preferences": null }),
        json!({ "preferences": "dark mode" }),
        json!({ "preferences": out_of_range }),
        json!({ "preferences": unknown_style }),
    ] {
        assert_eq!(app.error_kind("set_preferences", args), "invalid_input");
    }
    assert_eq!(app.ok("get_preferences", json!({})), before);
    assert!(
        !dir.path().join("preferences.json").exists(),
        "nothing written"
    );
}

#[test]
fn list_history_filters_pages_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    seed_history(dir.path(), 30);
    let app = harness(dir.path());
    let page = app.ok(
        "list_history",
        json!({ "query": { "outcome": "won", "offset": 5, "limit": 4 } }),
    );
    assert_eq!(page["total"], 15);
    let ids: Vec<&str> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["m20", "m18", "m16", "m14"]);
    let all = app.ok("list_history", json!({ "query": {} }));
    assert_eq!(all["total"], 30);
    assert_eq!(all["items"].as_array().unwrap().len(), 30);
    for bad in [
        json!({}),
        json!({ "query": { "limit": 0 } }),
        json!({ "query": { "limit": 100000 } }),
        json!({ "query": { "from_ms": 10, "to_ms": 5 } }),
        json!({ "query": { "outcome": "maybe" } }),
        json!({ "query": { "offset": -1 } }),
    ] {
        assert_eq!(app.error_kind("list_history", bad), "invalid_input");
    }
}

#[test]
fn match_record_by_id() {
    let dir = tempfile::tempdir().unwrap();
    seed_history(dir.path(), 3);
    let app = harness(dir.path());
    let entry = app.ok("get_match_record", json!({ "id": "m2" }));
    assert_eq!(entry["record"], serde_json::to_value(record(2)).unwrap());
    assert_eq!(entry["summary"]["id"], "m2");
    assert_eq!(
        app.error_kind("get_match_record", json!({ "id": "m9" })),
        "not_found"
    );
    assert_eq!(
        app.error_kind("get_match_record", json!({ "id": " " })),
        "invalid_input"
    );
    assert_eq!(
        app.error_kind("get_match_record", json!({ "id": 2 })),
        "invalid_input"
    );
}

#[test]
fn export_then_import_into_another_folder() {
    let dir = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    seed_history(dir.path(), 5);
    seed_history(other.path(), 2);
    let file = outside.path().join("history.jsonl");
    let file_arg = file.to_str().unwrap();
    let app = harness(dir.path());
    assert_eq!(app.ok("export_history", json!({ "path": file_arg })), 5);
    let target = harness(other.path());
    let report = target.ok("import_history", json!({ "path": file_arg }));
    assert_eq!(
        report,
        json!({ "imported": 3, "duplicates": 2, "rejected": [] })
    );
    let listed = target.ok("list_history", json!({ "query": {} }));
    assert_eq!(listed["total"], 5);
}

#[test]
fn export_and_import_refuse_bad_paths_without_change() {
    let dir = tempfile::tempdir().unwrap();
    seed_history(dir.path(), 2);
    let app = harness(dir.path());
    let records = dir.path().join("history/records.jsonl");
    let before = fs::read(&records).unwrap();
    let outside = tempfile::tempdir().unwrap();
    let not_history = outside.path().join("notes.txt");
    fs::write(&not_history, "shopping list\n").unwrap();
    let inside = records.to_str().unwrap().to_string();
    for (cmd, args, kind) in [
        ("export_history", json!({}), "invalid_input"),
        ("export_history", json!({ "path": "" }), "invalid_input"),
        (
            "export_history",
            json!({ "path": "relative.jsonl" }),
            "invalid_input",
        ),
        (
            "export_history",
            json!({ "path": outside.path() }),
            "invalid_input",
        ),
        (
            "export_history",
            json!({ "path": "/no/such/folder/h.jsonl" }),
            "invalid_input",
        ),
        ("export_history", json!({ "path": inside }), "invalid_input"),
        ("import_history", json!({ "path": 42 }), "invalid_input"),
        (
            "import_history",
            json!({ "path": "/no/such/file.jsonl" }),
            "not_found",
        ),
        (
            "import_history",
            json!({ "path": not_history }),
            "invalid_file",
        ),
    ] {
        assert_eq!(app.error_kind(cmd, args.clone()), kind, "{cmd} {args}");
    }
    assert_eq!(fs::read(&records).unwrap(), before, "history untouched");
}

#[test]
fn warnings_reach_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("preferences.json"), "{ not json").unwrap();
    let app = harness(dir.path());
    let warnings = app.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["kind"], "quarantined");
    assert!(
        warnings[0]["path"]
            .as_str()
            .unwrap()
            .contains("preferences.json.corrupt-")
    );
    assert_eq!(
        app.ok("get_preferences", json!({}))["deck_style"],
        "italian"
    );
}

#[test]
fn unknown_command_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = harness(dir.path());
    assert!(app.invoke("delete_everything", json!({})).is_err());
}
