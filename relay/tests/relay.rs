//! The relay over loopback: pairing, forwarding both ways, closes, several hosts under one
//! nameplate, every limit, the idle timeouts, `X-Forwarded-For` from trusted proxies only, and a
//! host link registering again after its relay restarts.

#![allow(clippy::unwrap_used)]

mod common;

use std::time::{Duration, Instant};

use briscola_relay::limits::Limits;
use briscola_relay::wire::Refusal;
use briscola_relay::{
    HostLink, Nameplate, RelayError, RelaySocket, RelayStatus, guest_connect_with,
};
use common::*;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

fn plate(text: &str) -> Nameplate {
    Nameplate::parse(text).unwrap()
}

async fn registered(status: &mut watch::Receiver<RelayStatus>) -> usize {
    let status = timeout(
        PATIENCE,
        status.wait_for(|s| matches!(s, RelayStatus::Registered { .. })),
    )
    .await
    .unwrap()
    .unwrap()
    .to_owned();
    match status {
        RelayStatus::Registered { index } => index,
        _ => unreachable!(),
    }
}

async fn next_socket(sockets: &mut mpsc::Receiver<RelaySocket>) -> RelaySocket {
    timeout(PATIENCE, sockets.recv()).await.unwrap().unwrap()
}

async fn data(socket: &mut RelaySocket) -> Message {
    loop {
        match timeout(PATIENCE, socket.next()).await.unwrap() {
            Some(Ok(message @ (Message::Binary(_) | Message::Text(_)))) => return message,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected data, got {other:?}"),
        }
    }
}

