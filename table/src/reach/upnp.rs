//! A TCP port mapping asked of a UPnP Internet Gateway Device (igd-next over tokio): search by SSDP,
//! read the router's external address (another NAT beyond it ends the attempt), then map any
//! external port to the table's, with a lease.
//!
//! Deliberately absent: IPv6 pinholes (see `address.rs`), and choosing the external port (the
//! router picks one; the invitation carries it).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use igd_next::aio::Gateway;
use igd_next::aio::tokio::{Tokio, search_gateway};
use igd_next::{
    AddAnyPortError, GetExternalIpError, PortMappingProtocol, RequestError, SearchOptions,
};
use tokio::time::timeout;

use super::address::{behind_another_nat, local_address_towards};
use super::mapping::{Attempt, MapOptions, reason};

/// How the router's mappings name the table's.
const DESCRIPTION: &str = "Briscola table";

/// A mapping made on a UPnP router.
pub struct Upnp {
    gateway: Gateway<Tokio>,
    local: SocketAddr,
    external_port: u16,
    lease_seconds: u32,
}

/// Asks the router `options.ssdp` finds to forward a port to `port` on this host.
pub async fn map(port: u16, options: &MapOptions) -> (Attempt<Upnp>, Option<IpAddr>) {
    let mut search = SearchOptions::default();
    search.broadcast_address = options.ssdp;
    search.timeout = Some(options.wait);
    search.single_search_timeout = Some(options.wait);
    let Ok(Ok(gateway)) = timeout(options.wait, search_gateway(search)).await else {
        return (Attempt::NoAnswer, None);
    };
    let router = gateway.addr.ip();
    (attempt(gateway, port, options).await, Some(router))
}

async fn attempt(gateway: Gateway<Tokio>, port: u16, options: &MapOptions) -> Attempt<Upnp> {
    let Some(local) = local_address_towards(gateway.addr.ip()).await else {
        return Attempt::NoAnswer;
    };
    let local = SocketAddr::new(local, port);
    let external_ip = match timeout(options.wait, gateway.get_external_ip()).await {
        Err(_) => return Attempt::NoAnswer,
        Ok(Err(GetExternalIpError::ActionNotAuthorized)) => {
            return Attempt::Refused("the router does not tell its external address".into());
        }
        Ok(Err(GetExternalIpError::RequestError(e))) => return Attempt::Refused(words(&e)),
        Ok(Ok(ip)) => ip,
    };
    if behind_another_nat(external_ip) {
        return Attempt::BehindAnotherNat(external_ip);
    }
    let mut lease_seconds = options.lease_seconds();
    let add = gateway.add_any_port(PortMappingProtocol::TCP, local, lease_seconds, DESCRIPTION);
    let mut added = timeout(options.wait, add).await;
    if let Ok(Err(AddAnyPortError::OnlyPermanentLeasesSupported)) = added {
        lease_seconds = 0;
        let add = gateway.add_any_port(PortMappingProtocol::TCP, local, 0, DESCRIPTION);
        added = timeout(options.wait, add).await;
    }
    match added {
        Err(_) => Attempt::NoAnswer,
        Ok(Err(AddAnyPortError::ActionNotAuthorized)) => {
            Attempt::Refused("the router does not let programs open ports".into())
        }
        Ok(Err(AddAnyPortError::NoPortsAvailable)) => {
            Attempt::Refused("the router has no port left to open".into())
        }
        Ok(Err(AddAnyPortError::RequestError(e))) => Attempt::Refused(words(&e)),
        Ok(Err(e)) => Attempt::Refused(reason(&e)),
        Ok(Ok(external_port)) => Attempt::Mapped(
            Upnp {
                gateway,
                local,
                external_port,
                lease_seconds,
            },
            SocketAddr::new(external_ip, external_port),
        ),
    }
}

/// A failed request in words: the router's error code and text, or that its answer made no sense
/// (the raw answer is not repeated).
fn words(error: &RequestError) -> String {
    match error {
        RequestError::ErrorCode(code, text) => reason(&format!("UPnP error {code}: {text}")),
        RequestError::InvalidResponse(_) => "the router's answer could not be read".into(),
        RequestError::UnsupportedAction(action) => {
            reason(&format!("the router does not offer {action}"))
        }
        other => reason(other),
    }
}

impl Upnp {
    /// When to renew: half way through the lease (`None`: a permanent mapping).
    pub fn renew_after(&self) -> Option<Duration> {
        (self.lease_seconds > 0).then(|| super::mapping::renew_after(self.lease_seconds))
    }

    /// Asks for the same mapping again, for a new lease.
    pub async fn renew(&mut self) -> Result<(), String> {
        self.gateway
            .add_port(
                PortMappingProtocol::TCP,
                self.external_port,
                self.local,
                self.lease_seconds,
                DESCRIPTION,
            )
            .await
            .map_err(|e| reason(&e))
    }

    /// Removes the mapping from the router.
    pub async fn remove(self) -> Result<(), String> {
        self.gateway
            .remove_port(PortMappingProtocol::TCP, self.external_port)
            .await
            .map_err(|e| reason(&e))
    }
}
