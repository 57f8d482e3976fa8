//! The relay over loopback: pairing, guests' streams carried on their host's control connection
//! both ways and interleaved, closes both ways, several hosts under one nameplate, every limit
//! (slow guests and hosts, the cap of guests per host), unknown guests' frames dropped, the idle
//! timeouts, `X-Forwarded-For` from trusted proxies only (and reported to the host), and a host
//! link registering again after its relay restarts.

#![allow(clippy::unwrap_used)]

mod common;

use std::time::{Duration, Instant};

use briscola_relay::limits::Limits;
use briscola_relay::wire::{Command, Notice, Refusal, encode_frame};
use briscola_relay::{
    GuestStream, HostLink, Nameplate, RelayError, RelaySocket, RelayStatus, guest_connect_with,
};
use common::*;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// A guest's stream can move between tasks and be polled in place.
const _: fn() = || {
    fn movable<T: Unpin + Send + 'static>() {}
    movable::<GuestStream>();
};

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

async fn next_stream(streams: &mut mpsc::Receiver<GuestStream>) -> GuestStream {
    timeout(PATIENCE, streams.recv()).await.unwrap().unwrap()
}

async fn data<S>(socket: &mut S) -> Message
where
    S: Stream<Item = Result<Message, WsError>> + Unpin,
{
    loop {
        match timeout(PATIENCE, socket.next()).await.unwrap() {
            Some(Ok(message @ (Message::Binary(_) | Message::Text(_)))) => return message,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected data, got {other:?}"),
        }
    }
}

/// Waits for a guest's stream to end at its host.
async fn ends(stream: &mut GuestStream) {
    while timeout(PATIENCE, stream.next()).await.unwrap().is_some() {}
}

