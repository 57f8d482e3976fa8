//! Seeded fuzzing of what the app reads from outside: mutated match records through replay and
//! summary, and malformed payloads through every command that takes arguments, as the webview
//! sends them (Tauri's IPC with a mock runtime).
//!
//! Also crafted messages of a friends' table's host, each inside a real match, through everything
//! of the app that hears a host (the guard, the hint, the history's chronicle, the view's
//! completion).
//!
//! Counts are small by default (debug `cargo test`); `scripts/test.sh` runs the full counts in
//! release: `BRISCOLA_FUZZ_RECORDS` (default 200, full 2,000), `BRISCOLA_FUZZ_IPC` (default
//! 1,000, full 10,000), `BRISCOLA_FUZZ_HOST` (default 300, full 10,000), `BRISCOLA_FUZZ_SEED`
//! (default fixed). Results are in
//! `docs/robustness.md`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use serde_json::{Map, Value, json};
use tauri::ipc::InvokeBody;

use crate::commands::game::tests::setup;
use crate::ipc_harness::{Harness, harness};
use crate::preferences::Preferences;
use crate::session;
use crate::state::MatchRecord;

fn count(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// xorshift64: reproducible choices without a dependency.
struct Rng(u64);

impl Rng {
    fn seeded() -> Self {
        Self(count("BRISCOLA_FUZZ_SEED", 0x5eed_b15c_01a5) | 1)
    }

    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % bound.max(1) as u64).unwrap_or(0)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const KEYS: &[&str] = &[
    "preferences",
    "query",
    "id",
    "setup",
    "action",
    "ruleset",
    "limit",
    "offset",
    "hands",
    "deal",
    "actions",
    "dealer",
    "seed",
    "format",
    "kind",
    "players",
    "opponents",
    "card_size_percent",
];

/// Any JSON value, nested up to `depth`.
fn random_value(rng: &mut Rng, depth: u32) -> Value {
    let strings = [
        "",
        "Ad",
        "Zz",
        "pass",
        "../../etc/passwd",
        "\u{0}",
        "ñ€😀",
        "null",
        "1e999",
        "briscola",
        "classic",
        "m1",
        "-1",
    ];
    match rng.below(if depth == 0 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.below(2) == 0),
        2 => json!(*rng.pick(&[0i64, -1, 1, 3, 255, 65_536, i64::MIN, i64::MAX])),
        3 => json!(*rng.pick(&[u64::MAX, 1u64 << 53, 40, 200])),
        4 => json!(*rng.pick(&[0.5f64, -0.0, 1e308, 2.5])),
        5 => json!(if rng.below(8) == 0 {
            "x".repeat(100_000)
        } else {
            (*rng.pick(&strings)).to_string()
        }),
        6 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_value(rng, depth - 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.below(4))
                .map(|_| ((*rng.pick(KEYS)).to_string(), random_value(rng, depth - 1)))
                .collect(),
        ),
    }
}

/// Changes one random place of `value`: replaced, removed, duplicated, emptied or nudged.
fn mutate(rng: &mut Rng, value: &mut Value) {
    let descend = rng.below(8) != 0;
    match value {
        Value::Object(map) if !map.is_empty() && descend => {
            let key = map
                .keys()
                .nth(rng.below(map.len()))
                .cloned()
                .unwrap_or_default();
            if let Some(child) = map.get_mut(&key) {
                mutate(rng, child);
            }
        }
        Value::Array(items) if !items.is_empty() && descend => {
            let at = rng.below(items.len());
            mutate(rng, &mut items[at]);
        }
        Value::Object(map) if !map.is_empty() && rng.below(2) == 0 => {
            let key = map
                .keys()
                .nth(rng.below(map.len()))
                .cloned()
                .unwrap_or_default();
            map.remove(&key);
        }
        Value::Array(items) if !items.is_empty() => match rng.below(3) {
            0 => drop(items.remove(rng.below(items.len()))),
            1 => {
                let copy = items[rng.below(items.len())].clone();
                items.push(copy);
            }
            _ => {
                let (a, b) = (rng.below(items.len()), rng.below(items.len()));
                items.swap(a, b);
            }
        },
        Value::Number(n) if rng.below(2) == 0 => {
            let nudged = n
                .as_i64()
                .map_or(0, |v| v.saturating_add(*rng.pick(&[-1, 1, 40])));
            *value = json!(nudged);
        }
        Value::String(text) if rng.below(2) == 0 && !text.is_empty() => {
            let mut chars: Vec<char> = text.chars().collect();
            let at = rng.below(chars.len());
            chars[at] = *rng.pick(&['A', 'd', '2', 'z', '\u{fffd}']);
            *text = chars.into_iter().collect();
        }
        _ => *value = random_value(rng, 2),
    }
}

