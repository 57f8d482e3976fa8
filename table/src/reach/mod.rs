//! Reaching a hosted table from outside the host's network: the ladder direct → port mapping →
//! relay, as a [`ReachReport`] the lobby and `briscola serve` show in words.
//!
//! [`probe`] lists the host's LAN and public addresses, and, when no interface has a public address,
//! asks the home router for a port mapping ([`mapping::request`]: UPnP IGD, then PCP or NAT-PMP),
//! every step bounded in time so a home whose router never answers is not kept waiting. The
//! [`PortMapping`] it returns renews itself and is removed when the table closes.
//!
//! Deliberately absent: the relay link (its outcome is an input, [`ReachReport::set_relay`]), and
//! checking from outside that a mapped port really answers (that needs a machine outside).

mod address;
pub mod mapping;
mod pmp;
pub mod report;
mod upnp;

pub use mapping::{MapOptions, PortMapping, RouterError};
pub use report::{
    MappingOutcome, MappingProtocol, Outside, PassedOver, ReachReport, RelayOutcome, RelayProblem,
    Route, outside,
};

/// What [`probe`] does.
#[derive(Clone, Debug)]
pub struct ProbeOptions {
    /// Whether to ask the router for a port mapping.
    pub map: bool,
    /// Where and how long to ask.
    pub mapping: MapOptions,
    /// The relay's outcome so far.
    pub relay: RelayOutcome,
}

impl Default for ProbeOptions {
    fn default() -> ProbeOptions {
        ProbeOptions {
            map: true,
            mapping: MapOptions::default(),
            relay: RelayOutcome::NotConfigured,
        }
    }
}

/// How a table listening on `port` can be reached, and the port mapping made for it (keep it while
/// the table is open; [`PortMapping::remove`] when it closes). Bounded in time by the mapping's
/// options (about three times their `wait`).
pub async fn probe(port: u16, options: &ProbeOptions) -> (ReachReport, Option<PortMapping>) {
    let (lan, public) = address::interface_addresses(port);
    let (mapping, outcome) = if !public.is_empty() {
        (None, MappingOutcome::NotNeeded)
    } else if !options.map {
        (None, MappingOutcome::NotAsked)
    } else {
        match mapping::request(port, &options.mapping).await {
            Ok(mapping) => {
                let outcome = MappingOutcome::Mapped {
                    external: mapping.external(),
                    protocol: mapping.protocol(),
                };
                (Some(mapping), outcome)
            }
            Err(outcome) => (None, outcome),
        }
    };
    let report = ReachReport::new(port, lan, public, outcome, options.relay.clone());
    (report, mapping)
}

#[cfg(test)]
mod router_tests;
#[cfg(test)]
mod tests;
