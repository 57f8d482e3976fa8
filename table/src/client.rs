//! A table's client end over WebSocket (feature `client`): connects to a table server, sends
//! [`ClientMessage`]s and reads [`ServerMessage`]s. The app, `briscola join` and the tests sit at
//! tables through it.
//!
//! The server is a remote peer like any other: connecting and the WebSocket handshake each have a
//! deadline ([`CONNECT_PATIENCE`]; a server that takes the connection and never answers is
//! [`ConnectError::Silent`]), a message from it over [`MAX_SERVER_MESSAGE_BYTES`] ends the connection,
//! and a frame that is not a server message of this protocol version is reported as such, never
//! trusted.
//!
//! Deliberately absent: reconnecting (the caller's policy: it holds the seat token), TLS, and
//! anything about what the messages mean.

use std::time::Duration;

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

use crate::protocol::{ClientMessage, ProtocolError, ServerMessage, decode_server, encode_client};

/// The largest message a client takes from a server (a long match's record fits many times over).
pub const MAX_SERVER_MESSAGE_BYTES: usize = 4 * 1024 * 1024;

/// How long connecting may take, and then the WebSocket handshake.
pub const CONNECT_PATIENCE: Duration = Duration::from_secs(10);

/// The read buffer a connection starts with (grown for a larger message, up to the cap).
const READ_BUFFER_BYTES: usize = 4 * 1024;

type Socket = WebSocketStream<TcpStream>;

/// Why a connection could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    /// Nothing answered at the address (or it is not one).
    #[error("cannot reach {address}: {reason}")]
    Unreachable {
        /// The address as given.
        address: String,
        /// Why (the operating system's words).
        reason: String,
    },
    /// Something answered, but not a table server.
    #[error("{address} is not a table server: {reason}")]
    NotATable {
        /// The address as given.
        address: String,
        /// Why.
        reason: String,
    },
    /// Something took the connection but did not answer the handshake in time.
    #[error("{address} does not answer (no table server there, or it is overloaded)")]
    Silent {
        /// The address as given.
        address: String,
    },
}

/// The sending half.
#[derive(Debug)]
pub struct Sender {
    sink: SplitSink<Socket, Message>,
}

/// The receiving half.
#[derive(Debug)]
pub struct Receiver {
    frames: SplitStream<Socket>,
}

/// What came from the server.
#[derive(Debug, PartialEq)]
pub enum Received {
    /// A message.
    Message(ServerMessage),
    /// A frame that is not a server message of this protocol (the connection stays open).
    Unreadable(ProtocolError),
}

/// `address` as `HOST:PORT`: a `ws://` prefix and a trailing slash are allowed.
pub fn host_port(address: &str) -> &str {
    address
        .trim()
        .trim_start_matches("ws://")
        .trim_end_matches('/')
}

/// Connects to the table server at `address` (`HOST:PORT`, or `ws://HOST:PORT/`), waiting at most
/// [`CONNECT_PATIENCE`] for the connection and as long again for the handshake.
pub async fn connect(address: &str) -> Result<(Sender, Receiver), ConnectError> {
    connect_within(address, CONNECT_PATIENCE).await
}

/// [`connect`] with another deadline for each step.
pub async fn connect_within(
    address: &str,
    patience: Duration,
) -> Result<(Sender, Receiver), ConnectError> {
    let host = host_port(address);
    let stream = match timeout(patience, TcpStream::connect(host)).await {
        Ok(connected) => connected.map_err(|e| ConnectError::Unreachable {
            address: host.to_string(),
            reason: e.to_string(),
        })?,
        Err(_) => {
            return Err(ConnectError::Unreachable {
                address: host.to_string(),
                reason: "no answer in time".into(),
            });
        }
    };
    // A move should leave at once, not wait for more (Nagle's algorithm).
    let _ = stream.set_nodelay(true);
    let limits = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(Some(MAX_SERVER_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_SERVER_MESSAGE_BYTES));
    let handshake = client_async_with_config(format!("ws://{host}/"), stream, Some(limits));
    let (socket, _) = timeout(patience, handshake)
        .await
        .map_err(|_| ConnectError::Silent {
            address: host.to_string(),
        })?
        .map_err(|e| ConnectError::NotATable {
            address: host.to_string(),
            reason: e.to_string(),
        })?;
    let (sink, frames) = socket.split();
    Ok((Sender { sink }, Receiver { frames }))
}

