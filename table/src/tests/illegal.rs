//! Illegal, out-of-turn and malformed moves: a typed error to the sender, and nothing else changes —
//! not the game, not the version, not what anyone else receives.

use briscola::{Action, Bid, Preset, Rank, Rng, Ruleset};

use super::harness::{HOST, Sim};
use crate::protocol::{ClientMessage, ErrorCode, ProtocolError, ServerMessage, Stage};
use crate::{ConnId, TableSettings};

/// Sends `message` from `conn` and checks it was refused with `expected` and changed nothing.
fn refused(sim: &mut Sim, conn: ConnId, frame: &[u8], expected: impl Fn(&ErrorCode) -> bool) {
    let record = sim.table.game().map(|m| m.record());
    let version = sim.table.version();
    let counts: Vec<(ConnId, usize)> = sim
        .clients
        .iter()
        .map(|(&c, client)| (c, client.messages.len()))
        .collect();
    sim.send_raw(conn, frame);
    assert_eq!(sim.table.game().map(|m| m.record()), record);
    assert_eq!(sim.table.version(), version);
    for (c, before) in counts {
        let client = sim.client(c);
        let got = &client.messages[before..];
        if c == conn {
            match got {
                [ServerMessage::Error { error }] => assert!(expected(error), "{error:?}"),
                other => panic!("expected one error, got {other:?}"),
            }
        } else {
            assert!(got.is_empty(), "{c} received {got:?}");
        }
    }
}

fn act(action: Action) -> Vec<u8> {
    crate::protocol::encode_client(&ClientMessage::Act { action }).into_bytes()
}

#[test]
fn refused_moves_change_nothing_over_a_whole_match() {
    let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
    let mut sim = Sim::new(TableSettings::new(rules), 21);
    for (conn, name) in [(101, "Bea"), (102, "Cy"), (103, "Di")] {
        sim.join(conn, name);
        sim.send(conn, &ClientMessage::Ready { ready: true });
    }
    // Before the start, nobody plays.
    let ace = Action::Play("Ad".parse().expect("a card"));
    refused(&mut sim, 101, &act(ace), |e| *e == ErrorCode::NotPlaying);
    sim.send(HOST, &ClientMessage::Start);
    let mut rng = Rng::new(5);
    let mut checked = 0;
    while sim.table.stage() == Stage::Playing {
        let Some((mover, legal)) = sim.person_to_move() else {
            let due = sim.table.next_tick().expect("a deal is due");
            sim.tick_at(due);
            continue;
        };
        let game = sim.table.game().expect("started").game().clone();
        let to_move = game.to_move();
        // Everyone else, with a card of their own.
        for seat in (0..4).filter(|&s| s != to_move) {
            let conn = sim.conn_at(seat).expect("a person");
            if let Some(card) = game.hand(seat).iter().next() {
                refused(&mut sim, conn, &act(Action::Play(card)), |e| {
                    *e == ErrorCode::NotYourTurn
                });
            }
        }
        // The mover, with a card it does not hold, a bid, and garbage.
        let elsewhere = game.hand((to_move + 1) % 4).iter().next();
        if let Some(card) = elsewhere {
            refused(&mut sim, mover, &act(Action::Play(card)), |e| {
                matches!(e, ErrorCode::Illegal { .. })
            });
        }
        let bid = Action::Bid(Bid {
            rank: Rank::Ace,
            points: 61,
        });
        refused(&mut sim, mover, &act(bid), |e| {
            matches!(e, ErrorCode::Illegal { .. })
        });
        refused(
            &mut sim,
            mover,
            br#"{"v":2,"type":"act","action":"Xx"}"#,
            |e| {
                *e == ErrorCode::Protocol {
                    reason: ProtocolError::Malformed,
                }
            },
        );
        // A lobby move and a host move mid-match.
        refused(&mut sim, mover, br#"{"v":2,"type":"sit","seat":0}"#, |e| {
            *e == ErrorCode::NotInLobby
        });
        refused(&mut sim, 101, br#"{"v":2,"type":"start"}"#, |e| {
            *e == ErrorCode::NotHost
        });
        checked += 1;
        let action = legal[rng.below(legal.len())];
        sim.send(mover, &ClientMessage::Act { action });
    }
    assert_eq!(
        checked, 40,
        "every card of the hand was preceded by refused moves"
    );
    refused(&mut sim, HOST, &act(ace), |e| *e == ErrorCode::NotPlaying);
}
