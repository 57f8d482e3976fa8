//! After the match: the host takes everyone back to the lobby for another match at the same table,
//! or closes the table and everyone is told.

use briscola::{Preset, Rng, Ruleset};

use super::harness::HOST;
use super::rejoin::two_people;
use crate::protocol::{ClientMessage, ClosedReason, ErrorCode, SeatView, ServerMessage, Stage};
use crate::{ConnId, TableSettings};

const GUEST: ConnId = 101;

fn briscola() -> TableSettings {
    TableSettings {
        turn_seconds: Some(30),
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
    }
}

#[test]
fn play_again_brings_the_same_people_back_to_the_lobby_for_a_new_match() {
    let mut rng = Rng::new(3);
    let mut sim = two_people(briscola());
    let seats = (sim.client(HOST).seat, sim.client(GUEST).seat);
    sim.send(HOST, &ClientMessage::PlayAgain);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::NotOver));
    sim.play_out(&mut rng);
    assert_eq!(sim.table.stage(), Stage::Over);
    let first = sim.table.game().expect("played").record();
    sim.send(GUEST, &ClientMessage::PlayAgain);
    assert_eq!(sim.client(GUEST).last_error(), Some(ErrorCode::NotHost));
    sim.send(HOST, &ClientMessage::PlayAgain);
    assert_eq!(sim.table.stage(), Stage::Lobby);
    assert!(sim.table.game().is_none());
    let lobby = sim.table.lobby_view();
    assert_eq!(lobby.settings.turn_seconds, Some(30), "the timer as it was");
    assert!(
        lobby
            .seats
            .iter()
            .all(|s| matches!(s, SeatView::Person { ready: false, .. })),
        "the same people, nobody ready: {lobby:?}"
    );
    sim.send(HOST, &ClientMessage::Start);
    assert!(matches!(
        sim.client(HOST).last_error(),
        Some(ErrorCode::CannotStart { .. })
    ));
    sim.send(GUEST, &ClientMessage::Ready { ready: true });
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    assert_eq!((sim.client(HOST).seat, sim.client(GUEST).seat), seats);
    sim.play_out(&mut rng);
    let second = sim.table.game().expect("played").record();
    assert_ne!(first.seed, second.seed, "a new deal");
    assert!(second.replay().expect("replays").outcome().is_some());
}

#[test]
fn the_host_closes_the_table_and_everyone_is_told() {
    let mut sim = two_people(briscola());
    sim.connect(300);
    sim.send(GUEST, &ClientMessage::CloseTable);
    assert_eq!(sim.client(GUEST).last_error(), Some(ErrorCode::NotHost));
    assert!(!sim.table.is_closed());
    sim.send(HOST, &ClientMessage::CloseTable);
    assert!(sim.table.is_closed());
    let closed = ServerMessage::Closed {
        reason: ClosedReason::HostClosed,
    };
    for conn in [HOST, GUEST, 300] {
        assert_eq!(sim.client(conn).messages.last(), Some(&closed), "{conn}");
    }
}