/// A change a careless edit or a bug could make while keeping the record's shape: actions
/// swapped, repeated or dropped, cards of the deal swapped or replaced, another dealer, hands
/// dropped or repeated, a number nudged.
fn mutate_record(rng: &mut Rng, record: &mut Value) {
    let hands = record
        .pointer("/hands")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let hand = format!("/hands/{}", rng.below(hands));
    let field = format!("{hand}/{}", rng.pick(&["actions", "deal"]));
    match rng.below(7) {
        0 => {
            if let Some(items) = record.pointer_mut(&field).and_then(Value::as_array_mut) {
                let (a, b) = (rng.below(items.len()), rng.below(items.len()));
                if a < items.len() && b < items.len() {
                    items.swap(a, b);
                }
            }
        }
        1 => {
            if let Some(items) = record.pointer_mut(&field).and_then(Value::as_array_mut)
                && !items.is_empty()
            {
                let copy = items[rng.below(items.len())].clone();
                let at = rng.below(items.len());
                items.insert(at, copy);
            }
        }
        2 => {
            if let Some(items) = record.pointer_mut(&field).and_then(Value::as_array_mut)
                && !items.is_empty()
            {
                items.remove(rng.below(items.len()));
            }
        }
        3 => {
            if let Some(items) = record.pointer_mut(&field).and_then(Value::as_array_mut)
                && !items.is_empty()
            {
                let at = rng.below(items.len());
                items[at] = json!(*rng.pick(&["Ad", "3c", "Kb", "7s", "2d", "Jh", "pass"]));
            }
        }
        4 => {
            if let Some(dealer) = record.pointer_mut(&format!("{hand}/dealer")) {
                *dealer = json!(rng.below(7));
            }
        }
        5 => {
            if let Some(all) = record
                .pointer_mut("/hands")
                .and_then(Value::as_array_mut)
                .filter(|all| !all.is_empty())
            {
                if rng.below(2) == 0 {
                    all.truncate(rng.below(all.len()));
                } else {
                    let copy = all[rng.below(all.len())].clone();
                    all.push(copy);
                }
            }
        }
        _ => mutate(rng, record),
    }
}

/// Plays a few whole matches (fixed seeds, first legal action each turn) and returns their
/// records as JSON.
fn real_records() -> Vec<Value> {
    use briscola::{Action, Match, MatchFormat, Preset, Ruleset};
    let matches = [
        (Preset::Briscola, 2, MatchFormat::BestOf { hands: 3 }),
        (Preset::Brisca, 2, MatchFormat::SingleHand),
        (Preset::Briscola, 4, MatchFormat::SingleHand),
    ];
    matches
        .into_iter()
        .enumerate()
        .map(|(seed, (preset, players, format))| {
            let rules = Ruleset::preset(preset, players).unwrap();
            let mut m = Match::new(rules, format, 0, seed as u64 + 11).unwrap();
            while m.outcome().is_none() {
                if m.awaiting_next_hand() {
                    m.next_hand().unwrap();
                } else {
                    let action: Action = m.game().legal_actions()[0];
                    m.apply(action).unwrap();
                }
            }
            serde_json::to_value(m.record()).unwrap()
        })
        .collect()
}