/// A host registered under `nameplate` from `source`, and one guest paired with it from `guest`.
async fn pair(
    address: &briscola_relay::RelayAddress,
    nameplate: &str,
    source: [u8; 4],
    guest: [u8; 4],
) -> (HostLink, RelaySocket, RelaySocket) {
    let (link, mut sockets) = HostLink::spawn_with(address.clone(), plate(nameplate), from(source));
    registered(&mut link.status()).await;
    let (guest, hosts) = guest_connect_with(address, &plate(nameplate), 0, &from(guest))
        .await
        .unwrap();
    assert_eq!(hosts, 1);
    (link, next_socket(&mut sockets).await, guest)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pair_forwards_frames_verbatim_both_ways_and_a_close_closes_the_other() {
    let (_relay, address) = relay(Limits::default(), vec![]).await;
    let (_link, mut host, mut guest) = pair(&address, "7KQ", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    for (message, reply) in [
        (
            Message::binary(vec![0u8, 1, 255]),
            Message::binary(vec![7u8; 400]),
        ),
        (Message::text("hello"), Message::text("back")),
    ] {
        host.send(message.clone()).await.unwrap();
        assert_eq!(data(&mut guest).await, message);
        guest.send(reply.clone()).await.unwrap();
        assert_eq!(data(&mut host).await, reply);
    }
    let frame = CloseFrame {
        code: 4321.into(),
        reason: "done".into(),
    };
    guest.send(Message::Close(Some(frame))).await.unwrap();
    assert_eq!(close_code(&mut host).await, Some(4321));

    let (_link, mut host, mut guest) = pair(&address, "7KR", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    host.send(Message::Close(None)).await.unwrap();
    assert_eq!(close_code(&mut guest).await, None);
    let (_link, host, mut guest) = pair(&address, "7KS", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    drop(host);
    assert_eq!(close_code(&mut guest).await, Some(Refusal::Gone.code()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_hosts_share_a_nameplate_and_a_guest_picks_one_by_index() {
    let (_relay, address) = relay(Limits::default(), vec![]).await;
    let (first, mut first_sockets) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 1]));
    assert_eq!(registered(&mut first.status()).await, 0);
    let (second, mut second_sockets) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 1]));
    assert_eq!(registered(&mut second.status()).await, 1);

    let options = from([127, 0, 0, 2]);
    let (mut guest, hosts) = guest_connect_with(&address, &plate("7KQ"), 1, &options)
        .await
        .unwrap();
    assert_eq!(hosts, 2);
    let mut host = next_socket(&mut second_sockets).await;
    guest.send(Message::text("to the second")).await.unwrap();
    assert_eq!(data(&mut host).await, Message::text("to the second"));
    assert!(
        first_sockets.try_recv().is_err(),
        "the first host got nobody"
    );

    let refused = guest_connect_with(&address, &plate("7KQ"), 2, &options).await;
    assert_eq!(refused.err(), Some(RelayError::Refused(Refusal::NoHost)));
    let refused = guest_connect_with(&address, &plate("AAA"), 0, &options).await;
    assert_eq!(refused.err(), Some(RelayError::Refused(Refusal::NoHost)));
    drop(second);
    let (_guest, hosts) = guest_connect_with(&address, &plate("7KQ"), 0, &options)
        .await
        .unwrap();
    assert_eq!(hosts, 1, "the second host's index is free again");
    next_socket(&mut first_sockets).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_are_refused_with_their_code() {
    let (relay, _) = relay(Limits::default(), vec![]).await;
    for query in ["", "t=7kq&r=host", "t=7KQ&r=guest", "t=7KQ&r=boss", "x=1"] {
        let mut socket = raw(relay.local_addr, [127, 0, 0, 1], query, &[]).await;
        assert_eq!(close_code(&mut socket).await, Some(4000), "{query}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_are_limited() {
    let limits = Limits {
        connections_per_address: 2,
        ..Limits::default()
    };
    let (relay, _) = relay(limits, vec![]).await;
    let at = relay.local_addr;
    let mut kept = Vec::new();
    for _ in 0..2 {
        let mut socket = raw(at, [127, 0, 0, 3], "t=7KQ&r=host", &[]).await;
        assert!(text(&mut socket).await.contains("registered"));
        kept.push(socket);
    }
    let mut third = raw(at, [127, 0, 0, 3], "t=7KQ&r=host", &[]).await;
    assert_eq!(
        close_code(&mut third).await,
        Some(Refusal::RateLimited.code())
    );
    let mut elsewhere = raw(at, [127, 0, 0, 4], "t=7KQ&r=host", &[]).await;
    assert!(text(&mut elsewhere).await.contains("registered"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairing_attempts_per_address_are_limited() {
    let limits = Limits {
        attempts_burst: 2,
        attempts_per_second: 0.0,
        ..Limits::default()
    };
    let (relay, address) = relay(limits, vec![]).await;
    let mut host = raw(relay.local_addr, [127, 0, 0, 5], "t=7KQ&r=host", &[]).await;
    assert!(text(&mut host).await.contains("registered"));
    let options = from([127, 0, 0, 5]);
    let waiting = guest_connect_with(&address, &plate("AAA"), 0, &options).await;
    assert_eq!(waiting.err(), Some(RelayError::Refused(Refusal::NoHost)));
    let refused = guest_connect_with(&address, &plate("7KQ"), 0, &options).await;
    assert_eq!(
        refused.err(),
        Some(RelayError::Refused(Refusal::RateLimited))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_connections_are_capped() {
    let limits = Limits {
        max_connections: 2,
        ..Limits::default()
    };
    let (relay, _) = relay(limits, vec![]).await;
    let mut kept = Vec::new();
    for source in [[127, 0, 0, 6], [127, 0, 0, 7]] {
        let mut socket = raw(relay.local_addr, source, "t=7KQ&r=host", &[]).await;
        assert!(text(&mut socket).await.contains("registered"));
        kept.push(socket);
    }
    let mut third = raw(relay.local_addr, [127, 0, 0, 8], "t=7KQ&r=host", &[]).await;
    assert_eq!(
        close_code(&mut third).await,
        Some(Refusal::RelayFull.code())
    );
    drop(kept.pop());
    let mut socket = loop {
        let mut socket = raw(relay.local_addr, [127, 0, 0, 8], "t=7KQ&r=host", &[]).await;
        match timeout(PATIENCE, socket.next()).await.unwrap() {
            Some(Ok(Message::Text(_))) => break socket,
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    socket.send(Message::Close(None)).await.unwrap();
}

/// Sends `frames` frames of `size` bytes from `from` to `to`: the seconds until the last arrived.
async fn send_through(
    from: &mut RelaySocket,
    to: &mut RelaySocket,
    frames: usize,
    size: usize,
) -> f64 {
    let start = Instant::now();
    for _ in 0..frames {
        from.send(Message::binary(vec![1u8; size])).await.unwrap();
    }
    for _ in 0..frames {
        data(to).await;
    }
    start.elapsed().as_secs_f64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_per_second_are_limited_per_connection() {
    let limits = Limits {
        bytes_per_second: 10_000,
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (_link, mut host, mut guest) = pair(&address, "7KQ", [127, 0, 0, 9], [127, 0, 0, 10]).await;
    // A burst of 10,000 bytes, then 10,000 per second: the third frame waits two seconds.
    let seconds = send_through(&mut host, &mut guest, 3, 10_000).await;
    assert!(seconds >= 1.5, "{seconds} s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_per_second_are_limited_per_address() {
    let limits = Limits {
        bytes_per_second_per_address: 10_000,
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (_a, mut host_a, mut guest_a) =
        pair(&address, "7KQ", [127, 0, 0, 11], [127, 0, 0, 12]).await;
    let (_b, mut host_b, mut guest_b) =
        pair(&address, "7KR", [127, 0, 0, 11], [127, 0, 0, 13]).await;
    // Each connection alone is within its own limit; together they owe the address two seconds.
    let start = Instant::now();
    let (a, b) = tokio::join!(
        send_through(&mut host_a, &mut guest_a, 2, 7_500),
        send_through(&mut host_b, &mut guest_b, 2, 7_500)
    );
    assert!(start.elapsed().as_secs_f64() >= 1.5, "{a} s and {b} s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_beyond_the_cap_end_the_pair() {
    let limits = Limits {
        max_message: 2_048,
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (_link, mut host, mut guest) =
        pair(&address, "7KQ", [127, 0, 0, 14], [127, 0, 0, 15]).await;
    guest.send(Message::binary(vec![1u8; 2_000])).await.unwrap();
    assert_eq!(data(&mut host).await.len(), 2_000);
    let _ = guest.send(Message::binary(vec![1u8; 4_096])).await;
    assert_eq!(close_code(&mut host).await, Some(Refusal::Gone.code()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_nobody_accepts_times_out() {
    let limits = Limits {
        pairing_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let (relay, address) = relay(limits, vec![]).await;
    let mut host = raw(relay.local_addr, [127, 0, 0, 16], "t=7KQ&r=host", &[]).await;
    assert!(text(&mut host).await.contains("registered"));
    let refused = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 17])).await;
    assert_eq!(
        refused.err(),
        Some(RelayError::Refused(Refusal::PairingTimedOut))
    );
    assert!(text(&mut host).await.contains("guest"), "the host was told");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_pair_is_closed_on_both_sides() {
    let limits = Limits {
        idle_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (_link, mut host, mut guest) =
        pair(&address, "7KQ", [127, 0, 0, 18], [127, 0, 0, 19]).await;
    assert_eq!(close_code(&mut host).await, Some(Refusal::Idle.code()));
    assert_eq!(close_code(&mut guest).await, Some(Refusal::Idle.code()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_control_that_answers_no_ping_is_closed() {
    let limits = Limits {
        ping_interval: Duration::from_millis(100),
        host_timeout: Duration::from_millis(400),
        ..Limits::default()
    };
    let (relay, _) = relay(limits, vec![]).await;
    let mut host = raw(relay.local_addr, [127, 0, 0, 20], "t=7KQ&r=host", &[]).await;
    // Not reading answers no ping (tungstenite answers as it reads).
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(close_code(&mut host).await, Some(Refusal::NoPong.code()));

    let (_relay, address) = relay_again(Duration::from_millis(100)).await;
    let (link, _sockets) = HostLink::spawn_with(address, plate("7KQ"), from([127, 0, 0, 21]));
    let mut status = link.status();
    registered(&mut status).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(
        matches!(*status.borrow(), RelayStatus::Registered { .. }),
        "a link answers the pings"
    );
}

async fn relay_again(ping: Duration) -> (briscola_relay::Relay, briscola_relay::RelayAddress) {
    let limits = Limits {
        ping_interval: ping,
        host_timeout: ping * 4,
        ..Limits::default()
    };
    relay(limits, vec![]).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_counts_only_from_a_trusted_proxy() {
    let limits = Limits {
        connections_per_address: 1,
        ..Limits::default()
    };
    let proxy = [127, 0, 0, 22];
    let (relay, _) = relay(limits, vec![[127, 0, 0, 22].into()]).await;
    let at = relay.local_addr;
    let as_client = |client: &'static str| [("x-forwarded-for", client)];
    let open = |source: [u8; 4], client: &'static str| async move {
        let mut socket = raw(at, source, "t=7KQ&r=host", &as_client(client)).await;
        let code = match timeout(PATIENCE, socket.next()).await.unwrap() {
            Some(Ok(Message::Text(_))) => None,
            Some(Ok(Message::Close(frame))) => frame.map(|f| u16::from(f.code)),
            other => panic!("{other:?}"),
        };
        (socket, code)
    };
    let (_a, first) = open(proxy, "203.0.113.1").await;
    let (_b, other_client) = open(proxy, "203.0.113.2").await;
    let (_c, same_client) = open(proxy, "198.51.100.9, 203.0.113.1").await;
    assert_eq!(
        [first, other_client],
        [None, None],
        "two clients behind the proxy"
    );
    assert_eq!(same_client, Some(Refusal::RateLimited.code()));

    let stranger = [127, 0, 0, 23];
    let (_d, first) = open(stranger, "203.0.113.3").await;
    let (_e, claimed) = open(stranger, "203.0.113.4").await;
    assert_eq!(first, None);
    assert_eq!(
        claimed,
        Some(Refusal::RateLimited.code()),
        "a stranger's header is ignored"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_link_registers_again_after_its_relay_restarts() {
    let (relay, address) = relay(Limits::default(), vec![]).await;
    let port = relay.local_addr;
    let (link, mut sockets) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 24]));
    let mut status = link.status();
    registered(&mut status).await;
    drop(relay);
    timeout(
        PATIENCE,
        status.wait_for(|s| !matches!(s, RelayStatus::Registered { .. })),
    )
    .await
    .unwrap()
    .unwrap();

    let listener = TcpListener::bind(port).await.unwrap();
    let _again = briscola_relay::start(listener, briscola_relay::RelayConfig::default()).unwrap();
    assert_eq!(registered(&mut status).await, 0);
    let (mut guest, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 25]))
        .await
        .unwrap();
    let mut host = next_socket(&mut sockets).await;
    host.send(Message::text("again")).await.unwrap();
    assert_eq!(data(&mut guest).await, Message::text("again"));
}
