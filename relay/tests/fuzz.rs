//! Hostile input against a real relay over loopback while a real pair keeps forwarding: random
//! bytes at the TCP level, random query strings, more than 10,000 random frames (data, control,
//! malformed) sent before pairing, and hostile hosts: control connections with a guest of their
//! own sending random guest frames (short ones, unknown and real ids, every kind), random and
//! malformed commands, and floods of frames; all from many addresses (Linux routes all of 127/8
//! to loopback). The real table's frames all arrive intact and in order, and a new guest still
//! pairs after.

#![allow(clippy::unwrap_used)]

mod common;

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use briscola_relay::limits::Limits;
use briscola_relay::wire::{Command, Notice, encode_frame};
use briscola_relay::{HostLink, Nameplate, RelayStatus, guest_connect_with};
use common::*;
use futures_util::{SinkExt, StreamExt};
use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::{Rng, RngCore};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;
use tokio::time::timeout;
use tokio_tungstenite::client_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Hostile connections of each kind.
const EACH: usize = 300;
/// Frames each frame-sending connection sends.
const FRAMES: usize = 40;

fn source(n: usize) -> [u8; 4] {
    let n = u32::try_from(n).unwrap();
    let [_, a, b, c] = (Ipv4Addr::new(127, 9, 0, 1).to_bits() + n).to_be_bytes();
    [127, a, b, c]
}

fn random_text(rng: &mut TestRng, len: usize) -> String {
    const PIECES: [&str; 14] = [
        "t=",
        "r=",
        "i=",
        "g=",
        "&",
        "=",
        "host",
        "guest",
        "accept",
        "7KQ",
        "%00",
        "0",
        "99999999999999999999",
        "\u{e9}",
    ];
    (0..len)
        .map(|_| PIECES[rng.random_range(0..PIECES.len())])
        .collect()
}

fn random_message(rng: &mut TestRng) -> Message {
    let mut bytes = vec![0u8; rng.random_range(0..3_000)];
    rng.fill_bytes(&mut bytes);
    match rng.random_range(0..5) {
        0 => Message::binary(bytes),
        1 => Message::text(String::from_utf8_lossy(&bytes).into_owned()),
        2 => Message::Ping(bytes[..bytes.len().min(100)].to_vec().into()),
        3 => Message::Pong(bytes[..bytes.len().min(100)].to_vec().into()),
        _ => Message::binary(vec![0u8; 70_000]),
    }
}

/// Random bytes straight onto TCP (sometimes after a plausible request line).
async fn bytes_attack(relay: std::net::SocketAddr, from: [u8; 4], mut rng: TestRng) {
    let mut stream = tcp(relay, from).await;
    let mut bytes = vec![0u8; rng.random_range(0..4_096)];
    rng.fill_bytes(&mut bytes);
    if rng.random_bool(0.5) {
        bytes.splice(
            0..0,
            b"GET /?t=7KQ&r=guest&i=0 HTTP/1.1\r\nHost: x\r\n"
                .iter()
                .copied(),
        );
    }
    let _ = stream.write_all(&bytes).await;
    let mut sink = [0u8; 1_024];
    let _ = timeout(PATIENCE, async {
        while matches!(stream.read(&mut sink).await, Ok(1..)) {}
    })
    .await;
}

/// A random query string.
async fn query_attack(relay: std::net::SocketAddr, from: [u8; 4], mut rng: TestRng) {
    let length = rng.random_range(0..12);
    let query = random_text(&mut rng, length);
    let Ok(request) = format!("ws://{relay}/?{query}").into_client_request() else {
        return;
    };
    let stream = tcp(relay, from).await;
    if let Ok(Ok((mut socket, _))) = timeout(PATIENCE, client_async(request, stream)).await {
        let _ = close_code(&mut socket).await;
    }
}

/// A plausible request, then [`FRAMES`] random frames at once (or random bytes as a frame);
/// how many frames were written to the connection.
async fn frame_attack(relay: std::net::SocketAddr, from: [u8; 4], mut rng: TestRng) -> usize {
    let query = match rng.random_range(0..4) {
        0 => "t=7KQ&r=guest&i=0".to_owned(),
        1 => format!("t=7KQ&r=accept&g={}", rng.random_range(0..1_000u64)),
        2 => "t=7KQ&r=host".to_owned(),
        _ => format!("t=Z{}&r=guest&i=0", rng.random_range(0..9)),
    };
    let mut socket = raw(relay, from, &query, &[]).await;
    let mut written = 0;
    if rng.random_bool(0.1) {
        let mut bytes = vec![0u8; 2_048];
        rng.fill_bytes(&mut bytes);
        let _ = socket.get_mut().write_all(&bytes).await;
        written += 1;
    }
    for _ in 0..FRAMES {
        if socket.feed(random_message(&mut rng)).await.is_ok() {
            written += 1;
        }
    }
    // Counted only once they reached the relay's side of the connection.
    let flushed = socket.flush().await.is_ok();
    let _ = close_code(&mut socket).await;
    if flushed { written } else { 0 }
}

/// A random frame from a hostile host: a guest's frame (to `known` or a random id, any kind, any
/// length, sometimes shorter than its header) or a command (valid, for any id, or malformed).
fn random_host_frame(rng: &mut TestRng, known: Option<u64>) -> Message {
    let guest = match known {
        Some(id) if rng.random_bool(0.5) => id,
        _ => rng.random(),
    };
    let mut payload = vec![0u8; rng.random_range(0..2_000)];
    rng.fill_bytes(&mut payload);
    match rng.random_range(0..6) {
        0 => Message::binary(payload[..payload.len().min(8)].to_vec()),
        1 => {
            let mut frame = guest.to_be_bytes().to_vec();
            frame.push(rng.random());
            frame.extend_from_slice(&payload);
            Message::binary(frame)
        }
        2 => Message::text(Command::Close { guest }.encode()),
        3 => Message::text(String::from_utf8_lossy(&payload).into_owned()),
        _ => encode_frame(guest, &Message::binary(payload)).unwrap(),
    }
}

