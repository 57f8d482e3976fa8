//! Hostile frames: a seeded flood of random bytes, bad UTF-8, huge and deeply nested frames, wrong
//! versions, codes and tokens, moves out of turn, host commands from strangers and chat floods, from
//! strangers and from a watcher, interleaved with a real match. No panic, a typed error for what is
//! refused, and the players' match is byte for byte what it is without the attack.

use briscola::ai::Level;
use briscola::{Action, Card, Preset, Rng, Ruleset};

use super::harness::{HOST, Sim};
use crate::protocol::{Absence, ClientMessage, SeatChoice, ServerMessage, Stage};
use crate::{ConnId, MAX_FRAME_BYTES, TableSettings};

const GUEST: ConnId = 101;
const WATCHER: ConnId = 150;
/// Strangers' connections (not joined).
const STRANGERS: [ConnId; 6] = [900, 901, 902, 903, 904, 905];
/// Hostile frames per run.
const FRAMES: usize = 12_000;

/// A started three-seat table: the host, a guest and a Medium AI, with a watcher and a timer.
fn table() -> Sim {
    let rules = Ruleset::preset(Preset::Briscola, 3).expect("preset");
    let settings = TableSettings {
        turn_seconds: Some(30),
        ..TableSettings::new(rules)
    };
    let mut sim = Sim::new(settings, 77);
    sim.audit();
    sim.send(
        HOST,
        &ClientMessage::SetSeat {
            seat: 2,
            occupant: SeatChoice::Ai {
                level: Level::Medium,
            },
        },
    );
    sim.join(GUEST, "Bea");
    sim.send(GUEST, &ClientMessage::Ready { ready: true });
    assert_eq!(sim.join(WATCHER, "Mallory"), None);
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    for conn in STRANGERS {
        sim.connect(conn);
    }
    sim
}

fn random_text(rng: &mut Rng, max: usize) -> String {
    let len = rng.below(max + 1);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => char::from(rng.below(32) as u8),
            1 => char::from_u32(0x202A + rng.below(5) as u32).unwrap_or('x'),
            _ => char::from(b' ' + rng.below(95) as u8),
        })
        .collect()
}

fn random_card(rng: &mut Rng) -> Card {
    let cards: Vec<Card> = Ruleset::preset(Preset::Briscola, 3)
        .expect("preset")
        .deck_cards()
        .iter()
        .collect();
    cards[rng.below(cards.len())]
}

