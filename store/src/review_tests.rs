//! The review log through the store: round trip, never replaced, tied to a history match, torn
//! tails kept aside, unreadable and over-long lines skipped and reported, memory-only mode.

use std::fs::{self, OpenOptions};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::reviews::MAX_REVIEW_LINE_BYTES;
use super::tests::{append_bytes, entry, kinds, side_files};
use super::*;
use crate::test_prefs::Store;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Review {
    accuracy: u8,
    notes: String,
}

fn review(accuracy: u8) -> Review {
    Review {
        accuracy,
        notes: "n".repeat(200),
    }
}

fn id(n: i64) -> String {
    entry(n).summary.id
}

fn log(dir: &Path) -> PathBuf {
    dir.join("history/reviews.jsonl")
}

fn store_with_matches(dir: &Path, n: i64) -> Store {
    let mut store = Store::open(dir);
    for i in 1..=n {
        assert!(store.append_match(&entry(i)).unwrap());
    }
    store
}

#[test]
fn a_review_is_stored_with_its_match_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_matches(dir.path(), 2);
    assert_eq!(store.review::<Review>(&id(1)).unwrap(), None);
    assert!(store.append_review(&id(1), &review(80)).unwrap());
    assert!(
        !store.append_review(&id(1), &review(10)).unwrap(),
        "a second review is refused"
    );
    assert!(store.append_review(&id(2), &review(55)).unwrap());
    let bytes = fs::read(log(dir.path())).unwrap();
    drop(store);
    let mut store = Store::open(dir.path());
    assert_eq!(store.review::<Review>(&id(1)).unwrap(), Some(review(80)));
    assert_eq!(
        store.reviews::<Review>().unwrap(),
        vec![(id(1), review(80)), (id(2), review(55))]
    );
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
    assert_eq!(
        fs::read(log(dir.path())).unwrap(),
        bytes,
        "reading changes nothing"
    );
}

#[test]
fn a_review_of_an_unknown_match_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_matches(dir.path(), 1);
    assert!(store.append_review("nope", &review(1)).is_err());
    assert!(!log(dir.path()).exists());
}

#[test]
fn a_torn_review_is_kept_aside_and_the_log_continues() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_matches(dir.path(), 3);
    store.append_review(&id(1), &review(70)).unwrap();
    let torn = b"{\"v\":1,\"match_id\":\"m2\",\"review\":{\"accur";
    append_bytes(&log(dir.path()), torn);
    let mut store = Store::open(dir.path());
    assert_eq!(store.review::<Review>(&id(1)).unwrap(), Some(review(70)));
    assert_eq!(kinds(&store), [WarningKind::ReviewTornLine]);
    let side = side_files(&dir.path().join("history"), "reviews.jsonl.torn-");
    assert_eq!(side.len(), 1);
    assert_eq!(fs::read(&side[0]).unwrap(), torn, "torn bytes kept exactly");
    assert!(store.append_review(&id(2), &review(40)).unwrap());
    assert_eq!(store.review::<Review>(&id(2)).unwrap(), Some(review(40)));
}

#[test]
fn unreadable_and_over_long_lines_stay_and_are_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_matches(dir.path(), 4);
    store.append_review(&id(1), &review(90)).unwrap();
    let long = format!(
        "{{\"v\":1,\"match_id\":\"{}\",\"review\":{{\"accuracy\":1,\"notes\":\"{}\"}}}}\n",
        id(3),
        "x".repeat(usize::try_from(MAX_REVIEW_LINE_BYTES).unwrap())
    );
    let lines = [
        "not json\n".to_owned(),
        format!("{{\"v\":9,\"match_id\":\"{}\",\"review\":{{}}}}\n", id(2)),
        format!(
            "{{\"v\":1,\"match_id\":\"{}\",\"review\":{{\"accuracy\":\"high\"}}}}\n",
            id(2)
        ),
        long,
    ];
    for line in &lines {
        append_bytes(&log(dir.path()), line.as_bytes());
    }
    let before = fs::read(log(dir.path())).unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(
        store.reviews::<Review>().unwrap(),
        vec![(id(1), review(90))]
    );
    assert_eq!(store.review::<Review>(&id(2)).unwrap(), None);
    assert_eq!(
        store.warnings(),
        [StoreWarning::UnreadableReviews {
            lines: 4,
            first_at: before.len() as u64 - lines.iter().map(String::len).sum::<usize>() as u64
        }]
    );
    assert_eq!(
        fs::read(log(dir.path())).unwrap(),
        before,
        "nothing removed"
    );
    assert!(store.append_review(&id(2), &review(20)).unwrap());
    assert_eq!(store.review::<Review>(&id(2)).unwrap(), Some(review(20)));
    assert_eq!(store.warnings().len(), 1, "reported once per run");
    let too_long = Review {
        accuracy: 1,
        notes: "y".repeat(usize::try_from(MAX_REVIEW_LINE_BYTES).unwrap()),
    };
    assert!(store.append_review(&id(4), &too_long).is_err());
    assert_eq!(store.review::<Review>(&id(4)).unwrap(), None);
}

#[test]
fn a_review_changed_on_disk_after_its_check_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_matches(dir.path(), 1);
    store.append_review(&id(1), &review(61)).unwrap();
    assert!(store.review::<Review>(&id(1)).unwrap().is_some());
    let text = fs::read_to_string(log(dir.path())).unwrap();
    let edited = text.replace("\"accuracy\":61", "\"accuracy\":16");
    // The same length and a forced old modification time: the cached check is still used.
    let file = OpenOptions::new()
        .write(true)
        .open(log(dir.path()))
        .unwrap();
    let modified = file.metadata().unwrap().modified().unwrap();
    fs::write(log(dir.path()), edited).unwrap();
    file.set_modified(modified).unwrap();
    assert!(
        store.review::<Review>(&id(1)).is_err(),
        "never another review's bytes"
    );
}

#[test]
fn without_a_folder_reviews_are_kept_in_memory() {
    let mut store = Store::without_folder("test".into());
    store.append_match(&entry(1)).unwrap();
    assert!(store.append_review("nope", &review(1)).is_err());
    assert!(store.append_review(&id(1), &review(33)).unwrap());
    assert!(!store.append_review(&id(1), &review(34)).unwrap());
    assert_eq!(store.review::<Review>(&id(1)).unwrap(), Some(review(33)));
    assert_eq!(
        store.reviews::<Review>().unwrap(),
        vec![(id(1), review(33))]
    );
}
