//! [`Browser`]: the tables announced on the local network, kept up to date by a thread of its own.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use mdns_sd::{Receiver, RecvTimeoutError, ResolvedService, ServiceDaemon, ServiceEvent};

use super::record::TableList;
use super::{DiscoveredTable, DiscoveryError, Refusal, SERVICE_TYPE, read_record, shut_down};

/// How often the browser's thread looks whether it should stop.
const STOP_POLL: Duration = Duration::from_millis(100);

/// Browsing for tables. Its thread reads the daemon's events into a list of at most
/// [`super::MAX_TABLES`] checked tables; dropping the browser stops that thread and the daemon's.
pub struct Browser {
    daemon: ServiceDaemon,
    tables: Arc<Mutex<TableList>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Starts browsing for tables on every network interface.
pub fn browse() -> Result<Browser, DiscoveryError> {
    let daemon = ServiceDaemon::new()?;
    let events = match daemon.browse(SERVICE_TYPE) {
        Ok(events) => events,
        Err(error) => {
            shut_down(&daemon);
            return Err(error.into());
        }
    };
    let tables = Arc::new(Mutex::new(TableList::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let thread = std::thread::Builder::new()
        .name("briscola-browse".to_string())
        .spawn({
            let (tables, stop) = (tables.clone(), stop.clone());
            move || follow(&events, &tables, &stop)
        });
    match thread {
        Ok(thread) => Ok(Browser {
            daemon,
            tables,
            stop,
            thread: Some(thread),
        }),
        Err(error) => {
            shut_down(&daemon);
            Err(DiscoveryError::Mdns(error.to_string()))
        }
    }
}

impl Browser {
    /// The tables seen now (resolved and not yet gone), by name. Empty once browsing has ended (the
    /// daemon stopped), rather than a list that no longer follows the network.
    pub fn tables(&self) -> Vec<DiscoveredTable> {
        lock(&self.tables).tables()
    }
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("tables", &lock(&self.tables).tables().len())
            .finish_non_exhaustive()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        shut_down(&self.daemon);
        if let Some(thread) = self.thread.take() {
            // The thread looks at `stop` every STOP_POLL and never panics on input.
            let _ = thread.join();
        }
    }
}

/// The browser's thread: applies the daemon's events to the list until told to stop or the events end.
fn follow(events: &Receiver<ServiceEvent>, tables: &Mutex<TableList>, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        match events.recv_timeout(STOP_POLL) {
            Ok(ServiceEvent::ServiceResolved(service)) => {
                // A refused record is not listed; there is nobody to tell.
                let _ = lock(tables).resolved(&service.fullname, read_resolved(&service));
            }
            Ok(ServiceEvent::ServiceRemoved(_, fullname)) => lock(tables).removed(&fullname),
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                lock(tables).clear();
                return;
            }
        }
    }
}

/// One resolved service, through [`read_record`].
fn read_resolved(service: &ResolvedService) -> Result<DiscoveredTable, Refusal> {
    read_record(
        &service.fullname,
        service
            .txt_properties
            .iter()
            .map(|property| (property.key(), property.val())),
        service.addresses.iter().map(|address| address.to_ip_addr()),
        service.port,
    )
}

/// The list, even if a thread panicked holding it (it holds only checked tables).
fn lock(tables: &Mutex<TableList>) -> MutexGuard<'_, TableList> {
    tables.lock().unwrap_or_else(PoisonError::into_inner)
}