/// One hostile frame.
fn hostile(rng: &mut Rng, code: &str, watcher_token: &str) -> Vec<u8> {
    let msg = |m: ClientMessage| crate::protocol::encode_client(&m).into_bytes();
    match rng.below(14) {
        0 => (0..rng.below(300)).map(|_| rng.below(256) as u8).collect(),
        1 => {
            let mut bytes = br#"{"v":2,"type":"chat","chat":{"kind":"text","text":""#.to_vec();
            bytes.extend([0xff, 0xc0, 0x80]);
            bytes.extend(br#""}}"#);
            bytes
        }
        2 if rng.below(20) == 0 => vec![b' '; MAX_FRAME_BYTES + 1 + rng.below(16_384)],
        2 => {
            let text = "x".repeat(MAX_FRAME_BYTES);
            msg(ClientMessage::Chat {
                chat: crate::protocol::ChatBody::Text { text },
            })
        }
        3 => {
            let depth = 100 + rng.below(400);
            format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes()
        }
        4 => format!(r#"{{"v":{},"type":"stand"}}"#, rng.below(5) + 2).into_bytes(),
        5 => format!(r#"{{"v":2,"type":{:?}}}"#, random_text(rng, 12)).into_bytes(),
        6 => msg(ClientMessage::Join {
            code: if rng.below(2) == 0 {
                code.to_string()
            } else {
                random_text(rng, 12)
            },
            name: random_text(rng, 40),
        }),
        7 => msg(ClientMessage::Rejoin {
            code: code.to_string(),
            token: match rng.below(3) {
                0 => format!("{:016x}{:016x}", rng.next_u64(), rng.next_u64()),
                1 => random_text(rng, 40),
                _ => watcher_token.to_string(),
            },
        }),
        8 => msg(ClientMessage::Act {
            action: match rng.below(3) {
                0 => Action::Play(random_card(rng)),
                1 => Action::Exchange(random_card(rng)),
                _ => Action::Pass,
            },
        }),
        9 => msg(ClientMessage::Chat {
            chat: crate::protocol::ChatBody::Text {
                text: random_text(rng, 250),
            },
        }),
        10 => msg(match rng.below(8) {
            0 => ClientMessage::Start,
            5 => ClientMessage::PlayAgain,
            6 => ClientMessage::CloseTable,
            1 => ClientMessage::SetTimer {
                seconds: Some(rng.below(1000) as u16),
            },
            2 => ClientMessage::Remove {
                seat: rng.below(8) as u8,
            },
            3 => ClientMessage::SetAbsence {
                absence: Absence::Ai { level: Level::Hard },
            },
            4 => ClientMessage::SetSeating { random: true },
            _ => ClientMessage::SetSeat {
                seat: rng.below(8) as u8,
                occupant: SeatChoice::Open,
            },
        }),
        11 => msg(match rng.below(9) {
            0 => ClientMessage::Mute {
                seat: rng.below(8) as u8,
                muted: rng.below(2) == 0,
            },
            1 => ClientMessage::Sit {
                seat: rng.below(8) as u8,
            },
            2 => ClientMessage::Team {
                team: rng.below(3) as u8,
            },
            3 => ClientMessage::Ready { ready: true },
            4 => ClientMessage::ProposeTimerOff,
            5 => ClientMessage::AgreeTimerOff,
            // Not `leave`: the watcher who leaves is forgotten, which the players see in the lobby.
            6 => ClientMessage::Sit { seat: 0 },
            7 => ClientMessage::Stand,
            _ => ClientMessage::Chat {
                chat: crate::protocol::ChatBody::Phrase {
                    phrase: crate::protocol::QuickPhrase::Oops,
                },
            },
        }),
        // A valid frame with its bytes damaged.
        _ => {
            let mut bytes = msg(ClientMessage::Act {
                action: Action::Play(random_card(rng)),
            });
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = rng.below(256) as u8;
            }
            bytes
        }
    }
}

/// The players' transcripts: every byte the host and the guest received.
fn transcripts(sim: &Sim) -> Vec<Vec<Vec<u8>>> {
    [HOST, GUEST]
        .iter()
        .map(|&c| sim.client(c).bytes.clone())
        .collect()
}

#[test]
fn twelve_thousand_hostile_frames_change_nothing_for_the_players() {
    let mut reference = table();
    reference.play_out(&mut Rng::new(3));
    assert_eq!(reference.table.stage(), Stage::Over);

    let mut attacked = table();
    let code = attacked.table.code();
    let watcher_token = attacked.client(WATCHER).token.clone().expect("a token");
    let mut rng = Rng::new(0xF022);
    let mut sent = 0;
    let mut attackers: Vec<ConnId> = STRANGERS.to_vec();
    attackers.push(WATCHER);
    attacked.play_out_with(&mut Rng::new(3), |sim| {
        // Spread the attack over the match, a burst before every step.
        let burst = (FRAMES - sent).min(400);
        for _ in 0..burst {
            let conn = attackers[rng.below(attackers.len())];
            if rng.below(100) == 0 && conn != WATCHER {
                sim.disconnect(conn);
                sim.connect(conn);
            }
            let frame = hostile(&mut rng, &code, &watcher_token);
            sim.send_raw(conn, &frame);
        }
        sent += burst;
    });
    assert!(sent >= 10_000, "only {sent} hostile frames");
    assert_eq!(attacked.table.stage(), Stage::Over);
    assert_eq!(
        attacked.table.game().map(|m| m.record()),
        reference.table.game().map(|m| m.record())
    );
    assert!(
        transcripts(&attacked) == transcripts(&reference),
        "the players received something else under attack"
    );
    // The attackers were answered, with errors.
    let errors: usize = attackers
        .iter()
        .map(|&c| attacked.client(c).errors().len())
        .sum();
    assert!(errors > sent / 2, "{errors} errors for {sent} frames");
    assert!(
        attackers
            .iter()
            .flat_map(|&c| attacked.client(c).errors())
            .any(|e| matches!(e, crate::ErrorCode::RateLimited { .. })),
        "join floods were slowed"
    );
    // Nothing an attacker received was about the players' hands (the auditor checked every frame).
    let auditor = attacked.auditor.as_ref().expect("audited");
    assert!(auditor.frames > sent);
    assert!(
        attacked
            .client(WATCHER)
            .messages
            .iter()
            .all(|m| !matches!(m, ServerMessage::Game { .. }))
    );
}
