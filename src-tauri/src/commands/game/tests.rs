//! The game commands through Tauri's IPC with a mock runtime: a whole match by commands, bad input
//! answered with `{ kind, message }` and no change, resuming after a restart, and the history entry.

use serde_json::{Value, json};

use crate::ipc_harness::{Harness, harness};

/// The `start_match` arguments for a New game choice of `preset` with `players`.
pub(crate) fn setup(preset: &str, players: u8, format: Value) -> Value {
    let rules =
        briscola::Ruleset::preset(preset.parse().expect("preset"), players).expect("ruleset");
    json!({
        "newGame": {
            "preset": preset,
            "rulesets": [rules],
            "format": format,
            "opponents": vec!["easy"; usize::from(players) - 1],
        },
        "opponentNames": (1..players).map(|n| format!("Opponent {n}")).collect::<Vec<_>>(),
    })
}

/// A harness whose preferences make you deal the first hand (so a computer player leads).
fn you_deal(dir: &std::path::Path) -> Harness {
    let h = harness(dir);
    let mut preferences = h.ok("get_preferences", json!({}));
    preferences["first_dealer"] = json!("human");
    h.ok("set_preferences", json!({ "preferences": preferences }));
    h
}

/// Plays by commands until the match is over: the AI through `ai_move`, you with your first legal action.
pub(crate) fn play_to_the_end(h: &Harness, mut view: Value) -> Value {
    for _ in 0..5_000 {
        if view["outcome"].is_object() {
            return view;
        }
        view = if view["ai_to_move"] == json!(true) {
            h.ok("ai_move", json!({}))
        } else if view["awaiting_next_hand"] == json!(true) {
            h.ok("next_hand", json!({}))
        } else {
            let card = view["choices"]["cards"][0].clone();
            h.ok(
                "play_action",
                json!({ "action": { "kind": "play", "card": card } }),
            )
        };
    }
    panic!("the match does not end");
}

#[test]
fn a_match_played_by_commands_lands_in_the_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    assert_eq!(h.ok("current_game", json!({})), Value::Null);
    let view = h.ok(
        "start_match",
        setup("briscola", 2, json!({ "kind": "best-of", "hands": 3 })),
    );
    let end = play_to_the_end(&h, view);
    assert!(end["outcome"]["winners"][0].is_number());
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10 } }),
    );
    let summary = &page["items"][0];
    assert_eq!(summary["ruleset"]["preset"], "briscola");
    assert_eq!(summary["ruleset"]["players"], 2);
    assert_eq!(summary["format"], json!({ "kind": "best-of", "hands": 3 }));
    assert_eq!(
        summary["seats"],
        json!([
            { "kind": "person", "name": "" },
            { "kind": "ai", "level": "easy", "name": "Opponent 1" }
        ])
    );
    assert!(summary["hand_scores"].as_array().map_or(0, Vec::len) >= 2);
    let id = summary["id"].as_str().expect("id").to_string();
    let replay = h.ok("get_replay", json!({ "id": id }));
    let first = &replay["hands"][0]["frames"][0];
    assert!(replay["hand_points"].as_u64().is_some_and(|p| p > 0));
    assert_eq!(
        first["hands"][0].as_array().map(Vec::len),
        Some(3),
        "every seat's cards are shown"
    );
    // A new match can start once the last one is over.
    h.ok(
        "start_match",
        setup("brisca", 2, json!({ "kind": "single-hand" })),
    );
}

