//! In-process connections: a person of the process that runs the server, at one of its tables,
//! without a socket — the player of a match against the computer (a table with AI seats and no
//! network) and a host at their own table. A [`LocalConnection`] goes through the same registry
//! and hub as a WebSocket connection: its frames are encoded and decoded as on the wire, its
//! `join` or `rejoin` is checked by the table, its queue is bounded, and the hub may let it go.
//! Only the door is skipped: nobody outside the process can reach it.
//!
//! Deliberately absent: pacing per address (the connection is the process's own) and reconnecting
//! (a local connection drops only when its holder drops it).

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use tokio::sync::{mpsc, oneshot};

use super::Shared;
use super::hub::{Attempt, Input};
use crate::ConnId;
use crate::protocol::{self, ClientMessage, ErrorCode, ProtocolError, ServerMessage};

/// The address a local connection is counted under.
const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// How a process's own people reach the server's tables. Cheap to clone; it keeps the server's
/// tables reachable, not running ([`super::Server::stop`] still ends them).
#[derive(Clone, Debug)]
pub struct LocalDoor {
    pub(super) shared: Arc<Shared>,
}

/// Why a local connection could not sit at a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocalRefusal {
    /// The table refused the `join` or `rejoin` (nothing of the connection is kept).
    #[error("the table refused: {0}")]
    Refused(ErrorCode),
    /// No such table, or the server stopped.
    #[error("the table is gone")]
    Gone,
}

/// One person's connection to a table of this process. Dropping it closes the connection (the
/// table keeps the seat, as for any dropped connection).
#[derive(Debug)]
pub struct LocalConnection {
    conn: ConnId,
    inputs: mpsc::Sender<Input>,
    messages: mpsc::Receiver<String>,
    released: mpsc::Receiver<mpsc::Sender<String>>,
}

impl LocalDoor {
    /// Sits at the table `first` names (`join` or `rejoin`, as over the wire).
    pub async fn enter(&self, first: &ClientMessage) -> Result<LocalConnection, LocalRefusal> {
        let shared = &self.shared;
        let conn = shared.next_conn.fetch_add(1, Ordering::SeqCst);
        let bytes = protocol::encode_client(first).into_bytes();
        let inputs = {
            let mut registry = shared.registry.lock().map_err(|_| LocalRefusal::Gone)?;
            registry
                .route(&bytes, LOCAL)
                .map_err(LocalRefusal::Refused)?
        };
        let (queue, mut messages) = mpsc::channel(shared.config.queue);
        let (answer, answered) = oneshot::channel();
        let (release, released) = mpsc::channel(1);
        let attempt = Attempt {
            conn,
            address: LOCAL,
            queue,
            bytes,
            answer,
            release,
        };
        inputs
            .send(Input::Attempt(Box::new(attempt)))
            .await
            .map_err(|_| LocalRefusal::Gone)?;
        match answered.await {
            Ok(None) => Ok(LocalConnection {
                conn,
                inputs,
                messages,
                released,
            }),
            Ok(Some(_queue)) => {
                let refusal = messages
                    .try_recv()
                    .ok()
                    .and_then(|text| protocol::decode_server(text.as_bytes()).ok());
                Err(match refusal {
                    Some(ServerMessage::Error { error }) => LocalRefusal::Refused(error),
                    _ => LocalRefusal::Gone,
                })
            }
            Err(_) => Err(LocalRefusal::Gone),
        }
    }
}

impl LocalConnection {
    /// Sends a message to the table; an error means the table is gone or let this connection go.
    pub async fn send(&self, message: &ClientMessage) -> Result<(), LocalRefusal> {
        let bytes = protocol::encode_client(message).into_bytes();
        self.inputs
            .send(Input::Frame {
                conn: self.conn,
                bytes,
            })
            .await
            .map_err(|_| LocalRefusal::Gone)
    }

    /// The next message from the table (an unreadable one as its error); `None` once the table is
    /// gone or let this connection go.
    pub async fn next(&mut self) -> Option<Result<ServerMessage, ProtocolError>> {
        tokio::select! {
            biased;
            text = self.messages.recv() => text.map(|t| protocol::decode_server(t.as_bytes())),
            // The table no longer counts this connection (it left, or was replaced): what was
            // queued before still comes first.
            _ = self.released.recv() => self.messages.try_recv().ok().map(|t| protocol::decode_server(t.as_bytes())),
        }
    }
}

impl Drop for LocalConnection {
    fn drop(&mut self) {
        // The hub hears it when it next reads; a full queue means the hub is gone or busy, and a
        // table that is gone needs no word.
        let _ = self.inputs.try_send(Input::Closed { conn: self.conn });
    }
}
