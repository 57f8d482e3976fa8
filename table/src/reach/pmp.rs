//! A TCP port mapping asked of the gateway by PCP, falling back to NAT-PMP when the gateway speaks
//! only that (crab_nat), then the gateway's external address checked for another NAT beyond it.
//!
//! Deliberately absent: PCP's third-party and peer mappings, and IPv6 (see `address.rs`).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU16;
use std::time::Duration;

use crab_nat::{
    InternetProtocol, PortMapping as Lease, PortMappingOptions, PortMappingType, TimeoutConfig,
    natpmp,
};
use tokio::time::timeout;

use super::address::{behind_another_nat, local_address_towards};
use super::mapping::{Attempt, MapOptions, reason};
use super::report::MappingProtocol;

/// A mapping made by PCP or NAT-PMP.
pub struct Pmp(Lease);

/// Requests bounded by `wait`: a first try, then two more, each waiting twice as long.
fn timeouts(wait: Duration) -> TimeoutConfig {
    TimeoutConfig {
        initial_timeout: wait / 7,
        max_retries: 2,
        max_retry_timeout: Some(wait / 2),
    }
}

/// Asks `gateway` to forward a port to `port` on this host.
pub async fn map(gateway: IpAddr, port: u16, options: &MapOptions) -> Attempt<Pmp> {
    let (Some(client), Some(internal)) =
        (local_address_towards(gateway).await, NonZeroU16::new(port))
    else {
        return Attempt::NoAnswer;
    };
    let asked = PortMappingOptions {
        external_port: None,
        lifetime_seconds: Some(options.lease_seconds()),
        timeout_config: Some(timeouts(options.wait)),
    };
    let made = Lease::new(
        gateway.into(),
        client,
        InternetProtocol::Tcp,
        internal,
        asked,
    );
    let lease = match timeout(options.wait, made).await {
        Err(_) => return Attempt::NoAnswer,
        Ok(Err(e)) if silent(&e) => return Attempt::NoAnswer,
        Ok(Err(e)) => return Attempt::Refused(reason(&e)),
        Ok(Ok(lease)) => lease,
    };
    let external = match lease.mapping_type() {
        PortMappingType::Pcp { external_ip, .. } => Ok(external_ip),
        PortMappingType::NatPmp => {
            let asked = natpmp::external_address(gateway.into(), Some(timeouts(options.wait)));
            match timeout(options.wait, asked).await {
                Ok(Ok(ip)) => Ok(IpAddr::V4(ip)),
                Ok(Err(e)) => Err(reason(&e)),
                Err(_) => Err("no external address in time".to_string()),
            }
        }
    };
    let mapping = Pmp(lease);
    match external {
        Ok(ip) if !behind_another_nat(ip) && !ip.is_unspecified() => {
            let external = SocketAddr::new(ip, mapping.0.external_port().get());
            Attempt::Mapped(mapping, external)
        }
        Ok(ip) => {
            let _ = timeout(options.wait, mapping.remove()).await;
            if ip.is_unspecified() {
                Attempt::Refused("the router has no external address".to_string())
            } else {
                Attempt::BehindAnotherNat(ip)
            }
        }
        Err(why) => {
            let _ = timeout(options.wait, mapping.remove()).await;
            Attempt::Refused(why)
        }
    }
}

/// Whether a failure means nobody answered (rather than a refusal).
fn silent(failure: &crab_nat::MappingFailure) -> bool {
    use crab_nat::MappingFailure::{NatPmp, Pcp};
    matches!(
        failure,
        NatPmp(natpmp::Failure::Timeout | natpmp::Failure::Socket(_))
            | Pcp(crab_nat::pcp::Failure::Timeout | crab_nat::pcp::Failure::Socket(_))
    )
}

impl Pmp {
    /// The protocol the gateway answered.
    pub fn protocol(&self) -> MappingProtocol {
        match self.0.mapping_type() {
            PortMappingType::NatPmp => MappingProtocol::NatPmp,
            PortMappingType::Pcp { .. } => MappingProtocol::Pcp,
        }
    }

    /// When to renew: half way through the lifetime the gateway granted.
    pub fn renew_after(&self) -> Duration {
        super::mapping::renew_after(self.0.lifetime())
    }

    /// Asks for the same mapping again; the gateway may move its external port.
    pub async fn renew(&mut self) -> Result<u16, String> {
        self.0.renew().await.map_err(|e| reason(&e))?;
        Ok(self.0.external_port().get())
    }

    /// Removes the mapping from the gateway.
    pub async fn remove(self) -> Result<(), String> {
        self.0.try_drop().await.map_err(|(e, _)| reason(&e))
    }
}
