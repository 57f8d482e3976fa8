//! A match against the computer through the app's commands (a mock runtime): a whole match at the
//! table lands in the history, bad input is answered with `{ kind, message }` and changes nothing,
//! closing the app mid-hand resumes the same position, hint, undo and resign at the table, the
//! saved match that no longer replays is kept aside, the New game choice and the opponents' names.

use serde_json::{Value, json};

use crate::ipc_harness::{Harness, harness, your_move};

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
        "yourName": crate::ipc_harness::YOUR_NAME,
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

#[test]
fn a_match_against_the_computer_lands_in_the_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    assert!(h.resume().is_none(), "nothing to resume");
    let heard = h
        .start_computer(&setup(
            "briscola",
            2,
            json!({ "kind": "best-of", "hands": 3 }),
        ))
        .expect("started");
    let end = h.play_to_the_end(&heard);
    assert!(end["over"]["outcome"]["winners"][0].is_number(), "{end}");
    assert!(end["hands"].as_array().map_or(0, Vec::len) >= 2, "{end}");
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10 } }),
    );
    let summary = &page["items"][0];
    assert_eq!(
        end["kept"],
        json!({ "kind": "kept", "history_id": summary["id"] })
    );
    assert_eq!(summary["ruleset"]["preset"], "briscola");
    assert_eq!(summary["format"], json!({ "kind": "best-of", "hands": 3 }));
    assert_eq!(
        summary["seats"],
        json!([
            { "kind": "person", "name": "" },
            { "kind": "ai", "level": "easy", "name": "Opponent 1" }
        ])
    );
    assert_eq!(
        summary["hand_scores"].as_array().map(Vec::len),
        end["hands"].as_array().map(Vec::len),
        "the summary lists the hands the table showed"
    );
    let id = summary["id"].as_str().expect("id").to_string();
    let replay = h.ok("get_replay", json!({ "id": id }));
    assert_eq!(
        replay["hands"][0]["frames"][0]["hands"][0]
            .as_array()
            .map(Vec::len),
        Some(3),
        "every seat's cards are shown"
    );
    // Nothing is left to resume, and a new match starts once this one's table is left.
    assert_eq!(
        crate::test_db::document(dir.path(), "unfinished-match.json"),
        None
    );
    assert_eq!(
        h.start_computer(&setup("brisca", 2, json!({ "kind": "single-hand" })))
            .err()
            .map(|e| e["kind"].clone()),
        Some(json!("match_in_progress")),
        "still at the finished table"
    );
    h.ok("table_leave", json!({}));
    h.start_computer(&setup("brisca", 2, json!({ "kind": "single-hand" })))
        .expect("a new match");
}

#[test]
fn bad_input_is_refused_with_a_kind_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    assert_eq!(
        h.error_kind(
            "table_send",
            json!({ "message": { "type": "act", "action": "Ad" } })
        ),
        "no_match"
    );
    assert_eq!(h.error_kind("table_hint", json!({})), "no_match");
    let preferences = h.ok("get_preferences", json!({}));
    let mut two_opponents = setup("briscola", 2, json!({ "kind": "single-hand" }));
    two_opponents["newGame"]["opponents"] = json!(["easy", "hard"]);
    let refused = h.start_computer(&two_opponents).err().expect("refused");
    assert_eq!(refused["kind"], "invalid_input", "{refused}");
    assert_eq!(refused["detail"]["id"], "opponent-levels", "{refused}");
    assert_eq!(h.ok("get_preferences", json!({})), preferences);
    let heard = h
        .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
        .expect("started");
    assert_eq!(
        h.start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
            .err()
            .map(|e| e["kind"].clone()),
        Some(json!("match_in_progress"))
    );
    let state = heard.wait("your move", your_move);
    let hand: Vec<String> =
        serde_json::from_value(state["game"]["observation"]["hand"].clone()).expect("hand");
    let not_mine = briscola::Card::all()
        .map(|c| c.to_string())
        .find(|c| !hand.contains(c))
        .expect("a card");
    // The table refuses what is not legal: its refusal is heard, and the view stays.
    h.send(json!({ "type": "act", "action": not_mine }));
    let refused = heard.wait("the refusal", |s| !s["refusal"].is_null());
    assert_eq!(
        refused["refusal"]["error"]["id"], "move-refused",
        "{refused}"
    );
    assert_eq!(refused["game"], state["game"], "nothing changed");
    assert_eq!(
        h.error_kind(
            "table_send",
            json!({ "message": { "type": "act", "action": "Zz" } })
        ),
        "invalid_input"
    );
    assert_eq!(h.error_kind("table_send", json!({})), "invalid_input");
    h.send(json!({ "type": "next-hand" }));
    let refused = heard.wait("the refusal", |s| {
        s["refusal"]["error"]["id"] == "hand-not-over"
    });
    assert_eq!(refused["game"], state["game"]);
    assert_eq!(
        h.error_kind("get_replay", json!({ "id": "missing" })),
        "not_found"
    );
}

