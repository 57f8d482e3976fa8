//! Dropped connections: the seat is kept; the table waits or an AI stands in (the host's choice);
//! the token takes the same seat back and the current view is sent again.

use briscola::ai::Level;
use briscola::{Preset, Rng, Ruleset};

use super::harness::{HOST, Sim};
use crate::protocol::{Absence, ClientMessage, ErrorCode, PublicEvent, ServerMessage, Stage};
use crate::{ConnId, TableSettings};

const GUEST: ConnId = 101;

/// A started two-player table: the host and a guest.
pub fn two_people(settings: TableSettings) -> Sim {
    let mut sim = Sim::new(settings, 11);
    sim.join(GUEST, "Bea");
    sim.send(GUEST, &ClientMessage::Ready { ready: true });
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    sim
}

fn briscola() -> TableSettings {
    TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("preset"))
}

/// Plays random legal moves until `seat` is to move (people only).
fn until_turn_of(sim: &mut Sim, seat: u8, rng: &mut Rng) {
    for _ in 0..100 {
        if sim.table.seat_to_move_for_tests() == Some(seat) {
            return;
        }
        let (conn, legal) = sim.person_to_move().expect("a person to move");
        let action = legal[rng.below(legal.len())];
        sim.send(conn, &ClientMessage::Act { action });
    }
    panic!("seat {seat} never moves");
}

fn rejoin(sim: &mut Sim, conn: ConnId, token: String) {
    sim.connect(conn);
    let code = sim.table.code();
    sim.send(conn, &ClientMessage::Rejoin { code, token });
}

#[test]
fn the_table_waits_for_a_dropped_person_who_rejoins_the_same_seat() {
    let mut rng = Rng::new(1);
    let mut sim = two_people(briscola());
    let seat = sim.client(GUEST).seat.expect("seated");
    let token = sim.client(GUEST).token.clone().expect("a token");
    until_turn_of(&mut sim, seat, &mut rng);
    let record = sim.table.game().expect("started").record();
    sim.disconnect(GUEST);
    assert_eq!(
        sim.client(HOST).messages.iter().rev().nth(1),
        Some(&ServerMessage::Event {
            event: PublicEvent::Disconnected { seat }
        })
    );
    // Nobody plays for the seat: no AI, no clock (the timer is off), nothing due.
    assert!(sim.table.ai_request().is_none());
    assert_eq!(sim.table.next_tick(), None);
    sim.tick_at(sim.now + 3_600_000);
    assert_eq!(sim.table.game().expect("started").record(), record);
    // A wrong token or code is refused; the right token takes the seat back on a new connection.
    rejoin(&mut sim, 201, "0".repeat(32));
    assert_eq!(sim.client(201).last_error(), Some(ErrorCode::BadToken));
    sim.connect(202);
    sim.send(
        202,
        &ClientMessage::Rejoin {
            code: "00000-00000".into(),
            token: token.clone(),
        },
    );
    assert_eq!(sim.client(202).last_error(), Some(ErrorCode::WrongCode));
    rejoin(&mut sim, 203, token.clone());
    let back = sim.client(203);
    assert_eq!(back.seat, Some(seat));
    assert_eq!(back.token.as_ref(), Some(&token));
    let view = back.view.as_ref().expect("the current view is sent again");
    let game = sim.table.game().expect("started");
    assert_eq!(view.observation, game.game().observation(seat));
    assert!(!view.observation.legal_actions.is_empty());
    assert!(sim.client(HOST).messages.contains(&ServerMessage::Event {
        event: PublicEvent::Reconnected { seat }
    }));
    sim.play_out(&mut rng);
    assert_eq!(sim.table.stage(), Stage::Over);
    assert!(matches!(
        sim.client(203).messages.last(),
        Some(ServerMessage::MatchOver { .. })
    ));
    // After the match, the token still brings the record.
    rejoin(&mut sim, 204, token);
    assert!(matches!(
        sim.client(204).messages.last(),
        Some(ServerMessage::MatchOver { .. })
    ));
}

