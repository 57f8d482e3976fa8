//! The power-loss test: the store runs a sequence of saves on a [`SimDisk`] that fails at a
//! chosen changing operation — every one in turn — and a restart finds only what was synced,
//! with unsynced bytes dropped, kept or torn. After each crash the store is reopened and must
//! list every acknowledged match with its log line byte for byte, read back every acknowledged
//! match review, and hold every document as either its last acknowledged value or the one being
//! saved when the power went.
//!
//! Each restart is also crashed at each of its own changing operations (repairing a torn line,
//! rebuilding the index), then restarted again and checked.
//!
//! The check is shown to fail: with one `fsync` dropped (the log's, or the temporary file's
//! before a document's rename, or the review log's), some crash point loses acknowledged data.

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};

use super::sim_disk::{SimDisk, Tear};
use super::*;
use crate::disk::Disk;
use crate::summary::Outcome;
use crate::summary::examples::summary;
use crate::test_prefs::{Preferences, Store};

const DIR: &str = "/sim/data";

/// What the scenario had acknowledged, and what it was doing when the power went.
#[derive(Debug, Default)]
struct Acks {
    matches: Vec<HistoryEntry<Value>>,
    pending_match: Option<HistoryEntry<Value>>,
    preferences: Option<Preferences>,
    pending_preferences: Option<Preferences>,
    /// `Some(None)`: cleared; `None`: never saved.
    unfinished: Option<Option<Value>>,
    pending_unfinished: Option<Option<Value>>,
    reviews: Vec<(String, Value)>,
    pending_review: Option<(String, Value)>,
}

fn entry(n: i64) -> HistoryEntry<Value> {
    HistoryEntry {
        summary: summary(
            n,
            briscola::Preset::Briscola,
            briscola::ai::Level::Easy,
            Outcome::Won,
        ),
        record: json!({ "n": n, "moves": "m".repeat(1500) }),
    }
}

fn review(n: i64) -> (String, Value) {
    (
        entry(n).summary.id,
        json!({ "accuracy": n, "decisions": "d".repeat(600) }),
    )
}

fn prefs(card_size_percent: u16) -> Preferences {
    Preferences {
        card_size_percent,
        ..Preferences::default()
    }
}

fn game(n: u32) -> Value {
    json!({ "hand": n, "padding": "u".repeat(800) })
}

/// One step of the scenario.
enum Step {
    Prefs(u16),
    Unfinished(u32),
    Finish(i64),
    Append(i64),
    RebuildIndex,
    Review(i64),
}

const SCENARIO: &[Step] = &[
    Step::Prefs(120),
    Step::Unfinished(1),
    Step::Finish(1),
    Step::Unfinished(2),
    Step::Prefs(80),
    Step::Review(1),
    Step::Finish(2),
    Step::Append(3),
    Step::Review(3),
    Step::RebuildIndex,
    Step::Unfinished(3),
    Step::Finish(4),
    Step::Review(2),
    Step::Prefs(150),
];

/// Runs the scenario until the disk fails; returns what was acknowledged. Only a store that is
/// saving acknowledges anything (one that stopped shows "not saving" to the user instead).
fn run(disk: &Arc<SimDisk>) -> Acks {
    let mut acks = Acks::default();
    let mut store = Store::open_on(disk.clone(), DIR);
    for step in SCENARIO {
        if !store.is_saving() {
            break;
        }
        let ok = match step {
            Step::Prefs(size) => {
                acks.pending_preferences = Some(prefs(*size));
                let ok = store.set_preferences(prefs(*size)).is_ok();
                if ok && store.is_saving() {
                    acks.preferences = acks.pending_preferences.take();
                }
                ok
            }
            Step::Unfinished(n) => {
                acks.pending_unfinished = Some(Some(game(*n)));
                let ok = store.save_unfinished(&game(*n)).is_ok();
                if ok {
                    acks.unfinished = acks.pending_unfinished.take();
                }
                ok
            }
            Step::Finish(n) | Step::Append(n) => {
                acks.pending_match = Some(entry(*n));
                if store.append_match(&entry(*n)).is_err() {
                    break;
                }
                acks.matches.extend(acks.pending_match.take());
                if matches!(step, Step::Finish(_)) {
                    acks.pending_unfinished = Some(None);
                    if store.clear_unfinished().is_err() {
                        break;
                    }
                    acks.unfinished = acks.pending_unfinished.take();
                }
                true
            }
            Step::Review(n) => {
                let (id, value) = review(*n);
                acks.pending_review = Some((id.clone(), value.clone()));
                if store.append_review(&id, &value).is_err() {
                    break;
                }
                acks.reviews.extend(acks.pending_review.take());
                true
            }
            Step::RebuildIndex => {
                let index = Path::new(DIR).join("history/index.jsonl");
                disk.remove(&index).is_ok() && store.summaries().is_ok()
            }
        };
        if !ok {
            break;
        }
    }
    acks
}