/// Seeds the history of the data folder `dir` with the records' matches.
fn seed_history(dir: &Path, records: &[Value]) {
    let mut store = crate::store::Store::open(dir);
    for (n, record) in records.iter().enumerate() {
        let mut summary = crate::history::tests::summary(
            n as i64 + 1,
            briscola::Preset::Briscola,
            briscola::ai::Level::Easy,
            crate::history::Outcome::Won,
        );
        summary.id = format!("m{}", n + 1);
        let entry = crate::store::HistoryEntry {
            summary,
            record: record.clone(),
        };
        assert!(store.append_match(&entry).unwrap());
    }
}

#[test]
fn mutated_records_never_panic_replay_or_summary() {
    let originals = real_records();
    let mut rng = Rng::seeded();
    let total = count("BRISCOLA_FUZZ_RECORDS", 200);
    let (mut unparsable, mut refused, mut replayed) = (0u64, 0u64, 0u64);
    for n in 0..total {
        let mut record = rng.pick(&originals).clone();
        for _ in 0..=rng.below(3) {
            mutate_record(&mut rng, &mut record);
        }
        // A tenth are cut or damaged as text, as a torn or edited file would be.
        let text = record.to_string();
        let parsed = if n % 10 == 0 {
            let cut = rng.below(text.len());
            serde_json::from_str::<MatchRecord>(&text[..text.floor_char_boundary(cut)])
        } else {
            serde_json::from_str::<MatchRecord>(&text)
        };
        let Ok(parsed) = parsed else {
            unparsable += 1;
            continue;
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            (
                session::replay_hands(&parsed).is_ok(),
                parsed.summary().is_ok(),
            )
        }));
        match outcome {
            Ok((true, true)) => replayed += 1,
            Ok(_) => refused += 1,
            Err(_) => panic!("replay panicked on record {n}: {text}"),
        }
    }
    println!(
        "records fuzz: {total} mutated records: {unparsable} unparsable, {refused} refused by replay or summary, {replayed} replayed, 0 panics"
    );
    assert_eq!(unparsable + refused + replayed, total);
    assert!(
        refused > 0 && replayed > 0,
        "the mutations reach both outcomes"
    );
}

/// `payload` with a channel for the table's events (`events`): a channel is Tauri's to check, so
/// the fuzz keeps it well formed and mutates the rest.
fn with_channel(mut payload: Value) -> Value {
    payload["events"] = json!(CHANNEL);
    payload
}

/// A channel as the webview passes one.
const CHANNEL: &str = "__CHANNEL__:1";

/// Commands that take arguments, with a valid payload to mutate and whether they change state
/// when they succeed.
fn targets(h: &Harness) -> Vec<(&'static str, Value, bool)> {
    let prefs = h.ok("get_preferences", json!({}));
    vec![
        ("set_preferences", json!({ "preferences": prefs }), true),
        ("list_history", json!({ "query": { "limit": 10 } }), false),
        ("get_match_record", json!({ "id": "m1" }), false),
        ("get_replay", json!({ "id": "m1" }), false),
        (
            "start_match",
            with_channel(setup("briscola", 2, json!({ "kind": "single-hand" }))),
            true,
        ),
        (
            "resume_match",
            with_channel(json!({ "yourName": crate::ipc_harness::YOUR_NAME })),
            true,
        ),
        ("store_warnings", json!({}), false),
        // Every match was reviewed before: a review answers the stored one and writes nothing.
        ("history_stats", json!({ "withPeople": true }), false),
        ("delete_match", json!({ "id": "no-such-match" }), false),
        ("start_review", json!({ "id": "m1" }), false),
        ("get_review", json!({ "id": "m1" }), false),
        ("review_progress", json!({ "id": "m1" }), false),
        ("cancel_review", json!({ "id": "m1" }), false),
    ]
}

