//! The attack on a table's availability, as the crate's own test: while two people play a match over
//! loopback, more than 10,000 idle and hostile connections come from one address and from many
//! (Linux routes all of 127/8 to the loopback interface): TCP connections that never start the
//! handshake, WebSockets that never speak, more than 10,000 hostile frames where the channel's Hello
//! belongs (random bytes, damaged Hellos, guesses with the table's nameplate and a wrong code, old
//! clients' JSON, 64 KiB of garbage), and 64 KiB sealed frames from a watcher at the table. The
//! players play on — every move answered within their patience — and a player who drops gets back in
//! every time. The moves' latency is printed, never asserted: a time limit in a test fails on a
//! loaded machine, not on a slow table.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use briscola::{MatchFormat, Preset, Rng, Ruleset};
use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::time::{Instant, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

use super::{ServerConfig, start};
use crate::channel::{Guest, HELLO_BYTES};
use crate::client::{self, ConnectError, Received};
use crate::protocol::{ClientMessage, ServerMessage};
use crate::secret::{Entropy, TableCode};
use crate::{ErrorCode, TableSettings};

/// A player's connection, inside its channel.
struct Socket {
    sender: client::Sender,
    receiver: client::Receiver,
}

/// The whole test's limit: it stops by itself.
const LIMIT: Duration = Duration::from_secs(240);
/// Connections the attackers open, at least.
const ATTACK: usize = 10_000;
/// How long a player waits for an answer before calling the table unavailable.
const PATIENCE: Duration = Duration::from_secs(20);

async fn tcp_from(addr: SocketAddr, source: Ipv4Addr) -> Option<TcpStream> {
    let tcp = TcpSocket::new_v4().ok()?;
    tcp.bind(SocketAddr::new(IpAddr::V4(source), 0)).ok()?;
    tcp.connect(addr).await.ok()
}

async fn ws_from(addr: SocketAddr, source: Ipv4Addr) -> Option<WebSocketStream<TcpStream>> {
    let stream = tcp_from(addr, source).await?;
    let _ = stream.set_nodelay(true);
    let handshake = client_async(format!("ws://{addr}/"), stream);
    let (socket, _) = timeout(Duration::from_secs(5), handshake)
        .await
        .ok()?
        .ok()?;
    Some(socket)
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> bool {
    socket.sender.send(message).await.is_ok()
}

async fn next(socket: &mut Socket) -> Option<ServerMessage> {
    loop {
        match timeout(PATIENCE, socket.receiver.next()).await.ok()?? {
            Received::Message(message) => return Some(message),
            Received::Unreadable(_) => {}
        }
    }
}

/// Opens a player's channel from `source` to the table `code` names; like the app's link, a player
/// told to slow down (every connection is an attempt, limited per address, and the guest comes back
/// often) tries again when told, until `give_up`.
async fn open(addr: SocketAddr, source: Ipv4Addr, code: &str, give_up: Instant) -> Socket {
    let code = TableCode::parse(code).expect("a code");
    loop {
        let socket = ws_from(addr, source).await.expect("a player connects");
        match client::secure(socket, &code, &addr.to_string()).await {
            Ok((sender, receiver)) => return Socket { sender, receiver },
            Err(ConnectError::Refused {
                error: ErrorCode::RateLimited { retry_ms },
                ..
            }) if Instant::now() + Duration::from_millis(retry_ms) < give_up => {
                sleep(Duration::from_millis(retry_ms)).await;
            }
            Err(error) => panic!("a player's channel did not open: {error}"),
        }
    }
}

/// Sits at the table from `source` with `first`; the socket and the token once welcomed, within
/// [`PATIENCE`] in all (told to slow down, it tries again when told).
async fn sit(addr: SocketAddr, source: Ipv4Addr, first: &ClientMessage) -> (Socket, String) {
    let code = match first {
        ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. } => code,
        _ => panic!("not a join"),
    };
    let give_up = Instant::now() + PATIENCE;
    let mut socket = open(addr, source, code, give_up).await;
    assert!(send(&mut socket, first).await, "sent");
    loop {
        match next(&mut socket).await.expect("a player is answered") {
            ServerMessage::Welcome { token, .. } => return (socket, token),
            ServerMessage::Error {
                error: ErrorCode::RateLimited { retry_ms },
            } if Instant::now() + Duration::from_millis(retry_ms) < give_up => {
                sleep(Duration::from_millis(retry_ms)).await;
                assert!(send(&mut socket, first).await, "sent again");
            }
            ServerMessage::Error { error } => panic!("a player was refused: {error:?}"),
            _ => {}
        }
    }
}

/// What the players measured.
#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    rejoins: usize,
}

