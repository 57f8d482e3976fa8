//! The review commands through Tauri's IPC with a mock runtime: review a finished match, read it
//! back (also after a restart), one review per match at a time, cancelling, bad input refused.

use std::time::Duration;

use serde_json::{Value, json};

use crate::commands::game::tests::setup;
use tauri::ipc::InvokeBody;

use crate::ipc_harness::{Harness, call, review_harness};
use crate::review::ReviewJobs;

/// Few worlds per decision: these tests check the commands, not the ratings.
const WORLDS: u32 = 2;

/// A finished two-player match of one hand in the history; its id.
fn finished_match(h: &Harness) -> String {
    let heard = h
        .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
        .expect("started");
    let end = h.play_to_the_end(&heard);
    h.ok("table_leave", json!({}));
    let page = h.ok(
        "list_history",
        json!({ "query": { "offset": 0, "limit": 1 } }),
    );
    let id = page["items"][0]["id"].as_str().expect("id").to_string();
    assert_eq!(
        end["kept"]["history_id"],
        json!(id),
        "the table's last word names the history entry"
    );
    id
}

#[test]
fn a_review_is_computed_once_stored_and_read_back_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let h = review_harness(dir.path(), ReviewJobs::with_worlds(WORLDS));
        let id = finished_match(&h);
        assert_eq!(h.ok("get_review", json!({ "id": id })), Value::Null);
        let review = h.ok("start_review", json!({ "id": id }));
        assert_eq!(review["seat"], 0);
        assert_eq!(review["worlds"], WORLDS);
        assert_eq!(review["hands"].as_array().map(Vec::len), Some(1));
        assert!(
            review["hands"][0]["decisions"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
        );
        assert_eq!(h.ok("get_review", json!({ "id": id })), review);
        assert_eq!(h.ok("review_progress", json!({ "id": id })), Value::Null);
        assert_eq!(h.ok("cancel_review", json!({ "id": id })), json!(false));
        let stats = h.ok("review_stats", json!({}));
        assert_eq!(stats["matches"][0]["id"], json!(id));
        assert_eq!(stats["matches"][0]["accuracy"], review["accuracy"]);
        id
    };
    let stored_before = crate::test_db::dump(dir.path());
    // A restart (with another budget) answers the stored review at once and writes nothing.
    let h = review_harness(dir.path(), ReviewJobs::with_worlds(WORLDS + 1));
    let stored = h.ok("get_review", json!({ "id": id }));
    assert_eq!(stored["worlds"], WORLDS);
    assert_eq!(h.ok("start_review", json!({ "id": id })), stored);
    assert_eq!(
        crate::test_db::dump(dir.path()),
        stored_before,
        "nothing written"
    );
}

#[test]
fn statistics_read_each_reviews_digest_and_digest_an_imported_review_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = review_harness(dir.path(), ReviewJobs::with_worlds(WORLDS));
    let id = finished_match(&h);
    let review = h.ok("start_review", json!({ "id": id }));
    let stats = h.ok("review_stats", json!({}));
    let digests = crate::test_db::review_digests(dir.path());
    assert_eq!(digests.len(), 1);
    let accuracy = |v: &Value| v.as_f64().map(|a| a as f32);
    let digest = digests[0].1.as_ref().expect("a digest");
    assert_eq!(accuracy(&digest["accuracy"]), accuracy(&review["accuracy"]));
    // A review without a digest (as an upgraded data folder holds it) gives the same statistics,
    // and its digest is kept for the next time.
    crate::test_db::forget_review_digests(dir.path());
    assert_eq!(h.ok("review_stats", json!({})), stats);
    assert_eq!(crate::test_db::review_digests(dir.path()), digests);
    // A digest of an earlier review format is made again from the review.
    let mut old = digests[0].1.clone().expect("a digest");
    old["version"] = json!(1);
    old["accuracy"] = json!(1.5);
    crate::test_db::set_review_digest(dir.path(), &id, &old);
    assert_eq!(h.ok("review_stats", json!({})), stats);
    assert_eq!(crate::test_db::review_digests(dir.path()), digests);
    // So is a crafted one listing more hands than a match can hold.
    let mut crafted = digests[0].1.clone().expect("a digest");
    crafted["hands"] = json!(vec![50.0; briscola_store::summary::MAX_HANDS + 1]);
    crate::test_db::set_review_digest(dir.path(), &id, &crafted);
    assert_eq!(h.ok("review_stats", json!({})), stats);
    assert_eq!(crate::test_db::review_digests(dir.path()), digests);
}

#[test]
fn a_second_review_of_a_match_is_refused_while_one_runs_and_bad_input_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let jobs = ReviewJobs::with_worlds(WORLDS);
    let h = review_harness(dir.path(), jobs.clone());
    let id = finished_match(&h);
    let running = jobs.begin(&id).expect("begins");
    assert_eq!(h.error_kind("start_review", json!({ "id": id })), "busy");
    assert_eq!(
        h.ok("review_progress", json!({ "id": id })),
        json!({ "done": 0, "total": 0 })
    );
    drop(running);
    assert_eq!(
        h.error_kind("start_review", json!({ "id": "nope" })),
        "not_found"
    );
    for command in [
        "start_review",
        "review_progress",
        "cancel_review",
        "get_review",
    ] {
        assert_eq!(
            h.error_kind(command, json!({})),
            "invalid_input",
            "{command}"
        );
        assert_eq!(
            h.error_kind(command, json!({ "id": 5 })),
            "invalid_input",
            "{command}"
        );
    }
    assert!(!dir.path().join("history/reviews.jsonl").exists());
    assert_eq!(h.ok("get_review", json!({ "id": id })), Value::Null);
}

#[test]
fn a_review_cancelled_while_it_runs_stores_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    // More worlds: the review runs long enough to be cancelled half way.
    let h = review_harness(dir.path(), ReviewJobs::with_worlds(WORLDS * 25));
    let id = finished_match(&h);
    std::thread::scope(|scope| {
        let webview = h.webview();
        let body = InvokeBody::Json(json!({ "id": id }));
        let review = scope.spawn(move || call(&webview, "start_review", body));
        let mut seen = Value::Null;
        for _ in 0..2_000 {
            seen = h.ok("review_progress", json!({ "id": id }));
            if seen.is_object() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(seen["total"].is_number(), "progress while it runs: {seen}");
        assert_eq!(h.ok("cancel_review", json!({ "id": id })), json!(true));
        let error = review.join().expect("joins").expect_err("cancelled");
        assert_eq!(error["kind"], "cancelled");
        assert_eq!(error["detail"], json!({ "id": "review-cancelled" }));
    });
    assert_eq!(h.ok("get_review", json!({ "id": id })), Value::Null);
    assert_eq!(h.ok("review_progress", json!({ "id": id })), Value::Null);
}