/// Everything a command could change: what the commands report, every row the database holds,
/// and the bytes of every other file in the data folder (the database's own files change with
/// any write, even one that puts a value back, so they are compared by content).
fn snapshot(h: &Harness, dir: &Path) -> Value {
    let mut files = Map::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                stack.push(path);
            } else if name.starts_with(briscola_store::db::DATABASE_FILE) {
                files.insert(name, json!("database"));
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.insert(path.display().to_string(), json!(bytes.len()));
                files.insert(
                    format!("{}#", path.display()),
                    json!(String::from_utf8_lossy(&bytes)),
                );
            }
        }
    }
    json!({
        "preferences": h.ok("get_preferences", json!({})),
        "history": h.ok("list_history", json!({ "query": {} })),
        "warnings": h.ok("store_warnings", json!({})),
        "stats": h.ok("history_stats", json!({ "withPeople": false })),
        "database": crate::test_db::dump(dir),
        "files": files,
    })
}

#[test]
fn malformed_ipc_payloads_get_typed_errors_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    seed_history(dir.path(), &real_records());
    let h = harness(dir.path());
    // You deal, so the computer leads.
    let mut dealer = h.ok("get_preferences", json!({}));
    dealer["first_dealer"] = json!("human");
    h.ok("set_preferences", json!({ "preferences": dealer }));
    // A match in progress, waiting for your move, so that every start_match and resume_match is
    // refused and nothing changes while the fuzz runs.
    let heard = h
        .start_computer(&setup("briscola", 2, json!({ "kind": "single-hand" })))
        .expect("started");
    heard.wait("your move", crate::ipc_harness::your_move);
    let prefs = h.ok("get_preferences", json!({}));
    h.ok("set_preferences", json!({ "preferences": prefs }));
    for id in ["m1", "m2", "m3"] {
        h.ok("start_review", json!({ "id": id }));
    }
    let before = snapshot(&h, dir.path());
    let stored: Vec<Value> = before["history"]["items"]
        .as_array()
        .map(|items| items.iter().map(|item| item["id"].clone()).collect())
        .unwrap_or_default();
    let targets = targets(&h);
    let kinds = [
        "invalid_input",
        "not_found",
        "invalid_file",
        "storage",
        "illegal_move",
        "no_match",
        "match_in_progress",
    ];
    let mut rng = Rng::seeded();
    let total = count("BRISCOLA_FUZZ_IPC", 1_000);
    let (mut errors, mut answered) = (0u64, 0u64);
    for n in 0..total {
        let (cmd, valid, changes) = rng.pick(&targets);
        let body = match rng.below(10) {
            0 => InvokeBody::Raw((0..rng.below(64)).map(|_| rng.below(256) as u8).collect()),
            1 => InvokeBody::Json(random_value(&mut rng, 3)),
            _ => {
                let mut payload = valid.clone();
                for _ in 0..=rng.below(3) {
                    mutate(&mut rng, &mut payload);
                }
                InvokeBody::Json(payload)
            }
        };
        let body = match body {
            // The channel stays well formed (see `with_channel`).
            InvokeBody::Json(mut payload) if valid.get("events").is_some() => {
                if !payload.is_object() {
                    payload = json!({});
                }
                payload["events"] = json!(CHANNEL);
                InvokeBody::Json(payload)
            }
            InvokeBody::Raw(_) if valid.get("events").is_some() => {
                InvokeBody::Json(json!({ "events": CHANNEL }))
            }
            // A well-formed deletion of a stored match is a real change, not malformed input
            // (deleting is tested on its own): its id is replaced by one the history lacks.
            InvokeBody::Json(mut payload)
                if *cmd == "delete_match" && stored.contains(&payload["id"]) =>
            {
                payload["id"] = json!("no-such-match");
                InvokeBody::Json(payload)
            }
            body => body,
        };
        let shown = format!("{cmd} {body:?}");
        let sent = match &body {
            InvokeBody::Json(payload) => Some(payload.clone()),
            InvokeBody::Raw(_) => None,
        };
        match h.invoke_body(cmd, body) {
            Ok(_) if *cmd == "set_preferences" => {
                // A mutation can leave the preferences valid: then they were rightly saved.
                // They are checked, and the original ones put back.
                let prefs = sent.map(|p| p["preferences"].clone()).unwrap_or_default();
                let valid = serde_json::from_value::<Preferences>(prefs)
                    .is_ok_and(|p| p.validate().is_ok());
                assert!(valid, "{shown} accepted");
                h.ok(
                    "set_preferences",
                    json!({ "preferences": before["preferences"] }),
                );
                answered += 1;
            }
            Ok(_) => {
                // The match in progress refuses start_match and resume_match; the other
                // commands only read.
                assert!(!changes, "{shown} succeeded");
                answered += 1;
            }
            Err(error) => {
                let kind = error["kind"].as_str().unwrap_or_default();
                assert!(kinds.contains(&kind), "untyped error {error} for {shown}");
                assert!(
                    error["message"].as_str().is_some_and(|m| !m.is_empty()),
                    "{error}"
                );
                errors += 1;
            }
        }
        if n % 1_000 == 999 {
            let now = snapshot(&h, dir.path());
            let changed: Vec<&String> = now
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, value)| before.get(key.as_str()) != Some(value))
                .map(|(key, _)| key)
                .collect();
            assert!(changed.is_empty(), "{changed:?} changed by payload {n}");
        }
    }
    assert_eq!(snapshot(&h, dir.path()), before, "state changed");
    println!(
        "IPC fuzz: {total} payloads: {errors} typed errors, {answered} answered (still-valid reads or preferences), state unchanged"
    );
    assert_eq!(errors + answered, total);
}

