//! A blind relay for Briscola tables, and the links that use it.
//!
//! Friends in different towns reach a table hosted at someone's home through a relay anyone can
//! run: the host keeps one control connection registered under its table code's *nameplate* (the
//! code's public first characters), each guest asks for the host by nameplate and index, and the
//! relay carries the guest's stream over its host's control connection, forwarding frames both
//! ways without reading them (it is made for ends that encrypt them end to end). To the relay a
//! nameplate is an opaque routing key: 1 to 16 characters of `[0-9A-Z]`.
//!
//! # Wire protocol
//!
//! Everything is WebSocket on path `/`, the request in the query string (`t` first, so a proxy
//! routes by it: HAProxy's `balance url_param t` with `hash-type consistent`):
//!
//! - **Host control**: `GET /?t=<nameplate>&r=host`. The relay sends the text notices
//!   `{"registered":{"index":i}}` once (the smallest free index under the nameplate: several
//!   hosts may share one), `{"open":{"guest":ID,"from":"IP"}}` when a guest arrives for this host
//!   (`ID`: a random number below 2^53; `IP`: the guest's address after the trusted-proxy rule, so
//!   the host applies its own per-address limits), and `{"closed":{"guest":ID}}` when that guest's
//!   socket closed. Data goes both ways as binary frames: the guest's id (8 bytes, big endian), a
//!   kind byte (0 binary, 1 text), the payload ([`wire::encode_frame`], [`wire::decode_frame`]).
//!   Frames for unknown or closed guests are dropped (counted). The host's text command
//!   `{"close":{"guest":ID}}` closes that guest normally (1000); any other frame closes the host
//!   (4003). The relay pings; the host answers pongs.
//! - **Guest**: `GET /?t=<nameplate>&r=guest&i=<index>`. As soon as its host has been told `open`
//!   the relay sends one text frame, `{"paired":{"hosts":n}}` (`n`: indices under the nameplate,
//!   so a guest whose end-to-end handshake fails at `i` may try `i + 1 < n`); or it closes with a
//!   refusal. Anything but pings sent before it closes the guest (4003). Then the guest's socket is
//!   transparent.
//! - **Backpressure**: a bounded queue at the relay towards each guest and towards each host; a
//!   guest that lets its queue fill is closed (4004) while its host's other guests go on; a host
//!   that does so is closed (4004) with all its guests (4410). A guest's stream with no frame
//!   either way for the idle timeout is closed (4001). A host's control connection that ends ends
//!   all its guests (4410).
//!
//! A malformed query is refused with close 4000 after the handshake. Close codes
//! ([`wire::Refusal`]): 4000 bad request, 4001 idle, 4002 no pong, 4003 unexpected frame, 4004 too
//! slow, 4404 no host at that index, 4408 pairing timed out, 4409 host full, 4410 gone, 4429 rate
//! limited, 4503 relay full.
//!
//! The relay never parses, stores or logs payloads, and keeps nothing on disk. Its limits are in
//! [`limits::Limits`]; behind a proxy, `X-Forwarded-For` is read only from the trusted proxies.
//!
//! Modules: [`pairing`] (the sans-IO core), [`wire`] (the protocol's words), [`limits`],
//! [`server`] (the relay; a host's control connection and a guest's stream are its `control` and
//! `stream` modules), [`link`] (the host's and guests' ends), [`cli`] (the command line).
//! Deliberately absent: any dependency on the game or the table crate, TLS on the relay itself
//! (a proxy in front terminates it), and accounts.

mod addresses;
pub mod cli;
mod control;
mod descriptors;
pub mod limits;
pub mod link;
pub mod nameplate;
pub mod pairing;
mod queue;
pub mod server;
mod stream;
pub mod wire;

pub use link::{
    AddressError, GuestStream, HostLink, LinkOptions, RelayAddress, RelayError, RelaySocket,
    RelayStatus, guest_connect, guest_connect_with,
};
pub use nameplate::Nameplate;
pub use server::{Relay, RelayConfig, start};