/// A host registered under `nameplate` from `source`, and one guest paired with it from `guest`.
async fn pair(
    address: &briscola_relay::RelayAddress,
    nameplate: &str,
    source: [u8; 4],
    guest: [u8; 4],
) -> (HostLink, GuestStream, RelaySocket) {
    let (link, mut streams) = HostLink::spawn_with(address.clone(), plate(nameplate), from(source));
    registered(&mut link.status()).await;
    let (guest, hosts) = guest_connect_with(address, &plate(nameplate), 0, &from(guest))
        .await
        .unwrap();
    assert_eq!(hosts, 1);
    (link, next_stream(&mut streams).await, guest)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_stream_forwards_frames_verbatim_both_ways_and_closes_both_ways() {
    let (_relay, address) = relay(Limits::default(), vec![]).await;
    let (_link, mut host, mut guest) = pair(&address, "7KQ", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    assert_eq!(host.from(), std::net::IpAddr::from([127, 0, 0, 2]));
    for (message, reply) in [
        (
            Message::binary(vec![0u8, 1, 255]),
            Message::binary(vec![7u8; 400]),
        ),
        (Message::text("hello"), Message::text("back")),
        (Message::binary(Vec::new()), Message::text("")),
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
    ends(&mut host).await;
    assert!(
        host.send(Message::text("late")).await.is_err(),
        "a closed stream takes nothing"
    );

    let (_link, mut host, mut guest) = pair(&address, "7KR", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    host.send(Message::Close(None)).await.unwrap();
    assert_eq!(close_code(&mut guest).await, Some(1000));
    let (_link, host, mut guest) = pair(&address, "7KS", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    drop(host);
    assert_eq!(close_code(&mut guest).await, Some(1000));
    let (link, _host, mut guest) = pair(&address, "7KT", [127, 0, 0, 1], [127, 0, 0, 2]).await;
    drop(link);
    assert_eq!(
        close_code(&mut guest).await,
        Some(Refusal::Gone.code()),
        "the control connection's end ends its guests"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_guests_of_one_host_interleave_on_its_control_connection() {
    let (_relay, address) = relay(Limits::default(), vec![]).await;
    let (_link, mut streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 30]));
    let mut status = _link.status();
    registered(&mut status).await;
    let mut guests = Vec::new();
    let mut hosts = Vec::new();
    for n in 0..4u8 {
        let (guest, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 1, n + 1]))
            .await
            .unwrap();
        guests.push(guest);
        let host = next_stream(&mut streams).await;
        assert_eq!(host.from(), std::net::IpAddr::from([127, 0, 1, n + 1]));
        hosts.push(host);
    }
    for round in 0..20 {
        for (n, (host, guest)) in hosts.iter_mut().zip(&mut guests).enumerate() {
            host.send(Message::text(format!("{round} to {n}")))
                .await
                .unwrap();
            guest
                .send(Message::binary(vec![n as u8; round]))
                .await
                .unwrap();
        }
    }
    for round in 0..20 {
        for (n, (host, guest)) in hosts.iter_mut().zip(&mut guests).enumerate() {
            assert_eq!(data(guest).await, Message::text(format!("{round} to {n}")));
            assert_eq!(data(host).await, Message::binary(vec![n as u8; round]));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_hosts_share_a_nameplate_and_a_guest_picks_one_by_index() {
    let (_relay, address) = relay(Limits::default(), vec![]).await;
    let (first, mut first_streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 1]));
    assert_eq!(registered(&mut first.status()).await, 0);
    let (second, mut second_streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 1]));
    assert_eq!(registered(&mut second.status()).await, 1);

    let options = from([127, 0, 0, 2]);
    let (mut guest, hosts) = guest_connect_with(&address, &plate("7KQ"), 1, &options)
        .await
        .unwrap();
    assert_eq!(hosts, 2);
    let mut host = next_stream(&mut second_streams).await;
    guest.send(Message::text("to the second")).await.unwrap();
    assert_eq!(data(&mut host).await, Message::text("to the second"));
    assert!(
        first_streams.try_recv().is_err(),
        "the first host got nobody"
    );

    let refused = guest_connect_with(&address, &plate("7KQ"), 2, &options).await;
    assert_eq!(refused.err(), Some(RelayError::Refused(Refusal::NoHost)));
    let refused = guest_connect_with(&address, &plate("AAA"), 0, &options).await;
    assert_eq!(refused.err(), Some(RelayError::Refused(Refusal::NoHost)));
    drop(second);
    // The relay frees the index before it ends the host's guests.
    assert_eq!(close_code(&mut guest).await, Some(Refusal::Gone.code()));
    let (_guest, hosts) = guest_connect_with(&address, &plate("7KQ"), 0, &options)
        .await
        .unwrap();
    assert_eq!(hosts, 1, "the second host's index is free again");
    next_stream(&mut first_streams).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_carries_at_most_its_cap_of_guests() {
    let limits = Limits {
        guests_per_host: 2,
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (link, mut streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 31]));
    registered(&mut link.status()).await;
    let options = from([127, 0, 0, 32]);
    let mut kept = Vec::new();
    let mut carried = Vec::new();
    for _ in 0..2 {
        kept.push(
            guest_connect_with(&address, &plate("7KQ"), 0, &options)
                .await
                .unwrap(),
        );
        carried.push(next_stream(&mut streams).await);
    }
    let refused = guest_connect_with(&address, &plate("7KQ"), 0, &options).await;
    assert_eq!(refused.err(), Some(RelayError::Refused(Refusal::HostFull)));
    let (mut gone, _) = kept.pop().unwrap();
    gone.send(Message::Close(None)).await.unwrap();
    let _ = close_code(&mut gone).await;
    // The relay frees the place once the guest's socket closed.
    let again = loop {
        match guest_connect_with(&address, &plate("7KQ"), 0, &options).await {
            Err(RelayError::Refused(Refusal::HostFull)) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            other => break other,
        }
    };
    assert!(again.is_ok(), "a place is free again");
}

/// A raw host control connection from `source`: the socket, after its registration.
async fn raw_host(at: std::net::SocketAddr, source: [u8; 4], nameplate: &str) -> Raw {
    let mut host = raw(at, source, &format!("t={nameplate}&r=host"), &[]).await;
    assert!(text(&mut host).await.contains("registered"));
    host
}

/// The next `open` notice on a raw host: the guest's id and address.
async fn opened(host: &mut Raw) -> (u64, std::net::IpAddr) {
    match Notice::decode(&text(host).await) {
        Some(Notice::Open { guest, from }) => (guest, from),
        other => panic!("expected open, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frames_for_unknown_guests_are_dropped_and_the_host_goes_on() {
    let (relay, address) = relay(Limits::default(), vec![]).await;
    let mut host = raw_host(relay.local_addr, [127, 0, 0, 33], "7KQ").await;
    let (mut guest, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 34]))
        .await
        .unwrap();
    let (id, _) = opened(&mut host).await;
    for unknown in [id ^ 1, 0, u64::MAX] {
        let frame = encode_frame(unknown, &Message::text("lost")).unwrap();
        host.send(frame).await.unwrap();
        let close = Command::Close { guest: unknown }.encode();
        host.send(Message::text(close)).await.unwrap();
    }
    host.send(encode_frame(id, &Message::text("found")).unwrap())
        .await
        .unwrap();
    assert_eq!(data(&mut guest).await, Message::text("found"));
    guest.send(Message::binary(vec![5u8; 3])).await.unwrap();
    let Message::Binary(frame) = data(&mut host).await else {
        panic!("a binary frame");
    };
    assert_eq!(
        frame.as_ref(),
        [&id.to_be_bytes()[..], &[0, 5, 5, 5]].concat()
    );

    host.send(Message::text(Command::Close { guest: id }.encode()))
        .await
        .unwrap();
    assert_eq!(close_code(&mut guest).await, Some(1000));
    assert_eq!(
        Notice::decode(&text(&mut host).await),
        Some(Notice::Closed { guest: id })
    );
    host.send(Message::binary(vec![1u8; 3])).await.unwrap();
    assert_eq!(
        close_code(&mut host).await,
        Some(Refusal::Unexpected.code()),
        "a frame shorter than its header is no guest's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_that_does_not_read_is_closed_and_its_hosts_other_guests_go_on() {
    let limits = Limits {
        guest_queue: 100_000,
        bytes_per_second: 100_000_000,
        bytes_per_second_per_address: 100_000_000,
        ..Limits::default()
    };
    let (relay, address) = relay(limits, vec![]).await;
    let (link, mut streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 35]));
    registered(&mut link.status()).await;
    // The slow guest completes its handshake and then reads nothing.
    let slow = raw(relay.local_addr, [127, 0, 0, 36], "t=7KQ&r=guest&i=0", &[]).await;
    let mut slow_host = next_stream(&mut streams).await;
    let (mut good, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 37]))
        .await
        .unwrap();
    let mut good_host = next_stream(&mut streams).await;
    let flood = tokio::spawn(async move {
        for _ in 0..400 {
            if slow_host
                .send(Message::binary(vec![1u8; 60_000]))
                .await
                .is_err()
            {
                break;
            }
            tokio::task::yield_now().await;
        }
        ends(&mut slow_host).await;
    });
    timeout(PATIENCE, flood).await.unwrap().unwrap();
    for n in 0..10 {
        good_host.send(Message::text(format!("{n}"))).await.unwrap();
        assert_eq!(data(&mut good).await, Message::text(format!("{n}")));
        good.send(Message::text("ok")).await.unwrap();
        assert_eq!(data(&mut good_host).await, Message::text("ok"));
    }
    drop(slow);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_that_does_not_read_is_closed_with_its_guests() {
    let limits = Limits {
        host_queue: 100_000,
        bytes_per_second: 100_000_000,
        bytes_per_second_per_address: 100_000_000,
        ..Limits::default()
    };
    let (relay, address) = relay(limits, vec![]).await;
    // The host reads its registration and the guest's open, then nothing.
    let mut host = raw_host(relay.local_addr, [127, 0, 0, 38], "7KQ").await;
    let (mut guest, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 39]))
        .await
        .unwrap();
    opened(&mut host).await;
    let flood = async {
        for _ in 0..400 {
            if guest
                .send(Message::binary(vec![1u8; 60_000]))
                .await
                .is_err()
            {
                break;
            }
        }
    };
    timeout(PATIENCE, flood).await.unwrap();
    assert_eq!(close_code(&mut guest).await, Some(Refusal::Gone.code()));
    let mut again = raw(relay.local_addr, [127, 0, 0, 40], "t=7KQ&r=host", &[]).await;
    assert_eq!(
        Notice::decode(&text(&mut again).await),
        Some(Notice::Registered { index: 0 }),
        "the slow host's index is free"
    );
    drop(host);
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
async fn send_through<F, T>(from: &mut F, to: &mut T, frames: usize, size: usize) -> f64
where
    F: Sink<Message, Error = WsError> + Unpin,
    T: Stream<Item = Result<Message, WsError>> + Unpin,
{
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
    ends(&mut host).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_guest_is_closed_and_its_host_told() {
    let limits = Limits {
        idle_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let (_relay, address) = relay(limits, vec![]).await;
    let (_link, mut host, mut guest) =
        pair(&address, "7KQ", [127, 0, 0, 18], [127, 0, 0, 19]).await;
    assert_eq!(close_code(&mut guest).await, Some(Refusal::Idle.code()));
    ends(&mut host).await;
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
    let (link, mut streams) =
        HostLink::spawn_with(address.clone(), plate("7KQ"), from([127, 0, 0, 24]));
    let mut status = link.status();
    registered(&mut status).await;
    let (mut first, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 25]))
        .await
        .unwrap();
    let mut before = next_stream(&mut streams).await;
    drop(relay);
    ends(&mut before).await;
    close_code(&mut first).await;
    drop(first);
    timeout(
        PATIENCE,
        status.wait_for(|s| !matches!(s, RelayStatus::Registered { .. })),
    )
    .await
    .unwrap()
    .unwrap();

    // The port is free once the killed relay's sockets are gone.
    let listener = timeout(PATIENCE, async {
        loop {
            match TcpListener::bind(port).await {
                Ok(listener) => return listener,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    })
    .await
    .unwrap();
    let _again = briscola_relay::start(listener, briscola_relay::RelayConfig::default()).unwrap();
    assert_eq!(registered(&mut status).await, 0);
    let (mut guest, _) = guest_connect_with(&address, &plate("7KQ"), 0, &from([127, 0, 0, 25]))
        .await
        .unwrap();
    let mut host = next_stream(&mut streams).await;
    host.send(Message::text("again")).await.unwrap();
    assert_eq!(data(&mut guest).await, Message::text("again"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_is_told_each_guests_address_after_the_trusted_proxy_rule() {
    let proxy = [127, 0, 0, 41];
    let (relay, _) = relay(Limits::default(), vec![proxy.into()]).await;
    let at = relay.local_addr;
    let mut host = raw_host(at, [127, 0, 0, 42], "7KQ").await;
    let header = [("x-forwarded-for", "198.51.100.9, 203.0.113.5")];
    let mut behind = raw(at, proxy, "t=7KQ&r=guest&i=0", &header).await;
    assert_eq!(
        opened(&mut host).await.1,
        std::net::IpAddr::from([203, 0, 113, 5])
    );
    assert!(text(&mut behind).await.contains("paired"));
    let mut stranger = raw(at, [127, 0, 0, 43], "t=7KQ&r=guest&i=0", &header).await;
    assert_eq!(
        opened(&mut host).await.1,
        std::net::IpAddr::from([127, 0, 0, 43]),
        "a stranger's header is ignored"
    );
    assert!(text(&mut stranger).await.contains("paired"));
}