#[test]
fn bad_input_is_refused_with_a_kind_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    assert_eq!(
        h.error_kind("play_action", json!({ "action": "Ad" })),
        "no_match"
    );
    assert_eq!(h.error_kind("start_match", json!({})), "invalid_input");
    assert_eq!(
        h.error_kind(
            "start_match",
            json!({ "newGame": { "rulesets": "nonsense" } })
        ),
        "invalid_input"
    );
    let mut two_opponents = setup("briscola", 2, json!({ "kind": "single-hand" }));
    two_opponents["newGame"]["opponents"] = json!(["easy", "hard"]);
    let preferences = h.ok("get_preferences", json!({}));
    assert_eq!(h.error_kind("start_match", two_opponents), "invalid_input");
    assert_eq!(h.ok("get_preferences", json!({})), preferences);
    let view = h.ok(
        "start_match",
        setup("briscola", 2, json!({ "kind": "single-hand" })),
    );
    assert_eq!(
        h.error_kind(
            "start_match",
            setup("briscola", 2, json!({ "kind": "single-hand" }))
        ),
        "match_in_progress"
    );
    // Dealer 0: the computer leads, so it is not your turn.
    assert_eq!(view["ai_to_move"], json!(true));
    assert_eq!(
        h.error_kind("play_action", json!({ "action": "Ad" })),
        "illegal_move"
    );
    assert_eq!(
        h.error_kind("play_action", json!({ "action": "Zz" })),
        "invalid_input"
    );
    assert_eq!(h.error_kind("play_action", json!({})), "invalid_input");
    assert_eq!(h.ok("current_game", json!({})), view, "nothing changed");
    let after_ai = h.ok("ai_move", json!({}));
    let hand: Vec<String> =
        serde_json::from_value(after_ai["observation"]["hand"].clone()).expect("hand");
    let not_mine = briscola::Card::all()
        .map(|c| c.to_string())
        .find(|c| !hand.contains(c))
        .expect("a card");
    assert_eq!(
        h.error_kind("play_action", json!({ "action": not_mine })),
        "illegal_move"
    );
    assert_eq!(
        h.error_kind("ai_move", json!({})),
        "illegal_move",
        "it is your turn"
    );
    assert_eq!(h.error_kind("next_hand", json!({})), "illegal_move");
    assert_eq!(
        h.error_kind("get_replay", json!({ "id": "missing" })),
        "not_found"
    );
    assert_eq!(h.ok("current_game", json!({})), after_ai);
}

#[test]
fn closing_the_app_mid_hand_resumes_the_same_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let before = {
        let h = you_deal(dir.path());
        h.ok(
            "start_match",
            setup("briscola", 4, json!({ "kind": "first-to", "hands": 2 })),
        );
        let mut view = h.ok("current_game", json!({}));
        for _ in 0..7 {
            view = if view["ai_to_move"] == json!(true) {
                h.ok("ai_move", json!({}))
            } else {
                let action = view["observation"]["legal_actions"][0].clone();
                h.ok("play_action", json!({ "action": action }))
            };
        }
        view
    };
    let h = you_deal(dir.path());
    assert_eq!(h.ok("current_game", json!({})), before);
}

#[test]
fn a_hint_and_an_undo_and_resigning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    h.ok(
        "start_match",
        setup("briscola", 2, json!({ "kind": "best-of", "hands": 3 })),
    );
    assert_eq!(
        h.error_kind("get_hint", json!({})),
        "illegal_move",
        "not your turn yet"
    );
    let view = h.ok("ai_move", json!({}));
    let hint = h.ok("get_hint", json!({}));
    // The hint is a typed action among your choices (the observation lists the same as text).
    assert_eq!(hint["action"]["kind"], "play");
    assert!(
        view["choices"]["cards"]
            .as_array()
            .expect("cards")
            .contains(&hint["action"]["card"])
    );
    // The reason is data: an id the UI words, with typed parameters.
    assert!(
        hint["reason"]["id"]
            .as_str()
            .is_some_and(|id| !id.is_empty())
    );
    // Hints are the review's evaluation of the decision: with three cards to choose from, the reason
    // quotes its figure (the share of deals won with the card, never how many deals) around the
    // heuristic reason for the card.
    assert_eq!(hint["reason"]["id"], "searched-wins", "{hint}");
    assert!(hint["reason"]["why"]["id"].is_string(), "{hint}");
    assert!(
        hint["reason"]["win_percent"]
            .as_u64()
            .is_some_and(|n| n <= 100),
        "{hint}"
    );
    assert!(hint["reason"].get("deals").is_none(), "{hint}");
    h.ok("play_action", json!({ "action": hint["action"] }));
    let undone = h.ok("undo_move", json!({}));
    assert_eq!(undone["observation"], view["observation"]);
    assert_eq!(undone["undos"], 1);
    let resigned = h.ok("resign_match", json!({}));
    assert_eq!(resigned["resigned"], json!(true));
    assert_eq!(h.error_kind("resign_match", json!({})), "no_match");
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10 } }),
    );
    assert_eq!(page["items"][0]["resigned"], json!(true));
    assert_eq!(page["items"][0]["outcome"], "lost");
    assert_eq!(page["items"][0]["undos"], 1);
}