impl Sender {
    /// Sends a message; an error means the connection is gone.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), Gone> {
        self.sink
            .send(Message::text(encode_client(message)))
            .await
            .map_err(|_| Gone)
    }

    /// Closes the connection (what was sent before still goes out).
    pub async fn close(mut self) {
        let _ = self.sink.close().await;
    }
}

/// The connection is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the connection is closed")]
pub struct Gone;

impl Receiver {
    /// The next thing from the server; `None` once the connection is closed (by either side, or
    /// because the server sent a message over the cap).
    pub async fn next(&mut self) -> Option<Received> {
        loop {
            let bytes = match self.frames.next().await? {
                Ok(Message::Text(text)) => text.as_bytes().to_vec(),
                Ok(Message::Binary(bytes)) => bytes.to_vec(),
                Ok(Message::Close(_)) | Err(_) => return None,
                // Pings are answered by tungstenite; pongs and raw frames carry nothing.
                Ok(_) => continue,
            };
            return Some(match decode_server(&bytes) {
                Ok(message) => Received::Message(message),
                Err(error) => Received::Unreadable(error),
            });
        }
    }
}

#[cfg(all(test, feature = "server"))]
mod tests {
    use std::time::Duration;

    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpListener;
    use tokio::time::timeout;
    use tokio_tungstenite::tungstenite::Message;

    use super::*;
    use crate::protocol::ErrorCode;
    use crate::server::{ServerConfig, start};

    const PATIENCE: Duration = Duration::from_secs(30);

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_talks_to_a_table_server() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let server = start(listener, ServerConfig::default()).await;
        let address = format!("ws://{}/", server.local_addr);
        let (mut sender, mut receiver) = connect(&address).await.expect("connects");
        let join = ClientMessage::Join {
            code: "00000-00000".into(),
            name: "Ada".into(),
        };
        sender.send(&join).await.expect("sent");
        let answer = timeout(PATIENCE, receiver.next()).await.expect("in time");
        assert_eq!(
            answer,
            Some(Received::Message(ServerMessage::Error {
                error: ErrorCode::WrongCode
            }))
        );
        server.stop();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn nothing_there_or_not_a_table_server_are_told_apart() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let free = listener.local_addr().expect("an address");
        drop(listener);
        assert!(matches!(
            connect(&free.to_string()).await,
            Err(ConnectError::Unreachable { .. })
        ));
        // A server that answers the connection with something else than WebSocket.
        let other = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = other.local_addr().expect("an address");
        std::thread::spawn(move || {
            if let Ok((mut stream, _)) = other.accept() {
                use std::io::Write;
                let _ = stream.write_all(b"HTTP/1.1 404 Not Found\r\n\r\n");
            }
        });
        assert!(matches!(
            timeout(PATIENCE, connect(&address.to_string()))
                .await
                .expect("in time"),
            Err(ConnectError::NotATable { .. })
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_server_that_takes_the_connection_and_never_answers_is_given_up() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        // Takes connections and holds them, saying nothing.
        let holder = tokio::spawn(async move {
            let mut held = Vec::new();
            while let Ok((stream, _)) = listener.accept().await {
                held.push(stream);
            }
        });
        let patience = Duration::from_millis(300);
        let answer = timeout(PATIENCE, connect_within(&address.to_string(), patience))
            .await
            .expect("given up by itself");
        assert!(
            matches!(answer, Err(ConnectError::Silent { .. })),
            "{answer:?}"
        );
        holder.abort();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_hostile_server_cannot_pass_garbage_or_flood_the_client() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        tokio::spawn(async move {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
                return;
            };
            let _ = socket
                .send(Message::text(r#"{"v":1,"type":"nonsense"}"#))
                .await;
            let _ = socket
                .send(Message::text(r#"{"v":9,"type":"removed"}"#))
                .await;
            let huge = "x".repeat(MAX_SERVER_MESSAGE_BYTES + 1);
            let _ = socket.send(Message::text(huge)).await;
            let _ = socket.next().await;
        });
        let (_sender, mut receiver) = connect(&address.to_string()).await.expect("connects");
        async fn next(receiver: &mut Receiver) -> Option<Received> {
            timeout(PATIENCE, receiver.next()).await.expect("in time")
        }
        assert_eq!(
            next(&mut receiver).await,
            Some(Received::Unreadable(ProtocolError::Malformed))
        );
        assert!(matches!(
            next(&mut receiver).await,
            Some(Received::Unreadable(ProtocolError::Version { .. }))
        ));
        assert_eq!(next(&mut receiver).await, None, "over the cap: closed");
    }
}
