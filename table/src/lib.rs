//! # briscola-table
//!
//! A table for playing the Briscola family with friends: a lobby where people join with a code read
//! aloud, take seats (and so partnerships) or leave them to AI levels, then a match of any preset,
//! option and format the engine plays, 2 to 6 seats, with a turn timer, chat and rejoining. The same
//! table serves the desktop app and the command line; the host's engine is the only authority.
//!
//! It is a pure state machine, *sans-IO*: every input is a client's message from a connection id (or a
//! tick, or an AI move the driver computed), every output a list of `(connection, message)`
//! ([`Outgoing`]). Time is passed in as milliseconds; randomness comes from the OS's secure
//! generator in one place ([`Entropy`]). Nothing here opens a socket, starts a thread, reads a clock
//! or touches a file.
//!
//! - [`protocol`]: the versioned JSON messages, [`decode`] with its 64 KiB cap, typed errors.
//! - [`Table`]: the lobby, the match, the timer, chat, disconnects (`table/`); [`TableSnapshot`]:
//!   a table as data, restored by replaying its match record.
//! - [`channel`]: the encrypted channel every connection over a network runs, keyed by the table
//!   code (SPAKE2, HKDF-SHA256, ChaCha20-Poly1305), sans-IO.
//! - [`secret`]: table codes (with their public nameplates) and seat tokens; [`limit`]: rate limits; [`timer`]: the turn timer;
//!   [`text`]: names and chat lines.
//!
//! Secrecy by construction: a connection receives game state only as its own seat's
//! [`briscola::Observation`] and public events, and the full record once the match is over; the
//! crate's tests record every byte each client receives over whole matches of every preset and check
//! it against the hidden cards. The protocol and the threat model are in `docs/multiplayer.md`.
//!
//! With the `server` feature, [`server`] serves many tables over WebSocket (tokio, tokio-tungstenite),
//! each connection routed by the nameplate of its channel's Hello and bound to that table: frames capped at 64 KiB, a bounded queue
//! per connection, a slow client dropped rather than waited for, caps on tables and connections.
//!
//! The match itself runs through the engine's [`briscola::SeatedMatch`], as the app's one-player
//! session's does. The command line's `briscola serve` and `briscola join` drive this crate.
//!
//! With the `client` feature, [`client`] is a table's client end over WebSocket: the app and
//! `briscola join` sit at tables through it.
//!
//! With the `discovery` feature, [`discovery`] announces a hosted table on the local network and lists
//! the tables others announce (DNS-SD over multicast, mdns-sd): names, preset, seats and port, never
//! the code; every record read is checked and the list is capped.
//!
//! [`invitation`]: the one line a host sends by chat, holding the table's code and how to reach it.
//! With the `reach` feature, [`reach`] asks the home router for a port mapping (UPnP IGD, PCP,
//! NAT-PMP) and reports how friends outside the network will reach the table.
//! With the `relay` feature, [`dial`] reaches a table by its invitation (its addresses, then its
//! relay) and [`server`] keeps a table registered with a relay (`Server::through_relay`).
//!
//! Deliberately absent: the app's screens (the shell's).

pub mod channel;
#[cfg(feature = "client")]
pub mod client;
#[cfg(feature = "relay")]
pub mod dial;
#[cfg(feature = "discovery")]
pub mod discovery;
pub mod invitation;
pub mod limit;
pub mod protocol;
#[cfg(feature = "reach")]
pub mod reach;
pub mod secret;
#[cfg(feature = "server")]
pub mod server;
mod table;
pub mod text;
pub mod timer;

pub use protocol::{
    ClientMessage, ErrorCode, MAX_FRAME_BYTES, ProtocolError, ServerMessage, decode, encode,
};
pub use secret::Entropy;
pub use table::{
    AiRequest, ConnId, HAND_PAUSE_MS, MAX_MEMBERS, MatchSeeds, Outgoing, RestoreError, Table,
    TableSettings, TableSnapshot, decide,
};
pub use text::{MAX_CHAT_CHARS, MAX_NAME_CHARS};

#[cfg(test)]
mod tests;
