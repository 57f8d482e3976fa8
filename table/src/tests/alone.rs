//! A table with one person and AI seats — a match against the computer — and what it offers them:
//! the next hand when they ask for it, taking a move back, giving the match up; the same requests
//! refused at a table with friends.

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Rng, Ruleset};

use super::harness::{HOST, Sim};
use super::rejoin::two_people;
use crate::protocol::{ClientMessage, ErrorCode, PublicEvent, ServerMessage, Stage};
use crate::{MatchSeeds, TableSettings};

/// A table where "host" plays the computer at every other seat, started.
fn against_the_computer(players: u8, undo: bool, seeds: Option<MatchSeeds>) -> Sim {
    let ruleset = Ruleset::preset(Preset::Briscola, players).expect("preset");
    let settings = TableSettings {
        undo,
        deal_when_asked: true,
        format: MatchFormat::FirstTo { hands: 2 },
        ..TableSettings::new(ruleset)
    };
    Sim::against_the_computer(settings, 9, seeds, false)
}

/// Plays the person's moves (the first legal one) and the AI's until the hand is over.
fn finish_hand(sim: &mut Sim) {
    for _ in 0..200 {
        sim.drive_ai();
        let view = sim.client(HOST).view.clone().expect("a view");
        if view.awaiting_next_hand || sim.table.stage() != Stage::Playing {
            return;
        }
        let action = view.observation.legal_actions[0];
        sim.send(HOST, &ClientMessage::Act { action });
    }
    panic!("the hand does not end");
}

fn events(sim: &Sim) -> Vec<PublicEvent> {
    sim.client(HOST)
        .messages
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Event { event } => Some(event.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_table_that_deals_when_asked_waits_for_the_person_after_each_hand() {
    let mut sim = against_the_computer(2, false, None);
    sim.send(HOST, &ClientMessage::NextHand);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::HandNotOver));
    finish_hand(&mut sim);
    assert_eq!(sim.table.stage(), Stage::Playing, "first to 2 hands");
    assert_eq!(sim.table.next_tick(), None, "no pause: the table waits");
    sim.tick_at(sim.now + 60_000);
    let view = sim.client(HOST).view.clone().expect("a view");
    assert!(view.awaiting_next_hand);
    assert_eq!(view.hand, 1, "still the first hand after a minute");
    sim.send(HOST, &ClientMessage::NextHand);
    let view = sim.client(HOST).view.clone().expect("a view");
    assert!(!view.awaiting_next_hand);
    assert_eq!(view.hand, 2, "dealt as soon as asked");
}

#[test]
fn at_a_table_with_friends_the_next_hand_comes_when_everyone_asked_or_after_the_pause() {
    let settings = TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"));
    let mut sim = two_people(TableSettings {
        format: MatchFormat::FirstTo { hands: 2 },
        ..settings
    });
    let guest = 101;
    let mut rng = Rng::new(4);
    while !sim
        .client(HOST)
        .view
        .as_ref()
        .is_some_and(|v| v.awaiting_next_hand)
    {
        let (conn, legal) = sim.person_to_move().expect("a person to move");
        let action = legal[rng.below(legal.len())];
        sim.send(conn, &ClientMessage::Act { action });
    }
    assert!(sim.table.next_tick().is_some(), "the pause runs");
    sim.send(HOST, &ClientMessage::NextHand);
    assert_eq!(sim.client(HOST).view.as_ref().map(|v| v.hand), Some(1));
    sim.send(guest, &ClientMessage::NextHand);
    assert_eq!(
        sim.client(HOST).view.as_ref().map(|v| v.hand),
        Some(2),
        "both asked: dealt before the pause ends"
    );
}

#[test]
fn undo_takes_back_the_persons_last_move_and_the_moves_after_it() {
    let mut sim = against_the_computer(3, true, None);
    sim.drive_ai();
    let before = sim.client(HOST).view.clone().expect("a view");
    assert!(!before.can_undo, "nothing of yours to take back yet");
    sim.send(HOST, &ClientMessage::Undo);
    assert_eq!(
        sim.client(HOST).last_error(),
        Some(ErrorCode::NothingToUndo)
    );
    let action = before.observation.legal_actions[0];
    sim.send(HOST, &ClientMessage::Act { action });
    sim.drive_ai();
    let after = sim.client(HOST).view.clone().expect("a view");
    assert!(after.can_undo);
    sim.send(HOST, &ClientMessage::Undo);
    let back = sim.client(HOST).view.clone().expect("a view");
    assert_eq!(back.observation, before.observation, "back where you chose");
    assert_eq!(back.undos, 1);
    assert!(events(&sim).contains(&PublicEvent::TookBack { seat: 0 }));
}

#[test]
fn undo_is_refused_where_the_table_does_not_allow_it_or_friends_sit() {
    let mut sim = against_the_computer(2, false, None);
    sim.drive_ai();
    let action = sim
        .client(HOST)
        .view
        .clone()
        .expect("a view")
        .observation
        .legal_actions[0];
    sim.send(HOST, &ClientMessage::Act { action });
    sim.send(HOST, &ClientMessage::Undo);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::UndoOff));

    let settings = TableSettings {
        undo: true,
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    };
    let mut sim = two_people(settings);
    let (conn, legal) = sim.person_to_move().expect("a person to move");
    assert!(
        sim.client(conn)
            .view
            .as_ref()
            .is_some_and(|v| !v.can_resign),
        "not yours to give up with a friend seated"
    );
    sim.send(conn, &ClientMessage::Act { action: legal[0] });
    sim.send(conn, &ClientMessage::Undo);
    assert_eq!(sim.client(conn).last_error(), Some(ErrorCode::NotAlone));
    sim.send(conn, &ClientMessage::Resign);
    assert_eq!(sim.client(conn).last_error(), Some(ErrorCode::NotAlone));
    assert_eq!(sim.table.stage(), Stage::Playing);
}

