//! The turn timer at a table, with the clock passed in.

use briscola::ai::Level;
use briscola::{Preset, Ruleset};

use super::harness::{HOST, Sim};
use super::rejoin::two_people;
use crate::TableSettings;
use crate::protocol::{ClientMessage, ErrorCode, PublicEvent, SeatChoice, ServerMessage, Stage};

fn timed(seconds: u16) -> TableSettings {
    TableSettings {
        turn_seconds: Some(seconds),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    }
}

fn count(sim: &Sim, conn: u64, pick: impl Fn(&ServerMessage) -> bool) -> usize {
    sim.client(conn).messages.iter().filter(|m| pick(m)).count()
}

#[test]
fn everyone_is_warned_at_ten_seconds_and_the_medium_ai_moves_at_zero() {
    let mut sim = two_people(timed(30));
    let start = sim.now;
    let seat = sim.table.seat_to_move_for_tests().expect("a seat to move");
    let clock = sim.client(HOST).view.as_ref().and_then(|v| v.clock);
    assert_eq!(
        clock.map(|c| (c.seat, c.remaining_ms, c.limit_ms)),
        Some((seat, 30_000, 30_000))
    );
    assert_eq!(sim.table.next_tick(), Some(start + 20_000));
    sim.tick_at(start + 19_999);
    assert_eq!(
        count(&sim, HOST, |m| matches!(
            m,
            ServerMessage::TimerWarning { .. }
        )),
        0
    );
    sim.tick_at(start + 20_000);
    let warning = ServerMessage::TimerWarning {
        seat,
        remaining_ms: 10_000,
    };
    for conn in [HOST, 101] {
        assert_eq!(sim.client(conn).messages.last(), Some(&warning));
    }
    let observation = sim.table.game().expect("started").game().observation(seat);
    sim.tick_at(start + 30_000);
    let record = sim.table.game().expect("started").record();
    let played = *record.hands[0]
        .actions
        .first()
        .expect("a move was played for the seat");
    assert!(observation.legal_actions.contains(&played));
    assert_eq!(
        record.hands[0].played_for,
        [0],
        "the record marks the move as made for the person"
    );
    for conn in [HOST, 101] {
        assert!(
            sim.client(conn)
                .messages
                .contains(&ServerMessage::AutoPlayed {
                    seat,
                    action: played,
                    expiries: 1
                })
        );
    }
    // The policy is the Medium AI's choice for that seat's own observation: Medium's opening lead
    // does not depend on its seed, so whatever seed the table used, this is the card.
    let choices: Vec<_> = (0..20u64)
        .map(|s| {
            briscola::ai::agent(Level::Medium, s)
                .choose(&observation)
                .action
        })
        .collect();
    assert!(choices.iter().all(|&a| a == choices[0]), "{choices:?}");
    assert_eq!(played, choices[0]);
}

#[test]
fn three_expiries_leave_ten_seconds_per_move() {
    let mut sim = two_people(timed(60));
    let seat = sim.table.seat_to_move_for_tests().expect("a seat to move");
    let mut expiries = 0;
    while expiries < 3 {
        let to_move = sim.table.seat_to_move_for_tests().expect("playing");
        if to_move == seat {
            let due = sim.table.next_tick().expect("a clock");
            sim.tick_at(due); // the warning
            let due = sim.table.next_tick().expect("a clock");
            sim.tick_at(due); // the expiry
            expiries += 1;
        } else {
            let (conn, legal) = sim.person_to_move().expect("a person");
            sim.send(conn, &ClientMessage::Act { action: legal[0] });
        }
    }
    assert!(sim.client(HOST).messages.contains(&ServerMessage::Event {
        event: PublicEvent::ShortTimer { seat }
    }));
    // The other seat keeps its minute; this one has ten seconds, warned at once.
    loop {
        let to_move = sim.table.seat_to_move_for_tests().expect("playing");
        let clock = sim
            .client(HOST)
            .view
            .as_ref()
            .and_then(|v| v.clock)
            .expect("a clock");
        assert_eq!(clock.seat, to_move);
        if to_move == seat {
            assert_eq!(clock.limit_ms, 10_000);
            assert_eq!(sim.table.next_tick(), Some(sim.now));
            break;
        }
        assert_eq!(clock.limit_ms, 60_000);
        let (conn, legal) = sim.person_to_move().expect("a person");
        sim.send(conn, &ClientMessage::Act { action: legal[0] });
    }
}

