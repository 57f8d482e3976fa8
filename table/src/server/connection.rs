//! One client connection: the WebSocket handshake (with its deadline, the frame cap and the
//! [`super::origin`] rule), the channel's handshake ([`super::secure`], within the same deadline),
//! a writer sealing and sending the connection's queue, and the reader opening every frame.
//!
//! Once its channel is open, a connection is bound to the table whose code keyed it. Nothing is read
//! or sent in clear any more: a text frame, or a frame that fails to open (forged, replayed,
//! reordered), ends the connection. The frame cap applies to the sealed frame, before it is opened.
//! A socket that is already a WebSocket — one the host opened towards a relay, say — is served the
//! same way from the channel's handshake on ([`run`]).
//!
//! A connection *waits* ([`super::door`]) until its table takes it: its `join` or `rejoin` goes to
//! that table's hub, which answers whether it got in. A refused attempt leaves the connection waiting, with nothing held at
//! the table; a connection not taken by a table within [`ServerConfig::join_ms`] of its arrival (or
//! of the table letting it go) is closed, as is one the door closes to make room. Once taken, its
//! frames go to that table's hub until the hub lets it go or it closes.
//!
//! Every frame is paid for in tokens, from the connection's own bucket and its address's
//! ([`super::door`]): a reader out of tokens stops reading until they come back, so a flood is paced
//! by TCP itself. A waiting connection's frame over [`MAX_WAITING_FRAME_BYTES`] is not a `join` or a
//! `rejoin`: the connection is closed unread.
//!
//! [`ServerConfig::join_ms`]: super::ServerConfig::join_ms

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep, sleep_until, timeout, timeout_at};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::door::{Place, cost};
use super::hub::{Attempt, Input};
use super::secure::{self, Secured};
use super::{MessageSocket, Shared, origin};
use crate::ConnId;
use crate::channel::SEAL_OVERHEAD;
use crate::limit::Bucket;
use crate::protocol::{self, ClientMessage, ErrorCode, ServerMessage};

/// How long a closing connection's queued messages may take to go out.
const DRAIN: Duration = Duration::from_secs(5);

/// The read buffer each connection starts with.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// The largest frame a waiting connection may send (a `join` or `rejoin` is a few hundred bytes).
pub const MAX_WAITING_FRAME_BYTES: usize = 1024;

/// Message tokens of one connection: 40 at once, then one every 25 ms (40 a second).
pub const CONNECTION_BURST: u32 = 40;
/// See [`CONNECTION_BURST`].
pub const CONNECTION_INTERVAL_MS: u64 = 25;

/// The longest a reader waits for its tokens at once (then it looks again).
const MAX_PAUSE: Duration = Duration::from_secs(1);

/// Where a connection is.
enum Stage {
    /// Not at a table: its place at the door, and when it is closed if no table takes it.
    Waiting {
        place: Place,
        deadline: Instant,
        queue: mpsc::Sender<String>,
    },
    /// At a table: its hub, and how the hub gives the connection back.
    Seated {
        inputs: mpsc::Sender<Input>,
        released: mpsc::Receiver<mpsc::Sender<String>>,
    },
}

/// What the reader does next.
enum Next {
    /// The guest's first frame, opened and paid for by the channel's handshake.
    Opened(Vec<u8>),
    Frame(Option<Result<Message, tokio_tungstenite::tungstenite::Error>>),
    /// The writer ended: the socket failed, or the hub dropped this connection.
    Written,
    /// Closed at the door: no table took it in time, or it made room for another.
    Closed,
    /// The table let it go: it waits again.
    Released(Option<mpsc::Sender<String>>),
}

/// Serves one TCP connection until it closes; `place` is its place at the door.
pub(super) async fn serve(
    stream: TcpStream,
    address: IpAddr,
    conn: ConnId,
    shared: Arc<Shared>,
    mut place: Place,
) {
    let config = shared.config;
    // Moves are small messages that should leave at once, not wait for more (Nagle's algorithm).
    let _ = stream.set_nodelay(true);
    // The read buffer starts small (tungstenite's default fills 128 KiB per connection up front) and
    // grows for a larger frame, up to the cap (a sealed frame's).
    let cap = config.max_frame_bytes + SEAL_OVERHEAD;
    let limits = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(Some(cap))
        .max_frame_size(Some(cap));
    let handshake =
        tokio_tungstenite::accept_hdr_async_with_config(stream, origin::check, Some(limits));
    let deadline = Instant::now() + Duration::from_millis(config.handshake_ms);
    let shaken = tokio::select! {
        shaken = timeout_at(deadline, handshake) => shaken.ok(),
        // Closed at the door to make room: its descriptor is freed at once.
        _ = &mut place.evicted => None,
    };
    let Some(Ok(socket)) = shaken else {
        leave(&shared, &place);
        return;
    };
    run(socket, address, conn, shared, place, deadline).await;
}