/// Plays random legal moves until the match is over, timing each move's answer; the guest drops
/// and comes back every `drop_every` moves.
async fn play(
    addr: SocketAddr,
    source: Ipv4Addr,
    code: String,
    mut socket: Socket,
    token: String,
    seed: u64,
    drop_every: Option<usize>,
) -> Played {
    let mut rng = Rng::new(seed);
    let mut played = Played::default();
    let mut sent_at: Option<Instant> = None;
    let mut moves = 0;
    loop {
        let Some(message) = next(&mut socket).await else {
            panic!("a player lost the table");
        };
        if let Some(at) = sent_at.take() {
            played.latencies.push(at.elapsed());
        }
        match message {
            ServerMessage::MatchOver { .. } => return played,
            ServerMessage::Game { view } if !view.observation.legal_actions.is_empty() => {
                if drop_every.is_some_and(|every| moves > 0 && moves % every == 0) {
                    // Drops, then comes back with the token on a new connection.
                    drop(socket);
                    let rejoin = ClientMessage::Rejoin {
                        code: code.clone(),
                        token: token.clone(),
                    };
                    let (again, _) = sit(addr, source, &rejoin).await;
                    socket = again;
                    played.rejoins += 1;
                    moves += 1;
                    // The view comes again after the welcome.
                    continue;
                }
                let legal = &view.observation.legal_actions;
                let action = legal[rng.below(legal.len())];
                sent_at = Some(Instant::now());
                moves += 1;
                if !send(&mut socket, &ClientMessage::Act { action }).await {
                    panic!("a player could not move");
                }
            }
            _ => {}
        }
    }
}

/// An attacker's loop until `stop`: opens connections from `sources` in turn and does `what` with
/// each, counting them.
async fn attacker<F, Fut>(
    addr: SocketAddr,
    sources: Vec<Ipv4Addr>,
    stop: Arc<AtomicBool>,
    count: Arc<AtomicUsize>,
    pace: Duration,
    what: F,
) where
    F: Fn(TcpStream) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let mut i = 0;
    while !stop.load(Ordering::Relaxed) {
        let source = sources[i % sources.len()];
        i += 1;
        if let Some(stream) = tcp_from(addr, source).await {
            count.fetch_add(1, Ordering::Relaxed);
            tokio::spawn(what(stream));
        }
        sleep(pace).await;
    }
}

