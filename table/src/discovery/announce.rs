//! [`Announcer`]: a hosted table, announced on the local network until it is dropped.

use mdns_sd::{ServiceDaemon, ServiceInfo};

use super::{Announcement, DiscoveryError, SERVICE_TYPE, STOP_WAIT, shut_down, txt_properties};
use crate::Entropy;

/// A table announced on the local network. Dropping it (or [`Announcer::stop`]) withdraws the
/// announcement (a DNS-SD goodbye, so browsers drop the table at once) and stops its daemon thread.
pub struct Announcer {
    daemon: ServiceDaemon,
    /// The random instance label, unrelated to the table.
    instance: String,
    /// The host name the address records are under (`<instance>.local.`).
    hostname: String,
    port: u16,
    /// The service's full name once registered.
    fullname: Option<String>,
}

/// Announces the table `info` served on TCP `port`, on every network interface, with the host's
/// addresses (kept up to date as they change). Refuses an announcement a browser would refuse (see
/// [`txt_properties`]) and port 0.
pub fn announce(info: &Announcement, port: u16) -> Result<Announcer, DiscoveryError> {
    if port == 0 {
        return Err(DiscoveryError::BadPort);
    }
    let properties = txt_properties(info)?;
    let label = Entropy::os().u64().map_err(|_| DiscoveryError::Entropy)?;
    let instance = format!("briscola-{label:016x}");
    let mut announcer = Announcer {
        daemon: ServiceDaemon::new()?,
        hostname: format!("{instance}.local."),
        instance,
        port,
        fullname: None,
    };
    // On failure the announcer is dropped here, which stops its daemon.
    announcer.register(&properties)?;
    Ok(announcer)
}

impl Announcer {
    /// Announces `info` instead (seats were taken or freed): the same service, its TXT record
    /// replaced. Checked as [`announce`] checks.
    pub fn update(&mut self, info: &Announcement) -> Result<(), DiscoveryError> {
        let properties = txt_properties(info)?;
        self.register(&properties)
    }

    /// Withdraws the announcement now; what dropping the announcer does.
    pub fn stop(self) {}

    /// Registers (or registers again, replacing) the service with these TXT properties.
    fn register(&mut self, properties: &[(&'static str, String)]) -> Result<(), DiscoveryError> {
        let service = ServiceInfo::new(
            SERVICE_TYPE,
            &self.instance,
            &self.hostname,
            "",
            self.port,
            properties,
        )?
        .enable_addr_auto();
        let fullname = service.get_fullname().to_string();
        self.daemon.register(service)?;
        self.fullname = Some(fullname);
        Ok(())
    }
}

impl std::fmt::Debug for Announcer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Announcer")
            .field("instance", &self.instance)
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

impl Drop for Announcer {
    fn drop(&mut self) {
        if let Some(fullname) = &self.fullname
            && let Ok(sent) = self.daemon.unregister(fullname)
        {
            let _ = sent.recv_timeout(STOP_WAIT);
        }
        shut_down(&self.daemon);
    }
}
