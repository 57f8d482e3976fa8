//! A connection's channel handshake at the server ([`crate::channel`]), over a WebSocket that is
//! already open: the guest's Hello names its table by nameplate, the table's code answers it, and the
//! guest's first sealed frame proves it holds the same code.
//!
//! Refusals before the channel is open are the only frames ever sent in clear, each one error and then
//! the close: an unknown nameplate or a first frame that does not open is `wrong-code` (it reveals
//! nothing beyond the public nameplate), too many attempts from the address is `rate-limited`, another
//! protocol version's Hello is the `version` error, and an old client (its first frame a JSON text
//! frame) gets the error as a frame of the version it speaks ([`old_client_error`]), which it reads.
//!
//! Every Hello is counted against its address's attempts ([`super::registry`]) before the nameplate
//! is looked up: one Hello is one online guess of a whole code.
//!
//! Deliberately absent: deadlines (the caller's), and anything after the first frame.

use std::net::IpAddr;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::connection::pay;
use super::hub::Input;
use super::{MessageSocket, Shared};
use crate::channel::{ChannelError, Hello, Opener, SEAL_OVERHEAD, Sealer};
use crate::protocol::{self, ErrorCode, ProtocolError, ServerMessage, VERSION};

/// An open channel, bound to its table.
pub(super) struct Secured {
    pub sealer: Sealer,
    pub opener: Opener,
    /// The guest's first frame, opened.
    pub first: Vec<u8>,
    /// The table whose code keyed the channel.
    pub table: mpsc::Sender<Input>,
}

/// The error an old client gets, as a frame of the version its `text` names (or 1): that protocol
/// version is not supported.
pub fn old_client_error(text: &str) -> String {
    let found = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|value| value.get("v")?.as_u64());
    let version = found.unwrap_or(1);
    let found = found.map_or_else(|| "null".to_string(), |v| v.to_string());
    format!(
        r#"{{"v":{version},"type":"error","error":{{"id":"protocol","reason":{{"id":"version","found":{found},"supported":{VERSION}}}}}}}"#
    )
}

/// Runs the handshake on `socket`: the open channel, or `None` once the guest was told why not (or
/// went away).
pub(super) async fn accept<T: MessageSocket>(
    socket: &mut T,
    address: IpAddr,
    shared: &Shared,
) -> Option<Secured> {
    let cap = shared.config.max_frame_bytes + SEAL_OVERHEAD;
    let hello = match next_frame(socket).await? {
        Message::Text(text) => {
            tell(socket, old_client_error(text.as_str())).await;
            return None;
        }
        Message::Binary(bytes) if bytes.len() <= cap => bytes,
        _ => return None,
    };
    if !pay_door(shared, address, hello.len()).await {
        return None;
    }
    let hello = match Hello::parse(&hello) {
        Ok(hello) => hello,
        Err(ChannelError::Version { found }) => {
            let reason = ProtocolError::Version {
                found: Some(u64::from(found)),
                supported: VERSION,
            };
            refuse(socket, ErrorCode::Protocol { reason }).await;
            return None;
        }
        Err(_) => {
            let reason = ProtocolError::Malformed;
            refuse(socket, ErrorCode::Protocol { reason }).await;
            return None;
        }
    };
    let routed = shared
        .registry
        .lock()
        .ok()?
        .route_hello(hello.nameplate(), address);
    let (code, table) = match routed {
        Ok(routed) => routed,
        Err(error) => {
            refuse(socket, error).await;
            return None;
        }
    };
    let Ok((reply, pending)) = hello.answer(&code) else {
        let reason = ProtocolError::Malformed;
        refuse(socket, ErrorCode::Protocol { reason }).await;
        return None;
    };
    socket.send(Message::binary(reply)).await.ok()?;
    let first = match next_frame(socket).await? {
        Message::Binary(bytes) if bytes.len() <= cap => bytes,
        _ => return None,
    };
    if !pay_door(shared, address, first.len()).await {
        return None;
    }
    match pending.confirm(&first) {
        Ok((sealer, opener, first)) => Some(Secured {
            sealer,
            opener,
            first,
            table,
        }),
        Err(_) => {
            refuse(socket, ErrorCode::WrongCode).await;
            None
        }
    }
}

/// The next data frame (pings are answered by tungstenite; pongs and raw frames carry nothing).
async fn next_frame<T: MessageSocket>(socket: &mut T) -> Option<Message> {
    loop {
        match socket.next().await?.ok()? {
            message @ (Message::Text(_) | Message::Binary(_)) => return Some(message),
            Message::Close(_) => return None,
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
        }
    }
}

/// Takes a frame's tokens from its address (waiting for them).
async fn pay_door(shared: &Shared, address: IpAddr, bytes: usize) -> bool {
    pay(None, || match shared.door.lock() {
        Ok(mut door) => door.message(address, bytes),
        Err(_) => Ok(()),
    })
    .await
}

/// Tells the guest why, in clear, and closes.
async fn refuse<T: MessageSocket>(socket: &mut T, error: ErrorCode) {
    tell(socket, protocol::encode(&ServerMessage::Error { error })).await;
}

/// Sends one text frame, then the close.
async fn tell<T: MessageSocket>(socket: &mut T, text: String) {
    if socket.send(Message::text(text)).await.is_ok() {
        let _ = SinkExt::close(socket).await;
    }
}
