//! Finding friends' tables on the local network (feature `discovery`): DNS-SD over multicast DNS,
//! with the `mdns-sd` crate (one daemon thread, no async runtime).
//!
//! A host that serves a table (with `crate::server`, feature `server`) calls [`announce`]; the others call [`browse`] and
//! read [`Browser::tables`], so a friend on the same network sees the table listed instead of typing
//! an address. Joining still takes the table code read aloud.
//!
//! **What is announced**, as a service of type [`SERVICE_TYPE`] (`_briscola._tcp.local.`): the port
//! (in the SRV record), the host's addresses (A and AAAA records) and these TXT keys:
//!
//! | key | value |
//! | --- | --- |
//! | `v` | the table protocol's [`crate::protocol::VERSION`] |
//! | `name` | the table's display name |
//! | `host` | the host player's name |
//! | `preset` | the ruleset preset's id (`briscola`, `chiamata`, …) |
//! | `players` | seats at the table, 2 to 6 |
//! | `free` | seats nobody has taken yet |
//!
//! The service's instance name is a random label (`briscola-` and 16 hex digits), unrelated to the
//! table. **Never announced: the table code or any seat token.** Everyone on the network can read an
//! announcement; the code is the secret that lets someone join, so a listed table still needs its code
//! read aloud (`docs/multiplayer.md`, "Threat model").
//!
//! **What is read**: every announcement comes from a peer that may be hostile. [`read_record`] turns
//! one resolved service into a [`DiscoveredTable`] or a typed [`Refusal`]; a refused record is not
//! shown at all, never half-checked. Names go through [`crate::text::name`] (trimmed, at most
//! [`crate::MAX_NAME_CHARS`] characters, no control or direction-changing characters), the preset must
//! be one this build knows, players 2 to [`briscola::MAX_PLAYERS`], free seats at most that, the
//! port non-zero, at most [`MAX_ADDRESSES`] distinct addresses, none unspecified, multicast or
//! broadcast (link-local IPv6 ones, unreachable without their interface, are left out). A table whose
//! protocol version differs from ours is listed with `compatible: false` (so the player learns that
//! the host runs another version rather than seeing nothing), once the rest of its record passes the
//! same checks. A [`Browser`] keeps at most [`MAX_TABLES`] tables: a flood of announcements cannot
//! grow its list without bound (new names are ignored until some leave).
//!
//! Deliberately absent: any authentication of announcements (a peer can list an impostor table under
//! any name: the code is what proves a table, and typing it into an impostor gives it away — see the
//! threat model), discovery beyond the local network (multicast DNS does not cross routers), unicast
//! DNS-SD, choosing network interfaces (the daemon uses all of them), and a cap on the daemon's own
//! record cache inside `mdns-sd` (its records expire with their time to live; only the list of tables
//! is capped here). Browsing that ends (the daemon stopped, or dropped a subscription that fell 1,000
//! events behind) is not restarted: the list is then empty.

mod announce;
mod browse;
mod record;

pub use announce::{Announcer, announce};
pub use browse::{Browser, browse};
pub use record::{Refusal, read_record, txt_properties};

use std::net::IpAddr;
use std::time::Duration;

use briscola::Preset;
use mdns_sd::ServiceDaemon;
use serde::Serialize;

/// The DNS-SD service type of a table.
pub const SERVICE_TYPE: &str = "_briscola._tcp.local.";

/// Most tables a [`Browser`] keeps.
pub const MAX_TABLES: usize = 64;

/// Most addresses a table may announce; a record with more is refused.
pub const MAX_ADDRESSES: usize = 8;

/// What a host announces about its table. Nothing secret: see the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// The table's display name.
    pub name: String,
    /// The host player's name.
    pub host: String,
    /// The ruleset preset.
    pub preset: Preset,
    /// Seats at the table, 2 to 6.
    pub players: u8,
    /// Seats nobody has taken yet.
    pub seats_free: u8,
}

/// A table seen on the network, its record checked (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiscoveredTable {
    /// The service's instance name, unique on the network: a key for the table while it is listed.
    pub id: String,
    /// The table's display name.
    pub name: String,
    /// The host player's name.
    pub host: String,
    /// The ruleset preset.
    pub preset: Preset,
    /// Seats at the table.
    pub players: u8,
    /// Seats nobody has taken yet.
    pub seats_free: u8,
    /// The protocol version the host speaks.
    pub protocol: u32,
    /// Whether it is this build's protocol version: only then can this build join the table.
    pub compatible: bool,
    /// Where the host listens: IPv4 addresses first, then IPv6 (link-local IPv6 addresses, which
    /// need an interface to be reached, are left out).
    pub addresses: Vec<IpAddr>,
    /// The table server's TCP port.
    pub port: u16,
}

/// What can go wrong announcing or browsing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiscoveryError {
    /// The table's display name is empty, too long or holds control characters.
    #[error("the table's name is empty, too long or holds control characters")]
    BadName,
    /// The host's name is empty, too long or holds control characters.
    #[error("the host's name is empty, too long or holds control characters")]
    BadHost,
    /// A table seats 2 to 6.
    #[error("{players} players: a table seats 2 to 6")]
    BadPlayers {
        /// The count given.
        players: u8,
    },
    /// More seats free than the table has.
    #[error("{seats_free} seats free at a table of {players}")]
    BadSeatsFree {
        /// Seats free, as given.
        seats_free: u8,
        /// Seats at the table.
        players: u8,
    },
    /// Port 0 is not a listening port.
    #[error("port 0 cannot be announced")]
    BadPort,
    /// The operating system's secure generator failed (drawing the instance name).
    #[error("the secure random generator failed")]
    Entropy,
    /// The mDNS daemon failed (it could not start, or has stopped).
    #[error("mDNS: {0}")]
    Mdns(String),
}

impl From<mdns_sd::Error> for DiscoveryError {
    fn from(error: mdns_sd::Error) -> DiscoveryError {
        DiscoveryError::Mdns(error.to_string())
    }
}

/// How long dropping an [`Announcer`] or a [`Browser`] waits for its daemon to confirm it stopped (or
/// that the goodbye was sent) before moving on.
const STOP_WAIT: Duration = Duration::from_secs(1);

/// Stops a daemon and waits (at most [`STOP_WAIT`]) for its thread to say it is done. A daemon whose
/// command queue is momentarily full is asked a few more times; one already stopped is left alone.
fn shut_down(daemon: &ServiceDaemon) {
    for _ in 0..10 {
        match daemon.shutdown() {
            Ok(done) => {
                let _ = done.recv_timeout(STOP_WAIT);
                return;
            }
            Err(mdns_sd::Error::Again) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests;