#[test]
fn closing_the_app_mid_hand_resumes_the_same_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let before = {
        let h = you_deal(dir.path());
        let heard = h
            .start_computer(&setup(
                "briscola",
                4,
                json!({ "kind": "first-to", "hands": 2 }),
            ))
            .expect("started");
        for _ in 0..3 {
            let state = heard.wait("your move", your_move);
            let action = state["game"]["observation"]["legal_actions"][0].clone();
            // The table as it was: the trick in play and those taken (the others may complete
            // the trick before the state is looked at, leaving it as empty as it was).
            let table = |s: &serde_json::Value| {
                let seen = &s["game"]["observation"];
                (seen["current_trick"].clone(), seen["tricks"].clone())
            };
            let before = table(&state);
            h.send(json!({ "type": "act", "action": action }));
            heard.wait("your card down", |s| table(s) != before);
        }
        let state = heard.wait("your move", your_move);
        // The app closes without leaving the table.
        state["game"].clone()
    };
    let h = you_deal(dir.path());
    let heard = h.resume().expect("an unfinished match");
    let after = heard.wait("the view", |s| !s["game"].is_null());
    assert_eq!(after["game"], before);
}

#[test]
fn a_hint_and_an_undo_and_resigning_at_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    let heard = h
        .start_computer(&setup(
            "briscola",
            2,
            json!({ "kind": "best-of", "hands": 3 }),
        ))
        .expect("started");
    let state = heard.wait("your move", your_move);
    let hint = h.ok("table_hint", json!({}));
    // The hint is a typed action among your choices.
    assert_eq!(hint["action"]["kind"], "play");
    assert!(
        state["game"]["choices"]["cards"]
            .as_array()
            .expect("cards")
            .contains(&hint["action"]["card"])
    );
    // Hints are the review's evaluation of the decision: with three cards to choose from, the
    // reason quotes its figure around the heuristic reason for the card.
    assert_eq!(hint["reason"]["id"], "searched-wins", "{hint}");
    assert!(hint["reason"]["why"]["id"].is_string(), "{hint}");
    h.send(json!({ "type": "act", "action": hint["action"] }));
    let moved = heard.wait("undo offered", |s| s["game"]["can_undo"] == true);
    assert_ne!(moved["game"]["observation"], state["game"]["observation"]);
    h.send(json!({ "type": "undo" }));
    let undone = heard.wait("taken back", |s| s["game"]["undos"] == 1 && your_move(s));
    assert_eq!(undone["game"]["observation"], state["game"]["observation"]);
    let action = undone["game"]["observation"]["legal_actions"][0].clone();
    h.send(json!({ "type": "act", "action": action }));
    heard.wait("the card played", |s| {
        s["game"]["observation"] != undone["game"]["observation"]
    });
    h.send(json!({ "type": "resign" }));
    let over = heard.wait("kept", |s| !s["kept"].is_null());
    assert_eq!(over["over"]["resigned"], 0);
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 10 } }),
    );
    assert_eq!(page["items"][0]["resigned"], json!(true));
    assert_eq!(page["items"][0]["outcome"], "lost");
    assert_eq!(page["items"][0]["undos"], 1);
    assert_eq!(
        crate::test_db::document(dir.path(), "unfinished-match.json"),
        None
    );
}

