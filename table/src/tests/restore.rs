//! A host that restarts: the table as a snapshot (through JSON, as a file would hold it), restored with
//! nobody connected; people rejoin with their tokens, see the same game, and the match plays on to a
//! record that begins with the moves made before. A snapshot of another version or that does not hold
//! together is refused.

use std::collections::BTreeMap;

use briscola::{Match, MatchFormat, Preset, Rng, Ruleset};

use super::harness::{HOST, Sim};
use super::rejoin::two_people;
use crate::protocol::{ClientMessage, ErrorCode, Stage};
use crate::{RestoreError, Table, TableSettings, TableSnapshot};

const GUEST: crate::ConnId = 101;

fn through_json(snapshot: &TableSnapshot) -> TableSnapshot {
    let json = serde_json::to_string(snapshot).expect("a snapshot serializes");
    serde_json::from_str(&json).expect("and reads back")
}

#[test]
fn a_restored_table_takes_its_people_back_with_their_tokens_and_plays_on() {
    let settings = TableSettings {
        format: MatchFormat::BestOf { hands: 3 },
        turn_seconds: Some(30),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    };
    let mut sim = two_people(settings);
    let mut rng = Rng::new(5);
    for _ in 0..7 {
        let (conn, legal) = sim.person_to_move().expect("a person to move");
        let action = legal[rng.below(legal.len())];
        sim.send(conn, &ClientMessage::Act { action });
    }
    let before = sim.table.game().map(Match::record).expect("started");
    let people: Vec<_> = [HOST, GUEST]
        .iter()
        .map(|&conn| {
            let client = sim.client(conn);
            let view = client.view.clone().expect("a view");
            (client.seat, client.token.clone().expect("a token"), view)
        })
        .collect();
    let table =
        Table::restore(through_json(&sim.table.snapshot(sim.now)), 50).expect("it restores");
    assert_eq!(table.code(), sim.table.code());
    assert_eq!(table.game().map(Match::record), Some(before.clone()));
    assert!(table.next_tick().is_some(), "the turn clock runs again");
    let mut restored = Sim {
        table,
        now: 50,
        clients: BTreeMap::new(),
        auditor: None,
        frames: 0,
    };
    let code = restored.table.code();
    restored.connect(900);
    restored.send(
        900,
        &ClientMessage::Rejoin {
            code: code.clone(),
            token: "0".repeat(32),
        },
    );
    assert_eq!(restored.client(900).last_error(), Some(ErrorCode::BadToken));
    for (i, (seat, token, view)) in people.into_iter().enumerate() {
        let conn = 200 + i as u64;
        restored.connect(conn);
        restored.send(
            conn,
            &ClientMessage::Rejoin {
                code: code.clone(),
                token,
            },
        );
        let client = restored.client(conn);
        assert_eq!(client.seat, seat, "the same seat");
        let again = client.view.as_ref().expect("the game again");
        assert_eq!(again.observation, view.observation, "the same game");
    }
    restored.play_out(&mut rng);
    assert_eq!(restored.table.stage(), Stage::Over);
    let record = restored.table.game().map(Match::record).expect("played");
    assert!(
        record.hands[0]
            .actions
            .starts_with(&before.hands[0].actions)
    );
    assert!(record.replay().expect("it replays").outcome().is_some());
}

#[test]
fn a_snapshot_of_another_version_or_that_does_not_hold_together_is_refused() {
    let sim = two_people(TableSettings::new(
        Ruleset::preset(Preset::Briscola, 2).expect("preset"),
    ));
    let good = serde_json::to_value(sim.table.snapshot(sim.now)).expect("a snapshot serializes");
    let broken = |field: &str, value: serde_json::Value| {
        let mut snapshot = good.clone();
        snapshot[field] = value;
        let snapshot: TableSnapshot = serde_json::from_value(snapshot).expect("still a snapshot");
        Table::restore(snapshot, 0).err()
    };
    assert_eq!(
        broken("version", 2.into()),
        Some(RestoreError::Version { found: 2 })
    );
    assert_eq!(
        broken("code", "not a code".into()),
        Some(RestoreError::Invalid("code"))
    );
    assert_eq!(
        broken(
            "seats",
            serde_json::json!([{"kind": "empty"}, {"kind": "empty"}])
        ),
        Some(RestoreError::Invalid("seats")),
        "a seated person must be at their seat"
    );
    assert_eq!(
        broken("stage", "lobby".into()),
        Some(RestoreError::Invalid("stage"))
    );
    let mut tampered = good.clone();
    tampered["play"]["record"]["hands"][0]["actions"] = serde_json::json!(["Ac", "Ac"]);
    let tampered: TableSnapshot = serde_json::from_value(tampered).expect("still a snapshot");
    assert!(matches!(
        Table::restore(tampered, 0),
        Err(RestoreError::Record(_))
    ));
    assert!(Table::restore(through_json(&sim.table.snapshot(sim.now)), 0).is_ok());
}

