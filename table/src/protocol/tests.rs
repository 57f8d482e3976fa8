//! The wire format: every message survives encoding, and every kind of bad frame is refused with its
//! own error.

use briscola::ai::Level;
use briscola::{Action, Card};

use super::*;

fn examples() -> Vec<ClientMessage> {
    let card: Card = "Ad".parse().expect("a card");
    vec![
        ClientMessage::Join {
            code: "7KQ2M-XR4TD".into(),
            name: "Ada".into(),
        },
        ClientMessage::Rejoin {
            code: "7KQ2M-XR4TD".into(),
            token: "00112233445566778899001122334455".into(),
        },
        ClientMessage::Sit { seat: 2 },
        ClientMessage::Stand,
        ClientMessage::Team { team: 1 },
        ClientMessage::Ready { ready: true },
        ClientMessage::Act {
            action: Action::Play(card),
        },
        ClientMessage::Chat {
            chat: ChatBody::Text {
                text: "ciao".into(),
            },
        },
        ClientMessage::Chat {
            chat: ChatBody::Phrase {
                phrase: QuickPhrase::WellPlayed,
            },
        },
        ClientMessage::ProposeTimerOff,
        ClientMessage::AgreeTimerOff,
        ClientMessage::Mute {
            seat: 1,
            muted: true,
        },
        ClientMessage::Leave,
        ClientMessage::SetSeat {
            seat: 3,
            occupant: SeatChoice::Ai {
                level: Level::Medium,
            },
        },
        ClientMessage::Remove { seat: 1 },
        ClientMessage::SetTimer { seconds: Some(30) },
        ClientMessage::SetAbsence {
            absence: Absence::Ai { level: Level::Easy },
        },
        ClientMessage::SetSeating { random: true },
        ClientMessage::OpenSeats { open: true },
        ClientMessage::Start,
        ClientMessage::PlayAgain,
        ClientMessage::CloseTable,
    ]
}