#[test]
fn an_ai_plays_for_a_dropped_person_until_they_rejoin_if_the_host_says_so() {
    let mut rng = Rng::new(2);
    let mut sim = two_people(briscola());
    let seat = sim.client(GUEST).seat.expect("seated");
    let token = sim.client(GUEST).token.clone().expect("a token");
    sim.send(
        HOST,
        &ClientMessage::SetAbsence {
            absence: Absence::Ai { level: Level::Easy },
        },
    );
    until_turn_of(&mut sim, seat, &mut rng);
    assert!(sim.table.ai_request().is_none(), "the person is here");
    sim.disconnect(GUEST);
    let request = sim.table.ai_request().expect("an AI stands in");
    assert_eq!(request.seat, seat);
    assert_eq!(request.observation.seat, seat);
    let moves = sim.table.game().expect("started").record().hands[0]
        .actions
        .len();
    sim.drive_ai();
    let hand = &sim.table.game().expect("started").record().hands[0];
    assert!(hand.actions.len() > moves);
    // The stand-in's moves for the person are marked in the record; the people's own are not.
    let stood_in: Vec<usize> = (moves..hand.actions.len())
        .filter(|&index| hand.is_played_for(index))
        .collect();
    assert!(!stood_in.is_empty(), "the stand-in moved for the person");
    assert_eq!(stood_in.len(), hand.actions.len() - moves);
    assert_eq!(hand.played_for.len(), stood_in.len());
    // An answer computed before the game moved on is refused.
    let action = crate::decide(&request);
    assert_eq!(
        sim.table.apply_ai(&request, action, sim.now),
        Err(ErrorCode::Stale)
    );
    until_turn_of(&mut sim, seat, &mut rng);
    let request = sim.table.ai_request().expect("still standing in");
    rejoin(&mut sim, 301, token);
    assert!(sim.table.ai_request().is_none(), "the person is back");
    let action = crate::decide(&request);
    assert_eq!(
        sim.table.apply_ai(&request, action, sim.now),
        Err(ErrorCode::Stale),
        "the stand-in's late answer does not play for the person"
    );
    assert!(sim.person_to_move().is_some_and(|(conn, _)| conn == 301));
}

#[test]
fn a_second_connection_with_the_token_replaces_the_first() {
    let mut sim = two_people(briscola());
    let token = sim.client(GUEST).token.clone().expect("a token");
    let seat = sim.client(GUEST).seat;
    rejoin(&mut sim, 401, token);
    assert_eq!(
        sim.client(GUEST).messages.last(),
        Some(&ServerMessage::Replaced)
    );
    sim.send(
        GUEST,
        &ClientMessage::Chat {
            chat: crate::protocol::ChatBody::Text { text: "hi".into() },
        },
    );
    assert_eq!(sim.client(GUEST).last_error(), Some(ErrorCode::NotJoined));
    assert_eq!(sim.client(401).seat, seat);
    // No disconnection was announced: the seat never lost its person.
    assert!(!sim.client(HOST).messages.iter().any(|m| matches!(
        m,
        ServerMessage::Event {
            event: PublicEvent::Disconnected { .. }
        }
    )));
}

