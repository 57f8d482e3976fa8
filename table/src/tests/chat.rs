//! Chat: limits, the rate per person (a new connection does not reset it), mutes per recipient.

use briscola::{Preset, Ruleset};

use super::harness::{HOST, Sim};
use crate::TableSettings;
use crate::protocol::{ChatBody, ClientMessage, ErrorCode, QuickPhrase, ServerMessage};

fn three() -> Sim {
    let rules = Ruleset::preset(Preset::Briscola, 3).expect("preset");
    let mut sim = Sim::new(TableSettings::new(rules), 8);
    sim.join(101, "Bea");
    sim.join(102, "Cy");
    sim
}

fn say(text: &str) -> ClientMessage {
    ClientMessage::Chat {
        chat: ChatBody::Text { text: text.into() },
    }
}

fn chats(sim: &Sim, conn: u64) -> usize {
    sim.client(conn)
        .messages
        .iter()
        .filter(|m| matches!(m, ServerMessage::Chat { .. }))
        .count()
}

#[test]
fn lines_are_capped_and_clean_and_phrases_are_ids() {
    let mut sim = three();
    sim.send(101, &say(&"é".repeat(200)));
    assert_eq!(chats(&sim, 102), 1);
    sim.now += 1_000;
    sim.send(101, &say(&"é".repeat(201)));
    assert_eq!(
        sim.client(101).last_error(),
        Some(ErrorCode::ChatTooLong { max: 200 })
    );
    sim.now += 1_000;
    sim.send(101, &say("a\u{1b}[2Jb"));
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::ChatControl));
    sim.now += 1_000;
    sim.send(101, &say("   "));
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::ChatEmpty));
    sim.now += 1_000;
    sim.send(
        101,
        &ClientMessage::Chat {
            chat: ChatBody::Phrase {
                phrase: QuickPhrase::GoodLuck,
            },
        },
    );
    let last = sim.client(HOST).messages.last().cloned();
    let Some(ServerMessage::Chat { from, chat }) = last else {
        panic!("no chat: {last:?}");
    };
    assert_eq!((from.seat, from.name.as_str()), (1, "Bea"));
    assert_eq!(
        chat,
        ChatBody::Phrase {
            phrase: QuickPhrase::GoodLuck
        }
    );
    assert_eq!(chats(&sim, 102), 2);
}

#[test]
fn a_flood_is_cut_to_five_lines_then_one_a_second() {
    let mut sim = three();
    for i in 0..50 {
        sim.send(101, &say(&format!("spam {i}")));
    }
    assert_eq!(chats(&sim, 102), 5);
    assert!(matches!(
        sim.client(101).last_error(),
        Some(ErrorCode::RateLimited { retry_ms }) if retry_ms <= 1_000
    ));
    // Other people's chat is not slowed by it.
    sim.send(102, &say("hello"));
    assert_eq!(chats(&sim, HOST), 6);
    sim.now += 1_000;
    sim.send(101, &say("sorry"));
    assert_eq!(chats(&sim, HOST), 7);
}

#[test]
fn a_mute_hides_one_sender_from_one_reader_only() {
    let mut sim = three();
    sim.send(
        102,
        &ClientMessage::Mute {
            seat: 1,
            muted: true,
        },
    );
    assert_eq!(
        sim.client(102).messages.last(),
        Some(&ServerMessage::Muted {
            seat: 1,
            muted: true
        })
    );
    sim.send(101, &say("can you hear me"));
    assert_eq!(chats(&sim, 102), 0, "Cy muted Bea");
    assert_eq!(chats(&sim, HOST), 1, "the host did not");
    assert_eq!(chats(&sim, 101), 1, "Bea sees her own line");
    sim.send(HOST, &say("I can"));
    assert_eq!(chats(&sim, 102), 1, "Cy still hears the host");
    sim.send(
        102,
        &ClientMessage::Mute {
            seat: 1,
            muted: false,
        },
    );
    sim.now += 1_000;
    sim.send(101, &say("and now"));
    assert_eq!(chats(&sim, 102), 2);
    sim.send(
        102,
        &ClientMessage::Mute {
            seat: 2,
            muted: true,
        },
    );
    assert_eq!(
        sim.client(102).last_error(),
        Some(ErrorCode::NoPerson { seat: 2 })
    );
    sim.send(
        102,
        &ClientMessage::Mute {
            seat: 7,
            muted: true,
        },
    );
    assert_eq!(
        sim.client(102).last_error(),
        Some(ErrorCode::NoSuchSeat { seat: 7 })
    );
}

#[test]
fn watchers_do_not_chat() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut sim = Sim::new(TableSettings::new(rules), 9);
    sim.join(101, "Bea");
    assert_eq!(sim.join(102, "Cy"), None);
    sim.send(102, &say("hi"));
    assert_eq!(sim.client(102).last_error(), Some(ErrorCode::NotSeated));
    assert_eq!(chats(&sim, HOST), 0);
}

#[test]
fn rejoining_with_a_token_does_not_refill_the_chat_limit() {
    let mut sim = three();
    let token = sim.client(101).token.clone().expect("a token");
    let code = sim.table.code();
    for round in 0..8u64 {
        // A fresh connection each time, each taking the seat back with the token.
        let conn = 500 + round;
        sim.connect(conn);
        sim.send(
            conn,
            &ClientMessage::Rejoin {
                code: code.clone(),
                token: token.clone(),
            },
        );
        for i in 0..5 {
            sim.send(conn, &say(&format!("spam {round} {i}")));
        }
        // Join attempts are limited too: time passes as the attacker waits for them.
        sim.now += 2_000;
    }
    // 5 at once, then one a second: 5 + 14 s of refills at most over the 16 s.
    let heard = chats(&sim, 102);
    assert!(heard <= 5 + 16, "{heard} lines");
    assert!(heard < 40, "{heard} lines: the limit was reset");
}
