//! A table's client end over WebSocket (feature `client`): connects to a table server, opens the
//! encrypted channel keyed by the table code ([`crate::channel`]), sends [`ClientMessage`]s and reads
//! [`ServerMessage`]s inside it. The app, `briscola join` and the tests sit at tables through it.
//!
//! The server is a remote peer like any other: connecting, the WebSocket handshake and the channel's
//! handshake each have a deadline ([`CONNECT_PATIENCE`]; a server that takes the connection and
//! never answers is [`ConnectError::Silent`]), a message from it over [`MAX_SERVER_MESSAGE_BYTES`]
//! ends the connection, and a frame that is not a server message of this protocol version is
//! reported as such, never trusted. A host that does not prove it holds the same code (a wrong code,
//! or an impostor) is [`ConnectError::WrongCode`], and nothing more is sent to it; a host of an older
//! protocol (it answers in clear with a version-1 frame) is [`ConnectError::OutdatedHost`]. Once the
//! channel is open, a frame in clear, or one that fails to open, ends the connection.
//!
//! [`secure`] runs the channel over a WebSocket opened elsewhere (a relay's, say).
//!
//! Deliberately absent: reconnecting (the caller's policy: it holds the seat token), TLS (the channel
//! is the encryption), and anything about what the messages mean.

use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::time::Duration;

use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpSocket, TcpStream, lookup_host};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

use crate::channel::{ChannelError, Guest, Opener, Sealer};
use crate::protocol::{
    ClientMessage, ErrorCode, ProtocolError, ServerMessage, VERSION, decode_server, encode_client,
};
use crate::secret::TableCode;

/// The largest message a client takes from a server (a long match's record fits many times over).
pub const MAX_SERVER_MESSAGE_BYTES: usize = 4 * 1024 * 1024;

/// How long connecting may take, and then the WebSocket handshake, and then the channel's.
pub const CONNECT_PATIENCE: Duration = Duration::from_secs(10);

/// The read buffer a connection starts with (grown for a larger message, up to the cap).
const READ_BUFFER_BYTES: usize = 4 * 1024;

type Frames = Pin<Box<dyn Stream<Item = Result<Message, tungstenite::Error>> + Send>>;
type Outgoing = Pin<Box<dyn Sink<Message, Error = tungstenite::Error> + Send>>;

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
    /// No table there holds this code: the server said so, or the host could not prove it holds
    /// it (a mistyped code, or an impostor). Nothing was sent after the Hello.
    #[error("no table at {address} has this code")]
    WrongCode {
        /// The address as given.
        address: String,
    },
    /// The table's host runs an older Briscola (an older protocol): it should update the app.
    #[error("the table's host at {address} runs an older Briscola: it should update it")]
    OutdatedHost {
        /// The address as given.
        address: String,
    },
    /// The server refused the connection before the channel opened, and said why in clear (too
    /// many attempts from this address, a newer protocol…).
    #[error("{address} refused the connection: {error}")]
    Refused {
        /// The address as given.
        address: String,
        /// Its answer.
        error: ErrorCode,
    },
}

/// The sending half.
pub struct Sender {
    sink: Outgoing,
    sealer: Sealer,
}

/// The receiving half.
pub struct Receiver {
    frames: Frames,
    opener: Opener,
}

impl std::fmt::Debug for Sender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sender").finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Receiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receiver").finish_non_exhaustive()
    }
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

/// Connects to the table server at `address` (`HOST:PORT`, or `ws://HOST:PORT/`) and opens the
/// channel for the table `code` names, waiting at most [`CONNECT_PATIENCE`] for each step.
pub async fn connect(address: &str, code: &TableCode) -> Result<(Sender, Receiver), ConnectError> {
    connect_within(address, code, CONNECT_PATIENCE).await
}

/// [`connect`] with another deadline for each step.
pub async fn connect_within(
    address: &str,
    code: &TableCode,
    patience: Duration,
) -> Result<(Sender, Receiver), ConnectError> {
    connect_from(address, code, patience, None).await
}

