//! In-process connections: a whole match against the computer at a server that does not listen,
//! the table's refusals handed back, and the same table reached over the network once the server
//! listens — a friend joining the match in progress there too.

use std::time::Duration;

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use tokio::net::TcpListener;
use tokio::time::timeout;

use super::{LocalConnection, LocalRefusal, MatchStart, Server, ServerConfig};
use crate::TableSettings;
use crate::protocol::{ClientMessage, ErrorCode, SeatChoice, ServerMessage, Stage};

const PATIENCE: Duration = Duration::from_secs(60);

/// A table with "you" at seat 0 and the computer at the others, started.
fn against_the_computer(server: &Server, players: u8) -> (String, String) {
    let ruleset = Ruleset::preset(Preset::Briscola, players).expect("preset");
    let settings = TableSettings {
        deal_when_asked: true,
        format: MatchFormat::FirstTo { hands: 2 },
        ..TableSettings::new(ruleset)
    };
    let mut setup: Vec<ClientMessage> = (1..players)
        .map(|seat| ClientMessage::SetSeat {
            seat,
            occupant: SeatChoice::Ai { level: Level::Easy },
        })
        .collect();
    setup.push(ClientMessage::Start);
    let table = server
        .create_with(settings, "you", &setup)
        .expect("a table");
    (table.code, table.host_token)
}