#[test]
fn resigning_before_any_card_abandons_the_match_unrecorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let h = you_deal(dir.path());
        let heard = h
            .start_computer(&setup(
                "briscola",
                2,
                json!({ "kind": "best-of", "hands": 3 }),
            ))
            .expect("started");
        heard.wait("your move", your_move);
        h.send(json!({ "type": "resign" }));
        let over = heard.wait("over", |s| !s["over"].is_null());
        assert_eq!(
            over["game"]["observation"]["legal_actions"],
            json!([]),
            "{over}"
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
    }
    // Nothing is left to resume after a restart.
    let h = you_deal(dir.path());
    assert!(h.resume().is_none());
}

#[test]
fn a_saved_match_that_no_longer_replays_is_kept_aside_not_lost() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let h = you_deal(dir.path());
        let heard = h
            .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
            .expect("started");
        heard.wait("your move", your_move);
    }
    let mut data = crate::test_db::document(dir.path(), "unfinished-match.json").expect("saved");
    // Make the first recorded move one that the deal does not allow.
    data["record"]["hands"][0]["actions"][0] = json!("pass");
    crate::test_db::set_document(dir.path(), "unfinished-match.json", &data);
    let h = you_deal(dir.path());
    assert!(h.resume().is_none());
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
    let heard = h.start_computer(&args).expect("started");
    let state = heard.wait("the view", |s| {
        !s["game"].is_null() && !s["lobby"].is_null()
    });
    let dealer = state["game"]["observation"]["dealer"]
        .as_u64()
        .expect("seat");
    assert!(
        (1..3).contains(&dealer),
        "a computer player deals: {dealer}"
    );
    assert_eq!(state["lobby"]["settings"]["undo"], json!(false));
    assert_eq!(
        state["lobby"]["settings"]["ruleset"],
        args["newGame"]["rulesets"][0]
    );
    let remembered = h.ok("get_preferences", json!({}));
    assert_eq!(remembered["new_game"], args["newGame"]);
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
    for bad in [json!(["Ana", " ", "Rui"]), json!(["A", "B", "C", "D"])] {
        let mut refused = args.clone();
        refused["opponentNames"] = bad;
        let error = h.start_computer(&refused).err().expect("refused");
        assert_eq!(error["kind"], "invalid_input", "{error}");
    }
    assert!(h.resume().is_none(), "a refused start starts nothing");
    args["opponentNames"] = json!(["  Lucía ", "Ben", "Carla"]);
    let heard = h.start_computer(&args).expect("started");
    // Names in Settings changed mid-match rename nobody in this match.
    let mut preferences = h.ok("get_preferences", json!({}));
    preferences["opponent_names"] = json!(["João"]);
    h.ok("set_preferences", json!({ "preferences": preferences }));
    h.play_to_the_end(&heard);
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
    let refused = h
        .invoke(
            "edit_ruleset",
            json!({ "ruleset": rules, "edit": { "kind": "option", "option": "hand-size", "value": "7" } }),
        )
        .expect_err("bisca's option is not brisca's");
    assert_eq!(refused["kind"], "invalid_input");
    assert_eq!(refused["detail"]["id"], "option-refused");
    assert_eq!(refused["detail"]["reason"]["id"], "not-offered");
    assert_eq!(
        h.error_kind("edit_ruleset", json!({ "ruleset": rules })),
        "invalid_input"
    );
}

#[test]
fn extreme_saved_start_times_finish_without_overflow() {
    for started in [i64::MIN, i64::MAX] {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let h = you_deal(dir.path());
            let heard = h
                .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
                .expect("started");
            heard.wait("your move", your_move);
        }
        let mut data =
            crate::test_db::document(dir.path(), "unfinished-match.json").expect("saved");
        data["started_ms"] = json!(started);
        crate::test_db::set_document(dir.path(), "unfinished-match.json", &data);
        let h = harness(dir.path());
        let heard = h.resume().expect("resumed");
        h.play_to_the_end(&heard);
        let page = h.ok("list_history", json!({ "query": {} }));
        assert_eq!(page["total"], 1, "the match is listed ({started})");
        let summary = &page["items"][0];
        assert!(summary["finished_at_ms"].as_i64() >= summary["started_at_ms"].as_i64());
    }
}