/// [`connect_within`] from the local address `source` (the system's choice if none): a bench's
/// simulated people, each from an address of its own as different machines would be.
pub async fn connect_from(
    address: &str,
    code: &TableCode,
    patience: Duration,
    source: Option<IpAddr>,
) -> Result<(Sender, Receiver), ConnectError> {
    let host = host_port(address);
    let stream = match timeout(patience, tcp(host, source)).await {
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
    secure_within(socket, code, host, patience).await
}

/// A TCP connection to `host` (`HOST:PORT`), from `source` if given.
async fn tcp(host: &str, source: Option<IpAddr>) -> std::io::Result<TcpStream> {
    let Some(source) = source else {
        return TcpStream::connect(host).await;
    };
    let mut last = std::io::Error::from(std::io::ErrorKind::NotFound);
    for address in lookup_host(host).await? {
        if address.is_ipv4() != source.is_ipv4() {
            continue;
        }
        let socket = match address {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        socket.bind(SocketAddr::new(source, 0))?;
        match socket.connect(address).await {
            Ok(stream) => return Ok(stream),
            Err(error) => last = error,
        }
    }
    Err(last)
}

/// Opens the channel for the table `code` names over a WebSocket that is open already (of either
/// role, over any stream: a relay's, say), waiting at most [`CONNECT_PATIENCE`] for the host's
/// answer; `address` names the other end in errors. The socket's message cap is its opener's.
pub async fn secure<S>(
    socket: WebSocketStream<S>,
    code: &TableCode,
    address: &str,
) -> Result<(Sender, Receiver), ConnectError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    secure_within(socket, code, address, CONNECT_PATIENCE).await
}

/// [`secure`] with another deadline.
async fn secure_within<S>(
    socket: WebSocketStream<S>,
    code: &TableCode,
    address: &str,
    patience: Duration,
) -> Result<(Sender, Receiver), ConnectError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sink, mut frames) = socket.split();
    let (guest, hello) = Guest::start(code);
    let gone = |reason: &str| ConnectError::NotATable {
        address: address.to_string(),
        reason: reason.to_string(),
    };
    sink.send(Message::binary(hello))
        .await
        .map_err(|e| gone(&e.to_string()))?;
    let reply = timeout(patience, async {
        loop {
            match frames.next().await {
                Some(Ok(message @ (Message::Text(_) | Message::Binary(_)))) => return Ok(message),
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                Some(Ok(Message::Close(_))) | None => return Err(gone("it closed the connection")),
                Some(Err(e)) => return Err(gone(&e.to_string())),
            }
        }
    })
    .await
    .map_err(|_| ConnectError::Silent {
        address: address.to_string(),
    })??;
    let reply = match reply {
        Message::Binary(bytes) => bytes,
        Message::Text(text) => return Err(answered_in_clear(text.as_str(), address)),
        _ => return Err(gone("no answer")),
    };
    let (sealer, opener) = guest.finish(&reply).map_err(|e| match e {
        ChannelError::WrongCode => ConnectError::WrongCode {
            address: address.to_string(),
        },
        other => gone(&other.to_string()),
    })?;
    let sink: Outgoing = Box::pin(sink);
    let frames: Frames = Box::pin(frames);
    Ok((Sender { sink, sealer }, Receiver { frames, opener }))
}

/// What a server's answer in clear to the Hello means: an older protocol's frame (the host should
/// update), or this protocol's refusal.
fn answered_in_clear(text: &str, address: &str) -> ConnectError {
    let address = address.to_string();
    let version = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|value| value.get("v")?.as_u64());
    match version {
        Some(v) if v < u64::from(VERSION) => return ConnectError::OutdatedHost { address },
        _ => {}
    }
    match decode_server(text.as_bytes()) {
        Ok(ServerMessage::Error {
            error: ErrorCode::WrongCode,
        }) => ConnectError::WrongCode { address },
        Ok(ServerMessage::Error { error }) => ConnectError::Refused { address, error },
        Ok(_) | Err(_) => ConnectError::NotATable {
            address,
            reason: "it answered in clear with something else than a refusal".into(),
        },
    }
}

