//! A port mapping on the home router, as a handle: [`request`] tries UPnP IGD, then PCP with its
//! NAT-PMP fallback, every step bounded by [`MapOptions::wait`]; the [`PortMapping`] it returns knows
//! its external address and protocol, renews its lease half way through on a task of its own, and
//! is removed by [`PortMapping::remove`] (or, best effort, when dropped inside a tokio runtime).
//!
//! Deliberately absent: UDP mappings (a table is TCP), and a second mapping when the first protocol
//! succeeded.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use tokio::time::timeout;

use super::address::default_gateway;
use super::pmp::{self, Pmp};
use super::report::{MappingOutcome, MappingProtocol};
use super::upnp::{self, Upnp};

/// The longest reason kept from a router's answer, in characters.
const MAX_REASON_CHARS: usize = 120;
/// The shortest wait between renewals.
const MIN_RENEWAL: Duration = Duration::from_secs(1);
/// The wait before trying again after a failed renewal, at most.
const RETRY_RENEWAL: Duration = Duration::from_secs(30);

/// Where and how long to ask.
#[derive(Clone, Debug)]
pub struct MapOptions {
    /// Where the UPnP search goes (SSDP's multicast group by default).
    pub ssdp: SocketAddr,
    /// Where PCP and NAT-PMP go; by default the router UPnP found, else the default gateway.
    pub gateway: Option<IpAddr>,
    /// The bound on each protocol's attempt (and on each renewal or removal).
    pub wait: Duration,
    /// The lease asked for (routers may grant another).
    pub lease: Duration,
}

impl Default for MapOptions {
    fn default() -> MapOptions {
        MapOptions {
            ssdp: SocketAddr::from((Ipv4Addr::new(239, 255, 255, 250), 1900)),
            gateway: None,
            wait: Duration::from_secs(2),
            lease: Duration::from_secs(3600),
        }
    }
}

impl MapOptions {
    /// The lease in whole seconds (at least one: zero would ask for a permanent mapping).
    pub(super) fn lease_seconds(&self) -> u32 {
        u32::try_from(self.lease.as_secs())
            .unwrap_or(u32::MAX)
            .max(1)
    }
}

/// One protocol's attempt.
pub(super) enum Attempt<M> {
    Mapped(M, SocketAddr),
    NoAnswer,
    Refused(String),
    BehindAnotherNat(IpAddr),
}

/// A router's error in words: printable characters only, shortened (a router's text is untrusted).
pub(super) fn reason(error: &dyn std::fmt::Display) -> String {
    error
        .to_string()
        .chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(MAX_REASON_CHARS)
        .collect()
}

/// Characters that reorder the text shown around them.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// When to renew a lease of `seconds`: half way through.
pub(super) fn renew_after(seconds: u32) -> Duration {
    (Duration::from_secs(u64::from(seconds)) / 2).max(MIN_RENEWAL)
}

/// The router's side of a mapping.
enum Backend {
    Upnp(Upnp),
    Pmp(Pmp),
}

impl Backend {
    /// The wait before the next renewal (`None`: it never expires).
    fn renew_after(&self) -> Option<Duration> {
        match self {
            Backend::Upnp(upnp) => upnp.renew_after(),
            Backend::Pmp(pmp) => Some(pmp.renew_after()),
        }
    }

    /// Renews the lease; the external port it now has.
    async fn renew(&mut self) -> Result<Option<u16>, String> {
        match self {
            Backend::Upnp(upnp) => upnp.renew().await.map(|()| None),
            Backend::Pmp(pmp) => pmp.renew().await.map(Some),
        }
    }

    async fn remove(self) -> Result<(), String> {
        match self {
            Backend::Upnp(upnp) => upnp.remove().await,
            Backend::Pmp(pmp) => pmp.remove().await,
        }
    }
}

/// The router's mapping, removed by [`PortMapping::remove`]. See the module docs.
pub struct PortMapping {
    external: Arc<StdMutex<SocketAddr>>,
    protocol: MappingProtocol,
    backend: Arc<Mutex<Option<Backend>>>,
    renewal: JoinHandle<()>,
    wait: Duration,
}

/// A renewal or removal the router did not do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RouterError {
    /// The router did not answer in time.
    #[error("the router did not answer in time")]
    Timeout,
    /// The router refused.
    #[error("the router refused: {0}")]
    Refused(String),
}

impl PortMapping {
    fn start(backend: Backend, external: SocketAddr, wait: Duration) -> PortMapping {
        let protocol = match &backend {
            Backend::Upnp(_) => MappingProtocol::Upnp,
            Backend::Pmp(pmp) => pmp.protocol(),
        };
        let external = Arc::new(StdMutex::new(external));
        let backend = Arc::new(Mutex::new(Some(backend)));
        let renewal = tokio::spawn(renew(backend.clone(), external.clone(), wait));
        PortMapping {
            external,
            protocol,
            backend,
            renewal,
            wait,
        }
    }

