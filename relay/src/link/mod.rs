//! The links the table uses to reach its people through a relay: [`HostLink`] keeps a host
//! registered under its nameplate (again, with backoff, whenever the control connection drops)
//! and hands over one [`GuestStream`] per guest, carried on that one connection;
//! [`guest_connect`] asks for a host by index and returns the paired socket. After pairing both
//! carry the ends' own (encrypted) frames.
//!
//! Deliberately absent: any end-to-end protocol (the caller runs it over the socket), and choosing
//! among relays (the caller gives one address; a cluster sits behind one proxy).

mod address;
mod dial;
mod guest;
mod host;

use std::io;
use std::net::IpAddr;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use address::{AddressError, RelayAddress};
pub use guest::{guest_connect, guest_connect_with};
pub use host::{GuestStream, HostLink};

use crate::wire::Refusal;

/// A guest's paired socket: its host's frames, verbatim.
pub type RelaySocket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Why the relay could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// It could not be reached (name lookup or TCP).
    #[error("cannot reach the relay: {0}")]
    Connect(io::ErrorKind),
    /// TLS failed (a certificate the webpki roots do not trust, or no TLS there).
    #[error("the relay's TLS failed")]
    Tls,
    /// The relay answered the WebSocket handshake with this HTTP status.
    #[error("the relay answered HTTP {0}")]
    Http(u16),
    /// The WebSocket handshake failed otherwise.
    #[error("the WebSocket handshake with the relay failed")]
    Handshake,
    /// A deadline passed.
    #[error("the relay did not answer in time")]
    Timeout,
    /// The relay refused, with its close code.
    #[error("the relay refused: {}", .0.reason())]
    Refused(Refusal),
    /// The connection closed without a known refusal.
    #[error("the relay closed the connection")]
    Closed,
    /// The relay sent something its protocol does not have.
    #[error("the relay sent an unexpected frame")]
    Protocol,
}

/// Where a [`HostLink`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayStatus {
    /// Connecting (or connecting again).
    Connecting,
    /// Registered at this index under the nameplate.
    Registered {
        /// The index guests ask for.
        index: usize,
    },
    /// The last attempt failed; another follows after a backoff.
    Unreachable {
        /// Why.
        reason: RelayError,
    },
}

/// How the links connect.
#[derive(Clone, Debug)]
pub struct LinkOptions {
    /// The local address to connect from (default: the system's choice).
    pub source: Option<IpAddr>,
    /// The deadline of one connection's TCP, TLS and WebSocket handshakes (default 10 s).
    pub connect_deadline: Duration,
    /// How long a guest waits to be paired (default 45 s: longer than a relay's default pairing
    /// timeout, so the relay's answer comes first).
    pub pairing_deadline: Duration,
    /// How long a host's control connection may stay silent before it is given up (default 90 s:
    /// the relay pings every 20 s by default).
    pub silence: Duration,
    /// The longest wait between registration attempts (default 30 s; the first is 250 ms).
    pub max_backoff: Duration,
}

impl Default for LinkOptions {
    fn default() -> Self {
        Self {
            source: None,
            connect_deadline: Duration::from_secs(10),
            pairing_deadline: Duration::from_secs(45),
            silence: Duration::from_secs(90),
            max_backoff: Duration::from_secs(30),
        }
    }
}

/// The refusal a close frame carries.
fn closed(frame: Option<tokio_tungstenite::tungstenite::protocol::CloseFrame>) -> RelayError {
    frame
        .and_then(|frame| Refusal::from_code(frame.code.into()))
        .map_or(RelayError::Closed, RelayError::Refused)
}