#[test]
fn resigning_before_any_card_abandons_the_match_unrecorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let h = you_deal(dir.path());
        h.ok(
            "start_match",
            setup("briscola", 2, json!({ "kind": "best-of", "hands": 3 })),
        );
        let resigned = h.ok("resign_match", json!({}));
        assert_eq!(resigned["resigned"], json!(true));
        assert_eq!(resigned["observation"]["legal_actions"], json!([]));
        assert_eq!(resigned["ai_to_move"], json!(false));
        assert_eq!(h.error_kind("ai_move", json!({})), "illegal_move");
        assert_eq!(
            h.error_kind("play_action", json!({ "action": "Ad" })),
            "no_match"
        );
        let page = h.ok(
            "list_history",
            json!({ "query": { "offset": 0, "limit": 10 } }),
        );
        assert_eq!(
            page["items"],
            json!([]),
            "an abandoned match is not recorded"
        );
        // A new match starts at once.
        h.ok(
            "start_match",
            setup("briscola", 2, json!({ "kind": "single-hand" })),
        );
        h.ok("resign_match", json!({}));
    }
    // Nothing is left to resume after a restart.
    let h = you_deal(dir.path());
    assert_eq!(h.ok("current_game", json!({})), Value::Null);
}

#[test]
fn a_saved_match_that_no_longer_replays_is_kept_aside_not_lost() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let h = you_deal(dir.path());
        h.ok(
            "start_match",
            setup("briscola", 2, json!({ "kind": "single-hand" })),
        );
        h.ok("ai_move", json!({}));
    }
    let mut data = crate::test_db::document(dir.path(), "unfinished-match.json").expect("saved");
    // Make the first recorded move one that the deal does not allow.
    data["record"]["hands"][0]["actions"][0] = json!("pass");
    crate::test_db::set_document(dir.path(), "unfinished-match.json", &data);
    let h = you_deal(dir.path());
    assert_eq!(h.ok("current_game", json!({})), Value::Null);
    let warnings = h.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["id"], "quarantined", "{warnings}");
    assert_eq!(warnings[0]["file"], "unfinished-match.json", "{warnings}");
    let kept: Vec<String> = crate::test_db::document_names(dir.path())
        .into_iter()
        .filter(|name| name.starts_with("unfinished-match.json.unresumable-"))
        .collect();
    assert_eq!(kept.len(), 1, "the saved match is kept beside");
}

#[test]
fn a_start_remembers_the_choice_and_takes_dealer_and_undo_from_the_preferences() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = harness(dir.path());
    let mut preferences = h.ok("get_preferences", json!({}));
    preferences["first_dealer"] = json!("computer");
    preferences["allow_undo"] = json!(false);
    h.ok("set_preferences", json!({ "preferences": preferences }));
    let args = setup("bisca", 3, json!({ "kind": "first-to", "hands": 2 }));
    let view = h.ok("start_match", args.clone());
    let dealer = view["setup"]["first_dealer"].as_u64().expect("seat");
    assert!(
        (1..3).contains(&dealer),
        "a computer player deals: {dealer}"
    );
    assert_eq!(view["setup"]["allow_undo"], json!(false));
    assert_eq!(view["setup"]["ruleset"], args["newGame"]["rulesets"][0]);
    let remembered = h.ok("get_preferences", json!({}));
    assert_eq!(remembered["new_game"], args["newGame"]);
    // Refused while that match is on: a refused start changes nothing.
    let other = setup("briscola", 2, json!({ "kind": "single-hand" }));
    assert_eq!(
        h.error_kind("start_match", other.clone()),
        "match_in_progress"
    );
    assert_eq!(
        h.ok("get_preferences", json!({}))["new_game"],
        args["newGame"]
    );
    // The remembered choice survives a restart.
    drop(h);
    let h = harness(dir.path());
    assert_eq!(
        h.ok("get_preferences", json!({}))["new_game"],
        args["newGame"]
    );
}