    /// The address friends outside connect to.
    pub fn external(&self) -> SocketAddr {
        *self.external.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How the mapping was made.
    pub fn protocol(&self) -> MappingProtocol {
        self.protocol
    }

    /// Renews the lease now (the renewal task does it half way through each lease).
    pub async fn renew_now(&self) -> Result<(), RouterError> {
        let mut backend = self.backend.lock().await;
        let Some(backend) = backend.as_mut() else {
            return Ok(());
        };
        match timeout(self.wait, backend.renew()).await {
            Err(_) => Err(RouterError::Timeout),
            Ok(Err(why)) => Err(RouterError::Refused(why)),
            Ok(Ok(port)) => {
                if let Some(port) = port {
                    self.external
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .set_port(port);
                }
                Ok(())
            }
        }
    }

    /// Removes the mapping from the router (bounded by the options' wait).
    pub async fn remove(self) -> Result<(), RouterError> {
        self.renewal.abort();
        let backend = self.backend.lock().await.take();
        match backend {
            None => Ok(()),
            Some(backend) => match timeout(self.wait, backend.remove()).await {
                Err(_) => Err(RouterError::Timeout),
                Ok(Err(why)) => Err(RouterError::Refused(why)),
                Ok(Ok(())) => Ok(()),
            },
        }
    }
}

/// Best effort: a mapping dropped without [`PortMapping::remove`] is removed on a task of its own,
/// if a tokio runtime is there to run it.
impl Drop for PortMapping {
    fn drop(&mut self) {
        self.renewal.abort();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let backend = self.backend.clone();
        let wait = self.wait;
        runtime.spawn(async move {
            if let Some(backend) = backend.lock().await.take() {
                let _ = timeout(wait, backend.remove()).await;
            }
        });
    }
}

/// Renews the lease half way through, each time; after a failure, tries again sooner.
async fn renew(
    backend: Arc<Mutex<Option<Backend>>>,
    external: Arc<StdMutex<SocketAddr>>,
    wait: Duration,
) {
    let mut next = backend.lock().await.as_ref().and_then(Backend::renew_after);
    while let Some(after) = next {
        tokio::time::sleep(after).await;
        let mut guard = backend.lock().await;
        let Some(backend) = guard.as_mut() else {
            return;
        };
        next = match timeout(wait, backend.renew()).await {
            Ok(Ok(port)) => {
                if let Some(port) = port {
                    external
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .set_port(port);
                }
                backend.renew_after()
            }
            Ok(Err(_)) | Err(_) => Some(after.min(RETRY_RENEWAL)),
        };
    }
}

/// Asks the home router to forward a TCP port to `port` on this host: UPnP IGD first, then PCP (or
/// NAT-PMP). Takes at most about three times `options.wait`; on failure, why.
pub async fn request(port: u16, options: &MapOptions) -> Result<PortMapping, MappingOutcome> {
    let (upnp, router) = upnp::map(port, options).await;
    let upnp = match upnp {
        Attempt::Mapped(mapping, external) => {
            return Ok(PortMapping::start(
                Backend::Upnp(mapping),
                external,
                options.wait,
            ));
        }
        Attempt::NoAnswer => None,
        Attempt::Refused(why) => Some(MappingOutcome::Refused { reason: why }),
        Attempt::BehindAnotherNat(address) => Some(MappingOutcome::BehindAnotherNat { address }),
    };
    let gateway = options
        .gateway
        .or(router)
        .or_else(|| default_gateway().map(IpAddr::V4));
    let pmp = match gateway {
        Some(gateway) => pmp::map(gateway, port, options).await,
        None => Attempt::NoAnswer,
    };
    let pmp = match pmp {
        Attempt::Mapped(mapping, external) => {
            return Ok(PortMapping::start(
                Backend::Pmp(mapping),
                external,
                options.wait,
            ));
        }
        Attempt::NoAnswer => None,
        Attempt::Refused(why) => Some(MappingOutcome::Refused { reason: why }),
        Attempt::BehindAnotherNat(address) => Some(MappingOutcome::BehindAnotherNat { address }),
    };
    // Another NAT beyond the router is the deeper reason; then a refusal; else nobody answered.
    let outcomes = [upnp, pmp];
    let behind = outcomes
        .iter()
        .flatten()
        .find(|o| matches!(o, MappingOutcome::BehindAnotherNat { .. }));
    Err(behind
        .or(outcomes.iter().flatten().next())
        .cloned()
        .unwrap_or(MappingOutcome::NoRouter))
}
