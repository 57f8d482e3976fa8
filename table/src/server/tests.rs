//! The transport over loopback: a whole match between WebSocket clients and an AI seat, the frame
//! cap, and a client that never reads while the others play on; routing by code between tables, the
//! caps on tables and connections, and tables closing.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use briscola::ai::Level;
use briscola::{MatchRecord, Preset, Rng, Ruleset};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::timeout;
use tokio_tungstenite::{WebSocketStream, client_async};

use super::hub::{self, Input};
use super::router::Router;
use super::{NewTable, Server, ServerConfig, TableEvent, start};
use crate::client::{self, ConnectError, Received};
use crate::protocol::{
    ClientMessage, ErrorCode, SeatChoice, SeatView, ServerMessage, decode_server, encode_client,
};
use crate::secret::TableCode;
use crate::{ConnId, Entropy, Outgoing, Table, TableSettings};

/// A client's connection, inside its channel.
struct Socket {
    sender: client::Sender,
    receiver: client::Receiver,
}

const PATIENCE: Duration = Duration::from_secs(60);

fn three_seats() -> TableSettings {
    TableSettings::new(Ruleset::preset(Preset::Briscola, 3).expect("preset"))
}

/// A server holding one table of three seats.
async fn server(config: ServerConfig) -> (Server, NewTable) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let server = start(listener, config).await;
    let table = server.create(three_seats(), "host").expect("a table");
    (server, table)
}

fn typed(code: &str) -> TableCode {
    TableCode::parse(code).expect("a code")
}

/// A connection to the table `code` names.
async fn client(addr: SocketAddr, code: &str) -> Socket {
    let (sender, receiver) = client::connect(&addr.to_string(), &typed(code))
        .await
        .expect("connects");
    Socket { sender, receiver }
}

async fn send(socket: &mut Socket, message: &ClientMessage) {
    socket.sender.send(message).await.expect("sent");
}

/// The next message, or `None` once the server closed the connection.
async fn next(socket: &mut Socket) -> Option<ServerMessage> {
    match socket.receiver.next().await? {
        Received::Message(message) => Some(message),
        Received::Unreadable(error) => panic!("not a server message: {error:?}"),
    }
}

/// Reads until a message `pick` accepts.
async fn until(socket: &mut Socket, pick: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
    loop {
        let message = next(socket).await.expect("the connection stays open");
        if pick(&message) {
            return message;
        }
    }
}

/// Answers every view that offers moves with a random legal one, until the record arrives.
async fn play(mut socket: Socket, seed: u64) -> MatchRecord {
    let mut rng = Rng::new(seed);
    while let Some(message) = next(&mut socket).await {
        match message {
            ServerMessage::Game { view } if !view.observation.legal_actions.is_empty() => {
                let legal = &view.observation.legal_actions;
                let action = legal[rng.below(legal.len())];
                send(&mut socket, &ClientMessage::Act { action }).await;
            }
            ServerMessage::MatchOver { record, .. } => return record,
            ServerMessage::Error { error } => panic!("refused: {error:?}"),
            _ => {}
        }
    }
    panic!("closed before the end of the match");
}

/// The host's client takes its seat with its token.
async fn sit_as_host(host: &mut Socket, table: &NewTable) {
    let rejoin = ClientMessage::Rejoin {
        code: table.code.clone(),
        token: table.host_token.clone(),
    };
    send(host, &rejoin).await;
}

/// The host's client rejoins its seat, puts an AI at seat 2; a guest joins and is ready.
async fn seat_everyone(server: &Server, table: &NewTable) -> (Socket, Socket) {
    let mut host = client(server.local_addr, &table.code).await;
    sit_as_host(&mut host, table).await;
    let welcome = until(&mut host, |m| matches!(m, ServerMessage::Welcome { .. })).await;
    assert!(matches!(
        welcome,
        ServerMessage::Welcome {
            seat: Some(0),
            host: true,
            ..
        }
    ));
    send(
        &mut host,
        &ClientMessage::SetSeat {
            seat: 2,
            occupant: SeatChoice::Ai { level: Level::Easy },
        },
    )
    .await;
    let mut guest = client(server.local_addr, &table.code).await;
    send(
        &mut guest,
        &ClientMessage::Join {
            code: table.code.to_lowercase(),
            name: "Bea".into(),
        },
    )
    .await;
    send(&mut guest, &ClientMessage::Ready { ready: true }).await;
    until(&mut host, |m| {
        matches!(m, ServerMessage::Lobby { lobby } if matches!(
            lobby.seats.get(1),
            Some(SeatView::Person { ready: true, .. })
        ))
    })
    .await;
    (host, guest)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_over_loopback_websockets() {
    let config = ServerConfig {
        linger_ms: 50,
        events: true,
        ..ServerConfig::default()
    };
    let (mut server, table) = server(config).await;
    let mut events = server.take_events().expect("events were asked for");
    let (mut host, guest) = seat_everyone(&server, &table).await;
    send(&mut host, &ClientMessage::Start).await;
    let host_game = tokio::spawn(play(host, 1));
    let guest_game = tokio::spawn(play(guest, 2));
    let host_record = timeout(PATIENCE, host_game)
        .await
        .expect("in time")
        .expect("the host's client");
    let guest_record = timeout(PATIENCE, guest_game)
        .await
        .expect("in time")
        .expect("the guest's client");
    assert_eq!(host_record, guest_record);
    let replayed = host_record.replay().expect("the record replays");
    assert!(replayed.outcome().is_some());
    // The table closes a while after the match, and says so last.
    let mut seen = Vec::new();
    while let Some(event) = timeout(PATIENCE, events.recv()).await.expect("in time") {
        let closed = event.kind == TableEvent::Closed;
        assert_eq!(event.code, table.code);
        seen.push(event.kind);
        if closed {
            break;
        }
    }
    let joined = |who: &str, at: u8| TableEvent::Joined {
        name: who.into(),
        seat: Some(at),
    };
    assert_eq!(seen[0], TableEvent::Created);
    assert!(seen.contains(&TableEvent::Back {
        name: "host".into()
    }));
    assert!(seen.contains(&joined("Bea", 1)));
    let started = seen.iter().position(|e| *e == TableEvent::Started);
    let over = seen
        .iter()
        .position(|e| matches!(e, TableEvent::MatchOver { .. }));
    assert!(started.is_some() && started < over, "{seen:?}");
    assert_eq!(server.tables(), 0);
    server.stop();
}

/// Sends `message` (a `join` or `rejoin`) on a fresh connection to its table and returns its first
/// answer.
async fn first_answer(addr: SocketAddr, message: &ClientMessage) -> (Socket, ServerMessage) {
    let code = match message {
        ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. } => code,
        _ => panic!("not a join"),
    };
    let mut socket = client(addr, code).await;
    send(&mut socket, message).await;
    let answer = next(&mut socket).await.expect("an answer");
    (socket, answer)
}

