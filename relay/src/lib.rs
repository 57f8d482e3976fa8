//! A blind relay for Briscola tables, and the links that use it.
//!
//! Friends in different towns reach a table hosted at someone's home through a relay anyone can
//! run: the host keeps a control connection registered under its table code's *nameplate* (the
//! code's public first characters), each guest asks for the host by nameplate and index, and the
//! relay pairs the guest's connection with an accept connection the host opens for it, then
//! forwards frames both ways without reading them (it is made for ends that encrypt them end to
//! end). To the
//! relay a nameplate is an opaque routing key: 1 to 16 characters of `[0-9A-Z]`.
//!
//! # Wire protocol
//!
//! Everything is WebSocket on path `/`, the request in the query string (`t` first, so a proxy
//! routes by it: HAProxy's `balance url_param t` with `hash-type consistent`):
//!
//! - **Host control**: `GET /?t=<nameplate>&r=host`. The relay sends the text frame
//!   `{"registered":{"index":i}}` once (the smallest free index under the nameplate: several
//!   hosts may share one), then `{"guest":<id>}` for each guest waiting for this host (`id`: a
//!   random number below 2^53). The relay pings; the host answers pongs. Any data frame from the
//!   host closes it (4003).
//! - **Host accept**: `GET /?t=<nameplate>&r=accept&g=<id>`: paired with that waiting guest.
//!   The relay sends nothing on it before the guest's frames.
//! - **Guest**: `GET /?t=<nameplate>&r=guest&i=<index>`. When paired the relay sends one text
//!   frame, `{"paired":{"hosts":n}}` (`n`: indices under the nameplate, so a guest whose
//!   end-to-end handshake fails at `i` may try `i + 1 < n`); or it closes with a refusal.
//!   Anything but pings sent before pairing closes it (4003).
//! - **After pairing** every data frame (binary or text) is forwarded verbatim both ways; a close
//!   on one side closes the other (with the same close frame; 4410 if the side dropped without
//!   one); a pair with no frame for the idle timeout is closed on both sides (4001).
//!
//! A malformed query is refused with close 4000 after the handshake. Close codes
//! ([`wire::Refusal`]): 4000 bad request, 4001 idle, 4002 no pong, 4003 unexpected frame, 4404 no
//! host at that index, 4408 pairing timed out, 4410 gone (the host or guest left first), 4429
//! rate limited, 4503 relay full.
//!
//! The relay never parses, stores or logs payloads, and keeps nothing on disk. Its limits are in
//! [`limits::Limits`]; behind a proxy, `X-Forwarded-For` is read only from the trusted proxies.
//!
//! Modules: [`pairing`] (the sans-IO core), [`wire`] (the protocol's words), [`limits`],
//! [`server`] (the relay), [`link`] (the host's and guests' ends), [`cli`] (the command line).
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
pub mod server;
mod stream;
pub mod wire;

pub use link::{
    AddressError, GuestStream, HostLink, LinkOptions, RelayAddress, RelayError, RelaySocket,
    RelayStatus, guest_connect, guest_connect_with,
};
pub use nameplate::Nameplate;
pub use server::{Relay, RelayConfig, start};