/// Holds a connection until the server closes it (or the test's limit).
async fn hold(mut stream: TcpStream) {
    let mut buffer = [0u8; 256];
    let _ = timeout(
        LIMIT,
        tokio::io::AsyncReadExt::read(&mut stream, &mut buffer),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_idle_and_hostile_connections_keep_no_player_from_their_seat() {
    super::descriptors::raise_limit();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let server = start(listener, ServerConfig::default()).await;
    let addr = server.local_addr;
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let settings = TableSettings {
        format: MatchFormat::BestOf { hands: 3 },
        ..TableSettings::new(rules)
    };
    let table = server.create(settings, "host").expect("a table");
    let code = table.code.clone();
    let host_source = Ipv4Addr::new(127, 0, 0, 1);
    let guest_source = Ipv4Addr::new(127, 0, 0, 2);

    // The attack starts before the players arrive.
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicUsize::new(0));
    let one = vec![Ipv4Addr::new(127, 0, 9, 9)];
    let many: Vec<Ipv4Addr> = (1..=250).map(|i| Ipv4Addr::new(127, 0, 10, i)).collect();
    let mut attacks = Vec::new();
    // Idle TCP connections that never start the handshake: from one address, from many.
    for sources in [one.clone(), many.clone()] {
        attacks.push(tokio::spawn(attacker(
            addr,
            sources,
            stop.clone(),
            opened.clone(),
            Duration::from_millis(2),
            hold,
        )));
    }
    // WebSockets that never speak, and hostile frames where the Hello belongs: from many.
    let nameplate = TableCode::parse(&code).expect("a code").nameplate();
    let kinds = Arc::new(AtomicUsize::new(0));
    let hostile = Arc::new(AtomicUsize::new(0));
    let sent_hostile = hostile.clone();
    attacks.push(tokio::spawn(attacker(
        addr,
        many.clone(),
        stop.clone(),
        opened.clone(),
        Duration::from_millis(4),
        move |stream: TcpStream| {
            let kind = kinds.fetch_add(1, Ordering::Relaxed);
            let hostile = sent_hostile.clone();
            async move {
                let handshake = client_async(format!("ws://{addr}/"), stream);
                let Ok(Ok((mut socket, _))) = timeout(Duration::from_secs(5), handshake).await
                else {
                    return;
                };
                let Some(frame) = hostile_hello(kind, nameplate) else {
                    // Silent: held until the server closes it.
                    let _ = timeout(LIMIT, socket.next()).await;
                    return;
                };
                if socket.send(frame).await.is_ok() {
                    hostile.fetch_add(1, Ordering::Relaxed);
                }
                // Whatever the server answers, until it closes.
                while let Ok(Some(Ok(_))) = timeout(PATIENCE, socket.next()).await {}
            }
        },
    )));

    // The players sit once the attack is in full swing (more connections opened than the server
    // holds at once); a watcher with the code floods the table with 64 KiB frames.
    timeout(LIMIT, async {
        while opened.load(Ordering::Relaxed) < ATTACK / 2 {
            sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the attack starts");
    let rejoin = ClientMessage::Rejoin {
        code: code.clone(),
        token: table.host_token.clone(),
    };
    let (mut host, host_token) = sit(addr, host_source, &rejoin).await;
    let join = |name: &str| ClientMessage::Join {
        code: code.clone(),
        name: name.into(),
    };
    let (mut guest, guest_token) = sit(addr, guest_source, &join("Bea")).await;
    let (mut watcher, _) = sit(addr, Ipv4Addr::new(127, 0, 8, 8), &join("Mallory")).await;
    let flood_stop = stop.clone();
    let flooder = tokio::spawn(async move {
        let garbage = ClientMessage::Join {
            code: "y".repeat(64 * 1024 - 100),
            name: "Mallory".into(),
        };
        let mut frames = 0usize;
        while !flood_stop.load(Ordering::Relaxed) {
            if !send(&mut watcher, &garbage).await {
                break;
            }
            frames += 1;
            // Read what the table answers, so its queue never fills.
            while let Ok(Some(_)) = timeout(Duration::from_millis(1), watcher.receiver.next()).await
            {
            }
        }
        frames
    });
    assert!(send(&mut guest, &ClientMessage::Ready { ready: true }).await);
    // The host starts once the guest is ready.
    loop {
        let message = next(&mut host).await.expect("the host is answered");
        if let ServerMessage::Lobby { lobby } = &message
            && matches!(
                lobby.seats.get(1),
                Some(crate::protocol::SeatView::Person { ready: true, .. })
            )
        {
            assert!(send(&mut host, &ClientMessage::Start).await);
            break;
        }
    }
    let started = Instant::now();
    let host_play = tokio::spawn(play(
        addr,
        host_source,
        code.clone(),
        host,
        host_token,
        1,
        None,
    ));
    let guest_play = tokio::spawn(play(
        addr,
        guest_source,
        code.clone(),
        guest,
        guest_token,
        2,
        Some(9),
    ));
    let (host_played, guest_played) = timeout(LIMIT, async {
        (
            host_play.await.expect("the host plays"),
            guest_play.await.expect("the guest plays"),
        )
    })
    .await
    .expect("the match ends in time");
    // The attack goes on until at least 10,000 connections were opened, and 10,000 hostile Hellos
    // sent.
    timeout(LIMIT, async {
        while opened.load(Ordering::Relaxed) < ATTACK || hostile.load(Ordering::Relaxed) < ATTACK {
            sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the attackers opened their connections");
    stop.store(true, Ordering::Relaxed);
    for attack in attacks {
        let _ = attack.await;
    }
    let flooded = timeout(PATIENCE, flooder)
        .await
        .expect("the flooder stops")
        .expect("the flooder");
    server.stop();

    let mut latencies: Vec<Duration> = host_played
        .latencies
        .iter()
        .chain(&guest_played.latencies)
        .copied()
        .collect();
    latencies.sort();
    let p99 = latencies[(latencies.len() * 99).div_ceil(100).saturating_sub(1)];
    let median = latencies[latencies.len() / 2];
    let attacked = opened.load(Ordering::Relaxed);
    let hellos = hostile.load(Ordering::Relaxed);
    eprintln!(
        "{attacked} attacking connections, {hellos} hostile Hellos, {flooded} 64 KiB frames from the watcher, {} moves in {:.1} s: median {median:?}, p99 {p99:?}, {} rejoins",
        latencies.len(),
        started.elapsed().as_secs_f64(),
        guest_played.rejoins
    );
    assert!(attacked >= ATTACK, "{attacked} connections");
    assert!(hellos >= ATTACK, "{hellos} hostile Hellos");
    assert!(latencies.len() >= 40, "{} moves", latencies.len());
    assert!(
        guest_played.rejoins >= 3,
        "{} rejoins",
        guest_played.rejoins
    );
}

/// The `kind`th attacker's first frame, where the channel's Hello belongs (`None`: it stays silent).
fn hostile_hello(kind: usize, nameplate: crate::secret::Nameplate) -> Option<Message> {
    let mut entropy = Entropy::seeded(kind as u64);
    let mut random = |n: usize| {
        let mut bytes = vec![0u8; n];
        entropy.fill(&mut bytes).expect("seeded");
        bytes
    };
    Some(match kind % 8 {
        0 => return None,
        // Random bytes of any length up to twice a Hello's.
        1 => {
            let n = random(1)[0] as usize % (2 * HELLO_BYTES);
            Message::binary(random(n))
        }
        // A Hello with the table's nameplate and a random SPAKE2 message.
        2 => {
            let mut hello = b"BRSC".to_vec();
            hello.extend_from_slice(&crate::protocol::VERSION.to_be_bytes());
            hello.extend_from_slice(nameplate.as_bytes());
            hello.extend(random(33));
            Message::binary(hello)
        }
        // A guess: the table's nameplate, a wrong code, a real Hello (then nothing more).
        3 => {
            let mut guess = nameplate.as_str().to_string();
            guess.extend(
                random(7)
                    .iter()
                    .map(|b| char::from(b"0123456789ABCDEF"[usize::from(b % 16)])),
            );
            let code = TableCode::parse(&guess).expect("a code");
            Message::binary(Guest::start(&code).1)
        }
        // Another version's Hello.
        4 => {
            let code = TableCode::parse(&format!("{}0000000", nameplate.as_str())).expect("a code");
            let mut hello = Guest::start(&code).1;
            hello[4..8].copy_from_slice(&9u32.to_be_bytes());
            Message::binary(hello)
        }
        // An old client's join, in clear.
        5 => Message::text(format!(
            r#"{{"v":1,"type":"join","code":"{}00-00000","name":"host"}}"#,
            nameplate.as_str()
        )),
        // 64 KiB of garbage.
        6 => Message::binary(random(64 * 1024)),
        // A real Hello, truncated.
        _ => {
            let code = TableCode::parse(&format!("{}1111111", nameplate.as_str())).expect("a code");
            let hello = Guest::start(&code).1;
            Message::binary(hello[..HELLO_BYTES - 1].to_vec())
        }
    })
}