#[test]
fn a_restored_turn_keeps_the_time_it_had_left_and_no_more() {
    let settings = TableSettings {
        turn_seconds: Some(30),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    };
    let mut sim = two_people(settings);
    let (seat, _) = sim
        .table
        .seat_to_move_for_tests()
        .zip(sim.person_to_move())
        .expect("a person to move");
    let started = sim.now;
    sim.tick_at(started + 12_000);
    let snapshot = through_json(&sim.table.snapshot(sim.now));
    // Down for a minute: the time the table was down does not count against the player.
    let restored = Table::restore(snapshot, 500_000).expect("it restores");
    let left = restored.clock_left_for_tests(500_000);
    assert_eq!(left, Some((seat, 18_000)), "18 of its 30 seconds");
    assert_eq!(
        restored.next_tick(),
        Some(500_000 + 18_000 - crate::timer::WARNING_MS),
        "the warning comes when 10 s are left"
    );
}

#[test]
fn a_snapshot_whose_counters_or_people_do_not_hold_together_is_refused() {
    let settings = TableSettings {
        turn_seconds: Some(30),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    };
    let sim = two_people(settings);
    let good = serde_json::to_value(sim.table.snapshot(sim.now)).expect("a snapshot serializes");
    let restore = |snapshot: serde_json::Value| {
        let snapshot: TableSnapshot = serde_json::from_value(snapshot).expect("still a snapshot");
        Table::restore(snapshot, 0).err()
    };
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut snapshot = good.clone();
        edit(&mut snapshot);
        restore(snapshot)
    };
    let invalid = |what| Some(RestoreError::Invalid(what));
    // Member numbers exhausted: the next joiner would take a number already given.
    assert_eq!(
        with(&|s| s["next_member"] = u32::MAX.into()),
        invalid("members")
    );
    assert_eq!(
        with(&|s| s["settings"]["turn_seconds"] = 0.into()),
        invalid("timer")
    );
    // 40 watchers: more people than a table takes.
    assert_eq!(
        with(&|s| {
            let template = s["members"][1].clone();
            let members = s["members"].as_array_mut().expect("a list");
            for i in 0..40u32 {
                let mut watcher = template.clone();
                watcher["id"] = (10 + i).into();
                watcher["name"] = format!("watcher {i}").into();
                watcher["seat"] = serde_json::Value::Null;
                watcher["token"] = format!("{:032x}", 1000 + i).into();
                members.push(watcher);
            }
            s["next_member"] = 100.into();
        }),
        invalid("members")
    );
    // Two people at one seat, a seat past the table.
    assert_eq!(
        with(&|s| s["members"][1]["seat"] = 0.into()),
        invalid("seats")
    );
    assert_eq!(
        with(&|s| s["members"][1]["seat"] = 7.into()),
        invalid("seats")
    );
    // Names as the table takes them: no direction overrides, no two that read the same.
    assert_eq!(
        with(&|s| s["members"][1]["name"] = "\u{202E}evil\u{202C}.exe".into()),
        invalid("name")
    );
    let host_name = good["members"][0]["name"]
        .as_str()
        .expect("a name")
        .to_uppercase();
    assert_eq!(
        with(&|s| s["members"][1]["name"] = host_name.clone().into()),
        invalid("name")
    );
    assert_eq!(
        with(&|s| s["members"][1]["token"] = s["members"][0]["token"].clone()),
        invalid("token")
    );
    assert_eq!(
        with(&|s| s["members"][1]["muted"] = serde_json::json!([77])),
        invalid("muted")
    );
    assert_eq!(
        with(&|s| s["clock"] = serde_json::json!({"seat": 5, "remaining_ms": 1000})),
        invalid("clock")
    );
    assert_eq!(
        with(&|s| s["clock"] = serde_json::json!({"seat": 0, "remaining_ms": u64::MAX})),
        invalid("clock")
    );
    assert_eq!(
        with(&|s| s["expiries"] = serde_json::json!([0, 0, 1, 0, 0, 0])),
        invalid("expiries")
    );
    assert_eq!(with(&|s| s["stage"] = "over".into()), invalid("stage"));
}

#[test]
fn a_turn_counter_at_its_maximum_plays_on() {
    let mut sim = two_people(TableSettings {
        turn_seconds: Some(30),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    });
    let mut snapshot = serde_json::to_value(sim.table.snapshot(sim.now)).expect("serializes");
    snapshot["turn"] = u64::MAX.into();
    let snapshot: TableSnapshot = serde_json::from_value(snapshot).expect("a snapshot");
    sim.table = Table::restore(snapshot, sim.now).expect("it restores");
    let tokens: Vec<_> = [HOST, GUEST]
        .iter()
        .map(|&conn| sim.client(conn).token.clone().expect("a token"))
        .collect();
    let code = sim.table.code();
    for (conn, token) in [HOST, GUEST].into_iter().zip(tokens) {
        sim.connect(conn);
        sim.send(
            conn,
            &ClientMessage::Rejoin {
                code: code.clone(),
                token,
            },
        );
    }
    let mut rng = Rng::new(3);
    sim.play_out(&mut rng);
    assert_eq!(sim.table.stage(), Stage::Over);
}