async fn next(connection: &mut LocalConnection) -> ServerMessage {
    timeout(PATIENCE, connection.next())
        .await
        .expect("in time")
        .expect("still connected")
        .expect("readable")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_against_the_computer_runs_in_process() {
    let server = Server::in_process(ServerConfig::default());
    assert!(!server.listens());
    let (code, token) = against_the_computer(&server, 3);
    let mut you = server
        .local_door()
        .enter(&ClientMessage::Rejoin { code, token })
        .await
        .expect("seated");
    let mut moves = 0;
    loop {
        match next(&mut you).await {
            ServerMessage::Game { view } => {
                if view.awaiting_next_hand {
                    you.send(&ClientMessage::NextHand).await.expect("sent");
                } else if let Some(&action) = view.observation.legal_actions.first() {
                    you.send(&ClientMessage::Act { action })
                        .await
                        .expect("sent");
                    moves += 1;
                }
            }
            ServerMessage::MatchOver { record, .. } => {
                let replayed = record.replay().expect("the record replays");
                assert!(replayed.outcome().is_some());
                break;
            }
            ServerMessage::Error { error } => panic!("refused: {error:?}"),
            _ => {}
        }
    }
    assert!(moves >= 13, "you played at least a hand's cards: {moves}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_rejoin_is_handed_back_and_an_unknown_code_finds_no_table() {
    let server = Server::in_process(ServerConfig::default());
    let (code, _) = against_the_computer(&server, 2);
    let door = server.local_door();
    let wrong = door
        .enter(&ClientMessage::Rejoin {
            code: code.clone(),
            token: "00".repeat(16),
        })
        .await
        .expect_err("a wrong token");
    assert_eq!(wrong, LocalRefusal::Refused(ErrorCode::BadToken));
    let unknown = door
        .enter(&ClientMessage::Join {
            code: "AAAAA-AAAAA".to_string(),
            name: "Ada".to_string(),
        })
        .await
        .expect_err("no such table");
    assert_eq!(unknown, LocalRefusal::Refused(ErrorCode::WrongCode));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_starts_listening_serves_its_tables_over_the_network_too() {
    let mut server = Server::in_process(ServerConfig::default());
    let ruleset = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let table = server
        .create(TableSettings::new(ruleset), "you")
        .expect("a table");
    let mut you = server
        .local_door()
        .enter(&ClientMessage::Rejoin {
            code: table.code.clone(),
            token: table.host_token,
        })
        .await
        .expect("seated");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    server.listen(listener);
    assert!(server.listens());
    let address = server.local_addr.to_string();
    let typed = crate::secret::TableCode::parse(&table.code).expect("a code");
    let (mut sender, mut receiver) = crate::client::connect(&address, &typed)
        .await
        .expect("connects");
    sender
        .send(&ClientMessage::Join {
            code: table.code,
            name: "Ada".to_string(),
        })
        .await
        .expect("sent");
    let welcomed = timeout(PATIENCE, async {
        while let Some(received) = receiver.next().await {
            if let crate::client::Received::Message(ServerMessage::Welcome { seat, .. }) = received
            {
                return seat;
            }
        }
        None
    })
    .await
    .expect("in time");
    assert_eq!(welcomed, Some(1), "Ada sits at the free seat");
    // You hear her sit down, in process.
    let lobby = timeout(PATIENCE, async {
        loop {
            if let ServerMessage::Lobby { lobby } = next(&mut you).await
                && lobby
                    .seats
                    .iter()
                    .filter(|s| matches!(s, crate::protocol::SeatView::Person { .. }))
                    .count()
                    == 2
            {
                return lobby.stage;
            }
        }
    })
    .await
    .expect("in time");
    assert_eq!(lobby, Stage::Lobby);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_saved_from_its_snapshot_starts_again_where_it_stopped() {
    let config = ServerConfig {
        snapshots: true,
        ..ServerConfig::default()
    };
    let server = Server::in_process(config);
    let (code, token) = against_the_computer(&server, 2);
    let mut snapshots = server.snapshots(&code).expect("kept");
    let mut you = server
        .local_door()
        .enter(&ClientMessage::Rejoin { code, token })
        .await
        .expect("seated");
    // Three moves of yours, then the table as it was saved.
    let mut played = 0;
    let mut last = None;
    while played < 3 {
        if let ServerMessage::Game { view } = next(&mut you).await {
            last = Some(view.clone());
            if let Some(&action) = view.observation.legal_actions.first() {
                you.send(&ClientMessage::Act { action })
                    .await
                    .expect("sent");
                played += 1;
            }
        }
    }
    let saved = timeout(PATIENCE, async {
        loop {
            let snapshot = snapshots.borrow_and_update().clone();
            // Saved on your turn: a table resumed on the computer's turn moves at once.
            if let Some((record, ai_seed, undos)) = snapshot.match_under_way()
                && record.hands.iter().map(|h| h.actions.len()).sum::<usize>() >= 5
                && record.replay().is_ok_and(|m| m.game().to_move() == 0)
            {
                return (record.clone(), ai_seed, undos);
            }
            snapshots.changed().await.expect("the table is open");
        }
    })
    .await
    .expect("in time");
    assert!(last.is_some());
    let (record, ai_seed, undos) = saved;
    let again = Server::in_process(ServerConfig::default());
    let ruleset = record.ruleset;
    let settings = TableSettings {
        deal_when_asked: true,
        format: record.format,
        ..TableSettings::new(ruleset)
    };
    let setup = [ClientMessage::SetSeat {
        seat: 1,
        occupant: SeatChoice::Ai { level: Level::Easy },
    }];
    let table = again
        .create_started(
            settings,
            "you",
            &setup,
            Some(MatchStart::Resume {
                record: Box::new(record.clone()),
                ai_seed,
                undos,
            }),
        )
        .expect("resumed");
    let mut back = again
        .local_door()
        .enter(&ClientMessage::Rejoin {
            code: table.code,
            token: table.host_token,
        })
        .await
        .expect("seated");
    let view = loop {
        if let ServerMessage::Game { view } = next(&mut back).await {
            break view;
        }
    };
    let resumed = record.replay().expect("replays");
    assert_eq!(view.observation, resumed.game().observation(0));
    server.stop();
    again.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_joins_a_match_against_the_computer_over_the_network_from_the_next_hand() {
    let mut server = Server::in_process(ServerConfig::default());
    let (code, token) = against_the_computer(&server, 2);
    let mut you = server
        .local_door()
        .enter(&ClientMessage::Rejoin {
            code: code.clone(),
            token,
        })
        .await
        .expect("seated");
    you.send(&ClientMessage::OpenSeats { open: true })
        .await
        .expect("sent");
    server.listen(TcpListener::bind("127.0.0.1:0").await.expect("a port"));
    let address = server.local_addr.to_string();
    let typed = crate::secret::TableCode::parse(&code).expect("a code");
    let (mut sender, mut receiver) = crate::client::connect(&address, &typed)
        .await
        .expect("connects");
    sender
        .send(&ClientMessage::Join {
            code,
            name: "Ada".to_string(),
        })
        .await
        .expect("sent");
    // Ada's welcomes, and the seats of the views she gets, in order.
    let mut heard = Vec::new();
    let mut ada = async || loop {
        match timeout(PATIENCE, receiver.next()).await.expect("in time") {
            Some(crate::client::Received::Message(ServerMessage::Welcome { seat, .. })) => {
                return Ok(seat);
            }
            Some(crate::client::Received::Message(ServerMessage::Game { view })) => {
                return Err(view.observation.seat);
            }
            Some(_) => {}
            None => panic!("Ada's connection closed"),
        }
    };
    heard.push(ada().await);
    assert_eq!(heard, [Ok(None)], "welcomed, waiting for the next hand");
    // You finish the hand and ask for the next: Ada sits at the AI's seat, and sees it.
    loop {
        match next(&mut you).await {
            ServerMessage::Game { view } if view.awaiting_next_hand => {
                you.send(&ClientMessage::NextHand).await.expect("sent");
                break;
            }
            ServerMessage::Game { view } => {
                if let Some(&action) = view.observation.legal_actions.first() {
                    you.send(&ClientMessage::Act { action })
                        .await
                        .expect("sent");
                }
            }
            ServerMessage::Error { error } => panic!("refused: {error:?}"),
            _ => {}
        }
    }
    heard.push(ada().await);
    heard.push(ada().await);
    assert_eq!(heard, [Ok(None), Ok(Some(1)), Err(1)]);
    server.stop();
}

/// The first view "you" get at a table made with `start`, where the computer plays the other
/// seat and "you" start the match; and the stage before it.
async fn first_view_when_started(
    server: &Server,
    start: MatchStart,
) -> (Stage, crate::protocol::GameView) {
    let ruleset = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let setup = [ClientMessage::SetSeat {
        seat: 1,
        occupant: SeatChoice::Ai { level: Level::Easy },
    }];
    let table = server
        .create_started(TableSettings::new(ruleset), "you", &setup, Some(start))
        .expect("a table");
    let mut you = server
        .local_door()
        .enter(&ClientMessage::Rejoin {
            code: table.code,
            token: table.host_token,
        })
        .await
        .expect("seated");
    let stage = loop {
        if let ServerMessage::Lobby { lobby } = next(&mut you).await {
            break lobby.stage;
        }
    };
    you.send(&ClientMessage::Start).await.expect("sent");
    loop {
        if let ServerMessage::Game { view } = next(&mut you).await {
            return (stage, *view);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_dealt_when_started_waits_in_the_lobby_and_deals_from_its_seeds() {
    let server = Server::in_process(ServerConfig::default());
    let seeds = |deal| {
        MatchStart::WhenStarted(crate::MatchSeeds {
            deal,
            ai: 7,
            dealer: 1,
        })
    };
    let (stage, first) = first_view_when_started(&server, seeds(11)).await;
    assert_eq!(stage, Stage::Lobby, "not started before the host starts it");
    let (_, again) = first_view_when_started(&server, seeds(11)).await;
    assert_eq!(first.observation, again.observation, "the same deal");
    let (_, other) = first_view_when_started(&server, seeds(12)).await;
    assert_ne!(first.observation, other.observation, "another deal");
    server.stop();
}