#[test]
fn the_opponents_names_are_kept_with_the_match_and_its_history_entry() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let mut args = setup("briscola", 4, json!({ "kind": "single-hand" }));
    for bad in [
        json!(["Ana", " ", "Rui"]),
        json!(["A", "B", "C", "D"]),
        json!("Ana"),
    ] {
        let mut refused = args.clone();
        refused["opponentNames"] = bad;
        assert_eq!(h.error_kind("start_match", refused), "invalid_input");
    }
    assert_eq!(
        h.ok("current_game", json!({})),
        Value::Null,
        "a refused start starts nothing"
    );
    args["opponentNames"] = json!(["  Lucía ", "Ben", "Carla"]);
    let view = h.ok("start_match", args);
    assert_eq!(
        view["setup"]["opponent_names"],
        json!(["Lucía", "Ben", "Carla"])
    );
    // Names in Settings changed mid-match rename nobody in this match.
    let mut preferences = h.ok("get_preferences", json!({}));
    preferences["opponent_names"] = json!(["João"]);
    h.ok("set_preferences", json!({ "preferences": preferences }));
    let view = h.ok("current_game", json!({}));
    assert_eq!(view["setup"]["opponent_names"][0], "Lucía");
    play_to_the_end(&h, view);
    let page = h.ok("list_history", json!({ "query": {} }));
    let names: Vec<&Value> = page["items"][0]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|seat| &seat["name"])
        .collect();
    assert_eq!(
        names,
        [&json!(""), &json!("Lucía"), &json!("Ben"), &json!("Carla")]
    );
}

#[test]
fn the_form_edits_rules_through_the_engine_and_a_refusal_is_data() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let presets = h.ok("list_presets", json!({}));
    let brisca = presets
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["preset"] == "brisca")
        .unwrap();
    let rules = &brisca["defaults"][0]["ruleset"];
    let info = h.ok(
        "edit_ruleset",
        json!({ "ruleset": rules, "edit": { "kind": "option", "option": "mano-negra", "value": true } }),
    );
    assert_eq!(info["ruleset"]["mano_negra"], json!(true));
    assert!(
        info["card_values"]
            .as_array()
            .is_some_and(|v| !v.is_empty())
    );
    let refused = h
        .invoke(
            "edit_ruleset",
            json!({ "ruleset": rules, "edit": { "kind": "option", "option": "hand-size", "value": "7" } }),
        )
        .expect_err("bisca's option is not brisca's");
    assert_eq!(refused["kind"], "invalid_input");
    assert_eq!(refused["detail"]["id"], "option-refused");
    assert_eq!(refused["detail"]["reason"]["id"], "not-offered");
    assert_eq!(refused["detail"]["reason"]["option"], "hand-size");
    assert_eq!(
        h.error_kind("edit_ruleset", json!({ "ruleset": rules })),
        "invalid_input"
    );
}