/// The database locked by another process after start-up: every move is taken (in memory, with
/// the not-saving warning), the finished match is listed, and once the lock is gone the next
/// change writes everything and the warning goes.
#[test]
fn moves_go_on_in_memory_while_the_database_is_held_and_are_saved_after() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    let holder = rusqlite::Connection::open(dir.path().join(briscola_store::db::DATABASE_FILE))
        .expect("another connection");
    holder.execute_batch("BEGIN EXCLUSIVE").expect("the lock");
    let heard = h
        .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
        .expect("started");
    let over = h.play_to_the_end(&heard);
    let warnings = h.ok("store_warnings", json!({}));
    assert_eq!(warnings[0]["id"], "not-saving", "{warnings}");
    assert_eq!(warnings[0]["problem"], "in-use", "{warnings}");
    let page = h.ok("list_history", json!({ "query": {} }));
    assert_eq!(page["total"], 1, "the finished match is listed from memory");
    let id = page["items"][0]["id"].clone();
    assert_eq!(over["kept"]["history_id"], id);
    holder.execute_batch("COMMIT").expect("unlock");
    drop(holder);
    // The next change (a new match) writes what waited; the warning goes.
    h.ok("table_leave", json!({}));
    let heard = h
        .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
        .expect("started");
    heard.wait("the new match", your_move);
    assert_eq!(h.ok("store_warnings", json!({})), json!([]));
    drop(h);
    let h = you_deal(dir.path());
    let page = h.ok("list_history", json!({ "query": {} }));
    assert_eq!(page["items"][0]["id"], id, "saved once the lock was gone");
    assert!(h.resume().is_some(), "the new match was saved");
}

/// Invite friends to this table: the match against the computer starts listening, a friend who
/// joins with its code waits for an AI's seat, and the match goes on meanwhile.
#[test]
fn a_match_against_the_computer_opens_to_a_friend() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = you_deal(dir.path());
    assert_eq!(
        h.error_kind("table_invite", json!({ "port": 0 })),
        "no_match"
    );
    let heard = h
        .start_computer(&setup(
            "briscola",
            3,
            json!({ "kind": "first-to", "hands": 2 }),
        ))
        .expect("started");
    heard.wait("your move", your_move);
    let info = h.ok("table_invite", json!({ "port": 0 }));
    let port = info["port"].as_u64().expect("a port");
    assert_eq!(
        info,
        h.ok("table_invite", json!({ "port": 0 })),
        "listens once"
    );
    let code = info["code"].as_str().expect("the code").to_string();
    let welcomed = tauri::async_runtime::block_on(async move {
        let typed = briscola_table::secret::TableCode::parse(&code).expect("a code");
        let (mut sender, mut receiver) =
            briscola_table::client::connect(&format!("127.0.0.1:{port}"), &typed)
                .await
                .expect("connects");
        sender
            .send(&briscola_table::protocol::ClientMessage::Join {
                code,
                name: "Bea".into(),
            })
            .await
            .expect("sent");
        while let Some(received) = receiver.next().await {
            if let briscola_table::client::Received::Message(
                briscola_table::protocol::ServerMessage::Welcome { seat, .. },
            ) = received
            {
                return Some((seat, sender, receiver));
            }
        }
        None
    });
    let (seat, _sender, _receiver) = welcomed.expect("welcomed");
    assert_eq!(seat, None, "Bea waits for the next hand");
    let waiting = heard.wait("Bea waiting", |s| {
        s["lobby"]["waiting"]
            .as_array()
            .is_some_and(|w| !w.is_empty())
    });
    assert_eq!(
        waiting["lobby"]["waiting"],
        json!([{ "name": "Bea", "seat": 1 }])
    );
    assert_eq!(waiting["lobby"]["settings"]["open_seats"], json!(true));
    assert_eq!(
        waiting["lobby"]["seats"][0]["name"],
        crate::ipc_harness::YOUR_NAME,
        "the friend sees you by the name you sit as"
    );
    // Meanwhile the match goes on: it is still your move.
    assert!(your_move(&waiting));
}

/// The name you sit as at a match against the computer is taken as a table takes a name.
#[test]
fn your_name_at_a_match_against_the_computer_is_a_name_a_table_takes() {
    assert_eq!(super::person_name("  Ann ").expect("a name"), "Ann");
    for refused in ["", "   ", "Ann\u{202e}", &"x".repeat(200)] {
        let error = super::person_name(refused).expect_err("refused");
        assert_eq!(
            error.kind,
            crate::error::ErrorKind::InvalidInput,
            "{refused:?}"
        );
    }
}