/// Gives a waiting connection's place at the door back.
fn leave(shared: &Shared, place: &Place) {
    if let Ok(mut door) = shared.door.lock() {
        door.leave(place.id);
    }
}

/// Serves a connection that is a WebSocket already, from the channel's handshake (done by
/// `deadline`) until it closes; `place` is its place at the door.
pub(super) async fn run<T: MessageSocket>(
    mut socket: T,
    address: IpAddr,
    conn: ConnId,
    shared: Arc<Shared>,
    mut place: Place,
    deadline: Instant,
) {
    let config = shared.config;
    let cap = config.max_frame_bytes + SEAL_OVERHEAD;
    let secured = tokio::select! {
        secured = timeout_at(deadline, secure::accept(&mut socket, address, &shared)) => {
            secured.ok().flatten()
        }
        _ = &mut place.evicted => None,
    };
    let Some(Secured {
        mut sealer,
        mut opener,
        first,
        table,
    }) = secured
    else {
        leave(&shared, &place);
        return;
    };
    let (mut sink, mut frames) = socket.split();
    let (queue, mut outgoing) = mpsc::channel::<String>(config.queue.max(1));
    let mut writer = tokio::spawn(async move {
        while let Some(text) = outgoing.recv().await {
            // Whatever else is queued by now (a move's event and view) goes out in the same write.
            let mut batch = Some(text);
            while let Some(text) = batch.take().or_else(|| outgoing.try_recv().ok()) {
                let Ok(sealed) = sealer.seal(text.as_bytes()) else {
                    return;
                };
                if sink.feed(Message::binary(sealed)).await.is_err() {
                    return;
                }
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
        // The hub dropped this connection (too slow), or the table is gone.
        let _ = sink.close().await;
    });
    let join_within = Duration::from_millis(config.join_ms);
    // Until a table takes the connection, it holds its own queue; a table's hub then owns the only
    // sender, so the writer ends when the hub drops the connection.
    let mut stage = Some(Stage::Waiting {
        place,
        deadline: Instant::now() + join_within,
        queue,
    });
    let mut tokens = Bucket::new(CONNECTION_BURST, CONNECTION_INTERVAL_MS);
    let start = Instant::now();
    let mut written = false;
    // The guest's first frame, opened by the handshake (and paid for there).
    let mut first = Some(first);
    while let Some(current) = stage.take() {
        let next = match current {
            current if first.is_some() => {
                stage = Some(current);
                Next::Opened(first.take().unwrap_or_default())
            }
            Stage::Waiting {
                mut place,
                deadline,
                queue,
            } => {
                let next = tokio::select! {
                    frame = frames.next() => Next::Frame(frame),
                    _ = &mut writer => Next::Written,
                    () = sleep_until(deadline) => Next::Closed,
                    _ = &mut place.evicted => Next::Closed,
                };
                stage = Some(Stage::Waiting {
                    place,
                    deadline,
                    queue,
                });
                next
            }
            Stage::Seated {
                inputs,
                mut released,
            } => {
                let next = tokio::select! {
                    frame = frames.next() => Next::Frame(frame),
                    _ = &mut writer => Next::Written,
                    queue = released.recv() => Next::Released(queue),
                };
                stage = Some(Stage::Seated { inputs, released });
                next
            }
        };
        let bytes = match next {
            Next::Opened(bytes) => bytes,
            Next::Frame(Some(Ok(Message::Binary(sealed)))) => {
                // Pay for the frame: a reader out of tokens is not read until they come back (a
                // waiting connection no longer than its deadline).
                let deadline = match &stage {
                    Some(Stage::Waiting { deadline, .. }) => Some(*deadline),
                    _ => None,
                };
                let elapsed = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
                let own = pay(deadline, || tokens.take_many(elapsed(), cost(sealed.len()))).await;
                let paid = own
                    && pay(deadline, || match shared.door.lock() {
                        Ok(mut door) => door.message(address, sealed.len()),
                        Err(_) => Ok(()),
                    })
                    .await;
                // Over the cap (a socket opened elsewhere may have none), unpaid, or not sealed by
                // the guest in turn: the connection ends.
                match opener.open(&sealed) {
                    Ok(bytes) if paid && sealed.len() <= cap => bytes,
                    _ => break,
                }
            }
            // Nothing is read in clear once the channel is open.
            Next::Frame(Some(Ok(Message::Text(_)))) => break,
            // Pings are answered by tungstenite; pongs and raw frames carry nothing.
            Next::Frame(Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)))) => {
                continue;
            }
            Next::Frame(_) | Next::Closed => break,
            Next::Written => {
                written = true;
                break;
            }
            Next::Released(queue) => {
                // The table let the connection go (its queue back), or dropped it (none).
                let Some(queue) = queue else { break };
                let place = match shared.door.lock() {
                    Ok(mut door) => door.wait(address),
                    Err(_) => break,
                };
                let Ok(place) = place else {
                    // Back in the hub's hands, to be closed below.
                    drop(queue);
                    stage = None;
                    break;
                };
                stage = Some(Stage::Waiting {
                    place,
                    deadline: Instant::now() + join_within,
                    queue,
                });
                continue;
            }
        };
        match stage.take() {
            Some(Stage::Seated { inputs, released }) => {
                if inputs.send(Input::Frame { conn, bytes }).await.is_err() {
                    break;
                }
                stage = Some(Stage::Seated { inputs, released });
            }
            Some(Stage::Waiting {
                place,
                deadline,
                queue,
            }) => {
                if bytes.len() > MAX_WAITING_FRAME_BYTES {
                    leave(&shared, &place);
                    break;
                }
                match attempt(&table, conn, address, bytes, queue).await {
                    Tried::Seated { inputs, released } => {
                        leave(&shared, &place);
                        stage = Some(Stage::Seated { inputs, released });
                    }
                    Tried::Refused(queue) => {
                        stage = Some(Stage::Waiting {
                            place,
                            deadline,
                            queue,
                        });
                    }
                    Tried::Gone => {
                        leave(&shared, &place);
                        break;
                    }
                }
            }
            None => break,
        }
    }
    // What is left: a place at the door is given back; a table is told the connection closed.
    match stage {
        Some(Stage::Waiting { place, queue, .. }) => {
            leave(&shared, &place);
            // The writer ends with its queue once what it holds is sent.
            drop(queue);
        }
        Some(Stage::Seated { inputs, .. }) => {
            let _ = inputs.send(Input::Closed { conn }).await;
        }
        None => {}
    }
    // What is queued still goes out — the record, when the table closed as this client spoke — and
    // the writer ends with its queue (the hub lets it go); a peer that does not read is cut off.
    if !written {
        let _ = timeout(DRAIN, &mut writer).await;
    }
    writer.abort();
}