#[test]
fn history_lines_of_version_one_are_listed_with_the_rules_of_their_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let summary = {
        let h = you_deal(dir.path());
        let view = h.ok(
            "start_match",
            setup("bisca", 3, json!({ "kind": "first-to", "hands": 1 })),
        );
        play_to_the_end(&h, view);
        h.ok(
            "list_history",
            json!({ "query": { "offset": 0, "limit": 1 } }),
        )["items"][0]
            .clone()
    };
    // The same match as a version-1 build wrote it, in a data folder of that version.
    let id = summary["id"].as_str().expect("id");
    let entry = harness(dir.path()).ok("get_match_record", json!({ "id": id }));
    let mut old = json!({ "v": 1, "summary": entry["summary"], "record": entry["record"] });
    old["summary"]["ruleset"] = json!("bisca-3p");
    old["summary"]["opponents"] = json!([
        { "name": "Seat 1", "level": "easy" },
        { "name": "Seat 2", "level": "easy" }
    ]);
    old["summary"]
        .as_object_mut()
        .expect("summary")
        .remove("seats");
    old["summary"]
        .as_object_mut()
        .expect("summary")
        .remove("format");
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("history")).expect("history");
    std::fs::write(dir.path().join("history/records.jsonl"), format!("{old}\n")).expect("write");
    let h = harness(dir.path());
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10, "preset": "bisca", "players": 3 } }),
    );
    // The same summary as the one written, with the names the old line stored.
    let mut want = summary.clone();
    want["seats"][1]["name"] = json!("Seat 1");
    want["seats"][2]["name"] = json!("Seat 2");
    assert_eq!(
        page["items"][0], want,
        "the same summary as the one written"
    );
    let none = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10, "players": 2 } }),
    );
    assert_eq!(none["total"], 0);
    assert!(h.ok("get_replay", json!({ "id": id }))["hands"][0]["frames"].is_array());
    assert_eq!(h.ok("store_warnings", json!({})), json!([]));
}

#[test]
fn extreme_saved_start_times_finish_without_overflow() {
    for started in [i64::MIN, i64::MAX] {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let h = harness(dir.path());
            h.ok(
                "start_match",
                setup("briscola", 2, json!({ "kind": "single-hand" })),
            );
        }
        let mut data =
            crate::test_db::document(dir.path(), "unfinished-match.json").expect("saved");
        data["started_ms"] = json!(started);
        crate::test_db::set_document(dir.path(), "unfinished-match.json", &data);
        let h = harness(dir.path());
        let view = h.ok("current_game", json!({}));
        play_to_the_end(&h, view);
        let page = h.ok("list_history", json!({ "query": {} }));
        assert_eq!(page["total"], 1, "the match is listed ({started})");
        let summary = &page["items"][0];
        assert!(summary["finished_at_ms"].as_i64() >= summary["started_at_ms"].as_i64());
    }
}

/// The database locked by another process after start-up: every move is accepted (in memory, with
/// the not-saving warning), the finished match is listed, and once the lock is gone the next
/// change writes everything and the warning goes.
#[test]
fn moves_go_on_in_memory_while_the_database_is_held_and_are_saved_after() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    let view = h.ok(
        "start_match",
        setup("briscola", 2, json!({ "kind": "single-hand" })),
    );
    let holder = rusqlite::Connection::open(dir.path().join(briscola_store::db::DATABASE_FILE))
        .expect("another connection");
    holder.execute_batch("BEGIN EXCLUSIVE").expect("the lock");
    let over = play_to_the_end(&h, view);
    let warnings = h.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["id"], "not-saving", "{warnings}");
    assert_eq!(warnings[0]["problem"], "in-use", "{warnings}");
    let page = h.ok("list_history", json!({ "query": {} }));
    assert_eq!(page["total"], 1, "the finished match is listed from memory");
    let id = page["items"][0]["id"].clone();
    holder.execute_batch("COMMIT").expect("unlock");
    drop(holder);
    // The next change (a new match) writes what waited; the warning goes.
    h.ok(
        "start_match",
        setup("briscola", 2, json!({ "kind": "single-hand" })),
    );
    assert_eq!(h.ok("store_warnings", json!({})), json!([]));
    drop(h);
    let h = you_deal(dir.path());
    let page = h.ok("list_history", json!({ "query": {} }));
    assert_eq!(page["items"][0]["id"], id, "saved once the lock was gone");
    assert!(over["outcome"].is_object());
    assert!(
        h.ok("current_game", json!({}))["outcome"].is_null(),
        "the new match was saved"
    );
}
