//! Reaching a table the way its invitation says (feature `relay`): every direct address at once, the
//! first a little ahead of the next, then the relay; the first route whose encrypted channel opens
//! with the table's code wins, and the others are dropped.
//!
//! Trying a wrong door costs nothing secret: every route runs the channel's handshake keyed by the
//! code, so an address that now belongs to another machine, another table under the same
//! nameplate at the relay, or an impostor learns nothing of the code and fails to open the channel.
//! Through a relay, several tables may share a nameplate: each is asked in turn until one opens.
//!
//! Deliberately absent: remembering which route worked (a reconnection dials again, so a table
//! that moved to another relay behind the same proxy, or came back on its mapped port, is found).

use std::net::IpAddr;
use std::time::Duration;

use briscola_relay::link::{LinkOptions, RelayAddress, RelayError, guest_connect_with};
use briscola_relay::nameplate::Nameplate as RelayNameplate;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use tokio::time::sleep;

use crate::client::{self, ConnectError, Receiver, Sender};
use crate::invitation::Invitation;
use crate::secret::TableCode;

/// How much later each direct address is tried than the one before it (so the first, the host's
/// LAN address, wins on a LAN without racing the others).
pub const STAGGER: Duration = Duration::from_millis(250);

/// How long a direct address may take (a LAN address seen from another network may never answer).
pub const DIRECT_PATIENCE: Duration = Duration::from_secs(4);

/// When the relay is tried if no direct address has opened yet.
pub const RELAY_AFTER: Duration = Duration::from_secs(1);

/// How many tables sharing a nameplate at a relay are asked, at most.
pub const MAX_RELAY_INDICES: usize = 8;

/// Where a table is: its addresses, its relay, its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// Direct addresses (`HOST:PORT`), in the order to try them.
    pub addresses: Vec<String>,
    /// The relay the table is registered with, if any.
    pub relay: Option<RelayAddress>,
    /// The table's code.
    pub code: TableCode,
}

/// Why an invitation's relay is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the invitation's relay is not a relay address")]
pub struct BadRelay;

impl Destination {
    /// The table at one address.
    pub fn at(address: impl Into<String>, code: TableCode) -> Destination {
        Destination {
            addresses: vec![address.into()],
            relay: None,
            code,
        }
    }

    /// The table an invitation names.
    pub fn invited(invitation: &Invitation) -> Result<Destination, BadRelay> {
        let relay = invitation
            .relay()
            .map(|relay| RelayAddress::parse(relay).map_err(|_| BadRelay))
            .transpose()?;
        Ok(Destination {
            addresses: invitation
                .addresses()
                .iter()
                .map(ToString::to_string)
                .collect(),
            relay,
            code: invitation.code().clone(),
        })
    }
}

/// The route a connection took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// Straight to this address.
    Direct(String),
    /// Through this relay.
    Relay(String),
}

/// Why no route opened.
#[derive(Debug, thiserror::Error)]
pub enum DialError {
    /// The destination has no address and no relay.
    #[error("no address and no relay to reach the table by")]
    Nowhere,
    /// Every route failed; the most telling failure (a wrong code or an outdated host before a
    /// route that did not answer).
    #[error("{0}")]
    Connect(ConnectError),
    /// The relay could not be used, and no direct address opened.
    #[error("{0}")]
    Relay(RelayError),
}

/// The result of one route.
type Tried = Result<(Sender, Receiver, Via), DialError>;

/// Connects to the table at `destination` by the first route that opens (see the module's docs).
pub async fn dial(destination: &Destination) -> Tried {
    dial_from(destination, None).await
}

/// [`dial`] from the local address `source` on every route (the system's choice if none): a
/// bench's simulated people, each from an address of its own as different machines would be.
pub async fn dial_from(destination: &Destination, source: Option<IpAddr>) -> Tried {
    if destination.addresses.is_empty() && destination.relay.is_none() {
        return Err(DialError::Nowhere);
    }
    let mut routes = FuturesUnordered::new();
    for (k, address) in destination.addresses.iter().enumerate() {
        let code = destination.code.clone();
        let address = address.clone();
        let wait = STAGGER * u32::try_from(k).unwrap_or(u32::MAX);
        routes.push(Box::pin(async move {
            sleep(wait).await;
            client::connect_from(&address, &code, DIRECT_PATIENCE, source)
                .await
                .map(|(sender, receiver)| (sender, receiver, Via::Direct(address)))
                .map_err(DialError::Connect)
        })
            as std::pin::Pin<Box<dyn Future<Output = Tried> + Send>>);
    }
    if let Some(relay) = destination.relay.clone() {
        let code = destination.code.clone();
        let wait = if destination.addresses.is_empty() {
            Duration::ZERO
        } else {
            RELAY_AFTER
        };
        routes.push(Box::pin(async move {
            sleep(wait).await;
            through_relay(&relay, &code, source).await
        }));
    }
    let mut failures = Vec::new();
    while let Some(tried) = routes.next().await {
        match tried {
            Ok(opened) => return Ok(opened),
            Err(failure) => failures.push(failure),
        }
    }
    Err(most_telling(failures))
}

/// Through `relay`: each table registered under the code's nameplate in turn, until the channel
/// opens with the code.
async fn through_relay(relay: &RelayAddress, code: &TableCode, source: Option<IpAddr>) -> Tried {
    let nameplate = RelayNameplate::parse(code.nameplate().as_str())
        .map_err(|_| DialError::Relay(RelayError::Protocol))?;
    let options = LinkOptions {
        source,
        ..LinkOptions::default()
    };
    let mut index = 0;
    loop {
        let (socket, hosts) = guest_connect_with(relay, &nameplate, index, &options)
            .await
            .map_err(DialError::Relay)?;
        match client::secure(socket, code, &relay.to_string()).await {
            Ok((sender, receiver)) => return Ok((sender, receiver, Via::Relay(relay.to_string()))),
            Err(ConnectError::WrongCode { .. }) if index + 1 < hosts.min(MAX_RELAY_INDICES) => {
                index += 1;
            }
            Err(error) => return Err(DialError::Connect(error)),
        }
    }
}

/// The failure that tells the person most: an answer from a table (a wrong code, an outdated
/// host, a refusal) before a route that did not answer; the first of its kind.
fn most_telling(failures: Vec<DialError>) -> DialError {
    let rank = |failure: &DialError| match failure {
        DialError::Connect(ConnectError::WrongCode { .. }) => 0,
        DialError::Connect(ConnectError::OutdatedHost { .. }) => 1,
        DialError::Connect(ConnectError::Refused { .. }) => 2,
        DialError::Relay(_) => 3,
        DialError::Connect(_) => 4,
        DialError::Nowhere => 5,
    };
    failures
        .into_iter()
        .enumerate()
        .min_by_key(|(k, failure)| (rank(failure), *k))
        .map_or(DialError::Nowhere, |(_, failure)| failure)
}