/// Changes one leaf of `value` to another of its kind, or reorders a list, keeping the shape: a
/// number to a seat, a count or an extreme, a string to a card, a name or a hostile text.
fn mutate_leaf(rng: &mut Rng, value: &mut Value) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            // The tags that name a message's kind stay: a changed one is only an unreadable frame.
            let keys: Vec<String> = map
                .keys()
                .filter(|k| !matches!(k.as_str(), "type" | "kind" | "state"))
                .cloned()
                .collect();
            let key = keys.get(rng.below(keys.len())).cloned().unwrap_or_default();
            if let Some(child) = map.get_mut(&key) {
                mutate_leaf(rng, child);
            }
        }
        Value::Array(items) if !items.is_empty() => match rng.below(6) {
            0 => drop(items.remove(rng.below(items.len()))),
            1 => {
                let copy = items[rng.below(items.len())].clone();
                items.push(copy);
            }
            2 => {
                let (a, b) = (rng.below(items.len()), rng.below(items.len()));
                items.swap(a, b);
            }
            _ => {
                let at = rng.below(items.len());
                mutate_leaf(rng, &mut items[at]);
            }
        },
        Value::Number(n) => {
            let old = n.as_i64().unwrap_or(0);
            *value = json!(*rng.pick(&[
                0,
                1,
                2,
                3,
                4,
                5,
                6,
                7,
                9,
                40,
                120,
                255,
                old.saturating_add(1),
                old.saturating_sub(1)
            ]));
        }
        Value::String(_) => {
            let texts = [
                "Ad",
                "3s",
                "2c",
                "Kb",
                "7d",
                "Jc",
                "Ada",
                "P1",
                "Zoe",
                "\u{202e}evil",
                "\u{1b}[2J",
                "",
                "0RGK4-T8SA9",
                "zz",
            ];
            *value = json!(rng.pick(&texts));
        }
        Value::Bool(b) => *b = !*b,
        _ => {}
    }
}

/// Everything of the app that hears a table's host, in the order the link runs it: the guard, then
/// the mirror with the hint and the history entry derived from it, and the event for the webview.
struct Hearing {
    guard: crate::seat::HostGuard,
    mirror: crate::seat::Mirror,
    moves: crate::seat::MovesSent,
}

impl Hearing {
    fn new() -> Self {
        let moves = crate::seat::MovesSent::default();
        Hearing {
            guard: crate::seat::HostGuard::default(),
            mirror: crate::seat::Mirror::new("you", moves.clone()),
            moves,
        }
    }