#[test]
fn no_clock_runs_for_an_ai_seat() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let settings = TableSettings {
        turn_seconds: Some(15),
        ..TableSettings::new(rules)
    };
    let mut sim = Sim::new(settings, 3);
    sim.send(
        HOST,
        &ClientMessage::SetSeat {
            seat: 1,
            occupant: SeatChoice::Ai { level: Level::Easy },
        },
    );
    sim.send(HOST, &ClientMessage::Start);
    let mut ai_turns = 0;
    while sim.table.stage() == Stage::Playing {
        match sim.table.ai_request() {
            Some(request) => {
                ai_turns += 1;
                let clock = sim.client(HOST).view.as_ref().and_then(|v| v.clock);
                assert_eq!(clock, None, "a clock for the AI seat");
                assert!(sim.table.next_tick().is_none_or(|t| t > sim.now + 15_000));
                // Even a very slow AI is never played for.
                sim.tick_at(sim.now + 3_600_000);
                let out = sim
                    .table
                    .apply_ai(&request, crate::decide(&request), sim.now)
                    .expect("fresh");
                sim.deliver(out);
            }
            None => {
                let (conn, legal) = sim.person_to_move().expect("the host");
                sim.send(conn, &ClientMessage::Act { action: legal[0] });
            }
        }
    }
    assert!(ai_turns >= 20);
    assert_eq!(
        count(&sim, HOST, |m| matches!(
            m,
            ServerMessage::AutoPlayed { .. }
        )),
        0
    );
    let record = sim.table.game().expect("played").record();
    assert!(
        record.hands.iter().all(|hand| hand.played_for.is_empty()),
        "an AI seat's and a person's own moves are not made for anyone"
    );
}

#[test]
fn the_timer_goes_off_when_every_person_agrees() {
    let mut sim = two_people(timed(30));
    sim.send(101, &ClientMessage::AgreeTimerOff);
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::NoProposal));
    sim.send(HOST, &ClientMessage::ProposeTimerOff);
    let seat = sim.client(HOST).seat.expect("seated");
    assert!(sim.client(101).messages.contains(&ServerMessage::Event {
        event: PublicEvent::TimerOffProposed {
            by: seat,
            agreed: vec![seat]
        }
    }));
    assert!(
        sim.table.next_tick().is_some(),
        "one agreement is not enough"
    );
    sim.send(101, &ClientMessage::AgreeTimerOff);
    let off = ServerMessage::Event {
        event: PublicEvent::TimerChanged { seconds: None },
    };
    assert!(sim.client(HOST).messages.contains(&off));
    assert_eq!(sim.table.next_tick(), None);
    assert_eq!(sim.table.lobby_view().settings.turn_seconds, None);
    sim.send(HOST, &ClientMessage::ProposeTimerOff);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::TimerIsOff));
}

#[test]
fn the_host_sets_a_timer_within_bounds_before_the_start() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut sim = Sim::new(TableSettings::new(rules), 4);
    assert_eq!(
        sim.table.lobby_view().settings.turn_seconds,
        None,
        "off by default"
    );
    for bad in [0, 9, 601] {
        sim.send(HOST, &ClientMessage::SetTimer { seconds: Some(bad) });
        assert_eq!(
            sim.client(HOST).last_error(),
            Some(ErrorCode::BadTimer { min: 10, max: 600 })
        );
    }
    sim.send(HOST, &ClientMessage::SetTimer { seconds: Some(45) });
    assert_eq!(sim.table.lobby_view().settings.turn_seconds, Some(45));
}

#[test]
fn a_waited_for_person_still_has_the_clock_running() {
    let mut sim = two_people(timed(20));
    let seat = sim.table.seat_to_move_for_tests().expect("playing");
    let conn = sim.conn_at(seat).expect("a person");
    sim.disconnect(conn);
    let due = sim.table.next_tick().expect("the clock runs");
    sim.tick_at(due);
    let due = sim.table.next_tick().expect("the clock runs");
    sim.tick_at(due);
    let record = sim.table.game().expect("started").record();
    assert_eq!(
        record.hands[0].actions.len(),
        1,
        "played for the absent seat"
    );
}
