//! The wire protocol: versioned JSON messages, one per frame.
//!
//! Every frame is one JSON object carrying the protocol version and a `type`:
//! `{"v":1,"type":"join","code":"7KQ2M-XR4TD","name":"Ada"}`. Clients send [`ClientMessage`]s, the table
//! answers with [`ServerMessage`]s. [`decode`] is the only way a client's bytes become a message: it
//! refuses a frame over [`MAX_FRAME_BYTES`] before reading it, then bad UTF-8, bad JSON, a missing or
//! unknown version and an unknown or malformed message, each as a typed [`ProtocolError`].
//!
//! Deliberately absent: prose. Errors and chat phrases are ids with typed parameters; the user
//! interface words them. The transport (WebSocket framing, queues) is not here either: this module
//! turns bytes into messages and messages into text, nothing more.

mod client;
mod error;
mod server;

pub use client::{Absence, ChatBody, ClientMessage, QuickPhrase, SeatChoice};
pub use error::{ErrorCode, ProtocolError, StartProblem};
pub use server::{
    ChatSender, ClosedReason, GameView, LobbyView, PublicEvent, SeatView, ServerMessage,
    SettingsView, Stage, TurnClock, WaitingView,
};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The protocol version this build speaks.
pub const VERSION: u32 = 2;

/// The largest frame a client may send, in bytes (64 KiB); a larger one is refused unread.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// Reads one client frame. See the module docs for what is refused.
pub fn decode(bytes: &[u8]) -> Result<ClientMessage, ProtocolError> {
    if bytes.len() > MAX_FRAME_BYTES {
        return Err(ProtocolError::TooLarge {
            size: bytes.len() as u64,
            max: MAX_FRAME_BYTES as u64,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| ProtocolError::NotUtf8)?;
    parse(text)
}

/// Reads one server frame (for clients and tests); the same checks as [`decode`], without the size cap
/// (a match record is larger than a client's frame may be).
pub fn decode_server(bytes: &[u8]) -> Result<ServerMessage, ProtocolError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ProtocolError::NotUtf8)?;
    parse(text)
}

/// Writes one server frame.
pub fn encode(message: &ServerMessage) -> String {
    encode_frame(message)
}

/// Writes one client frame (for clients and tests).
pub fn encode_client(message: &ClientMessage) -> String {
    encode_frame(message)
}

/// A message with the version beside its own fields.
#[derive(Serialize)]
struct Frame<'a, M> {
    v: u32,
    #[serde(flatten)]
    message: &'a M,
}

fn encode_frame<M: Serialize>(message: &M) -> String {
    let frame = Frame {
        v: VERSION,
        message,
    };
    // Every message is a tree of structs, strings, numbers and lists: serializing it cannot fail.
    // Should it ever, the peer gets an `internal` error frame rather than nothing.
    serde_json::to_string(&frame).unwrap_or_else(|_| {
        format!(r#"{{"v":{VERSION},"type":"error","error":{{"id":"internal"}}}}"#)
    })
}

/// A frame's version, every other field skipped.
#[derive(Deserialize)]
struct Version {
    v: u64,
}

/// Reads a message: straight into its type when the frame is a well-formed message of this version
/// (the version read first, skipping the rest), else through a JSON tree that tells what is wrong
/// with it (bad JSON, not an object, the version, the message).
fn parse<M: DeserializeOwned>(text: &str) -> Result<M, ProtocolError> {
    // serde_json refuses nesting deeper than 128 levels, so a hostile frame cannot exhaust the stack.
    if let Ok(Version { v }) = serde_json::from_str(text)
        && v == u64::from(VERSION)
        && let Ok(message) = serde_json::from_str(text)
    {
        return Ok(message);
    }
    let value = unversioned(text)?;
    serde_json::from_value(value).map_err(|_| ProtocolError::Malformed)
}

fn unversioned(text: &str) -> Result<serde_json::Value, ProtocolError> {
    // serde_json refuses nesting deeper than 128 levels, so a hostile frame cannot exhaust the stack.
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| ProtocolError::NotJson)?;
    let object = value.as_object_mut().ok_or(ProtocolError::NotObject)?;
    match object.remove("v").map(|v| v.as_u64()) {
        Some(Some(v)) if v == u64::from(VERSION) => Ok(value),
        found => Err(ProtocolError::Version {
            found: found.flatten(),
            supported: VERSION,
        }),
    }
}

#[cfg(test)]
mod tests;