/// A hostile host: registers, takes a guest of its own, then sends [`FRAMES`] random frames (or,
/// sometimes, a flood of many more to its guest); how many frames were written.
async fn host_attack(
    relay: std::net::SocketAddr,
    address: briscola_relay::RelayAddress,
    from: [u8; 4],
    n: usize,
    mut rng: TestRng,
) -> usize {
    let plate = format!("H{n}");
    let mut host = raw(relay, from, &format!("t={plate}&r=host"), &[]).await;
    let _ = text(&mut host).await;
    let nameplate = Nameplate::parse(&plate).unwrap();
    let options = common::from(from);
    let guest = tokio::spawn(async move {
        if let Ok((mut guest, _)) = guest_connect_with(&address, &nameplate, 0, &options).await {
            let _ = close_code(&mut guest).await;
        }
    });
    let known = match Notice::decode(&text(&mut host).await) {
        Some(Notice::Open { guest, .. }) => Some(guest),
        _ => None,
    };
    let count = if rng.random_bool(0.1) {
        FRAMES * 25
    } else {
        FRAMES
    };
    let mut written = 0;
    for _ in 0..count {
        if host.feed(random_host_frame(&mut rng, known)).await.is_ok() {
            written += 1;
        }
    }
    let flushed = host.flush().await.is_ok();
    let _ = host.close(None).await;
    let _ = close_code(&mut host).await;
    let _ = guest.await;
    if flushed { written } else { 0 }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_bytes_queries_and_frames_leave_a_real_pair_forwarding() {
    let (relay, address) = relay(Limits::default(), vec![]).await;
    let at = relay.local_addr;
    let nameplate = Nameplate::parse("7KQ").unwrap();
    let (link, mut streams) =
        HostLink::spawn_with(address.clone(), nameplate.clone(), from([127, 0, 0, 1]));
    let mut status = link.status();
    timeout(
        PATIENCE,
        status.wait_for(|s| matches!(s, RelayStatus::Registered { index: 0 })),
    )
    .await
    .unwrap()
    .unwrap();
    let (mut guest, _) = guest_connect_with(&address, &nameplate, 0, &from([127, 0, 0, 2]))
        .await
        .unwrap();
    let mut host = timeout(PATIENCE, streams.recv()).await.unwrap().unwrap();
    // Strangers carried to the real host are dropped (closed) by it.
    tokio::spawn(async move { while streams.recv().await.is_some() {} });

    let done = Arc::new(AtomicBool::new(false));
    let rounds = Arc::new(AtomicUsize::new(0));
    let pair = {
        let (done, rounds) = (Arc::clone(&done), Arc::clone(&rounds));
        tokio::spawn(async move {
            let mut n: u32 = 0;
            while !done.load(Ordering::Relaxed) {
                let frame = Message::binary([n.to_be_bytes().as_slice(), &[7u8; 400]].concat());
                host.send(frame.clone()).await.unwrap();
                assert_eq!(
                    timeout(PATIENCE, guest.next())
                        .await
                        .unwrap()
                        .unwrap()
                        .unwrap(),
                    frame
                );
                let reply = Message::text(format!("reply {n}"));
                guest.send(reply.clone()).await.unwrap();
                assert_eq!(
                    timeout(PATIENCE, host.next())
                        .await
                        .unwrap()
                        .unwrap()
                        .unwrap(),
                    reply
                );
                n += 1;
                rounds.store(n as usize, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            (host, guest)
        })
    };

    let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let at_once = Arc::new(Semaphore::new(64));
    let mut attacks = Vec::new();
    for n in 0..EACH * 4 {
        let seed = TestRng::from_seed(RngAlgorithm::ChaCha, &rng.random::<[u8; 32]>());
        let permit = Arc::clone(&at_once).acquire_owned().await.unwrap();
        let address = address.clone();
        attacks.push(tokio::spawn(async move {
            let written = match n % 4 {
                3 => host_attack(at, address, source(n), n, seed).await,
                0 => {
                    bytes_attack(at, source(n), seed).await;
                    0
                }
                1 => {
                    query_attack(at, source(n), seed).await;
                    0
                }
                _ => frame_attack(at, source(n), seed).await,
            };
            drop(permit);
            written
        }));
    }
    let mut frames = 0;
    for attack in attacks {
        frames += attack.await.unwrap();
    }
    let during = rounds.load(Ordering::Relaxed);
    done.store(true, Ordering::Relaxed);
    let (mut host, mut guest) = timeout(PATIENCE, pair).await.unwrap().unwrap();
    eprintln!(
        "{frames} hostile frames over {} hostile connections",
        EACH * 4
    );
    assert!(frames >= 20_000, "{frames} hostile frames");
    assert!(during > 0, "the pair forwarded during the attack");
    host.send(Message::text("after")).await.unwrap();
    assert_eq!(
        timeout(PATIENCE, guest.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap(),
        Message::text("after")
    );

    let (mut again, _) = guest_connect_with(&address, &nameplate, 0, &from([127, 0, 0, 3]))
        .await
        .unwrap();
    again.send(Message::text("still here")).await.unwrap();
    drop(link);
}