    /// One message; a match kept for the history, if it ended one. Hints are asked for (and, for
    /// the first few of `searches`, searched) wherever the view says it is this player's move.
    fn hear(
        &mut self,
        message: &briscola_table::ServerMessage,
        searches: &mut u32,
    ) -> Option<crate::session::FinishedMatch> {
        use crate::seat::{Heard, LinkEvent, SeatEvent};
        if self.guard.check(message).is_err() {
            return None;
        }
        let event = LinkEvent::Message {
            message: message.clone(),
        };
        self.mirror.hear(&event, 1_000);
        // This player moves whenever it is their turn, as a person would.
        if let briscola_table::ServerMessage::Game { view } = message
            && view.observation.to_move == view.observation.seat
            && !view.observation.legal_actions.is_empty()
        {
            self.moves.count_one();
            if let Ok(request) = crate::seat::hint_request(self.mirror.state())
                && *searches > 0
            {
                *searches -= 1;
                let action = request.decide().action;
                assert!(view.observation.legal_actions.contains(&action));
            }
        }
        let kept = matches!(message, briscola_table::ServerMessage::MatchOver { .. })
            .then(|| crate::seat::finished(&mut self.mirror, 1_000))
            .flatten();
        let _ = SeatEvent::new(self.mirror.state(), Heard::from(event));
        kept
    }
}

#[test]
fn hostile_host_messages_never_panic_and_no_invalid_match_is_kept() {
    use briscola::Preset;

    use crate::seat::guard_streams::stream;

    let streams: Vec<_> = [
        (Preset::Briscola, 2),
        (Preset::Briscola, 4),
        (Preset::Chiamata, 5),
        (Preset::Brisca, 3),
        (Preset::Briscolone, 2),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (preset, players))| stream(preset, players, 40 + i as u64, 1))
    .collect();
    let mut rng = Rng::seeded();
    let total = count("BRISCOLA_FUZZ_HOST", 300);
    let mut searches = 12;
    let (mut unreadable, mut refused, mut kept_real) = (0u64, 0u64, 0u64);
    let mut n = 0;
    while n < total {
        assert!(
            unreadable < total * 10,
            "the mutations mostly read as messages"
        );
        let stream = rng.pick(&streams);
        let at = rng.below(stream.messages.len());
        let mut crafted = serde_json::to_value(&stream.messages[at]).expect("json");
        for _ in 0..=rng.below(3) {
            // Mostly what still reads as a message (a seat, a card, a count, a name changed), now
            // and then anything.
            if rng.below(8) == 0 {
                mutate(&mut rng, &mut crafted);
            } else {
                mutate_leaf(&mut rng, &mut crafted);
            }
        }
        let Ok(crafted) = serde_json::from_value::<briscola_table::ServerMessage>(crafted) else {
            // The link drops a frame that is not a message of the protocol.
            unreadable += 1;
            continue;
        };
        n += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut hearing = Hearing::new();
            let mut kept = Vec::new();
            // The real table up to `at`, the crafted message, then the crafted one again in a
            // flood of repeats and the rest of the real table.
            let tail = &stream.messages[at..];
            let flood = std::iter::repeat_n(&crafted, 1 + rng.below(3));
            for message in stream.messages[..at].iter().chain(flood).chain(tail) {
                kept.extend(hearing.hear(message, &mut searches));
            }
            (kept, hearing.guard.refused())
        }));
        let Ok((kept, refusals)) = outcome else {
            panic!("a host's message {n} panicked the app: {crafted:?}");
        };
        refused += refusals;
        assert!(kept.len() <= 1, "one match, at most one entry: {crafted:?}");
        for finished in kept {
            // The seed is a label the engine does not check; the deals and every move are the
            // match really played.
            let real = stream.record.seen_from(stream.seat);
            assert_eq!(
                (finished.record.hands, finished.record.ruleset),
                (real.hands, real.ruleset),
                "only the match really played is kept: {crafted:?}"
            );
            kept_real += 1;
        }
    }
    println!(
        "hostile host fuzz: {total} crafted messages read as the protocol's, each inside a real match ({unreadable} more did not read and were dropped by the link): {refused} refused by the guard, {kept_real} real matches kept, 0 invalid kept, 0 panics"
    );
    assert!(
        refused > 0,
        "the crafted messages reach the guard's refusals"
    );
}
