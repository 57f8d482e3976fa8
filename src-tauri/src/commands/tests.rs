//! The commands as the UI calls them: through Tauri's IPC with a mock runtime, including
//! bad input, which must yield `{ kind, message }` and leave the state unchanged.

use std::fs;
use std::path::Path;

use serde_json::{Value, json};

use crate::history::Outcome;
use crate::history::tests::summary;
use crate::ipc_harness::harness;
use crate::store::{HistoryEntry, Store};

fn seed_history(dir: &Path, count: i64) {
    let mut store = Store::open(dir);
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
fn warnings_reach_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("preferences.json"), "{ not json").unwrap();
    let app = harness(dir.path());
    let warnings = app.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["id"], "quarantined");
    assert_eq!(warnings[0]["file"], "preferences.json");
    // The unreadable file of an earlier version stays, byte for byte, in the upgrade's backup.
    let moved_to = warnings[0]["moved_to"].as_str().unwrap();
    assert!(moved_to.contains("pre-sqlite-backup"), "{moved_to}");
    assert_eq!(fs::read(moved_to).unwrap(), b"{ not json");
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

#[test]
fn a_bytes_body_gets_a_typed_error() {
    let dir = tempfile::tempdir().unwrap();
    let app = harness(dir.path());
    for cmd in [
        "set_preferences",
        "list_history",
        "get_match_record",
        "get_replay",
    ] {
        let error = app
            .invoke_body(cmd, tauri::ipc::InvokeBody::Raw(b"\x00\xffbytes".to_vec()))
            .expect_err("refused");
        assert_eq!(error["kind"], "invalid_input", "{cmd}: {error}");
        assert!(
            error["message"].as_str().unwrap().contains("bytes"),
            "{error}"
        );
    }
}

#[test]
fn an_unusable_data_folder_still_plays_and_says_so() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    fs::create_dir_all(dir.join("preferences.json")).unwrap();
    let app = harness(&dir);
    let warnings = app.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["id"], "not-saving", "{warnings}");
    assert_eq!(warnings[0]["problem"], "wrong-kind", "{warnings}");
    let heard = app
        .start_computer(&crate::commands::game::tests::setup(
            "briscola",
            2,
            json!({ "kind": "single-hand" }),
        ))
        .expect("started");
    app.play_to_the_end(&heard);
    let page = app.ok("list_history", json!({ "query": {} }));
    assert_eq!(page["total"], 1, "this run's match is listed");
    let id = page["items"][0]["id"].clone();
    app.ok("get_replay", json!({ "id": id }));
    let mut prefs = app.ok("get_preferences", json!({}));
    prefs["sound"] = json!(false);
    app.ok("set_preferences", json!({ "preferences": prefs }));
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        2,
        "only the folder in the way and the lock file"
    );
}

/// A table hosted by another app (its own seating, on the shell's runtime): 2 players, Ada hosting.
fn host_elsewhere() -> (crate::seat::Seating, crate::seat::HostInfo) {
    use briscola::{MatchFormat, Preset, Ruleset};
    let ruleset = Ruleset::preset(Preset::Briscola, 2).unwrap();
    let request = crate::seat::HostRequest {
        ruleset,
        format: MatchFormat::usual(&ruleset),
        ai_seats: vec![None],
        turn_seconds: None,
        absence: briscola_table::protocol::Absence::Wait,
        random_seats: false,
        hints: true,
        table_name: "Friday cards".into(),
        your_name: "Ada".into(),
        port: 0,
    };
    tauri::async_runtime::block_on(async {
        let mut host = crate::seat::Seating::unannounced();
        let info = host
            .host(
                &request,
                |_| {},
                std::sync::Arc::new(|_| {}),
                crate::store::stamp::now_ms,
            )
            .await
            .unwrap();
        (host, info)
    })
}

#[test]
fn a_seat_at_a_friends_table_is_kept_offered_after_a_restart_and_taken_back() {
    let (mut host, info) = host_elsewhere();
    let address = format!("127.0.0.1:{}", info.port);
    let dir = tempfile::tempdir().unwrap();
    {
        let h = harness(dir.path());
        assert_eq!(h.ok("kept_table", json!({})), Value::Null);
        let heard = h.join(&address, &info.code, "Bea").unwrap();
        heard.wait("a seat", |s| s["welcome"]["seat"] == 1);
        // Kept as soon as the table gave a seat.
        let offer = h.ok("kept_table", json!({}));
        assert_eq!(offer["code"], json!(info.code), "{offer}");
        assert_eq!(offer["hosted"], false);
        assert_eq!(offer["your_name"], "Bea");
        assert_eq!(offer["address"], json!(address));
        assert!(offer.get("token").is_none(), "the token stays in the shell");
        for _ in 0..200 {
            h.send(json!({"type": "ready", "ready": true}));
            let _ = tauri::async_runtime::block_on(async {
                host.send(briscola_table::protocol::ClientMessage::Start)
            });
            if !heard.state()["game"].is_null() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        heard.wait("the match", |s| !s["game"].is_null());
    }
    // The app again (the same data folder): the seat is offered and taken back by token.
    let h = harness(dir.path());
    let offer = h.ok("kept_table", json!({}));
    assert_eq!(offer["code"], json!(info.code));
    let (returned, heard) = h.go_back().unwrap();
    assert_eq!(returned, json!({"kind": "joined"}));
    heard.wait("the seat and the match", |s| {
        s["welcome"]["seat"] == 1 && !s["game"].is_null()
    });
    // Once more after a restart: "Forget it" lets it go.
    let again = harness(dir.path());
    assert_eq!(again.ok("kept_table", json!({}))["code"], json!(info.code));
    assert_eq!(again.ok("forget_table", json!({})), Value::Null);
    assert_eq!(again.ok("kept_table", json!({})), Value::Null);
    let refused = again.go_back().err().expect("refused");
    assert_eq!(refused["detail"]["id"], "no-kept-table", "{refused}");
    h.ok("table_leave", json!({}));
    tauri::async_runtime::block_on(async { host.leave() }).unwrap();
}
