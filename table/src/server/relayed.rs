//! A table reached through a relay as well as directly (feature `relay`): the server keeps the
//! table registered with the relay under its code's nameplate ([`briscola_relay::link::HostLink`],
//! which registers again whenever the relay goes away) and serves each guest the relay carries as
//! it serves a connection from its own listener, with the guest's address as the relay saw it for
//! the per-address limits. The channel runs end to end over the relay: it forwards ciphertext.
//!
//! Deliberately absent: choosing among relays (one address; a cluster sits behind one proxy), and
//! trusting the relay with anything (a guest through it is a stranger like any other).

use std::sync::Arc;

use briscola_relay::link::{HostLink, RelayAddress, RelayError, RelayStatus};
use briscola_relay::nameplate::Nameplate as RelayNameplate;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{Server, Shared, serve_socket};
use crate::secret::TableCode;

/// A table's registration with a relay; dropping it leaves the relay.
#[derive(Debug)]
pub struct Relayed {
    relay: RelayAddress,
    link: HostLink,
    guests: JoinHandle<()>,
}

impl Drop for Relayed {
    fn drop(&mut self) {
        self.guests.abort();
    }
}

impl Relayed {
    /// The relay.
    pub fn relay(&self) -> &RelayAddress {
        &self.relay
    }

    /// Where the registration stands, as it changes.
    pub fn status(&self) -> watch::Receiver<RelayStatus> {
        self.link.status()
    }
}

impl Server {
    /// Keeps the table with this code registered with `relay` until the [`Relayed`] is dropped;
    /// `None` for a code that is not one.
    pub fn through_relay(&self, code: &str, relay: RelayAddress) -> Option<Relayed> {
        let code = TableCode::parse(code)?;
        let nameplate = RelayNameplate::parse(code.nameplate().as_str()).ok()?;
        let _runtime = self.shared.runtime.enter();
        let (link, mut arrivals) = HostLink::spawn(relay.clone(), nameplate);
        let shared: Arc<Shared> = self.shared.clone();
        let guests = self.shared.runtime.spawn(async move {
            while let Some(guest) = arrivals.recv().await {
                let from = guest.from();
                serve_socket(&shared, guest, from);
            }
        });
        Some(Relayed {
            relay,
            link,
            guests,
        })
    }
}

#[cfg(feature = "reach")]
impl Relayed {
    /// The relay's part of the reach report, for `status`.
    pub fn outcome(&self, status: &RelayStatus) -> crate::reach::RelayOutcome {
        outcome(&self.relay, status)
    }
}

/// The reach report's word for a relay's status.
#[cfg(feature = "reach")]
pub fn outcome(relay: &RelayAddress, status: &RelayStatus) -> crate::reach::RelayOutcome {
    use crate::reach::{RelayOutcome, RelayProblem};
    let relay = relay.to_string();
    match status {
        RelayStatus::Connecting => RelayOutcome::Connecting { relay },
        RelayStatus::Registered { .. } => RelayOutcome::Registered { relay },
        RelayStatus::Unreachable { reason } => RelayOutcome::Unreachable {
            relay,
            problem: match reason {
                RelayError::Connect(_) => RelayProblem::CannotConnect,
                RelayError::Tls => RelayProblem::Tls,
                RelayError::Http(_) | RelayError::Handshake | RelayError::Protocol => {
                    RelayProblem::NotARelay
                }
                RelayError::Timeout => RelayProblem::NoAnswer,
                RelayError::Refused(_) => RelayProblem::Refused,
                RelayError::Closed => RelayProblem::Closed,
            },
        },
    }
}
