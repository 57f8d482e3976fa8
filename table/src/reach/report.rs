//! The reach report: how a hosted table can be reached, as data the lobby and `briscola serve` show
//! in words — the LAN addresses, a public address, the port mapping's outcome, the relay's, and the
//! route friends outside the network will use ([`outside`], the one place it is decided).
//!
//! Deliberately absent: probing (the module above fills the report) and the relay link itself (its
//! outcome is an input here).

use std::fmt;
use std::net::{IpAddr, SocketAddr};

use serde::{Deserialize, Serialize};

/// How a table can be reached. Built by [`super::probe`]; the relay part changes with
/// [`ReachReport::set_relay`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReachReport {
    /// The table's listening port.
    pub port: u16,
    /// The host's addresses on its local networks, with the port.
    pub lan: Vec<SocketAddr>,
    /// Public addresses an interface of the host has, with the port (then no mapping is needed).
    pub public: Vec<SocketAddr>,
    /// What the home router said to a port mapping.
    pub mapping: MappingOutcome,
    /// The relay's outcome.
    pub relay: RelayOutcome,
    /// The route friends outside the network will use, derived from the above.
    pub outside: Outside,
}

/// The protocol a port mapping was made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MappingProtocol {
    /// UPnP Internet Gateway Device.
    Upnp,
    /// NAT Port Mapping Protocol (RFC 6886).
    NatPmp,
    /// Port Control Protocol (RFC 6887).
    Pcp,
}

/// What became of the port mapping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum MappingOutcome {
    /// The router forwards this external address to the table.
    Mapped {
        /// The address friends outside connect to.
        external: SocketAddr,
        /// How the mapping was made.
        protocol: MappingProtocol,
    },
    /// No router answered (UPnP, PCP or NAT-PMP) within the time allowed.
    NoRouter,
    /// A router answered and refused.
    Refused {
        /// The router's reason, in words (shortened, printable characters only).
        reason: String,
    },
    /// The router's own external address is private or shared (RFC 1918, 100.64.0.0/10): another
    /// NAT stands behind it (double NAT, carrier-grade NAT), so a mapping would not help.
    BehindAnotherNat {
        /// The router's external address.
        address: IpAddr,
    },
    /// The host has a public address: no mapping is needed.
    NotNeeded,
    /// The host chose not to ask for one.
    NotAsked,
}

/// What became of the relay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum RelayOutcome {
    /// No relay is set.
    NotConfigured,
    /// The table is registered with the relay.
    Registered {
        /// The relay's address.
        relay: String,
    },
    /// The table is registering with the relay (at hosting, or again after the relay went away).
    Connecting {
        /// The relay's address.
        relay: String,
    },
    /// The relay could not be reached or refused the table (registering is tried again).
    Unreachable {
        /// The relay's address.
        relay: String,
        /// Why.
        problem: RelayProblem,
    },
}

/// Why a relay could not take the table: what the host is told, in the host's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum RelayProblem {
    /// Nothing answered at its address (or the name is unknown).
    CannotConnect,
    /// Its TLS failed (a certificate not trusted, or no TLS there).
    Tls,
    /// Something answered that is not a relay.
    NotARelay,
    /// It did not answer in time.
    NoAnswer,
    /// It refused the table (full, or over its limits).
    Refused,
    /// It closed the connection.
    Closed,
}

impl fmt::Display for RelayProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RelayProblem::CannotConnect => "nothing answers at its address",
            RelayProblem::Tls => "its TLS failed",
            RelayProblem::NotARelay => "what answers is not a relay",
            RelayProblem::NoAnswer => "it did not answer in time",
            RelayProblem::Refused => "it refused the table",
            RelayProblem::Closed => "it closed the connection",
        })
    }
}

/// The route friends outside the network will use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "route", rename_all = "kebab-case")]
pub enum Route {
    /// Straight to a public address of the host.
    Direct {
        /// The address.
        address: SocketAddr,
    },
    /// Through the router's port mapping.
    Mapping {
        /// The router's external address.
        address: SocketAddr,
    },
    /// Through the relay.
    Relay {
        /// The relay's address.
        relay: String,
    },
    /// None: only the local network can reach the table.
    None,
}

/// An earlier rung of the ladder that failed, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "rung", rename_all = "kebab-case")]
pub enum PassedOver {
    /// No interface has a public address.
    NoPublicAddress,
    /// The port mapping, with its outcome.
    Mapping {
        /// What the router said.
        outcome: MappingOutcome,
    },
    /// The relay, with its outcome.
    Relay {
        /// What the relay said.
        outcome: RelayOutcome,
    },
}

/// The route and the reasons the rungs before it failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outside {
    /// The route taken.
    pub route: Route,
    /// The rungs tried before it, in order, and why each failed.
    pub passed_over: Vec<PassedOver>,
}

