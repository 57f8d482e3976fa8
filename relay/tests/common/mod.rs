//! What the relay's loopback tests share: a relay on a free port, raw WebSocket clients (from a
//! chosen loopback address, with chosen headers), and reading a close code.

#![allow(dead_code, clippy::unwrap_used)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use briscola_relay::limits::Limits;
use briscola_relay::{LinkOptions, Relay, RelayAddress, RelayConfig};
use futures_util::StreamExt;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{WebSocketStream, client_async};

pub type Raw = WebSocketStream<TcpStream>;

/// How long a test waits for anything before failing.
pub const PATIENCE: Duration = Duration::from_secs(10);

pub async fn relay(limits: Limits, trusted: Vec<IpAddr>) -> (Relay, RelayAddress) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let config = RelayConfig {
        limits,
        trusted_proxies: trusted,
        log: false,
    };
    let relay = briscola_relay::start(listener, config).unwrap();
    let address = RelayAddress::plain(relay.local_addr);
    (relay, address)
}

pub fn from(source: [u8; 4]) -> LinkOptions {
    LinkOptions {
        source: Some(IpAddr::V4(Ipv4Addr::from(source))),
        pairing_deadline: PATIENCE,
        ..LinkOptions::default()
    }
}

pub async fn tcp(relay: SocketAddr, source: [u8; 4]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::from(source)), 0))
        .unwrap();
    socket.connect(relay).await.unwrap()
}

/// A raw WebSocket to the relay asking `query`, from `source`, with `headers`.
pub async fn raw(
    relay: SocketAddr,
    source: [u8; 4],
    query: &str,
    headers: &[(&'static str, &str)],
) -> Raw {
    let mut request = format!("ws://{relay}/?{query}")
        .into_client_request()
        .unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let stream = tcp(relay, source).await;
    let (socket, _) = timeout(PATIENCE, client_async(request, stream))
        .await
        .unwrap()
        .unwrap();
    socket
}

/// The next text frame, skipping pings.
pub async fn text(socket: &mut Raw) -> String {
    loop {
        match timeout(PATIENCE, socket.next()).await.unwrap() {
            Some(Ok(Message::Text(text))) => return text.to_string(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected a text frame, got {other:?}"),
        }
    }
}

/// The close code the socket ends with (`None`: no close frame), skipping other frames; fails
/// if it does not end within [`PATIENCE`].
pub async fn close_code<S>(socket: &mut WebSocketStream<S>) -> Option<u16>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let ends = async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| f.code.into()),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    };
    timeout(PATIENCE, ends).await.unwrap()
}
