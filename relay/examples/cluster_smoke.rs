//! The relay cluster's smoke run (`scripts/relay-cluster.sh`): synthetic hosts register through
//! the proxy in front of the relays ([`HostLink`]), a guest of each pairs with its host
//! ([`guest_connect`]) and exchanges a frame; then, once a line arrives on standard input (the
//! script has killed one relay), every guest connects again until it is paired and its frame comes
//! back: the hosts whose relay died registered again through the proxy, with another relay.
//! Prints one line per step; exits non-zero if a table did not come back within a minute.

use std::io::BufRead;
use std::process::ExitCode;
use std::time::Duration;

use briscola_relay::{HostLink, Nameplate, RelayAddress, RelayStatus, guest_connect};
use futures_util::{SinkExt, StreamExt};
use tokio::time::{Instant, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;

/// One table's exchange through the relay: whether its guest's frame came back.
async fn exchange(relay: &RelayAddress, nameplate: &Nameplate) -> bool {
    let Ok(Ok((mut guest, _))) =
        timeout(Duration::from_secs(5), guest_connect(relay, nameplate, 0)).await
    else {
        return false;
    };
    let frame = Message::text(format!("hello {nameplate}"));
    if guest.send(frame.clone()).await.is_err() {
        return false;
    }
    matches!(timeout(Duration::from_secs(5), guest.next()).await, Ok(Some(Ok(echo))) if echo == frame)
}

async fn smoke(relay: RelayAddress, tables: usize) -> Result<(), String> {
    let mut links = Vec::new();
    for table in 0..tables {
        let nameplate = Nameplate::parse(&format!("S{table}")).map_err(|e| e.to_string())?;
        let (link, mut streams) = HostLink::spawn(relay.clone(), nameplate.clone());
        // The host echoes every frame of every guest, on its `GuestStream`.
        tokio::spawn(async move {
            while let Some(stream) = streams.recv().await {
                tokio::spawn(async move {
                    let (mut sink, mut stream) = stream.split();
                    while let Some(Ok(message)) = stream.next().await {
                        if message.is_close() || sink.send(message).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        links.push((nameplate, link));
    }
    for (nameplate, link) in &links {
        let mut status = link.status();
        timeout(
            Duration::from_secs(20),
            status.wait_for(|s| matches!(s, RelayStatus::Registered { .. })),
        )
        .await
        .map_err(|_| format!("{nameplate} did not register"))?
        .map_err(|e| e.to_string())?;
        if !exchange(&relay, nameplate).await {
            return Err(format!("{nameplate}: no exchange before the kill"));
        }
    }
    println!("paired {tables}");
    let mut watchers = Vec::new();
    for (_, link) in &links {
        let mut status = link.status();
        watchers.push(tokio::spawn(async move {
            status
                .wait_for(|s| !matches!(s, RelayStatus::Registered { .. }))
                .await
                .is_ok()
        }));
    }
    tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)
    })
    .await
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + Duration::from_secs(60);
    for (nameplate, _) in &links {
        while !exchange(&relay, nameplate).await {
            if Instant::now() > deadline {
                return Err(format!("{nameplate} did not come back"));
            }
            sleep(Duration::from_millis(500)).await;
        }
    }
    let dropped = watchers.iter().filter(|w| w.is_finished()).count();
    println!("reconnected {tables} (hosts that registered again: {dropped})");
    if dropped == 0 {
        return Err("no host lost its relay: was one killed?".into());
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(address), tables) = (args.next(), args.next()) else {
        eprintln!("usage: cluster_smoke ADDRESS [TABLES]");
        return ExitCode::FAILURE;
    };
    let tables = tables.and_then(|t| t.parse().ok()).unwrap_or(30);
    let Ok(relay) = RelayAddress::parse(&address) else {
        eprintln!("cluster_smoke: not a relay address: {address}");
        return ExitCode::FAILURE;
    };
    let Ok(runtime) = tokio::runtime::Runtime::new() else {
        return ExitCode::FAILURE;
    };
    match runtime.block_on(smoke(relay, tables)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cluster_smoke: {message}");
            ExitCode::FAILURE
        }
    }
}