#[test]
fn every_client_message_survives_the_wire_with_its_version() {
    for message in examples() {
        let text = encode_client(&message);
        assert!(text.starts_with(r#"{"v":2,"type":""#), "{text}");
        assert_eq!(decode(text.as_bytes()), Ok(message), "{text}");
    }
}

#[test]
fn documented_frames_read_as_documented() {
    let read = |text: &str| decode(text.as_bytes());
    assert_eq!(
        read(r#"{"v":2,"type":"join","code":"7kq2m xr4td","name":"Ada"}"#),
        Ok(ClientMessage::Join {
            code: "7kq2m xr4td".into(),
            name: "Ada".into()
        })
    );
    let ace = Action::Play("Ad".parse().expect("a card"));
    // An action in the engine's typed form or in its text form.
    assert_eq!(
        read(r#"{"v":2,"type":"act","action":{"kind":"play","card":"Ad"}}"#),
        Ok(ClientMessage::Act { action: ace })
    );
    assert_eq!(
        read(r#"{"type":"act","action":"Ad","v":2}"#),
        Ok(ClientMessage::Act { action: ace })
    );
    assert_eq!(
        read(r#"{"v":2,"type":"chat","chat":{"kind":"phrase","phrase":"good-game"}}"#),
        Ok(ClientMessage::Chat {
            chat: ChatBody::Phrase {
                phrase: QuickPhrase::GoodGame
            }
        })
    );
    assert_eq!(
        read(r#"{"v":2,"type":"set-timer","seconds":null}"#),
        Ok(ClientMessage::SetTimer { seconds: None })
    );
    assert_eq!(
        read(r#"{"v":2,"type":"open-seats","open":true}"#),
        Ok(ClientMessage::OpenSeats { open: true })
    );
}

#[test]
fn bad_frames_get_their_own_errors() {
    let read = |bytes: &[u8]| decode(bytes);
    assert_eq!(read(b"\xff\xfe{}"), Err(ProtocolError::NotUtf8));
    assert_eq!(read(b"{\"v\":1,"), Err(ProtocolError::NotJson));
    assert_eq!(read(b""), Err(ProtocolError::NotJson));
    assert_eq!(read(b"[1,2]"), Err(ProtocolError::NotObject));
    assert_eq!(
        read(br#"{"type":"stand"}"#),
        Err(ProtocolError::Version {
            found: None,
            supported: 2
        })
    );
    assert_eq!(
        read(br#"{"v":3,"type":"stand"}"#),
        Err(ProtocolError::Version {
            found: Some(3),
            supported: 2
        })
    );
    // A version-1 frame (an old client's) is told apart.
    assert_eq!(
        read(br#"{"v":1,"type":"join","code":"7KQ2M-XR4TD","name":"Ada"}"#),
        Err(ProtocolError::Version {
            found: Some(1),
            supported: 2
        })
    );
    assert_eq!(
        read(br#"{"v":"1","type":"stand"}"#),
        Err(ProtocolError::Version {
            found: None,
            supported: 2
        })
    );
    for malformed in [
        r#"{"v":2}"#,
        r#"{"v":2,"type":"dance"}"#,
        r#"{"v":2,"type":"sit"}"#,
        r#"{"v":2,"type":"sit","seat":300}"#,
        r#"{"v":2,"type":"sit","seat":-1}"#,
        r#"{"v":2,"type":"act","action":"Zz"}"#,
        r#"{"v":2,"type":"act","action":{"kind":"play"}}"#,
        r#"{"v":2,"type":"chat","chat":{"kind":"phrase","phrase":"insult"}}"#,
        r#"{"v":2,"type":"set-seat","seat":1,"occupant":{"kind":"ai","level":"god"}}"#,
    ] {
        assert_eq!(
            read(malformed.as_bytes()),
            Err(ProtocolError::Malformed),
            "{malformed}"
        );
    }
    // Nesting deeper than serde_json's limit is refused, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    assert!(read(deep.as_bytes()).is_err());
}

#[test]
fn the_size_cap_is_64_kib_checked_before_reading() {
    let frame = br#"{"v":2,"type":"stand"}"#;
    let mut exact = frame.to_vec();
    exact.resize(MAX_FRAME_BYTES, b' ');
    assert_eq!(decode(&exact), Ok(ClientMessage::Stand));
    let mut over = exact.clone();
    over.push(b' ');
    assert_eq!(
        decode(&over),
        Err(ProtocolError::TooLarge {
            size: 65_537,
            max: 65_536
        })
    );
    // Not even read: invalid UTF-8 past the cap is still "too large".
    assert!(matches!(
        decode(&vec![0xff; MAX_FRAME_BYTES + 1]),
        Err(ProtocolError::TooLarge { .. })
    ));
}

#[test]
fn server_messages_carry_the_version_and_read_back() {
    let messages = [
        ServerMessage::Error {
            error: ErrorCode::Protocol {
                reason: ProtocolError::TooLarge {
                    size: 70_000,
                    max: 65_536,
                },
            },
        },
        ServerMessage::Error {
            error: ErrorCode::Illegal {
                reason: briscola::IllegalAction::HandOver,
            },
        },
        ServerMessage::TimerWarning {
            seat: 1,
            remaining_ms: 10_000,
        },
        ServerMessage::Removed,
    ];
    for message in messages {
        let text = encode(&message);
        assert!(text.starts_with(r#"{"v":2,"type":""#), "{text}");
        assert_eq!(decode_server(text.as_bytes()), Ok(message));
    }
    assert_eq!(
        encode(&ServerMessage::Error {
            error: ErrorCode::NotYourTurn
        }),
        r#"{"v":2,"type":"error","error":{"id":"not-your-turn"}}"#
    );
}

#[cfg(feature = "ts")]
#[test]
fn typescript_declarations_use_numbers_for_json_numbers() {
    use ts_rs::TS;
    let cfg = ts_rs::Config::default();
    for decl in [
        ClientMessage::decl(&cfg),
        ServerMessage::decl(&cfg),
        ErrorCode::decl(&cfg),
        ProtocolError::decl(&cfg),
        TurnClock::decl(&cfg),
        LobbyView::decl(&cfg),
    ] {
        assert!(!decl.contains("bigint"), "{decl}");
        assert!(decl.contains("type") || decl.contains('{'), "{decl}");
    }
    assert!(ServerMessage::decl(&cfg).contains("\"match-over\""));
}

/// What a frame reads as through the JSON tree alone (the reading every frame had to agree with).
fn through_tree(text: &str) -> Result<ClientMessage, ProtocolError> {
    let value = unversioned(text)?;
    serde_json::from_value(value).map_err(|_| ProtocolError::Malformed)
}

#[test]
fn reading_a_frame_straight_into_its_type_agrees_with_the_json_tree() {
    let mut frames: Vec<String> = examples().iter().map(encode_client).collect();
    frames.extend(
        [
            r#"{"type":"ready","ready":true,"v":2}"#,
            r#"{"v":2,"v":3,"type":"ready","ready":true}"#,
            r#"{"v":3,"v":2,"type":"ready","ready":true}"#,
            r#"{"v":2,"type":"ready","ready":true,"ready":false}"#,
            r#"{"v":2.0,"type":"ready","ready":true}"#,
            r#"{"v":"1","type":"ready","ready":true}"#,
            r#"{"v":2,"type":"ready","ready":"yes"}"#,
            r#"{"v":2,"type":"ready","ready":true,"extra":[1,2,{"x":null}]}"#,
            r#"{"v":2,"type":"sit","seat":300}"#,
            r#"{"v":2,"type":"nothing"}"#,
            r#"{"v":2}"#,
            r#"[{"v":2,"type":"stand"}]"#,
            r#"{"v":2,"type":"stand"} trailing"#,
            r#"{"v":2,"type":"stand""#,
        ]
        .map(String::from),
    );
    for frame in &frames {
        assert_eq!(decode(frame.as_bytes()), through_tree(frame), "{frame}");
    }
}

#[test]
fn the_message_examples_cover_every_refusal() {
    use briscola::message::Message;
    let index = |e: &ErrorCode| match e {
        ErrorCode::Protocol { .. } => 0,
        ErrorCode::RateLimited { .. } => 1,
        ErrorCode::WrongCode => 2,
        ErrorCode::BadToken => 3,
        ErrorCode::BadName { .. } => 4,
        ErrorCode::NameTaken => 5,
        ErrorCode::TableFull => 6,
        ErrorCode::NotJoined => 7,
        ErrorCode::AlreadyJoined => 8,
        ErrorCode::NotHost => 9,
        ErrorCode::HostStays => 10,
        ErrorCode::NotInLobby => 11,
        ErrorCode::NotPlaying => 12,
        ErrorCode::NotOver => 13,
        ErrorCode::NoSuchSeat { .. } => 14,
        ErrorCode::SeatTaken { .. } => 15,
        ErrorCode::NoPerson { .. } => 16,
        ErrorCode::NotSeated => 17,
        ErrorCode::NoTeams => 18,
        ErrorCode::TeamFull { .. } => 19,
        ErrorCode::CannotStart { .. } => 20,
        ErrorCode::NotYourTurn => 21,
        ErrorCode::Illegal { .. } => 22,
        ErrorCode::BadRules { .. } => 23,
        ErrorCode::BadMatch { .. } => 24,
        ErrorCode::BadTimer { .. } => 25,
        ErrorCode::TimerIsOff => 26,
        ErrorCode::NoProposal => 27,
        ErrorCode::ChatEmpty => 28,
        ErrorCode::ChatTooLong { .. } => 29,
        ErrorCode::ChatControl => 30,
        ErrorCode::HandNotOver => 31,
        ErrorCode::UndoOff => 32,
        ErrorCode::NothingToUndo => 33,
        ErrorCode::BadSave => 34,
        ErrorCode::NotAlone => 35,
        ErrorCode::Stale => 36,
        ErrorCode::Unavailable => 37,
        ErrorCode::NoFreeSeat => 38,
    };
    let mut seen: Vec<usize> = ErrorCode::examples().iter().map(index).collect();
    seen.dedup();
    assert_eq!(seen, (0..39).collect::<Vec<_>>());
    let protocol = |e: &ProtocolError| match e {
        ProtocolError::TooLarge { .. } => 0,
        ProtocolError::NotUtf8 => 1,
        ProtocolError::NotJson => 2,
        ProtocolError::NotObject => 3,
        ProtocolError::Version { .. } => 4,
        ProtocolError::Malformed => 5,
    };
    let seen: Vec<usize> = ProtocolError::examples().iter().map(protocol).collect();
    assert_eq!(seen, (0..6).collect::<Vec<_>>());
    let start = |e: &StartProblem| match e {
        StartProblem::EmptySeat { .. } => 0,
        StartProblem::NotReady { .. } => 1,
    };
    let seen: Vec<usize> = StartProblem::examples().iter().map(start).collect();
    assert_eq!(seen, vec![0, 1]);
}