impl Sender {
    /// Sends a message; an error means the connection is gone.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), Gone> {
        let sealed = self
            .sealer
            .seal(encode_client(message).as_bytes())
            .map_err(|_| Gone)?;
        self.sink
            .send(Message::binary(sealed))
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
    /// The next thing from the server; `None` once the connection is closed (by either side,
    /// because the server sent a message over the cap, or a frame that is not sealed in turn).
    pub async fn next(&mut self) -> Option<Received> {
        loop {
            let bytes = match self.frames.next().await? {
                Ok(Message::Binary(sealed)) => self.opener.open(&sealed).ok()?,
                Ok(Message::Text(_) | Message::Close(_)) | Err(_) => return None,
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
    use crate::server::{ServerConfig, start};

    const PATIENCE: Duration = Duration::from_secs(30);

    fn code(text: &str) -> TableCode {
        TableCode::parse(text).expect("a code")
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_talks_to_a_table_server_only_with_its_code() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let server = start(listener, ServerConfig::default()).await;
        let settings = crate::TableSettings::new(
            briscola::Ruleset::preset(briscola::Preset::Briscola, 2).expect("preset"),
        );
        let table = server.create(settings, "host").expect("a table");
        let address = format!("ws://{}/", server.local_addr);
        let right = code(&table.code);
        // Another nameplate, and the same nameplate with another code: both wrong, both told.
        let mut same_nameplate = table.code.clone();
        let last = if same_nameplate.ends_with('0') {
            "1"
        } else {
            "0"
        };
        same_nameplate.replace_range(10..11, last);
        for wrong in [code("ZZZZZ-ZZZZZ"), code(&same_nameplate)] {
            let answer = connect(&address, &wrong).await;
            assert!(
                matches!(answer, Err(ConnectError::WrongCode { .. })),
                "{answer:?}"
            );
        }
        let (mut sender, mut receiver) = connect(&address, &right).await.expect("connects");
        let join = ClientMessage::Join {
            code: table.code.clone(),
            name: "Ada".into(),
        };
        sender.send(&join).await.expect("sent");
        let answer = timeout(PATIENCE, receiver.next()).await.expect("in time");
        assert!(
            matches!(
                answer,
                Some(Received::Message(ServerMessage::Welcome {
                    seat: Some(1),
                    ..
                }))
            ),
            "{answer:?}"
        );
        server.stop();
    }

    /// A server that answers the first frame with `answer`, then waits.
    async fn answering(answer: Message) -> std::net::SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        tokio::spawn(async move {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
                return;
            };
            let _ = socket.next().await;
            let _ = socket.send(answer).await;
            let _ = socket.next().await;
        });
        address
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_old_server_is_told_apart_and_reported_as_outdated() {
        // What a version-1 server answers a binary frame that is not JSON, and a version-1 refusal.
        let v1_answers = [
            r#"{"v":1,"type":"error","error":{"id":"protocol","reason":{"id":"not-json"}}}"#,
            r#"{"v":1,"type":"error","error":{"id":"protocol","reason":{"id":"not-utf8"}}}"#,
            r#"{"v":1,"type":"error","error":{"id":"wrong-code"}}"#,
        ];
        for answer in v1_answers {
            let address = answering(Message::text(answer)).await;
            let connected = timeout(
                PATIENCE,
                connect(&address.to_string(), &code("7KQ2M-XR4TD")),
            )
            .await
            .expect("in time");
            assert!(
                matches!(connected, Err(ConnectError::OutdatedHost { .. })),
                "{answer}: {connected:?}"
            );
        }
        // This version's refusals in clear are told as such.
        let limited = r#"{"v":2,"type":"error","error":{"id":"rate-limited","retry_ms":2000}}"#;
        let address = answering(Message::text(limited)).await;
        let connected = connect(&address.to_string(), &code("7KQ2M-XR4TD")).await;
        assert!(
            matches!(
                connected,
                Err(ConnectError::Refused {
                    error: ErrorCode::RateLimited { retry_ms: 2000 },
                    ..
                })
            ),
            "{connected:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_impostor_without_the_code_is_a_wrong_code_and_garbage_is_not_a_table() {
        // An impostor that runs the host's side of the handshake with another code.
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        let (said, mut heard) = tokio::sync::mpsc::channel::<usize>(4);
        tokio::spawn(async move {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
                return;
            };
            let Some(Ok(Message::Binary(hello))) = socket.next().await else {
                return;
            };
            let guess = code("7KQAA-AAAAA");
            let Ok((reply, _)) = crate::channel::Hello::parse(&hello)
                .expect("a hello")
                .answer(&guess)
            else {
                return;
            };
            let _ = socket.send(Message::binary(reply)).await;
            // Everything else the guest sends is counted: nothing.
            while let Some(Ok(message)) = socket.next().await {
                if !matches!(message, Message::Close(_)) {
                    let _ = said.send(message.len()).await;
                }
            }
        });
        let connected = connect(&address.to_string(), &code("7KQ2M-XR4TD")).await;
        assert!(
            matches!(connected, Err(ConnectError::WrongCode { .. })),
            "{connected:?}"
        );
        assert_eq!(timeout(PATIENCE, heard.recv()).await.expect("closed"), None);
        let address = answering(Message::binary(vec![7u8; 53])).await;
        let connected = connect(&address.to_string(), &code("7KQ2M-XR4TD")).await;
        assert!(
            matches!(connected, Err(ConnectError::NotATable { .. })),
            "{connected:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn nothing_there_or_not_a_table_server_are_told_apart() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let free = listener.local_addr().expect("an address");
        drop(listener);
        assert!(matches!(
            connect(&free.to_string(), &code("00000-00000")).await,
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
            timeout(
                PATIENCE,
                connect(&address.to_string(), &code("00000-00000"))
            )
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
        let answer = timeout(
            PATIENCE,
            connect_within(&address.to_string(), &code("00000-00000"), patience),
        )
        .await
        .expect("given up by itself");
        assert!(
            matches!(answer, Err(ConnectError::Silent { .. })),
            "{answer:?}"
        );
        holder.abort();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_hostile_host_cannot_pass_clear_garbage_or_flood_the_client() {
        // A host with the code (it runs the real handshake) that then misbehaves.
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        let table = code("7KQ2M-XR4TD");
        let host_code = table.clone();
        tokio::spawn(async move {
            let Some((mut socket, reply, pending)) = answer_hello(listener, &host_code).await
            else {
                return;
            };
            let _ = socket.send(Message::binary(reply)).await;
            let Some(Ok(Message::Binary(first))) = socket.next().await else {
                return;
            };
            let Ok((mut sealer, _, _)) = pending.confirm(&first) else {
                return;
            };
            let mut sealed =
                |text: &str| Message::binary(sealer.seal(text.as_bytes()).expect("sealed"));
            let _ = socket.send(sealed(r#"{"v":2,"type":"nonsense"}"#)).await;
            let _ = socket.send(sealed(r#"{"v":9,"type":"removed"}"#)).await;
            let huge = "x".repeat(MAX_SERVER_MESSAGE_BYTES + 1);
            let _ = socket.send(sealed(&huge)).await;
            let _ = socket.next().await;
        });
        let (mut sender, mut receiver) = connect(&address.to_string(), &table)
            .await
            .expect("connects");
        sender.send(&ClientMessage::Stand).await.expect("sent");
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_frame_in_clear_after_the_handshake_ends_the_connection() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        let table = code("7KQ2M-XR4TD");
        let host_code = table.clone();
        tokio::spawn(async move {
            let Some((mut socket, reply, _)) = answer_hello(listener, &host_code).await else {
                return;
            };
            let _ = socket.send(Message::binary(reply)).await;
            let clear = r#"{"v":2,"type":"error","error":{"id":"not-host"}}"#;
            let _ = socket.send(Message::text(clear)).await;
            let _ = socket.next().await;
        });
        let (_sender, mut receiver) = connect(&address.to_string(), &table)
            .await
            .expect("connects");
        assert_eq!(
            timeout(PATIENCE, receiver.next()).await.expect("in time"),
            None
        );
    }

    /// A host that takes one connection and answers its Hello with `code`: the socket, the answer
    /// to send and what confirms the guest's first frame.
    async fn answer_hello(
        listener: TcpListener,
        code: &TableCode,
    ) -> Option<(WebSocketStream<TcpStream>, Vec<u8>, crate::channel::Pending)> {
        let (stream, _) = listener.accept().await.ok()?;
        let mut socket = tokio_tungstenite::accept_async(stream).await.ok()?;
        let Some(Ok(Message::Binary(hello))) = socket.next().await else {
            return None;
        };
        let (reply, pending) = crate::channel::Hello::parse(&hello)
            .ok()?
            .answer(code)
            .ok()?;
        Some((socket, reply, pending))
    }
}