fn refused(error: ErrorCode) -> ServerMessage {
    ServerMessage::Error { error }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hello_picks_the_table_by_its_nameplate_and_the_connection_stays_bound_to_it() {
    let (server, first) = server(ServerConfig::default()).await;
    let second = server.create(three_seats(), "other").expect("a table");
    assert_ne!(first.code[..3], second.code[..3], "nameplates are unique");
    assert_eq!(server.tables(), 2);
    let addr = server.local_addr;
    let join = |code: &str| ClientMessage::Join {
        code: code.into(),
        name: "Bea".into(),
    };
    // The code as read aloud keys the channel to the second table.
    let mut socket = client(addr, &second.code.to_lowercase().replace('-', " ")).await;
    // Anything but joining first is refused; so is the other table's code; the connection stays.
    send(&mut socket, &ClientMessage::Ready { ready: true }).await;
    assert_eq!(next(&mut socket).await, Some(refused(ErrorCode::NotJoined)));
    send(&mut socket, &join(&first.code)).await;
    assert_eq!(next(&mut socket).await, Some(refused(ErrorCode::WrongCode)));
    send(&mut socket, &join(&second.code)).await;
    let welcome = until(&mut socket, |m| matches!(m, ServerMessage::Welcome { .. })).await;
    assert!(
        matches!(welcome, ServerMessage::Welcome { code, seat: Some(1), .. } if code == second.code)
    );
    let lobby = until(&mut socket, |m| matches!(m, ServerMessage::Lobby { .. })).await;
    assert!(matches!(lobby, ServerMessage::Lobby { lobby } if lobby.code == second.code));
    let (_other, answer) = first_answer(addr, &join(&first.code)).await;
    assert!(matches!(answer, ServerMessage::Welcome { code, .. } if code == first.code));
    // A nameplate no table has is refused in clear, revealing nothing more.
    let nowhere = ["ZZZZZ-ZZZZZ", "YYYYY-YYYYY"]
        .into_iter()
        .find(|c| c[..3] != first.code[..3] && c[..3] != second.code[..3])
        .expect("a free nameplate");
    let answer = client::connect(&addr.to_string(), &typed(nowhere)).await;
    assert!(
        matches!(answer, Err(ConnectError::WrongCode { .. })),
        "{answer:?}"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_setup_is_applied_before_anyone_connects_or_makes_no_table() {
    let (server, _table) = server(ServerConfig::default()).await;
    let ai = ClientMessage::SetSeat {
        seat: 2,
        occupant: SeatChoice::Ai { level: Level::Hard },
    };
    let table = server
        .create_with(three_seats(), "host", std::slice::from_ref(&ai))
        .expect("a table");
    let join = ClientMessage::Join {
        code: table.code.clone(),
        name: "Bea".into(),
    };
    let (mut socket, _) = first_answer(server.local_addr, &join).await;
    let lobby = until(&mut socket, |m| matches!(m, ServerMessage::Lobby { .. })).await;
    assert!(
        matches!(lobby, ServerMessage::Lobby { lobby } if lobby.seats[2] == SeatView::Ai { level: Level::Hard })
    );
    let wrong = ClientMessage::SetSeat {
        seat: 7,
        occupant: SeatChoice::Open,
    };
    assert_eq!(
        server.create_with(three_seats(), "host", &[ai, wrong]),
        Err(super::CreateError::Table(ErrorCode::NoSuchSeat { seat: 7 }))
    );
    assert_eq!(server.tables(), 2);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_saved_by_one_server_is_restored_by_another_and_its_people_rejoin() {
    let config = ServerConfig {
        snapshots: true,
        ..ServerConfig::default()
    };
    let (first, table) = server(config).await;
    let mut snapshots = first.snapshots(&table.code).expect("snapshots are kept");
    let join = ClientMessage::Join {
        code: table.code.clone(),
        name: "Bea".into(),
    };
    let (_bea, welcome) = first_answer(first.local_addr, &join).await;
    let ServerMessage::Welcome { token, .. } = welcome else {
        panic!("not welcomed: {welcome:?}");
    };
    // The latest snapshot has Bea (the watch skips to it).
    let snapshot = timeout(PATIENCE, async {
        loop {
            let latest = snapshots.borrow_and_update().clone();
            if serde_json::to_string(&*latest).is_ok_and(|j| j.contains("\"Bea\"")) {
                return latest;
            }
            snapshots.changed().await.expect("the table is open");
        }
    })
    .await
    .expect("Bea is saved");
    first.stop();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let second = start(listener, ServerConfig::default()).await;
    let restored = second.restore((*snapshot).clone()).expect("it restores");
    assert_eq!(restored, table);
    assert_eq!(
        second.restore((*snapshot).clone()),
        Err(super::CreateError::NameplateTaken(
            table.code[..3].to_string()
        )),
        "one table per nameplate"
    );
    let rejoin = ClientMessage::Rejoin {
        code: table.code.clone(),
        token,
    };
    let (_back, welcome) = first_answer(second.local_addr, &rejoin).await;
    assert!(
        matches!(
            welcome,
            ServerMessage::Welcome {
                seat: Some(1),
                host: false,
                ..
            }
        ),
        "{welcome:?}"
    );
    second.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_code_costs_one_online_guess_and_guessing_is_rate_limited_per_address() {
    let (server, table) = server(ServerConfig::default()).await;
    let addr = server.local_addr.to_string();
    let source = Ipv4Addr::new(127, 0, 5, 1);
    // Guesses with the table's nameplate and a wrong rest: each one connection, each told.
    for i in 0..crate::limit::JOIN_BURST {
        let mut guess = table.code.clone();
        let at = 6 + i as usize;
        let other = if &guess[at..=at] == "0" { "1" } else { "0" };
        guess.replace_range(at..=at, other);
        assert_ne!(guess, table.code);
        let socket = raw_from(server.local_addr, source).await;
        let answer = client::secure(socket, &typed(&guess), &addr).await;
        assert!(
            matches!(answer, Err(ConnectError::WrongCode { .. })),
            "{answer:?}"
        );
    }
    // Past the burst even the right code waits, told in clear how long.
    let socket = raw_from(server.local_addr, source).await;
    let answer = client::secure(socket, &typed(&table.code), &addr).await;
    assert!(
        matches!(
            answer,
            Err(ConnectError::Refused {
                error: ErrorCode::RateLimited { retry_ms },
                ..
            }) if retry_ms > 0
        ),
        "{answer:?}"
    );
    // Another address is not held back.
    let socket = raw_from(server.local_addr, Ipv4Addr::new(127, 0, 5, 2)).await;
    assert!(
        client::secure(socket, &typed(&table.code), &addr)
            .await
            .is_ok()
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_client_is_told_in_its_own_version_that_its_version_is_not_supported() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (server, table) = server(ServerConfig::default()).await;
    let mut old = raw_from(server.local_addr, Ipv4Addr::new(127, 0, 6, 1)).await;
    let join = format!(
        r#"{{"v":1,"type":"join","code":"{}","name":"Ada"}}"#,
        table.code
    );
    old.send(Message::text(join)).await.expect("sent");
    let answer = timeout(PATIENCE, old.next()).await.expect("in time");
    let Some(Ok(Message::Text(text))) = answer else {
        panic!("{answer:?}");
    };
    assert_eq!(
        text.as_str(),
        r#"{"v":1,"type":"error","error":{"id":"protocol","reason":{"id":"version","found":1,"supported":2}}}"#
    );
    // What a version-1 client reads it as: the version error.
    let read: serde_json::Value = serde_json::from_str(text.as_str()).expect("JSON");
    assert_eq!(read["v"], 1);
    assert_eq!(read["error"]["reason"]["id"], "version");
    let after = timeout(PATIENCE, old.next()).await.expect("closed in time");
    assert!(
        matches!(after, Some(Ok(Message::Close(_)) | Err(_)) | None),
        "only the close after the error: {after:?}"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_capped_and_empty_tables_close() {
    let config = ServerConfig {
        max_tables: 2,
        empty_ms: 500,
        ..ServerConfig::default()
    };
    let (server, _table) = server(config).await;
    let _second = server
        .create(three_seats(), "other")
        .expect("a second table");
    assert_eq!(
        server.create(three_seats(), "third"),
        Err(super::CreateError::Full)
    );
    // The tables, where nobody came, close; then there is room for another.
    timeout(PATIENCE, async {
        while server.tables() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the empty tables close");
    assert!(server.create(three_seats(), "third").is_ok());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_joins_hold_nothing_at_the_table_and_a_dropped_player_gets_back_in() {
    let (server, table) = server(ServerConfig::default()).await;
    let (_host, mut guest) = seat_everyone(&server, &table).await;
    let ServerMessage::Welcome { token, .. } =
        until(&mut guest, |m| matches!(m, ServerMessage::Welcome { .. })).await
    else {
        unreachable!("a welcome")
    };
    drop(guest);
    // Strangers with the code fill the table with refused joins, from many addresses, each
    // connection staying open.
    let mut strangers = Vec::new();
    for i in 0..40u8 {
        let mut socket =
            client_from(server.local_addr, Ipv4Addr::new(127, 0, 3, i), &table.code).await;
        send(
            &mut socket,
            &ClientMessage::Join {
                code: table.code.clone(),
                name: "host".into(),
            },
        )
        .await;
        assert_eq!(next(&mut socket).await, Some(refused(ErrorCode::NameTaken)));
        strangers.push(socket);
    }
    // The dropped guest comes back with the token: it gets in.
    let (_again, answer) = first_answer(
        server.local_addr,
        &ClientMessage::Rejoin {
            code: table.code.clone(),
            token,
        },
    )
    .await;
    assert!(
        matches!(answer, ServerMessage::Welcome { seat: Some(1), .. }),
        "{answer:?}"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_over_64_kib_closes_its_connection_only() {
    let (server, table) = server(ServerConfig::default()).await;
    let (mut host, _guest) = seat_everyone(&server, &table).await;
    let mut stranger = client(server.local_addr, &table.code).await;
    let huge = ClientMessage::Join {
        code: table.code.clone(),
        name: "x".repeat(70_000),
    };
    // The server may close while the frame is still being written.
    let _ = stranger.sender.send(&huge).await;
    let closed = timeout(PATIENCE, async {
        while next(&mut stranger).await.is_some() {}
    })
    .await;
    assert!(closed.is_ok(), "the connection was not closed");
    // The table goes on.
    send(&mut host, &ClientMessage::Stand).await;
    let refused = until(&mut host, |m| matches!(m, ServerMessage::Error { .. })).await;
    assert_eq!(
        refused,
        ServerMessage::Error {
            error: ErrorCode::HostStays
        }
    );
    server.stop();
}

#[test]
fn a_full_queue_drops_its_connection_and_no_other() {
    let mut router = Router::default();
    let (slow, _unread) = mpsc::channel(2);
    let (fast, mut read) = mpsc::channel(100);
    let (release, _released) = mpsc::channel(1);
    router.open(1, slow, release.clone());
    router.open(2, fast, release);
    let out: Vec<Outgoing> = (0..5)
        .flat_map(|_| {
            [1, 2].map(|to| Outgoing {
                to,
                message: ServerMessage::Removed,
            })
        })
        .collect();
    assert_eq!(router.route(out), vec![1]);
    assert!(!router.is_open(1));
    assert!(router.is_open(2));
    let mut got = 0;
    while read.try_recv().is_ok() {
        got += 1;
    }
    assert_eq!(got, 5);
}

/// A connection to the hub without a socket.
struct Fake {
    conn: ConnId,
    queue: mpsc::Receiver<String>,
    /// The hub's end of the queue, to see whether everything sent was read (not keeping it open).
    hub_end: mpsc::WeakSender<String>,
}

/// A connection's `join` or `rejoin` with its queue: whether the table took it.
async fn attempt(
    inputs: &mpsc::Sender<Input>,
    conn: ConnId,
    queue: mpsc::Sender<String>,
    message: &ClientMessage,
) -> bool {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let (release, _released) = mpsc::channel(1);
    let attempt = hub::Attempt {
        conn,
        address: IpAddr::V4(Ipv4Addr::new(10, 0, 0, conn as u8)),
        queue,
        bytes: encode_client(message).into_bytes(),
        answer,
        release,
    };
    inputs
        .send(Input::Attempt(Box::new(attempt)))
        .await
        .expect("the hub runs");
    answered.await.expect("an answer").is_none()
}

impl Fake {
    /// A connection and the sending end of its queue, not yet at the table.
    fn new(conn: ConnId, capacity: usize) -> (Fake, mpsc::Sender<String>) {
        let (sender, queue) = mpsc::channel(capacity);
        let hub_end = sender.downgrade();
        let fake = Fake {
            conn,
            queue,
            hub_end,
        };
        (fake, sender)
    }

    /// A connection the table takes with `first`.
    async fn sit(
        inputs: &mpsc::Sender<Input>,
        conn: ConnId,
        capacity: usize,
        first: &ClientMessage,
    ) -> Fake {
        let (fake, sender) = Fake::new(conn, capacity);
        assert!(attempt(inputs, conn, sender, first).await, "taken");
        fake
    }

    async fn send(&self, inputs: &mpsc::Sender<Input>, message: &ClientMessage) {
        let bytes = encode_client(message).into_bytes();
        inputs
            .send(Input::Frame {
                conn: self.conn,
                bytes,
            })
            .await
            .expect("the hub runs");
    }

    async fn next(&mut self) -> Option<ServerMessage> {
        let text = self.queue.recv().await?;
        Some(decode_server(text.as_bytes()).expect("a server message"))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_does_not_stall_the_table() {
    // A ten-second turn timer, so that even a silent seat to move cannot hold the match up.
    let settings = TableSettings {
        turn_seconds: Some(10),
        absence: crate::protocol::Absence::Ai { level: Level::Easy },
        ..three_seats()
    };
    let (mut table, out) = Table::with_entropy(
        settings,
        0,
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        "host",
        Entropy::seeded(4),
    )
    .expect("a table");
    let token = out
        .iter()
        .find_map(|o| match &o.message {
            ServerMessage::Welcome { token, .. } => Some(token.clone()),
            _ => None,
        })
        .expect("a token");
    let code = table.code();
    table.disconnect(0, 0);
    let (inputs, receiver) = mpsc::channel(hub::INPUT_QUEUE);
    let life = hub::Lifetime {
        after_match: Duration::from_secs(600),
        empty: Duration::from_secs(600),
    };
    let watch = super::events::Watch::new(&table, None, false);
    let hub = tokio::spawn(hub::run(table, receiver, inputs.clone(), life, watch));
    let rejoin = ClientMessage::Rejoin {
        code: code.clone(),
        token,
    };
    let host = Fake::sit(&inputs, 1, 1024, &rejoin).await;
    let join = ClientMessage::Join {
        code: code.clone(),
        name: "Bea".into(),
    };
    let guest = Fake::sit(&inputs, 2, 1024, &join).await;
    // The third person reads until the match starts, then never again; its queue holds 4. Until the
    // start each input waits until it has read everything sent so far, so that a busy machine
    // cannot fill its queue before the start.
    let (mut silent, silent_sender) = Fake::new(3, 4);
    let mut silent_sender = Some(silent_sender);
    let silent_conn = silent.conn;
    let silent_hub_end = silent.hub_end.clone();
    let silent_read = Arc::new(AtomicUsize::new(0));
    let read = Arc::clone(&silent_read);
    let started = tokio::spawn(async move {
        while let Some(message) = silent.next().await {
            read.fetch_add(1, Ordering::SeqCst);
            if matches!(message, ServerMessage::Game { .. }) {
                return silent;
            }
        }
        panic!("the silent client was dropped before the start");
    });
    for (conn, message) in [
        (
            silent_conn,
            ClientMessage::Join {
                code,
                name: "Silent".into(),
            },
        ),
        (silent_conn, ClientMessage::Ready { ready: true }),
        (guest.conn, ClientMessage::Ready { ready: true }),
    ] {
        let before = silent_read.load(Ordering::SeqCst);
        if let Some(sender) = silent_sender.take() {
            assert!(attempt(&inputs, conn, sender, &message).await, "taken");
        } else {
            let bytes = encode_client(&message).into_bytes();
            inputs
                .send(Input::Frame { conn, bytes })
                .await
                .expect("the hub runs");
        }
        // Every one of these inputs changes the lobby the silent client is sent.
        timeout(PATIENCE, async {
            while silent_read.load(Ordering::SeqCst) == before
                || silent_hub_end
                    .upgrade()
                    .is_some_and(|q| q.capacity() < q.max_capacity())
            {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
        .await
        .expect("the silent client reads everything before the start");
    }
    let play = |mut fake: Fake, seed: u64, inputs: mpsc::Sender<Input>| async move {
        let mut rng = Rng::new(seed);
        while let Some(message) = fake.next().await {
            match message {
                ServerMessage::Game { view } if !view.observation.legal_actions.is_empty() => {
                    let legal = &view.observation.legal_actions;
                    let action = legal[rng.below(legal.len())];
                    fake.send(&inputs, &ClientMessage::Act { action }).await;
                }
                ServerMessage::MatchOver { record, .. } => return record,
                _ => {}
            }
        }
        panic!("the hub dropped a client that reads");
    };
    // Start once everyone is ready (the host learns it from the lobby).
    let mut host = host;
    loop {
        let message = host.next().await.expect("the host reads");
        if let ServerMessage::Lobby { lobby } = message
            && lobby
                .seats
                .iter()
                .skip(1)
                .all(|s| matches!(s, SeatView::Person { ready: true, .. }))
        {
            break;
        }
    }
    host.send(&inputs, &ClientMessage::Start).await;
    let mut silent = timeout(PATIENCE, started)
        .await
        .expect("the match starts")
        .expect("the silent client's reader");
    let host_game = tokio::spawn(play(host, 1, inputs.clone()));
    let guest_game = tokio::spawn(play(guest, 2, inputs.clone()));
    let record = timeout(PATIENCE, host_game)
        .await
        .expect("the match ends although one client stopped reading")
        .expect("the host's client");
    let guest_record = timeout(PATIENCE, guest_game)
        .await
        .expect("in time")
        .expect("the guest's client");
    assert_eq!(record, guest_record);
    assert!(record.replay().is_ok());
    // The silent client's queue filled and it was dropped: its receiver has at most 4 messages
    // and then nothing more is coming.
    let mut waiting = 0;
    while let Ok(text) = silent.queue.try_recv() {
        assert!(!text.contains("match-over"));
        waiting += 1;
    }
    assert!(waiting <= 4);
    assert!(silent.queue.recv().await.is_none(), "still connected");
    hub.abort();
}

/// A WebSocket from its own loopback address (the limits count per address, as in use), before
/// the channel.
async fn raw_from(addr: SocketAddr, source: Ipv4Addr) -> WebSocketStream<TcpStream> {
    let tcp = tokio::net::TcpSocket::new_v4().expect("a socket");
    tcp.bind(SocketAddr::new(IpAddr::V4(source), 0))
        .expect("a loopback source address");
    let stream = tcp.connect(addr).await.expect("connects");
    let (socket, _) = client_async(format!("ws://{addr}/"), stream)
        .await
        .expect("handshake");
    socket
}

/// A client from its own loopback address, to the table `code` names.
async fn client_from(addr: SocketAddr, source: Ipv4Addr, code: &str) -> Socket {
    let socket = raw_from(addr, source).await;
    let (sender, receiver) = client::secure(socket, &typed(code), &addr.to_string())
        .await
        .expect("the channel opens");
    Socket { sender, receiver }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_of_every_preset_over_loopback_with_people_and_ai_seats_tapped_on_the_wire() {
    every_preset_tapped(Route::Direct).await;
}

/// How the tapped test's people reach the tables.
#[derive(Clone, Copy, PartialEq)]
enum Route {
    /// Straight to the server, each from its own loopback address.
    Direct,
    /// Through a relay in this process, which every table registers with (the host's link and
    /// every guest tapped between them and the relay).
    #[cfg(feature = "relay")]
    Relay,
}

/// A relay on loopback for the tests (limits wide enough for a test's many tables).
#[cfg(feature = "relay")]
async fn test_relay() -> briscola_relay::Relay {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let limits = briscola_relay::limits::Limits {
        attempts_burst: 10_000,
        attempts_per_second: 10_000.0,
        ..briscola_relay::limits::Limits::default()
    };
    let config = briscola_relay::RelayConfig {
        limits,
        trusted_proxies: Vec::new(),
        log: false,
    };
    briscola_relay::start(listener, config).expect("the relay starts")
}

/// Every preset's whole match, with people and AI seats, every byte between the people and the
/// tables recorded (directly, or between everyone and the relay): no name, chat text, token, code
/// beyond its nameplate, card dealt or JSON is on the wire.
async fn every_preset_tapped(route: Route) {
    use crate::tests::matches::{ai_level, all_tables};
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let server = start(listener, ServerConfig::default()).await;
    #[cfg(feature = "relay")]
    let relay = match route {
        Route::Relay => Some(test_relay().await),
        Route::Direct => None,
    };
    // Every client connects through a tap that records every byte both ways.
    let tap = match route {
        Route::Direct => Tap::start(server.local_addr).await,
        #[cfg(feature = "relay")]
        Route::Relay => Tap::start(relay.as_ref().expect("a relay").local_addr).await,
    };
    let addr = tap.addr;
    #[cfg(feature = "relay")]
    let mut registrations = Vec::new();
    let client_at = |code: String, source: Ipv4Addr| async move {
        match route {
            Route::Direct => client_from(addr, source, &code).await,
            #[cfg(feature = "relay")]
            Route::Relay => relayed_client(addr, &code).await,
        }
    };
    // What must never be on the wire: names, chat, tokens, codes (beyond their nameplate), cards.
    let mut secrets: Vec<String> = Vec::new();
    let mut records_seen = Vec::new();
    for (n, (preset, players)) in all_tables().into_iter().enumerate() {
        let rules = Ruleset::preset(preset, players).expect("preset");
        let settings = TableSettings {
            format: briscola::MatchFormat::SingleHand,
            ..TableSettings::new(rules)
        };
        // The AI seats are set before anyone connects, so each guest's seat is known.
        let ai_seats: Vec<ClientMessage> = (1..players)
            .filter_map(|seat| {
                let occupant = SeatChoice::Ai {
                    level: ai_level(seat)?,
                };
                Some(ClientMessage::SetSeat { seat, occupant })
            })
            .collect();
        let table = server
            .create_with(settings, "host", &ai_seats)
            .expect("a table");
        #[cfg(feature = "relay")]
        if route == Route::Relay {
            let relay = briscola_relay::link::RelayAddress::plain(addr);
            let relayed = server.through_relay(&table.code, relay).expect("a code");
            let mut status = relayed.status();
            timeout(
                PATIENCE,
                status.wait_for(|s| {
                    matches!(s, briscola_relay::link::RelayStatus::Registered { .. })
                }),
            )
            .await
            .expect("registered in time")
            .expect("the link runs");
            registrations.push(relayed);
        }
        secrets.push(table.code.clone());
        secrets.push(table.code.replace('-', ""));
        secrets.push(table.code[3..].to_string());
        secrets.push(table.code.replace('-', "")[3..].to_string());
        secrets.push(table.host_token.clone());
        let source = |seat: u8| Ipv4Addr::new(127, 0, 10 + n as u8, 1 + seat);
        let mut host = client_at(table.code.clone(), source(0)).await;
        sit_as_host(&mut host, &table).await;
        let mut people = Vec::new();
        for seat in (1..players).filter(|&s| ai_level(s).is_none()) {
            let mut guest = client_at(table.code.clone(), source(seat)).await;
            let name = format!("Zanzibar {seat}");
            secrets.push(name.clone());
            let code = table.code.clone();
            send(&mut guest, &ClientMessage::Join { code, name }).await;
            let welcome = until(&mut guest, |m| matches!(m, ServerMessage::Welcome { .. })).await;
            let ServerMessage::Welcome {
                seat: Some(s),
                token,
                ..
            } = welcome
            else {
                panic!("{preset} {players}: {welcome:?}");
            };
            assert_eq!(s, seat, "{preset} {players}");
            secrets.push(token);
            let text = format!("meet me at the pineapple stand {n} {seat}");
            secrets.push(text.clone());
            let chat = crate::protocol::ChatBody::Text { text };
            send(&mut guest, &ClientMessage::Chat { chat }).await;
            send(&mut guest, &ClientMessage::Ready { ready: true }).await;
            people.push(guest);
        }
        until(&mut host, |m| {
            matches!(m, ServerMessage::Lobby { lobby } if lobby.seats.iter().all(|s| match s {
                SeatView::Empty => false,
                SeatView::Ai { .. } => true,
                SeatView::Person { ready, host, .. } => *ready || *host,
            }))
        })
        .await;
        send(&mut host, &ClientMessage::Start).await;
        people.insert(0, host);
        let games: Vec<_> = people
            .into_iter()
            .enumerate()
            .map(|(i, socket)| tokio::spawn(play(socket, 31 * n as u64 + i as u64)))
            .collect();
        let mut records = Vec::new();
        for game in games {
            let record = timeout(PATIENCE, game)
                .await
                .expect("in time")
                .expect("a client");
            records.push(record);
        }
        assert!(
            records.windows(2).all(|w| w[0] == w[1]),
            "{preset} {players}: everyone gets the same record"
        );
        let replayed = records[0].replay().expect("the record replays");
        assert!(replayed.outcome().is_some(), "{preset} {players}: over");
        assert_eq!(records[0].ruleset, rules, "{preset} {players}");
        records_seen.push(records.remove(0));
    }
    #[cfg(feature = "relay")]
    drop(registrations);
    server.stop();
    // Every card dealt, as the protocol's JSON writes it (in a list or as a field's value): the
    // records in clear contain them (so the check can fail), the wire does not.
    let mut cards: Vec<Vec<u8>> = Vec::new();
    for record in &records_seen {
        let clear = serde_json::to_string(record).expect("a record");
        for card in briscola::Card::all() {
            let quoted = format!("\"{card}\"");
            if clear.contains(&quoted) {
                for before in ["[", ",", ":"] {
                    cards.push(format!("{before}{quoted}").into_bytes());
                }
            }
        }
    }
    assert!(cards.len() >= 3 * 40, "the records name the cards dealt");
    let recorded = tap.recorded();
    assert!(recorded.len() >= 2 * 20, "both ways of every connection");
    let total: usize = recorded.iter().map(Vec::len).sum();
    assert!(total > 100_000, "{total} bytes recorded");
    let mut needles: Vec<Vec<u8>> = secrets.iter().map(|s| s.clone().into_bytes()).collect();
    needles.extend(cards);
    // JSON's marks: the version, a message's type, a hand, a code field.
    for json in [&b"{\"v\":"[..], b"\"type\":", b"\"hand\"", b"\"code\""] {
        needles.push(json.to_vec());
    }
    // By length, so each stream is read once per length.
    let mut by_length: std::collections::BTreeMap<usize, std::collections::HashSet<&[u8]>> =
        Default::default();
    for needle in &needles {
        by_length.entry(needle.len()).or_default().insert(needle);
    }
    for stream in &recorded {
        for (length, set) in &by_length {
            if let Some(found) = stream.windows(*length).find(|w| set.contains(w)) {
                panic!("{} is on the wire", String::from_utf8_lossy(found));
            }
        }
    }
}

/// A client that reaches the table `code` names through the relay at `relay` only.
#[cfg(feature = "relay")]
async fn relayed_client(relay: SocketAddr, code: &str) -> Socket {
    let destination = crate::dial::Destination {
        addresses: Vec::new(),
        relay: Some(briscola_relay::link::RelayAddress::plain(relay)),
        code: typed(code),
    };
    let (sender, receiver, via) = crate::dial::dial(&destination)
        .await
        .expect("the channel opens through the relay");
    assert!(matches!(via, crate::dial::Via::Relay(_)));
    Socket { sender, receiver }
}

#[cfg(feature = "relay")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_of_every_preset_through_a_relay_tapped_on_the_wire() {
    every_preset_tapped(Route::Relay).await;
}

#[cfg(feature = "relay")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_a_relay_takes_people_directly_and_through_it_at_once() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let server = start(listener, ServerConfig::default()).await;
    let relay = test_relay().await;
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let table = server
        .create(TableSettings::new(rules), "host")
        .expect("a table");
    let relayed = server
        .through_relay(
            &table.code,
            briscola_relay::link::RelayAddress::plain(relay.local_addr),
        )
        .expect("a code");
    let mut status = relayed.status();
    timeout(
        PATIENCE,
        status.wait_for(|s| matches!(s, briscola_relay::link::RelayStatus::Registered { .. })),
    )
    .await
    .expect("registered in time")
    .expect("the link runs");
    // The host straight at the server, the guest through the relay: one table.
    let mut host = client(server.local_addr, &table.code).await;
    sit_as_host(&mut host, &table).await;
    let mut guest = relayed_client(relay.local_addr, &table.code).await;
    let join = ClientMessage::Join {
        code: table.code.clone(),
        name: "Bea".into(),
    };
    send(&mut guest, &join).await;
    until(&mut guest, |m| {
        matches!(m, ServerMessage::Welcome { seat: Some(1), .. })
    })
    .await;
    send(&mut guest, &ClientMessage::Ready { ready: true }).await;
    until(&mut host, |m| {
        matches!(m, ServerMessage::Lobby { lobby } if matches!(lobby.seats.get(1), Some(SeatView::Person { ready: true, .. })))
    })
    .await;
    send(&mut host, &ClientMessage::Start).await;
    let (host_record, guest_record) = timeout(PATIENCE, async {
        tokio::join!(tokio::spawn(play(host, 5)), tokio::spawn(play(guest, 6)))
    })
    .await
    .expect("in time");
    let host_record = host_record.expect("the host plays");
    assert_eq!(host_record, guest_record.expect("the guest plays"));
    assert!(host_record.replay().is_ok());
    drop(relayed);
    server.stop();
}

/// A TCP proxy between the clients and the server that records every byte, each connection's each
/// direction apart. Its connection to the server comes from the client's own address (the server's
/// limits count per address).
struct Tap {
    addr: SocketAddr,
    streams: Arc<std::sync::Mutex<Vec<Recording>>>,
}

/// One direction of one connection, as it went by.
type Recording = Arc<std::sync::Mutex<Vec<u8>>>;

impl Tap {
    async fn start(server: SocketAddr) -> Tap {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("an address");
        let streams: Arc<std::sync::Mutex<Vec<Recording>>> = Arc::default();
        let kept = streams.clone();
        tokio::spawn(async move {
            let mut fresh = 0u32;
            while let Ok((inbound, peer)) = listener.accept().await {
                let tcp = tokio::net::TcpSocket::new_v4().expect("a socket");
                // A client that did not choose its own address (one through the relay) gets one
                // of its own, as people at their own machines have.
                let source = match peer.ip() {
                    IpAddr::V4(ip) if ip == Ipv4Addr::LOCALHOST => {
                        fresh += 1;
                        IpAddr::V4(Ipv4Addr::new(127, 0, 200, 1 + (fresh % 250) as u8))
                    }
                    other => other,
                };
                tcp.bind(SocketAddr::new(source, 0))
                    .expect("the peer's address");
                let Ok(outbound) = tcp.connect(server).await else {
                    continue;
                };
                let _ = inbound.set_nodelay(true);
                let _ = outbound.set_nodelay(true);
                let (in_read, in_write) = inbound.into_split();
                let (out_read, out_write) = outbound.into_split();
                for (from, to) in [(in_read, out_write), (out_read, in_write)] {
                    let record = Arc::new(std::sync::Mutex::new(Vec::new()));
                    kept.lock().expect("the tap").push(record.clone());
                    tokio::spawn(pump(from, to, record));
                }
            }
        });
        Tap { addr, streams }
    }

    /// What went by, each connection's each direction apart.
    fn recorded(&self) -> Vec<Vec<u8>> {
        let streams = self.streams.lock().expect("the tap");
        streams
            .iter()
            .map(|s| s.lock().expect("a stream").clone())
            .collect()
    }
}

/// Copies one direction, recording it.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    record: Recording,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if let Ok(mut record) = record.lock() {
            record.extend_from_slice(&buffer[..n]);
        }
        if to.write_all(&buffer[..n]).await.is_err() {
            break;
        }
    }
    let _ = to.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_closing_the_table_tells_everyone_then_closes_their_connections() {
    let (mut server, table) = server(ServerConfig {
        events: true,
        ..ServerConfig::default()
    })
    .await;
    let mut events = server.take_events().expect("events were asked for");
    let (mut host, mut guest) = seat_everyone(&server, &table).await;
    send(&mut host, &ClientMessage::CloseTable).await;
    let closed = ServerMessage::Closed {
        reason: crate::protocol::ClosedReason::HostClosed,
    };
    for socket in [&mut host, &mut guest] {
        let told = timeout(PATIENCE, until(socket, |m| *m == closed)).await;
        assert_eq!(told.expect("in time"), closed);
        let after = timeout(PATIENCE, next(socket)).await.expect("in time");
        assert_eq!(after, None, "the connection closes after the message");
    }
    loop {
        let event = timeout(PATIENCE, events.recv())
            .await
            .expect("in time")
            .expect("events until the close");
        if event.kind == TableEvent::Closed {
            break;
        }
    }
    assert_eq!(server.tables(), 0);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_and_idle_connections_are_closed_by_their_deadlines() {
    let config = ServerConfig {
        handshake_ms: 300,
        join_ms: 300,
        ..ServerConfig::default()
    };
    let (server, table) = server(config).await;
    // A TCP connection that never starts the handshake.
    let mut silent = TcpStream::connect(server.local_addr)
        .await
        .expect("connects");
    let mut byte = [0u8; 1];
    let read = timeout(
        PATIENCE,
        tokio::io::AsyncReadExt::read(&mut silent, &mut byte),
    )
    .await
    .expect("closed by the server");
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    // A channel whose guest never sends its first frame.
    let mut idle = client(server.local_addr, &table.code).await;
    assert_eq!(
        timeout(PATIENCE, next(&mut idle)).await.expect("closed"),
        None
    );
    // One whose join is refused, and then says nothing more.
    let (mut refused_one, answer) = first_answer(
        server.local_addr,
        &ClientMessage::Join {
            code: table.code.clone(),
            name: "host".into(),
        },
    )
    .await;
    assert_eq!(answer, refused(ErrorCode::NameTaken));
    assert_eq!(
        timeout(PATIENCE, next(&mut refused_one))
            .await
            .expect("closed"),
        None
    );
    // A person at the table is not waiting: they stay.
    let mut host = client(server.local_addr, &table.code).await;
    sit_as_host(&mut host, &table).await;
    until(&mut host, |m| matches!(m, ServerMessage::Welcome { .. })).await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    send(&mut host, &ClientMessage::Stand).await;
    assert_eq!(
        until(&mut host, |m| matches!(m, ServerMessage::Error { .. })).await,
        refused(ErrorCode::HostStays),
        "still connected"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_pages_of_other_origins_cannot_open_connections() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let (server, _table) = server(ServerConfig::default()).await;
    let handshake = |origin: Option<&'static str>| async move {
        let addr = server.local_addr;
        let mut request = format!("ws://{addr}/")
            .into_client_request()
            .expect("a request");
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("origin", origin.parse().expect("a header"));
        }
        let stream = TcpStream::connect(addr).await.expect("connects");
        client_async(request, stream).await.map(|_| ())
    };
    assert!(handshake(None).await.is_ok());
    assert!(handshake(Some("tauri://localhost")).await.is_ok());
    assert!(handshake(Some("http://tauri.localhost")).await.is_ok());
    let refused = handshake(Some("https://evil.example")).await;
    assert!(
        matches!(
            &refused,
            Err(tokio_tungstenite::tungstenite::Error::Http(response))
                if response.status() == 403
        ),
        "{refused:?}"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_only_a_few_waiting_connections() {
    let (server, _table) = server(ServerConfig::default()).await;
    let source = Ipv4Addr::new(127, 0, 4, 1);
    let mut held = Vec::new();
    for _ in 0..super::door::WAITING_PER_ADDRESS {
        held.push(raw_from(server.local_addr, source).await);
    }
    // The next from that address is closed on arrival (no handshake); another address is not.
    let tcp = tokio::net::TcpSocket::new_v4().expect("a socket");
    tcp.bind(SocketAddr::new(IpAddr::V4(source), 0))
        .expect("a loopback source address");
    let stream = tcp.connect(server.local_addr).await.expect("connects");
    let addr = server.local_addr;
    let refused = timeout(PATIENCE, client_async(format!("ws://{addr}/"), stream))
        .await
        .expect("answered");
    assert!(refused.is_err(), "a ninth waiting connection");
    let _other = raw_from(server.local_addr, Ipv4Addr::new(127, 0, 4, 2)).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_the_host_opened_as_a_websocket_client_is_served_like_an_accepted_one() {
    // As a relay would join them: the host's end is the WebSocket *client*, over a stream that is no
    // TCP connection; the guest's end is the WebSocket server.
    let (server, table) = server(ServerConfig::default()).await;
    let (host_end, guest_end) = tokio::io::duplex(64 * 1024);
    let (host_side, guest_side) = tokio::join!(
        client_async("ws://relay.invalid/", host_end),
        tokio_tungstenite::accept_async(guest_end)
    );
    let (host_side, _) = host_side.expect("the host's end");
    let guest_side = guest_side.expect("the guest's end");
    server.serve_socket(host_side, IpAddr::V4(Ipv4Addr::new(127, 0, 7, 1)));
    let (sender, receiver) = client::secure(guest_side, &typed(&table.code), "the relay")
        .await
        .expect("the channel opens through the relay");
    let mut guest = Socket { sender, receiver };
    let join = ClientMessage::Join {
        code: table.code.clone(),
        name: "Bea".into(),
    };
    send(&mut guest, &join).await;
    let welcome = until(&mut guest, |m| matches!(m, ServerMessage::Welcome { .. })).await;
    assert!(
        matches!(welcome, ServerMessage::Welcome { seat: Some(1), .. }),
        "{welcome:?}"
    );
    server.stop();
}
