//! Whole matches of every preset and player count, people and AI seats together.

use briscola::ai::Level;
use briscola::{Preset, Rng, Ruleset, Seat};

use super::harness::{HOST, Sim};
use crate::protocol::{ClientMessage, SeatChoice, ServerMessage, Stage};
use crate::{ConnId, TableSettings};

/// The connection of a person watching without a seat.
pub const WATCHER: ConnId = 99;

/// Every preset with every player count it supports.
pub fn all_tables() -> Vec<(Preset, u8)> {
    Preset::ALL
        .into_iter()
        .flat_map(|p| p.player_counts().iter().map(move |&n| (p, n)))
        .collect()
}

/// Who sits at a seat in these tests: the host at 0, an AI at every third seat from 2 (Easy and
/// Medium in turn), people elsewhere.
pub fn ai_level(seat: Seat) -> Option<Level> {
    let level = if seat.is_multiple_of(2) {
        Level::Easy
    } else {
        Level::Medium
    };
    (seat % 3 == 2).then_some(level)
}

/// The connection of the person joining for `seat`.
pub fn guest(seat: Seat) -> ConnId {
    100 + ConnId::from(seat)
}

/// A started table of `preset` for `players`, in its usual format, seated as [`ai_level`] says; the
/// secrecy auditor is on from before the first join when `audit` is.
pub fn seat_table(preset: Preset, players: u8, seed: u64, audit: bool) -> Sim {
    seat_timed_table(preset, players, seed, audit, None)
}

/// [`seat_table`] with a turn timer.
pub fn seat_timed_table(
    preset: Preset,
    players: u8,
    seed: u64,
    audit: bool,
    turn_seconds: Option<u16>,
) -> Sim {
    let rules = Ruleset::preset(preset, players).expect("preset");
    seat_ruled_table(rules, seed, audit, turn_seconds)
}

/// [`seat_timed_table`] under any rules.
pub fn seat_ruled_table(rules: Ruleset, seed: u64, audit: bool, turn_seconds: Option<u16>) -> Sim {
    let players = rules.players;
    let settings = TableSettings {
        turn_seconds,
        ..TableSettings::new(rules)
    };
    let mut sim = Sim::new(settings, seed);
    if audit {
        sim.audit();
    }
    for seat in 1..players {
        if let Some(level) = ai_level(seat) {
            sim.send(
                HOST,
                &ClientMessage::SetSeat {
                    seat,
                    occupant: SeatChoice::Ai { level },
                },
            );
        }
    }
    for seat in (1..players).filter(|&s| ai_level(s).is_none()) {
        assert_eq!(sim.join(guest(seat), &format!("guest{seat}")), Some(seat));
        sim.send(guest(seat), &ClientMessage::Ready { ready: true });
    }
    // Every seat is taken: one more person only watches.
    assert_eq!(sim.join(WATCHER, "watcher"), None);
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(
        sim.table.stage(),
        Stage::Playing,
        "{} {players}",
        rules.preset
    );
    sim
}

#[test]
fn every_preset_plays_to_the_end_with_random_people_and_ai_seats() {
    let mut rng = Rng::new(2026);
    for (preset, players) in all_tables() {
        let mut sim = seat_table(preset, players, u64::from(players) * 31, false);
        sim.play_out(&mut rng);
        assert_eq!(sim.table.stage(), Stage::Over, "{preset} {players}");
        let game = sim.table.game().expect("played");
        let record = game.record();
        let replayed = record.replay().expect("the record replays");
        assert_eq!(replayed.outcome(), game.outcome());
        assert!(game.outcome().is_some());
        let people = (0..players).filter(|&s| ai_level(s).is_none()).count();
        let mut got = 0;
        for client in sim.clients.values() {
            if let Some(ServerMessage::MatchOver {
                record: sent,
                outcome,
                ..
            }) = client.messages.last()
            {
                assert_eq!(*sent, record);
                assert_eq!(outcome.as_ref(), game.outcome());
                got += 1;
            }
            assert!(client.errors().is_empty(), "{:?}", client.errors());
        }
        assert_eq!(
            got,
            people + 1,
            "{preset} {players}: every person, the watcher included, gets the record"
        );
    }
}