/// The route outside: a public address, else the mapping, else the relay, else none; with why the
/// rungs before the one taken failed.
pub fn outside(public: &[SocketAddr], mapping: &MappingOutcome, relay: &RelayOutcome) -> Outside {
    let mut passed_over = Vec::new();
    let route = 'route: {
        if let Some(&address) = public.first() {
            break 'route Route::Direct { address };
        }
        passed_over.push(PassedOver::NoPublicAddress);
        if let MappingOutcome::Mapped { external, .. } = mapping {
            break 'route Route::Mapping { address: *external };
        }
        passed_over.push(PassedOver::Mapping {
            outcome: mapping.clone(),
        });
        if let RelayOutcome::Registered { relay } = relay {
            break 'route Route::Relay {
                relay: relay.clone(),
            };
        }
        passed_over.push(PassedOver::Relay {
            outcome: relay.clone(),
        });
        Route::None
    };
    Outside { route, passed_over }
}

impl ReachReport {
    /// A report of these findings, with its route derived.
    pub fn new(
        port: u16,
        lan: Vec<SocketAddr>,
        public: Vec<SocketAddr>,
        mapping: MappingOutcome,
        relay: RelayOutcome,
    ) -> ReachReport {
        let outside = outside(&public, &mapping, &relay);
        ReachReport {
            port,
            lan,
            public,
            mapping,
            relay,
            outside,
        }
    }

    /// The report with the relay's new outcome (and the route derived again).
    pub fn set_relay(&mut self, relay: RelayOutcome) {
        self.outside = outside(&self.public, &self.mapping, &relay);
        self.relay = relay;
    }

    /// The addresses to put in an invitation: the LAN's, then the public or mapped one.
    pub fn addresses(&self) -> Vec<SocketAddr> {
        let mut addresses = self.lan.clone();
        match self.outside.route {
            Route::Direct { address } | Route::Mapping { address } => addresses.push(address),
            Route::Relay { .. } | Route::None => {}
        }
        addresses
    }
}

/// Addresses as a list in words.
fn list(addresses: &[SocketAddr]) -> String {
    let words: Vec<String> = addresses.iter().map(SocketAddr::to_string).collect();
    words.join(", ")
}

impl fmt::Display for MappingOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MappingOutcome::Mapped { external, protocol } => {
                write!(
                    f,
                    "the router forwards {external} to this table ({protocol})"
                )
            }
            MappingOutcome::NoRouter => {
                write!(
                    f,
                    "no router answered a port mapping request (UPnP, PCP, NAT-PMP)"
                )
            }
            MappingOutcome::Refused { reason } => {
                write!(f, "the router refused to open a port: {reason}")
            }
            MappingOutcome::BehindAnotherNat { address } => write!(
                f,
                "the router's own address {address} is private or shared: another network \
                 (double NAT or the provider's carrier-grade NAT) stands between it and the \
                 internet, so opening a port would not help"
            ),
            MappingOutcome::NotNeeded => {
                write!(f, "not needed: this computer has a public address")
            }
            MappingOutcome::NotAsked => write!(f, "not asked for"),
        }
    }
}

impl fmt::Display for MappingProtocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MappingProtocol::Upnp => "UPnP",
            MappingProtocol::NatPmp => "NAT-PMP",
            MappingProtocol::Pcp => "PCP",
        })
    }
}

impl fmt::Display for RelayOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayOutcome::NotConfigured => write!(f, "no relay set"),
            RelayOutcome::Registered { relay } => write!(f, "registered with {relay}"),
            RelayOutcome::Connecting { relay } => write!(f, "registering with {relay}"),
            RelayOutcome::Unreachable { relay, problem } => {
                write!(f, "{relay} unreachable: {problem}")
            }
        }
    }
}

impl fmt::Display for PassedOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassedOver::NoPublicAddress => write!(f, "no public address on this computer"),
            PassedOver::Mapping { outcome } => write!(f, "port mapping: {outcome}"),
            PassedOver::Relay { outcome } => write!(f, "relay: {outcome}"),
        }
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Route::Direct { address } => write!(f, "straight to the public address {address}"),
            Route::Mapping { address } => {
                write!(f, "through the router's port mapping at {address}")
            }
            Route::Relay { relay } => write!(f, "through the relay {relay}"),
            Route::None => write!(f, "none: only this network can reach the table"),
        }
    }
}

/// The report in words, a line for each part.
impl fmt::Display for ReachReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.lan.as_slice() {
            [] => writeln!(f, "local network: no address found")?,
            lan => writeln!(f, "local network: {}", list(lan))?,
        }
        if !self.public.is_empty() {
            writeln!(f, "public address: {}", list(&self.public))?;
        }
        writeln!(f, "port mapping: {}", self.mapping)?;
        writeln!(f, "relay: {}", self.relay)?;
        write!(f, "from outside this network: {}", self.outside.route)?;
        if !matches!(self.outside.route, Route::Direct { .. }) {
            let reasons: Vec<String> = self
                .outside
                .passed_over
                .iter()
                .map(|p| p.to_string())
                .collect();
            write!(f, " ({})", reasons.join("; "))?;
        }
        Ok(())
    }
}