/// Reopens the restarted disk and checks the acknowledged state; `Err` says what was lost.
fn check(disk: SimDisk, acks: &Acks) -> Result<(), String> {
    let disk = Arc::new(disk);
    let mut store = Store::open_on(disk.clone(), DIR);
    if !store.is_saving() {
        return Err(format!("reopening failed: {:?}", store.warnings()));
    }
    if let Some(bad) = store
        .warnings()
        .iter()
        .find(|w| w.kind() == WarningKind::Quarantined)
    {
        return Err(format!("a document was torn: {bad}"));
    }
    let log = disk
        .contents(&Path::new(DIR).join("history/records.jsonl"))
        .unwrap_or_default();
    let lines: Vec<&[u8]> = log.split_inclusive(|&b| b == b'\n').collect();
    let listed: Vec<String> = store
        .summaries()
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|s| s.id)
        .collect();
    for acked in &acks.matches {
        let expected = history::entry_line(acked).map_err(|e| e.to_string())?;
        if !lines.contains(&&expected[..]) {
            return Err(format!("match {} lost or changed", acked.summary.id));
        }
        let read = store
            .history_entry::<Value>(&acked.summary.id)
            .map_err(|e| e.to_string())?;
        if read.as_ref() != Some(acked) {
            return Err(format!("match {} reads back wrong", acked.summary.id));
        }
    }
    let allowed = |id: &String| {
        acks.matches
            .iter()
            .chain(&acks.pending_match)
            .any(|m| &m.summary.id == id)
    };
    if let Some(stranger) = listed.iter().find(|id| !allowed(id)) {
        return Err(format!("match {stranger} listed but never written"));
    }
    let reviews = store.reviews::<Value>().map_err(|e| e.to_string())?;
    for (id, value) in &acks.reviews {
        if store
            .review::<Value>(id)
            .map_err(|e| e.to_string())?
            .as_ref()
            != Some(value)
        {
            return Err(format!("the review of {id} was lost or changed"));
        }
    }
    if let Some((stranger, _)) = reviews
        .iter()
        .find(|found| !acks.reviews.contains(found) && acks.pending_review.as_ref() != Some(found))
    {
        return Err(format!("a review of {stranger} listed but never written"));
    }
    let old = acks.preferences.clone().unwrap_or_default();
    let preferences = store.preferences().clone();
    if preferences != old && Some(&preferences) != acks.pending_preferences.as_ref() {
        return Err(format!(
            "preferences are neither old nor new: {}",
            preferences.card_size_percent
        ));
    }
    let unfinished = store.load_unfinished::<Value>();
    let old = acks.unfinished.clone().unwrap_or(None);
    if unfinished != old && Some(&unfinished) != acks.pending_unfinished.as_ref() {
        return Err(format!(
            "the unfinished match is neither old nor new: {unfinished:?}"
        ));
    }
    Ok(())
}

/// Crashes at every changing operation of the scenario, with every way of treating unsynced
/// bytes, and then again at every changing operation of the first restart (its repairs);
/// returns how many restarts were checked and the first failure, if any.
fn enumerate(make: impl Fn() -> SimDisk) -> (u64, Option<String>) {
    let (_, checked, failure) = enumerate_counted(make);
    (checked, failure)
}

/// [`enumerate`], also returning the number of crash points in the scenario.
fn enumerate_counted(make: impl Fn() -> SimDisk) -> (u64, u64, Option<String>) {
    let total = {
        let disk = Arc::new(make());
        let acks = run(&disk);
        assert_eq!(acks.matches.len(), 4, "the scenario runs to the end");
        assert_eq!(acks.reviews.len(), 3, "the scenario runs to the end");
        disk.changes()
    };
    let mut checked = 0;
    for point in 0..=total {
        let disk = Arc::new(make().crash_at(point));
        let acks = run(&disk);
        for tear in [Tear::DropAll, Tear::KeepAll, Tear::Random(point * 31 + 7)] {
            let restarted = disk.after_crash(tear);
            let recovery = {
                // A copy (everything on a restarted disk is durable), opened to count its changes.
                let copy = Arc::new(restarted.after_crash(Tear::KeepAll));
                Store::open_on(copy.clone(), DIR);
                copy.changes()
            };
            for second in 0..recovery {
                let again = Arc::new(restarted.after_crash(Tear::KeepAll).crash_at(second));
                Store::open_on(again.clone(), DIR);
                checked += 1;
                if let Err(failure) = check(again.after_crash(tear), &acks) {
                    return (
                        total,
                        checked,
                        Some(format!(
                            "crash at {point}, again at {second} of the restart, {tear:?}: {failure}"
                        )),
                    );
                }
            }
            checked += 1;
            if let Err(failure) = check(restarted, &acks) {
                return (
                    total,
                    checked,
                    Some(format!("crash at change {point}, {tear:?}: {failure}")),
                );
            }
        }
    }
    (total, checked, None)
}

#[test]
fn every_acknowledged_save_survives_a_power_loss_at_any_point() {
    let (points, checked, failure) = enumerate_counted(SimDisk::new);
    assert_eq!(failure, None);
    // Every crash point of the scenario, 3 ways to treat unsynced bytes, plus crashes during
    // the restarts (the counts are in docs/robustness.md).
    assert!(
        points > 50 && checked > 3 * points,
        "only {checked} restarts checked"
    );
    println!("power loss: {points} crash points, {checked} restarts checked");
}

#[test]
fn the_check_fails_without_the_log_fsync() {
    let (_, failure) =
        enumerate(|| SimDisk::new().drop_syncs(|path| path.ends_with("history/records.jsonl")));
    let failure = failure.expect("a dropped log fsync must lose an acknowledged match");
    assert!(failure.contains("lost"), "{failure}");
}

#[test]
fn the_check_fails_without_the_review_log_fsync() {
    let (_, failure) =
        enumerate(|| SimDisk::new().drop_syncs(|path| path.ends_with("history/reviews.jsonl")));
    let failure = failure.expect("a dropped review fsync must lose an acknowledged review");
    assert!(
        failure.contains("review") && failure.contains("lost"),
        "{failure}"
    );
}

#[test]
fn the_check_fails_without_the_document_fsync_before_rename() {
    let (_, failure) = enumerate(|| {
        SimDisk::new().drop_syncs(|path| {
            path.file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with(".preferences.json.tmp-"))
        })
    });
    let failure = failure.expect("a dropped document fsync must tear or roll back a save");
    assert!(
        failure.contains("torn") || failure.contains("neither old nor new"),
        "{failure}"
    );
}