/// The public events `conn` received.
fn events_of(sim: &Sim, conn: ConnId) -> Vec<PublicEvent> {
    sim.client(conn)
        .messages
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Event { event } => Some(event.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_host_unsticks_a_match_waiting_for_a_dropped_person_and_everyone_is_told() {
    const WATCHER: ConnId = 102;
    let mut rng = Rng::new(3);
    let mut sim = Sim::new(briscola(), 11);
    sim.join(GUEST, "Bea");
    assert_eq!(
        sim.join(WATCHER, "Cleo"),
        None,
        "the table is full: Cleo watches"
    );
    sim.send(GUEST, &ClientMessage::Ready { ready: true });
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    let seat = sim.client(GUEST).seat.expect("seated");
    let token = sim.client(GUEST).token.clone().expect("a token");
    until_turn_of(&mut sim, seat, &mut rng);
    sim.disconnect(GUEST);
    // The default: the table waits, for ever with the timer off.
    assert!(sim.table.ai_request().is_none());
    assert_eq!(sim.table.next_tick(), None);

    // The host lets the computer play for Bea: everyone is told, naming her seat.
    sim.send(
        HOST,
        &ClientMessage::SetAbsence {
            absence: Absence::Ai { level: Level::Easy },
        },
    );
    assert_eq!(sim.client(HOST).errors(), vec![]);
    let told = PublicEvent::AbsenceChanged {
        absence: Absence::Ai { level: Level::Easy },
        absent: vec![seat],
    };
    for conn in [HOST, WATCHER] {
        assert_eq!(events_of(&sim, conn).last(), Some(&told), "{conn} is told");
    }
    let request = sim
        .table
        .ai_request()
        .expect("the stand-in plays Bea's turn");
    assert_eq!(request.seat, seat);
    let moves = sim.table.game().expect("started").record().hands[0]
        .actions
        .len();
    let action = crate::decide(&request);
    let out = sim
        .table
        .apply_ai(&request, action, sim.now)
        .expect("the stand-in's move is taken");
    sim.deliver(out);
    let hand = &sim.table.game().expect("started").record().hands[0];
    assert_eq!(hand.actions.len(), moves + 1);
    assert!(hand.is_played_for(moves), "marked as made for Bea");
    for conn in [HOST, WATCHER] {
        assert!(events_of(&sim, conn).contains(&PublicEvent::Acted { seat, action }));
    }
    // Setting what is already set tells nobody anything.
    let heard = sim.client(WATCHER).messages.len();
    sim.send(
        HOST,
        &ClientMessage::SetAbsence {
            absence: Absence::Ai { level: Level::Easy },
        },
    );
    assert_eq!(sim.client(WATCHER).messages.len(), heard);

    // Bea rejoins: her next turn is hers, not the stand-in's.
    rejoin(&mut sim, 301, token.clone());
    until_turn_of(&mut sim, seat, &mut rng);
    assert!(sim.table.ai_request().is_none(), "Bea plays her seat again");
    let (conn, legal) = sim.person_to_move().expect("Bea to move");
    assert_eq!(conn, 301);
    let moves = sim.table.game().expect("started").record().hands[0]
        .actions
        .len();
    sim.send(conn, &ClientMessage::Act { action: legal[0] });
    let hand = &sim.table.game().expect("started").record().hands[0];
    assert_eq!(hand.actions.len(), moves + 1, "her own move is taken");
    assert!(!hand.is_played_for(moves), "and is hers");

    // The host has the table wait again: nobody dropped now, and everyone is told so.
    sim.send(
        HOST,
        &ClientMessage::SetAbsence {
            absence: Absence::Wait,
        },
    );
    let told = PublicEvent::AbsenceChanged {
        absence: Absence::Wait,
        absent: vec![],
    };
    for conn in [HOST, WATCHER, 301] {
        assert_eq!(events_of(&sim, conn).last(), Some(&told), "{conn} is told");
    }
    until_turn_of(&mut sim, seat, &mut rng);
    sim.disconnect(301);
    assert!(sim.table.ai_request().is_none(), "the table waits for Bea");
    assert_eq!(sim.table.next_tick(), None);
}

#[test]
fn the_absence_setting_in_the_lobby_is_no_event() {
    let mut sim = Sim::new(briscola(), 11);
    sim.join(GUEST, "Bea");
    sim.send(
        HOST,
        &ClientMessage::SetAbsence {
            absence: Absence::Ai { level: Level::Hard },
        },
    );
    assert_eq!(sim.client(HOST).errors(), vec![]);
    assert!(events_of(&sim, GUEST).is_empty());
    assert_eq!(
        sim.client(GUEST)
            .messages
            .iter()
            .rev()
            .find_map(|m| match m {
                ServerMessage::Lobby { lobby } => Some(lobby.settings.absence),
                _ => None,
            }),
        Some(Absence::Ai { level: Level::Hard })
    );
}