#[test]
fn resigning_ends_the_match_at_once_and_sends_the_record() {
    let mut sim = against_the_computer(4, false, None);
    sim.drive_ai();
    assert!(sim.client(HOST).view.as_ref().is_some_and(|v| v.can_resign));
    sim.send(HOST, &ClientMessage::Resign);
    assert_eq!(sim.table.stage(), Stage::Over);
    assert!(events(&sim).contains(&PublicEvent::Resigned { seat: 0 }));
    let last = sim.client(HOST).view.clone().expect("a view");
    let action = last.observation.legal_actions[0];
    sim.send(HOST, &ClientMessage::Act { action });
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::NotPlaying));
    let over = sim.client(HOST).messages.iter().find_map(|m| match m {
        ServerMessage::MatchOver {
            resigned, outcome, ..
        } => Some((*resigned, outcome.clone())),
        _ => None,
    });
    assert_eq!(over, Some((Some(0), None)));
    let winners = sim.table.winners().expect("over");
    assert!(
        !winners.contains(&0) && !winners.contains(&2),
        "{winners:?}"
    );
    assert!(sim.table.ai_request().is_none(), "nobody moves any more");
    sim.send(HOST, &ClientMessage::Resign);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::NotPlaying));
}

#[test]
fn a_match_dealt_from_given_seeds_is_the_engines_match_of_those_seeds() {
    let seeds = MatchSeeds {
        deal: 77,
        ai: 77,
        dealer: 1,
    };
    let mut sim = against_the_computer(2, false, Some(seeds));
    let record = sim.table.game().expect("started").record();
    assert_eq!(record.seed, 77);
    assert_eq!(record.first_dealer, 1);
    while sim.table.stage() == Stage::Playing {
        finish_hand(&mut sim);
        if sim.table.stage() == Stage::Playing {
            sim.send(HOST, &ClientMessage::NextHand);
        }
    }
    // The same seeds give the same match: deals and AI moves alike.
    let mut again = against_the_computer(2, false, Some(seeds));
    while again.table.stage() == Stage::Playing {
        finish_hand(&mut again);
        if again.table.stage() == Stage::Playing {
            again.send(HOST, &ClientMessage::NextHand);
        }
    }
    assert_eq!(
        sim.table.game().expect("played").record(),
        again.table.game().expect("played").record()
    );
}

#[test]
fn undos_and_a_resign_survive_a_snapshot() {
    let mut sim = against_the_computer(2, true, None);
    sim.drive_ai();
    let action = sim
        .client(HOST)
        .view
        .clone()
        .expect("a view")
        .observation
        .legal_actions[0];
    sim.send(HOST, &ClientMessage::Act { action });
    sim.send(HOST, &ClientMessage::Undo);
    let snapshot = sim.table.snapshot(sim.now);
    let restored = crate::Table::restore(snapshot.clone(), 0).expect("restores");
    assert_eq!(restored.snapshot(0), snapshot);
    assert!(snapshot_text(&snapshot).contains("\"undos\":1"));
    sim.send(HOST, &ClientMessage::Resign);
    let snapshot = sim.table.snapshot(sim.now);
    let restored = crate::Table::restore(snapshot.clone(), 0).expect("restores");
    assert_eq!(restored.stage(), Stage::Over);
    assert_eq!(restored.winners(), sim.table.winners());
}

fn snapshot_text(snapshot: &crate::TableSnapshot) -> String {
    serde_json::to_string(snapshot).expect("serializes")
}

#[test]
fn a_match_against_the_computer_is_the_engines_seated_match_of_its_seed() {
    // The app dealt matches against the computer from one seed for the deals and the AI's choices,
    // with the engine's runner; a table dealt from the same seeds makes the very same decisions
    // (every level asks the runner for its request), so saves and replays of either agree.
    let seed = 41;
    let dealer = 2;
    let seeds = MatchSeeds {
        deal: seed,
        ai: seed,
        dealer,
    };
    let mut sim = against_the_computer(3, false, Some(seeds));
    while sim.table.stage() == Stage::Playing {
        finish_hand(&mut sim);
        if sim.table.stage() == Stage::Playing {
            sim.send(HOST, &ClientMessage::NextHand);
        }
    }
    let table = sim.table.game().expect("played").record();
    let rules = Ruleset::preset(Preset::Briscola, 3).expect("preset");
    let mut runner =
        briscola::SeatedMatch::new(rules, MatchFormat::FirstTo { hands: 2 }, dealer, seed, seed)
            .expect("a match");
    while runner.game().outcome().is_none() {
        if runner.game().awaiting_next_hand() {
            runner.next_hand().expect("the next hand");
            continue;
        }
        let seat = runner.to_move().expect("a seat to move");
        if seat == 0 {
            let action = runner.game().game().observation(0).legal_actions[0];
            runner.play(0, action).expect("legal");
        } else {
            let request = runner.request(seat, Level::Medium).expect("the AI's turn");
            let action = request.decide().action;
            runner.apply_ai(&request, action, false).expect("legal");
        }
    }
    assert_eq!(table, runner.game().record());
}