/// Waits until `take` has the tokens (`true`), or until `deadline` (`false`).
pub(super) async fn pay(
    deadline: Option<Instant>,
    mut take: impl FnMut() -> Result<(), u64>,
) -> bool {
    loop {
        let wait = match take() {
            Ok(()) => return true,
            Err(wait) => Duration::from_millis(wait).min(MAX_PAUSE),
        };
        if deadline.is_some_and(|deadline| Instant::now() + wait > deadline) {
            return false;
        }
        sleep(wait).await;
    }
}

/// What a waiting connection's `join` or `rejoin` came to.
enum Tried {
    /// A table took it.
    Seated {
        inputs: mpsc::Sender<Input>,
        released: mpsc::Receiver<mpsc::Sender<String>>,
    },
    /// Refused (told why): it keeps waiting, with its queue.
    Refused(mpsc::Sender<String>),
    /// The table or the server is gone.
    Gone,
}

/// A waiting connection's frame: a `join` or `rejoin` to its table, which takes it or not.
async fn attempt(
    table: &mpsc::Sender<Input>,
    conn: ConnId,
    address: IpAddr,
    bytes: Vec<u8>,
    queue: mpsc::Sender<String>,
) -> Tried {
    match protocol::decode(&bytes) {
        Ok(ClientMessage::Join { .. } | ClientMessage::Rejoin { .. }) => {}
        Ok(_) => return refuse(queue, ErrorCode::NotJoined),
        Err(reason) => return refuse(queue, ErrorCode::Protocol { reason }),
    }
    let inputs = table.clone();
    let (answer, answered) = oneshot::channel();
    let (release, released) = mpsc::channel(1);
    let attempt = Attempt {
        conn,
        address,
        queue,
        bytes,
        answer,
        release,
    };
    if inputs
        .send(Input::Attempt(Box::new(attempt)))
        .await
        .is_err()
    {
        return Tried::Gone;
    }
    match answered.await {
        Ok(None) => Tried::Seated { inputs, released },
        Ok(Some(queue)) => Tried::Refused(queue),
        Err(_) => Tried::Gone,
    }
}

/// Tells a waiting connection why its frame was refused.
fn refuse(queue: mpsc::Sender<String>, error: ErrorCode) -> Tried {
    let refused = protocol::encode(&ServerMessage::Error { error });
    if queue.try_send(refused).is_err() {
        return Tried::Gone;
    }
    Tried::Refused(queue)
}
